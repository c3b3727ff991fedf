"""What a computer player works out from its hand: the longest train it could lay from an
open end (a longest trail in the graph whose numbers are nodes and whose tiles are edges),
searched depth first within a budget so that a move stays quick with any hand.

The answer depends only on the set of tiles and the end, never on the order the hand is in
(the tiles are searched in their sorted order), so it is remembered: difícil's playouts ask
the same questions of the same hands many times over."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.dominoes import Tile

BUDGET = 4000        # search steps per question: far more than a real hand needs


@dataclass
class Meter:
    """The search steps the questions asked through it took, remembered answers included
    (what a question costs must not depend on what was asked before it)."""
    steps: int = 0


def longest_chain(tiles, start: int, budget: int = BUDGET,
                  meter: Meter | None = None) -> list[Tile]:
    """The longest run of `tiles` that can be laid one after another from a `start` end (ties:
    the heavier run, which sheds more points; then the first found in sorted order)."""
    best, steps = _longest(tuple(sorted(tiles)), start, budget)
    if meter is not None:
        meter.steps += steps
    return list(best)


@lru_cache(maxsize=1 << 16)
def _longest(tiles: tuple[Tile, ...], start: int,
             budget: int) -> tuple[tuple[Tile, ...], int]:
    by_end: dict[int, list[tuple[int, Tile]]] = {}
    for i, t in enumerate(tiles):
        by_end.setdefault(t.high, []).append((1 << i, t))
        if not t.is_double:
            by_end.setdefault(t.low, []).append((1 << i, t))
    best: tuple[Tile, ...] = ()
    best_key = (0, 0)
    path: list[Tile] = []
    steps = 0

    def walk(end: int, pips: int, used: int) -> None:
        nonlocal best, best_key, steps
        key = (len(path), pips)
        if key > best_key:
            best_key, best = key, tuple(path)
        for bit, t in by_end.get(end, ()):
            if used & bit or steps >= budget:
                continue
            steps += 1
            path.append(t)
            walk(t.other(end), pips + t.pips, used | bit)
            path.pop()

    walk(start, 0, 0)
    return best, steps
