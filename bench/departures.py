"""Are difícil's departures from normal's move good ones? Each is judged again with what the
search could not know.

    scripts/bench departures GAME [--seats 4] [--games 10] [--worlds 100] [--seed 91000]
                             [--option rounds=1] [--sure 2.0] [--out FILE]

Plays whole games of one difícil among normal players (its seat going round, as in
`scripts/bench strength`) and, at each decision where difícil leaves normal's move, plays both
moves on from the true state: the real hands (which the search only samples), the stock
reshuffled in each of `--worlds` worlds (nobody knows its order), the whole round (no horizon),
every seat by normal's rules, both moves meeting the same worlds. The value is the search's own
(the game's `Rules.value`). Prints, by kind of departure, what the search expected it to gain and
what it gained in those worlds (mean and standard error over the departures; + and − count the
departures that gained and lost), and by the margin the search saw (`--sure` lower than its
own 2 standard errors lets difícil depart on less, and shows whether those departures gain).

A strength run of whole games is the final word, but its luck needs hundreds of games to show a
few points; this says in a few games whether the search's choices are sound by its own measure,
and so whether a weak strength run is the value's fault, the search's or the luck's.
"""
from __future__ import annotations

import argparse
import copy
import importlib
import json
import random
import statistics
import sys
from collections import defaultdict
from contextlib import contextmanager
from typing import Any

from bench.strength import moves_made, parsed_options
from engine import search
from engine.registry import GAMES
from engine.search import searching_games

HIDDEN_ORDER = ("stock", "boneyard")    # the piles whose order nobody has seen
WHOLE_ROUND = 10 ** 6


@contextmanager
def whole_rounds(name: str):
    """The game's playouts without their horizon (where they have one), only meanwhile: the
    difícil at the table keeps its own."""
    module: Any = importlib.import_module(f"engine.{name}.hard")
    horizon = getattr(module, "HORIZON", None)
    if horizon is not None:
        module.HORIZON = WHOLE_ROUND
    try:
        yield
    finally:
        if horizon is not None:
            module.HORIZON = horizon


def judge_again(name: str, game, rules, moves: list[dict], worlds: int) -> list[float]:
    """The second move's result less the first's in each of `worlds` copies of the true state."""
    with whole_rounds(name):
        return _differences(game, rules, moves, worlds)


def _differences(game, rules, moves: list[dict], worlds: int) -> list[float]:
    diffs = []
    for k in range(worlds):
        results = []
        for move in moves:
            world = copy.deepcopy(game)
            for pile in HIDDEN_ORDER:
                if isinstance(getattr(world, pile, None), list):
                    random.Random(k).shuffle(getattr(world, pile))
            rules.play(world, move)
            rules.finish(world, random.Random(10_000 + k))
            results.append(rules.value(world))
        diffs.append(results[1] - results[0])
    return diffs


def kind(view: dict, normal: dict, chosen: dict) -> str:
    phase = f"{view['phase']}: " if view.get("phase") else ""
    return f"{phase}{normal['type']} → {chosen['type']}"


def departures(name: str, seats: int, seed: int, worlds: int, options: dict | None = None,
               only: str | None = None, below: float | None = None):
    """Each departure of one game: (kind, the search's expected gain, its margin in standard
    errors, the gains found). With `only` (a kind) or `below` (a margin), the other departures
    are played but not judged: judging is most of the cost."""
    game_class = GAMES[name]
    hard_seat = seed % seats
    game = game_class.new(seats, options or {}, seed)
    bots = [game_class.make_bot("dificil" if s == hard_seat else "normal", s, seed)
            for s in range(seats)]
    rules = game_class.make_bot("dificil", hard_seat, seed).rules    # the oracle's own
    for actor, view, action, _, _ in moves_made(game, bots):
        judged = getattr(bots[actor], "last", None) if actor == hard_seat else None
        if judged and action != judged[0].action:
            chosen = next(j for j in judged if j.action == action)
            what, margin = kind(view, judged[0].action, action), chosen.margin_over(judged[0])
            if (only is None or what == only) and (below is None or margin < below):
                yield (what, chosen.mean - judged[0].mean, margin,
                       judge_again(name, game, rules, [judged[0].action, action], worlds))
        game.apply(actor, action)


MARGINS = (1.0, 1.5, 2.0, 2.5, 3.0, 4.0)


def margin_band(margin: float) -> str:
    low = max((m for m in MARGINS if margin >= m), default=0.0)
    higher = [m for m in MARGINS if m > low]
    return f"margin {low:g}–{higher[0]:g}" if higher else f"margin {low:g}+"


def show(found: list[tuple[str, float, float, list[float]]]) -> None:
    """By kind of departure, and by how sure the search was (its margin over normal's move)."""
    groups = defaultdict(list)
    for row in found:
        groups[(1, row[0])].append(row)
        groups[(2, margin_band(row[2]))].append(row)
        groups[(0, "all")].append(row)
    print(f"{'departure':32} {'n':>4} {'expected':>9} {'found':>16}   + / −")
    for (_, name), rows in sorted(groups.items()):
        gains = [statistics.mean(r[3]) for r in rows]
        se = statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else 0.0
        up, down = sum(g > 0 for g in gains), sum(g < 0 for g in gains)
        print(f"{name:32} {len(rows):4} {statistics.mean(r[1] for r in rows):9.1f} "
              f"{statistics.mean(gains):9.1f} ± {se:5.1f}   {up} / {down}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=searching_games())
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--worlds", type=int, default=100)
    parser.add_argument("--seed", type=int, default=91000)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--sure", type=float,
                        help="the margin a departure needs (engine/search.SURE) at the table")
    parser.add_argument("--only", metavar="KIND", help="judge only this kind of departure "
                        "(as printed, e.g. 'draw: pass → buy')")
    parser.add_argument("--below", type=float, metavar="MARGIN",
                        help="judge only the departures less sure than this")
    parser.add_argument("--out", help="append each departure as a JSON line")
    args = parser.parse_args(argv)
    if args.sure is not None:
        search.SURE = args.sure
    options = parsed_options(args.option)
    found = []
    for g in range(args.games):
        for row in departures(args.game, args.seats, args.seed + g, args.worlds, options,
                              args.only, args.below):
            found.append(row)
            if args.out:
                with open(args.out, "a") as f:
                    f.write(json.dumps({"game": args.game, "seats": args.seats,
                                        "seed": args.seed + g, "options": options,
                                        "kind": row[0],
                                        "sure": search.SURE, "expected": row[1],
                                        "margin": row[2], "found": row[3]}) + "\n")
        print(f"game {g + 1} of {args.games}: {len(found)} departures so far", file=sys.stderr)
    if found:
        show(found)
    else:
        print("no departures from normal's move")
    return 0


if __name__ == "__main__":
    sys.exit(main())
