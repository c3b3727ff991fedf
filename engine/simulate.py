"""Bots play whole games against each other while every invariant is checked after every action.

    python -m engine.simulate ferrocarril --games 200 --seed 1 --players 4 [--levels normal,facil]

The last line printed is ``games=N violations=V games_per_s=X``.
"""
from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field

from engine.game import GameError
from engine.ferrocarril import Ferrocarril
from engine.ferrocarril.bots import LEVELS, make_bot

MAX_ACTIONS = 20_000   # far beyond any real game: a guard against a bot that loops


@dataclass
class Outcome:
    seed: int
    result: dict | None
    actions: int
    violations: list[str] = field(default_factory=list)


def play(players: int, seed: int, levels: list[str], check: bool = True,
         options: dict | None = None) -> Outcome:
    """One full game between bots; `levels[s]` plays seat s (the list repeats if short)."""
    game = Ferrocarril.new(players, options, seed)
    bots = [make_bot(levels[s % len(levels)], s, seed) for s in range(players)]
    outcome = Outcome(seed, None, 0)
    while not game.finished and outcome.actions < MAX_ACTIONS:
        seat, action = next_move(game, bots)
        try:
            game.apply(seat, action)
        except GameError as error:
            outcome.violations.append(f"seed {seed}: bot {seat} tried {action}: {error.code}")
            return outcome
        outcome.actions += 1
        if check:
            problems = game.audit()
            if problems:
                outcome.violations.extend(f"seed {seed} after {action}: {p}" for p in problems)
                return outcome
    if not game.finished:
        outcome.violations.append(f"seed {seed}: no end after {MAX_ACTIONS} actions")
    outcome.result = game.result()
    return outcome


def next_move(game, bots):
    """The first seat whose bot wants to act, or the server's timer when no bot does."""
    actors = game.actors()
    for seat in actors:
        if seat is not None:
            action = bots[seat].choose(game.view(seat))
            if action is not None:
                return seat, action
    timers = game.timers()
    if timers:
        return None, timers[0].action
    return None, {"type": "next_round"}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/simulate")
    parser.add_argument("game", choices=["ferrocarril"])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--levels", default="normal",
                        help=f"comma-separated bot levels by seat, from {LEVELS}")
    parser.add_argument("--no-check", action="store_true", help="skip the invariant checks")
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    violations = 0
    started = time.perf_counter()
    for i in range(args.games):
        outcome = play(args.players, args.seed + i, levels, check=not args.no_check)
        for line in outcome.violations:
            print(line, file=sys.stderr)
        violations += len(outcome.violations)
    elapsed = time.perf_counter() - started
    print(f"games={args.games} violations={violations} "
          f"games_per_s={args.games / elapsed:.1f}")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
