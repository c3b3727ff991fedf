"""How well does difícil read what it cannot see? At each position of games among normal
players where difícil would search, its honest choice against the choice of the same search
seeing every hand (bench/peek.py). A way of reading the hidden cards (from passes, draws, the
other seats' choices) is worth trying in whole games only if it brings the honest choice
closer to the peeking one: hundreds of positions show that, where a gain in games needs
thousands.

    scripts/bench reading GAME [--seats 4] [--games 15] [--seed 0] [--every 1] [--ceiling]
                          [--option rounds=1] [--workers 2] [--record FILE --label NAME]
    scripts/bench reading --report FILE ... [--versus LABEL OTHER]

The positions are those of the seeded games of normal players (the same for any difícil, so
two labels' records pair position by position); `--every K` keeps one in K. Prints the share
of the positions where the two choices agree, with its 95 % interval, and the honest search's
CPU per decision; `--versus` pairs two labels over the positions both met.

`--ceiling` measures how far the share can go: at each position the peeking search against
itself with another seed (other worlds, the same true hands). What two seeds of the same
seeing search leave apart is the search's own noise, that no reading of the hidden cards
closes; a reading worth trying is one that brings the honest share toward this one.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from bench.peek import peeking
from bench.strength import moves_made, parsed_options, records, wilson
from engine.registry import GAMES


def positions_of(job: tuple) -> dict:
    """One game of normal players: at each position kept where difícil would search, whether
    its honest choice is the peeking one's, and the honest decision's CPU seconds."""
    name, players, seed, options, every, ceiling = job
    game_class = GAMES[name]
    game = game_class.new(players, options, seed)
    normal = [game_class.make_bot("normal", s, seed) for s in range(players)]
    agree: list[bool] = []
    cpu: list[float] = []
    searched = 0
    for seat, view, action, _, _ in moves_made(game, normal):
        honest = game_class.make_bot("dificil", seat, seed)
        if len(honest.rules.candidates(view)) > 1:
            searched += 1
            if searched % every == 0:
                if ceiling:             # the same seeing search, other worlds
                    honest = game_class.make_bot("dificil", seat, seed + 1)
                    peeking(honest.rules, game)
                started = time.process_time()
                mine = honest.choose(view)
                cpu.append(time.process_time() - started)
                seeing = game_class.make_bot("dificil", seat, seed)
                peeking(seeing.rules, game)
                agree.append(mine == seeing.choose(view))
        game.apply(seat, action)
    return {"game": name, "players": players, "seed": seed, "options": options,
            "every": every, **({"ceiling": True} if ceiling else {}), "agree": agree,
            "cpu_ms": [round(t * 1000, 1) for t in cpu]}


def summary(records: list[dict]) -> dict:
    agree = [a for r in records for a in r["agree"]]
    cpu = sorted(t for r in records for t in r["cpu_ms"])
    share = sum(agree) / len(agree) if agree else 0.0
    return {"positions": len(agree), "share": share, "interval": wilson(share, len(agree)),
            "cpu": (statistics.median(cpu), cpu[int(0.95 * (len(cpu) - 1))]) if cpu else None}


def versus(records: list[dict], first: str, second: str) -> dict:
    """Two labels over the positions both met: each one's share of agreement and how many
    positions only one of them got right (a change shows in those)."""
    found: dict[str, dict] = {first: {}, second: {}}
    for r in records:
        if r.get("label") in found:
            key = (r["game"], r["players"], json.dumps(r["options"], sort_keys=True),
                   r["seed"], r["every"])
            found[r["label"]].setdefault(key, r["agree"])
    pairs = [(a, b) for key, mine in found[first].items() if key in found[second]
             for a, b in zip(mine, found[second][key], strict=True)]
    n = len(pairs)
    only_first = sum(1 for a, b in pairs if a and not b)
    only_second = sum(1 for a, b in pairs if b and not a)
    return {"positions": n, "first": sum(a for a, _ in pairs) / n if n else 0.0,
            "second": sum(b for _, b in pairs) / n if n else 0.0,
            "only_first": only_first, "only_second": only_second}


def show(name: str, players: int, s: dict, ceiling: bool = False) -> None:
    low, high = s["interval"]
    searcher = "the second seeing search" if ceiling else "the honest search"
    cpu = f"; {searcher}'s CPU p50 / p95 {s['cpu'][0]:.0f} / {s['cpu'][1]:.0f} ms" \
        if s["cpu"] else ""
    what = "two seeds of the seeing search choose alike" if ceiling \
        else "the honest choice is the peeking one"
    print(f"{name} at {players} seats: {what} at "
          f"{s['share']:.1%} [{low:.1%}, {high:.1%}] of {s['positions']} positions{cpu}",
          flush=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/bench reading")
    parser.add_argument("game", nargs="?", choices=sorted(GAMES))
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--games", type=int, default=15)
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--every", type=int, default=1, help="keep one position in K")
    parser.add_argument("--ceiling", action="store_true",
                        help="the seeing search against itself with another seed")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--record", metavar="FILE")
    parser.add_argument("--label", default="")
    parser.add_argument("--report", nargs="+", metavar="FILE")
    parser.add_argument("--versus", nargs=2, metavar=("LABEL", "OTHER"))
    args = parser.parse_args(argv)
    if args.report:
        kept = list(records(args.report))
        if args.versus:
            v = versus(kept, *args.versus)
            print(f"{v['positions']} positions: {args.versus[0]} {v['first']:.1%}, "
                  f"{args.versus[1]} {v['second']:.1%}; only {args.versus[0]} right at "
                  f"{v['only_first']}, only {args.versus[1]} at {v['only_second']}")
            return 0
        for label in sorted({r.get("label", "") for r in kept}):
            mine = [r for r in kept if r.get("label", "") == label]
            print(f"[{label}] ", end="")
            show(mine[0]["game"], mine[0]["players"], summary(mine), bool(mine[0].get("ceiling")))
        return 0
    if not args.game:
        parser.error("name a game, or --report FILE")
    options = parsed_options(args.option)
    jobs = [(args.game, args.seats, args.seed + g, options, args.every, args.ceiling)
            for g in range(args.games)]
    done = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for record in pool.map(positions_of, jobs, chunksize=1):
            record["label"] = args.label
            done.append(record)
            if args.record:
                with open(args.record, "a", encoding="utf-8") as out:
                    out.write(json.dumps(record) + "\n")
    show(args.game, args.seats, summary(done), args.ceiling)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
