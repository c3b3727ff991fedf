"""Watchers: a phone that joins a room «Solo mirar». It gets the TV's public table (a "tv"
client: never a seat's view), may react, never holds a seat; the room lists the watchers by
name apart from the seats while their phones are connected. A watcher's token lets the same
phone watch again after a reconnection, under the same name; nothing of it is saved."""
from __future__ import annotations

import secrets
from dataclasses import dataclass

from server.push import Client
from server.room import Room, RoomError, clean_name, same_secret
from server.seating import Seating

MAX_WATCHERS = 12


@dataclass
class Watcher:
    id: str
    name: str
    token: str


class Watchers(Seating):
    def watch_as(self, sid: str, room: Room, name, token) -> Watcher:
        """`sid` watches `room` as `name` (its watcher again with `token`)."""
        name = clean_name(name)
        with room.lock:
            watcher = next((w for w in room.watchers.values() if same_secret(w.token, token)),
                           None)
            if watcher is None:
                if len(room.watchers) >= MAX_WATCHERS:
                    raise RoomError.of("too_many_watchers")
                watcher = Watcher(secrets.token_hex(4), name, secrets.token_urlsafe(16))
                room.watchers[watcher.id] = watcher
            watcher.name = name
            self._bind(sid, room, Client(room.code, "tv", watcher=watcher.id))
            self._changed(room)
        return watcher

    def watcher_by_token(self, room: Room, token) -> Watcher:
        for watcher in room.watchers.values():
            if same_secret(watcher.token, token):
                return watcher
        raise RoomError.of("bad_token")

    def left_watching(self, client: Client) -> None:
        """A watcher's phone went (or became something else): off the list when no other
        connection of it is left."""
        room = self.rooms.get(client.room)
        if room is None or client.watcher is None:
            return
        with room.lock:
            still = any(c.watcher == client.watcher for _, c in self.push.of_room(room.code))
            if not still and room.watchers.pop(client.watcher, None) is not None:
                self._changed(room)
