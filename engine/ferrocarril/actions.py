"""Ferrocarril actions as small immutable values, with a JSON form and a text notation.

JSON (what clients send)                         text
{"type": "draw"}                                 draw
{"type": "buy"} / {"type": "pass"}               buy / pass
{"type": "close_buy"}     (the server's timer)   close_buy
{"type": "salir", "melds": [["7o","7c","*"]]}    salir 7o 7c * / 8o 8e 8b
{"type": "meld", "cards": ["3o","3c","3e"]}      meld 3o 3c 3e
{"type": "add", "meld": 2, "cards": ["5o"],      add #2 5o @high
 "end": "high"}          (end optional)
{"type": "steal", "meld": 3, "card": "5o"}       steal #3 5o
{"type": "discard", "card": "7o"}                discard 7o
{"type": "close"}                                close
{"type": "next_round"}                           next_round
{"type": "last_round"}                           last_round     (the host: «última ronda»)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine import fields
from engine.cards import SPANISH, Card
from engine.game import Action, Close, LastRound, NextRound
from engine.messages import malformed

MAX_CARDS = 16  # more cards than any hand can hold: refuse before doing any work


@dataclass(frozen=True)
class Draw(Action):
    type: ClassVar[str] = "draw"


@dataclass(frozen=True)
class Buy(Action):
    type: ClassVar[str] = "buy"


@dataclass(frozen=True)
class Pass(Action):
    type: ClassVar[str] = "pass"


@dataclass(frozen=True)
class CloseBuyWindow(Action):
    type: ClassVar[str] = "close_buy"


@dataclass(frozen=True)
class Salir(Action):
    melds: tuple[tuple[Card, ...], ...]
    type: ClassVar[str] = "salir"

    def to_dict(self) -> dict:
        return {"type": self.type, "melds": [_card_names(m) for m in self.melds]}

    def to_text(self) -> str:
        return "salir " + " / ".join(SPANISH.format_all(m) for m in self.melds)


@dataclass(frozen=True)
class NewMeld(Action):
    cards: tuple[Card, ...]
    type: ClassVar[str] = "meld"

    def to_dict(self) -> dict:
        return {"type": self.type, "cards": _card_names(self.cards)}

    def to_text(self) -> str:
        return "meld " + SPANISH.format_all(self.cards)


@dataclass(frozen=True)
class Add(Action):
    meld: int
    cards: tuple[Card, ...]
    end: str | None = None
    type: ClassVar[str] = "add"

    def to_dict(self) -> dict:
        data = {"type": self.type, "meld": self.meld, "cards": _card_names(self.cards)}
        if self.end:
            data["end"] = self.end
        return data

    def to_text(self) -> str:
        text = f"add #{self.meld} {SPANISH.format_all(self.cards)}"
        return text + (f" @{self.end}" if self.end else "")


@dataclass(frozen=True)
class Steal(Action):
    meld: int
    card: Card
    type: ClassVar[str] = "steal"

    def to_dict(self) -> dict:
        return {"type": self.type, "meld": self.meld, "card": SPANISH.format(self.card)}

    def to_text(self) -> str:
        return f"steal #{self.meld} {SPANISH.format(self.card)}"


@dataclass(frozen=True)
class Discard(Action):
    card: Card
    type: ClassVar[str] = "discard"

    def to_dict(self) -> dict:
        return {"type": self.type, "card": SPANISH.format(self.card)}

    def to_text(self) -> str:
        return f"discard {SPANISH.format(self.card)}"


SIMPLE = {cls.type: cls for cls in (Draw, Buy, Pass, CloseBuyWindow, Close, NextRound, LastRound)}
ACTIONS = (*SIMPLE.values(), Salir, NewMeld, Add, Steal, Discard)
TYPES = tuple(a.type for a in ACTIONS)
ENDS = ("low", "high")


def _card_names(cards) -> list[str]:
    return [SPANISH.format(c) for c in cards]


def _card(value) -> Card:
    return fields.piece(value, SPANISH.parse)


def _cards(value) -> tuple[Card, ...]:
    return fields.pieces(value, SPANISH.parse, MAX_CARDS)


def _meld_id(value) -> int:
    return fields.index(value, "meld_missing")


def from_dict(data) -> Action:
    """Parse a client's JSON action; anything unexpected raises MalformedAction."""
    kind = fields.action_type(data)
    if kind in SIMPLE:
        return SIMPLE[kind]()
    if kind == "salir":
        melds = data.get("melds")
        if not isinstance(melds, (list, tuple)) or not 0 < len(melds) <= 4:
            raise malformed("salir_melds_missing")
        return Salir(tuple(_cards(m) for m in melds))
    if kind == "meld":
        return NewMeld(_cards(data.get("cards")))
    if kind == "add":
        end = data.get("end")
        if end is not None:
            end = fields.choice(end, ENDS, "bad_end")
        return Add(_meld_id(data.get("meld")), _cards(data.get("cards")), end)
    if kind == "steal":
        return Steal(_meld_id(data.get("meld")), _card(data.get("card")))
    if kind == "discard":
        return Discard(_card(data.get("card")))
    raise malformed("unknown_action")


def parse(text: str) -> Action:
    """Parse the text notation (see the module docstring)."""
    word, rest = fields.text_words(text)
    simple = fields.one_word(word, rest, SIMPLE)
    if simple is not None:
        return simple
    if word == "salir":
        groups = " ".join(rest).split("/")
        return from_dict({"type": "salir", "melds": [g.split() for g in groups]})
    if word == "meld":
        return from_dict({"type": "meld", "cards": rest})
    number = rest[0][1:] if rest and rest[0].startswith("#") else ""
    # ASCII digits only, and few of them: int() refuses "²" and numbers of 4300+ digits.
    if word in ("add", "steal") and number.isascii() and number.isdigit() and len(number) <= 6:
        meld = int(number)
        if word == "steal":
            if len(rest) != 2:
                raise malformed()
            return from_dict({"type": "steal", "meld": meld, "card": rest[1]})
        tokens = rest[1:]
        end = tokens.pop()[1:] if tokens and tokens[-1].startswith("@") else None
        return from_dict({"type": "add", "meld": meld, "cards": tokens, "end": end})
    if word == "discard" and len(rest) == 1:
        return from_dict({"type": "discard", "card": rest[0]})
    raise malformed("unknown_action")


def coerce(action) -> Action:
    """Accept an Action, its JSON dict or its text."""
    return fields.coerce(action, from_dict, parse, Action)
