"""Rooms, seats and who may do what. Knows no game rules: the engine decides every move.

A `Lobby` holds every room. Each room has its own lock; every change goes through
`Lobby._changed(room)`, which saves the room, (re)starts the engine's timers, wakes the bots
and tells the transport layer to send fresh views.
"""
from __future__ import annotations

import logging
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Callable

from engine.game import Game, GameError
from engine.registry import GAMES
from server.store import Store

log = logging.getLogger(__name__)

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"   # no I or O: they read as 1 and 0
COLORS = ("#e63946", "#1d72b8", "#2a9d8f", "#f4a261", "#8e44ad", "#e9c46a", "#ff6fb5", "#6c757d")
MAX_NAME = 20
MAX_SEATS = 8
BOT_NAMES = ("Robotina", "Chispas", "Tuerca", "Bombilla", "Pixel")


class RoomError(Exception):
    def __init__(self, code: str, es: str, en: str, data: dict | None = None):
        super().__init__(f"{code}: {en}")
        self.code, self.es, self.en, self.data = code, es, en, data

    @classmethod
    def from_game(cls, error: GameError) -> "RoomError":
        """The engine's refusal as it is, with any data for the phone (a hint, choices)."""
        return cls(error.code, error.es, error.en, error.to_dict().get("data"))

    def to_dict(self) -> dict:
        error = {"code": self.code, "es": self.es, "en": self.en}
        if self.data is not None:
            error["data"] = self.data
        return error


def clean_name(name) -> str:
    if not isinstance(name, str):
        raise RoomError("bad_name", "Escribe tu nombre.", "Type your name.")
    name = "".join(ch for ch in name if ch.isprintable()).strip()[:MAX_NAME]
    if not name:
        raise RoomError("bad_name", "Escribe tu nombre.", "Type your name.")
    return name


@dataclass
class Seat:
    id: str
    name: str
    color: str
    token: str | None = None        # secret of the phone that owns it; None for a bot seat
    bot: str | None = None          # the bot level of a computer seat
    autoplay: bool = False          # a person's seat played by a bot for now
    connections: int = 0
    away_since: float | None = None

    @property
    def played_by_bot(self) -> bool:
        return self.bot is not None or self.autoplay

    def public(self) -> dict:
        return {"id": self.id, "name": self.name, "color": self.color, "bot": self.bot,
                "autoplay": self.autoplay, "connected": self.bot is not None or self.connections > 0}

    def to_record(self) -> dict:
        return {"id": self.id, "name": self.name, "color": self.color, "token": self.token,
                "bot": self.bot, "autoplay": self.autoplay}

    @classmethod
    def from_record(cls, data: dict) -> "Seat":
        return cls(**data)


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
    lock: threading.RLock = field(default_factory=threading.RLock, repr=False)
    timers: dict = field(default_factory=dict, repr=False)        # name -> (generation, deadline)
    bots_pending: set = field(default_factory=set, repr=False)
    bots: dict = field(default_factory=dict, repr=False)            # seat index -> bot
    version: int = 0

    @property
    def game_class(self) -> type[Game]:
        return GAMES[self.game_name]

    def seat(self, seat_id: str) -> Seat:
        for seat in self.seats:
            if seat.id == seat_id:
                return seat
        raise RoomError("unknown_seat", "Ese asiento no existe.", "That seat does not exist.")

    def seat_by_token(self, token) -> tuple[int, Seat]:
        if isinstance(token, str) and token:
            for index, seat in enumerate(self.seats):
                if seat.token is not None and secrets.compare_digest(seat.token, token):
                    return index, seat
        raise RoomError("bad_token", "Este móvil no tiene asiento en la sala.",
                        "This phone has no seat in the room.")

    def is_host(self, token) -> bool:
        return isinstance(token, str) and secrets.compare_digest(self.host_token, token)

    def summary(self) -> dict:
        """Everything about the room that anyone may see (no tokens)."""
        now = time.monotonic()
        return {
            "code": self.code, "game": self.game_name,
            "options": {k: v for k, v in self.options.items() if not k.startswith("_")},
            "status": self.status, "seats": [s.public() for s in self.seats],
            "version": self.version,
            "timers": [{"name": name, "remaining": max(0.0, round(deadline - now, 2)),
                        "seconds": seconds}
                       for name, (_, deadline, seconds) in self.timers.items()],
        }

    def to_record(self) -> dict:
        return {"code": self.code, "host_token": self.host_token, "game": self.game_name,
                "options": self.options, "status": self.status, "seed": self.seed,
                "created": self.created, "seats": [s.to_record() for s in self.seats]}


Notify = Callable[[Room], None]
Spawn = Callable[[Callable[[], None], float], None]


class Lobby:
    """All rooms. `notify(room)` pushes views; `spawn(fn, delay)` runs fn later on a thread."""

    def __init__(self, store: Store, notify: Notify, spawn: Spawn, *,
                 bot_delay: float = 1.0, away_timeout: float = 60.0,
                 allow_test_deals: bool = False):
        self.store = store
        self.notify = notify
        self.spawn = spawn
        self.bot_delay = bot_delay
        self.away_timeout = away_timeout
        self.allow_test_deals = allow_test_deals   # "_"-options: a dealt hand for tests
        self.rooms: dict[str, Room] = {}
        self._lock = threading.Lock()
        self._timer_generation = 0

    # ----- rooms --------------------------------------------------------------------------

    def room(self, code) -> Room:
        if isinstance(code, str):
            room = self.rooms.get(code.strip().upper())
            if room:
                return room
        raise RoomError("unknown_room", "Esa sala no existe.", "That room does not exist.")

    def create_room(self, game_name: str = "ferrocarril") -> Room:
        if game_name not in GAMES:
            raise RoomError("unknown_game", "Ese juego no existe.", "That game does not exist.")
        with self._lock:
            code = self._new_code()
            room = Room(code, secrets.token_urlsafe(16), game_name)
            self.rooms[code] = room
        self._changed(room)
        return room

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(4))
            if code not in self.rooms:
                return code

    def restore(self) -> list[Room]:
        """Bring back every unfinished room from the store, replaying each game's log."""
        restored = []
        for record, actions in self.store.load_rooms():
            room = Room(record["code"], record["host_token"], record["game"],
                        record["options"], [Seat.from_record(s) for s in record["seats"]],
                        record["status"], record["seed"], created=record["created"])
            if room.status == "playing":
                try:
                    room.game = room.game_class.replay(len(room.seats), room.options,
                                                       room.seed, actions)
                except GameError:
                    log.exception("room %s could not be replayed", room.code)
                    continue
            now = time.monotonic()
            for seat in room.seats:
                if seat.bot is None:
                    seat.away_since = now
            self.rooms[room.code] = room
            restored.append(room)
        for room in restored:
            with room.lock:
                self._wake(room)
        return restored

    # ----- phones -------------------------------------------------------------------------

    def join(self, code, name, token=None) -> tuple[Room, Seat]:
        """A phone asks for a seat: its old one if the token matches, else a new one."""
        room = self.room(code)
        with room.lock:
            if token:
                try:
                    _, seat = room.seat_by_token(token)
                    if name:
                        try:
                            seat.name = clean_name(name)
                        except RoomError:
                            pass
                    self._changed(room)
                    return room, seat
                except RoomError:
                    pass
            name = clean_name(name)
            if room.status != "lobby":
                raise RoomError("game_started",
                                "La partida ya ha empezado: elige un jugador del ordenador "
                                "para sustituirlo.",
                                "The game has started: pick a computer player to take over.")
            if len(room.seats) >= min(MAX_SEATS, room.game_class.max_players):
                raise RoomError("room_full", "La mesa está completa.", "The table is full.")
            seat = Seat(self._seat_id(room), name, self._free_color(room),
                        token=secrets.token_urlsafe(16))
            room.seats.append(seat)
            self._changed(room)
            return room, seat

    def take_over(self, code, seat_id, name, token=None) -> tuple[Room, Seat]:
        # `token` is accepted for symmetry with join; a taken-over seat always gets a new one.
        """A late arrival takes a computer player's seat (and its cards)."""
        room = self.room(code)
        with room.lock:
            seat = room.seat(seat_id)
            if seat.bot is None:
                raise RoomError("seat_taken", "Ese asiento ya es de una persona.",
                                "That seat belongs to a person.")
            seat.name = clean_name(name)
            seat.bot = None
            seat.autoplay = False
            seat.token = secrets.token_urlsafe(16)
            seat.away_since = None
            self._changed(room)
            return room, seat

    def act(self, code, token, action) -> Room:
        """A phone's move. The engine checks it; a refused move changes nothing."""
        room = self.room(code)
        with room.lock:
            index, seat = room.seat_by_token(token)
            if room.game is None or room.status != "playing":
                raise RoomError("no_game", "La partida no ha empezado.", "The game has not started.")
            self._apply(room, index, action)
            return room

    def connected(self, room: Room, seat: Seat, delta: int) -> None:
        with room.lock:
            seat.connections = max(0, seat.connections + delta)
            if seat.connections:
                seat.away_since = None
                if seat.autoplay and seat.bot is None and seat.token:
                    seat.autoplay = False
            elif seat.bot is None:
                seat.away_since = time.monotonic()
            self._changed(room)

    def sweep_away(self) -> None:
        """Hand the seats of people away longer than the timeout to a bot."""
        now = time.monotonic()
        for room in list(self.rooms.values()):
            with room.lock:
                if room.status != "playing":
                    continue
                changed = False
                for seat in room.seats:
                    if seat.bot is None and not seat.autoplay and seat.away_since is not None \
                            and now - seat.away_since >= self.away_timeout:
                        seat.autoplay = True
                        changed = True
                if changed:
                    self._changed(room)

    # ----- the host ---------------------------------------------------------------------------

    def host(self, code, host_token, command: str, args: dict) -> None:
        room = self.room(code)
        with room.lock:
            if not room.is_host(host_token):
                raise RoomError("not_host", "Solo el anfitrión puede hacer eso.",
                                "Only the host can do that.")
            handler = getattr(self, "_host_" + command, None) if isinstance(command, str) else None
            if handler is None:
                raise RoomError("unknown_command", "Orden desconocida.", "Unknown command.")
            handler(room, args)
            self._changed(room)

    def _in_lobby(self, room: Room) -> None:
        if room.status != "lobby":
            raise RoomError("game_started", "La partida ya ha empezado.", "The game has started.")

    def _host_set_game(self, room: Room, args: dict) -> None:
        self._in_lobby(room)
        name = args.get("game")
        if name not in GAMES:
            raise RoomError("unknown_game", "Ese juego no existe.", "That game does not exist.")
        room.game_name, room.options = name, {}

    def _host_set_options(self, room: Room, args: dict) -> None:
        self._in_lobby(room)
        options = args.get("options")
        if not isinstance(options, dict) or not self.allow_test_deals and any(
                str(key).startswith("_") for key in options):
            raise RoomError("bad_options", "Opciones no válidas.", "Invalid options.")
        try:
            cls = room.game_class
            cls.new(min(max(len(room.seats), cls.min_players), cls.max_players), options, 0)
        except GameError as error:
            raise RoomError.from_game(error) from None
        room.options = dict(options)

    def _host_reorder(self, room: Room, args: dict) -> None:
        self._in_lobby(room)
        order = args.get("order")
        ids = [s.id for s in room.seats]
        if not isinstance(order, list) or sorted(map(str, order)) != sorted(ids):
            raise RoomError("bad_order", "El orden no coincide con los asientos.",
                            "The order does not match the seats.")
        room.seats = [room.seat(seat_id) for seat_id in order]

    def _host_add_bot(self, room: Room, args: dict) -> None:
        self._in_lobby(room)
        level = args.get("level") or room.game_class.bot_levels[0]
        if level not in room.game_class.bot_levels:
            raise RoomError("bad_level", "Nivel desconocido.", "Unknown level.")
        if len(room.seats) >= min(MAX_SEATS, room.game_class.max_players):
            raise RoomError("room_full", "La mesa está completa.", "The table is full.")
        used = {s.name for s in room.seats}
        name = next((n for n in BOT_NAMES if n not in used), f"Bot {len(room.seats) + 1}")
        room.seats.append(Seat(self._seat_id(room), name, self._free_color(room), bot=level))

    def _host_set_bot(self, room: Room, args: dict) -> None:
        seat = room.seat(args.get("seat"))
        level = args.get("level")
        if seat.bot is None or level not in room.game_class.bot_levels:
            raise RoomError("bad_level", "Nivel desconocido.", "Unknown level.")
        seat.bot = level

    def _host_remove(self, room: Room, args: dict) -> None:
        self._in_lobby(room)
        seat = room.seat(args.get("seat"))
        room.seats.remove(seat)

    def _host_to_bot(self, room: Room, args: dict) -> None:
        seat = room.seat(args.get("seat"))
        if seat.bot is None:
            seat.autoplay = True

    def _host_to_human(self, room: Room, args: dict) -> None:
        seat = room.seat(args.get("seat"))
        if seat.bot is None:
            seat.autoplay = False
            seat.away_since = None if seat.connections else time.monotonic()

    def _host_start(self, room: Room, args: dict) -> None:
        self._in_lobby(room)
        seed = secrets.randbits(32)
        try:
            game = room.game_class.new(len(room.seats), room.options, seed)
        except GameError as error:
            raise RoomError.from_game(error) from None
        room.seed, room.game, room.status = seed, game, "playing"
        room.bots = {}
        self.store.clear_actions(room.code)

    def _host_new_game(self, room: Room, args: dict) -> None:
        if room.status == "lobby":
            raise RoomError("no_game", "No hay partida que terminar.", "There is no game to end.")
        room.status, room.game = "lobby", None
        self.store.clear_actions(room.code)

    def _host_act(self, room: Room, args: dict) -> None:
        """The host's own table buttons (e.g. next round) act for the system seat."""
        if room.game is None or room.status != "playing":
            raise RoomError("no_game", "La partida no ha empezado.", "The game has not started.")
        self._apply(room, None, args.get("action"))

    # ----- the engine, timers and bots ---------------------------------------------------------

    def _apply(self, room: Room, seat, action) -> None:
        try:
            room.game.apply(seat, action)
        except GameError as error:
            raise RoomError.from_game(error) from None
        self.store.append_action(room.code, len(room.game.log) - 1, seat, room.game.log[-1][1])
        if room.game.finished:
            room.status = "finished"
        self._changed(room, saved=room.status == "playing")

    def _changed(self, room: Room, saved: bool = False) -> None:
        room.version += 1
        if not saved:
            self.store.save_room(room.to_record())
        self._wake(room)
        self.notify(room)

    def _wake(self, room: Room) -> None:
        game = room.game
        if game is None or room.status != "playing":
            room.timers.clear()
            return
        self._sync_timers(room, game)
        for seat in game.actors():
            if seat is not None and room.seats[seat].played_by_bot \
                    and seat not in room.bots_pending:
                room.bots_pending.add(seat)
                delay = self.bot_delay * (1.5 if game.timers() else 1.0)
                self.spawn(lambda s=seat: self._bot_move(room, s), delay)

    def _sync_timers(self, room: Room, game: Game) -> None:
        listed = {t.name: t for t in game.timers()}
        for name in list(room.timers):
            if name not in listed:
                del room.timers[name]
        for name, timer in listed.items():
            if name not in room.timers:
                self._timer_generation += 1
                generation = self._timer_generation
                room.timers[name] = (generation, time.monotonic() + timer.seconds, timer.seconds)
                self.spawn(lambda: self._fire(room, name, generation, timer.action),
                           timer.seconds)

    def _fire(self, room: Room, name: str, generation: int, action: dict) -> None:
        with room.lock:
            current = room.timers.get(name)
            if current is None or current[0] != generation or room.game is None:
                return
            del room.timers[name]
            try:
                self._apply(room, None, action)
            except RoomError:
                log.warning("timer %s of room %s was refused", name, room.code)

    def _bot_move(self, room: Room, seat: int) -> None:
        with room.lock:
            room.bots_pending.discard(seat)
            game = room.game
            if game is None or room.status != "playing" or seat not in game.actors() \
                    or not room.seats[seat].played_by_bot:
                return
            level = room.seats[seat].bot or "normal"
            if level not in room.game_class.bot_levels:
                level = room.game_class.bot_levels[-1]
            bot = room.bots.get((seat, level))
            if bot is None:
                bot = room.bots[(seat, level)] = room.game_class.make_bot(level, seat, room.seed)
            action = bot.choose(game.view(seat))
            if action is None:
                return
            try:
                self._apply(room, seat, action)
            except RoomError:
                log.exception("bot %s of room %s chose a refused move %s", seat, room.code, action)

    # ----- helpers ----------------------------------------------------------------------------

    @staticmethod
    def _seat_id(room: Room) -> str:
        used = {s.id for s in room.seats}
        while True:
            seat_id = secrets.token_hex(3)
            if seat_id not in used:
                return seat_id

    @staticmethod
    def _free_color(room: Room) -> str:
        used = {s.color for s in room.seats}
        return next((c for c in COLORS if c not in used), COLORS[len(room.seats) % len(COLORS)])
