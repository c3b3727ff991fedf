"""One test per clause of Carrusel's rules (draws, knocks, scores), each named after it.

Cards are French-notation text; `from_deal` defaults: the dealer is the last seat and seat 0 is
in turn; the stock is listed from its top. The solver is replaced by a stub that finds no play
(see `manipulacion_helpers`), so drawing is never interrupted by a reminder unless a test says so.
"""

import pytest

from engine.manipulacion.game import Manipulacion
from tests.engine.manipulacion_helpers import apply_all, deal, hand, refused, table
from tests.engine.manipulacion_rules_helpers import lay

pytestmark = pytest.mark.usefixtures("solver_stub")

# ----- Carrusel ------------------------------------------------------------------------------

def test_carrusel_ten_cards_each():
    for players in (2, 4):
        game = Manipulacion.new(players, {"ruleset": "carrusel"}, seed=8)
        assert all(len(h) == 10 for h in game.hands)


def test_carrusel_always_draw_first():
    game = deal(["8h 9d", "3c 3d"], "Kc Ks Qd", table=["5h 6h 7h"], ruleset="carrusel")
    assert game.allowed(0) == ["draw"]
    refused(game, 0, "move 8h hand #0", "must_draw_first")
    refused(game, 0, "set_table 5h 6h 7h 8h", "must_draw_first")
    refused(game, 0, "pass", "stock_not_empty")
    game.apply(0, "draw")
    assert game.turn == 0 and game.draws == 1
    game.apply(0, "set_table 5h 6h 7h 8h")
    assert game.turn == 1


def test_carrusel_after_a_draw_play_or_draw_a_second_then_a_third_that_ends_the_turn():
    game = deal(["8d 9d", "3c 3d"], "Kc Ks Qd Jd", ruleset="carrusel")
    game.apply(0, "draw")
    game.apply(0, "draw")
    assert game.turn == 0 and game.draws == 2 and "done" not in game.allowed(0)
    game.apply(0, "draw")
    assert game.turn == 1 and hand(game, 0) == ["8d", "9d", "Kc", "Ks", "Qd"]
    assert game.draws == 0


def test_carrusel_a_play_after_the_second_draw_ends_the_turn():
    game = deal(["8h 9d Kd", "3c 3d"], "Kc Ks Qd", table=["5h 6h 7h"], ruleset="carrusel")
    game.apply(0, "draw")
    game.apply(0, "draw")
    game.apply(0, "set_table 5h 6h 7h 8h")
    assert game.turn == 1 and len(game.hands[0]) == 4


def test_carrusel_card_points_joker_25_figures_10_ace_1_others_face_value():
    game = deal(["2c", "* Kd Qs Jh Ac 10c 7d"], "Kh Ks", table=["3c 4c 5c"],
                ruleset="carrusel", draws=1)
    game.apply(0, "set_table 2c 3c 4c 5c")        # seat 0 goes out
    last = game.view(None)["last_round"]
    assert last["hand_points"] == [0, 25 + 10 + 10 + 10 + 1 + 10 + 7]


def test_carrusel_knock_with_five_points_or_less_after_one_or_two_draws():
    game = deal(["2c 3d", "Kc Kd", "9c 9d"], "Ah Ks 9h", ruleset="carrusel")
    game.apply(0, "draw")                         # 2 + 3 + 1 = 6: no knock yet
    assert "close" not in game.allowed(0)
    refused(game, 0, "close", "too_many_points")
    game.apply(0, "draw")                         # Ks: 16
    game.apply(0, "draw")
    low = deal(["2c 2d", "Kc Kd", "9c 9d"], "Ah Ks", ruleset="carrusel")
    low.apply(0, "draw")                          # 2 + 2 + 1 = 5
    assert "close" in low.allowed(0) and "draw" not in low.allowed(0)
    refused(low, 0, "draw", "draw_is_close")
    low.apply(0, "close")
    last = low.view(None)["last_round"]
    assert low.phase == "round_over" and last["closer"] == 0 and last["winners"] == [0]


def test_carrusel_knock_plays_your_combination_and_ends_the_round_at_once():
    game = deal(["8h 9h 10h 2c 2d Kc", "Kd Ks", "9c 9d"], "Ah", ruleset="carrusel",
                draws=1)
    lay(game, 0, "8h 9h 10h")
    game.apply(0, "move Kc hand #0")
    refused(game, 0, "done", "invalid_group")
    game.apply(0, "move Kc #0 hand")
    assert "close" not in game.allowed(0)           # 2 + 2 + 10 = 14
    refused(game, 0, "close", "too_many_points")
    game2 = deal(["8h 9h 10h 2c 2d", "Kd Ks", "9c 9d"], "Ah", ruleset="carrusel", draws=1)
    lay(game2, 0, "8h 9h 10h")
    assert "close" in game2.allowed(0)
    game2.apply(0, "close")
    assert table(game2) == [["8h", "9h", "10h"]]
    last = game2.view(None)["last_round"]
    assert last["closer"] == 0 and last["hand_points"] == [4, 20, 18]
    assert last["points"] == [(20 - 4) + (18 - 4), 0, 0]


def test_carrusel_round_winner_scores_the_sum_of_the_differences():
    game = deal(["2c 2d", "Kc Kd", "9c 9d"], "Ah", ruleset="carrusel", draws=1)
    game.apply(0, "close")
    assert game.view(None)["last_round"]["points"] == [(20 - 4) + (18 - 4), 0, 0]
    assert game.scores == [30, 0, 0] and game.rounds_won == [1, 0, 0]


def test_carrusel_counter_knock_a_lower_hand_wins_and_scores_10_more():
    game = deal(["2c 3d", "Ac 2h", "9c 9d"], "Ah", ruleset="carrusel", draws=1)
    game.apply(0, "close")                        # 5 against 3 and 18
    last = game.view(None)["last_round"]
    assert last["winners"] == [1]
    assert last["points"] == [0, (5 - 3) + (18 - 3) + 10, 0]
    assert game.rounds_won == [0, 1, 0]


def test_carrusel_counter_knock_a_tie_with_the_knocker_goes_to_the_other_player():
    game = deal(["2c 3d", "4c Ad", "9c 9d"], "Ah", ruleset="carrusel", draws=1)
    game.apply(0, "close")                        # 5 against 5 and 18
    last = game.view(None)["last_round"]
    assert last["winners"] == [1]
    assert last["points"] == [0, 0 + 13 + 10, 0]


def test_carrusel_counter_knock_two_tied_players_who_did_not_knock_both_win():
    game = deal(["2c 3d", "Ac 2h", "Ad 2s", "9c 9d"], "Ah", ruleset="carrusel", draws=1)
    game.apply(0, "close")                        # 5 against 3, 3 and 18
    last = game.view(None)["last_round"]
    assert last["winners"] == [1, 2]
    assert last["points"] == [0, 2 + 0 + 15 + 10, 2 + 0 + 15 + 10, 0]
    assert game.rounds_won == [0, 1, 1, 0]


def test_carrusel_emptying_the_hand_scores_every_point_left_plus_25():
    game = deal(["8h", "Kc 2d", "9c *"], "Ah", table=["5h 6h 7h"], ruleset="carrusel",
                draws=1)
    game.apply(0, "set_table 5h 6h 7h 8h")
    last = game.view(None)["last_round"]
    assert last["out"] == 0 and last["points"] == [12 + 34 + 25, 0, 0]


def test_carrusel_last_card_drawn_gives_everyone_one_more_turn_ending_with_the_drawer():
    game = deal(["Kc Kd", "Qc Qd", "Jc Jd"], "9h", ruleset="carrusel")
    game.apply(0, "draw")                         # the last card
    assert game.view(None)["stock"] == 0
    assert "pass" in game.allowed(0) and "draw" not in game.allowed(0)
    game.apply(0, "pass")
    assert game.final_turns == 3 and game.turn == 1
    assert game.allowed(1)[-1] == "pass" and "draw" not in game.allowed(1)
    refused(game, 1, "draw", "stock_empty")
    game.apply(1, "pass")
    game.apply(2, "pass")
    assert game.turn == 0 and game.phase == "play"
    game.apply(0, "pass")
    last = game.view(None)["last_round"]
    assert game.phase == "round_over" and last["final_turns"]
    assert last["hand_points"] == [29, 20, 20]
    assert last["winners"] == [1, 2]              # a tie: both win
    assert last["points"] == [0, 9, 9]


def test_carrusel_nobody_knocks_in_the_final_turns():
    game = deal(["Kc Kd", "2c 2d", "Jc Jd"], "9h", ruleset="carrusel")
    game.apply(0, "draw")
    game.apply(0, "pass")
    assert "close" not in game.allowed(1)
    refused(game, 1, "close", "no_close_final_turns")


def test_carrusel_the_player_who_draws_the_last_card_may_still_knock():
    game = deal(["2c 2d", "Kc Kd"], "Ah", ruleset="carrusel")
    game.apply(0, "draw")
    assert game.view(None)["stock"] == 0 and "close" in game.allowed(0)
    game.apply(0, "close")
    assert game.view(None)["last_round"]["closer"] == 0


def test_carrusel_last_card_drawn_third_ends_the_turn_and_the_final_turns_begin():
    game = deal(["Kc Kd", "Qc Qd"], "9h 9s 9d", ruleset="carrusel")
    apply_all(game, 0, ["draw", "draw", "draw"])
    assert game.turn == 1 and game.final_turns == 2


def test_carrusel_game_to_150_plus_100_and_25_per_round_won_highest_total_wins():
    game = deal(["2c 2d", "Kc Kd", "9c 9d"], "Ah", ruleset="carrusel", draws=1,
                scores=[130, 140, 20], rounds_won=[1, 4, 0])
    game.apply(0, "close")                        # seat 0 scores 30: 160
    assert game.phase == "game_over"
    result = game.result()
    assert result["points"] == [160, 140, 20]
    assert result["rounds_won"] == [2, 4, 0]
    assert result["scores"] == [160 + 100 + 50, 140 + 100, 20]
    assert result["winners"] == [0] and not result["tie"]
    assert result["ranking"] == [0, 1, 2]


def test_carrusel_game_tie_for_the_highest_total_is_a_drawn_game():
    game = deal(["2c 2d", "Kc Kd", "9c 9d"], "Ah", ruleset="carrusel", draws=1,
                scores=[130, 185, 20], rounds_won=[1, 1, 0])
    game.apply(0, "close")                        # 160 + 100 + 50 = 310; 185 + 100 + 25 = 310
    result = game.result()
    assert result["scores"][:2] == [310, 310] and result["winners"] == [0, 1] and result["tie"]


def test_carrusel_below_150_another_round():
    game = deal(["2c 2d", "Kc Kd", "9c 9d"], "Ah", ruleset="carrusel", draws=1,
                scores=[0, 100, 0])
    game.apply(0, "close")
    assert game.phase == "round_over" and game.result() is None
