"""The Manipulación solver on the command line: one JSON instance on standard input, the
answer as JSON on standard output (format: docs/manipulacion-solver.md).

    echo '{"rules": "maquiavelo", "table": ["3h 4h 5h 6h 7h"], "hand": "5h"}' \\
        | python -m engine.manipulacion.solve

Invalid input: {"error": {...}} on standard output and exit code 2.
"""
from __future__ import annotations

import json
import sys
from dataclasses import replace
from typing import Any

from engine.cards import NotationError
from engine.manipulacion.melds import ACE_MODES, fmt, parse
from engine.manipulacion.rulesets import RULESETS
from engine.manipulacion.solver import Hint, Play, SolverInputError, solve_best, solve_hint

MODES = ("best", "hint", "both")


class BadInput(ValueError):
    pass


def cards(value: Any, what: str) -> list[int]:
    """A card list from a string ("4h *5h 6h") or a list of card strings."""
    if isinstance(value, str):
        tokens = value.split()
    elif isinstance(value, list) and all(isinstance(t, str) for t in value):
        tokens = value
    else:
        raise BadInput(f"{what}: expected a string or a list of card strings")
    try:
        return [parse(t) for t in tokens]
    except NotationError as error:
        raise BadInput(f"{what}: {error}") from None


def read_instance(data: Any) -> dict:
    if not isinstance(data, dict):
        raise BadInput("the input must be a JSON object")
    unknown = set(data) - {"rules", "ace", "table", "hand", "loose", "mode", "opening_run"}
    if unknown:
        raise BadInput(f"unknown keys: {', '.join(sorted(unknown))}")
    name = data.get("rules")
    if name not in RULESETS:
        raise BadInput(f"rules: one of {', '.join(RULESETS)}")
    rules = RULESETS[name]
    if "ace" in data:
        if data["ace"] not in ACE_MODES:
            raise BadInput(f"ace: one of {', '.join(ACE_MODES)}")
        rules = replace(rules, ace=data["ace"])
    table = data.get("table", [])
    if not isinstance(table, list):
        raise BadInput("table: expected a list of groups")
    mode = data.get("mode", "both")
    if mode not in MODES:
        raise BadInput(f"mode: one of {', '.join(MODES)}")
    opening = data.get("opening_run", False)
    if not isinstance(opening, bool):
        raise BadInput("opening_run: true or false")
    if "hand" not in data:
        raise BadInput("hand: missing")
    return {"rules": rules,
            "table": [cards(g, f"table group {i}") for i, g in enumerate(table)],
            "hand": cards(data["hand"], "hand"),
            "loose": cards(data.get("loose", []), "loose"),
            "mode": mode, "opening_run": opening}


def play_json(play: Play | None) -> dict | None:
    if play is None:
        return None
    return {"placed": [fmt(c) for c in play.placed], "value": play.value,
            "groups_changed": play.groups_changed, "changed": list(play.changed),
            "table": [[fmt(x) for x in g] for g in play.table],
            "loose": [fmt(c) for c in play.loose]}


def hint_json(hint: Hint | None) -> dict | None:
    if hint is None:
        return None
    return {"card": fmt(hint.card), "groups": list(hint.groups),
            "needs_rearranging": hint.needs_rearranging, "play": play_json(hint.play)}


def answer(data: Any) -> dict:
    """The JSON answer for one decoded instance; BadInput/SolverInputError when it is invalid."""
    inst = read_instance(data)
    args = (inst["rules"], inst["table"], inst["hand"], inst["loose"])
    out: dict = {}
    if inst["mode"] in ("best", "both"):
        out["best"] = play_json(solve_best(*args, opening_run=inst["opening_run"]))
    if inst["mode"] in ("hint", "both"):
        out["hint"] = hint_json(solve_hint(*args, opening_run=inst["opening_run"]))
    return out


def main(argv: list[str] | None = None) -> int:
    try:
        data = json.loads(sys.stdin.read())
        out = answer(data)
    except json.JSONDecodeError as error:
        return _error("bad_json", f"not JSON: {error}")
    except (BadInput, SolverInputError) as error:
        return _error("bad_input", str(error))
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")
    return 0


def _error(code: str, message: str) -> int:
    json.dump({"error": {"code": code, "message": message}}, sys.stdout)
    sys.stdout.write("\n")
    return 2


if __name__ == "__main__":
    sys.exit(main())
