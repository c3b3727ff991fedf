"""Rooms, seats and who may do what. Knows no game rules: the engine decides every move.

A `Lobby` holds every room and knows which client (Socket.IO sid) is bound to which room and
seat: it creates rooms, seats phones, takes their moves and brings rooms back after a restart.
Each room has its own lock. Below it, in layers: the house (server/house.py), a room's host
commands (server/host_commands.py), who sits where (server/seating.py) and the games as they
go on: moves, timers and bots (server/play.py).
"""
from __future__ import annotations

import contextlib
import itertools
import json
import logging
import secrets
import threading
import time
from typing import Callable

from engine.game import GameError
from engine.lessons import LessonRun, lesson_by_id
from engine.registry import GAMES
from server import history, house_key as house_keys
from server.brains import LocalBrains
from server.capacity import SOLO_IDLE, Capacity, _damage_report
from server.catalogue import playable
from server.host_commands import MAX_SEATS
from server.inbound import token_shape
from server.play import LESSON_SCRIPT, ROUND_END_SHOWN, Compute, Spawn
from server.push import Client, Pusher
from server.reactions import Reactions
from server.replays import Replays
from server.room import AWAY, Request, Room, RoomError, Seat, clean_name, same_secret
from server.scheduler import PeopleFirst
from server.store import Store, StoreError
from server.watchers import Watcher, Watchers

log = logging.getLogger(__name__)

__all__ = ["MAX_ROOMS", "ROUND_END_SHOWN", "Lobby"]

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"   # no I or O: they read as 1 and 0
MAX_ROOMS = 30                   # open rooms on one host
LOBBY_IDLE = 60 * 60             # seconds an unwatched lobby stays on the live list
FINISHED_KEEP = 2 * 60 * 60      # seconds a finished game stays (a phone reloading sees it)
RECENT = 6 * 60 * 60             # the phones' room list shows rooms touched this recently
REQUEST_KEEP = 15 * 60           # seconds an unanswered take-over request waits
MAX_REQUESTS = 4                 # take-over requests waiting in one room at once


def _inline(fn: Callable[[], None]) -> None:
    fn()


class Lobby(Capacity, Reactions, Watchers):
    """All rooms. `spawn(fn, delay)` runs fn later (timers, paced bots); `compute(fn)` runs a
    bot's thinking (a worker pool on the real host, inline in tests)."""

    def __init__(self, store: Store, push: Pusher, spawn: Spawn, compute: Compute = _inline, *,
                 brains=None, bot_delay: float = 1.0, away_timeout: float = 60.0,
                 allow_test_deals: bool = False, max_rooms: int = MAX_ROOMS,
                 round_end_shown: float = ROUND_END_SHOWN, house_key: str | None = None):
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
        self.house_key = house_key or house_keys.load_or_create(None)
        self.pairing = house_keys.Pairing()
        self.storage_shown: str | None = None     # the file's problem the screens were told

    def create_room(self, sid: str, game_name=None, house: bool = False) -> Room:
        game_name = game_name or "ferrocarril"
        if game_name not in GAMES:
            raise RoomError.of("unknown_game")
        self._room_for_one_more(sid, house)
        with self._lock:
            code = self._new_code()
            room = Room(code, secrets.token_urlsafe(16), game_name, creator=sid)
            self.rooms[code] = room
        with room.lock:
            self._bind(sid, room, Client(code, "tv", host=True, house=house))
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
            raise RoomError.of("bad_level", {"levels": list(cls.bot_levels)})
        options = {} if options is None else options
        if not self.allow_test_deals and any(str(key).startswith("_") for key in options):
            raise RoomError.of("bad_options")
        name = clean_name(name)
        self._room_for_one_more(sid, house=False)
        with self._lock:
            room = Room(self._new_code(), secrets.token_urlsafe(16), game_name,
                        dict(options), kind="solo", fast=bool(fast), creator=sid)
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
        self._room_for_one_more(sid, house=False)
        with self._lock:
            options = {**lesson.options, "_deal": lesson.deal}
            room = Room(self._new_code(), secrets.token_urlsafe(16), lesson.game, options,
                        kind="solo", lesson=LessonRun(lesson), creator=sid)
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
        only those whose token is that room's person, and nothing secret. A game asleep is
        listed from its record, without waking it."""
        found = []
        for pair in asked:
            if not isinstance(pair, dict) or not token_shape(pair.get("token")):
                continue
            code = pair.get("room")
            room = self.rooms.get(code) if isinstance(code, str) else None
            if room is None:
                entry = self._asleep_entry(code, pair["token"])
                if entry is not None:
                    found.append(entry)
                continue
            if room.kind != "solo":
                continue
            with room.lock:
                try:
                    mine, _ = room.seat_by_token(pair["token"])
                except RoomError:
                    continue
                found.append(solo_entry(room.to_record(), mine,
                                        room.lesson.summary() if room.lesson else None))
        return found

    def _asleep_entry(self, code, token) -> dict | None:
        saved = self.store.asleep(code) if isinstance(code, str) else None
        if saved is None:
            return None
        try:
            record = json.loads(saved.text)
            if record.get("kind") != "solo":
                return None
            mine = next((i for i, s in enumerate(record["seats"])
                         if same_secret(s.get("token"), token)), None)
            if mine is None:
                return None
            lesson = LessonRun.from_record(record["lesson"]).summary() \
                if record.get("lesson") else None
            return solo_entry(record, mine, lesson)
        except (ValueError, TypeError, KeyError, AttributeError):
            return None

    def _new_code(self) -> str:
        """A code no room has had in this file (a sleeping game keeps its own)."""
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(4))
            if code not in self.rooms and code not in self.damaged and not self.store.known(code):
                return code

    def open_rooms(self, now: float | None = None) -> list[Room]:
        """Rooms a phone without a code may pick: open, and touched recently; newest first."""
        now = time.time() if now is None else now
        rooms = [r for r in self.rooms.values() if r.kind == "table"
                 and r.status in ("lobby", "playing") and now - r.touched < RECENT]
        return sorted(rooms, key=lambda r: -r.created)

    def disconnect(self, sid: str) -> None:
        client = self.push.unbind(sid)
        if client is None:
            return
        room = self.rooms.get(client.room)
        if room is not None:
            room.touched = time.time()
        if client.kind == "seat":
            self._left_seat(client)
        elif client.watcher is not None:
            self.left_watching(client)

    def watch_named(self, sid: str, code, name, token) -> tuple[Room, Watcher]:
        """A phone «Solo mirar»: the public table, a place among the watchers, no seat."""
        room = self.room(code)
        if room.kind == "solo":
            raise RoomError.of("solo_game")
        return room, self.watch_as(sid, room, name, token)

    def watch(self, sid: str, code, host_token=None, house: bool = False) -> Room:
        try:
            room = self.room(code)
        except RoomError as error:      # the host's own screen wakes a game asleep
            woken = self._wake_asleep(code, lambda record: same_secret(
                record.get("host_token"), host_token)) if error.code == "unknown_room" else None
            if woken is None:
                raise
            room = woken
        if room.kind == "solo" and not room.is_host(host_token):
            raise RoomError.of("solo_game")     # one person's game is nobody else's to watch
        with room.lock:
            self._bind(sid, room, Client(room.code, "tv", host=room.is_host(host_token),
                                         house=house))
            self.push.room(room.code)
        return room

    def join(self, sid: str, code, name=None, token=None) -> tuple[Room, Seat]:
        """A phone asks for a seat: its old one if the token matches, else a new one. A seat's
        token wakes its game when it sleeps."""
        try:
            room = self.room(code)
        except RoomError as error:
            woken = self._wake_asleep(code, lambda record: any(
                same_secret(seat.get("token"), token) for seat in record["seats"])) \
                if error.code == "unknown_room" else None
            if woken is None:
                raise
            room = woken
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
            # one request per phone (its claim, or its connection), a few per room
            request = next((r for r in room.requests.values()
                            if r.claim == claim or r.sid == sid), None)
            if request is None:
                if len(room.requests) >= MAX_REQUESTS:
                    raise RoomError.of("too_many_requests")
                request = Request(secrets.token_hex(3), seat.id, name, claim, sid)
                room.requests[request.id] = request
            else:
                request.seat_id, request.name = seat.id, name
                request.claim, request.sid = claim, sid
            self._bind(sid, room, Client(room.code, "tv"))
            self._changed(room)
            return {"room": room.code, "pending": True, "request": request.id}

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

    def sweep(self, now: float | None = None) -> None:
        """Once a second: the host is alive; people away too long are played by a bot;
        old lobbies, finished games and unanswered requests leave; a game against the computer
        nobody has looked at for a while goes to sleep."""
        wall = time.time() if now is None else now
        self.store.beat(wall)
        self.sweep_away()
        self._sweep_storage()
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
                        or room.status == "finished" and idle > FINISHED_KEEP \
                        or room.status == "playing" and room.kind == "solo" and idle > SOLO_IDLE:
                    with self._lock:
                        self._put_away(room)

    def _sweep_storage(self) -> None:
        """Changes the file did not take are written as soon as it takes them; every screen
        hears when the file stops or starts taking writes."""
        for room in list(self.rooms.values()):
            if room.unsaved:
                with room.lock, contextlib.suppress(StoreError):
                    self.store.save_room(room.to_record())
                    room.unsaved = False
        if self.store.problem != self.storage_shown:
            self._tell_storage()

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


def solo_entry(record: dict, mine: int, lesson: dict | None) -> dict:
    """One game of "Seguir la partida", from a room's record: nothing secret."""
    scores = record.get("scores") or []
    return {"room": record["code"], "game": record["game"], "status": record["status"],
            "started": record["created"], "touched": record["touched"],
            "paused": record.get("paused", False),
            "players": [{"name": s["name"], "color": s["color"], "you": i == mine,
                         "score": scores[i] if i < len(scores) else None}
                        for i, s in enumerate(record["seats"])],
            **({"lesson": lesson} if lesson else {})}
