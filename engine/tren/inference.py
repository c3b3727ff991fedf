"""What a seat can tell of the others' hands from the draws and passes it saw: a player draws
only when no tile of its hand fits a train it may play on, and passes (after drawing, while the
boneyard lasts) only when the drawn tile does not fit either. Difícil's worlds
(engine/tren/hard.py) deal the unseen tiles to agree with it.

Read from the view alone: its `misses` are every such moment of the round the whole table saw,
each with the numbers the player could play on then and the tiles it has drawn since that hand.
Of its tiles now, at least its count less those draws were in the hand that could not play. A
tile held since an earlier miss was also in the hand at every later one, so the oldest tiles
avoid every miss's numbers."""
from __future__ import annotations

from dataclasses import dataclass

from engine.dominoes import Tile


@dataclass(frozen=True)
class Layer:
    """`count` of the seat's tiles now hold none of the numbers in `absent`."""
    count: int
    absent: frozenset[int]


def absent_numbers(view: dict) -> dict[int, list[Layer]]:
    """For each other seat seen without a tile to play this round: its tiles by how long it has
    held them, the oldest (with the most numbers absent) first."""
    found: dict[int, list[tuple[int, frozenset[int]]]] = {}
    for seen in view.get("misses") or []:
        seat = seen["seat"]
        if seat == view["seat"]:
            continue
        held = max(0, view["players"][seat]["tiles"] - seen["drawn"])
        found.setdefault(seat, []).append((held, frozenset(seen["ends"])))
    layers: dict[int, list[Layer]] = {}
    for seat, misses in found.items():
        made, below = [], 0
        for j, (held, _) in enumerate(misses):       # in order: `held` never shrinks
            absent = frozenset().union(*(ends for _, ends in misses[j:]))
            if held > below:
                made.append(Layer(held - below, absent))
                below = held
        if made:
            layers[seat] = made
    return layers


def place_known(told: dict[int, list[Layer]], unseen: list[Tile]) -> dict[int, list[Tile]]:
    """Tiles for each seat seen without a tile to play (`told`: `absent_numbers`), taken off the
    shuffled `unseen` as they come, to agree with what it could not play (where the tiles left allow it); the rest of
    its hand is dealt as usual."""
    placed: dict[int, list[Tile]] = {}
    for seat, layers in sorted(told.items()):
        mine = placed[seat] = []
        for layer in layers:
            wanted = len(mine) + layer.count
            left = []
            for tile in unseen:
                if len(mine) < wanted and not any(tile.has(n) for n in layer.absent):
                    mine.append(tile)
                else:
                    left.append(tile)
            unseen[:] = left
    return placed
