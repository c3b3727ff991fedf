"""What a computer player works out from its hand: the longest train it could lay from an
open end (a longest trail in the graph whose numbers are nodes and whose tiles are edges),
searched depth first within a budget so that a move stays quick with any hand."""
from __future__ import annotations

from engine.dominoes import Tile

BUDGET = 4000        # search steps per question: far more than a real hand needs


def longest_chain(tiles, start: int, budget: int = BUDGET) -> list[Tile]:
    """The longest run of `tiles` that can be laid one after another from a `start` end (ties:
    the heavier run, which sheds more points)."""
    by_end: dict[int, list[Tile]] = {}
    for t in tiles:
        by_end.setdefault(t.high, []).append(t)
        if not t.is_double:
            by_end.setdefault(t.low, []).append(t)
    best: list[Tile] = []
    best_key = (0, 0)
    path: list[Tile] = []
    used: set[Tile] = set()
    steps = 0

    def walk(end: int, pips: int) -> None:
        nonlocal best, best_key, steps
        key = (len(path), pips)
        if key > best_key:
            best_key, best = key, list(path)
        for t in by_end.get(end, ()):
            if t in used or steps >= budget:
                continue
            steps += 1
            used.add(t)
            path.append(t)
            walk(t.other(end), pips + t.pips)
            path.pop()
            used.discard(t)

    walk(start, 0)
    return best
