"""How well does difícil read what it cannot see? At each position of games among normal
players where difícil would search, its honest choice against the choice of the same search
seeing every hand (bench/peek.py). A way of reading the hidden cards (from passes, draws, the
other seats' choices) is worth trying in whole games only if it brings the honest choice
closer to the peeking one: hundreds of positions show that, where a gain in games needs
thousands.

    scripts/bench reading GAME [--seats 4] [--games 15] [--seed 0] [--every 1] [--ceiling]
                          [--honest-knows discard]
                          [--option rounds=1] [--workers 2] [--record FILE --label NAME]
    scripts/bench reading --report FILE ... [--versus LABEL OTHER] [--kinds]

The positions are those of the seeded games of normal players (the same for any difícil, so
two labels' records pair position by position); `--every K` keeps one in K. Prints the share
of the positions where the two choices agree, with its 95 % interval, and the honest search's
CPU per decision; `--versus` pairs two labels over the positions both met.

Each position also records what kind of decision it was (the types of the moves compared:
`buy/pass`, `discard`…), whether each search left normal's move, and what the honest choice
cost where the two differ: the seeing search's own estimate (its mean result with the true
hands) of its choice less that of the honest one. `--report FILE --kinds` sums them by kind:
where the disagreements are, and where their stakes are, which says what a reading should aim
at. The records keep each search's means and margins too, so `--report FILE --bars 1 1.5 2`
remakes the honest choice with other bars for SURE (engine/search.py): whether a lower bar
would bring it toward the seeing one, by kind, before whole games are played with one.

`--honest-knows PLACE` gives the honest search one hidden place as it is (Ferrocarril's
discard pile below its top card, Canasta's pile below what the events show; bench/peek.py's
`knowing`): how far reading that place alone could bring it, against the records without.

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

from bench.peek import knowing, peeking
from bench.strength import moves_made, parsed_options, records, wilson
from engine import search
from engine.registry import GAMES


def searched_positions(name: str, players: int, seed: int, options, every: int):
    """One game of normal players, and at each `every`-th position where difícil would search:
    the game as it stands, the seat, its view, difícil's candidates and the position's number
    among the searched (the game moves on once the caller is done with the position)."""
    game_class = GAMES[name]
    game = game_class.new(players, options, seed)
    normal = [game_class.make_bot("normal", s, seed) for s in range(players)]
    searched = 0
    for seat, view, action, _, _ in moves_made(game, normal):
        moves = game_class.make_bot("dificil", seat, seed).rules.candidates(view)
        if len(moves) > 1:
            searched += 1
            if searched % every == 0:
                yield game, seat, view, moves, searched
        game.apply(seat, action)


def positions_of(job: tuple) -> dict:
    """One game of normal players: at each position kept where difícil would search, whether
    its honest choice is the peeking one's, and the honest decision's CPU seconds."""
    name, players, seed, options, every, ceiling, knows = job
    game_class = GAMES[name]
    agree: list[bool] = []
    cpu: list[float] = []
    kinds: list[str] = []
    left: list[list[bool]] = []         # [honest, seeing] left normal's move
    cost: list[float | None] = []
    judged: list[dict] = []
    for game, seat, view, moves, _ in searched_positions(name, players, seed, options, every):
        honest = game_class.make_bot("dificil", seat, seed + 1 if ceiling else seed)
        if ceiling:                     # the same seeing search, other worlds
            peeking(honest.rules, game)
        elif knows:
            knowing(honest.rules, game, knows)
        started = time.process_time()
        mine = honest.choose(view)
        cpu.append(time.process_time() - started)
        seeing = game_class.make_bot("dificil", seat, seed)
        peeking(seeing.rules, game)
        theirs = seeing.choose(view)
        agree.append(mine == theirs)
        kinds.append(kind_of(moves))
        left.append([mine != moves[0], theirs != moves[0]])
        cost.append(cost_of(seeing.last, mine, theirs))
        judged.append({"honest": rows_of(honest.last), "seeing": rows_of(seeing.last),
                       "seeing_chose": moves.index(theirs)})
    return {"game": name, "players": players, "seed": seed, "options": options,
            "every": every, **({"ceiling": True} if ceiling else {}),
            **({"knows": knows} if knows else {}), "agree": agree,
            "cpu_ms": [round(t * 1000, 1) for t in cpu], "kinds": kinds, "left": left,
            "cost": cost, "judged": judged}


def rows_of(judged: list) -> list[list]:
    """Each candidate's mean, its margin over normal's in standard errors (None for normal's
    own), and how many worlds it met: enough to choose again with another bar (`choice_at`)."""
    first = judged[0]
    rows = []
    for i, j in enumerate(judged):
        margin = None
        if i and len(j.results) == len(first.results) and j.results:
            margin = max(-99.0, min(99.0, j.margin_over(first)))
        rows.append([round(j.mean, 3), None if margin is None else round(margin, 3),
                     len(j.results)])
    return rows


def choice_at(rows: list[list], bar: float, least_worlds: int | None = None) -> int:
    """The candidate engine.search's `best` would choose with `bar` standard errors for SURE
    (and its least worlds as `SearchBot.choose` sets them)."""
    if least_worlds is None:
        least_worlds = 4 if search.PLAYOUT_SHARE >= 1 else 1
    if rows[0][2] < least_worlds:
        return 0
    better = [i for i, (_, margin, worlds) in enumerate(rows) if i and margin is not None
              and worlds == rows[0][2] and margin > bar]
    return max(better, key=lambda i: rows[i][0]) if better else 0


def kind_of(moves: list[dict]) -> str:
    """What was decided: the types of the moves compared, normal's first."""
    types = [moves[0]["type"]]
    types += sorted({m["type"] for m in moves[1:]} - {moves[0]["type"]})
    return "/".join(types)


def cost_of(judged: list, mine: dict, theirs: dict) -> float | None:
    """The seeing search's mean for its choice less its mean for the honest choice (0 where
    they agree; None where the honest choice was not among the moves it judged)."""
    if mine == theirs:
        return 0.0
    means = {json.dumps(j.action, sort_keys=True): j.mean for j in judged if j.results}
    mine_key, theirs_key = json.dumps(mine, sort_keys=True), json.dumps(theirs, sort_keys=True)
    if mine_key not in means or theirs_key not in means:
        return None
    return round(means[theirs_key] - means[mine_key], 3)


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


def by_kind(records: list[dict]) -> list[dict]:
    """For each kind of decision (records made before kinds were kept are left out): how many
    positions, how many disagreed, and how (the honest search kept normal's move where the
    seeing one left it, the reverse, or both left it for different moves), and the cost the
    seeing search put on the disagreements, in the game's value (its search's units)."""
    rows: dict[str, dict] = {}
    for r in records:
        if "kinds" not in r:
            continue
        for kind, agree, (mine, theirs), cost in zip(r["kinds"], r["agree"], r["left"],
                                                     r["cost"], strict=True):
            row = rows.setdefault(kind, {"kind": kind, "positions": 0, "disagree": 0,
                                         "honest_kept": 0, "seeing_kept": 0, "both_left": 0,
                                         "cost": 0.0})
            row["positions"] += 1
            if agree:
                continue
            row["disagree"] += 1
            row["honest_kept" if not mine else "seeing_kept" if not theirs else "both_left"] += 1
            row["cost"] += cost or 0.0
    return sorted(rows.values(), key=lambda row: -row["cost"])


def at_bars(records: list[dict], bars: list[float]) -> dict[str, list[dict]]:
    """For each kind, at each bar: how often the honest search's choice, remade with that bar,
    would be the seeing one's, how often it would leave normal's move, what it would cost by
    the seeing search's means (records with their judged moves only), and what it would gain
    over the engine's own bar (SURE, or engine/search.BARS') by the same means, summed over the
    positions, with the half-width of its 95 % interval (positions taken as independent). The
    seeing search judged every candidate with the true hands and apart from the honest choices,
    so its means are a fair yardstick for them, if a noisy one."""
    out: dict[str, list[dict]] = {}
    for r in records:
        if "judged" not in r:
            continue
        for kind, j in zip(r["kinds"], r["judged"], strict=True):
            rows = out.setdefault(kind, [{"bar": b, "positions": 0, "agree": 0, "left": 0,
                                          "cost": 0.0, "gains": []} for b in bars])
            seeing = j["seeing"]
            engine_bar = search.BARS.get(kind.split("/")[0], search.SURE)
            engine_value = seeing[choice_at(j["honest"], engine_bar)][0]
            for row, bar in zip(rows, bars, strict=True):
                mine = choice_at(j["honest"], bar)
                row["positions"] += 1
                row["agree"] += mine == j["seeing_chose"]
                row["left"] += mine != 0
                row["cost"] += seeing[j["seeing_chose"]][0] - seeing[mine][0]
                row["gains"].append(seeing[mine][0] - engine_value)
    for rows in out.values():
        for row in rows:
            gains = row.pop("gains")
            spread = statistics.stdev(gains) if len(gains) > 1 else 0.0
            row["gain"] = sum(gains)
            row["gain_95"] = 1.96 * spread * len(gains) ** 0.5
    return out


def show_bars(records: list[dict], bars: list[float]) -> None:
    for kind, rows in sorted(at_bars(records, bars).items()):
        n = rows[0]["positions"]
        print(f"  {kind}, {n} positions; at each bar the honest choice agrees / leaves normal's "
              f"move / costs / gains over the engine's bar:", flush=True)
        for row in rows:
            print(f"    {row['bar']:.1f} SE: {row['agree'] / n:.1%} / {row['left']} / "
                  f"{row['cost']:.1f} / {row['gain']:+.1f} ± {row['gain_95']:.1f}", flush=True)


def show_kinds(records: list[dict]) -> None:
    rows = by_kind(records)
    total = sum(row["cost"] for row in rows) or 1.0
    for row in rows:
        n, d = row["positions"], row["disagree"]
        print(f"  {row['kind']}: {n} positions, {d} disagree ({d / n:.1%}): the honest search "
              f"kept normal's move at {row['honest_kept']}, left it where the seeing one kept "
              f"it at {row['seeing_kept']}, both left it at {row['both_left']}; cost "
              f"{row['cost']:.1f} ({row['cost'] / total:.0%} of all), "
              f"{row['cost'] / d if d else 0:.2f} a disagreement", flush=True)


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
    parser.add_argument("--honest-knows", metavar="PLACE",
                        help="the honest search sees this hidden place as it is (Ferrocarril's "
                             "discard, Canasta's pile): what reading it alone could be worth")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--record", metavar="FILE")
    parser.add_argument("--label", default="")
    parser.add_argument("--report", nargs="+", metavar="FILE")
    parser.add_argument("--versus", nargs=2, metavar=("LABEL", "OTHER"))
    parser.add_argument("--kinds", action="store_true",
                        help="with --report: the positions and their disagreements by kind")
    parser.add_argument("--bars", type=float, nargs="+", metavar="SE",
                        help="with --report: the honest choice remade at each of these bars")
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
            if args.kinds:
                show_kinds(mine)
            if args.bars:
                show_bars(mine, args.bars)
        return 0
    if not args.game:
        parser.error("name a game, or --report FILE")
    options = parsed_options(args.option)
    jobs = [(args.game, args.seats, args.seed + g, options, args.every, args.ceiling,
             args.honest_knows) for g in range(args.games)]
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
