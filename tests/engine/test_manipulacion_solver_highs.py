"""The solver shares the process with other HiGHS users: it sets options on its own models only.

HiGHS keeps one thread scheduler per process, sized by the first model that runs; a later model
whose `threads` option differs from it fails to run. Each case runs in a fresh interpreter (the
scheduler of this test process is long since made) and interleaves a model built with
highspy's defaults with our solves, in both orders; both must give the right answers, and the
other model's options must still be HiGHS's defaults afterwards."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = textwrap.dedent('''
    import json, sys
    import highspy
    from engine.manipulacion.melds import parse_all
    from engine.manipulacion.rulesets import RULESETS
    from engine.manipulacion.solver import solve_best
    from engine.manipulacion.solver.hints import hint_by_model
    from engine.manipulacion.solver.instance import prepare
    from tests.engine.manipulacion_bruteforce import analyse

    order, threads = sys.argv[1], int(sys.argv[2])
    out = {}

    def other():
        """Someone else's small integer program, with highspy's defaults (threads: `threads`
        stands for the default of a machine with more cores than this one)."""
        h = highspy.Highs()
        h.silent()
        if threads:
            h.setOptionValue("threads", threads)
        x = h.addIntegral(lb=0, ub=10)
        y = h.addIntegral(lb=0, ub=10)
        h.addConstr(x + 2 * y <= 4)
        h.addConstr(3 * x + y <= 6)
        h.maximize(x + y)
        names = ("threads", "mip_rel_gap", "mip_abs_gap", "presolve", "mip_pool_soft_limit",
                 "mip_heuristic_run_feasibility_jump")
        out.setdefault("other", []).append({
            "status": h.modelStatusToString(h.getModelStatus()),
            "objective": h.getInfo().objective_function_value,
            "options": {n: h.getOptionValue(n)[1] for n in names}})

    def ours():
        rules = RULESETS["maquiavelo"]
        table = [parse_all(g) for g in ("3h 4h 5h 6h", "7s 7d 7c", "9h 10h Jh")]
        hand = parse_all("8h 7h 2c Ks")
        play = solve_best(rules, table, hand)
        hint = hint_by_model(prepare(rules, table, hand, ()))     # HiGHS's MIP, always
        expected = analyse(rules, table, hand, [])
        out.setdefault("ours", []).append({
            "best": [play.value, play.groups_changed] if play else None,
            "hint": [len(hint.groups), hint.needs_rearranging] if hint else None,
            "expected": [list(expected["best"]) if expected["best"] else None,
                         list(expected["hint"]) if expected["hint"] else None]})

    steps = {"other-first": (other, ours, other, ours), "ours-first": (ours, other, ours, other)}
    for step in steps[order]:
        step()
    print(json.dumps(out))
''')


def run(order: str, threads: int = 0) -> dict:
    done = subprocess.run([sys.executable, "-c", SCRIPT, order, str(threads)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def defaults() -> dict:
    import highspy
    h = highspy.Highs()
    h.silent()
    names = ("threads", "mip_rel_gap", "mip_abs_gap", "presolve", "mip_pool_soft_limit",
             "mip_heuristic_run_feasibility_jump")
    return {n: h.getOptionValue(n)[1] for n in names}


@pytest.mark.parametrize("threads", [0, 2], ids=["defaults", "defaults-of-a-4-core-machine"])
@pytest.mark.parametrize("order", ["other-first", "ours-first"])
def test_solver_and_another_highs_user_in_one_process(order, threads):
    out = run(order, threads)
    want = defaults()
    if threads:
        want["threads"] = threads
    assert len(out["other"]) == 2 and len(out["ours"]) == 2
    for other in out["other"]:
        assert other["status"] == "Optimal"
        assert other["objective"] == pytest.approx(2.0)
        assert other["options"] == want
    for ours in out["ours"]:
        assert ours["best"] is not None and ours["hint"] is not None
        assert [ours["best"], ours["hint"]] == ours["expected"]


def test_solver_sets_nothing_process_wide():
    """Our models leave `threads` to HiGHS (0: whatever the process's scheduler has)."""
    from engine.manipulacion.solver.highs_model import highs
    h = highs()
    assert h.getOptionValue("threads")[1] == 0
    assert h.getOptionValue("output_flag")[1] is False
