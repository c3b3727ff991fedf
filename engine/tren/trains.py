"""A train: tiles laid end to end from the hub's number. Each seat has one and there is one
Mexican train; a train is named by its owner's seat or by ``"mexican"``."""
from __future__ import annotations

from engine.dominoes import Tile, oriented
from engine.messages import Words

MEXICAN = "mexican"
TrainKey = int | str          # a seat, or MEXICAN


class Train:
    """The tiles in the order laid (from the hub outwards) and the open end they leave."""

    def __init__(self, start: int, tiles=()):
        self.start = start
        self.tiles: list[Tile] = []
        self.laid: list[str] = []        # each tile as laid: `oriented`
        self.open = start
        for t in tiles:
            if not t.has(self.open):
                raise ValueError(f"{t!r} does not follow a {self.open}")
            self.add(t)

    def fits(self, t: Tile) -> bool:
        return t.has(self.open)

    def add(self, t: Tile) -> None:
        self.laid.append(oriented(t, self.open))
        self.open = t.other(self.open)
        self.tiles.append(t)

    @property
    def started(self) -> bool:
        return bool(self.tiles)

    @property
    def open_double(self) -> bool:
        """Whether it ends in a double nobody has satisfied yet (the tile after a double is
        always the one that satisfies it, so a double at the end is still open)."""
        return bool(self.tiles) and self.tiles[-1].is_double

    def oriented(self) -> list[str]:
        """Its tiles as laid, each written from the end that touches the one before."""
        return list(self.laid)

    def problems(self) -> list[str]:
        """What is wrong with it as a chain (for the audit). A train whose tiles, texts and
        open end are exactly those last found sound is not walked again."""
        checked = (list(self.tiles), list(self.laid), self.start, self.open)
        if getattr(self, "_audited", None) == checked:
            return []
        found = self._walk()
        self._audited = None if found else checked
        return found

    def _walk(self) -> list[str]:
        end = self.start
        for i, t in enumerate(self.tiles):
            if not t.has(end):
                return [f"tile {i} ({t!r}) does not match the {end} before it"]
            if self.laid[i] != oriented(t, end):
                return [f"tile {i} is shown as {self.laid[i]}, laid as {oriented(t, end)}"]
            end = t.other(end)
        if end != self.open or len(self.laid) != len(self.tiles):
            return [f"open end {self.open} != {end}"]
        return []


def train_words(key: TrainKey, reader: int) -> Words:
    """A train as a message to `reader` names it (the engine knows no player's name)."""
    if key == MEXICAN:
        return Words("el tren mexicano", "the Mexican train")
    if key == reader:
        return Words("tu tren", "your train")
    return Words("ese tren", "that train")
