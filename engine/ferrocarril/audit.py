"""Ferrocarril's invariants, read off a game's state: the simulator and the property tests call
`Ferrocarril.audit` after every action. Each problem is a line of plain text."""
from __future__ import annotations

from collections import Counter

from engine.cards import JOKER, SPANISH
from engine.ferrocarril.deal import FULL_DECK
from engine.ferrocarril.melds import GROUP, Meld, arrange_run, check_group
from engine.ferrocarril.rules import BUYS_PER_GAME, CONTRACTS, hand_points
from engine.game import GameError

IN_PLAY = ("draw", "play")      # the game's DRAW and PLAY


def problems(game, full_deck: bool) -> list[str]:
    """What is wrong with `game`. A meld found valid, and rounds found right, are not checked
    again (the game keeps what was checked)."""
    wrong = []
    if full_deck:
        everywhere = game.stock + game.discard
        for hand in game.hands:
            everywhere += hand
        for meld in game.table:
            everywhere += meld.cards
        if sorted(everywhere) != FULL_DECK:
            present, expected = Counter(everywhere), Counter(FULL_DECK)
            wrong.append(f"cards: {sum(present.values())} present; missing "
                            f"{dict(expected - present)}, extra {dict(present - expected)}")
    for meld in game.table:
        # A meld whose cards are exactly those last found valid need not be checked again.
        if meld._audited != meld.cards:
            found = _meld_problems(meld)
            wrong.extend(found)
            meld._audited = None if found else list(meld.cards)
    if game._totals[0] != len(game.round_results):
        columns = zip(*(r["points"] for r in game.round_results), strict=True)
        game._totals = (len(game.round_results),
                        [sum(col) for col in columns] or [0] * game.players)
    totals = game._totals[1]
    if totals != game.scores:
        wrong.append(f"scores {game.scores} != sum of rounds {totals}")
    for result in game.round_results[game._audited_rounds:]:
        closer = result["closer"]
        for s, hand in enumerate(result["hands"]):
            expected_points = (CONTRACTS[result["round"] - 1].prize if s == closer
                               else hand_points(SPANISH.parse_all(hand)))
            if result["points"][s] != expected_points:
                wrong.append(f"round {result['round']} seat {s}: points do not match hand")
    if not wrong:
        game._audited_rounds = len(game.round_results)
    if game.phase in IN_PLAY:
        for s, hand in enumerate(game.hands):
            if not hand:
                wrong.append(f"seat {s} holds no card during play")
    if any(not 0 <= b <= BUYS_PER_GAME for b in game.buys_left):
        wrong.append(f"buys out of range {game.buys_left}")
    return wrong


def _meld_problems(meld: Meld) -> list[str]:
    try:
        if meld.kind == GROUP:
            if check_group(meld.cards) != meld.rank:
                return [f"group {meld.id} has the wrong rank"]
            return []
        arrange_run(meld.cards)
        for i, c in enumerate(meld.cards):
            if c != JOKER and (c.rank != meld.rank_at(i) or c.suit != meld.suit):
                return [f"run {meld.id} out of order"]
        return []
    except GameError as error:
        return [f"meld {meld.id} invalid: {error.code}"]
