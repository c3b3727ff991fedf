"""How many rooms are live. One host keeps `max_rooms` at most and one device (a connection)
opens a few at most: at either limit a room nobody is looking at makes way. A lobby or a
finished game leaves for good; a game in progress goes to sleep: off the live list, kept in the
file, and woken by its own people (a seat's token, the host's token), so "Seguir la partida"
always works. The laptop's own TV (the house key) can always open a room.
"""
from __future__ import annotations

import contextlib
import json
import logging
import threading
import time
from typing import Any

from server.house import House
from server.room import Room, RoomError
from server.store import ASLEEP, SavedRoom, StoreError

log = logging.getLogger(__name__)

PER_CLIENT = 3                   # live rooms one connection may have opened
SOLO_IDLE = 10 * 60              # seconds an unwatched game against the computer stays live


class Capacity(House):
    max_rooms: int
    _lock: threading.Lock              # the lobby's: the list of rooms

    def _room_for_one_more(self, sid: str | None, house: bool) -> None:
        """Before `sid` opens a room (or wakes one, sid None): within both limits, a room nobody
        looks at making way if need be. Takes each room's lock before the lobby's, as the
        sweep does."""
        for _ in range(PER_CLIENT + 2):
            with self._lock:
                victim = self._to_let_go(sid, house)
            if victim is None:
                return
            with victim.lock, self._lock:
                if self.rooms.get(victim.code) is victim and not self.push.count(victim.code) \
                        and not self._put_away(victim) and not house:
                    raise RoomError.of("too_many_rooms")     # the file takes nothing now

    def _to_let_go(self, sid: str | None, house: bool) -> Room | None:
        if sid is not None and not house:
            mine = [r for r in self.rooms.values() if r.creator == sid]
            if len(mine) >= PER_CLIENT:
                idle = self._idle(mine)
                if not idle:
                    raise RoomError.of("too_many_rooms_here")
                return idle[0]
        if len(self.rooms) >= self.max_rooms:
            idle = self._idle(list(self.rooms.values()))
            if idle:
                return idle[0]
            if not house:
                raise RoomError.of("too_many_rooms")
        return None

    def _idle(self, rooms: list[Room]) -> list[Room]:
        """The rooms nobody is looking at, those to let go first: lobbies and finished games,
        then games against the computer, then the table's games; the longest idle first."""
        order = {"lobby": 0, "finished": 0}
        idle = [r for r in rooms if not self.push.count(r.code)]
        return sorted(idle, key=lambda r: (order.get(r.status, 1 if r.kind == "solo" else 2),
                                           r.touched))

    def _put_away(self, room: Room) -> bool:
        """Off the live list (under the room's lock and the lobby's): its timers and bots stop.
        A room the file cannot mark stays where it is (False)."""
        status = ASLEEP if room.status == "playing" else "expired"
        try:
            self.store.set_status(room.code, status)
        except StoreError:
            return False
        room.retired = True
        room.timers.clear()             # a timer already scheduled finds itself stale
        self.rooms.pop(room.code, None)
        return True

    def _wake_asleep(self, code, fits) -> Room | None:
        """The sleeping room `code`, back on the live list, if `fits(record)` (its token is
        one of the record's); None when there is no such room or it does not fit."""
        saved = self.store.asleep(code) if isinstance(code, str) else None
        if saved is None:
            return None
        try:
            if not fits(json.loads(saved.text)):
                return None
        except (ValueError, TypeError, KeyError, AttributeError):
            return None
        try:
            room = self._restored(saved)
        except Exception as error:          # noqa: BLE001 - any damage at all
            self.damaged[saved.code] = _damage_report(saved, error)
            log.warning("room %s could not be woken: %s", saved.code, error)
            raise RoomError.of("room_damaged") from None
        self._room_for_one_more(None, house=False)
        with self._lock:
            if code in self.rooms:          # woken meanwhile by another of its people
                return self.rooms[code]
            self.rooms[room.code] = room
            with contextlib.suppress(StoreError):   # else the next save says it
                self.store.set_status(room.code, room.status)
        with room.lock:
            self._sync_timers(room)
            self._wake(room)
        return room

    def _restored(self, saved: SavedRoom) -> Room:
        room = Room.from_record(json.loads(saved.text))
        if room.code != saved.code:
            raise ValueError("the record names another room")
        if room.status != "lobby":
            if saved.actions_error:
                raise ValueError(f"the moves could not be read: {saved.actions_error}")
            room.options = room.game_class.saved_options(room.options)   # an older save
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
