"""Reactions: a player taps one of six fixed faces and the TV shows it by the player's name for
a few seconds. Said once to the room's screens and forgotten: never in the game's log, so never
in a replay, the history or a restored game. At most one per player every `GAP` seconds."""
from __future__ import annotations

import time

from server.room import RoomError
from server.watchers import Watchers

# 👏 😂 😮 😬 🔥 🙈 (each phone names them in words for screen readers)
REACTIONS = ("\U0001F44F", "\U0001F602", "\U0001F62E", "\U0001F62C", "\U0001F525", "\U0001F648")
GAP = 2.0               # seconds between two reactions of one player
WATCHER_COLOR = "#9aa7a0"   # a watcher has no seat's colour


class Reactions(Watchers):
    def react(self, code, token, reaction) -> None:
        if reaction not in REACTIONS:
            raise RoomError.malformed("reaction")
        room = self.room(code)
        with room.lock:
            try:
                index, seat = room.seat_by_token(token)
                who, said = seat.id, {"seat": index, "name": seat.name, "color": seat.color}
            except RoomError:                  # a watcher's phone (server/watchers.py)
                watcher = self.watcher_by_token(room, token)
                who, said = f"w:{watcher.id}", {"seat": None, "name": watcher.name,
                                                "color": WATCHER_COLOR, "watcher": True}
            now = time.monotonic()
            room.reacted = {k: t for k, t in room.reacted.items() if now - t < GAP}  # bounded
            if now - room.reacted.get(who, -GAP) < GAP:
                raise RoomError.of("too_fast")
            room.reacted[who] = now
            said = {"room": room.code, **said, "reaction": reaction}
        for sid, _ in self.push.of_room(room.code):
            self.push.event(sid, "reaction", said)
