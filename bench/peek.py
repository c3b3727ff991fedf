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
from collections import Counter

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


def knowing(rules, game, place: str) -> None:
    """Make `rules` (an honest difícil's) build its worlds with one of `game`'s hidden places as
    it is (`place`: Ferrocarril's "discard", Canasta's "pile"), the rest dealt as before: each
    true card of that place is swapped with a card the world put there in its stead, from
    wherever the world had put the true one (another hand, a kitty, the stock), so that every
    card is still there once. How much reading that place alone could be worth
    (`scripts/bench reading --honest-knows discard`)."""
    honest = rules.world

    def world(view: dict, rng: random.Random):
        made = honest(view, rng)
        true = list(getattr(game, place))
        spare = list((Counter(getattr(made, place)) - Counter(true)).elements())
        missing = (Counter(true) - Counter(getattr(made, place))).elements()
        holders = [h for s, h in enumerate(made.hands) if s != rules.seat]
        holders += [*getattr(made, "kitties", ()), made.stock]      # Canasta's face down too
        for card in missing:
            holder = next(h for h in holders if card in h)
            holder[holder.index(card)] = spare.pop()
        setattr(made, place, true)
        return made

    rules.world = world
