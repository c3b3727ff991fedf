"""Computer players for Tren Mexicano. A bot sees only its own seat's view, never the game: its
hand, where each tile fits now (`fits`), the trains, the markers and the tiles left per player.

`choose(view)` returns the bot's next action as a JSON dict, or None when it has nothing to do.

- "facil" plays any tile that fits, preferring its own train, and draws or passes when the rules
  say so.
- Both, having just opened the round with the highest double, start their own train when a
  tile fits it (until then no other train is open to them) and else end the turn.
- "normal" plans the longest train it could lay on its own train and keeps those tiles for it,
  playing its other tiles on the Mexican train and on marked trains first; it takes its marker
  off when it is out, plays a double only when it holds the tile to cover it, and sheds its
  heaviest tiles when a rival is close to going out.
"""
from __future__ import annotations

import random

from engine import dominoes
from engine.dominoes import Tile
from engine.tren.planning import Meter, longest_chain
from engine.tren.trains import MEXICAN

LEVELS = ("facil", "normal")     # written by hand; difícil (hard.py) searches with them
DANGER_TILES = 2        # a rival with this many tiles or fewer may go out any moment


def _play(t: Tile, train) -> dict:
    return {"type": "play", "tile": dominoes.tile_text(t), "train": train}


class BaseBot:
    level = ""

    def __init__(self, seat: int, seed: int = 0):
        self.seat = seat
        self.rng = random.Random(seed * 31 + seat)

    def choose(self, view: dict) -> dict | None:
        allowed = view.get("allowed")
        if not allowed:
            return None
        if "next_round" in allowed:
            return {"type": "next_round"}   # ready; the round waits for the people too
        if "play" in allowed:
            moves = [(dominoes.parse(text), train)
                     for text, trains in view["fits"].items() for train in trains]
            return _play(*self.pick(view, moves))
        if "draw" in allowed:
            return {"type": "draw"}
        return {"type": "pass"}

    def pick(self, view: dict, moves: list[tuple[Tile, object]]) -> tuple[Tile, object]:
        raise NotImplementedError


class FacilBot(BaseBot):
    level = "facil"

    def pick(self, view, moves):
        own = [m for m in moves if m[1] == self.seat]
        return self.rng.choice(own or moves)


class NormalBot(BaseBot):
    level = "normal"

    def __init__(self, seat: int, seed: int = 0):
        super().__init__(seat, seed)
        self.meter = Meter()        # its planning's cost, for difícil's playout budget

    def pick(self, view, moves):
        return self.ranked(view, moves)[0]

    def ranked(self, view, moves) -> list[tuple[Tile, object]]:
        """The moves, the one normal makes first."""
        me = self.seat
        hand = [dominoes.parse(t) for t in view["hand"]]
        own_open = view["trains"][me]["open"]
        plan = longest_chain(hand, own_open, meter=self.meter)
        marker_out = view["trains"][me]["marker"]
        rivals = [p["tiles"] for p in view["players"] if p["seat"] != me]
        danger = min(rivals) <= DANGER_TILES
        mexican_started = view["mexican"]["started"]

        def value(move) -> float:
            tile, train = move
            rest = [t for t in hand if t != tile]
            if not rest:
                return 1e9                       # going out
            if train == me:
                after = len(plan) - 1 if plan and plan[0] == tile else \
                    len(longest_chain(rest, tile.other(own_open), meter=self.meter))
            else:
                after = (len(longest_chain(rest, own_open, meter=self.meter)) if tile in plan
                         else len(plan))
            score = 10.0 * after + tile.pips * (3.0 if danger else 0.3)
            if train == me and marker_out:
                score += 15                       # take the marker off again
            if tile.is_double:
                score += 8 if any(t.has(tile.high) for t in rest) else -25
            if train == MEXICAN and not mexican_started:
                score += 2                        # a way out for the tiles off the plan
            return score

        return sorted(moves, key=lambda m: (value(m), -_order(m[1]), m[0]), reverse=True)


def _order(train) -> int:
    return 99 if train == MEXICAN else train


BOTS = {FacilBot.level: FacilBot, NormalBot.level: NormalBot}


def make_bot(level: str, seat: int, seed: int = 0):
    if level == "dificil":
        from engine.tren.hard import DificilBot  # builds on normal: imported late
        return DificilBot(seat, seed)
    if level not in BOTS:
        raise ValueError(f"unknown bot level {level!r}")
    return BOTS[level](seat, seed)
