"""The Rummy Manipulación bots and whole-game properties: the simulator; the shape of the
views; the moves each level makes in hand-built situations (legal, finishing bot games and
replay in every rule set are in test_contract.py). The solver is a stub here (see
test_manipulacion_solver_integration for the real one)."""
import json

import pytest

from engine.manipulacion.bots import LEVELS, make_bot
from engine.manipulacion.game import Manipulacion
from engine.manipulacion.melds import parse_all
from engine.simulate import main as simulate_main, next_move, play
from tests.engine.contract_helpers import finish_turn
from tests.engine.manipulacion_helpers import Play, deal, table

pytestmark = pytest.mark.usefixtures("solver_stub")


# ----- whole games ------------------------------------------------------------------------------

def test_make_bot_hook_gives_every_level():
    assert LEVELS == ("facil", "normal") and Manipulacion.bot_levels == (*LEVELS, "dificil")
    for level in Manipulacion.bot_levels:
        bot = Manipulacion.make_bot(level, 1, seed=3)
        assert bot.seat == 1 and bot.level == level


def test_simulate_plays_manipulacion_and_keeps_its_last_line(capsys):
    assert simulate_main(["manipulacion", "--ruleset", "tahiti", "--games", "2",
                          "--players", "2", "--levels", "facil"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith("games=2 violations=0 games_per_s=")


def test_simulate_ends_an_open_ended_game_after_max_rounds():
    outcome = play(2, 5, ["facil"], options={"ruleset": "shanghai"}, game_name="manipulacion",
                   max_rounds=2)
    assert outcome.violations == [] and outcome.result is not None


PUBLIC_ONLY = ("seat", "hand", "hand_points", "allowed", "actions", "copy", "undo_surrenders")


@pytest.mark.parametrize("ruleset", ["maquiavelo", "vaticano", "tahiti"])
def test_no_view_shows_a_card_hidden_from_its_reader(ruleset):
    game = Manipulacion.new(3, {"ruleset": ruleset}, seed=23)
    bots = [make_bot("facil", s, 23) for s in range(3)]
    seen_editing = 0
    for _ in range(250):
        if game.finished:
            break
        tv = game.view(None)
        assert "hand" not in tv and "copy" not in tv and "allowed" not in tv
        public = {k: v for k, v in tv.items() if k != "seat"}
        for seat in range(3):
            view = game.view(seat)
            assert sorted(parse_all(view["hand"])) == sorted(game.hands[seat])
            assert {k: v for k, v in view.items() if k not in PUBLIC_ONLY} == public
            if view["copy"] is not None:
                assert seat == game.turn and tv["editing"]
                seen_editing += 1
        json.dumps(tv)
        game.apply(*next_move(game, bots))
    assert seen_editing > 0


def test_the_hidden_zones_hold_another_seats_working_copy_but_not_ones_own():
    game = deal(["8h 7s 7d 2c", "3c 3d", "4c 9c"], "Ad Ac", table=["5h 6h 7h"])
    game.apply(0, "move 8h hand #0")
    copy_lists = [*game.copy.groups, game.copy.hand, game.copy.loose]
    for reader in (None, 1, 2):
        ids = {id(zone) for zone in game.hidden_zones(reader)}
        assert all(id(zone) in ids for zone in copy_lists)
        assert all(id(game.hands[s]) in ids for s in range(3) if s != reader)
        assert id(game.stock) in ids
    ids = {id(zone) for zone in game.hidden_zones(0)}
    assert not any(id(zone) in ids for zone in copy_lists) and id(game.hands[0]) not in ids
    assert id(game.hands[1]) in ids and id(game.hands[2]) in ids


def test_the_audit_notices_a_lost_card_a_broken_group_and_wrong_scores():
    game = Manipulacion.new(3, {"ruleset": "carrusel"}, seed=5)
    assert game.audit() == []
    game.hands[0].pop()
    assert any(p.startswith("cards:") for p in game.audit())
    game = deal(["7h 2c", "3c"], table=["4s 5s 6s"])
    assert game.audit(full_deck=False) == []
    game.table[0][1] = parse_all("9d")[0]
    assert any("invalid" in p for p in game.audit(full_deck=False))
    game.table[0][1] = parse_all("5s")[0]
    game.scores[1] = 7
    assert any(p.startswith("scores") for p in game.audit(full_deck=False))


# ----- facil -------------------------------------------------------------------------------------

def test_facil_lays_new_groups_of_hand_cards_step_by_step_through_the_copy():
    game = deal(["7h 8h 9h Ks Kd Kc 2c", "3c"], "Ad", ruleset="maquiavelo")
    bot = make_bot("facil", 0)
    moves = finish_turn(game, bot)
    assert moves[-1] == {"type": "done"}
    assert all(m["type"] == "move" and m["from"] == "hand" for m in moves[:-1])
    assert sorted(map(sorted, table(game))) == [["7h", "8h", "9h"], ["Kc", "Kd", "Ks"]]
    assert game.hands[0] == parse_all("2c")


def test_facil_adds_hand_cards_to_the_ends_of_runs_and_to_trios():
    game = deal(["4h 9h Qc 2c", "3c"], "Ad", table=["5h 6h 7h 8h", "Qs Qh Qd"],
                ruleset="maquiavelo")
    bot = make_bot("facil", 0)
    moves = finish_turn(game, bot)
    assert [m["to"] for m in moves[:-1]] == [0, 0, 1]
    assert table(game) == [["4h", "5h", "6h", "7h", "8h", "9h"], ["Qs", "Qh", "Qd", "Qc"]]


def test_facil_never_rearranges_the_table_and_draws_when_only_rearranging_would_play():
    # Kd fits only if Qd leaves the four queens for 9d 10d Jd: facil does not see it.
    game = deal(["Kd 2c", "3c"], "Ad", table=["9d 10d Jd", "Qs Qh Qd Qc"],
                ruleset="maquiavelo")
    assert make_bot("facil", 0).choose(game.view(0)) == {"type": "draw", "confirm": True}


def test_facil_draws_with_confirm_and_passes_when_the_stock_is_empty():
    bot = make_bot("facil", 0)
    game = deal(["2c 9d", "3c"], "Ad")
    assert bot.choose(game.view(0)) == {"type": "draw", "confirm": True}
    empty = deal(["2c 9d", "3c"], "")
    assert bot.choose(empty.view(0)) == {"type": "pass", "confirm": True}
    assert bot.choose(empty.view(1)) is None


def test_facil_in_carrusel_draws_first_and_knocks_when_it_may():
    bot = make_bot("facil", 0)
    game = deal(["2c 2d", "Kc Kd"], "Ah Ks", ruleset="carrusel")
    assert bot.choose(game.view(0)) == {"type": "draw"}
    game.apply(0, "draw")
    assert bot.choose(game.view(0)) == {"type": "close"}


def test_facil_makes_vaticanos_first_play_with_a_run():
    game = deal(["7s 7h 7d 2c", "3c"], "Ad", ruleset="vaticano")
    assert make_bot("facil", 0).choose(game.view(0))["type"] == "draw"
    game = deal(["5c 6c 7c 7s 7h 7d 2c", "3c"], "Ad", ruleset="vaticano")
    finish_turn(game, make_bot("facil", 0))
    assert sorted(map(sorted, table(game))) == [["5c", "6c", "7c"], ["7d", "7h", "7s"]]


# ----- normal (with a stub solver) ---------------------------------------------------------------

def test_normal_sends_the_solvers_table_as_one_set_table(solver_stub):
    game = deal(["6h 9d", "3c"], "Ad", table=["3h 4h 5h", "7h 8h 9h"], ruleset="maquiavelo")
    solver_stub.best = Play(placed=parse_all("6h"),
                            table=[parse_all("3h 4h 5h 6h 7h 8h 9h")])
    action = make_bot("normal", 0).choose(game.view(0))
    assert action == {"type": "set_table", "table": [["3h", "4h", "5h", "6h", "7h", "8h", "9h"]]}
    game.apply(0, action)
    assert table(game) == [["3h", "4h", "5h", "6h", "7h", "8h", "9h"]]


def test_normal_checks_the_solvers_table_and_falls_back_to_facil_when_it_is_refused(
        solver_stub):
    game = deal(["6h 7s 8s 9s", "3c"], "Ad", table=["3h 4h 5h"], ruleset="maquiavelo")
    solver_stub.best = Play(placed=parse_all("6h"), table=[parse_all("3h 4h 5h 6h 7h")])
    action = make_bot("normal", 0).choose(game.view(0))
    assert action["type"] == "move" and action["from"] == "hand"


def test_normal_without_a_play_from_the_solver_draws_without_asking_facil(solver_stub):
    # The solver is exact (test_manipulacion_crosscheck): when it finds no play, the hand alone
    # has none either. The stub lies here, so asking facil would show: it would lay 5h 6h 7h.
    solver_stub.best = None
    game = deal(["5h 6h 7h 2c", "3c"], "Ad", ruleset="maquiavelo")
    assert make_bot("normal", 0).choose(game.view(0)) == {"type": "draw", "confirm": True}
    assert solver_stub.calls and solver_stub.calls[-1][0] == "best"


def test_a_failing_solver_is_logged_and_the_normal_bot_plays_as_facil(caplog):
    def broken(*args, **kwargs):
        raise RuntimeError("solver down")

    game = deal(["5h 6h 7h 2c", "3d 4s Jh 9c"], "5c 6c 8d", ruleset="maquiavelo")
    bot = make_bot("normal", 0, solver=broken)
    with caplog.at_level("ERROR", logger="engine.manipulacion.bots"):
        moves = finish_turn(game, bot)
    assert "solver down" in caplog.text and "Traceback" in caplog.text
    assert table(game) == [["5h", "6h", "7h"]] and game.turn == 1      # the easy bot's play
    assert all(m["type"] != "set_table" for m in moves)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("edit", [
    ["move 5h #0 new", "move 5h #1 #0"],     # a copy opened, then put back: nothing placed
    ["split #0 1"],                          # a table group split: the copy is not valid
])
def test_a_bot_handed_a_seat_in_the_middle_of_an_edit_finishes_the_turn(level, edit, solver_stub):
    # A person started changing the table, then the host handed the seat to the computer.
    solver_stub.best = None
    game = deal(["Kc Ks", "9d 9c"], "2d 3d 4d", table=["5h 6h 7h"], ruleset="maquiavelo")
    for action in edit:
        game.apply(0, action)
    assert game.copy is not None
    bot = make_bot(level, 0, seed=1)
    for _ in range(10):
        if game.turn != 0:
            break
        action = bot.choose(game.view(0))
        assert action is not None
        game.apply(0, action)                 # a refusal here would stall the seat
    assert game.turn == 1 and game.copy is None
