"""Key moments of a finished game, and its public views step by step, found from its log.

A game is rebuilt from (players, options, seed, actions); after each action a game's finder
(`engine/<name>/moments.py`, class `Finder`) reads only what the TV could see then: the new
events and the public view `view(None)`. So a moment never holds a card hidden at that time.

A moment names seats as ``{p2}`` in its words (es and en): the screen puts the player's name
there (`Moment.text(names, lang)` does it in Python).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING, Any, Iterable, Iterator

from engine.messages import Words, _in

if TYPE_CHECKING:
    from engine.game import Game, Seat

SEAT_MARK = re.compile(r"\{p(\d+)\}")


def seat_words(seat: int) -> Words:
    """A seat in a moment's words, for the screen to replace by the player's name."""
    return Words(f"{{p{seat}}}", f"{{p{seat}}}")


def phrase(es: str, en: str, **params: Any) -> Words:
    """Both languages of a template, filled as refusals are (`Words`, numbers, lists)."""
    def fill(template: str, lang: str) -> str:
        text = template.format(**{k: _in(v, lang) for k, v in params.items()})
        if lang == "es":
            text = text.replace(" de el ", " del ").replace(" a el ", " al ")
        return text[:1].upper() + text[1:]
    return Words(fill(es, "es"), fill(en, "en"))


@dataclass
class Moment:
    """One key moment: `index` is the position in the log of the action it happened at, so
    `public_views(...)` item `index + 1` is the table right after it (`view` holds that)."""
    index: int
    kind: str
    seats: list[int]
    words: Words
    view: dict
    detail: dict = field(default_factory=dict)
    weight: float = 1.0     # how much a family would want to see it again (`highlights`)

    def to_dict(self) -> dict:
        return {"index": self.index, "kind": self.kind, "seats": list(self.seats),
                "es": self.words.es, "en": self.words.en, "view": self.view,
                "detail": self.detail, "weight": self.weight}

    def text(self, names: list[str], lang: str = "es") -> str:
        return SEAT_MARK.sub(lambda m: names[int(m.group(1))], self.words.get(lang))


class BaseFinder:
    """What every game's finder shares: the game being rebuilt (read only through
    `public()` and `events`) and the moments found so far. `WEIGHTS` by kind say how much
    each is worth seeing again; `weight` may refine it from the moment's detail."""

    WEIGHTS: dict[str, float] = {"closing": 3.0}

    def __init__(self, game: "Game"):
        self.game = game
        self.found: list[Moment] = []

    def peek(self) -> dict:
        """The TV's view now, to read and not to keep (it is the game's cached view)."""
        return self.game.view(None)

    def public(self) -> dict:
        """The TV's view now, a copy a moment may keep (through JSON: views are JSON-ready,
        and it is several times faster than deepcopy)."""
        view = json.loads(json.dumps(self.game.view(None)))
        view.pop("seat", None)
        return view

    def add(self, index: int, kind: str, seats: Iterable[int], words: Words,
            view: dict | None = None, **detail) -> Moment:
        moment = self.moment(index, kind, seats, words,
                             view if view is not None else self.public(), **detail)
        self.found.append(moment)
        return moment

    def moment(self, index: int, kind: str, seats: Iterable[int], words: Words, view: dict,
               **detail) -> Moment:
        """A moment, weighed, not yet kept (for the biggest-of-the-game kinds)."""
        moment = Moment(index, kind, list(seats), words, view, detail)
        moment.weight = self.weight(moment)
        return moment

    def weight(self, moment: Moment) -> float:
        return self.WEIGHTS.get(moment.kind, 1.0)

    def start(self) -> None:
        """The deal, before any action."""

    def seen(self, index: int, events: list[dict]) -> None:
        """The action at `index` was applied; `events` are those it caused."""

    def finish(self) -> None:
        """The log is over: moments of the whole game (the biggest of something)."""


def highlights(moments: list[Moment], most: int) -> list[Moment]:
    """At most `most` of the moments for a short slideshow: the heaviest (ties: the later,
    which are nearer the end of the night), shown in the order they happened. The game's last
    closing is always among them: the slideshow ends where the podium starts."""
    last = moments[-1] if moments and moments[-1].kind == "closing" else None

    def rank(m: Moment) -> tuple[float, int]:
        return (FINAL_WEIGHT if m is last else m.weight, m.index)
    chosen = sorted(moments, key=rank, reverse=True)[:most]
    return sorted(chosen, key=lambda m: (m.index, m.kind == "closing"))


FINAL_WEIGHT = 10.0


def _finder_class(cls: type["Game"]):
    return import_module(f"engine.{cls.name}.moments").Finder


def find_moments(cls: type["Game"], players: int, options: dict | None, seed: int,
                 log: Iterable[tuple["Seat", dict]]) -> list[Moment]:
    """The key moments of a game's log, in the order they happened."""
    game: Any = cls.new(players, options, seed)      # every game so far is a RoundGame
    finder = _finder_class(cls)(game)
    finder.start()
    for index, (seat, action) in enumerate(log):
        before = len(game.events)
        game.apply_logged(seat, action)
        finder.seen(index, game.events[before:])
    finder.finish()
    # At one action, a round's closing comes last (the play that went out came first).
    return sorted(finder.found, key=lambda m: (m.index, m.kind == "closing"))


def public_views(cls: type["Game"], players: int, options: dict | None, seed: int,
                 log: Iterable[tuple["Seat", dict]]) -> Iterator[dict]:
    """The TV's view of the table at the deal and after each action of the log, for a
    step-by-step replay: public only (other hands and the stock as counts); a round's end
    shows the hands left, as `last_round` does at the table. Treat each view as read-only."""
    game = cls.new(players, options, seed)
    yield game.view(None)
    for seat, action in log:
        game.apply_logged(seat, action)
        yield game.view(None)
