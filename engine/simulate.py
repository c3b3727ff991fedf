"""Bots play whole games against each other while every invariant is checked after every action.

    python -m engine.simulate ferrocarril --games 200 --seed 1 --players 4 [--levels normal,facil]
    python -m engine.simulate manipulacion --ruleset carrusel --games 50 --players 3
    python -m engine.simulate tren --games 100 --players 8 --option rounds=1
    python -m engine.simulate canasta --games 20 --players 3 --levels normal,facil,facil \
        --option target=5000

A game with no fixed end (Shanghái) is ended by the host after `--max-rounds` rounds.

Games whose rounds count their turns (Canasta) also print the longest round, in turns, before
it. The last line printed is ``games=N violations=V games_per_s=X``.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field

from engine.game import GameError
from engine.registry import GAMES

MAX_ACTIONS = 20_000   # far beyond any real game: a guard against a bot that loops
MAX_ROUNDS = 3         # an open-ended game (Shanghái) is ended by the host after this many
END_GAME = {"type": "end_game"}


@dataclass
class Outcome:
    seed: int
    result: dict | None
    actions: int
    violations: list[str] = field(default_factory=list)
    longest_round: int = 0      # in turns, for games whose rounds count them (Canasta)


def play(players: int, seed: int, levels: list[str], check: bool = True,
         options: dict | None = None, game_name: str = "ferrocarril",
         max_rounds: int = MAX_ROUNDS) -> Outcome:
    """One full game between bots; `levels[s]` plays seat s (the list repeats if short)."""
    cls = GAMES[game_name]
    game = cls.new(players, options, seed)
    bots = [cls.make_bot(levels[s % len(levels)], s, seed) for s in range(players)]
    outcome = Outcome(seed, None, 0)
    while not game.finished and outcome.actions < MAX_ACTIONS:
        if host_ended(game, max_rounds):
            outcome.actions += 1
            continue
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
    outcome.longest_round = max((r.get("turns", 0) for r in getattr(game, "round_results", ())),
                                default=0)
    return outcome


def host_ended(game, max_rounds: int) -> bool:
    """Between rounds, after `max_rounds`, the host ends an open-ended game (Shanghái).
    A game without that rule refuses end_game, which changes nothing."""
    if getattr(game, "phase", None) != "round_over" \
            or len(getattr(game, "round_results", ())) < max_rounds:
        return False
    try:
        game.apply(None, END_GAME)
    except GameError:
        return False
    return True


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


def parse_options(pairs: list[str], parser) -> dict | None:
    """`--option rounds=1 --option start=highest_double` as a dict of options (None when none)."""
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            parser.error(f"--option {pair!r}: write NAME=VALUE")
        try:
            options[name] = json.loads(value)
        except ValueError:
            options[name] = value
    return options or None


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/simulate")
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--levels", default="normal",
                        help="comma-separated bot levels by seat (facil, normal)")
    parser.add_argument("--ruleset", help="manipulacion: the rule set")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option (repeatable); the value is read as JSON if it can be")
    parser.add_argument("--max-rounds", type=int, default=MAX_ROUNDS,
                        help="an open-ended game ends after this many rounds")
    parser.add_argument("--no-check", action="store_true", help="skip the invariant checks")
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    options = parse_options(args.option, parser)
    if args.ruleset:
        options = {**(options or {}), "ruleset": args.ruleset}
    violations = 0
    longest = 0
    started = time.perf_counter()
    for i in range(args.games):
        outcome = play(args.players, args.seed + i, levels, check=not args.no_check,
                       options=options, game_name=args.game, max_rounds=args.max_rounds)
        for line in outcome.violations:
            print(line, file=sys.stderr)
        violations += len(outcome.violations)
        longest = max(longest, outcome.longest_round)
    elapsed = time.perf_counter() - started
    if longest:
        print(f"longest_round_turns={longest}")
    print(f"games={args.games} violations={violations} "
          f"games_per_s={args.games / elapsed:.1f}")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
