"""How often the Ferrocarril bots call ¡Compro!, and what it does to their strength. Figures for
people (never asserted in tests).

    python -m bench.buys [--games 200 --seed 1 --players 4]

Three parts, each over `--games` full seven-round games from consecutive seeds:

1. Mixed tables of `--players` seats, "normal" and "facil" alternating round the table (the
   pattern shifts by one seat from game to game). For each level: buys per bot per game, the
   share of bot-games with at least one buy and with one in the first three rounds, buys in
   turn (card + 2 from the stock) and out of turn, buys by round, the buy windows a bot was
   asked about (its chances), and how long a bot takes to answer one (CPU time).
2. Head to head: two-player games, "normal" against "facil", seats alternating.
3. One "normal" against `--players - 1` "facil" (as `scripts/bench bots`).
"""
from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field

from bench.engine import bots_match
from engine.ferrocarril import Ferrocarril
from engine.ferrocarril.rules import ROUNDS
from engine.game import GameError
from engine.simulate import MAX_ACTIONS, next_move, play

LEVELS = ("normal", "facil")
EARLY_ROUNDS = 3


class TimedBot:
    """A bot whose answers to buy windows are counted and timed."""

    def __init__(self, bot):
        self.bot = bot
        self.chances = 0
        self.seconds: list[float] = []

    def choose(self, view: dict):
        if view.get("allowed", [None])[:1] != ["buy"]:
            return self.bot.choose(view)
        started = time.process_time()      # CPU time: other processes' load does not count
        action = self.bot.choose(view)
        self.seconds.append(time.process_time() - started)
        self.chances += 1
        return action


@dataclass
class LevelFigures:
    bot_games: int = 0
    buys: int = 0
    in_turn: int = 0
    games_with_a_buy: int = 0
    games_with_an_early_buy: int = 0      # in rounds 1-3
    chances: int = 0
    by_round: list[int] = field(default_factory=lambda: [0] * ROUNDS)
    seconds: list[float] = field(default_factory=list)


def mixed_game(players: int, seed: int, levels: list[str]) -> tuple[Ferrocarril, list]:
    game = Ferrocarril.new(players, None, seed)
    bots = [TimedBot(Ferrocarril.make_bot(levels[s], s, seed)) for s in range(players)]
    for _ in range(MAX_ACTIONS):
        if game.finished:
            break
        seat, action = next_move(game, bots)
        try:
            game.apply(seat, action)
        except GameError as error:
            raise SystemExit(f"seed {seed}: bot {seat} tried {action}: {error.code}") from None
    else:
        raise SystemExit(f"seed {seed}: no end after {MAX_ACTIONS} actions")
    return game, bots


def mixed_tables(games: int, seed: int, players: int) -> tuple[dict[str, LevelFigures], int]:
    figures = {level: LevelFigures() for level in LEVELS}
    windows = 0
    for i in range(games):
        levels = [LEVELS[(s + i) % 2] for s in range(players)]
        game, bots = mixed_game(players, seed + i, levels)
        bought = [0] * players
        early = [0] * players
        round_no = turn = 0
        for event in game.events:
            kind = event["type"]
            if kind in ("deal", "discard"):          # the deal's seat is the dealer
                turn = (event["seat"] + 1) % players
                round_no = event.get("round", round_no)
            elif kind in ("bought", "no_buy"):
                windows += 1
            if kind == "bought":
                f = figures[levels[event["seat"]]]
                bought[event["seat"]] += 1
                early[event["seat"]] += round_no <= EARLY_ROUNDS
                f.buys += 1
                f.in_turn += event["seat"] == turn
                f.by_round[round_no - 1] += 1
        for s, bot in enumerate(bots):
            f = figures[levels[s]]
            f.bot_games += 1
            f.games_with_a_buy += bought[s] > 0
            f.games_with_an_early_buy += early[s] > 0
            f.chances += bot.chances
            f.seconds += bot.seconds
    return figures, windows


def head_to_head(games: int, seed: int) -> dict:
    """Two-player games, "normal" against "facil", seats alternating."""
    wins = ties = 0
    for i in range(games):
        seat = i % 2
        levels = ["facil", "facil"]
        levels[seat] = "normal"
        outcome = play(2, seed + i, levels, check=False)
        if outcome.violations or outcome.result is None:
            raise SystemExit(f"seed {seed + i}: {outcome.violations}")
        winners = outcome.result["winners"]
        wins += winners == [seat]
        ties += len(winners) > 1
    return {"games": games, "wins": wins, "ties": ties}


def report(figures: dict[str, LevelFigures], windows: int, games: int, players: int) -> None:
    print(f"1. mixed tables: {games} games of {players} seats, normal and facil alternating")
    print(f"   buy windows per game: {windows / games:.1f}")
    for level, f in figures.items():
        n = max(f.bot_games, 1)
        times = sorted(f.seconds) or [0.0]
        p99 = times[int(0.99 * (len(times) - 1))]
        by_round = " ".join(f"{b / n:.2f}" for b in f.by_round)
        print(f"   {level:6} bots={f.bot_games} buys_per_bot_game={f.buys / n:.2f} "
              f"games_with_a_buy={100 * f.games_with_a_buy / n:.0f}% "
              f"with_a_buy_by_round_{EARLY_ROUNDS}={100 * f.games_with_an_early_buy / n:.0f}% "
              f"in_turn={f.in_turn} out_of_turn={f.buys - f.in_turn} "
              f"chances_per_bot_game={f.chances / n:.1f}")
        print(f"   {'':6} buys_per_bot_game_by_round=[{by_round}] "
              f"answer_us_cpu mean={1e6 * sum(times) / len(times):.0f} "
              f"p99={1e6 * p99:.0f} max={1e6 * times[-1]:.0f}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/bench buys")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    figures, windows = mixed_tables(args.games, args.seed, args.players)
    report(figures, windows, args.games, args.players)
    h = head_to_head(args.games, args.seed)
    print(f"2. head to head, normal vs facil, {h['games']} two-player games, seats alternating: "
          f"normal_wins={h['wins']} ({100 * h['wins'] / h['games']:.1f}%) ties={h['ties']}")
    r = bots_match(args.games, args.seed, args.players, "normal", "facil")
    print(f"3. one normal vs {args.players - 1} facil, {r['games']} games, seat rotating: "
          f"normal_strict_wins={r['strict']} ({100 * r['strict'] / r['games']:.1f}%) "
          f"ties={r['ties']} violations={r['violations']}")
    print(f"seconds={time.perf_counter() - started:.1f}")
    return 1 if r["violations"] else 0


if __name__ == "__main__":
    sys.exit(main())
