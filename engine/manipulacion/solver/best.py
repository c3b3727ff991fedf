"""The best play: the most (points of) hand cards placed, then the fewest groups changed."""
from __future__ import annotations

from typing import Iterable, Sequence

from engine.manipulacion.rulesets import RuleSet
from engine.manipulacion.solver.extract import extract
from engine.manipulacion.solver.instance import prepare
from engine.manipulacion.solver.program import build
from engine.manipulacion.solver.results import Play


def solve_best(ruleset: RuleSet | str, table: Iterable[Sequence[int]], hand: Sequence[int],
               loose: Sequence[int] = (), *, opening_run: bool = False) -> Play | None:
    """The play that places the most (points of) hand cards, then changes the fewest original
    groups; None when no legal play exists. `opening_run`: Vaticano's first play, which must
    include a 3-card run of real hand cards."""
    inst = prepare(ruleset, table, hand, loose)
    if not inst.hand_real and not inst.hand_jokers:
        return None
    model = build(inst, hint=False, opening_run=opening_run)
    sol = model.solve()
    return None if sol is None else extract(inst, model, sol)[0]
