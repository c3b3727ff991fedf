"""Rummy Manipulación actions as small immutable values, with a JSON form and a text notation.

Cards are written in French notation (``7h``, ``Qs``, ``10d``); ``*`` is a joker from a hand
(unnamed) and ``*Qh`` a joker standing for the queen of hearts. A table group is ``#i`` (its
index in the table the player sees: the working copy while they edit).

JSON (what clients send)                                   text
{"type": "draw"}  (+ "confirm": true after a reminder)     draw / draw confirm
{"type": "pass"}  (+ "confirm": true after a reminder)     pass / pass confirm
{"type": "move", "card": "7h", "from": "hand", "to": 2}    move 7h hand #2
   from: a group index, "hand" or "loose"; to: a group index, "new", "hand" or "loose"
{"type": "split", "group": 1, "at": 2}                     split #1 2
{"type": "join", "group": 0, "with": 3}                    join #0 #3
{"type": "name", "group": 1, "card": "*", "as": "7h"}      name #1 * 7h   ("as": "*" unnames)
{"type": "done"}                 (Listo)                   done
{"type": "undo"}  (+ "confirm": true to surrender)         undo / undo confirm
{"type": "close"}                (Carrusel: Cerrar)        close
{"type": "set_table", "table": [["5h","6h","7h"], ...],    set_table 5h 6h 7h / Qs Qd Qc | 2h
 "loose": ["2h"]}           (loose optional)
{"type": "next_round"}                                     next_round
{"type": "last_round"}                                     last_round     (the host: «última ronda»)
{"type": "end_game"}             (Shanghái, the host)      end_game
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine import fields
from engine.game import Action, Close, LastRound, NextRound
from engine.manipulacion.melds import NAMED, fmt, parse
from engine.messages import malformed

MAX_GROUP = 16          # more cards than any group can hold
MAX_GROUPS = 60         # more groups than 108 cards can make
MAX_INDEX = 999
PLACES_FROM = ("hand", "loose")
PLACES_TO = ("new", "hand", "loose")


@dataclass(frozen=True)
class Confirmable(Action):
    confirm: bool = False

    def to_dict(self) -> dict:
        return {"type": self.type, "confirm": True} if self.confirm else {"type": self.type}

    def to_text(self) -> str:
        return self.type + (" confirm" if self.confirm else "")


@dataclass(frozen=True)
class Draw(Confirmable):
    type: ClassVar[str] = "draw"


@dataclass(frozen=True)
class Pass(Confirmable):
    type: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Undo(Confirmable):
    type: ClassVar[str] = "undo"


@dataclass(frozen=True)
class Done(Action):
    type: ClassVar[str] = "done"


@dataclass(frozen=True)
class EndGame(Action):
    type: ClassVar[str] = "end_game"


def _place_text(place) -> str:
    return f"#{place}" if isinstance(place, int) else place


@dataclass(frozen=True)
class Move(Action):
    card: int
    source: int | str          # group index, "hand" or "loose"
    target: int | str          # group index, "new", "hand" or "loose"
    type: ClassVar[str] = "move"

    def to_dict(self) -> dict:
        return {"type": self.type, "card": fmt(self.card), "from": self.source,
                "to": self.target}

    def to_text(self) -> str:
        return f"move {fmt(self.card)} {_place_text(self.source)} {_place_text(self.target)}"


@dataclass(frozen=True)
class Split(Action):
    group: int
    at: int
    type: ClassVar[str] = "split"

    def to_dict(self) -> dict:
        return {"type": self.type, "group": self.group, "at": self.at}

    def to_text(self) -> str:
        return f"split #{self.group} {self.at}"


@dataclass(frozen=True)
class Join(Action):
    group: int
    other: int
    type: ClassVar[str] = "join"

    def to_dict(self) -> dict:
        return {"type": self.type, "group": self.group, "with": self.other}

    def to_text(self) -> str:
        return f"join #{self.group} #{self.other}"


@dataclass(frozen=True)
class Name(Action):
    group: int
    card: int                  # the joker as it is now: "*" or "*7h"
    name: int                  # the card it will stand for, or JOKER to leave it unnamed
    type: ClassVar[str] = "name"

    def to_dict(self) -> dict:
        return {"type": self.type, "group": self.group, "card": fmt(self.card),
                "as": fmt(self.name)}

    def to_text(self) -> str:
        return f"name #{self.group} {fmt(self.card)} {fmt(self.name)}"


@dataclass(frozen=True)
class SetTable(Action):
    table: tuple[tuple[int, ...], ...]
    loose: tuple[int, ...] | None = None
    type: ClassVar[str] = "set_table"

    def to_dict(self) -> dict:
        data = {"type": self.type, "table": [[fmt(x) for x in g] for g in self.table]}
        if self.loose is not None:
            data["loose"] = [fmt(x) for x in self.loose]
        return data

    def to_text(self) -> str:
        text = " / ".join(" ".join(fmt(x) for x in g) for g in self.table)
        text = "set_table" + (" " + text if text else "")
        if self.loose is not None:
            text += " |" + "".join(" " + fmt(x) for x in self.loose)
        return text


CONFIRMABLE = {cls.type: cls for cls in (Draw, Pass, Undo)}
SIMPLE = {cls.type: cls for cls in (Done, Close, NextRound, EndGame, LastRound)}
ACTIONS = (*CONFIRMABLE.values(), *SIMPLE.values(), Move, Split, Join, Name, SetTable)
TYPES = tuple(a.type for a in ACTIONS)
EDITS = ("move", "split", "join", "name")


def _card(value, allow_named=True) -> int:
    card = fields.piece(value, parse)
    if card >= NAMED and not allow_named:
        raise malformed("not_a_card")
    return card


def _index(value, missing="group_missing") -> int:
    return fields.index(value, missing, MAX_INDEX + 1)


def _place(value, words) -> int | str:
    if isinstance(value, str) and value in words:
        return value
    return _index(value, "place_missing")


def _group_cards(value) -> tuple[int, ...]:
    if not isinstance(value, (list, tuple)) or len(value) > MAX_GROUP:
        raise malformed("group_not_a_list")
    return tuple(_card(v) for v in value)


def from_dict(data) -> Action:
    """Parse a client's JSON action; anything unexpected raises MalformedAction."""
    kind = fields.action_type(data)
    if kind in CONFIRMABLE:
        confirm = data.get("confirm", False)
        if not isinstance(confirm, bool):
            raise malformed("confirm_not_yes_no")
        return CONFIRMABLE[kind](confirm)
    if kind in SIMPLE:
        return SIMPLE[kind]()
    if kind == "move":
        return Move(_card(data.get("card")), _place(data.get("from"), PLACES_FROM),
                    _place(data.get("to"), PLACES_TO))
    if kind == "split":
        return Split(_index(data.get("group")), _index(data.get("at"), "split_point_missing"))
    if kind == "join":
        return Join(_index(data.get("group")), _index(data.get("with")))
    if kind == "name":
        return Name(_index(data.get("group")), _card(data.get("card")),
                    _card(data.get("as"), allow_named=False))
    if kind == "set_table":
        table = data.get("table")
        if not isinstance(table, (list, tuple)) or len(table) > MAX_GROUPS:
            raise malformed("table_missing")
        loose = data.get("loose")
        if loose is not None:
            loose = _group_cards(loose)
        return SetTable(tuple(_group_cards(g) for g in table), loose)
    raise malformed("unknown_action")


def _text_place(token: str, words):
    if token.startswith("#"):
        number = token[1:]
        # ASCII digits only, and few of them: int() refuses "²" and numbers of 4300+ digits.
        if number.isascii() and number.isdigit() and len(number) <= 4:
            return int(number)
        raise malformed()
    return token


def parse_text(text: str) -> Action:
    """Parse the text notation (see the module docstring)."""
    word, rest = fields.text_words(text)
    if word in CONFIRMABLE:
        if rest not in ([], ["confirm"]):
            raise malformed()
        return CONFIRMABLE[word](bool(rest))
    simple = fields.one_word(word, rest, SIMPLE)
    if simple is not None:
        return simple
    if word == "move" and len(rest) == 3:
        return from_dict({"type": "move", "card": rest[0],
                          "from": _text_place(rest[1], PLACES_FROM),
                          "to": _text_place(rest[2], PLACES_TO)})
    if word == "split" and len(rest) == 2 and rest[0].startswith("#"):
        at = rest[1]
        if not (at.isascii() and at.isdigit() and len(at) <= 4):
            raise malformed()
        return from_dict({"type": "split", "group": _text_place(rest[0], ()), "at": int(at)})
    if word == "join" and len(rest) == 2 and all(t.startswith("#") for t in rest):
        return from_dict({"type": "join", "group": _text_place(rest[0], ()),
                          "with": _text_place(rest[1], ())})
    if word == "name" and len(rest) == 3 and rest[0].startswith("#"):
        return from_dict({"type": "name", "group": _text_place(rest[0], ()), "card": rest[1],
                          "as": rest[2]})
    if word == "set_table":
        body = " ".join(rest)
        table_text, bar, loose_text = body.partition("|")
        groups = [g.split() for g in table_text.split("/")] if table_text.strip() else []
        if any(not g for g in groups):
            raise malformed()
        data = {"type": "set_table", "table": groups}
        if bar:
            data["loose"] = loose_text.split()
        return from_dict(data)
    raise malformed("unknown_action")


def coerce(action) -> Action:
    """Accept an Action, its JSON dict or its text."""
    return fields.coerce(action, from_dict, parse_text, Action)
