"""The contract every game offers the server.

The server knows no rules: it creates a game from (seats, options, seed), asks who may act and
which timers are pending, forwards `(seat, action)` pairs, and sends `view(seat)` to each phone and
`view(None)` to the TV. Actions arrive as JSON-ready dicts (``{"type": "discard", "card": "7o"}``);
each game parses them into its own immutable action values.
"""
from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Iterable, Iterator

from engine.messages import Words, malformed, refuse, texts
from engine.options import FIRST_DEALER, Options

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
    def __init__(self, es: str | None = None, en: str | None = None):
        default_es, default_en = texts("malformed")
        super().__init__("malformed", es or default_es, en or default_en)


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
class NextRound(Action):
    """Between rounds: a seat is ready, or the pause is over (RoundGame handles it)."""
    type: ClassVar[str] = "next_round"


@dataclass(frozen=True)
class LastRound(Action):
    """The host calls «última ronda»: the game ends with the round in play (RoundGame)."""
    type: ClassVar[str] = "last_round"


@dataclass(frozen=True)
class Close(Action):
    """Close the round with the last card (each game says when it may)."""
    type: ClassVar[str] = "close"


@dataclass(frozen=True)
class Timer:
    """A timer the server must run: after `seconds`, apply `action` for seat None."""
    name: str
    seconds: float
    action: dict

    def to_dict(self) -> dict:
        return {"name": self.name, "seconds": self.seconds, "action": self.action}


ROUND_OVER, GAME_OVER = "round_over", "game_over"


class Game(ABC):
    """One game in progress: everything the server, the simulator, the bots and the docs use.
    Subclasses are registered in `engine.registry`."""

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    bot_levels: ClassVar[tuple[str, ...]] = ()
    # For the game chooser: titles, one-line summaries and the house-rules card.
    info: ClassVar[dict] = {}
    OPTIONS: ClassVar[Options] = Options()
    ACTIONS: ClassVar[tuple[type["Action"], ...]]     # every action a client may send
    SYSTEM_ACTIONS: ClassVar[frozenset[str]] = frozenset()   # the types only seat None sends

    players: int
    options: dict
    seed: int
    log: list[tuple[Seat, dict]]
    _public: dict | None          # the cached public view, until the next action
    # A handler may set the action as the log must keep it, to replay as it was played
    # (Canasta's discard that opened the kitty's choice, Manipulación's confirmed pass).
    _as_logged: Action | None = None

    @classmethod
    @abstractmethod
    def new(cls, players: int, options: dict | None = None, seed: int = 0) -> "Game":
        """A fresh game; `options` are validated (bad ones raise GameError)."""

    @classmethod
    def stand_in_level(cls) -> str:
        """The level that plays for a person who left or handed over their seat: normal where
        the game has it (difícil thinks for longer than a family waits for a stand-in)."""
        return "normal" if "normal" in cls.bot_levels else cls.bot_levels[-1]

    @classmethod
    def make_bot(cls, level: str, seat: int, seed: int = 0):
        """A computer player: an object whose `choose(view)` returns an action dict or None.
        Each game keeps its bots in `engine/<name>/bots.py`, imported only when needed."""
        from importlib import import_module
        return import_module(f"engine.{cls.name}.bots").make_bot(level, seat, seed)

    @classmethod
    def title(cls) -> Words:
        title = cls.info.get("title", {"es": cls.name, "en": cls.name})
        return Words(title["es"], title["en"])

    @classmethod
    def check_player_count(cls, players) -> None:
        if isinstance(players, bool) or not isinstance(players, int) \
                or not cls.min_players <= players <= cls.max_players:
            raise refuse("bad_player_count", game=cls.title(), least=cls.min_players,
                         most=cls.max_players)

    @classmethod
    def catalogue(cls) -> dict:
        return {"name": cls.name, "min_players": cls.min_players,
                "max_players": cls.max_players, "bot_levels": list(cls.bot_levels),
                **cls.info, "options": cls.OPTIONS.catalogue()}

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

    @abstractmethod
    def allowed(self, seat: int) -> list[str]:
        """The action types `seat` may try now: the buttons a phone enables."""

    @classmethod
    def player_actions(cls) -> list[str]:
        """The action types a player's screen may offer: every type but the system's own."""
        return [a.type for a in cls.ACTIONS if a.type not in cls.SYSTEM_ACTIONS]

    def why_not(self, seat: int, kind: str) -> GameError | None:
        """Why `seat` may not try an action of type `kind` now: the refusal the engine gives
        it (None when `kind` is in `allowed(seat)`). A screen shows it when a button at rest
        is tapped, so the reason comes from the rules, never from the screen."""
        if kind in self.allowed(seat):
            return None
        return self._why_not(seat, kind)

    @abstractmethod
    def _why_not(self, seat: int, kind: str) -> GameError | None:
        """The refusal for an action type `seat` may not try now (not in `allowed(seat)`)."""

    def actions_view(self, seat: int) -> dict:
        """Every player action type, for `seat`'s view: ``{"enabled": True}``, or
        ``{"enabled": False, "reason": {"code", "es", "en"}}`` with the refusal it would get."""
        allowed = set(self.allowed(seat))
        states: dict[str, dict] = {}
        for kind in self.player_actions():
            if kind in allowed:
                states[kind] = {"enabled": True}
                continue
            reason = self._why_not(seat, kind)
            states[kind] = {"enabled": False, "reason": reason and reason.to_dict()}
        return states

    @abstractmethod
    def audit(self, full_deck: bool = True) -> list[str]:
        """What is wrong with the state (an empty list when all is well): the simulator and
        the property tests call it after every action."""

    def check(self, seat: Seat, action) -> None:
        """Raise GameError if `seat` may not make `action` now. Never changes anything.
        The action is tried on a copy; the copy starts with an empty log, which no rule
        reads (copying the log made a check late in a long game cost tens of ms)."""
        trial = copy.deepcopy(self, {id(self.log): []})
        trial.apply(seat, action)

    def apply(self, seat: Seat, action) -> None:
        """Apply `action` for `seat`, or raise GameError and change nothing: each game's
        `_do_<type>` handler checks everything before it changes anything."""
        act = self.parse_action(action)
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise malformed("bad_seat")
        if seat is not None and not 0 <= seat < self.players:
            raise refuse("not_in_game")
        if self.finished:
            raise refuse("game_over")
        try:
            getattr(self, "_do_" + act.type)(seat, act)
            self._public = None          # the cached public view is stale now
            self.log.append((seat, (self._as_logged or act).to_dict()))
        finally:
            self.__dict__.pop("_as_logged", None)    # a refusal leaves the state as it was

    def apply_logged(self, seat: Seat, action) -> None:
        """Apply an action read back from a game's log (a replay, a restart, its key moments):
        as `apply`. A game whose older logs meant something else overrides it (Canasta's
        kitty, once taken by itself, now a choice)."""
        self.apply(seat, action)

    def reason(self, seat: int, action) -> Any:
        """Why a computer player at `seat` makes `action` now: an `engine.reasons.Reason` (one
        short line for the table) or None. Worked out from the TV's view before the move and
        the move only, so it never speaks of a card a hand holds; call it before applying."""
        from engine.reasons import explain
        return explain(type(self), self.view(None), seat, action)

    @abstractmethod
    def view(self, seat: Seat) -> dict:
        """What `seat` may see (None: the public table for the TV). JSON-ready."""

    @abstractmethod
    def result(self) -> dict | None:
        """The final standings once the game is over, else None."""

    @property
    def finished(self) -> bool:
        return self.result() is not None

    def round_scores(self) -> list[list[int]]:
        """Each finished round's points per seat, in order: the family history keeps them."""
        return []

    @classmethod
    def saved_options(cls, options: dict | None) -> dict:
        """The options a game saved with `options` was made with: an option it does not name
        whose default has changed since takes its former default (`Option.saved_default`)."""
        return cls.OPTIONS.as_saved(dict(options or {}))

    def kept_options(self) -> dict:
        """Every option this game was made with, as it is saved (without the `_` ones): a
        default changed later leaves a saved game as it was."""
        return {k: v for k, v in self.options.items() if not str(k).startswith("_")}

    @classmethod
    def replay(cls, players: int, options: dict | None, seed: int,
               log: Iterable[tuple[Seat, dict]]) -> "Game":
        """The same game again from its seed, options and action log."""
        game = cls.new(players, options, seed)
        for seat, action in log:
            game.apply_logged(seat, action)
        return game

    @classmethod
    def moments(cls, players: int, options: dict | None, seed: int,
                log: Iterable[tuple[Seat, dict]]) -> list[dict]:
        """The key moments of a finished game's log, in order (`engine/moments.py`; each
        game's finder is `engine/<name>/moments.py`)."""
        from engine.moments import find_moments
        return [m.to_dict() for m in find_moments(cls, players, options, seed, log)]

    @classmethod
    def highlights(cls, players: int, options: dict | None, seed: int,
                   log: Iterable[tuple[Seat, dict]], most: int = 12) -> list[dict]:
        """At most `most` key moments, the heaviest, in order: the slideshow before the podium."""
        from engine.moments import find_moments, highlights
        found = find_moments(cls, players, options, seed, log)
        return [m.to_dict() for m in highlights(found, most)]

    @classmethod
    def public_replay(cls, players: int, options: dict | None, seed: int,
                      log: Iterable[tuple[Seat, dict]]) -> Iterator[dict]:
        """The TV's view at the deal and after each logged action: public only."""
        from engine.moments import public_views
        return public_views(cls, players, options, seed, log)

    def to_json_log(self) -> list[list[Any]]:
        return [[seat, action] for seat, action in self.log]

    @abstractmethod
    def hidden_zones(self, reader: Seat) -> list[list]:
        """The live lists of pieces `reader` (a seat, or None for the TV) may not see: other
        hands, the stock or boneyard, a face-down kitty, another seat's private working copy.
        The contract tests shuffle their pooled contents: view(reader) must not change."""


def standings(scores: list[int], lower_wins: bool = True, **extra) -> dict:
    """The final result from each seat's score: the best score wins, ties share the win,
    and the ranking breaks ties by seat."""
    sign = 1 if lower_wins else -1
    best = min(sign * v for v in scores)
    winners = [s for s, v in enumerate(scores) if sign * v == best]
    ranking = sorted(range(len(scores)), key=lambda s: (sign * scores[s], s))
    return {"scores": list(scores), "winners": winners, "tie": len(winners) > 1,
            "ranking": ranking, **extra}


class RoundGame(Game):
    """A game played in rounds by seats taking turns: the state every such game keeps, and
    the pieces they share (the in-turn check, events for the views, the pause between rounds,
    standings).

    Subclasses deal with `_deal()`, set `phase` (their own phases, then ROUND_OVER between
    rounds and GAME_OVER at the end), and provide `_public_view()` (what everyone sees) and
    `_private_view(seat)` (what only that seat sees); `view(seat)` is the two together."""

    EVENTS_IN_VIEW: ClassVar[int] = 12
    ROUND_PAUSE_SECONDS: ClassVar[float] = 30     # the scores stay on the TV this long
    FIRST_PHASE: ClassVar[str]

    rng: random.Random
    events: list[dict]
    round: int          # from 0
    dealer: int
    turn: int
    phase: str
    ready: set[int]     # between rounds: the seats ready for the next one
    scores: list[int]
    round_results: list[dict]   # one per finished round: at least `points` per seat
    final_round: bool = False   # the host called «última ronda»: the game ends with this round
    first_dealer: int = 0       # who dealt the first round

    def __init__(self, players: int, options: dict | None = None, seed: int = 0):
        self.check_player_count(players)
        self.players = players
        self.options = self.OPTIONS.check(options)
        self.seed = seed
        self.rng = random.Random(seed)
        self.log = []
        self.events = []
        self.round = 0
        self.dealer = 0
        self.turn = 0
        self.phase = self.FIRST_PHASE
        self.ready = set()
        self.scores = [0] * players
        self.round_results = []
        self._public = None

    def _opening_dealer(self) -> int:
        """Who deals the first round: the `first_dealer` option (another game at the same
        table, «otra partida», is dealt by the next seat), else a seat drawn by the seed. Kept
        by `new` as `first_dealer`, as is an explicit deal's dealer."""
        first = self.options.get(FIRST_DEALER)
        if first is None:
            first = self.rng.randrange(self.players)
        elif isinstance(first, bool) or not isinstance(first, int) \
                or not 0 <= first < self.players:
            raise refuse("bad_option")
        return first

    @abstractmethod
    def _deal(self, explicit: dict | None = None) -> None:
        """Deal the round `self.round` (from 0) by `self.dealer`."""

    @staticmethod
    @abstractmethod
    def parse_pieces(text: str) -> list:
        """Cards or tiles from the game's text notation ("7o 7c *")."""

    @classmethod
    def pieces(cls, value) -> list:
        """For set-ups by hand (`from_deal`): a list of pieces, or their text."""
        return cls.parse_pieces(value) if isinstance(value, str) else list(value)

    # ----- the server's view of the game ---------------------------------------------------

    def actors(self) -> list[int | None]:
        if self.phase == GAME_OVER:
            return []
        if self.phase == ROUND_OVER:
            return [*(s for s in range(self.players) if s not in self.ready), None]
        return self._actors_in_play()

    def _actors_in_play(self) -> list[int | None]:
        return [self.turn]

    def timers(self) -> list[Timer]:
        if self.phase == ROUND_OVER:
            return [Timer("next_round", self.ROUND_PAUSE_SECONDS, {"type": "next_round"})]
        return self._timers_in_play()

    def _timers_in_play(self) -> list[Timer]:
        return []

    def _why_not(self, seat: int, kind: str) -> GameError | None:
        if self.phase == GAME_OVER:
            return refuse("game_over")
        if kind == NextRound.type:
            return refuse("already_ready" if self.phase == ROUND_OVER else "round_not_over")
        return self._why_not_in_play(seat, kind)

    @abstractmethod
    def _why_not_in_play(self, seat: int, kind: str) -> GameError | None:
        """The refusal for a turn action `seat` may not try now (also between rounds, when
        only next_round is open)."""

    def result(self) -> dict | None:
        if self.phase != GAME_OVER:
            return None
        return self._standings()

    def _standings(self) -> dict:
        """The final result: by default the lowest total wins."""
        return standings(self.scores)

    def round_scores(self) -> list[list[int]]:
        return [list(r["points"]) for r in self.round_results]

    def view(self, seat: Seat = None) -> dict:
        """What `seat` may see; None gives the TV's public table. Treat it as read-only."""
        if self._public is None:
            self._public = self._public_view()
        data = dict(self._public)
        data["seat"] = seat
        if seat is not None:
            data.update(self._private_view(seat))
            data["actions"] = self.actions_view(seat)
        return data

    @abstractmethod
    def _public_view(self) -> dict:
        """What everyone sees, the TV included (cached until the next action)."""

    @abstractmethod
    def _private_view(self, seat: int) -> dict:
        """What only `seat` sees: its hand, its buttons, its private state."""

    def _recent_events(self) -> list[dict]:
        return self.events[-self.EVENTS_IN_VIEW:]

    # ----- pieces the handlers share ------------------------------------------------------

    def _event(self, kind: str, seat: Seat, **data) -> None:
        self.events.append({"n": len(self.events), "type": kind, "seat": seat, **data})

    def _my_turn(self, seat: Seat) -> None:
        """Refuse unless `seat` is the player in turn, during play."""
        if seat is None:
            raise refuse("system_only")
        if self.phase == ROUND_OVER:
            raise refuse("round_over")
        if seat != self.turn:
            raise refuse("not_your_turn")

    def _do_last_round(self, seat: Seat, act) -> None:
        """The host calls the last round (seat None): the game ends when the round in play ends
        (called between rounds, the next one), scored as usual. Refused `not_now` where that
        round ends the game anyway (a single-round game, the last of a fixed number)."""
        if seat is not None:
            raise refuse("host_decides")
        if self.final_round:
            raise refuse("already_last_round")
        if self._ends_with_this_round():
            raise refuse("not_now")
        self.final_round = True
        words = self._last_round_words()
        self._event("last_round", None, round=self.round + 1 + (self.phase == ROUND_OVER),
                    es=words.es, en=words.en)

    def _ends_with_this_round(self) -> bool:
        """Whether the round in play (between rounds: the next) is the game's last anyway."""
        return False

    def _last_round_words(self) -> Words:
        """What the table reads once the last round is called."""
        return Words("Última ronda: la partida termina al acabar esta.",
                     "Last round: the game ends when this one does.")

    def _last_round_open(self) -> bool:
        """For the views: whether the host may call the last round now."""
        return not self.final_round and self.phase != GAME_OVER and not self._ends_with_this_round()

    def _final_round_view(self) -> dict | None:
        """For the views: the words while the last round called is played, else None."""
        if not self.final_round or self.phase == GAME_OVER:
            return None
        words = self._last_round_words()
        return {"es": words.es, "en": words.en}

    def _round_view(self) -> dict:
        """For the public views: what every round game shows of its rounds and its end."""
        ended = self.phase in (ROUND_OVER, GAME_OVER) and self.round_results
        return {"ready": sorted(self.ready),
                "last_round": self.round_results[-1] if ended else None,
                "result": self.result(),
                "events": self._recent_events(),
                "final_round": self._final_round_view(),
                "last_round_open": self._last_round_open()}

    def _do_next_round(self, seat: Seat, act) -> None:
        """A seat says it is ready; the next round is dealt, by the next dealer, when every
        seat is, or at once when the server's pause timer or the host says so (seat None)."""
        if self.phase != ROUND_OVER:
            raise refuse("round_not_over")
        if not self.seat_ready(seat):
            return
        self.round += 1
        self.dealer = (self.dealer + 1) % self.players
        self._deal()

    def seat_ready(self, seat: Seat) -> bool:
        """Between rounds: `seat` says it is ready (None: the table's timer or the host).
        True when the next round should start."""
        if seat is not None:
            if seat in self.ready:
                raise refuse("already_ready")
            self.ready.add(seat)
            if len(self.ready) < self.players:
                return False
        self.ready = set()
        return True
