"""One test per entry of "## Interpretations" in docs/rules/manipulacion.md, named after it.

Each test pins down how the engine reads a point that the rule text leaves open. `from_deal`
defaults: the dealer is the last seat and seat 0 is in turn; the stock is listed from its top.
"""
import random

import pytest

from engine.cards import deck
from engine.game import IllegalAction
from engine.manipulacion.game import Manipulacion
from engine.manipulacion.options import DEFAULTS
from tests.engine.manipulacion_helpers import (
    Hint,
    apply_all,
    cards,
    deal,
    hand,
    refused,
    table,
    texts,
)

pytestmark = pytest.mark.usefixtures("solver_stub")


class IdentityShuffle(random.Random):
    def shuffle(self, x):
        return None


# 1
def test_interpretation_defaults():
    game = Manipulacion.new(3, None, seed=1)
    assert game.rules.name == "manipulacion"
    assert game.options == {"ruleset": "manipulacion", "mandatory_play": "remind",
                            "target": 200, "unfinished": "undo"}
    info = {o["name"]: o for o in Manipulacion.catalogue()["options"]}
    assert {name: o["default"] for name, o in info.items()} == DEFAULTS


# 2
def test_interpretation_options_of_other_rule_sets_ignored():
    game = Manipulacion.new(3, {**DEFAULTS, "ruleset": "carrusel", "target": 300,
                                "unfinished": "retire"}, seed=1)
    assert game.rules.name == "carrusel"
    assert game.view(None)["options"] == {"ruleset": "carrusel"}
    assert game.view(None)["target"] == 150
    with pytest.raises(IllegalAction) as caught:
        Manipulacion.new(3, {"ruleset": "carrusel", "target": 250}, seed=1)
    assert caught.value.code == "option_choice"


# 3
def test_interpretation_second_tap_is_a_confirmed_action(solver_stub):
    game = deal(["5h 9d", "3c"], "Kc", table=["6h 7h 8h"])
    solver_stub.hint = Hint(cards("5h")[0], [0], False)
    refused(game, 0, "draw", "play_available")
    refused(game, 0, "draw", "play_available")          # the refusal left nothing behind
    game.apply(0, {"type": "draw", "confirm": True})
    assert hand(game, 0) == ["5h", "9d", "Kc"]
    game.apply(0, "move 9d hand new")                   # still a normal turn afterwards
    game.apply(0, "undo")
    game.apply(0, "set_table 5h 6h 7h 8h")
    assert game.turn == 1


# 4
def test_interpretation_deal_order_and_first_player():
    game = Manipulacion.new(4, None, seed=3)
    first_dealer = game.dealer
    assert game.turn == (first_dealer + 1) % 4
    assert {Manipulacion.new(4, None, seed=s).dealer for s in range(20)} == {0, 1, 2, 3}
    # One card at a time from the seat after the dealer, on an unshuffled deck.
    game = deal(["8h", "3c 3d", "4c 9c", "2s"], table=["5h 6h 7h"], dealer=3)
    game.apply(0, "set_table 5h 6h 7h 8h")
    game.rng = IdentityShuffle(0)
    game.apply(None, "next_round")
    assert game.dealer == 0 and game.turn == 1
    dealt = list(reversed(deck(2, 0)))
    expected = [[], [], [], []]
    for i in range(7 * 4):
        expected[(1 + i) % 4].append(dealt[i])
    assert game.hands == expected


# 5
@pytest.mark.parametrize("ruleset", ["maquiavelo", "guadalupe", "tahiti"])
def test_interpretation_retire_counts_only_a_table_that_differs(ruleset):
    game = deal(["8h 2c", "3c 3d"], "Kc Kd Ks", table=["5h 6h 7h"], ruleset=ruleset,
                options={"unfinished": "retire"})
    game.apply(0, "split #0 1")
    assert game.view(0)["undo_surrenders"] is True
    game.apply(0, "join #0 #1")                  # back as it was, by hand
    assert game.view(0)["undo_surrenders"] is False
    game.apply(0, "undo")
    assert game.turn == 0 and hand(game, 0) == ["2c", "8h"] and game.copy is None


# 6
def test_interpretation_surrender_with_a_short_stock():
    game = deal(["8h 2c", "3c 3d"], "Kc", table=["5h 6h 7h"], ruleset="maquiavelo",
                options={"unfinished": "retire"})
    apply_all(game, 0, ["move 7h #0 new", "undo confirm"])
    assert hand(game, 0) == ["2c", "8h", "Kc"] and game.passes == 0
    game.apply(1, "pass")
    apply_all(game, 0, ["move 7h #0 new", "undo confirm"])      # nothing left to draw
    assert game.passes == 2
    assert game.phase == "game_over" and game.view(None)["last_round"]["blocked"]


# 7
def test_interpretation_blocked_needs_every_player_to_pass_in_a_row():
    game = deal(["8h 2c", "Kc 9d", "4c 9c"], "Ad", table=["5h 6h 7h"], ruleset="maquiavelo")
    game.apply(0, "draw")                         # takes the last card: not a pass
    game.apply(1, "pass")
    game.apply(2, "pass")
    assert game.passes == 2 and game.phase == "play"
    game.apply(0, "set_table 5h 6h 7h 8h")        # a play resets the count
    assert game.passes == 0
    for seat in (1, 2, 0):
        game.apply(seat, "pass")
    assert game.phase == "game_over"
    carrusel = deal(["Kc Kd", "Qc Qd"], "", ruleset="carrusel", final_turns=2)
    carrusel.apply(0, "pass")
    carrusel.apply(1, "pass")
    last = carrusel.view(None)["last_round"]
    assert not last["blocked"] and last["final_turns"]


# 7 (the rule sets where you must play)
@pytest.mark.parametrize("ruleset", ["manipulacion", "shanghai"])
def test_interpretation_draw_then_pass_is_a_pass_where_play_is_a_must(ruleset):
    # Drawing does not end the turn here: the stock's last card, no play, then Pasar is a pass.
    game = deal(["2c Kd", "Kc 9d", "4c 9c"], "Qs", table=["5h 6h 7h"], ruleset=ruleset)
    game.apply(0, "draw")
    assert game.turn == 0 and game.passes == 0 and "pass" in game.allowed(0)
    game.apply(0, "pass")
    assert game.passes == 1 and game.turn == 1
    game.apply(1, "pass")
    assert game.phase == "play" and game.passes == 2
    game.apply(2, "pass")                          # every player in a row: blocked
    assert game.view(None)["last_round"]["blocked"]
    assert game.phase in ("round_over", "game_over")
    # Where a draw ends the turn (Maquiavelo), the same turn is no pass.
    other = deal(["2c Kd", "Kc 9d", "4c 9c"], "Qs", table=["5h 6h 7h"], ruleset="maquiavelo")
    other.apply(0, "draw")
    assert other.turn == 1 and other.passes == 0


# 8
def test_interpretation_guadalupe_draws_what_is_left():
    game = deal(["2c 9d", "3c 3d"], "Kc", ruleset="guadalupe")
    game.apply(0, "draw")
    assert hand(game, 0) == ["2c", "9d", "Kc"] and game.turn == 1
    assert "pass" in game.allowed(1)
    played = deal(["8h 9d", "3c"], "", table=["5h 6h 7h"], ruleset="guadalupe")
    played.apply(0, "set_table 5h 6h 7h 8h")
    assert hand(played, 0) == ["9d"] and played.turn == 1
    blocked = deal(["8h 2c", "Kc", "3c 4c"], "", ruleset="guadalupe")
    for seat in (0, 1, 2):
        blocked.apply(seat, "pass")
    assert blocked.result()["winners"] == [1]
    tied = deal(["8h 2c", "Kc 2d", "3c 4c"], "", ruleset="guadalupe")
    for seat in (0, 1, 2):
        tied.apply(seat, "pass")
    assert tied.result()["winners"] == [0, 1, 2] and tied.result()["tie"]


# 9
def test_interpretation_carrusel_draw_becomes_knock():
    game = deal(["2c 2d", "Kc Kd"], "Ah Ks", ruleset="carrusel")
    game.apply(0, "draw")
    refused(game, 0, "draw", "draw_is_close")
    assert "close" in game.allowed(0) and "draw" not in game.allowed(0)
    game.apply(0, "close")                        # a knock with no play of one's own
    assert game.view(None)["last_round"]["closer"] == 0
    playing = deal(["2c 2d 5h", "Kc Kd"], "Ah Ks", table=["6h 7h 8h"], ruleset="carrusel")
    playing.apply(0, "draw")
    playing.apply(0, "move 5h hand #0")          # the copy leaves 2 + 2 + 1
    assert "close" in playing.allowed(0)
    playing.apply(0, "done")                      # playing without knocking is fine too
    assert playing.turn == 1 and playing.phase == "play"
    # With more than 5 points after the first draw, Robar is still Robar.
    high = deal(["2c 9d", "Kc Kd"], "Ah Ks", ruleset="carrusel")
    high.apply(0, "draw")
    assert "draw" in high.allowed(0) and "close" not in high.allowed(0)
    refused(high, 0, "close", "too_many_points")
    high.apply(0, "draw")
    assert high.draws == 2 and high.turn == 0


# 10
def test_interpretation_carrusel_last_card_before_the_third_draw():
    game = deal(["Kc Kd", "Qc Qd"], "9h 9s", ruleset="carrusel")
    apply_all(game, 0, ["draw", "draw"])          # the second draw empties the stock
    assert game.view(None)["stock"] == 0 and game.turn == 0
    assert set(game.allowed(0)) >= {"pass", "move", "set_table"}
    assert game.final_turns is None
    game.apply(0, "pass")
    assert game.final_turns == 2 and game.turn == 1


# 11
def test_interpretation_carrusel_shared_wins():
    game = deal(["Kc Kd", "2c 3c", "Ad 4h"], "", ruleset="carrusel", final_turns=1,
                turn=2, rounds_won=[0, 0, 0])
    game.apply(2, "pass")
    last = game.view(None)["last_round"]
    assert last["hand_points"] == [20, 5, 5] and last["winners"] == [1, 2]
    assert last["points"] == [0, 15, 15]          # no counter-knock after the final turns
    assert game.rounds_won == [0, 1, 1]
    both = deal(["2c 3c", "Kc Kd", "Ad 4h"], "", ruleset="carrusel", final_turns=1,
                turn=2, scores=[140, 0, 140])
    both.apply(2, "pass")
    result = both.result()
    assert result["points"] == [155, 0, 155]
    assert result["scores"] == [155 + 100 + 25, 0, 155 + 100 + 25] and result["tie"]


# 12
def test_interpretation_joker_free_when_any_copy_is_on_the_table():
    # Two packs: the real 6h already in the trío frees the joker standing for 6h.
    game = deal(["Js Qs 2c", "3c"], table=["*6h 7h 8h 9h", "6s 6h 6d"], ruleset="carrusel",
                draws=1)
    game.apply(0, "set_table 7h 8h 9h / 6s 6h 6d / Js Qs *Ks")
    assert table(game) == [["7h", "8h", "9h"], ["6s", "6h", "6d"], ["Js", "Qs", "*Ks"]]
    vaticano = deal(["Js Qs 2c", "3c"], table=["*6h 7h 8h 9h", "6s 6h 6d"], ruleset="vaticano",
                    opened=[0])
    vaticano.apply(0, "set_table 7h 8h 9h / 6s 6h 6d / Js Qs *Ks")
    assert table(vaticano)[2] == ["Js", "Qs", "*Ks"]
    # With no real 6h on the table after the play, the same renaming is refused.
    none = deal(["Js Qs 2c", "3c"], table=["*6h 7h 8h 9h", "6s 6d 6c"], ruleset="carrusel",
                draws=1)
    refused(none, 0, "set_table 7h 8h 9h / 6s 6d 6c / Js Qs *Ks", "joker_not_free")
    # Tahití asks more: the real card must come from the hand.
    tahiti = deal(["Js Qs 2c", "3c"], table=["*6h 7h 8h 9h", "6s 6h 6d"],
                  loose="2s 3s 4s 5s", ruleset="tahiti")
    refused(tahiti, 0, "set_table 7h 8h 9h / 6s 6h 6d / Js Qs *Ks", "group_frozen")
    refused(tahiti, 0, "name #0 *6h Ks", "joker_free_in_its_group")


# 13
def test_interpretation_joker_names_given_at_listo_or_by_name():
    # A joker that is not free keeps its card wherever it goes.
    kept = deal(["4h 2c", "3c"], table=["5h *6h 7h 8h", "9s 10s Js"], ruleset="carrusel",
                draws=1)
    kept.apply(0, "move *6h #0 new")
    assert kept.view(0)["copy"]["table"][2]["cards"] == ["*6h"]
    # A freed joker that leaves its place goes on unnamed, and Listo names it.
    game = deal(["6h 2c 9s", "3c"], table=["5h *6h 7h", "10s Js Qs"], ruleset="carrusel",
                draws=1)
    apply_all(game, 0, ["move 6h hand #0", "move *6h #0 #1", "move 9s hand #1"])
    error = refused(game, 0, "done", "joker_needs_name")
    assert error.data["groups"][0]["options"] == [["8s"], ["Ks"]]
    game.apply(0, "name #1 * Ks")
    game.apply(0, "done")
    assert table(game) == [["5h", "6h", "7h"], ["9s", "10s", "Js", "Qs", "*Ks"]]
    # Listo offers only the names the rules allow: beside 7s 7d it could be 7h or 7c, but 7h,
    # its old card, is out of its place, so 7c is the one name left and no question is asked.
    only = deal(["7h 7s 7d 2c", "3c"], table=["5h 6h *7h"], ruleset="carrusel", draws=1)
    apply_all(only, 0, ["move 7h hand #0", "move *7h #0 new", "move 7s hand #1",
                        "move 7d hand #1", "done"])
    assert table(only) == [["5h", "6h", "7h"], ["7s", "7d", "*7c"]]


# 14
def test_interpretation_vaticano_beside_means_neighbour_in_a_run_any_card_in_a_trio():
    # In a run 5h and 7h are beside the joker; a trío of other sixes is not enough.
    run = deal(["6s 6d 2h", "3c"], table=["3h 4h 5h *6h 7h 8h 9h"], ruleset="vaticano",
               opened=[0])
    refused(run, 0, "set_table 2h 3h 4h 5h / *6h 6s 6d / 7h 8h 9h", "joker_stays")
    run.apply(0, "set_table 2h 3h 4h / 5h *6h 7h 8h 9h")
    assert table(run) == [["2h", "3h", "4h"], ["5h", "*6h", "7h", "8h", "9h"]]
    # In a trío any card counts: the joker (as 7s) may lose 7h, shown next to it.
    trio = deal(["Jh 2c", "3c"], table=["*7s 7h 7d 7c", "8h 9h 10h"], ruleset="vaticano",
                opened=[0])
    trio.apply(0, "set_table *7s 7d 7c / 7h 8h 9h 10h Jh")
    assert table(trio) == [["*7s", "7d", "7c"], ["7h", "8h", "9h", "10h", "Jh"]]


# 15
def test_interpretation_vaticano_first_run_among_the_cards_put_down():
    # Qs Ks As from the hand make the run; then As joins the aces and Qs Ks the spades.
    game = deal(["Qs Ks As Ah Ac 2d", "3c"], table=["8s 9s 10s Js"], ruleset="vaticano")
    game.apply(0, "set_table 8s 9s 10s Js Qs Ks / As Ah Ac")
    assert table(game) == [["8s", "9s", "10s", "Js", "Qs", "Ks"], ["As", "Ah", "Ac"]]
    assert game.opened[0]
    short = deal(["Qs Ks Ah Ac 2d", "3c"], table=["8s 9s 10s Js"], ruleset="vaticano")
    refused(short, 0, "set_table 8s 9s 10s Js Qs Ks", "opening_run_needed")
    # The run need not stay together: 10s Js Qs, each to a trío of its own rank.
    apart = deal(["10s Js Qs 2d", "3c"], table=["10h 10d 10c", "Jh Jd Jc", "Qh Qd Qc"],
                 ruleset="vaticano")
    apart.apply(0, "set_table 10s 10h 10d 10c / Js Jh Jd Jc / Qs Qh Qd Qc")
    assert apart.opened[0] and hand(apart, 0) == ["2d"]
    # Three of a suit that are not consecutive are no run, wherever they go.
    gaps = deal(["9s Js Ks 2d", "3c"], table=["9h 9d 9c", "Jh Jd Jc", "Kh Kd Kc"],
                ruleset="vaticano")
    refused(gaps, 0, "set_table 9s 9h 9d 9c / Js Jh Jd Jc / Ks Kh Kd Kc", "opening_run_needed")


# 16
def test_interpretation_vaticano_result_lists_cards_left():
    game = deal(["8h", "Ac Kd Qs", "3c 4c"], table=["5h 6h 7h"], ruleset="vaticano",
                opened=[0])
    game.apply(0, "set_table 5h 6h 7h 8h")
    assert game.result()["scores"] == [0, 3, 2]
    assert game.result()["ranking"] == [0, 2, 1]
    assert game.scores == [0, 3, 2]


# 17
def test_interpretation_tahiti_loose_cards_in_the_copy():
    game = deal(["7h 8h 3c", "3d"], loose="9h 10h * 5c", ruleset="tahiti")
    apply_all(game, 0, ["move 9h loose new", "move 10h loose #0", "move * loose #0"])
    refused(game, 0, "done", "must_add_from_hand")       # loose cards are not from the hand
    game.apply(0, "move 9h #0 loose")                    # and may go back while editing
    assert game.view(0)["copy"]["loose"] == ["5c", "9h"]
    game.apply(0, "move 8h hand #0")                     # 8h 10h and the loose joker
    game.apply(0, "done")                                # only 9h fits: named at Listo
    assert table(game) == [["8h", "*9h", "10h"]]
    assert texts(game.loose) == ["5c", "9h"] and hand(game, 0) == ["3c", "7h"]


# 18
def test_interpretation_tahiti_frozen_takes_only_hand_cards():
    game = deal(["4h 6h 2c", "3d"], table=["5h *6h 7h", "8h 9h 10h Jh"], loose="8s 2s Kd 5c",
                ruleset="tahiti")
    refused(game, 0, "move 8h #1 #0", "group_frozen")    # not from another group
    game.apply(0, "move 4h hand #0")                     # from the hand: fine
    game.apply(0, "move 6h hand #0")                     # its joker's real card frees it
    game.apply(0, "move 8h #1 #0")
    game.apply(0, "move *6h #0 #1")                      # freed, it leaves its place unnamed
    game.apply(0, "name #1 * 8h")
    game.apply(0, "done")
    assert table(game) == [["4h", "5h", "6h", "7h", "8h"], ["*8h", "9h", "10h", "Jh"]]
    loose = deal(["2c", "3d"], table=["5h *6h 7h"], loose="8h 2s Kd 5c", ruleset="tahiti")
    refused(loose, 0, "move 8h loose #0", "group_frozen")  # not a loose card either


# 19
def test_interpretation_manipulacion_tie_plays_whole_rounds():
    tied_again = deal(["8h", "Ac", "3c"], table=["5h 6h 7h"], scores=[20, 215, 20])
    tied_again.apply(0, "set_table 5h 6h 7h 8h")         # 20, 230, 25: one lowest
    assert tied_again.phase == "game_over" and tied_again.result()["winners"] == [0]
    still = deal(["2c", "8h", "3c"], table=["5h 6h 7h"], scores=[20, 215, 20], turn=1)
    still.apply(1, "set_table 5h 6h 7h 8h")              # 25, 215, 25: tied again
    assert still.phase == "round_over" and still.result() is None


# 20
def test_interpretation_shanghai_host_ends_between_rounds():
    game = deal(["8h", "Ac Kd", "3c"], table=["5h 6h 7h"], ruleset="shanghai",
                scores=[4, 0, 3])
    refused(game, None, "end_game", "round_not_over")
    game.apply(0, "set_table 5h 6h 7h 8h")               # 4, 2, 4
    refused(game, 1, "end_game", "host_only")
    game.apply(None, "end_game")
    assert game.result() == {"scores": [4, 2, 4], "winners": [1], "tie": False,
                             "ranking": [1, 0, 2]}
    tie = deal(["8h", "Ac", "3c"], table=["5h 6h 7h"], ruleset="shanghai", scores=[1, 0, 0])
    tie.apply(0, "set_table 5h 6h 7h 8h")                # 1, 1, 1
    tie.apply(None, "end_game")
    assert tie.result()["winners"] == [0, 1, 2] and tie.result()["tie"]
    other = deal(["8h", "Ac", "3c"], table=["5h 6h 7h"])
    other.apply(0, "set_table 5h 6h 7h 8h")
    refused(other, None, "end_game", "cannot_end_game")


# 21
def test_interpretation_copy_layout():
    game = deal(["9h 2c Ks Kd Kc", "3d"], table=["3h 4h 5h 6h 7h 8h"], ruleset="maquiavelo")
    apply_all(game, 0, ["move Kc hand new", "move Ks hand #1", "move Kd hand #1"])
    shown = [g["cards"] for g in game.view(0)["copy"]["table"]]
    assert shown == [["3h", "4h", "5h", "6h", "7h", "8h"], ["Ks", "Kd", "Kc"]]
    game.apply(0, "split #0 3")
    shown = [g["cards"] for g in game.view(0)["copy"]["table"]]
    assert shown == [["3h", "4h", "5h"], ["6h", "7h", "8h"], ["Ks", "Kd", "Kc"]]
    apply_all(game, 0, ["move 9h hand #1", "move 5h #0 #1", "move 4h #0 #1", "move 3h #0 #1"])
    shown = [g["cards"] for g in game.view(0)["copy"]["table"]]
    assert shown == [["3h", "4h", "5h", "6h", "7h", "8h", "9h"], ["Ks", "Kd", "Kc"]]


# 22
def test_interpretation_tahiti_freed_joker_takes_a_new_name():
    # Putting down the real 6h frees the joker; in another group it must stand for another card.
    game = deal(["6h 6s 6d 2c", "3c"], table=["5h *6h 7h"], loose="2s 3s 4s 5s",
                ruleset="tahiti")
    refused(game, 0, "set_table 5h 6h 7h / 6s 6d *6h", "joker_needs_new_card")
    game.apply(0, "set_table 5h 6h 7h / 6s 6d *6c")
    assert table(game) == [["5h", "6h", "7h"], ["6s", "6d", "*6c"]]
    # Comodines are alike: two freed at once may swap their cards.
    swap = deal(["6h 9h 2c", "3c"], table=["5h *6h 7h", "8h *9h 10h"], loose="2s 3s 4s 5s",
                ruleset="tahiti")
    swap.apply(0, "set_table 5h 6h 7h *8h / *7h 8h 9h 10h")
    assert table(swap) == [["5h", "6h", "7h", "*8h"], ["*7h", "8h", "9h", "10h"]]


# 23
@pytest.mark.parametrize("ruleset", ["carrusel", "vaticano", "tahiti"])
def test_interpretation_freed_joker_keeps_its_card_only_in_its_place(ruleset):
    setup = {"carrusel": {"draws": 1}, "vaticano": {"opened": [0]},
             "tahiti": {"loose": "2s 3s 9d Kc"}}[ruleset]
    # In a run its place is next to the cards it stood between: 5h and 7h.
    game = deal(["6h 2c", "3c"], table=["3h 4h 5h *6h 7h 8h 9h", "6s 6d 6c"], ruleset=ruleset,
                **setup)
    refused(game, 0, "set_table 3h 4h 5h 6h 7h 8h 9h / 6s 6d 6c *6h", "joker_needs_new_card")
    refused(game, 0, "set_table 3h 4h 5h 6h / 7h 8h 9h / 6s 6d 6c *6h", "joker_needs_new_card")
    game.apply(0, "set_table 3h 4h 5h *6h / 6h 7h 8h 9h / 6s 6d 6c")    # still next to 5h
    assert table(game)[0] == ["3h", "4h", "5h", "*6h"]
    # Leaving a trío for a run under its old card: refused; under a new one: fine.
    trio = deal(["7h 5h 6h 2c", "3c"], table=["7s 7d *7h"], ruleset=ruleset, **setup)
    refused(trio, 0, "set_table 7s 7d 7h / 5h 6h *7h", "joker_needs_new_card")
    trio.apply(0, "set_table 7s 7d 7h / *4h 5h 6h")
    assert table(trio)[1] == ["*4h", "5h", "6h"]
    if ruleset != "tahiti":          # (in Tahití the trío stays frozen: 7h is not put into it)
        # In a trío every other card was beside it: with 7s and 7c it is still in its place.
        kept = deal(["7h 8h 9h 5d 6d", "3c"], table=["7s 7d 7c *7h"], ruleset=ruleset,
                    **setup)
        kept.apply(0, "set_table 7s 7c *7h / 5d 6d 7d / 7h 8h 9h")
        assert ["7s", "*7h", "7c"] in table(kept)


# 24
def test_interpretation_tahiti_freeing_card_lies_in_the_jokers_group():
    game = deal(["7h 4h", "Qd 9s"], "8c", table=["5h 6h *7h", "7s 7d 7c"], ruleset="tahiti")
    refused(game, 0, "set_table *3h 4h 5h 6h / 7h 7s 7d 7c", "joker_free_in_its_group")
    # Next to 6h, a card that stood beside the joker, is the joker's group, whatever else moved.
    game.apply(0, "set_table 4h 5h 6h 7h *8h / 7s 7d 7c")
    assert table(game) == [["4h", "5h", "6h", "7h", "*8h"], ["7s", "7d", "7c"]]
    # Split after freeing: the freeing card may go with either part holding a neighbour.
    split = deal(["6h Qs Ks", "3c"], table=["3h 4h 5h *6h 7h 8h 9h"], loose="2s 3s 9d Kc",
                 ruleset="tahiti")
    split.apply(0, "set_table 3h 4h 5h / 6h 7h 8h 9h / *Js Qs Ks")
    assert table(split) == [["3h", "4h", "5h"], ["6h", "7h", "8h", "9h"], ["*Js", "Qs", "Ks"]]
