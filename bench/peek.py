"""A difícil that sees every hand, for the strength bench only (`scripts/bench strength --peek`).

Its search is the same, but each world it plays out holds the true hidden cards: every hand,
kitty and pile as they are, and the true stock in an order drawn at random (nobody has seen
it). Against normal players it shows how much of the goal the search could reach if it read the
hidden cards perfectly: what is left below that is the search's own (its candidates, playouts
and value) and the luck of the deal, not what it cannot see. Never offered at a table.
"""
from __future__ import annotations

import copy
import random

AS_THEY_ARE = ("hands", "kitties", "pile", "discard")
ORDER_UNSEEN = ("stock", "boneyard")


def peeking(rules, game) -> None:
    """Make `rules` (a difícil's) build its worlds with `game`'s hidden cards, as `game` stands
    whenever a world is asked for."""
    honest = rules.world

    def world(view: dict, rng: random.Random):
        made = honest(view, rng)
        for name in AS_THEY_ARE:
            if hasattr(made, name) and hasattr(game, name):
                setattr(made, name, copy.deepcopy(getattr(game, name)))
        for name in ORDER_UNSEEN:
            if hasattr(made, name) and hasattr(game, name):
                pile = list(getattr(game, name))
                rng.shuffle(pile)
                setattr(made, name, pile)
        return made

    rules.world = world
