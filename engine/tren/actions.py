"""Tren Mexicano actions as small immutable values, with a JSON form and a text notation.

A tile is written ``12-7`` (either order parses; the text is the higher number first), a double
``9-9``. A train is its owner's seat (``#2`` in the text) or ``mexican``.

JSON (what clients send)                          text
{"type": "play", "tile": "12-7", "train": 2}      play 12-7 #2
{"type": "play", "tile": "12-4", "train": "mexican"}  play 12-4 mexican
{"type": "draw"}                                  draw
{"type": "pass"}                                  pass
{"type": "next_round"}                            next_round
{"type": "last_round"}                            last_round     (the host: «última ronda»)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine import dominoes, fields
from engine.dominoes import Tile
from engine.game import Action, LastRound, NextRound
from engine.messages import malformed
from engine.tren.trains import MEXICAN, TrainKey

MAX_SEAT = 99       # a train number beyond any table: refused before any work


@dataclass(frozen=True)
class Play(Action):
    tile: Tile
    train: TrainKey
    type: ClassVar[str] = "play"

    def to_dict(self) -> dict:
        return {"type": self.type, "tile": dominoes.tile_text(self.tile), "train": self.train}

    def to_text(self) -> str:
        where = MEXICAN if self.train == MEXICAN else f"#{self.train}"
        return f"play {dominoes.tile_text(self.tile)} {where}"


@dataclass(frozen=True)
class Draw(Action):
    type: ClassVar[str] = "draw"


@dataclass(frozen=True)
class Pass(Action):
    type: ClassVar[str] = "pass"


SIMPLE = {cls.type: cls for cls in (Draw, Pass, NextRound, LastRound)}
ACTIONS = (*SIMPLE.values(), Play)
TYPES = tuple(a.type for a in ACTIONS)


def _tile(value) -> Tile:
    return fields.piece(value, dominoes.parse, "tile_as_text", "not_a_tile")


def _train(value) -> TrainKey:
    if value == MEXICAN and isinstance(value, str):
        return MEXICAN
    return fields.index(value, "train_missing", MAX_SEAT + 1)


def from_dict(data) -> Action:
    """Parse a client's JSON action; anything unexpected raises MalformedAction."""
    kind = fields.action_type(data)
    if kind in SIMPLE:
        return SIMPLE[kind]()
    if kind == "play":
        return Play(_tile(data.get("tile")), _train(data.get("train")))
    raise malformed("unknown_action")


def parse(text: str) -> Action:
    """Parse the text notation (see the module docstring)."""
    word, rest = fields.text_words(text)
    simple = fields.one_word(word, rest, SIMPLE)
    if simple is not None:
        return simple
    if word == "play" and len(rest) == 2:
        where = rest[1]
        if where == MEXICAN:
            return from_dict({"type": "play", "tile": rest[0], "train": MEXICAN})
        number = where[1:] if where.startswith("#") else ""
        # ASCII digits only, and few of them: int() refuses "²" and numbers of 4300+ digits.
        if number.isascii() and number.isdigit() and len(number) <= 2:
            return from_dict({"type": "play", "tile": rest[0], "train": int(number)})
        raise malformed("train_missing")
    raise malformed("unknown_action")


def coerce(action) -> Action:
    """Accept an Action, its JSON dict or its text."""
    return fields.coerce(action, from_dict, parse, Action)
