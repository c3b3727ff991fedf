"""One test per clause of Vaticano's and Tahití's rules, each named after it.

Cards are French-notation text; `from_deal` defaults: the dealer is the last seat and seat 0 is
in turn; the stock is listed from its top. The solver is replaced by a stub that finds no play
(see `manipulacion_helpers`), so drawing is never interrupted by a reminder unless a test says so.
"""

import pytest

from tests.engine.manipulacion_helpers import apply_all, deal, hand, refused, table, texts

pytestmark = pytest.mark.usefixtures("solver_stub")

# ----- Vaticano ------------------------------------------------------------------------------

def test_vaticano_first_play_is_a_three_card_run_of_one_suit_from_the_hand():
    game = deal(["7s 7h 7d 5c 6c 7c 2d", "3c 3d"], "Kd Ks", ruleset="vaticano")
    error = refused(game, 0, "set_table 7s 7h 7d", "opening_run_needed")
    assert "escalera" in error.es and "run" in error.en
    game.apply(0, "set_table 5c 6c 7c")
    assert game.opened == [True, False] and game.view(None)["players"][0]["opened"]
    game.apply(1, "draw")
    game.apply(0, "set_table 5c 6c 7c / 7s 7h 7d")   # later plays are free
    assert hand(game, 0) == ["2d"]


def test_vaticano_a_joker_cannot_be_one_of_the_first_three():
    game = deal(["5c * 7c 2d", "3c 3d"], "Kd", ruleset="vaticano")
    refused(game, 0, "set_table 5c * 7c", "opening_run_needed")
    refused(game, 0, "set_table 5c *6c 7c", "opening_run_needed")


def test_vaticano_a_run_built_with_table_cards_is_not_the_first_play():
    game = deal(["5c 6c 2d", "3c 3d"], "Kd", table=["7c 8c 9c"], ruleset="vaticano")
    refused(game, 0, "set_table 5c 6c 7c 8c 9c", "opening_run_needed")


def test_vaticano_after_the_first_run_the_same_turn_may_add_and_rearrange():
    game = deal(["5c 6c 7c 8h 2d", "3c 3d"], "Kd", table=["5h 6h 7h"], ruleset="vaticano")
    game.apply(0, "set_table 5c 6c 7c / 5h 6h 7h 8h")
    assert table(game) == [["5c", "6c", "7c"], ["5h", "6h", "7h", "8h"]]


def test_vaticano_joker_cannot_move_to_another_group_until_its_real_card_is_on_the_table():
    game = deal(["10h 2c", "3c"], table=["*6h 7h 8h 9h", "6s 6d 6c"], ruleset="vaticano",
                opened=[0])
    refused(game, 0, "move *6h #0 #1", "joker_stays")
    error = refused(game, 0, "set_table 7h 8h 9h 10h / 6s 6d 6c *6h", "joker_stays")
    assert "del 6 de corazones" in error.es and "the 6 of hearts" in error.en
    carrusel = deal(["10h 2c", "3c"], table=["*6h 7h 8h 9h", "6s 6d 6c"], ruleset="carrusel",
                    draws=1)
    carrusel.apply(0, "set_table 7h 8h 9h 10h / 6s 6d 6c *6h")   # Carrusel: as the same card
    assert table(carrusel)[1] == ["6s", "*6h", "6d", "6c"]


def test_vaticano_joker_stays_put_while_its_group_grows_or_is_split_beside_a_neighbour():
    game = deal(["3h 9h 2c", "3c"], table=["4h 5h *6h 7h 8h"], ruleset="vaticano", opened=[0])
    apply_all(game, 0, ["move 3h hand #0",          # 3h 4h 5h *6h 7h 8h
                        "split #0 3",               # 3h 4h 5h | *6h 7h 8h: 7h still beside it
                        "move 9h hand #1"])
    game.apply(0, "done")
    assert table(game) == [["3h", "4h", "5h"], ["*6h", "7h", "8h", "9h"]]


def test_vaticano_a_split_that_leaves_the_joker_without_a_neighbour_is_refused():
    game = deal(["6s 6d 2h", "3c"], table=["3h 4h 5h *6h 7h 8h 9h"], ruleset="vaticano",
                opened=[0])
    refused(game, 0, "set_table 3h 4h 5h / 7h 8h 9h / *6h 6s 6d", "joker_stays")
    game.apply(0, "set_table 2h 3h 4h 5h *6h / 7h 8h 9h")
    assert table(game) == [["2h", "3h", "4h", "5h", "*6h"], ["7h", "8h", "9h"]]


def test_vaticano_joker_moves_and_is_renamed_once_its_real_card_is_on_the_table():
    game = deal(["6h Qs Ks 2c", "3c"], table=["5h *6h 7h"], ruleset="vaticano", opened=[0])
    apply_all(game, 0, ["move 6h hand #0", "move *6h #0 new", "move Qs hand #1",
                        "move Ks hand #1", "name #1 * Js", "done"])
    assert table(game) == [["5h", "6h", "7h"], ["*Js", "Qs", "Ks"]]


def test_vaticano_single_round_without_score_won_by_emptying_the_hand():
    game = deal(["8h", "Ac Kd Qs", "3c 4c"], table=["5h 6h 7h"], ruleset="vaticano",
                opened=[0])
    game.apply(0, "set_table 5h 6h 7h 8h")
    result = game.result()
    assert game.phase == "game_over" and result["winners"] == [0] and not result["tie"]


@pytest.mark.parametrize("ruleset", ["maquiavelo", "vaticano"])
def test_blocked_single_round_won_by_the_fewest_cards_a_tie_is_a_drawn_game(ruleset):
    game = deal(["8h 2c", "Kc", "3c 4c 5d"], "", ruleset=ruleset)
    for seat in (0, 1, 2):
        game.apply(seat, "pass")
    assert game.result()["winners"] == [1] and not game.result()["tie"]
    tied = deal(["8h 2c", "Kc 2d", "3c 4c 5d"], "", ruleset=ruleset)
    for seat in (0, 1, 2):
        tied.apply(seat, "pass")
    assert tied.result()["winners"] == [0, 1] and tied.result()["tie"]


# ----- Tahití --------------------------------------------------------------------------------

def test_tahiti_loose_cards_may_be_used_in_combinations():
    game = deal(["7h 8h 3c", "3d"], loose="9h 2s Kd 5c", ruleset="tahiti")
    apply_all(game, 0, ["move 7h hand new", "move 8h hand #0", "move 9h loose #0", "done"])
    assert table(game) == [["7h", "8h", "9h"]]
    assert texts(game.loose) == ["2s", "Kd", "5c"]
    assert game.view(None)["loose"] == ["2s", "Kd", "5c"]


def test_tahiti_loose_cards_need_not_be_used_and_stay_single_until_used():
    game = deal(["7h 8h 9h 3c", "3d"], loose="9s 2s Kd 5c", ruleset="tahiti")
    game.apply(0, "set_table 7h 8h 9h")
    assert texts(game.loose) == ["9s", "2s", "Kd", "5c"]


def test_tahiti_a_loose_card_never_goes_to_a_hand_and_is_no_card_from_the_hand():
    game = deal(["7h 8h 3c", "3d"], loose="9h 10h Kd 5c", ruleset="tahiti")
    refused(game, 0, "move 9h loose hand", "never_to_hand")
    apply_all(game, 0, ["move 9h loose new", "move 10h loose #0"])
    refused(game, 0, "move 9h #0 hand", "never_to_hand")
    game.apply(0, "move 9h #0 loose")               # it may go back where it was
    refused(game, 0, "move 3c hand loose", "not_loose")
    refused(game, 0, "set_table 7h 8h 9h 10h |", "table_card_missing")   # Kd 5c gone
    game.apply(0, "set_table 8h 9h 10h | Kd 5c")       # 9h 10h from the loose cards
    assert hand(game, 0) == ["3c", "7h"] and texts(game.loose) == ["Kd", "5c"]


def test_tahiti_a_play_of_loose_cards_alone_needs_a_card_from_the_hand():
    game = deal(["2c 3c", "3d"], loose="9h 10h Jh 5c", ruleset="tahiti")
    refused(game, 0, "set_table 9h 10h Jh | 5c", "must_add_from_hand")


def test_tahiti_one_joker_per_group():
    game = deal(["5h 7h * * 2c", "3d"], loose="9s 2s Kd 5c", ruleset="tahiti")
    error = refused(game, 0, "set_table 5h *6h *7h", "too_many_jokers")
    assert "un comodín" in error.es and "one joker" in error.en
    game.apply(0, "set_table 5h *6h 7h")
    assert table(game) == [["5h", "*6h", "7h"]] and hand(game, 0) == ["*", "2c"]


def test_tahiti_a_group_with_a_joker_cannot_be_rearranged():
    game = deal(["4h 2c", "3d"], table=["5h *6h 7h", "8h 9h 10h"], loose="8s 2s Kd 5c",
                ruleset="tahiti")
    refused(game, 0, "move 7h #0 #1", "group_frozen")
    refused(game, 0, "move *6h #0 new", "group_frozen")
    refused(game, 0, "split #0 1", "group_frozen")
    refused(game, 0, "join #1 #0", "group_frozen")
    refused(game, 0, "join #0 #1", "group_frozen")
    refused(game, 0, "set_table 4h 5h *6h / 7h 8h 9h 10h", "group_frozen")


def test_tahiti_a_group_with_a_joker_takes_cards_only_from_the_hand():
    game = deal(["4h 2c", "3d"], table=["5h *6h 7h", "8h 9h 10h Jh"], loose="8s 2s Kd 5c",
                ruleset="tahiti")
    refused(game, 0, "set_table 4h 5h *6h 7h 8h / 9h 10h Jh", "group_frozen")
    game.apply(0, "move 4h hand #0")
    game.apply(0, "done")
    assert table(game) == [["4h", "5h", "*6h", "7h"], ["8h", "9h", "10h", "Jh"]]


def test_tahiti_joker_freed_by_its_real_card_from_the_hand_then_renamed_in_a_group():
    game = deal(["6h 2c", "3d"], table=["5h *6h 7h", "Ks Kd Kc"], loose="8s 2s Qd 5c",
                ruleset="tahiti")
    refused(game, 0, "name #0 *6h Kh", "joker_free_in_its_group")
    apply_all(game, 0, ["move 6h hand #0",          # the real card, from the hand
                        "move *6h #0 #1",           # the group may now be rearranged
                        "name #1 * Kh"])
    game.apply(0, "done")
    assert table(game) == [["5h", "6h", "7h"], ["Ks", "*Kh", "Kd", "Kc"]]


def test_tahiti_joker_never_freed_by_a_card_already_on_the_table():
    game = deal(["Qs Ks 2c", "3d"], table=["5h *6h 7h", "6h 6s 6d 6c"], loose="8s 2s Qd 5c",
                ruleset="tahiti")
    refused(game, 0, "move 6h #1 #0", "group_frozen")
    refused(game, 0, "set_table 5h 6h 7h / 6s 6d 6c / *Js Qs Ks", "group_frozen")


def test_tahiti_joker_freed_only_by_its_real_card_put_into_its_own_group():
    # Issue 11's reproduction: 7h went to the sevens, not into the joker's run.
    game = deal(["7h 4h", "Qd 9s"], "8c", table=["5h 6h *7h", "7s 7d 7c"], ruleset="tahiti")
    error = refused(game, 0, "set_table *3h 4h 5h 6h / 7h 7s 7d 7c", "joker_free_in_its_group")
    assert error.es == ("Para liberar el comodín que hace del 7 de corazones, pon el 7 de "
                        "corazones desde tu mano en su mismo grupo, junto a una carta que tenía "
                        "al lado.")
    assert "7 of hearts from your hand into its own group" in error.en
    # Step by step on the phone the same table is reached, and Listo refuses it the same way.
    apply_all(game, 0, ["move 7h hand #0",          # 5h 6h *7h 7h: the group is freed
                        "move *7h #0 new", "name #2 * 3h", "move 4h hand #2",
                        "move 5h #0 #2", "move 6h #0 #2",
                        "move 7h #0 #1"])           # ... and the freeing card walks off
    assert [g["cards"] for g in game.view(0)["copy"]["table"]] == [
        ["7s", "7h", "7d", "7c"], ["*3h", "4h", "5h", "6h"]]
    assert refused(game, 0, "done", "joker_free_in_its_group").es == error.es
    game.apply(0, "undo")
    game.apply(0, "set_table *3h 4h 5h 6h 7h / 7s 7d 7c")    # 7h where the joker stood
    assert table(game) == [["*3h", "4h", "5h", "6h", "7h"], ["7s", "7d", "7c"]]


def test_tahiti_freed_joker_moved_on_under_its_old_card_refused_for_that_reason():
    game = deal(["7h 2c", "Qd 9s"], "8c", table=["5h 6h *7h", "7s 7d 7c"], ruleset="tahiti")
    error = refused(game, 0, "set_table 5h 6h 7h / 7s 7d 7c *7h", "joker_needs_new_card")
    assert "Un grupo con comodín" not in error.es                  # not group_frozen's text
    assert "del 7 de corazones" in error.es and "the 7 of hearts" in error.en
    # On the phone: the freed joker leaves its place unnamed; among the sevens only 7h fits.
    apply_all(game, 0, ["move 7h hand #0", "move *7h #0 #1"])
    assert refused(game, 0, "done", "joker_needs_new_card").es == error.es
    game.apply(0, "move * #1 #0")                  # back with the run: 4h or 8h, asked
    error = refused(game, 0, "done", "joker_needs_name")
    assert error.data["groups"][0]["options"] == [["4h"], ["8h"]]
    game.apply(0, "name #0 * 8h")
    game.apply(0, "done")
    assert table(game) == [["5h", "6h", "7h", "*8h"], ["7s", "7d", "7c"]]


@pytest.mark.parametrize("join", ["join #0 #1", "join #1 #0"])
def test_tahiti_a_frozen_group_joins_a_group_of_hand_cards_either_way_round(join):
    game = deal(["8h 9h 2c", "3d"], table=["5h 6h *7h"], loose="8s 2s Kd 5c", ruleset="tahiti")
    apply_all(game, 0, ["move 8h hand new", "move 9h hand #1", join])
    assert [g["cards"] for g in game.view(0)["copy"]["table"]] == [["5h", "6h", "*7h", "8h", "9h"]]
    refused(game, 0, "move 5h #0 new", "group_frozen")      # still frozen after the join
    game.apply(0, "done")
    assert table(game) == [["5h", "6h", "*7h", "8h", "9h"]] and hand(game, 0) == ["2c"]
    # A group holding a card from the table is refused on either side.
    other = deal(["2c", "3d"], table=["5h 6h *7h", "8h 9h 10h"], loose="8s 2s Kd 5c",
                 ruleset="tahiti")
    refused(other, 0, join, "group_frozen")


def test_tahiti_single_round_penalty_joker_30_ace_11_figures_10_others_face_value():
    game = deal(["8h", "* Ac Kd Qs Jh 10c 7d", "3c"], table=["5h 6h 7h"],
                loose="9s 2s Kd 5c", ruleset="tahiti")
    game.apply(0, "set_table 5h 6h 7h 8h")
    result = game.result()
    assert result["scores"] == [0, 30 + 11 + 10 + 10 + 10 + 10 + 7, 3]
    assert result["winners"] == [0] and game.phase == "game_over"


def test_tahiti_blocked_round_won_by_the_fewest_points_a_tie_is_a_drawn_game():
    game = deal(["Kc 2c", "Ac", "3c 4c 5d"], "", loose="9s 2s Kd 5c", ruleset="tahiti")
    for seat in (0, 1, 2):
        game.apply(seat, "pass")
    assert game.result()["scores"] == [12, 11, 12]
    assert game.result()["winners"] == [1] and not game.result()["tie"]
    tied = deal(["Kc 2c", "Qc 2d", "3c 4c 5d"], "", loose="9s 2s Kd 5c", ruleset="tahiti")
    for seat in (0, 1, 2):
        tied.apply(seat, "pass")
    assert tied.result()["winners"] == [0, 1, 2] and tied.result()["tie"]
