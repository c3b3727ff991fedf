"""The fields of each client event, checked at the edge: a field of the wrong type is
`malformed` before any room is touched. Only shapes are checked here; meaning (does the room
exist, is the move legal) is for the lobby and the engine."""
from __future__ import annotations

import re
from collections.abc import Sized
from dataclasses import dataclass
from typing import cast

from server.room import RoomError

TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")


@dataclass(frozen=True)
class Field:
    kind: type | tuple[type, ...]
    required: bool = False
    max_length: int | None = None


def text(max_length: int, required: bool = False) -> Field:
    return Field(str, required, max_length)


def obj(required: bool = False) -> Field:
    return Field(dict, required)


def flag() -> Field:
    return Field(bool)


EVENTS: dict[str, dict[str, Field]] = {
    "create_room": {"game": text(32), "house_key": text(200)},
    "create_solo": {"game": text(32, True), "name": text(200), "options": obj(),
                    "bots": Field(list, True, 16), "fast": flag()},
    "solo_games": {"games": Field(list, True, 40)},
    "create_lesson": {"lesson": text(80, True), "name": text(200)},
    "watch": {"room": text(16, True), "host_token": text(200), "house_key": text(200),
              "name": text(200), "token": text(200)},
    "join": {"room": text(16, True), "name": text(200), "token": text(200)},
    "take_seat": {"room": text(16, True), "seat": text(32, True), "name": text(200),
                  "token": text(200), "claim": text(200)},
    "reclaim": {"room": text(16, True), "token": text(200, True)},
    "action": {"room": text(16, True), "token": text(200, True), "action": obj(True)},
    "host": {"room": text(16, True), "host_token": text(200, True),
             "command": text(32, True), "args": obj()},
    "house": {"key": text(200, True), "command": text(32, True), "args": obj()},
    "pair": {"code": text(12, True)},
    "react": {"room": text(16, True), "token": text(200, True), "reaction": text(16, True)},
}


def check(event: str, data) -> dict:
    """The event's fields (absent ones as None); a field of the wrong type is malformed."""
    if not isinstance(data, dict):
        raise RoomError.malformed()
    values = {}
    for name, field in EVENTS[event].items():
        value = data.get(name)
        if value is None:
            if field.required:
                raise RoomError.malformed(name)
        elif not isinstance(value, field.kind) \
                or (isinstance(value, bool) and field.kind is not bool) \
                or (field.max_length is not None and len(cast(Sized, value)) > field.max_length):
            raise RoomError.malformed(name)
        values[name] = value
    return values


def token_shape(token) -> str | None:
    """A token as the host issues them, or None: any other string matches no seat."""
    return token if isinstance(token, str) and TOKEN.fullmatch(token) else None
