"""The contract every game offers the server.

The server knows no rules: it creates a game from (seats, options, seed), asks who may act and
which timers are pending, forwards `(seat, action)` pairs, and sends `view(seat)` to each phone and
`view(None)` to the TV. Actions arrive as JSON-ready dicts (``{"type": "discard", "card": "7o"}``);
each game parses them into its own immutable action values.
"""
from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Iterable

Seat = int | None  # None: the system (the server's timer) or the public TV


class GameError(Exception):
    """An action that was refused. `code` is stable; the messages are for people."""

    def __init__(self, code: str, es: str, en: str):
        super().__init__(f"{code}: {en}")
        self.code = code
        self.es = es
        self.en = en

    def to_dict(self) -> dict:
        return {"code": self.code, "es": self.es, "en": self.en}


class MalformedAction(GameError):
    def __init__(self, es: str = "La jugada no se entiende.", en: str = "The action is malformed."):
        super().__init__("malformed", es, en)


class IllegalAction(GameError):
    pass


@dataclass(frozen=True)
class Action:
    """An action value: each game subclasses it per action type, with a JSON and a text form."""
    type: ClassVar[str]

    def to_dict(self) -> dict:
        return {"type": self.type}

    def to_text(self) -> str:
        return self.type


@dataclass(frozen=True)
class Timer:
    """A timer the server must run: after `seconds`, apply `action` for seat None."""
    name: str
    seconds: float
    action: dict

    def to_dict(self) -> dict:
        return {"name": self.name, "seconds": self.seconds, "action": self.action}


class Game(ABC):
    """One game in progress. Subclasses are registered in `engine.registry`."""

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    bot_levels: ClassVar[tuple[str, ...]] = ()
    # For the game chooser: titles, one-line summaries, options and the house-rules card.
    info: ClassVar[dict] = {}

    log: list[tuple[Seat, dict]]

    @classmethod
    @abstractmethod
    def new(cls, players: int, options: dict | None = None, seed: int = 0) -> "Game":
        """A fresh game; `options` are validated (bad ones raise GameError)."""

    @classmethod
    def make_bot(cls, level: str, seat: int, seed: int = 0):
        """A computer player: an object whose `choose(view)` returns an action dict or None.
        Each game keeps its bots in `engine/<name>/bots.py`, imported only when needed."""
        from importlib import import_module
        return import_module(f"engine.{cls.name}.bots").make_bot(level, seat, seed)

    @classmethod
    def check_player_count(cls, players) -> None:
        if isinstance(players, bool) or not isinstance(players, int) \
                or not cls.min_players <= players <= cls.max_players:
            title = cls.info.get("title", {"es": cls.name, "en": cls.name})
            raise IllegalAction(
                "bad_player_count",
                f"{title['es']} se juega de {cls.min_players} a {cls.max_players} jugadores.",
                f"{title['en']} is played by {cls.min_players} to {cls.max_players} players.")

    def _do_next_round(self, seat, act) -> None:
        """For games played in rounds (`phase`, `round`, `dealer`, `ready`, `_deal()`): a seat
        says it is ready; the next round is dealt, by the next dealer, when every seat is —
        or at once when the server's pause timer or the host says so (seat None)."""
        if self.phase != "round_over":
            raise IllegalAction("round_not_over", "La ronda todavía no ha terminado.",
                                "The round is not over yet.")
        if not self.seat_ready(seat):
            return
        self.round += 1
        self.dealer = (self.dealer + 1) % self.players
        self._deal()

    def seat_ready(self, seat) -> bool:
        """Between rounds: `seat` says it is ready (None: the table's timer or the host).
        True when the next round should start. Uses `self.ready`, a set of seats."""
        if seat is not None:
            if seat in self.ready:
                raise IllegalAction("already_ready", "Ya estás listo: esperamos a los demás.",
                                    "You are ready: waiting for the others.")
            self.ready.add(seat)
            if len(self.ready) < self.players:
                return False
        self.ready = set()
        return True

    @classmethod
    def catalogue(cls) -> dict:
        return {"name": cls.name, "min_players": cls.min_players,
                "max_players": cls.max_players, "bot_levels": list(cls.bot_levels), **cls.info}

    @abstractmethod
    def actors(self) -> list[int | None]:
        """Seats that may act now (several during a buy window; None for a system action)."""

    @abstractmethod
    def timers(self) -> list[Timer]:
        """Timers the server must start now (and cancel when they are no longer listed)."""

    @staticmethod
    @abstractmethod
    def parse_action(action) -> "Action":
        """The game's action value from its JSON dict or text (MalformedAction otherwise)."""

    def check(self, seat: Seat, action) -> None:
        """Raise GameError if `seat` may not make `action` now. Never changes anything."""
        copy.deepcopy(self).apply(seat, action)

    def apply(self, seat: Seat, action) -> None:
        """Apply `action` for `seat`, or raise GameError and change nothing: each game's
        `_do_<type>` handler checks everything before it changes anything."""
        act = self.parse_action(action)
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise MalformedAction("Asiento no válido.", "Invalid seat.")
        if seat is not None and not 0 <= seat < self.players:
            raise IllegalAction("not_in_game", "Ese asiento no está en la partida.",
                                "That seat is not in the game.")
        if self.finished:
            raise IllegalAction("game_over", "La partida ha terminado.", "The game is over.")
        getattr(self, "_do_" + act.type)(seat, act)
        self._public = None          # the cached public view is stale now
        self.log.append((seat, act.to_dict()))

    @abstractmethod
    def view(self, seat: Seat) -> dict:
        """What `seat` may see (None: the public table for the TV). JSON-ready."""

    @abstractmethod
    def result(self) -> dict | None:
        """The final standings once the game is over, else None."""

    @property
    def finished(self) -> bool:
        return self.result() is not None

    @classmethod
    def replay(cls, players: int, options: dict | None, seed: int,
               log: Iterable[tuple[Seat, dict]]) -> "Game":
        """The same game again from its seed, options and action log."""
        game = cls.new(players, options, seed)
        for seat, action in log:
            game.apply(seat, action)
        return game

    def to_json_log(self) -> list[list[Any]]:
        return [[seat, action] for seat, action in self.log]

    def hidden_zones(self, reader: Seat) -> list[list]:
        """The live lists of pieces `reader` (a seat, or None for the TV) may not see: other
        hands, the stock or boneyard, a face-down kitty, another seat's private working copy.
        The contract tests shuffle their pooled contents: view(reader) must not change."""
        raise NotImplementedError(f"{self.name} does not list its hidden zones")
