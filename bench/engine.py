"""Figures about the engine and its bots, printed for people (never asserted in tests).

    python -m bench.engine bots [--games 200 --seed 1 --players 4 --level normal --against facil]
    python -m bench.engine ferrocarril [--games 100 --seed 1 --players 4]
    python -m bench.engine tren [--games 200 --seed 1 --players 4 --rounds 3]
    python -m bench.engine canasta [--games 100 --seed 1 --players 3 --target 5000]

Each subcommand is one function taking the parsed arguments; add a new one with `add_parser`
in `build_parser` and a `run_...` function.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time

from engine.ferrocarril import Ferrocarril
from engine.game import GameError
from engine.simulate import next_move, play

# ----- bots: how often one level beats a table of another ------------------------------------

def bots_match(games: int, seed: int, players: int, level: str, against: str,
               game_name: str = "ferrocarril", options: dict | None = None) -> dict:
    """`level` in one seat against `against` in all others; the seat rotates game by game."""
    strict = ties = violations = 0
    for i in range(games):
        seat = i % players
        levels = [against] * players
        levels[seat] = level
        outcome = play(players, seed + i, levels, check=False, options=options,
                       game_name=game_name)
        if outcome.violations or outcome.result is None:
            violations += 1
            continue
        winners = outcome.result["winners"]
        if winners == [seat]:
            strict += 1
        elif seat in winners:
            ties += 1
    return {"games": games, "strict": strict, "ties": ties, "violations": violations}


def run_bots(args) -> int:
    started = time.perf_counter()
    r = bots_match(args.games, args.seed, args.players, args.level, args.against)
    elapsed = time.perf_counter() - started
    games = r["games"]
    print(f"{args.level} vs {args.players - 1}x {args.against}, {games} games from seed "
          f"{args.seed}, seat rotating")
    print(f"strict_wins={r['strict']} ({100 * r['strict'] / games:.1f}%) "
          f"wins_with_ties={r['strict'] + r['ties']} "
          f"({100 * (r['strict'] + r['ties']) / games:.1f}%) "
          f"violations={r['violations']} seconds={elapsed:.1f}")
    return 1 if r["violations"] else 0


# ----- ferrocarril: how fast whole games run, with and without the invariant checks ----------

def run_speed(args) -> int:
    """Games per second on one core, for the simulator's table and for an all-normal table."""
    tables = {"normal+facil": ["normal"] + ["facil"] * (args.players - 1),
              "all normal": ["normal"] * args.players}
    failed = 0
    for label, levels in tables.items():
        for check in (True, False):
            actions = violations = 0
            started = time.perf_counter()
            for i in range(args.games):
                outcome = play(args.players, args.seed + i, levels, check=check)
                actions += outcome.actions
                violations += len(outcome.violations)
            elapsed = time.perf_counter() - started
            failed += violations
            print(f"{label:13} checks={'on ' if check else 'off'} players={args.players} "
                  f"games={args.games} games_per_s={args.games / elapsed:.1f} "
                  f"actions_per_game={actions / args.games:.0f} "
                  f"us_per_action={1e6 * elapsed / max(actions, 1):.1f} violations={violations}")
    print(check_cost(args.players, args.seed))
    return 1 if failed else 0


def check_cost(players: int, seed: int, moves: int = 1500) -> str:
    """What `check()` costs late in a long game (it tries the action on a copy)."""
    game = Ferrocarril.new(players, None, seed)
    bots = [Ferrocarril.make_bot("facil", s, seed) for s in range(players)]
    while len(game.log) < moves and not game.finished:
        seat, action = next_move(game, bots)
        game.apply(seat, action)
    seat = next(s for s in game.actors() if s is not None)
    times = []
    for _ in range(30):
        started = time.perf_counter()
        try:
            game.check(seat, {"type": "draw"})
        except GameError:
            pass
        times.append(time.perf_counter() - started)
    return f"check() after {len(game.log)} actions: median_ms={1000 * statistics.median(times):.1f}"


# ----- tren: normal against three facil, and how long a bot move takes with eight players ------

def run_tren(args) -> int:
    return strength_and_speed(args, "tren", {"rounds": args.rounds},
                              f"{args.rounds} rounds", "lowest_total", {"rounds": 1}, 8, 20)


# ----- canasta: normal against two facil, and how long a bot move takes ------------------------

def run_canasta(args) -> int:
    return strength_and_speed(args, "canasta", {"target": args.target}, f"to {args.target}",
                              "highest_total", {"target": args.target}, args.players, 50)


def strength_and_speed(args, name: str, options: dict, match: str, won: str,
                       move_options: dict, move_players: int, target_ms: int) -> int:
    """`normal` in one seat against `facil` in the others, then each level's move times."""
    started = time.perf_counter()
    r = bots_match(args.games, args.seed, args.players, "normal", "facil", name, options)
    elapsed = time.perf_counter() - started
    games = r["games"]
    print(f"{name}: normal vs {args.players - 1}x facil, {games} matches {match} "
          f"from seed {args.seed}, seat rotating")
    print(f"{won}={r['strict']} ({100 * r['strict'] / games:.1f}%) "
          f"{won}_with_ties={r['strict'] + r['ties']} "
          f"({100 * (r['strict'] + r['ties']) / games:.1f}%) target>=60% "
          f"violations={r['violations']} seconds={elapsed:.1f}")
    for level in ("normal", "facil"):
        times = bot_move_times(name, move_players, args.seed, level, games=args.move_games,
                               options=move_options)
        times.sort()
        p99 = times[int(0.99 * (len(times) - 1))]
        print(f"{name} bot move ({level}, {move_players} players, view + choose): "
              f"moves={len(times)} median_ms={1000 * statistics.median(times):.2f} "
              f"p99_ms={1000 * p99:.2f} max_ms={1000 * times[-1]:.2f} "
              f"target_p99<{target_ms}ms")
    return 1 if r["violations"] else 0


def bot_move_times(game_name: str, players: int, seed: int, level: str, games: int,
                   options: dict | None = None) -> list:
    """Seconds each bot decision takes (building its view and choosing), over whole short
    games (`options`: Tren's one round) in which every seat is played by `level`."""
    from engine.registry import GAMES
    cls = GAMES[game_name]
    times = []
    for i in range(games):
        game = cls.new(players, options or {"rounds": 1}, seed + i)
        bots = [cls.make_bot(level, s, seed + i) for s in range(players)]
        while not game.finished:
            seat = next(s for s in game.actors() if s is not None)
            started = time.perf_counter()
            action = bots[seat].choose(game.view(seat))
            times.append(time.perf_counter() - started)
            game.apply(seat, action)
    return times


# ----- command line ----------------------------------------------------------------------------

def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="scripts/bench")
    commands = parser.add_subparsers(dest="command", required=True)

    bots = commands.add_parser("bots", help="win rate of one bot level against another")
    bots.add_argument("--games", type=int, default=200)
    bots.add_argument("--seed", type=int, default=1)
    bots.add_argument("--players", type=int, default=4)
    bots.add_argument("--level", default="normal")
    bots.add_argument("--against", default="facil")
    bots.set_defaults(run=run_bots)

    speed = commands.add_parser("ferrocarril", help="simulator speed, in full games per second")
    speed.add_argument("--games", type=int, default=100)
    speed.add_argument("--seed", type=int, default=1)
    speed.add_argument("--players", type=int, default=4)
    speed.set_defaults(run=run_speed)

    tren = commands.add_parser("tren", help="Tren Mexicano: normal vs facil, bot move times")
    tren.add_argument("--games", type=int, default=200)
    tren.add_argument("--seed", type=int, default=1)
    tren.add_argument("--players", type=int, default=4)
    tren.add_argument("--rounds", type=int, default=3)
    tren.add_argument("--move-games", type=int, default=40,
                      help="one-round 8-player games timed move by move")
    tren.set_defaults(run=run_tren)

    canasta = commands.add_parser("canasta", help="Canasta: normal vs facil, bot move times")
    canasta.add_argument("--games", type=int, default=100)
    canasta.add_argument("--seed", type=int, default=1)
    canasta.add_argument("--players", type=int, default=3)
    canasta.add_argument("--target", type=int, default=5000)
    canasta.add_argument("--move-games", type=int, default=5,
                         help="games to the target timed move by move")
    canasta.set_defaults(run=run_canasta)
    return parser


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
