"""How strong is "difícil"? It plays against "normal", seats swapped game by game.

    scripts/bench strength [GAME ...] [--games 1000] [--tables 2,4] [--workers 2]
                           [--option rounds=3] [--playouts N] [--seed 1000] [--sure 2.0]
                           [--bar pass=0.5]
                           [--peek] [--search-seconds S]

For each game and table size: head to head (2 seats: one difícil, one normal) and one difícil
among normal players (4 seats, or the game's most when fewer). Difícil sits at each seat in
turn. Prints difícil's share of the games won (a shared win counts as a share) with its 95%
Wilson interval, against the fair share, and the time of each of difícil's decisions that
searched (p50/p95/max, ms) and how many of those left normal's move. Games run in `--workers`
processes. `--baseline` plays every game again with normal in difícil's seat (the same deal)
and prints the paired difference; `--playouts` and `--sure` (the standard errors a move must
beat normal's by, engine/search.SURE) try other settings, and `--bar TYPE=SE` another bar
where normal's move is of that type (engine/search.BARS: `--bar pass=0.5`, a buy where normal
passes on half a standard error); `--peek` gives difícil's worlds the
true hidden cards (bench/peek.py: not a player for the table), an upper bound for its reading
of them. `--record FILE` appends each game as it ends (so a long run stopped early keeps what it
played), with `--label` naming the code it ran; `--report FILE ...` joins such records, by game,
table size, options, settings and label (`--pool`: and across labels); `--report FILE ...
--versus LABEL OTHER` pairs two labels' games of the same deals (a change of the player against
the player before it). `--search-seconds S` cuts each search at S seconds of the wall clock, as
the host does (server/brains.py, SEARCH_SECONDS): difícil's strength on this
machine as a family meets it; without it the budget alone decides, on any machine alike. The
runs kept so far are in bench/records/.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from bench.peek import peeking
from engine import search
from engine.registry import GAMES
from engine.search import searching_games

HARD = "dificil"
MAX_ACTIONS = 50_000


def next_move(game, bots) -> tuple[int, dict, dict, float, float] | None:
    """The first seat that acts now and its move, not yet made: (seat, its view, the move, the
    decision's seconds, its seconds of CPU); None when no bot has a move."""
    for seat in game.actors():
        if seat is None:
            continue
        view = game.view(seat)
        start, started_cpu = time.perf_counter(), time.process_time()
        action = bots[seat].choose(view)
        if action is not None:
            return (seat, view, action, time.perf_counter() - start,
                    time.process_time() - started_cpu)
    return None


def run_clock(game) -> bool:
    """Nobody acts: the first clock's move (a buy window closing); False when there is none."""
    timers = game.timers()
    if timers:
        game.apply(None, timers[0].action)
    return bool(timers)


def moves_made(game, bots):
    """Each bot's move as the game goes, as `next_move` gives it, for the caller to make;
    the clocks run when nobody acts. Ends with the game, or when nothing moves it on."""
    for _ in range(MAX_ACTIONS):
        if game.finished:
            return
        moved = next_move(game, bots)
        if moved is None:
            if not run_clock(game):
                return
            continue
        yield moved


def play_one(job: tuple) -> tuple[float, list[float], int, list[float]]:
    """One game: (the share of the win of the player in `hard_seat`, its searching decisions'
    seconds, how many of them left normal's move, the same decisions' seconds of CPU: the wall
    clock counts whatever else the machine runs, the CPU only the decision's own work). `level`
    is difícil, or normal for the paired baseline; `peek`: difícil's worlds hold the true hidden
    cards (bench/peek.py)."""
    name, players, hard_seat, seed, options, playouts, sure, bars, level, peek, seconds = job
    if sure is not None:
        search.SURE = sure
    search.BARS = dict(bars or {})
    return _played(name, players, hard_seat, seed, options, playouts, level, peek, seconds)


class Limited:
    """Difícil as the host asks it (server/brains.py): each search cut `seconds` after."""

    def __init__(self, bot, seconds: float):
        self.bot, self.seconds = bot, seconds

    def choose(self, view: dict):
        return self.bot.choose(view, search.clock() + self.seconds)

    @property
    def last(self):
        return self.bot.last


def _played(name, players, hard_seat, seed, options, playouts, level, peek, seconds):
    game_class = GAMES[name]
    game = game_class.new(players, options, seed)
    bots = []
    for place in range(players):
        bot = game_class.make_bot(level if place == hard_seat else "normal", place, seed)
        if place == hard_seat and playouts and level == HARD:
            bot.playouts = playouts
        if place == hard_seat and peek and level == HARD:
            peeking(bot.rules, game)
        if place == hard_seat and seconds is not None and level == HARD:
            bot = Limited(bot, seconds)
        bots.append(bot)
    thinking: list[float] = []
    cpu: list[float] = []
    changed = 0
    for seat, _, action, spent, spent_cpu in moves_made(game, bots):
        if seat == hard_seat and getattr(bots[seat], "last", None):
            thinking.append(spent)
            cpu.append(spent_cpu)
            changed += action != bots[seat].last[0].action
        game.apply(seat, action)
    result = game.result() or {"winners": []}
    winners = result["winners"]
    return (1 / len(winners) if hard_seat in winners else 0.0), thinking, changed, cpu


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def paired(won: list[float], baseline: list[float]) -> tuple[float, float, float]:
    """Difícil's share less normal's in the same seats and deals, with its 95% interval: the
    luck of the deal is in both, so the difference needs far fewer games to show."""
    diffs = [a - b for a, b in zip(won, baseline, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    spread = (sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)) ** 0.5
    half = 1.96 * spread / math.sqrt(n)
    return mean, mean - half, mean + half


def play_pair(job: tuple) -> dict:
    """One deal: difícil's game and, when `baseline`, the same deal with normal in its seat;
    the record kept for it (`--record`) and joined by `summarise`."""
    (name, players, hard_seat, seed, options, playouts, sure, bars, baseline, label, peek,
     seconds) = job
    won, thinking, changed, cpu = play_one((name, players, hard_seat, seed, options, playouts,
                                            sure, bars, HARD, peek, seconds))
    record = {"game": name, "players": players, "seed": seed, "seat": hard_seat,
              "options": options, "playouts": playouts, "sure": sure, "label": label, "won": won,
              "thinking_ms": [round(t * 1000, 1) for t in thinking],
              "cpu_ms": [round(t * 1000, 1) for t in cpu], "changed": changed}
    if bars:
        record["bars"] = bars
    if peek:
        record["peek"] = True
    if seconds is not None:
        record["search_seconds"] = seconds
    if baseline:
        record["baseline"] = play_one((name, players, hard_seat, seed, options, None, None,
                                       None, "normal", False, None))[0]
    return record


def summarise(records: list[dict]) -> dict:
    games = len(records)
    won = [r["won"] for r in records]
    share = sum(won) / games
    low, high = wilson(share, games)
    ms = sorted(t for r in records for t in r["thinking_ms"])
    cpu = sorted(t for r in records for t in r.get("cpu_ms", ()))   # older records have none
    paired_records = [r for r in records if "baseline" in r]
    baseline = [r["baseline"] for r in paired_records]
    return {"game": records[0]["game"], "players": records[0]["players"], "games": games,
            "share": share, "low": low, "high": high, "fair": 1 / records[0]["players"],
            "decisions": len(ms), "changed": sum(r["changed"] for r in records),
            "paired": len(paired_records),
            "baseline": sum(baseline) / len(baseline) if baseline else None,
            "difference": (paired([r["won"] for r in paired_records], baseline)
                           if len(baseline) > 1 else None),
            "p50": statistics.median(ms) if ms else 0.0,
            "p95": ms[int(0.95 * (len(ms) - 1))] if ms else 0.0, "max": ms[-1] if ms else 0.0,
            "cpu": (statistics.median(cpu), cpu[int(0.95 * (len(cpu) - 1))], cpu[-1])
            if cpu else None, "cpu_decisions": len(cpu)}


def measure(name: str, players: int, games: int, options: dict, playouts: int | None,
            workers: int, first_seed: int = 1000, sure: float | None = None,
            with_baseline: bool = False, record: str | None = None, label: str = "",
            peek: bool = False, search_seconds: float | None = None,
            bars: dict | None = None) -> dict:
    jobs = [(name, players, g % players, first_seed + g, options, playouts, sure, bars,
             with_baseline, label, peek, search_seconds) for g in range(games)]
    records = []
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for one in pool.map(play_pair, jobs, chunksize=1):
            records.append(one)
            if record:
                with open(record, "a", encoding="utf-8") as out:
                    out.write(json.dumps(one) + "\n")
    return summarise(records) | {"seconds": time.perf_counter() - started}


def parsed_options(pairs: list[str]) -> dict:
    """`--option NAME=VALUE` as the game's options (each value read as JSON)."""
    return {k: json.loads(v) for k, v in (o.split("=", 1) for o in pairs)}


def parsed_bars(pairs: list[str]) -> dict[str, float]:
    """`--bar TYPE=SE` as engine/search.BARS."""
    return {k: float(v) for k, v in (b.split("=", 1) for b in pairs)}


def records(paths: list[str]):
    """Every game recorded in these files (`--record`), in order."""
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            yield from (json.loads(line) for line in lines if line.strip())


def report(paths: list[str], pool: bool = False) -> list[dict]:
    """The records of earlier runs (`--record`), joined by game, table size, options,
    settings and label; a deal met twice counts once (its first record). `pool` joins the
    labels too (for code whose difícil plays the same: check the diff of engine/ first) and
    lists them."""
    groups: dict[str, dict[int, dict]] = {}
    for r in records(paths):
        key = json.dumps([r["game"], r["players"], r["options"], r["playouts"], r["sure"],
                          "" if pool else r.get("label", ""), *(["peek"] if r.get("peek") else []),
                          *([r["bars"]] if r.get("bars") else []),
                          *([r["search_seconds"]] if "search_seconds" in r else [])],
                         sort_keys=True)
        groups.setdefault(key, {}).setdefault(r["seed"], r)
    return [summarise(list(deals.values()))
            | {"settings": key,
               "labels": sorted({r.get("label", "") for r in deals.values()})}
            for key, deals in sorted(groups.items())]


def versus(paths: list[str], first: str, second: str) -> list[dict]:
    """Two labels' records of the same deals (game, table, options, seed, seat), paired: the
    first label's share, the second's, and the difference with its 95% interval. Two players
    that often choose alike win or lose the same deals, so this shows a change of the player
    in far fewer games than either's share against normal."""
    found: dict[str, dict[tuple, dict]] = {first: {}, second: {}}
    for r in records(paths):
        if r.get("label") in found:
            key = (r["game"], r["players"], json.dumps(r["options"], sort_keys=True),
                   r["seed"], r["seat"])
            found[r["label"]].setdefault(key, r)
    rows = []
    for table in sorted({k[:3] for k in found[first]} & {k[:3] for k in found[second]}):
        keys = sorted(k for k in found[first] if k[:3] == table and k in found[second])
        a = [found[first][k]["won"] for k in keys]
        b = [found[second][k]["won"] for k in keys]
        rows.append({"game": table[0], "players": table[1], "options": table[2],
                     "games": len(keys), "first": sum(a) / len(a), "second": sum(b) / len(b),
                     "difference": paired(a, b) if len(keys) > 1 else None,
                     "differ": sum(1 for x, y in zip(a, b, strict=True) if x != y)})
    return rows


def show(r: dict) -> None:
    interval = f"{r['share']:.1%} [{r['low']:.1%}, {r['high']:.1%}]"
    seconds = f"{r['seconds']:.0f} s; " if "seconds" in r else ""
    print(f"{r['game']:<14}{r['players']:>6}{r['games']:>7}  {interval:<22}{r['fair']:>6.0%}"
          f"{r['decisions']:>11}{r['p50']:>8.0f}{r['p95']:>8.0f}{r['max']:>8.0f}"
          f"   ({seconds}{r['changed']} left normal's move)", flush=True)
    if r["cpu"]:
        print(f"{'':<20}the same decisions in seconds of CPU ({r['cpu_decisions']}): "
              f"p50 {r['cpu'][0]:.0f}, p95 {r['cpu'][1]:.0f}, max {r['cpu'][2]:.0f} ms", flush=True)
    if r["difference"]:
        mean, low, high = r["difference"]
        print(f"{'':<20}normal in the same seats and deals ({r['paired']}): {r['baseline']:.1%}; "
              f"difícil less normal: {mean:+.1%} [{low:+.1%}, {high:+.1%}]", flush=True)


HEADER = (f"{'game':<14}{'seats':>6}{'games':>7}  {'difícil wins':<22}{'fair':>6}"
          f"{'decisions':>11}{'p50 ms':>8}{'p95 ms':>8}{'max ms':>8}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/bench strength")
    parser.add_argument("games_named", nargs="*", metavar="GAME")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--tables", default="2,4")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--playouts", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1000, help="the first game's seed")
    parser.add_argument("--sure", type=float, default=None,
                        help="standard errors a move must beat normal's by (engine/search.SURE)")
    parser.add_argument("--bar", action="append", default=[], metavar="TYPE=SE",
                        help="another bar where normal's move is of this type (engine/search.BARS)")
    parser.add_argument("--baseline", action="store_true",
                        help="also play every game with normal in difícil's seat, same deal, and "
                             "print the paired difference")
    parser.add_argument("--record", metavar="FILE",
                        help="append each game's record to FILE as it ends (JSON lines)")
    parser.add_argument("--label", default="", help="the code a record ran (e.g. a commit)")
    parser.add_argument("--report", nargs="+", metavar="FILE",
                        help="print the figures of earlier runs' records instead of playing")
    parser.add_argument("--pool", action="store_true",
                        help="with --report: join the records of every label (the same player)")
    parser.add_argument("--peek", action="store_true",
                        help="difícil's worlds hold the true hidden cards (bench/peek.py): how "
                             "far a perfect reading of them could take its search")
    parser.add_argument("--search-seconds", type=float, default=None, metavar="S",
                        help="cut each search at S seconds of the wall clock, as the host does")
    parser.add_argument("--versus", nargs=2, metavar=("LABEL", "OTHER"),
                        help="with --report: the two labels' games of the same deals, paired")
    args = parser.parse_args(argv)
    searching = searching_games()
    names = args.games_named or searching
    options = parsed_options(args.option)
    if args.report and args.versus:
        first, second = args.versus
        for r in versus(args.report, first, second):
            mean, low, high = r["difference"] or (0.0, 0.0, 0.0)
            print(f"{r['game']} {r['players']} seats {r['options']}, {r['games']} deals: "
                  f"{first} {r['first']:.1%}, {second} {r['second']:.1%}; {first} less {second}: "
                  f"{mean:+.1%} [{low:+.1%}, {high:+.1%}] ({r['differ']} deals ended otherwise)",
                  flush=True)
        return 0
    print(HEADER, flush=True)
    if args.report:
        for r in report(args.report, args.pool):
            show(r)
            print(f"{'':<20}{r['settings']}, labels {', '.join(r['labels'])}", flush=True)
        return 0
    for name in names:
        game_class = GAMES[name]
        if name not in searching:
            print(f"{name}: no difícil player yet", file=sys.stderr)
            continue
        for players in (int(t) for t in args.tables.split(",")):
            players = max(game_class.min_players, min(players, game_class.max_players))
            show(measure(name, players, args.games, options, args.playouts, args.workers,
                         args.seed, args.sure, args.baseline, args.record, args.label,
                         args.peek, args.search_seconds, parsed_bars(args.bar)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
