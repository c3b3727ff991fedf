"""A room, its seats and its pending take-over requests, as plain data. The lobby
(`server/rooms.py`) changes them; the engine alone decides the game."""
from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass, field

from engine.game import Game, GameError
from engine.lessons import LessonRun
from engine.messages import texts
from engine.registry import GAMES
from server import messages  # noqa: F401  (registers the host's refusal texts)
from server.palette import initials, ink, renewed
from server.reasons import from_record as kept_reasons, public as public_reasons

MAX_NAME = 20
AWAY, HANDED_OVER = "away", "host"     # why a person's seat is played by a bot for now


class RoomError(Exception):
    def __init__(self, code: str, es: str, en: str, data: dict | None = None):
        super().__init__(f"{code}: {en}")
        self.code, self.es, self.en, self.data = code, es, en, data

    @classmethod
    def of(cls, code: str, data: dict | None = None) -> "RoomError":
        """The host's refusal `code`, its texts from the catalogue (server/messages.py)."""
        return cls(code, *texts(code), data)

    @classmethod
    def malformed(cls, field: str | None = None) -> "RoomError":
        """A message that cannot be read; the field at fault goes in `data`, for developers."""
        return cls("malformed", *texts("message_malformed"),
                   None if field is None else {"field": field})

    @classmethod
    def from_game(cls, error: GameError) -> "RoomError":
        """The engine's refusal as it is, with any data for the phone (a hint, choices)."""
        return cls(error.code, error.es, error.en, error.to_dict().get("data"))

    def to_dict(self) -> dict:
        error: dict[str, object] = {"code": self.code, "es": self.es, "en": self.en}
        if self.data is not None:
            error["data"] = self.data
        return error


def clean_name(name) -> str:
    if not isinstance(name, str):
        raise RoomError.of("bad_name")
    name = "".join(ch for ch in name if ch.isprintable()).strip()[:MAX_NAME]
    if not name:
        raise RoomError.of("bad_name")
    return name


def same_secret(known: str | None, given) -> bool:
    """Constant-time comparison that any given value can go through (bytes, never TypeError)."""
    if known is None or not isinstance(given, str) or not given:
        return False
    return secrets.compare_digest(known.encode(), given.encode("utf-8", "surrogatepass"))


@dataclass
class Seat:
    id: str
    name: str
    color: str
    token: str | None = None        # secret of the phone that owns it; None for a bot seat
    bot: str | None = None          # the bot level of a computer seat
    autoplay: str | None = None     # AWAY or HANDED_OVER: a person's seat played by a bot for now
    connections: int = 0
    away_since: float | None = None

    @property
    def played_by_bot(self) -> bool:
        return self.bot is not None or self.autoplay is not None

    def public(self) -> dict:
        return {"id": self.id, "name": self.name, "color": self.color, "bot": self.bot,
                "autoplay": self.autoplay,
                "connected": self.bot is not None or self.connections > 0}

    def to_record(self) -> dict:
        return {"id": self.id, "name": self.name, "color": self.color, "token": self.token,
                "bot": self.bot, "autoplay": self.autoplay}

    @classmethod
    def from_record(cls, data: dict) -> "Seat":
        autoplay = data.get("autoplay")
        if autoplay is True:           # records written before the reason was kept
            autoplay = HANDED_OVER
        elif autoplay not in (AWAY, HANDED_OVER):
            autoplay = None
        color = renewed(str(data["color"]))
        return cls(str(data["id"]), str(data["name"]), color, data.get("token"),
                   data.get("bot"), autoplay)


@dataclass
class Request:
    """Someone who asked to take over a computer seat; the host answers on the TV."""
    id: str
    seat_id: str
    name: str
    claim: str                      # the asking phone's secret for this request
    sid: str | None
    created: float = field(default_factory=time.time)

    def public(self) -> dict:
        return {"id": self.id, "seat": self.seat_id, "name": self.name}


@dataclass
class RunningTimer:
    generation: int
    deadline: float                 # time.monotonic()
    seconds: float
    started: float                  # time.time(), kept across restarts


@dataclass
class Room:
    code: str
    host_token: str
    game_name: str
    options: dict = field(default_factory=dict)
    seats: list[Seat] = field(default_factory=list)
    status: str = "lobby"           # lobby | playing | finished
    seed: int = 0
    game: Game | None = None
    created: float = field(default_factory=time.time)
    touched: float = field(default_factory=time.time)    # last change or visit
    version: int = 0
    open_takeover: bool = False     # people may take a computer seat without asking
    kind: str = "table"             # table (TV and phones) | solo (one device, alone)
    paused: bool = False            # nobody moves, timers wait
    paused_by: str | None = None    # "host" (asked for) | "away" (a solo player closed the page)
    paused_left: dict[str, float] = field(default_factory=dict)   # timer -> seconds it had
    fast: bool = False              # the computer players' pace: "más rápido"
    lesson: LessonRun | None = None  # a solo room that is a guided lesson: where it stands
    # Seats that changed hands during this game, oldest first: {"seat", "name" it had, "before":
    # the number of the first event after the change}. The log keeps each move's maker's name.
    renames: list[dict] = field(default_factory=list)
    lock: threading.RLock = field(default_factory=threading.RLock, repr=False)
    timers: dict[str, RunningTimer] = field(default_factory=dict, repr=False)
    saved_timers: dict = field(default_factory=dict, repr=False)   # from before a restart
    bots_pending: set = field(default_factory=set, repr=False)
    round_over_since: float | None = field(default=None, repr=False)   # monotonic, between rounds
    bots: dict = field(default_factory=dict, repr=False)           # (seat, level) -> bot
    bot_generation: dict = field(default_factory=dict, repr=False)  # seat -> plans dropped
    requests: dict[str, Request] = field(default_factory=dict, repr=False)
    grants: dict[str, tuple[str, str, float]] = field(default_factory=dict, repr=False)
    creator: str | None = field(default=None, repr=False)   # the sid that opened it (not kept)
    retired: bool = field(default=False, repr=False)   # off the live list: its timers stop
    unsaved: bool = field(default=False, repr=False)   # changed since the file last took it
    # The computer players' reason lines of this game (server/reasons.py), kept in the record.
    reasons: list[dict] = field(default_factory=list, repr=False)
    # When each seat or watcher last reacted (server/reactions.py), monotonic: not kept.
    reacted: dict[str, float] = field(default_factory=dict, repr=False)
    # Phones «Solo mirar» (server/watchers.py): id -> Watcher. Not kept: they watch again.
    watchers: dict = field(default_factory=dict, repr=False)

    @property
    def game_class(self) -> type[Game]:
        return GAMES[self.game_name]

    def seat(self, seat_id) -> Seat:
        for seat in self.seats:
            if seat.id == seat_id:
                return seat
        raise RoomError.of("unknown_seat")

    def index_of(self, seat_id) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.id == seat_id:
                return index
        return None

    def seat_by_token(self, token) -> tuple[int, Seat]:
        for index, seat in enumerate(self.seats):
            if same_secret(seat.token, token):
                return index, seat
        raise RoomError.of("bad_token")

    def is_host(self, token) -> bool:
        return same_secret(self.host_token, token)

    def hand_over(self, seat: Seat, name: str) -> None:
        """`seat` changes hands (a person takes a computer's seat, or the computer a person's)
        and takes `name`; the moves it made so far stay under the name that made them."""
        index = self.index_of(seat.id)
        if self.game is not None and index is not None and name != seat.name:
            events = self.game.view(None).get("events") or []
            before = events[-1]["n"] + 1 if events else 0
            self.renames.append({"seat": index, "name": seat.name, "before": before})
        seat.name = name

    def _timer_seconds(self, name: str) -> float | None:
        """The full length of the game's timer `name` (a paused one keeps only what it had left)."""
        if self.game is None:
            return None
        return next((t.seconds for t in self.game.timers() if t.name == name), None)

    def _public_seats(self) -> list[dict]:
        marks = initials([s.name for s in self.seats])
        return [s.public() | {"initial": mark, "ink": ink(s.color)}
                for s, mark in zip(self.seats, marks, strict=True)]

    def summary(self) -> dict:
        """Everything about the room that anyone may see (no tokens, no claims)."""
        now = time.monotonic()
        return {
            "code": self.code, "game": self.game_name, "kind": self.kind,
            "options": {k: v for k, v in self.options.items() if not k.startswith("_")},
            "status": self.status, "seats": self._public_seats(),
            "version": self.version, "open_takeover": self.open_takeover,
            "requests": [r.public() for r in self.requests.values()],
            "timers": [{"name": name, "remaining": max(0.0, round(t.deadline - now, 2)),
                        "seconds": t.seconds, "paused": False}
                       for name, t in self.timers.items()]
                      + [{"name": name, "remaining": round(left, 2),
                          "seconds": self._timer_seconds(name), "paused": True}
                         for name, left in self.paused_left.items()],
            "paused": self.paused, "fast": self.fast,
            "paused_by": self.paused_by, "renames": self.renames,
            "watchers": [{"id": w.id, "name": w.name} for w in self.watchers.values()],
            "reasons": public_reasons(self),
            **({"lesson": self.lesson.public()} if self.lesson else {}),
        }

    def to_record(self) -> dict:
        return {"code": self.code, "host_token": self.host_token, "game": self.game_name,
                "options": self.options, "status": self.status, "seed": self.seed,
                "created": self.created, "touched": self.touched, "version": self.version,
                "open_takeover": self.open_takeover, "kind": self.kind,
                "paused": self.paused, "paused_by": self.paused_by,
                "paused_left": self.paused_left, "fast": self.fast,
                "timers": {name: {"started": t.started, "seconds": t.seconds}
                           for name, t in self.timers.items()},
                "seats": [s.to_record() for s in self.seats], "renames": self.renames,
                "reasons": self.reasons,
                # for the list of games to carry on with, read while the room sleeps
                "scores": list(getattr(self.game, "scores", None) or []),
                **({"lesson": self.lesson.to_record()} if self.lesson else {})}

    @classmethod
    def from_record(cls, record: dict) -> "Room":
        """The room a saved record describes (KeyError/TypeError/ValueError if it is damaged)."""
        if record["game"] not in GAMES:
            raise ValueError(f"unknown game {record['game']!r}")
        if record["status"] not in ("lobby", "playing", "finished"):
            raise ValueError(f"unknown status {record['status']!r}")
        room = cls(str(record["code"]), str(record["host_token"]), record["game"],
                   dict(record["options"]), [Seat.from_record(s) for s in record["seats"]],
                   record["status"], int(record["seed"]), created=float(record["created"]),
                   touched=float(record.get("touched", record["created"])),
                   version=int(record.get("version", 0)),
                   open_takeover=bool(record.get("open_takeover", False)))
        timers = record.get("timers") or {}
        room.saved_timers = timers if isinstance(timers, dict) else {}
        room.kind = "solo" if record.get("kind") == "solo" else "table"
        room.paused, room.fast = bool(record.get("paused")), bool(record.get("fast"))
        room.paused_by = record.get("paused_by") if room.paused else None
        left = record.get("paused_left") or {}
        room.paused_left = {str(k): float(v) for k, v in left.items()} if room.paused else {}
        if record.get("lesson") is not None:
            room.lesson = LessonRun.from_record(record["lesson"])
        room.renames = [{"seat": int(r["seat"]), "name": str(r["name"]), "before": int(r["before"])}
                        for r in record.get("renames") or []]
        room.reasons = kept_reasons(record.get("reasons"))
        return room
