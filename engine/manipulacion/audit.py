"""Rummy Manipulación's invariants, read off a game's state: the simulator and the property tests
call `Manipulacion.audit` after every action. Each problem is a line of plain text."""
from __future__ import annotations

from collections import Counter

from engine.game import GameError
from engine.manipulacion.commit import physical
from engine.manipulacion.melds import arrange, check_group

PLAY = "play"       # the game's one phase in play


def problems(game, full_deck: bool) -> list[str]:
    """What is wrong with `game`."""
    wrong = []
    everywhere = list(game.stock) + list(game.loose)
    for hand in game.hands:
        everywhere += hand
    for g in game.table:
        everywhere += [physical(x) for x in g]
    if full_deck and sorted(everywhere) != game.full_deck():
        have, want = Counter(everywhere), Counter(game.full_deck())
        wrong.append(f"cards: missing {dict(want - have)}, extra {dict(have - want)}")
    for i, g in enumerate(game.table):
        try:
            check_group(g, game.rules.ace, game.rules.max_jokers_per_group)
        except GameError as error:
            wrong.append(f"group {i} invalid: {error.code}")
            continue
        if arrange(g, game.rules.ace) != g:
            wrong.append(f"group {i} out of order")
    totals = [sum(r["points"][s] for r in game.round_results) for s in range(game.players)]
    if totals != game.scores:
        wrong.append(f"scores {game.scores} != sum of rounds {totals}")
    if game.phase == PLAY:
        for s, hand in enumerate(game.hands):
            if not hand:
                wrong.append(f"seat {s} holds no card during play")
    if game.copy is not None:
        cp = game.copy
        inside = Counter(physical(x) for g in cp.groups for x in g) + Counter(cp.hand) \
            + Counter(cp.loose)
        outside = Counter(physical(x) for g in game.table for x in g) \
            + Counter(game.hands[game.turn]) + Counter(game.loose)
        if inside != outside:
            wrong.append("the working copy does not hold the same cards")
    return wrong
