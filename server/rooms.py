"""Rooms, seats and who may do what. Knows no game rules: the engine decides every move.

A `Lobby` holds every room and knows which client (Socket.IO sid) is bound to which room and
seat. Each room has its own lock; every change goes through `Lobby._changed(room)`, under that
lock, which starts the engine's timers, saves the room (one transaction with the move that
caused it), wakes the bots and marks the room's clients for a fresh state.

Bots think outside the room's lock, from a copy of their seat's view; their move is applied
only if the game has not moved on meanwhile.
"""
from __future__ import annotations

import functools
import itertools
import json
import logging
import secrets
import threading
import time
from typing import Any, Callable

from engine.game import GameError, RoundGame
from engine.lessons import LessonRun, lesson_by_id
from engine.registry import GAMES
from server import history
from server.brains import LocalBrains
from server.catalogue import playable
from server.inbound import token_shape
from server.palette import COLORS, initials, ink
from server.push import Client, Pusher
from server.replays import Replays
from server.room import AWAY, HANDED_OVER, Request, Room, RoomError, RunningTimer, Seat, clean_name
from server.scheduler import PeopleFirst
from server.store import SavedRoom, Store

log = logging.getLogger(__name__)

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"   # no I or O: they read as 1 and 0
MAX_SEATS = 8
BOT_NAMES = ("Robotina", "Chispas", "Tuerca", "Bombilla", "Pixel", "Tornillo", "Voltio", "Chip")
MAX_ROOMS = 30                   # open rooms on one host
LOBBY_IDLE = 60 * 60             # seconds an unwatched lobby stays on the live list
FINISHED_KEEP = 2 * 60 * 60      # seconds a finished game stays (a phone reloading sees it)
ROUND_END_SHOWN = 8.0            # seconds the end of a round stays before computers are ready
RECENT = 6 * 60 * 60             # the phones' room list shows rooms touched this recently
LESSON_SCRIPT = "lesson"         # the bot level of a lesson's opponents: the script plays them
FAST_PACE = 0.3                  # "más rápido": the computer players think this much of the time
REQUEST_KEEP = 15 * 60           # seconds an unanswered take-over request waits

Spawn = Callable[[Callable[[], None], float], None]
Compute = Callable[[Callable[[], None]], None]


_RECORDED = object()     # a host command that already saved its change (a move)


def _inline(fn: Callable[[], None]) -> None:
    fn()


class Lobby:
    """All rooms. `spawn(fn, delay)` runs fn later (timers, paced bots); `compute(fn)` runs a
    bot's thinking (a worker pool on the real host, inline in tests)."""

    def __init__(self, store: Store, push: Pusher, spawn: Spawn, compute: Compute = _inline, *,
                 brains=None, bot_delay: float = 1.0, away_timeout: float = 60.0,
                 allow_test_deals: bool = False, max_rooms: int = MAX_ROOMS,
                 round_end_shown: float = ROUND_END_SHOWN):
        self.store = store
        self.push = push
        self.spawn = spawn
        self.compute = compute
        self.brains = brains or LocalBrains()
        self.people_first = PeopleFirst()
        self.bot_delay = bot_delay
        self.away_timeout = away_timeout
        self.round_end_shown = round_end_shown
        self.allow_test_deals = allow_test_deals   # "_"-options: a dealt hand for tests
        self.max_rooms = max_rooms
        self.rooms: dict[str, Room] = {}
        self.damaged: dict[str, dict] = {}          # rooms that could not be brought back
        self.notices: list[dict] = list(store.notices)
        # Bumped by each game recorded, merge or removal: TVs fetch the history again. It starts
        # from the clock, so a TV that saw the host before a restart fetches again too.
        self.history_version = int(time.time() * 1000)
        self.replays = Replays(store)
        self._lock = threading.Lock()
        self._timer_ids = itertools.count(1)

    # ----- rooms --------------------------------------------------------------------------

    def room(self, code) -> Room:
        if isinstance(code, str):
            code = code.strip().upper()
            room = self.rooms.get(code)
            if room:
                return room
            if code in self.damaged:
                raise RoomError.of("room_damaged")
        raise RoomError.of("unknown_room")

    def create_room(self, sid: str, game_name=None) -> Room:
        game_name = game_name or "ferrocarril"
        if game_name not in GAMES:
            raise RoomError.of("unknown_game")
        with self._lock:
            if len(self.rooms) >= self.max_rooms:
                self._make_room_for_one()
            code = self._new_code()
            room = Room(code, secrets.token_urlsafe(16), game_name)
            self.rooms[code] = room
        with room.lock:
            self._bind(sid, room, Client(code, "tv", host=True))
            self._changed(room)
        return room

    def create_solo(self, sid: str, game_name: str, name, options, bots: list,
                    fast: bool = False) -> tuple[Room, Seat]:
        """A game against the computer on one device: its person in seat 0, then the
        computer players, dealt at once. The device is also the room's host (pause, pace).
        Only a game the chooser offers (one with screens) may be chosen."""
        if game_name not in playable():
            raise RoomError.of("unknown_game")
        cls = GAMES[game_name]
        if not cls.min_players <= len(bots) + 1 <= min(MAX_SEATS, cls.max_players):
            raise RoomError.of("bad_bots")
        if any(not isinstance(level, str) or level not in cls.bot_levels for level in bots):
            raise RoomError.of("bad_level")
        options = {} if options is None else options
        if not self.allow_test_deals and any(str(key).startswith("_") for key in options):
            raise RoomError.of("bad_options")
        name = clean_name(name)
        with self._lock:
            if len(self.rooms) >= self.max_rooms:
                self._make_room_for_one()
            room = Room(self._new_code(), secrets.token_urlsafe(16), game_name,
                        dict(options), kind="solo", fast=bool(fast))
            person = Seat(self._seat_id(room), name, self._free_color(room),
                          token=secrets.token_urlsafe(16))
            room.seats.append(person)
            for level in bots:
                room.seats.append(Seat(self._seat_id(room), self._bot_name(room),
                                       self._free_color(room), bot=level))
            with room.lock:
                self._host_start(room, {})     # refused options leave no room behind
                self.rooms[room.code] = room
        with room.lock:
            return room, self._sit(sid, room, person)

    def create_lesson(self, sid: str, lesson_id, name) -> tuple[Room, Seat]:
        """A guided lesson ("Aprende jugando"): a solo room whose game starts from the lesson's
        deal, its opponents played by the lesson's script."""
        lesson = lesson_by_id(lesson_id)
        if lesson is None or lesson.game not in GAMES:
            raise RoomError.of("unknown_lesson")
        name = clean_name(name)
        with self._lock:
            if len(self.rooms) >= self.max_rooms:
                self._make_room_for_one()
            options = {**lesson.options, "_deal": lesson.deal}
            room = Room(self._new_code(), secrets.token_urlsafe(16), lesson.game, options,
                        kind="solo", lesson=LessonRun(lesson))
            person = Seat(self._seat_id(room), name, self._free_color(room),
                          token=secrets.token_urlsafe(16))
            room.seats.append(person)
            for opponent in lesson.names:
                room.seats.append(Seat(self._seat_id(room), opponent.es, self._free_color(room),
                                       bot=LESSON_SCRIPT))
            with room.lock:
                self._host_start(room, {})
                self.rooms[room.code] = room
        with room.lock:
            return room, self._sit(sid, room, person)

    def solo_games(self, asked: list) -> list[dict]:
        """The solo games a device remembers ({room, token} pairs), for "Seguir la partida":
        only those whose token is that room's person, and nothing secret."""
        found = []
        for pair in asked:
            if not isinstance(pair, dict) or not token_shape(pair.get("token")):
                continue
            code = pair.get("room")
            room = self.rooms.get(code) if isinstance(code, str) else None
            if room is None or room.kind != "solo":
                continue
            with room.lock:
                try:
                    mine, _ = room.seat_by_token(pair["token"])
                except RoomError:
                    continue
                scores = room.game.scores if isinstance(room.game, RoundGame) else []
                found.append({
                    "room": room.code, "game": room.game_name, "status": room.status,
                    "started": room.created, "touched": room.touched, "paused": room.paused,
                    "players": [{"name": s.name, "color": s.color, "you": i == mine,
                                 "score": scores[i] if i < len(scores) else None}
                                for i, s in enumerate(room.seats)],
                    **({"lesson": room.lesson.summary()} if room.lesson else {})})
        return found

    def _make_room_for_one(self) -> None:
        """At the limit: the longest-idle unwatched lobby or finished game leaves the list."""
        idle = [r for r in self.rooms.values()
                if r.status in ("lobby", "finished") and not self.push.count(r.code)]
        if not idle:
            raise RoomError.of("too_many_rooms")
        oldest = min(idle, key=lambda r: r.touched)
        self._expire(oldest)

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(4))
            if code not in self.rooms and code not in self.damaged:
                return code

    def open_rooms(self, now: float | None = None) -> list[Room]:
        """Rooms a phone without a code may pick: open, and touched recently; newest first."""
        now = time.time() if now is None else now
        rooms = [r for r in self.rooms.values() if r.kind == "table"
                 and r.status in ("lobby", "playing") and now - r.touched < RECENT]
        return sorted(rooms, key=lambda r: -r.created)

    # ----- clients ------------------------------------------------------------------------

    def _bind(self, sid: str, room: Room, client: Client) -> None:
        """Bind `sid` to a room (and seat); a sid that held another seat leaves it."""
        old = self.push.bind(sid, client)
        room.touched = time.time()
        if old and old.kind == "seat" and old != client:
            if old.room == room.code:
                self._left_seat(old)
            else:   # another room's lock: take it later, never while holding this one
                self.spawn(functools.partial(self._left_seat, old), 0)

    def _left_seat(self, client: Client) -> None:
        room = self.rooms.get(client.room)
        if room is None:
            return
        with room.lock:
            index = room.index_of(client.seat_id)
            if index is not None:
                self.connected(room, room.seats[index], -1)

    def disconnect(self, sid: str) -> None:
        client = self.push.unbind(sid)
        if client is None:
            return
        room = self.rooms.get(client.room)
        if room is not None:
            room.touched = time.time()
        if client.kind == "seat":
            self._left_seat(client)

    def watch(self, sid: str, code, host_token=None) -> Room:
        room = self.room(code)
        with room.lock:
            self._bind(sid, room, Client(room.code, "tv", host=room.is_host(host_token)))
            self.push.room(room.code)
        return room

    # ----- phones -------------------------------------------------------------------------

    def join(self, sid: str, code, name=None, token=None) -> tuple[Room, Seat]:
        """A phone asks for a seat: its old one if the token matches, else a new one."""
        room = self.room(code)
        with room.lock:
            if token_shape(token):
                try:
                    _, seat = room.seat_by_token(token)
                except RoomError:
                    seat = None
                if seat is not None:
                    if name:
                        try:
                            seat.name = clean_name(name)
                        except RoomError:
                            pass
                    return room, self._sit(sid, room, seat)
            if room.kind == "solo":
                raise RoomError.of("solo_game")
            name = clean_name(name)
            if room.status != "lobby":
                raise RoomError.of("game_started")
            if len(room.seats) >= min(MAX_SEATS, room.game_class.max_players):
                raise RoomError.of("room_full")
            seat = Seat(self._seat_id(room), name, self._free_color(room),
                        token=secrets.token_urlsafe(16))
            room.seats.append(seat)
            return room, self._sit(sid, room, seat)

    def _sit(self, sid: str, room: Room, seat: Seat) -> Seat:
        client = Client(room.code, "seat", seat.id)
        old = self.push.client(sid)
        self._bind(sid, room, client)
        if old != client:
            self.connected(room, seat, +1)
        else:
            self._changed(room)
        return seat

    def take_seat(self, sid: str, code, seat_id, name, claim=None) -> dict:
        """A phone asks to play a computer seat. Unless the host lets anyone take one, the
        host answers on the TV; the reply says `pending` meanwhile, and `seated` comes later."""
        room = self.room(code)
        with room.lock:
            if room.kind == "solo":
                raise RoomError.of("solo_game")
            seat = room.seat(seat_id)
            claim = token_shape(claim)
            granted = room.grants.get(claim) if claim else None
            if granted and granted[0] == seat.id:
                index, owned = room.seat_by_token(granted[1])
                self._sit(sid, room, owned)
                return {"room": room.code, "token": owned.token, "seat_id": owned.id}
            if seat.bot is None:
                raise RoomError.of("seat_taken")
            name = clean_name(name)
            if room.open_takeover:
                token = self._hand_over(room, seat, name)
                self._sit(sid, room, seat)
                return {"room": room.code, "token": token, "seat_id": seat.id}
            if claim is None:
                raise RoomError.malformed("claim")
            request = next((r for r in room.requests.values() if r.claim == claim), None)
            if request is None:
                request = Request(secrets.token_hex(3), seat.id, name, claim, sid)
                room.requests[request.id] = request
            else:
                request.seat_id, request.name, request.sid = seat.id, name, sid
            self._bind(sid, room, Client(room.code, "tv"))
            self._changed(room)
            return {"room": room.code, "pending": True, "request": request.id}

    def _hand_over(self, room: Room, seat: Seat, name: str) -> str:
        """A person takes a computer seat (and its cards); returns the new seat token."""
        room.hand_over(seat, name)
        seat.bot = None
        seat.autoplay = None
        seat.token = secrets.token_urlsafe(16)
        seat.away_since = None
        return seat.token

    def reclaim(self, code, token) -> Room:
        """"Volver a jugar": the person takes their seat back from the computer."""
        room = self.room(code)
        with room.lock:
            _, seat = room.seat_by_token(token)
            if seat.autoplay is not None:
                seat.autoplay = None
                seat.away_since = None if seat.connections else time.monotonic()
                self._changed(room)
            return room

    def act(self, code, token, action) -> Room:
        """A phone's move. The engine checks it; a refused move changes nothing."""
        room = self.room(code)
        with room.lock:
            index, seat = room.seat_by_token(token)
            if room.game is None or room.status != "playing":
                raise RoomError.of("no_game")
            if seat.autoplay is not None:
                raise RoomError.of("computer_playing")
            if room.paused:
                raise RoomError.of("paused")
            lesson = room.lesson
            if lesson is None:
                self._apply(room, index, action)
                return room
            try:
                steps_on = lesson.judge(room.game, index, action)
            except GameError as error:
                raise RoomError.from_game(error) from None
            self._apply(room, index, action, then=lesson.advance if steps_on else None)
            return room

    def connected(self, room: Room, seat: Seat, delta: int) -> None:
        with room.lock:
            seat.connections = max(0, seat.connections + delta)
            if seat.connections:
                seat.away_since = None
                if seat.autoplay == AWAY:       # a seat the host handed over stays handed over
                    seat.autoplay = None
                if room.kind == "solo" and room.paused_by == "away":
                    self._resume(room)
            elif seat.bot is None:
                seat.away_since = time.monotonic()
                if room.kind == "solo" and room.status == "playing" and not room.paused:
                    self._pause(room, "away")   # a solo game waits for its person
            self._changed(room)

    # ----- the host ---------------------------------------------------------------------------

    def host(self, code, host_token, command, args: dict) -> None:
        room = self.room(code)
        with room.lock:
            if not room.is_host(host_token):
                raise RoomError.of("not_host")
            handler = getattr(self, "_host_" + command, None) if isinstance(command, str) \
                and command.isidentifier() else None
            if handler is None:
                raise RoomError.of("unknown_command")
            if handler(room, args) is not _RECORDED:
                self._changed(room)

    def _in_lobby(self, room: Room) -> None:
        if room.status != "lobby":
            raise RoomError.of("not_in_lobby")

    def _host_set_game(self, room: Room, args: dict) -> None:
        self._in_lobby(room)
        name = args.get("game")
        # Only a game the chooser offers: a registered game without screens is "coming soon".
        if not isinstance(name, str) or name not in playable():
            raise RoomError.of("unknown_game")
        room.game_name, room.options = name, {}

    def _host_set_options(self, room: Room, args: dict) -> None:
        self._in_lobby(room)
        options = args.get("options")
        if not isinstance(options, dict) or not self.allow_test_deals and any(
                str(key).startswith("_") for key in options):
            raise RoomError.of("bad_options")
        try:
            cls = room.game_class
            cls.new(min(max(len(room.seats), cls.min_players), cls.max_players), options, 0)
        except GameError as error:
            raise RoomError.from_game(error) from None
        except (TypeError, ValueError, KeyError, AttributeError):
            raise RoomError.of("bad_options") from None
        room.options = dict(options)

    def _host_set_takeover(self, room: Room, args: dict) -> None:
        value = args.get("open")
        if not isinstance(value, bool):
            raise RoomError.malformed()
        room.open_takeover = value

    def _host_reorder(self, room: Room, args: dict) -> None:
        self._in_lobby(room)
        order = args.get("order")
        ids = [s.id for s in room.seats]
        if not isinstance(order, list) or not all(isinstance(i, str) for i in order) \
                or sorted(order) != sorted(ids):
            raise RoomError.of("bad_order")
        room.seats = [room.seat(seat_id) for seat_id in order]

    def _host_add_bot(self, room: Room, args: dict) -> None:
        self._in_lobby(room)
        level = args.get("level") or room.game_class.bot_levels[0]
        if level not in room.game_class.bot_levels:
            raise RoomError.of("bad_level")
        if len(room.seats) >= min(MAX_SEATS, room.game_class.max_players):
            raise RoomError.of("room_full")
        room.seats.append(Seat(self._seat_id(room), self._bot_name(room),
                               self._free_color(room), bot=level))

    def _host_set_bot(self, room: Room, args: dict) -> None:
        seat = room.seat(args.get("seat"))
        level = args.get("level")
        if seat.bot is None or level not in room.game_class.bot_levels:
            raise RoomError.of("bad_level")
        seat.bot = level

    def _host_remove(self, room: Room, args: dict) -> None:
        """In the lobby the seat goes; in a game a person's seat goes back to the computer."""
        seat = room.seat(args.get("seat"))
        if room.status == "lobby":
            room.seats.remove(seat)
        elif seat.bot is not None:
            raise RoomError.of("already_computer")
        else:
            room.hand_over(seat, self._bot_name(room))
            seat.bot = room.game_class.bot_levels[-1]
            seat.token, seat.autoplay, seat.away_since, seat.connections = None, None, None, 0
        for request in [r for r in room.requests.values() if r.seat_id == seat.id]:
            self._deny(room, request)
        for sid, client in self.push.of_room(room.code):
            if client.kind == "seat" and client.seat_id == seat.id:
                self.push.unbind(sid)
                self.push.event(sid, "kicked", {"room": room.code})

    def _host_to_bot(self, room: Room, args: dict) -> None:
        seat = room.seat(args.get("seat"))
        if seat.bot is None:
            seat.autoplay = HANDED_OVER

    def _host_to_human(self, room: Room, args: dict) -> None:
        seat = room.seat(args.get("seat"))
        if seat.bot is None:
            seat.autoplay = None
            seat.away_since = None if seat.connections else time.monotonic()

    def _host_approve(self, room: Room, args: dict) -> None:
        request = self._request(room, args)
        seat = room.seat(request.seat_id)
        if seat.bot is None:
            self._deny(room, request)
            raise RoomError.of("seat_taken")
        del room.requests[request.id]
        token = self._hand_over(room, seat, request.name)
        room.grants[request.claim] = (seat.id, token, time.time())
        for other in [r for r in room.requests.values() if r.seat_id == seat.id]:
            self._deny(room, other)
        if request.sid and self.push.client(request.sid) is not None:
            self._sit(request.sid, room, seat)
            self.push.event(request.sid, "seated",
                            {"room": room.code, "token": token, "seat_id": seat.id})

    def _host_deny(self, room: Room, args: dict) -> None:
        self._deny(room, self._request(room, args))

    def _request(self, room: Room, args: dict) -> Request:
        request_id = args.get("request")
        request = room.requests.get(request_id) if isinstance(request_id, str) else None
        if request is None:
            raise RoomError.of("unknown_request")
        return request

    def _deny(self, room: Room, request: Request) -> None:
        room.requests.pop(request.id, None)
        if request.sid:
            self.push.event(request.sid, "takeover_denied",
                            {"room": room.code, "seat_id": request.seat_id})

    def _host_start(self, room: Room, args: dict) -> None:
        self._in_lobby(room)
        seed = secrets.randbits(32)
        try:
            game = room.game_class.new(len(room.seats), room.options, seed)
        except GameError as error:
            raise RoomError.from_game(error) from None
        room.seed, room.game, room.status = seed, game, "playing"
        room.bots, room.bot_generation, room.renames = {}, {}, []
        self.store.clear_actions(room.code)

    def _host_new_game(self, room: Room, args: dict) -> None:
        if room.status == "lobby":
            raise RoomError.of("no_game")
        room.status, room.game, room.renames = "lobby", None, []
        self.store.clear_actions(room.code)

    def _host_act(self, room: Room, args: dict) -> object:
        """The host's own table buttons (e.g. next round) act for the system seat."""
        if room.game is None or room.status != "playing":
            raise RoomError.of("no_game")
        if room.paused:
            raise RoomError.of("paused")
        self._apply(room, None, args.get("action"))
        return _RECORDED

    def _host_pause(self, room: Room, args: dict) -> None:
        """Nobody moves until the host resumes; running timers keep the time they had left."""
        if room.game is None or room.status != "playing":
            raise RoomError.of("no_game")
        if room.paused:
            room.paused_by = "host"     # a pause asked for outlasts coming back
            return
        self._pause(room, "host")

    def _host_resume(self, room: Room, args: dict) -> None:
        if room.game is None or room.status != "playing":
            raise RoomError.of("no_game")
        self._resume(room)

    @staticmethod
    def _pause(room: Room, by: str) -> None:
        now = time.monotonic()
        room.paused_left = {name: max(0.0, t.deadline - now) for name, t in room.timers.items()}
        room.timers.clear()             # a timer already scheduled finds itself stale
        room.paused, room.paused_by = True, by

    @staticmethod
    def _resume(room: Room) -> None:
        room.paused, room.paused_by = False, None   # _changed() restarts the timers

    def _host_set_pace(self, room: Room, args: dict) -> None:
        fast = args.get("fast")
        if not isinstance(fast, bool):
            raise RoomError.malformed("fast")
        room.fast = fast

    def _host_lesson_next(self, room: Room, args: dict) -> None:
        """The learner has read a step that only tells (Seguir)."""
        if room.lesson is None:
            raise RoomError.of("not_a_lesson")
        try:
            room.lesson.read()
        except GameError as error:
            raise RoomError.from_game(error) from None

    def _host_dismiss_damaged(self, room: Room, args: dict) -> None:
        """The host has seen a damaged room: it leaves the TV's list (its rows are kept)."""
        code = args.get("code")
        if not isinstance(code, str) or code not in self.damaged:
            raise RoomError.of("unknown_room")
        del self.damaged[code]
        self.store.set_status(code, "damaged")

    def _host_history_merge(self, room: Room, args: dict) -> object:
        """The table of honour: two spellings of one person ("Abu" into "Abuela")."""
        self._history_host(room)
        source, into = args.get("from"), args.get("into")
        if not isinstance(source, str) or not isinstance(into, str):
            raise RoomError.malformed("from" if not isinstance(source, str) else "into")
        source, into = clean_name(source), clean_name(into)
        if history.fold(source) == history.fold(into):
            raise RoomError.of("same_name")
        known = history.known_names(self.store.played())
        if history.fold(source) not in known or history.fold(into) not in known:
            raise RoomError.of("unknown_name")
        self.store.merge_names(source, into)
        self._history_changed()
        return _RECORDED

    def _host_history_remove(self, room: Room, args: dict) -> object:
        """A game the family does not want to count (played by mistake)."""
        self._history_host(room)
        game_id = args.get("id")
        if isinstance(game_id, bool) or not isinstance(game_id, int):
            raise RoomError.malformed("id")
        if not self.store.remove_game(game_id):
            raise RoomError.of("unknown_played")
        self._history_changed()
        return _RECORDED

    @staticmethod
    def _history_host(room: Room) -> None:
        """The family's history is the TV host's to change, not a solo device's or a lesson's."""
        if room.kind != "table":
            raise RoomError.of("not_host")

    def _history_changed(self) -> None:
        """Every TV and phone shows the history afresh (other rooms' locks later, never while
        holding this one)."""
        self.history_version += 1
        self.replays.forget_all()                   # names merged, a game removed
        for code in list(self.rooms):
            self.spawn(functools.partial(self.push.room, code), 0)

    def history_summary(self, limit: int = 8, per_game: int = 30) -> dict:
        """What the TV shows: the latest games, and each game's table of honour and games."""
        played = self.store.played()
        by_game: dict[str, list] = {}
        spelling: dict[str, str] = {}            # a person's name as they wrote it last
        for one in played:
            by_game.setdefault(one["game"], []).append(one)
            for player in one["players"]:
                if not player["bot"]:
                    player["name"] = spelling.setdefault(history.fold(player["name"]),
                                                         player["name"])
            marks = initials([p["name"] for p in one["players"]])
            for player, mark in zip(one["players"], marks, strict=True):
                player["initial"], player["ink"] = mark, ink(player["color"])
        return {"version": self.history_version, "recent": played[:limit],
                "honour": {name: history.honour(games) for name, games in by_game.items()},
                "games": {name: games[:per_game] for name, games in by_game.items()}}

    def record_of(self, room: Room, seat: Seat) -> dict | None:
        """A phone's own record of this game, after the podium (none after a lesson)."""
        if room.status != "finished" or room.lesson is not None or seat.bot is not None:
            return None
        return {**history.record_of(self.store.played(room.game_name), seat.name),
                "title": room.game_class.info.get("title")}

    # ----- the engine, timers and bots ---------------------------------------------------------

    def _apply(self, room: Room, seat, action, then: Callable[[], None] | None = None) -> None:
        """Apply a move; `then` runs once it is applied, before the room is saved and pushed
        (a lesson steps on with it)."""
        game = room.game
        assert game is not None, "every caller checks that the game has started"
        try:
            game.apply(seat, action)
        except GameError as error:
            raise RoomError.from_game(error) from None
        if then is not None:
            then()
        if game.finished:
            room.status = "finished"
        row = history.entry(room)
        if row is not None:
            self.history_version += 1
        self._changed(room, (len(game.log) - 1, seat, game.log[-1][1]), row)

    def _changed(self, room: Room, move: tuple[int, int | None, dict] | None = None,
                 finished: dict | None = None) -> None:
        """Every change of a room, under its lock: timers, the saved record (with the move
        that caused it and, when it ended the game, the game's history row, in one
        transaction), bots, and fresh states for its clients."""
        room.version += 1
        room.touched = time.time()
        self._sync_timers(room)
        if move is None:
            self.store.save_room(room.to_record())
        else:
            self.store.record_action(room.code, *move, room.to_record(), finished)
        self._wake(room)
        self.push.room(room.code)

    def _sync_timers(self, room: Room) -> None:
        if room.paused:
            return
        game = room.game
        # A lesson runs no clock: the learner reads at their own pace, the script closes windows.
        listed = {t.name: t for t in game.timers()} \
            if game is not None and room.status == "playing" and room.lesson is None else {}
        for name in list(room.timers):
            if name not in listed:
                del room.timers[name]
        saved, room.saved_timers = room.saved_timers, {}
        for name, timer in listed.items():
            if name in room.timers:
                continue
            if name in room.paused_left:
                remaining = min(timer.seconds, room.paused_left[name])
                started = time.time() - (timer.seconds - remaining)
            else:
                remaining, started = self._resumed(saved.get(name), timer.seconds)
            generation = next(self._timer_ids)
            room.timers[name] = RunningTimer(generation, time.monotonic() + remaining,
                                             timer.seconds, started)
            self.spawn(functools.partial(self._fire, room, name, generation, timer.action),
                       remaining)
        room.paused_left = {}

    def _resumed(self, saved, seconds: float) -> tuple[float, float]:
        """(seconds left, wall-clock start) of a timer: a fresh one, or one that was running
        when the host stopped, which resumes with the time it had left at the last beat."""
        now = time.time()
        if not isinstance(saved, dict) or saved.get("seconds") != seconds:
            return seconds, now
        try:
            started = float(saved["started"])
        except (KeyError, TypeError, ValueError):
            return seconds, now
        alive = self.store.last_beat()
        elapsed = max(0.0, min(seconds, (alive if alive is not None else now) - started))
        remaining = seconds - elapsed
        return remaining, now - elapsed

    def _fire(self, room: Room, name: str, generation: int, action: dict) -> None:
        with room.lock:
            current = room.timers.get(name)
            if current is None or current.generation != generation or room.game is None:
                return
            del room.timers[name]
            try:
                self._apply(room, None, action)
            except RoomError:
                log.warning("timer %s of room %s was refused", name, room.code)

    def _wake(self, room: Room) -> None:
        game = room.game
        if game is None or room.status != "playing" or room.paused:
            return
        if room.lesson is not None:
            if room.lesson.waiting() and LESSON_SCRIPT not in room.bots_pending:
                room.bots_pending.add(LESSON_SCRIPT)
                delay = self.bot_delay * (FAST_PACE if room.fast else 1.0)
                self.spawn(functools.partial(self._lesson_move, room), delay)
            return
        reading = self._round_end_left(room, game)
        for seat in game.actors():
            if seat is not None and room.seats[seat].played_by_bot \
                    and seat not in room.bots_pending:
                room.bots_pending.add(seat)
                delay = self.bot_delay * (1.5 if game.timers() else 1.0) \
                    * (FAST_PACE if room.fast else 1.0)
                delay = max(delay, reading)
                think = functools.partial(self._bot_move, room, seat)
                self.spawn(functools.partial(self.compute, think), delay)

    def _round_end_left(self, room: Room, game) -> float:
        """Seconds the end of a round must still stay on screen before a computer player says
        it is ready: in a room of computers only, all of them ready at once used to flash the
        scores by."""
        if not any(timer.name == "next_round" for timer in game.timers()):
            room.round_over_since = None
            return 0.0
        now = time.monotonic()
        if room.round_over_since is None:
            room.round_over_since = now
        return max(0.0, room.round_over_since + self.round_end_shown - now)

    def _bot_move(self, room: Room, seat: int) -> None:
        """One bot move: look (under the lock), think (outside it), act (under it, if the
        game has not moved on meanwhile)."""
        with room.lock:
            game = room.game
            if game is None or room.status != "playing" or room.paused \
                    or seat not in game.actors() or not room.seats[seat].played_by_bot:
                room.bots_pending.discard(seat)
                return
            stamp = (id(game), len(game.log))
            level = self._bot_level(room, seat)
            view = self.brains.private(game.view(seat))
        try:
            action = self.brains.choose(room, seat, level, view)
        except Exception as error:
            log.warning("bot %s of room %s failed (%s); it tries again in a moment",
                        seat, room.code, error)
            with room.lock:
                room.bots_pending.discard(seat)
                self.brains.forget(room, seat, level)
            self.spawn(functools.partial(self._rewake, room), 1.0)
            return
        self.people_first.let_people_go_first()
        with room.lock:
            room.bots_pending.discard(seat)
            game = room.game
            if game is None or (id(game), len(game.log)) != stamp or room.paused \
                    or not room.seats[seat].played_by_bot:
                self.brains.forget(room, seat, level)   # its plan was for another table
                self._wake(room)
                return
            if action is None:
                return
            try:
                self._apply(room, seat, action)
            except RoomError as error:
                self.brains.forget(room, seat, level)
                log.warning("bot %s of room %s chose a refused move %s (%s)",
                            seat, room.code, json.dumps(action)[:200], error.code)

    def _lesson_move(self, room: Room) -> None:
        """The lesson's next scripted move, paced like a computer player's."""
        with room.lock:
            room.bots_pending.discard(LESSON_SCRIPT)
            lesson = room.lesson
            if room.game is None or room.status != "playing" or room.paused or lesson is None:
                return
            move = lesson.scripted()
            if move is None:
                return
            try:
                self._apply(room, *move, then=lesson.played_scripted)
            except RoomError as error:       # a script that no longer fits: skip the move
                log.warning("lesson %s of room %s: scripted move %s refused (%s)",
                            lesson.lesson.id, room.code, json.dumps(move)[:200], error.code)
                lesson.played_scripted()
                self._changed(room)

    def _rewake(self, room: Room) -> None:
        with room.lock:
            self._wake(room)

    @staticmethod
    def _bot_level(room: Room, seat: int) -> str:
        levels = room.game_class.bot_levels
        level = room.seats[seat].bot or levels[-1]
        return level if level in levels else levels[-1]

    # ----- the passing of time ------------------------------------------------------------------

    def sweep(self, now: float | None = None) -> None:
        """Once a second: the host is alive; people away too long are played by a bot;
        old lobbies, finished games and unanswered requests leave."""
        wall = time.time() if now is None else now
        self.store.beat(wall)
        self.sweep_away()
        for room in list(self.rooms.values()):
            with room.lock:
                for request in [r for r in room.requests.values()
                                if wall - r.created > REQUEST_KEEP]:
                    self._deny(room, request)
                for claim in [c for c, g in room.grants.items() if wall - g[2] > REQUEST_KEEP]:
                    del room.grants[claim]
                if self.push.count(room.code):
                    continue
                idle = wall - room.touched
                if room.status == "lobby" and idle > LOBBY_IDLE \
                        or room.status == "finished" and idle > FINISHED_KEEP:
                    with self._lock:
                        self._expire(room)

    def _expire(self, room: Room) -> None:
        self.rooms.pop(room.code, None)
        self.store.set_status(room.code, "expired")

    def sweep_away(self) -> None:
        """Hand the seats of people away longer than the timeout to a bot."""
        now = time.monotonic()
        for room in list(self.rooms.values()):
            with room.lock:
                if room.status != "playing" or room.kind == "solo":
                    continue            # a solo game waits for its person instead
                changed = False
                for seat in room.seats:
                    if seat.bot is None and seat.autoplay is None \
                            and seat.away_since is not None \
                            and now - seat.away_since >= self.away_timeout:
                        seat.autoplay = AWAY
                        changed = True
                if changed:
                    self._changed(room)

    # ----- a restarted host -----------------------------------------------------------------------

    def restore(self) -> list[Room]:
        """Bring back every live room from the store, replaying each game's log. A room that
        cannot be brought back is kept on the TV's list of damaged rooms, never deleted."""
        restored = []
        for saved in self.store.load_rooms():
            try:
                room = self._restored(saved)
            except Exception as error:          # noqa: BLE001 - any damage at all
                self.damaged[saved.code] = _damage_report(saved, error)
                log.warning("room %s could not be restored: %s", saved.code, error)
                continue
            self.rooms[room.code] = room
            restored.append(room)
            row = history.entry(room)
            if row is not None:                 # recorded once: INSERT OR IGNORE
                self.store.record_game({**row, "finished": room.touched})
        for room in restored:
            with room.lock:
                self._sync_timers(room)
                self._wake(room)
        return restored

    def _restored(self, saved: SavedRoom) -> Room:
        room = Room.from_record(json.loads(saved.text))
        if room.code != saved.code:
            raise ValueError("the record names another room")
        if room.status != "lobby":
            if saved.actions_error:
                raise ValueError(f"the moves could not be read: {saved.actions_error}")
            room.game = room.game_class.replay(len(room.seats), room.options, room.seed,
                                               saved.actions)
            if room.game.finished != (room.status == "finished"):
                raise ValueError("the moves do not end where the record says")
        now = time.monotonic()
        for seat in room.seats:
            if seat.bot is None:
                seat.away_since = now
        room.version += 1          # everyone is away now: a state no client has seen
        return room

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

    @staticmethod
    def _bot_name(room: Room) -> str:
        used = {s.name for s in room.seats}
        return next((n for n in BOT_NAMES if n not in used), f"Bot {len(room.seats) + 1}")


def _damage_report(saved: SavedRoom, error: Exception) -> dict:
    """What the TV shows of a room that could not be restored: whatever can be read."""
    report: dict[str, Any] = {"code": saved.code, "game": None, "players": [],
                              "date": saved.updated, "status": saved.status,
                              "reason": str(error)[:200]}
    try:
        record = json.loads(saved.text)
    except (ValueError, TypeError):
        return report
    if isinstance(record, dict):
        if isinstance(record.get("game"), str):
            report["game"] = record["game"]
        seats = record.get("seats")
        if isinstance(seats, list):
            report["players"] = [str(s.get("name"))[:20] for s in seats
                                 if isinstance(s, dict) and s.get("name")]
        if isinstance(record.get("touched"), (int, float)):
            report["date"] = record["touched"]
    return report
