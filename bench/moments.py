"""How long finding a finished game's key moments takes, against replaying its log alone, and
building every public view of it as JSON (what the host keeps for a step-by-step replay), for a
long bot game of each game (CPU time, the best of a few runs, so other work on the machine
counts less).

    python -m bench.moments [--repeat 3]
"""
from __future__ import annotations

import argparse
import json
import time

from engine.registry import GAMES
from engine.simulate import MAX_ACTIONS, host_ended, next_move

LONG_GAMES = [("ferrocarril", 5, None, 1), ("manipulacion", 3, {"ruleset": "manipulacion"}, 5),
              ("tren", 8, None, 1), ("canasta", 4, None, 1)]


def bot_log(name: str, players: int, options: dict | None, seed: int) -> list:
    cls = GAMES[name]
    game = cls.new(players, options, seed)
    bots = [cls.make_bot(cls.bot_levels[-1], s, seed) for s in range(players)]
    while not game.finished and len(game.log) < MAX_ACTIONS:
        if host_ended(game, 3):
            continue
        seat, action = next_move(game, bots)
        game.apply(seat, action)
    return game.to_json_log()


def best_of(repeat: int, work) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        work()
        best = min(best, time.process_time() - started)
    return best


def measure(name: str, players: int, options: dict | None, seed: int, repeat: int) -> str:
    cls = GAMES[name]
    log = bot_log(name, players, options, seed)
    replay = best_of(repeat, lambda: cls.replay(players, options, seed, log))
    moments = best_of(repeat, lambda: cls.moments(players, options, seed, log))
    found = len(cls.moments(players, options, seed, log))
    views = best_of(repeat, lambda: [json.dumps(v) for v in
                                     cls.public_replay(players, options, seed, log)])
    size = sum(len(json.dumps(v)) for v in cls.public_replay(players, options, seed, log))
    return (f"{name:<13} players {players}  actions {len(log):5}  moments {found:3}  "
            f"replay {replay * 1000:5.0f} ms  moments {moments * 1000:5.0f} ms  "
            f"every view as JSON {views * 1000:5.0f} ms ({size / 1e6:.1f} MB)")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.moments")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    for name, players, options, seed in LONG_GAMES:
        print(measure(name, players, options, seed, args.repeat), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
