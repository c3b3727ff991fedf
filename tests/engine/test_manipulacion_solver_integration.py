"""The game and the bots against the real solver (engine/manipulacion/solver/): the
"Bajar es obligatorio — Recordar, con pista" reminder, and the normal bot's plays, which the
engine must accept exactly as the solver proposes them. Skipped when the solver is missing."""
import pytest

pytest.importorskip("engine.manipulacion.solver")

from engine.manipulacion.bots import make_bot  # noqa: E402
from engine.manipulacion.commit import check_play  # noqa: E402
from engine.manipulacion.game import Manipulacion  # noqa: E402
from engine.manipulacion.melds import fmt, parse_all  # noqa: E402
from engine.manipulacion.rulesets import RULESETS  # noqa: E402
from engine.manipulacion.solver import solve_best  # noqa: E402
from engine.simulate import play  # noqa: E402
from tests.engine.manipulacion_helpers import RULESET_NAMES, deal, refused, table  # noqa: E402


@pytest.mark.parametrize("ruleset", ["manipulacion", "shanghai"])
def test_reminder_points_at_a_card_that_only_needs_adding(ruleset):
    game = deal(["5h 9d 2c", "3c"], "Kc", table=["6h 7h 8h", "Js Qs Ks"], ruleset=ruleset)
    error = refused(game, 0, "draw", "play_available")
    assert error.data["hint"] == {"card": "5h", "groups": [0], "needs_rearranging": False}
    game.apply(0, "draw confirm")
    assert "Kc" in [fmt(c) for c in game.hands[0]] and game.turn == 0


def test_reminder_says_when_the_table_must_be_rearranged():
    game = deal(["Kd 2c", "3c"], "Ac", table=["9d 10d Jd", "Qs Qh Qd Qc"])
    error = refused(game, 0, "draw", "play_available")
    hint = error.data["hint"]
    assert hint["card"] == "Kd" and hint["needs_rearranging"] is True
    assert sorted(hint["groups"]) == [0, 1]
    game.apply(0, "set_table 9d 10d Jd Qd Kd / Qs Qh Qc")     # the play it points at
    assert table(game) == [["9d", "10d", "Jd", "Qd", "Kd"], ["Qs", "Qh", "Qc"]]


def test_reminder_stays_quiet_without_a_play_and_with_trust_the_player():
    game = deal(["Kd 2c", "3c"], "Ac", table=["5s 6s 7s"])
    game.apply(0, "draw")
    assert game.turn == 0 and len(game.hands[0]) == 3
    trusting = deal(["5h 9d", "3c"], "Kc", table=["6h 7h 8h"],
                    options={"mandatory_play": "trust"})
    trusting.apply(0, "draw")
    assert len(trusting.hands[0]) == 3


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_normal_bot_games_with_the_real_solver_are_legal_and_end(ruleset):
    outcome = play(3, 31, ["normal", "facil", "normal"], check=True,
                   options={"ruleset": ruleset}, game_name="manipulacion")
    assert outcome.violations == []
    assert outcome.result is not None


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_the_engine_accepts_every_play_the_solver_finds_and_facil_none_it_does_not(ruleset):
    """Where the solver finds no play, facil finds none from the hand alone: normal draws or
    passes then without asking facil (engine/manipulacion/bots.py)."""
    rules = RULESETS[ruleset]
    nothing = 0
    for seed in range(3):
        game = Manipulacion.new(3, {"ruleset": ruleset, "mandatory_play": "trust"}, seed)
        bots = [make_bot("normal", s, seed) for s in range(3)]
        facil = [make_bot("facil", s, seed) for s in range(3)]
        for _ in range(60):
            if game.phase != "play":
                break
            seat = game.turn
            best = solve_best(rules, game.table, game.hands[seat], game.loose,
                              opening_run=bool(rules.first_play_run_of
                                               and not game.opened[seat]))
            if best is not None and "set_table" in game.allowed(seat):
                check_play(rules, game.table, game.loose, game.hands[seat],
                           [list(g) for g in best.table], list(best.loose),
                           game.opened[seat])
            elif best is None and game.copy is None:
                assert facil[seat].find_play(game.view(seat)) is None
                nothing += 1
            game.apply(seat, bots[seat].choose(game.view(seat)))
    assert nothing >= 10


def test_normal_bot_plays_the_solvers_best_play_in_one_set_table():
    game = deal(["Kd 2c", "3c"], "Ac", table=["9d 10d Jd", "Qs Qh Qd Qc"],
                ruleset="maquiavelo")
    action = make_bot("normal", 0).choose(game.view(0))
    assert action["type"] == "set_table"
    game.apply(0, action)
    assert sorted(map(sorted, table(game))) == sorted(map(sorted, [
        ["9d", "10d", "Jd", "Qd", "Kd"], ["Qs", "Qh", "Qc"]]))
    assert game.hands[0] == parse_all("2c")
