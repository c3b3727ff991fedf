"""The house key: a secret this host creates once and keeps in its data folder. Whoever holds
it runs the house's own commands (the family's history, the damaged games) and sees the house's
notices; a room's host token runs only that room. Decided by the key, never by the address:
tests, proxies and a hotspot all look like 127.0.0.1.

The TV opened on the laptop gets the key in the link `sobremesa` opens (`/#house=KEY`, never
sent to the server in a URL); another screen is paired with a short code that a house screen
shows, exchanged once for the key.
"""
from __future__ import annotations

import contextlib
import os
import re
import secrets
import time
from pathlib import Path
from typing import Callable

FILE = "house.key"
SHAPE = re.compile(r"[A-Za-z0-9_-]{20,64}")
PAIR_SECONDS = 5 * 60           # a pairing code lasts this long
PAIR_TRIES = 5                  # wrong codes before the code in force is void


def load_or_create(data_dir: Path | None) -> str:
    """The data folder's key, made and kept there the first time. A folder that cannot be
    written gets a key for this run only (the games are not kept either: the TV says so)."""
    if data_dir is None:
        return secrets.token_urlsafe(24)
    path = data_dir / FILE
    with contextlib.suppress(OSError, UnicodeDecodeError):
        kept = path.read_text(encoding="ascii").strip()
        if SHAPE.fullmatch(kept):
            return kept
    key = secrets.token_urlsafe(24)
    with contextlib.suppress(OSError):
        data_dir.mkdir(parents=True, exist_ok=True)
        fresh = path.with_name(FILE + ".new")
        fresh.write_text(key + "\n", encoding="ascii")
        with contextlib.suppress(OSError):
            fresh.chmod(0o600)          # the user's alone, where the system has such modes
        os.replace(fresh, path)
    return key


def matches(key, house_key: str) -> bool:
    return isinstance(key, str) and secrets.compare_digest(key.encode(), house_key.encode())


class Pairing:
    """One six-digit code at a time, shown on a house screen; another screen exchanges it once
    for the key. A few wrong tries void it, so guessing is hopeless."""

    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self.code: str | None = None
        self.expires = 0.0
        self.tries = 0

    def new(self) -> str:
        self.code = f"{secrets.randbelow(10**6):06d}"
        self.expires = self.clock() + PAIR_SECONDS
        self.tries = 0
        return self.code

    def redeem(self, code) -> bool:
        if self.code is None or self.clock() > self.expires:
            self.code = None
            return False
        if isinstance(code, str) and secrets.compare_digest(code.strip().encode(),
                                                            self.code.encode()):
            self.code = None
            return True
        self.tries += 1
        if self.tries >= PAIR_TRIES:
            self.code = None
        return False
