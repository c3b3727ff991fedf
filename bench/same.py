"""Does a change of the search's settings keep difícil's choices? At positions of games among
normal players where difícil would search, its choice with the engine's settings and with some
changed, and the CPU each took (the engine's remembered answers forgotten before each): a change
that only makes the search sooner must choose alike.

    scripts/bench same GAME [--seats 2] [--games 3] [--seed 0] [--every 5] [--workers 2]
                       --set engine.search.PAIR_WORLDS=8 [--set MODULE.NAME=VALUE ...]
                       [--base MODULE.NAME=VALUE ...]

`--set` names a module's constant and the value to try (a number); `--base` sets one on both
sides (to compare two settings other than the engine's). Prints how many positions chose
alike, the CPU of each side, and each position that did not: every candidate's mean and the
worlds it met on both sides.
"""
from __future__ import annotations

import argparse
import importlib
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from bench.reading import searched_positions
from engine.registry import GAMES


def parse_set(text: str) -> tuple[str, str, float]:
    target, _, value = text.partition("=")
    module, _, name = target.rpartition(".")
    if not module or not value:
        raise argparse.ArgumentTypeError(f"MODULE.NAME=VALUE, not {text!r}")
    number = float(value)
    return module, name, int(number) if number.is_integer() else number


def forget_remembered() -> None:
    """Clear the engine's remembered answers (functools caches, e.g. Manipulación's solver in
    its playouts), so that neither side's CPU gains from the other's search."""
    for name, module in list(sys.modules.items()):
        if name.startswith("engine.") and module is not None:
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


class Settings:
    """The changed constants, set and put back."""

    def __init__(self, changes: list[tuple[str, str, float]]):
        self.changes = [(importlib.import_module(m), name, value) for m, name, value in changes]
        self.kept = [getattr(module, name) for module, name, _ in self.changes]

    def __enter__(self):
        for module, name, value in self.changes:
            setattr(module, name, value)

    def __exit__(self, *_):
        for (module, name, _tried), value in zip(self.changes, self.kept, strict=True):
            setattr(module, name, value)


def rows(judged: list) -> list[tuple[float, int]]:
    return [(round(j.mean, 2), len(j.results)) for j in judged]


def compare(job: tuple) -> dict:
    """One game of normal players: at each position kept, both choices and their CPU."""
    name, players, seed, every, base, changes = job
    game_class = GAMES[name]
    sides = (Settings(base), Settings(base + changes))
    positions = 0
    cpu = [0.0, 0.0]
    differ: list[dict] = []
    for _, seat, view, _, searched in searched_positions(name, players, seed, None, every):
        chosen, judged = [], []
        for side in (0, 1):
            bot = game_class.make_bot("dificil", seat, seed)
            forget_remembered()
            started = time.process_time()
            with sides[side]:
                chosen.append(bot.choose(view))
            cpu[side] += time.process_time() - started
            judged.append(rows(bot.last))
        positions += 1
        if chosen[0] != chosen[1]:
            differ.append({"seed": seed, "position": searched, "engine": judged[0],
                           "changed": judged[1]})
    return {"positions": positions, "cpu": cpu, "differ": differ}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/bench same")
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--set", type=parse_set, action="append", required=True,
                        metavar="MODULE.NAME=VALUE", dest="changes")
    parser.add_argument("--base", type=parse_set, action="append", default=[],
                        metavar="MODULE.NAME=VALUE")
    args = parser.parse_args(argv)
    jobs = [(args.game, args.seats, args.seed + g, args.every, args.base, args.changes)
            for g in range(args.games)]
    positions, cpu, differ = 0, [0.0, 0.0], []
    with ProcessPoolExecutor(args.workers) as pool:
        for out in pool.map(compare, jobs, chunksize=1):
            positions += out["positions"]
            cpu = [a + b for a, b in zip(cpu, out["cpu"], strict=True)]
            differ += out["differ"]
    settings = ", ".join(f"{m}.{n}={v}" for m, n, v in args.changes)
    if args.base:
        settings += " (both with " + ", ".join(f"{m}.{n}={v}" for m, n, v in args.base) + ")"
    print(f"{args.game} at {args.seats} seats, {args.games} games from seed {args.seed}, "
          f"one searched position in {args.every}: {positions - len(differ)} of {positions} "
          f"chose alike with {settings}; CPU {cpu[0]:.1f} s with the engine's settings, "
          f"{cpu[1]:.1f} s changed")
    for d in differ:
        print(f"  seed {d['seed']} position {d['position']}: (mean, worlds) engine {d['engine']}, "
              f"changed {d['changed']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
