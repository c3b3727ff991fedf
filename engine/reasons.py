"""Why a computer player made a move, in one short line the whole table may read.

A game's `engine/<name>/reasons.py` has `reason(public, seat, action) -> Reason | None`: it is
given the TV's view from before the move (`view(None)`), the seat that moves and the move,
never the game itself, so a line can only speak of what the table sees (scores, melds, counts,
cards already played, the move) and never of a card a hand holds. Most moves get no line: only
those where a line adds something to what the feed already says.

A line names seats as ``{p2}``, as the key moments do (`engine.moments.seat_words`): whoever
shows it puts the player's name there (`Reason.text`).
"""
from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any, Sequence

from engine.messages import Words
from engine.moments import SEAT_MARK, phrase, seat_words

if TYPE_CHECKING:
    from engine.game import Game

__all__ = ["Reason", "explain", "line", "count_words", "left_words", "seat_words",
           "closest_rival"]


@dataclass(frozen=True)
class Reason:
    """One line, in both languages, with `{pN}` for seat N: "{p1} compra ahora: a {p0} solo le
    quedan 2 cartas". What follows the first ": " is the why alone, for a screen that shows it
    under the move itself ("A {p0} solo le quedan 2 cartas"); a line made `whole` keeps all
    of it there too. Within one turn of a seat a heavier line replaces a lighter one (the
    table shows at most one per turn)."""
    kind: str
    words: Words
    weight: int = 1
    whole: bool = False

    def text(self, names: Sequence[str], lang: str) -> str:
        return _named(self.words.get(lang), names)

    def why(self, names: Sequence[str], lang: str) -> str:
        line = self.words.get(lang)
        _, colon, rest = line.partition(": ")     # before the names go in: one may hold ": "
        if self.whole or not colon:
            return _named(line, names)
        return _named(rest[:1].upper() + rest[1:], names)

    def texts(self, names: Sequence[str]) -> dict:
        """The whole line in each language, and under "why" the why alone."""
        return {"es": self.text(names, "es"), "en": self.text(names, "en"),
                "why": {"es": self.why(names, "es"), "en": self.why(names, "en")}}


def _named(text: str, names: Sequence[str]) -> str:
    def name(mark) -> str:
        seat = int(mark.group(1))
        return names[seat] if 0 <= seat < len(names) else ""
    return SEAT_MARK.sub(name, text)


def line(kind: str, es: str, en: str, weight: int = 1, whole: bool = False,
         **params: Any) -> Reason:
    """A reason from its two templates, filled as refusals are (`Words`, numbers, lists)."""
    return Reason(kind, phrase(es, en, **params), weight, whole)


def count_words(n: int, one: tuple[str, str], many: tuple[str, str]) -> Words:
    """"una carta" / "3 cartas": `one` is said whole, `many` has {n}."""
    if n == 1:
        return Words(*one)
    return Words(many[0].format(n=n), many[1].format(n=n))


def left_words(n: int, one: tuple[str, str], many: tuple[str, str]) -> Words:
    """"solo le queda una carta" / "has only one card left" (`count_words`' pieces)."""
    count = count_words(n, one, many)
    return Words(f"solo le {'queda' if n == 1 else 'quedan'} {count.es}",
                 f"has only {count.en} left")


def closest_rival(players: Sequence[dict], seat: int, pieces: str, most: int,
                  only=lambda p: True) -> dict | None:
    """The rival with the fewest pieces in hand (`pieces`: the view's key for them), if it has
    `most` or fewer and passes `only`; the first in seat order on a tie."""
    rivals = [p for p in players if p["seat"] != seat and only(p) and 0 < p[pieces] <= most]
    return min(rivals, key=lambda p: p[pieces]) if rivals else None


def explain(cls: type["Game"], public: dict, seat: int, action) -> Reason | None:
    """The line for `seat`'s `action` on the table `public` (the TV's view before it), or None.
    An action the game cannot read gets none."""
    from engine.game import GameError
    try:
        act = cls.parse_action(action)
    except GameError:
        return None
    try:
        module = import_module(f"engine.{cls.name}.reasons")
    except ModuleNotFoundError:
        return None
    return module.reason(public, seat, act)
