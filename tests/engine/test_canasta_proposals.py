"""Canasta Ferroviaria's proposals (engine/canasta/proposals.py): the melds «Bajar» offers, the
melds that take the pile before the first meld, and the ranks each open meld takes, in the view
of the seat in turn only, and every one a play the game accepts."""
from __future__ import annotations

import pytest

from engine.canasta import Canasta
from engine.canasta.bots import make_bot
from tests.engine.canasta_helpers import RED, deal


def sets(groups) -> list[list[str]]:
    return sorted(sorted(g) for g in groups)


def test_bajar_proposes_the_melds_the_hand_holds_to_the_requirement():
    game = deal(["Kh Kd Ks Kc 9h 9d 9s Qc 5c 6d Jh 4h 4d", "4s 5s"], phase="play")
    view = game.view(0)
    assert [sets(p) for p in view["meld_proposals"]] == [
        [["9d", "9h", "9s"], ["Kc", "Kd", "Kh", "Ks"]]]
    game.apply(0, {"type": "meld", "melds": view["meld_proposals"][0]})
    assert game.view(1)["meld_proposals"] == []            # never for a seat not in turn
    assert not {"meld_proposals", "pile_melds", "fits"} & set(game.view(None))   # nor the TV


def test_a_pair_made_up_with_a_wild_card_when_the_naturals_fall_short():
    game = deal(["Kh Kd Ks Qc Qd 7h 7d 5c 6d *", "4s 5s"], phase="play")
    proposals = [sets(p) for p in game.view(0)["meld_proposals"]]
    assert proposals == [[["*", "Qc", "Qd"], ["Kd", "Kh", "Ks"]]]    # 30 alone is short; no 7s


def test_a_proposal_keeps_a_card_to_discard():
    game = deal(["Kh Kd Ks 9h 9d 9s 5c", "4s 5s"], phase="play", melds=[[0, "Ah Ad As"]])
    assert [sets(p) for p in game.view(0)["meld_proposals"]] == [[["Kd", "Kh", "Ks"]]]


def test_no_proposal_below_the_requirement():
    game = deal(["Kh Kd Ks 5c 6d 8h", "4s 5s"], phase="play")
    assert game.view(0)["meld_proposals"] == []


def test_taking_the_pile_proposes_the_melds_for_the_first_meld():
    game = deal(["Qs Qd As Ad Ac 9h 5c 6d", "4s 5s"], pile="4c Qh")
    assert sets(game.view(0)["pile_melds"]) == [["Ac", "Ad", "As"]]
    game = deal(["As Ad 9h 5c 6d", "4s 5s"], pile="4c Ah")
    assert game.view(0)["pile_melds"] == []                 # three aces make 60 alone
    game = deal(["Qs Qd 9h 5c 6d", "4s 5s"], pile="4c Qh")
    assert game.view(0)["pile_melds"] is None                # 30 and nothing to add
    game = deal(["Qs Qd As Ad Ac 9h 9d 9s 5c", "4s 5s"], pile="4c Qh")
    assert sets(game.view(0)["pile_melds"]) == [["Ac", "Ad", "As"]]     # one meld is enough
    game = deal(["Qs Qd 5h 5d 5s 6h 6d 6s 9c", "4s 5s"], pile="4c Qh")
    assert sets(game.view(0)["pile_melds"]) == [["5d", "5h", "5s"], ["6d", "6h", "6s"]]


def test_each_open_meld_says_which_ranks_it_takes():
    game = deal(["Kh 9d 5c 2c 8h", "4s 5s"], phase="play",
                melds=[[0, "Ks Kc Kd"], [0, "9h 9s 9d 2h * 2d"], [0, RED]])
    assert game.view(0)["fits"] == [{"meld": 1, "ranks": ["K", "2"]},
                                     {"meld": 2, "ranks": ["9"]}]     # three wilds already


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_proposal_in_a_bot_game_is_a_play_the_game_accepts(seed):
    game = Canasta.new(3, {"target": 5000}, seed)
    bots = [make_bot("facil", s, seed) for s in range(3)]
    for _ in range(400):
        if game.phase not in ("draw", "play", "kitty"):
            break
        seat = game.turn
        view = game.view(seat)
        for melds in view["meld_proposals"]:
            game.check(seat, {"type": "meld", "melds": melds})
        if view["pile_melds"] is not None:
            top = view["pile_top"][:-1]
            pair = [c for c in view["hand"] if c[:-1] == top][:2]
            game.check(seat, {"type": "take_pile", "cards": pair,
                              **({"melds": view["pile_melds"]} if view["pile_melds"] else {})})
        for fit in view["fits"]:
            for rank in fit["ranks"]:
                card = next(c for c in view["hand"] if (c[:-1] or "*") == rank
                            or (rank == "*" and c == "*"))
                game.check(seat, {"type": "add", "meld": fit["meld"], "cards": [card]})
        game.apply(seat, bots[seat].choose(view))
