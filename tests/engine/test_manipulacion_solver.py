"""The Manipulación solver on hand-written cases: each ace rule, each joker rule, Tahití's
frozen groups and loose cards, the objective, hint minimality, no play, and the JSON CLI.
Every play the solver returns is also checked by the independent referee."""
from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from engine.cards import JOKER
from engine.manipulacion import solve as cli
from engine.manipulacion.melds import NAMED, fmt_all, parse, parse_all
from engine.manipulacion.rulesets import RULESETS
from engine.manipulacion.solver import Play, SolverInputError, solve_best, solve_hint
from engine.manipulacion.solver.hints import hint_by_model
from engine.manipulacion.solver.instance import prepare
from tests.engine.manipulacion_bruteforce import analyse, check_play

ROOT = Path(__file__).resolve().parents[2]


def T(text: str) -> list[list[int]]:
    """A table from text: groups separated by '|'."""
    return [parse_all(g) for g in text.split("|") if g.strip()]


def H(text: str) -> list[int]:
    return parse_all(text)


def best(rules, table, hand, loose="", **kw) -> Play | None:
    rules = RULESETS[rules] if isinstance(rules, str) else rules
    t, h, lo = T(table), H(hand), H(loose)
    play = solve_best(rules, t, h, lo, **kw)
    if play is not None:
        check_play(rules, t, h, lo, play)
    return play


def hint(rules, table, hand, loose=""):
    rules = RULESETS[rules] if isinstance(rules, str) else rules
    t, h, lo = T(table), H(hand), H(loose)
    got = solve_hint(rules, t, h, lo)
    slow = hint_by_model(prepare(rules, t, h, lo))
    if got is None:
        assert slow is None
        return None
    check_play(rules, t, h, lo, got.play)
    check_play(rules, t, h, lo, slow.play)
    assert (len(got.groups), got.needs_rearranging) == (len(slow.groups), slow.needs_rearranging)
    assert got.card in got.play.placed and tuple(got.groups) == got.play.changed
    return got


def groups(play: Play) -> set[str]:
    return {fmt_all(g) for g in play.table}


# ----- ace rules --------------------------------------------------------------------------------

def test_ace_high_only_goes_after_the_king():
    assert best("manipulacion", "Jh Qh Kh", "Ah").placed == (parse("Ah"),)
    assert best("manipulacion", "2h 3h 4h", "Ah") is None


def test_ace_low_only_goes_before_the_two():
    assert best("shanghai", "2h 3h 4h", "Ah").placed == (parse("Ah"),)
    assert best("shanghai", "Jh Qh Kh", "Ah") is None


def test_ace_high_or_low_but_never_k_a_2():
    assert best("maquiavelo", "2h 3h 4h", "Ah") is not None
    assert best("maquiavelo", "Jh Qh Kh", "Ah") is not None
    assert best("maquiavelo", "Qh Kh Ah", "2h") is None
    assert best("maquiavelo", "Ah 2h 3h", "Kh") is None


def test_ace_mode_of_a_custom_rule_set():
    low_carrusel = replace(RULESETS["carrusel"], ace="low")
    assert best(low_carrusel, "Jh Qh Kh", "Ah") is None
    assert best(low_carrusel, "2h 3h 4h", "Ah") is not None


# ----- the objective ----------------------------------------------------------------------------

def test_most_points_where_the_rule_set_scores_points():
    # One ace of hearts on the table: Q-K-A (the king, 10 points) or A-2-3 (two cards, 5).
    table, hand = "Ah As Ad Ac | Qh Qs Qd Qc", "Kh 2h 3h"
    assert best("carrusel", table, hand).placed == (parse("Kh"),)
    assert best("carrusel", table, hand).value == 10
    assert best("maquiavelo", table, hand).placed == tuple(H("2h 3h"))
    assert best("maquiavelo", table, hand).value == 2


def test_most_cards_placed():
    play = best("maquiavelo", "3h 4h 5h | 7h 8h 9h", "6h 10h 2c")
    assert play.placed == tuple(sorted(H("6h 10h")))


def test_fewest_groups_changed_among_the_best():
    # 6h could join both runs into one (two groups changed) or extend one (one group).
    play = best("maquiavelo", "3h 4h 5h | 7h 8h 9h", "6h")
    assert play.groups_changed == 1
    assert len(play.table) == 2


def test_rearranging_when_it_places_more():
    play = best("maquiavelo", "4s 5s 6s 7s | 4d 5d 6d 7d", "7h")
    assert play.placed == (parse("7h"),)
    assert play.changed == (0, 1)
    assert "7s 7h 7d" in groups(play)


# ----- jokers -----------------------------------------------------------------------------------

def test_carrusel_joker_moves_only_as_its_card():
    # The joker for 5d may leave the trío as the 5 of diamonds: 3d 4d *5d.
    play = best("carrusel", "5s *5d 5c 5h", "3d 4d")
    assert "3d 4d *5d" in groups(play)
    # It may not become the 10 of spades while no real 5 of diamonds is on the table ...
    assert best("carrusel", "5s *5d 5c 5h | Js Qs Ks", "8s 9s") is None
    # ... and may once the real 5d comes down from the hand.
    play = best("carrusel", "5s *5d 5c 5h | Js Qs Ks", "8s 9s 5d")
    assert play.placed == tuple(sorted(H("8s 9s 5d")))


def test_carrusel_joker_renamed_when_its_card_is_already_on_the_table():
    play = best("carrusel", "5s *5d 5c 5h | 5d 6d 7d | Js Qs Ks", "8s 9s")
    assert play.placed == tuple(H("8s 9s")) and play.changed == (0,)
    assert parse("*5d") not in {x for g in play.table for x in g}


def test_two_jokers_of_one_name_need_two_real_cards():
    # 8s needs two jokers renamed; both stand for 5d, and one real 5d frees only one.
    table = "3d 4d *5d | 5s *5d 5c | 9h 10h Jh"
    assert best("carrusel", table, "5d 8s Qh").placed == tuple(sorted(H("5d Qh")))
    play = best("carrusel", table + " | 5d 6d 7d 8d", "5d 8s Qh")
    assert play.placed == tuple(sorted(H("5d 8s Qh")))


def test_hand_jokers_are_named_by_the_solver():
    play = best("carrusel", "3h 4h 5h", "* *")
    assert play.placed == (JOKER, JOKER)
    assert all(x != JOKER for g in play.table for x in g)


def test_vaticano_stuck_joker_stays_beside_a_card_it_stood_next_to():
    # Carrusel lets *5d walk off to 3d 4d *5d; in Vaticano none of 5s 5c 5h goes with it.
    assert best("vaticano", "5s *5d 5c 5h", "3d 4d") is None
    assert best("carrusel", "5s *5d 5c 5h", "3d 4d") is not None


def test_vaticano_joker_group_may_grow_or_split_with_a_neighbour():
    assert best("vaticano", "3h *4h 5h", "6h").groups_changed == 1
    play = best("vaticano", "3h 4h *5h 6h 7h 8h", "6h")
    assert {"3h 4h *5h 6h", "6h 7h 8h"} <= groups(play)


def test_vaticano_joker_beside_a_joker():
    play = best("vaticano", "*3h *4h 5h", "2h")
    assert groups(play) == {"2h *3h *4h 5h"}


def test_vaticano_joker_moves_freely_once_its_card_is_down():
    play = best("vaticano", "5s *5d 5c 5h | Js Qs Ks", "8s 9s 5d")
    assert play.placed == tuple(sorted(H("8s 9s 5d")))


def test_vaticano_opening_run():
    assert best("vaticano", "", "3h 4h 5h 9c", opening_run=True).placed == tuple(H("3h 4h 5h"))
    assert best("vaticano", "", "3h 4h * 9c", opening_run=True) is None
    assert best("vaticano", "", "3h 4h * 9c") is not None
    assert solve_hint("vaticano", [], H("3h 4h * 9c"), opening_run=True) is None
    assert solve_hint("vaticano", [], H("3h 4h 5h"), opening_run=True).groups == ()


def test_tahiti_frozen_group_gains_only_hand_cards():
    assert best("tahiti", "3d *4d 5d", "6d 7d").groups_changed == 1
    # 4c cannot leave the frozen trío for 2c 3c 4c ...
    assert best("tahiti", "4c *4d 4h 4s", "2c 3c") is None
    assert best("carrusel", "4c *4d 4h 4s", "2c 3c") is not None
    # ... a real 4d on the table does not free it ...
    assert best("tahiti", "4c *4d 4h 4s | 4d 5d 6d", "2c 3c") is None
    # ... the real 4d from the hand does, and the joker takes a new name.
    play = best("tahiti", "4c *4d 4h 4s", "2c 3c 4d")
    assert play.placed == tuple(sorted(H("2c 3c 4d")))
    assert parse("*4d") not in {x for g in play.table for x in g}


def test_tahiti_freeing_card_lies_in_the_jokers_group():
    # Old reading: 10d freed the joker from anywhere, so *10h 10d 10c placed both cards. Now
    # 10d must go next to Jd, where the joker stood, and 10c has nowhere to go.
    play = best("tahiti", "Jd Qd Kd | *10d Jd Qd Kd", "10d 10c")
    assert play.placed == tuple(H("10d"))
    assert any(parse("10d") in g and parse("Jd") in g for g in play.table)
    assert hint("tahiti", "Jd Qd Kd | *10d Jd Qd Kd", "10d 10c").play.placed == tuple(H("10d"))


@pytest.mark.parametrize("rules", ["carrusel", "vaticano", "tahiti"])
def test_freed_joker_never_proposed_under_its_old_card_outside_its_place(rules):
    from engine.manipulacion.commit import check_play as game_check
    cases = [("5h 6h *7h | 7s 7d 7c", "7h 2c"), ("5h 6h *7h | 7s 7d 7c", "7h 4h"),
             ("3h 4h 5h *6h 7h 8h 9h | 6s 6d 6c", "6h"), ("7s 7d *7h", "7h 5h 6h"),
             ("*6h 7h 8h 9h | 6s 6d 6c | 4h 5h 6h", "10h")]
    for table, hand in cases:
        h = hint(rules, table, hand)
        for play in (best(rules, table, hand), h and h.play):
            if play is not None:
                game_check(RULESETS[rules], T(table), [], H(hand), [list(g) for g in play.table])


def test_tahiti_one_joker_per_group():
    assert best("tahiti", "5h 6h 7h", "* *").placed == (JOKER,)
    assert best("carrusel", "5h 6h 7h", "* *").placed == (JOKER, JOKER)


def test_tahiti_loose_cards_may_be_used_or_stay():
    play = best("tahiti", "", "5c", loose="5s 5d 9h")
    assert groups(play) == {"5s 5d 5c"}
    assert play.loose == (parse("9h"),)
    assert best("tahiti", "", "9c", loose="5s 5d") is None


def test_tahiti_loose_joker():
    play = best("tahiti", "", "5c 6c", loose="*")
    assert play.placed == tuple(H("5c 6c")) and play.loose == ()


# ----- hints ------------------------------------------------------------------------------------

def test_hint_group_from_the_hand_changes_nothing():
    h = hint("maquiavelo", "3h 4h 5h", "7c 8c 9c 6h")
    assert h.groups == () and not h.needs_rearranging
    assert h.card in H("7c 8c 9c")


def test_hint_one_card_added_to_one_group():
    h = hint("maquiavelo", "3h 4h 5h | Qs Qh Qd", "6h 9s")
    assert (h.card, h.groups, h.needs_rearranging) == (parse("6h"), (0,), False)


def test_hint_says_when_rearranging_is_needed():
    h = hint("maquiavelo", "3h 4h 5h 6h 7h | Qs Qh Qd", "5h")
    assert (h.card, h.groups, h.needs_rearranging) == (parse("5h"), (0,), True)


def test_hint_fewest_groups_two():
    h = hint("maquiavelo", "4s 5s 6s 7s | 4d 5d 6d 7d | Qs Qh Qd", "7h 2c")
    assert (h.card, h.groups, h.needs_rearranging) == (parse("7h"), (0, 1), True)


def test_hint_prefers_fewer_groups_over_no_rearranging():
    # Loose cards are not groups: 5s 5d + 5c changes none (but moves table cards).
    h = hint("tahiti", "6c 7c 8c", "5c", loose="5s 5d")
    assert h.groups == () and h.needs_rearranging


def test_hint_with_jokers_and_frozen_groups():
    h = hint("tahiti", "3d *4d 5d", "6d")
    assert (h.groups, h.needs_rearranging) == ((0,), False)
    h = hint("vaticano", "5s *5d 5c 5h | 9h 10h Jh", "8h")
    assert h.groups == (1,)


def test_no_play_gives_none():
    assert best("maquiavelo", "3h 4h 5h", "9c") is None
    assert hint("maquiavelo", "3h 4h 5h", "9c") is None
    assert solve_best("maquiavelo", T("3h 4h 5h"), []) is None
    assert solve_hint("maquiavelo", T("3h 4h 5h"), []) is None


def test_hand_written_cases_agree_with_the_exhaustive_search():
    cases = [("maquiavelo", "3h 4h 5h 6h 7h | Qs Qh Qd", "5h Qc"),
             ("vaticano", "3h 4h *5h 6h 7h 8h", "6h 2c"),
             ("tahiti", "4c *4d 4h 4s", "2c 3c 4d"),
             ("carrusel", "5s *5d 5c 5h | 5d 6d 7d | Js Qs Ks", "8s 9s"),
             ("tahiti", "Jd Qd Kd | *10d Jd Qd Kd", "10d 10c"),
             ("tahiti", "5h 6h *7h | 7s 7d 7c", "7h 4h"),
             ("tahiti", "3h 4h 5h *6h 7h 8h | 6s 6d 6c", "6h 2c"),
             ("carrusel", "5h 6h *7h | 7s 7d 7c", "7h 2c"),
             ("vaticano", "*6h 7h 8h 9h | 6s 6d 6c | 4h 5h 6h", "10h 2c")]
    for name, table, hand in cases:
        rules = RULESETS[name]
        expected = analyse(rules, T(table), H(hand))
        got = solve_best(rules, T(table), H(hand))
        assert (got.value, got.groups_changed) == expected["best"]
        h = solve_hint(rules, T(table), H(hand))
        assert (len(h.groups), h.needs_rearranging) == expected["hint"]


# ----- the output -------------------------------------------------------------------------------

def test_play_table_keeps_unchanged_groups_first_in_order():
    play = best("maquiavelo", "Qs Qh Qd | 3h 4h 5h | 9c 9d 9s", "6h")
    assert play.table[0] == tuple(H("Qs Qh Qd")) and play.table[1] == tuple(H("9s 9d 9c"))
    assert play.changed == (1,)


def test_bad_input_is_refused():
    with pytest.raises(SolverInputError):
        solve_best("maquiavelo", T("3h 4h"), H("5h"))
    with pytest.raises(SolverInputError):
        solve_best("maquiavelo", T("3h 4h 5h"), [parse("*5h")])
    with pytest.raises(SolverInputError):
        solve_best("maquiavelo", T("3h *4h 5h"), H("5h"))     # no jokers in Maquiavelo
    with pytest.raises(SolverInputError):
        solve_best("tahiti", T("*3h *4h 5h"), H("6h"))        # one joker per group
    with pytest.raises(SolverInputError):
        solve_best("nope", [], H("5h"))
    assert NAMED + parse("5h") == parse("*5h")


# ----- the command line -------------------------------------------------------------------------

def run_cli(stdin: str) -> tuple[int, dict]:
    done = subprocess.run([sys.executable, "-m", "engine.manipulacion.solve"], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    return done.returncode, json.loads(done.stdout)    # stdout is one JSON document, no banner


def test_cli_round_trip():
    code, out = run_cli(json.dumps({
        "rules": "carrusel", "table": ["5s *5d 5c 5h", ["Js", "Qs", "Ks"]], "hand": "8s 9s 5d"}))
    assert code == 0
    assert sorted(out["best"]["placed"]) == ["5d", "8s", "9s"]
    assert out["best"]["groups_changed"] == len(out["best"]["changed"]) == 1
    new_table = [[parse(x) for x in g] for g in out["best"]["table"]]
    check_play(RULESETS["carrusel"], T("5s *5d 5c 5h | Js Qs Ks"), H("8s 9s 5d"), [],
               Play(tuple(parse(x) for x in out["best"]["placed"]),
                    tuple(map(tuple, new_table)), (), tuple(out["best"]["changed"]),
                    out["best"]["value"]))
    assert out["hint"]["card"] in ("5d", "8s", "9s")
    assert out["hint"]["needs_rearranging"] in (True, False)


def test_cli_modes_and_loose_cards():
    out = cli.answer({"rules": "tahiti", "table": [], "hand": "5c", "loose": "5s 5d 9h",
                      "mode": "hint"})
    assert set(out) == {"hint"}
    assert out["hint"]["groups"] == [] and out["hint"]["play"]["loose"] == ["9h"]
    out = cli.answer({"rules": "maquiavelo", "table": ["3h 4h 5h"], "hand": "9c",
                      "mode": "best"})
    assert out == {"best": None}
    out = cli.answer({"rules": "vaticano", "table": [], "hand": "3h 4h 5h",
                      "opening_run": True, "ace": "low"})
    assert out["best"]["placed"] == ["3h", "4h", "5h"]


@pytest.mark.parametrize("stdin", [
    "not json",
    json.dumps({"rules": "maquiavelo", "table": ["3h 4h"], "hand": "5h"}),
    json.dumps({"rules": "maquiavelo", "table": ["3h 4h 5h"], "hand": "5x"}),
    json.dumps({"rules": "nope", "hand": "5h"}),
    json.dumps({"rules": "maquiavelo", "hand": "5h", "mode": "fast"}),
    json.dumps({"rules": "maquiavelo", "table": []}),
    json.dumps(["maquiavelo"]),
])
def test_cli_invalid_input_exits_2(stdin):
    code, out = run_cli(stdin)
    assert code == 2 and set(out) == {"error"} and out["error"]["message"]


def test_documented_example_is_current():
    text = (ROOT / "docs" / "manipulacion-solver.md").read_text()
    stdin = text.split("$ echo '", 1)[1].split("' \\", 1)[0]
    shown = text.split("```json\n", 1)[1].split("```", 1)[0]
    assert cli.answer(json.loads(stdin)) == json.loads(shown)
