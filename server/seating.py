"""Who is where: clients (Socket.IO sids) bound to rooms and seats, people coming and going,
a seat changing hands between a person and the computer."""
from __future__ import annotations

import functools
import secrets
import time

from server.palette import COLORS
from server.play import Play
from server.push import Client
from server.room import AWAY, Room, RoomError, Seat

BOT_NAMES = ("Robotina", "Chispas", "Tuerca", "Bombilla", "Pixel", "Tornillo", "Voltio", "Chip")


class Seating(Play):
    damaged: dict[str, dict]              # rooms that could not be brought back

    def room(self, code) -> Room:
        if isinstance(code, str):
            code = code.strip().upper()
            room = self.rooms.get(code)
            if room:
                return room
            if code in self.damaged:
                raise RoomError.of("room_damaged")
        raise RoomError.of("unknown_room")

    def _bind(self, sid: str, room: Room, client: Client) -> None:
        """Bind `sid` to a room (and seat); a sid that held another seat leaves it."""
        old = self.push.bind(sid, client)
        room.touched = time.time()
        if old and old.kind == "seat" and old != client:
            if old.room == room.code:
                self._left_seat(old)
            else:   # another room's lock: take it later, never while holding this one
                self.spawn(functools.partial(self._left_seat, old), 0)
        elif old and old.watcher is not None and old != client:
            # a watcher sitting down, or watching elsewhere: off the list (same lock rule)
            leave = functools.partial(self.left_watching, old)
            if old.room == room.code:
                leave()
            else:
                self.spawn(leave, 0)

    def left_watching(self, client: Client) -> None:
        """A watcher's phone went: server/watchers.Watchers takes it off the room's list."""
        raise NotImplementedError

    def _left_seat(self, client: Client) -> None:
        room = self.rooms.get(client.room)
        if room is None:
            return
        with room.lock:
            index = room.index_of(client.seat_id)
            if index is not None:
                self.connected(room, room.seats[index], -1)

    def _sit(self, sid: str, room: Room, seat: Seat) -> Seat:
        client = Client(room.code, "seat", seat.id)
        old = self.push.client(sid)
        self._bind(sid, room, client)
        if old != client:
            self.connected(room, seat, +1)
        else:
            self._changed(room)
        return seat

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

    def _hand_over(self, room: Room, seat: Seat, name: str) -> str:
        """A person takes a computer seat (and its cards); returns the new seat token."""
        room.hand_over(seat, name)
        seat.bot = None
        seat.autoplay = None
        seat.token = secrets.token_urlsafe(16)
        seat.away_since = None
        return seat.token

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
