"""Domino tiles of a double-12 set: 91 tiles, each pair of numbers 0-12 once.

A tile is a small immutable int (it hashes, sorts and counts fast): ``high * 16 + low`` with
high >= low. Its text is ``12-7`` (the higher number first when written on its own), a double
``9-9``; parsing accepts either order (``7-12`` is the same tile), so `parse(format(t)) == t`.
In a train a tile is also written oriented, the end that touches the train first (``7-3`` after
a 7); `oriented` gives that text, which parses back to the same tile.

In words, as a message names it: "el 12-7" / "the 12-7", "el doble 9" / "the double 9",
"el doble blanco" / "the double blank".
"""
from __future__ import annotations

import re
from typing import Iterable

from engine.messages import Words

HIGHEST = 12                      # a double-12 set


class Tile(int):
    __slots__ = ()

    @property
    def high(self) -> int:
        return self >> 4

    @property
    def low(self) -> int:
        return self & 15

    @property
    def is_double(self) -> bool:
        return self >> 4 == self & 15

    @property
    def pips(self) -> int:
        return (self >> 4) + (self & 15)

    def has(self, number: int) -> bool:
        return self >> 4 == number or self & 15 == number

    def other(self, number: int) -> int:
        """The end left open when the `number` end touches a train."""
        return self & 15 if self >> 4 == number else self >> 4

    def __repr__(self) -> str:
        return f"{self >> 4}-{self & 15}"

    __str__ = __repr__

    def __copy__(self) -> "Tile":
        return self

    def __deepcopy__(self, memo) -> "Tile":
        return self                 # immutable, like the int it is


_TILES = {(a, b): Tile(a * 16 + b) for a in range(HIGHEST + 1) for b in range(a + 1)}
ALL_TILES: tuple[Tile, ...] = tuple(sorted(_TILES.values()))
DOUBLES: tuple[Tile, ...] = tuple(t for t in ALL_TILES if t.is_double)


def tile(a: int, b: int) -> Tile:
    """The tile with numbers a and b, in either order."""
    return _TILES[(a, b) if a >= b else (b, a)]


def double(n: int) -> Tile:
    return _TILES[(n, n)]


class NotationError(ValueError):
    """Text that does not name a tile."""


_TEXT = re.compile(r"\s*(\d{1,2})-(\d{1,2})\s*", re.ASCII)


_BY_TEXT = {f"{a}-{b}": t for (x, y), t in _TILES.items() for a, b in ((x, y), (y, x))}


def parse(text: str) -> Tile:
    """``12-7`` or ``7-12`` (the same tile); ``9-9`` a double."""
    if isinstance(text, str) and text in _BY_TEXT:
        return _BY_TEXT[text]
    found = _TEXT.fullmatch(text) if isinstance(text, str) else None
    if found is None:
        raise NotationError(f"not a tile: {text!r}")
    a, b = int(found[1]), int(found[2])
    if a > HIGHEST or b > HIGHEST:
        raise NotationError(f"not a tile of a double-{HIGHEST} set: {text!r}")
    return tile(a, b)


def parse_all(text: str | Iterable[str]) -> list[Tile]:
    tokens = text.split() if isinstance(text, str) else text
    return [parse(t) for t in tokens]


def tile_text(t: Tile) -> str:
    return repr(t)


def tiles_text(tiles: Iterable[Tile]) -> str:
    return " ".join(repr(t) for t in tiles)


def oriented(t: Tile, touching: int) -> str:
    """The tile as laid in a train: the end touching it first (``7-3`` after a 7)."""
    return f"{touching}-{t.other(touching)}"


def words(t: Tile) -> Words:
    """A tile as a message names it: 'el 12-7', 'el doble 9', 'el doble blanco'."""
    if t.is_double:
        return double_words(t.high)
    return Words(f"el {t.high}-{t.low}", f"the {t.high}-{t.low}")


def double_words(n: int) -> Words:
    if n == 0:
        return Words("el doble blanco", "the double blank")
    return Words(f"el doble {n}", f"the double {n}")


def number_words(n: int) -> Words:
    """One end's number, as a train asks for it: 'un 3' / 'a 3', 'un 8' / 'an 8'."""
    if n == 0:
        return Words("un blanco", "a blank")
    return Words(f"un {n}", f"{'an' if n in (8, 11) else 'a'} {n}")
