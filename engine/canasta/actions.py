"""Canasta Ferroviaria actions as small immutable values, with a JSON form and a text notation.

Cards are written in the French notation (``Kh`` King of hearts, ``10d``, ``2c``, ``*`` the
joker); a meld id is ``#3``; several melds are separated by ``/``.

JSON (what clients send)                                        text
{"type": "draw"}                                                draw
{"type": "take_pile", "cards": ["Kh", "Kd"]}                    take_pile Kh Kd
{"type": "take_pile", "cards": ["Kh", "Kd"],
 "melds": [["5s", "5h", "*"]]}                                  take_pile Kh Kd / 5s 5h *
{"type": "take_top"}                                            take_top
{"type": "meld", "melds": [["Qs", "Qh", "Qd"], ["*", "2c", "*"]]}  meld Qs Qh Qd / * 2c *
{"type": "add", "meld": 3, "cards": ["Qc", "2h"]}               add #3 Qc 2h
{"type": "discard", "card": "9s"}                               discard 9s
  (+ "kitty_choice": true in the log, when the kitty's choice follows)  discard 9s kitty_choice
{"type": "no_discard"}                                          no_discard
{"type": "take_kitty"}                                          take_kitty
{"type": "leave_kitty"}                                         leave_kitty
{"type": "next_round"}                                          next_round
{"type": "last_round"}                                          last_round   (the host)

`take_pile` names the two naturals that meld with the top card, and any further melds from
the hand that make up the first meld's requirement. `no_discard` ends the round for a player
whose hand holds only 7s that may not be discarded. `take_kitty` and `leave_kitty` are the
choice a player who may look at their kitty makes once, after that turn's discard. The game
writes that discard in its log with `kitty_choice`: a discard logged without it, before the
choice existed, replays as it was played then (the kitty taken by itself; `Canasta.apply_logged`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine import fields
from engine.cards import FRENCH, Card
from engine.game import Action, LastRound, NextRound
from engine.messages import malformed

MAX_CARDS = 40          # in one meld (black 3s may exceed 7) or one addition
MAX_MELDS = 12          # new melds in one play
MAX_MELD_ID = 100_000


def _cards(value) -> tuple[Card, ...]:
    return fields.pieces(value, FRENCH.parse, MAX_CARDS)


def _groups(value) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(value, (list, tuple)) or not value or len(value) > MAX_MELDS:
        raise malformed("melds_missing")
    groups = tuple(_cards(g) for g in value)
    if sum(len(g) for g in groups) > MAX_CARDS * 2:
        raise malformed("too_many_cards")
    return groups


def _text(cards) -> str:
    return FRENCH.format_all(cards)


def _list(cards) -> list[str]:
    return [FRENCH.format(c) for c in cards]


@dataclass(frozen=True)
class Draw(Action):
    type: ClassVar[str] = "draw"


@dataclass(frozen=True)
class TakeTop(Action):
    type: ClassVar[str] = "take_top"


@dataclass(frozen=True)
class NoDiscard(Action):
    type: ClassVar[str] = "no_discard"


@dataclass(frozen=True)
class TakeKitty(Action):
    type: ClassVar[str] = "take_kitty"


@dataclass(frozen=True)
class LeaveKitty(Action):
    type: ClassVar[str] = "leave_kitty"


@dataclass(frozen=True)
class TakePile(Action):
    cards: tuple[Card, ...]
    melds: tuple[tuple[Card, ...], ...] = ()
    type: ClassVar[str] = "take_pile"

    def to_dict(self) -> dict:
        data: dict = {"type": self.type, "cards": _list(self.cards)}
        if self.melds:
            data["melds"] = [_list(g) for g in self.melds]
        return data

    def to_text(self) -> str:
        return " / ".join([f"take_pile {_text(self.cards)}", *(_text(g) for g in self.melds)])


@dataclass(frozen=True)
class MeldCards(Action):
    melds: tuple[tuple[Card, ...], ...]
    type: ClassVar[str] = "meld"

    def to_dict(self) -> dict:
        return {"type": self.type, "melds": [_list(g) for g in self.melds]}

    def to_text(self) -> str:
        return "meld " + " / ".join(_text(g) for g in self.melds)


@dataclass(frozen=True)
class Add(Action):
    meld: int
    cards: tuple[Card, ...]
    type: ClassVar[str] = "add"

    def to_dict(self) -> dict:
        return {"type": self.type, "meld": self.meld, "cards": _list(self.cards)}

    def to_text(self) -> str:
        return f"add #{self.meld} {_text(self.cards)}"


@dataclass(frozen=True)
class Discard(Action):
    card: Card
    kitty_choice: bool = False          # as logged: the kitty's choice came after it
    type: ClassVar[str] = "discard"

    def to_dict(self) -> dict:
        out: dict = {"type": self.type, "card": FRENCH.format(self.card)}
        return {**out, "kitty_choice": True} if self.kitty_choice else out

    def to_text(self) -> str:
        return f"discard {FRENCH.format(self.card)}" + " kitty_choice" * self.kitty_choice


SIMPLE = {cls.type: cls for cls in (Draw, TakeTop, NoDiscard, TakeKitty, LeaveKitty, NextRound,
                                    LastRound)}
ACTIONS = (*SIMPLE.values(), TakePile, MeldCards, Add, Discard)


def from_dict(data) -> Action:
    """Parse a client's JSON action; anything unexpected raises MalformedAction."""
    kind = fields.action_type(data)
    if kind in SIMPLE:
        return SIMPLE[kind]()
    if kind == "take_pile":
        cards = _cards(data.get("cards"))
        if len(cards) != 2:
            raise malformed("cards_missing")
        extra = data.get("melds")
        return TakePile(cards) if extra is None else TakePile(cards, _groups(extra))
    if kind == "meld":
        return MeldCards(_groups(data.get("melds")))
    if kind == "add":
        return Add(fields.index(data.get("meld"), "meld_missing", MAX_MELD_ID),
                   _cards(data.get("cards")))
    if kind == "discard":
        choice = data.get("kitty_choice", False)
        if not isinstance(choice, bool):
            raise malformed("kitty_choice_not_yes_no")
        return Discard(fields.piece(data.get("card"), FRENCH.parse), choice)
    raise malformed("unknown_action")


def _split(words: list[str]) -> list[list[str]]:
    groups: list[list[str]] = [[]]
    for word in words:
        if word == "/":
            groups.append([])
        else:
            groups[-1].append(word)
    return groups


def parse(text: str) -> Action:
    """Parse the text notation (see the module docstring)."""
    word, rest = fields.text_words(text)
    simple = fields.one_word(word, rest, SIMPLE)
    if simple is not None:
        return simple
    if word == "take_pile":
        first, *more = _split(rest)
        data: dict = {"type": word, "cards": first}
        if more:
            data["melds"] = more
        return from_dict(data)
    if word == "meld":
        return from_dict({"type": word, "melds": _split(rest)})
    if word == "add" and rest:
        number = rest[0][1:] if rest[0].startswith("#") else ""
        # ASCII digits only, and few of them: int() refuses "²" and numbers of 4300+ digits.
        if not (number.isascii() and number.isdigit() and len(number) <= 6):
            raise malformed("meld_missing")
        return from_dict({"type": word, "meld": int(number), "cards": rest[1:]})
    if word == "discard" and len(rest) in (1, 2) and rest[1:] in ([], ["kitty_choice"]):
        return from_dict({"type": word, "card": rest[0], "kitty_choice": len(rest) == 2})
    raise malformed("unknown_action")


def coerce(action) -> Action:
    """Accept an Action, its JSON dict or its text."""
    return fields.coerce(action, from_dict, parse, Action)
