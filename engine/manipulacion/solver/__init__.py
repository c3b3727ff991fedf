"""Exact hints and best plays for Rummy Manipulación.

    solve_best(ruleset, table, hand, loose=()) -> Play | None
    solve_hint(ruleset, table, hand, loose=()) -> Hint | None

Cards are ints as in `melds`: a table card is a real card's code or ``NAMED + code`` (a named
joker); a hand or loose card is a real code or ``JOKER`` (a free joker). `table` is a list of
groups, each valid under the rule set. `ruleset` is a `RuleSet` or its name.

Each call builds one integer program over a catalogue of candidate groups (built once per ace
mode) and solves it exactly with HiGHS; docs/manipulacion-solver.md gives the model, the joker
formulations and why an integer program. Everything here is deterministic.

The modules, in the order a call goes through them: `instance` (the call's cards, checked, and
the table's jokers), `catalogue` (every valid group, once per ace mode), `program` (the integer
program over them), `highs_model` (a small model builder and our branch and bound over HiGHS),
`extract` (from a solution back to a play, checked), `best` and `hints` (the two questions);
`results` holds what they answer.
"""
from engine.manipulacion.solver.best import solve_best
from engine.manipulacion.solver.hints import solve_hint
from engine.manipulacion.solver.results import Hint, Play, SolverInputError

__all__ = ["Hint", "Play", "SolverInputError", "solve_best", "solve_hint"]
