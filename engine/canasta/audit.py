"""Canasta Ferroviaria's invariants, read off a game's state: the simulator and the property
tests call `Canasta.audit` after every action. Each problem is a line of plain text."""
from __future__ import annotations

from collections import Counter

from engine.canasta import rules
from engine.canasta.deal import whole_deck
from engine.canasta.rules import IN_PLAY
from engine.game import GAME_OVER, ROUND_OVER, GameError


def problems(game, full_deck: bool, audited_rounds: int) -> list[str]:
    """What is wrong with `game` (rounds before `audited_rounds` were found right already)."""
    found = _cards(game) if full_deck else []
    found += _melds(game) + _seats(game) + _scores(game, audited_rounds)
    return found


def _cards(game) -> list[str]:
    everywhere = [c for zone in (*game.hands, *game.kitties, *game.red_threes)
                  for c in zone] + game.stock + game.pile
    everywhere += [c for m in game.melds for c in m.cards]
    present, expected = Counter(everywhere), Counter(whole_deck(game.players))
    if present == expected:
        return []
    return [f"cards: {len(everywhere)} present; missing "
            f"{sorted(expected - present)}, extra {sorted(present - expected)}"]


def _melds(game) -> list[str]:
    found = []
    open_ranks = Counter((m.owner, m.rank) for m in game.melds if not m.complete)
    for (owner, rank), count in open_ranks.items():
        if count > 1:
            found.append(f"seat {owner} has {count} open melds of {rules.rank_text(rank)}")
    for m in game.melds:
        try:
            rules.check_meld_cards(m.rank, m.cards)
        except GameError as error:
            found.append(f"meld {m.id}: {error.code}")
        if m.rank == rules.THREE and not _went_out_now(game, m.owner):
            found.append(f"meld {m.id}: black 3s melded without going out")
    return found


def _seats(game) -> list[str]:
    found = []
    for s, hand in enumerate(game.hands):
        if any(rules.is_red_three(c) for c in hand):
            found.append(f"seat {s} holds a red 3")
        if game.kitty_taken[s] and game.kitties[s]:
            found.append(f"seat {s} took its kitty but it is not empty")
        if game.kitty_left[s] and (game.kitty_taken[s] or not game.kitty_seen[s]):
            found.append(f"seat {s} left a kitty it took or could not see")
        if game.phase in IN_PLAY and not hand and s != game.turn:
            found.append(f"seat {s} holds no card during play")
    if game.phase == "kitty" and not (game.kitty_seen[game.turn] and game.kitties[game.turn]
                                      and not game.kitty_left[game.turn]):
        found.append(f"seat {game.turn} chooses a kitty it may not take")
    return found


def _scores(game, audited_rounds: int) -> list[str]:
    found = []
    totals = list(game.first_scores)
    for result in game.round_results:
        totals = [t + p for t, p in zip(totals, result["points"], strict=True)]
    if totals != game.scores:
        found.append(f"scores {game.scores} != the sum of the rounds {totals}")
    for result in game.round_results[audited_rounds:]:
        for s, part in enumerate(result["breakdown"]):
            if part["total"] != sum(v for k, v in part.items() if k != "total") \
                    or part["total"] != result["points"][s]:
                found.append(f"round {result['round']} seat {s}: breakdown != points")
        if result["out"] is not None and result["hands"][result["out"]]:
            found.append(f"round {result['round']}: the player who went out kept cards")
    return found


def _went_out_now(game, seat: int) -> bool:
    """Black 3s are on the table only in the turn their owner goes out: their last card is
    still to be discarded, or the round has ended with them out."""
    if game.phase in (ROUND_OVER, GAME_OVER):
        return bool(game.round_results) and game.round_results[-1]["out"] == seat
    return seat == game.turn and game.phase == "play" and len(game.hands[seat]) == 1
