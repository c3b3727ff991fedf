"""Canasta Ferroviaria, one test per clause of the rules (docs/rules/canasta.md), named after it."""
from collections import Counter

import pytest

from engine.canasta import Canasta, rules
from engine.canasta.deal import whole_deck
from engine.cards import FRENCH
from tests.engine.canasta_helpers import (
    BLACK,
    FOUR_KINDS,
    RED,
    SEVENS,
    WILD,
    C,
    deal,
    events,
    hand,
    melds,
)
from tests.engine.contract_helpers import refused

# ----- cards and players ------------------------------------------------------------------------


@pytest.mark.parametrize("players,cards", [(2, 212), (3, 318), (6, 636)])
def test_two_packs_and_two_jokers_per_player(players, cards):
    game = Canasta.new(players, seed=1)
    assert len(whole_deck(players)) == cards
    assert Counter(whole_deck(players))[C("*")] == 2 * players
    assert game.audit() == []


def test_two_to_six_players_each_alone():
    assert (Canasta.min_players, Canasta.max_players) == (2, 6)
    for bad in (1, 7):
        with pytest.raises(Exception) as caught:
            Canasta.new(bad)
        assert caught.value.code == "bad_player_count"


def test_the_first_dealer_is_random_and_the_deal_passes_left():
    dealers = {Canasta.new(4, seed=s).dealer for s in range(30)}
    assert len(dealers) > 1
    game = deal(["4h 5h", "4s 5s", "4d 5d"], dealer=1, turn=2)
    game.apply(2, "draw")
    game.apply(2, {"type": "discard", "card": game.view(2)["hand"][0]})
    game.stock.clear()
    game.apply(0, "draw")             # the stock is empty: the round ends
    for s in range(3):
        game.apply(s, "next_round")
    assert game.dealer == 2 and game.turn == 0


def test_thirteen_in_hand_and_eleven_face_down_in_the_kitty():
    game = Canasta.new(3, seed=4)
    for s in range(3):
        laid = len(game.red_threes[s])
        assert len(game.hands[s]) == 13 and len(game.kitties[s]) == 11, laid
        assert game.view(None)["players"][s]["kitty"] == 11


def test_the_rest_is_the_stock_and_its_top_card_starts_the_pile():
    game = Canasta.new(2, seed=5)
    threes = sum(len(t) for t in game.red_threes)
    assert game.view(None)["pile"] == 1 and game.view(None)["pile_top"] is not None
    assert game.view(None)["stock"] == 212 - 2 * 24 - 1 - threes


# ----- ranks and values --------------------------------------------------------------------------


def test_jokers_and_twos_are_wild():
    assert rules.is_wild(C("*")) and rules.is_wild(C("2h")) and not rules.is_wild(C("Ah"))


@pytest.mark.parametrize("card,points", [("*", 50), ("2c", 20), ("Ad", 20), ("Kh", 10),
                                         ("8s", 10), ("7h", 5), ("4c", 5), ("3s", 5)])
def test_card_values(card, points):
    assert rules.value(C(card)) == points


def test_the_seat_view_lists_each_ranks_value_for_the_phones_progress():
    game = deal(["Kh Kd 5s", "4s"])
    values = game.view(0)["card_values"]
    assert values == {"A": 20, "2": 20, "3": 5, "4": 5, "5": 5, "6": 5, "7": 5, "8": 10,
                      "9": 10, "10": 10, "J": 10, "Q": 10, "K": 10, "*": 50}
    assert all(values[FRENCH.format(c).rstrip("shdc") or "*"] == rules.value(c)
               for c in whole_deck(2) if not rules.is_red_three(c))
    assert "card_values" not in game.view(None)


def test_every_view_names_the_wild_ranks_for_the_screens():
    game = deal(["Kh Kd 5s", "4s"])
    for seat in (None, 0, 1):
        assert game.view(seat)["wild_ranks"] == ["2", "*"]
    wild = {FRENCH.format(c).rstrip("shdc") or "*" for c in whole_deck(2) if rules.is_wild(c)}
    assert wild == set(game.view(None)["wild_ranks"])


# ----- melds ------------------------------------------------------------------------------------


def test_a_meld_is_three_to_seven_cards_of_one_rank():
    game = deal(["9h 9d 9s 9c 4h 5h", "4s"], phase="play")
    refused(game, 0, "meld 9h 9d", "meld_too_small")
    refused(game, 0, "meld 9h 9d 4h", "meld_mixed_ranks")
    game = deal(["9h 9d 9s 9c 9h 9d 9s 9c 4h 5h", "4s"], phase="play",
                melds=[[0, "Kh Kd Ks"]])
    refused(game, 0, "meld 9h 9d 9s 9c 9h 9d 9s 9c", "meld_too_big")
    game.apply(0, "meld 9h 9d 9s 9c 9h 9d 9s")
    assert melds(game, 0)[-1] == ["9h", "9d", "9s", "9c", "9h", "9d", "9s"]


def test_at_most_three_wilds_and_at_least_two_naturals():
    game = deal(["9h 9d * * 2h 2c 5h 6h", "4s"], phase="play", melds=[[0, "Kh Kd Ks"]])
    refused(game, 0, "meld 9h * * 2h", "too_few_naturals")
    refused(game, 0, "meld 9h 9d * * 2h 2c", "too_many_wilds")
    game.apply(0, "meld 9h 9d * * 2h")
    assert game.view(None)["melds"][-1]["wilds"] == 3


def test_one_open_meld_per_rank_until_it_is_complete():
    game = deal(["Kh Kd Ks 4h 5h", "4s"], phase="play", melds=[[0, "Kc Kh Kd"]])
    refused(game, 0, "meld Kh Kd Ks", "rank_already_open")
    game = deal(["Kh Kd Ks 4h 5h", "4s"], phase="play", melds=[[0, RED]])
    game.apply(0, "meld Kh Kd Ks")
    assert [m["count"] for m in game.view(None)["melds"]] == [7, 3]


def test_a_seat_is_told_which_of_its_melds_can_still_take_cards():
    game = deal(["Qh Qd 4h 5h", "Jh Jd 4s"], phase="play",
                melds=[[0, "Kc Kh Kd"], [0, RED], [1, "Jc Js Jh"]])
    ids = {(m["owner"], m["count"]): m["id"] for m in game.view(None)["melds"]}
    assert game.view(0)["open_melds"] == [ids[(0, 3)]]        # not the closed canasta
    assert game.view(1)["open_melds"] == [ids[(1, 3)]]        # only its own
    assert "open_melds" not in game.view(None)
    refused(game, 0, f"add #{ids[(0, 7)]} Kh", "meld_complete")


@pytest.mark.parametrize("cards,kind,bonus", [(RED, "red", 500), (BLACK, "black", 300),
                                              (WILD, "wild", 1000), (SEVENS, "sevens", 1500)])
def test_seven_cards_make_a_canasta_of_four_kinds(cards, kind, bonus):
    pieces = [C(c) for c in cards.split()]
    meld = rules.Meld(1, 0, rules.meld_rank(pieces), pieces)
    assert meld.complete and meld.kind == kind and meld.bonus == bonus


def test_the_wild_canasta_holds_more_than_three_wilds():
    game = deal(["* * 2h 2d 2s 2c 2h 5h 6h", "4s"], phase="play", melds=[[0, "Kh Kd Ks"]])
    game.apply(0, "meld * * 2h 2d 2s 2c 2h")
    assert game.view(None)["melds"][-1]["kind"] == "wild"


# ----- threes -----------------------------------------------------------------------------------


def test_a_red_three_drawn_is_laid_at_once_and_worth_100():
    game = deal(["4h 5h 6h", "4s 5s"], "3h 9c Jd")
    game.apply(0, "draw")
    assert game.view(None)["players"][0]["red_threes"] == ["3h"]
    assert hand(game, 0) == sorted(["4h", "5h", "6h", "9c", "Jd"])
    assert game.breakdown(0, None)["red_threes"] == 100


def test_a_red_three_upturned_first_freezes_the_pile():
    game = deal(["4h 5h 6h", "4s 5s"], pile="3d")
    assert game.view(None)["frozen"] is True


def test_black_threes_only_when_going_out_with_no_wilds_and_may_exceed_seven():
    game = deal(["3s 3c 3s 9h 9d", "4s"], phase="play", melds=[[0, RED]])
    refused(game, 0, "meld 3s 3c 3s", "black_threes_only_going_out")
    kinds = [[0, m] for m in FOUR_KINDS]
    game = deal(["3s 3c 3s 3c 3s 3c 3s 3c 9h", "4s"], phase="play", melds=kinds)
    game.apply(0, "meld 3s 3c 3s 3c 3s 3c 3s 3c")
    meld = game.view(None)["melds"][-1]
    assert meld["count"] == 8 and meld["kind"] is None
    game.apply(0, "discard 9h")
    assert game.round_results[-1]["breakdown"][0]["bonuses"] == 500 + 300 + 1000 + 1500


def test_a_discarded_black_three_blocks_the_next_player_only():
    game = deal(["3s 9h 9d", "9s 9c 4h", "9h 9d 5c"], "4c 5c 6c 7c", melds=[[1, RED], [2, RED]])
    game.apply(0, "draw")
    game.apply(0, "discard 3s")
    assert game.view(None)["blocked"] is True
    refused(game, 1, {"type": "take_pile", "cards": ["9s", "9c"]}, "pile_blocked_black_three")
    game.apply(1, "draw")
    game.apply(1, "discard 9c")
    game.apply(2, {"type": "take_pile", "cards": ["9h", "9d"]})
    assert game.view(None)["pile"] == 0


# ----- the initial meld requirement --------------------------------------------------------------


@pytest.mark.parametrize("score,needed", [(-5, 15), (0, 50), (4995, 50), (5000, 90),
                                          (9995, 90), (10000, 120), (14995, 120), (15000, 150),
                                          (30000, 150)])
def test_initial_requirement_by_score(score, needed):
    assert rules.requirement(score) == needed
    game = deal(["4h 5h", "4s 5s"], scores=[score, 0])
    assert game.view(None)["players"][0]["requirement"] == needed


def test_several_melds_may_add_up_to_the_requirement():
    game = deal(["Kh Kd Ks Kc 5h 5d 5s 9c 9d", "4s"], phase="play")
    error = refused(game, 0, "meld 5h 5d 5s", "requirement_not_met")
    assert error.es == "Te faltan 35 puntos para tu primera bajada: necesitas 50."
    game.apply(0, "meld Kh Kd Ks Kc / 5h 5d 5s")
    assert len(melds(game, 0)) == 2


def test_only_the_cards_being_melded_count_not_red_threes_or_earlier_canastas():
    game = deal(["Jh Jd Js 9c 9d", "4s"], phase="play", red_threes=["3h 3d", ""])
    error = refused(game, 0, "meld Jh Jd Js", "requirement_not_met")
    assert "20" in error.en


# ----- the turn --------------------------------------------------------------------------------


def test_play_moves_to_the_left():
    game = deal(["4h 5h 6h", "4s 5s 6s", "4d 5d 6d"], "9c 9d 9h 9s")
    game.apply(0, "draw")
    game.apply(0, "discard 4h")
    assert game.turn == 1


def test_draw_two_or_take_the_pile_then_meld_then_discard_one():
    game = deal(["4h 5h 6h", "4s 5s"], "9c Jd")
    refused(game, 0, "discard 4h", "draw_or_take_first")
    game.apply(0, "draw")
    assert len(game.hands[0]) == 5
    refused(game, 0, "draw", "already_drawn")
    game.apply(0, "discard 4h")
    assert game.turn == 1 and game.view(None)["pile_top"] == "4h"


def test_sevens_may_not_be_discarded_until_every_player_has_a_sevens_canasta():
    game = deal(["7c 5h 6h", "4s 5s"], phase="play", melds=[[0, SEVENS]])
    refused(game, 0, "discard 7c", "sevens_not_free")
    game = deal(["7c 5h 6h", "4s 5s"], phase="play", melds=[[0, SEVENS], [1, SEVENS]])
    game.apply(0, "discard 7c")
    assert game.view(None)["pile_top"] == "7c"


# ----- the discard pile -----------------------------------------------------------------------


def test_a_discarded_wild_freezes_the_pile_until_taken():
    game = deal(["* 5h 6h", "5s 5c 9d"], "9c Jd 4c 4d", pile="5d")
    assert game.view(None)["frozen"] is False
    game.apply(0, "draw")
    game.apply(0, "discard *")
    assert game.view(None)["frozen"] is True


def test_two_matching_naturals_take_the_whole_pile_frozen_or_not():
    game = deal(["4h 6h", "Qs Qc 9d 9c 9s 5h"], pile="* 8h 2c Qh", turn=1)
    assert game.view(None)["frozen"] is True
    refused(game, 1, "take_top", "pile_frozen")
    refused(game, 1, {"type": "take_pile", "cards": ["Qs", "Qc"]}, "requirement_not_met")
    game.apply(1, {"type": "take_pile", "cards": ["Qs", "Qc"], "melds": [["9d", "9c", "9s"]]})
    assert melds(game, 1) == [["Qh", "Qs", "Qc"], ["9d", "9c", "9s"]]
    assert hand(game, 1) == sorted(["5h", "*", "8h", "2c"])
    assert game.view(None)["frozen"] is False


def test_taking_the_pile_melds_the_top_with_the_two_at_once_and_the_rest_goes_to_the_hand():
    game = deal(["As Ac 9d 5c", "4s 5s"], pile="3h 8h 2c Ah")
    game.apply(0, {"type": "take_pile", "cards": ["As", "Ac"]})
    assert melds(game, 0) == [["Ah", "As", "Ac"]]
    assert hand(game, 0) == sorted(["9d", "5c", "8h", "2c"])
    assert game.view(None)["players"][0]["red_threes"] == ["3h"]
    assert game.view(None)["frozen"] is False and game.view(None)["pile"] == 0


def test_taking_the_pile_must_meet_the_initial_requirement():
    game = deal(["9s 9c 5c 6c", "4s 5s"], pile="4h 9h")
    error = refused(game, 0, {"type": "take_pile", "cards": ["9s", "9c"]}, "requirement_not_met")
    assert error.en == "You are 20 points short of your first meld: you need 50."


def test_the_top_card_alone_onto_an_open_meld_of_its_rank_when_not_frozen():
    game = deal(["4h 6h 8c", "4s 5s"], pile="5h Jh", melds=[[0, "Jc Js Jd"]])
    game.apply(0, "take_top")
    assert melds(game, 0) == [["Jc", "Js", "Jd", "Jh"]] and game.view(None)["pile_top"] == "5h"
    game = deal(["4h 6h 8c", "4s 5s"], pile="* Jh", melds=[[0, "Jc Js Jd"]])
    refused(game, 0, "take_top", "pile_frozen")


# ----- the kitty --------------------------------------------------------------------------------


def test_after_a_non_black_canasta_look_at_the_kitty_and_take_it_after_the_discard():
    game = deal(["Kh 9d 5c 6c", "4s 5s"], phase="play", melds=[[0, "Kd Ks Kc Kh Kd Ks"]],
                kitties=["4d 4c 3d 8s", "5d"])
    assert game.view(0)["kitty_cards"] is None
    game.apply(0, "add #1 Kh")
    assert game.view(0)["kitty_cards"] == ["4c", "4d", "8s", "3d"] or \
        sorted(game.view(0)["kitty_cards"]) == sorted(["4d", "4c", "3d", "8s"])
    assert game.view(1)["kitty_cards"] is None
    game.apply(0, "discard 9d")
    assert game.phase == "kitty" and game.turn == 0 and game.actors() == [0]
    assert game.allowed(0) == ["take_kitty", "leave_kitty"] and game.allowed(1) == []
    refused(game, 1, "draw", "not_your_turn")
    refused(game, 0, "draw", "kitty_choice_first")
    game.apply(0, "take_kitty")
    assert hand(game, 0) == sorted(["5c", "6c", "4d", "4c", "8s"])
    assert game.view(None)["players"][0]["kitty_taken"] is True
    assert "3d" in game.view(None)["players"][0]["red_threes"]
    assert game.turn == 1 and game.phase == "draw"
    refused(game, 0, "take_kitty", "not_your_turn")


def test_a_kitty_left_stays_face_down_and_its_owner_may_still_look():
    game = deal(["9d 5c 6c", "4s 5s"], phase="play", kitties=["4d 8s", "5d"], kitty_seen=[0])
    refused(game, 0, "take_kitty", "kitty_after_discard")
    game.apply(0, "discard 9d")
    game.apply(0, "leave_kitty")
    table = game.view(None)["players"][0]
    assert table["kitty_left"] and not table["kitty_taken"] and table["kitty"] == 2
    assert sorted(game.view(0)["kitty_cards"]) == ["4d", "8s"]
    assert game.view(1)["kitty_cards"] is None
    game.apply(1, "draw")
    game.apply(1, "discard 5s")
    game.apply(0, "draw")
    refused(game, 0, "take_kitty", "kitty_already_left")
    game.apply(0, "discard 5c")
    assert game.phase == "draw" and game.turn == 1           # not offered again
    assert game.why_not(0, "take_kitty").code == "not_your_turn"
    assert game.audit() == []


def test_a_black_canasta_does_not_open_the_kitty():
    game = deal(["Qh 9d 5c 6c", "4s 5s"], phase="play", melds=[[0, "Qd Qs Qc 2c * Qh"]],
                kitties=["4d 4c", "5d"])
    game.apply(0, "add #1 Qh")
    assert game.view(0)["kitty_cards"] is None


# ----- going out -------------------------------------------------------------------------------


def test_going_out_needs_a_canasta_of_each_of_the_four_kinds():
    game = deal(["9h 9d 9s 5c", "4s"], phase="play", melds=[[0, RED], [0, BLACK], [0, WILD]])
    error = refused(game, 0, "meld 9h 9d 9s", "cannot_go_out")
    assert "sevens" in error.en
    game = deal(["9h 9d 9s 5c", "4s"], phase="play", melds=[[0, m] for m in FOUR_KINDS])
    game.apply(0, "meld 9h 9d 9s")
    game.apply(0, "discard 5c")
    assert game.round_results[-1]["out"] == 0


def test_going_out_melds_all_but_one_and_the_last_discard_is_not_a_seven():
    game = deal(["9h 9d 9s 7c", "4s"], phase="play",
                melds=[[0, m] for m in FOUR_KINDS] + [[1, SEVENS]])
    refused(game, 0, "meld 9h 9d 9s", "last_discard_seven")


def test_a_play_that_leaves_no_cards_otherwise_is_refused():
    game = deal(["9h 9d 9s 5c", "4s"], phase="play", melds=[[0, RED]])
    refused(game, 0, "meld 9h 9d 9s", "cannot_go_out")
    game = deal(["5c", "4s"], phase="play", melds=[[0, RED]])
    refused(game, 0, "discard 5c", "cannot_go_out")


# ----- the end of the round ------------------------------------------------------------------


def test_the_round_ends_when_a_player_goes_out():
    game = deal(["9h 9d 9s 5c", "4s"], phase="play", melds=[[0, m] for m in FOUR_KINDS])
    game.apply(0, "meld 9h 9d 9s")
    game.apply(0, "discard 5c")
    assert game.phase == "round_over" and game.round_results[-1]["out"] == 0


def test_with_the_stock_empty_play_goes_on_while_the_player_takes_the_discard():
    game = deal(["4h 6h 8c", "Jh 5s 6s"], pile="Jh", melds=[[0, "Jc Js Jd"]])
    game.stock.clear()
    game.apply(0, "take_top")
    game.apply(0, "discard 8c")
    assert game.phase == "draw" and game.turn == 1
    game.apply(1, "draw")            # wants to draw from the empty stock: the round ends
    assert game.phase == "round_over" and game.round_results[-1]["out"] is None
    assert events(game, "stock_out")


def test_a_hand_of_sevens_only_while_someone_lacks_a_sevens_canasta_ends_the_round():
    game = deal(["7h 7d", "4s 5s"], "7c 7s", melds=[[0, RED]])
    game.apply(0, "draw")
    assert game.allowed(0) == ["meld", "no_discard"]
    refused(game, 0, "discard 7h", "sevens_not_free")
    game.apply(0, "meld 7h 7d 7c 7s")
    assert game.phase == "round_over" and game.round_results[-1]["out"] is None


# ----- scoring --------------------------------------------------------------------------------


def test_scoring_going_out_melds_bonuses_red_threes_minus_hand_and_kitty():
    game = deal(["9h 9d 9s 5c", "Ks Ad *"], phase="play", melds=[[0, m] for m in FOUR_KINDS],
                red_threes=["3h", "3d 3h"], kitties=["", "Qs 4d"], kitty_taken=[0])
    game.apply(0, "meld 9h 9d 9s")
    game.apply(0, "discard 5c")
    mine, theirs = game.round_results[-1]["breakdown"]
    cards = sum(rules.points(C(c) for c in m.split()) for m in FOUR_KINDS) + 30
    assert mine == {"going_out": 100, "melds": cards, "bonuses": 3300, "red_threes": 100,
                    "hand": 0, "kitty": 0, "total": 100 + cards + 3300 + 100}
    assert theirs == {"going_out": 0, "melds": 0, "bonuses": 0, "red_threes": 200,
                      "hand": -80, "kitty": -15, "total": 105}
    assert game.scores == [mine["total"], 105]


def test_the_game_ends_at_20000_and_the_highest_total_wins():
    game = deal(["9h 9d 9s 5c", "4s"], phase="play", melds=[[0, m] for m in FOUR_KINDS],
                scores=[17000, 0])
    game.apply(0, "meld 9h 9d 9s")
    game.apply(0, "discard 5c")
    assert game.finished and game.result()["winners"] == [0]


def test_a_tie_at_the_top_plays_more_rounds():
    cards = sum(rules.points(C(c) for c in m.split()) for m in FOUR_KINDS) + 30
    gained = 100 + cards + 3300
    game = deal(["9h 9d 9s 5c", "4s"], phase="play", melds=[[0, m] for m in FOUR_KINDS],
                scores=[20000, 20000 + gained + 5])
    game.apply(0, "meld 9h 9d 9s")
    game.apply(0, "discard 5c")
    assert game.scores[0] == game.scores[1] and not game.finished
    assert game.phase == "round_over"


def test_a_shorter_match_to_5000_is_an_option():
    game = deal(["9h 9d 9s 5c", "4s"], phase="play", melds=[[0, m] for m in FOUR_KINDS],
                options={"target": 5000}, scores=[2000, 0])
    game.apply(0, "meld 9h 9d 9s")
    game.apply(0, "discard 5c")
    assert game.finished and game.view(None)["target"] == 5000
    assert FRENCH.parse("9h")
