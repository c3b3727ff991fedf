"""Where the computer players think. A bot sees only its seat's view (a private copy) and
answers with an action dict; the lobby decides whether that answer still applies.

- `LocalBrains`: bots live in this process (tests, and a fallback).
- `ProcessBrains`: bots live in a child process at the lowest CPU priority (Linux's
  SCHED_IDLE, else `nice`), so that however many
  bot rooms play at full speed, people's moves and the pushes to their screens come first (and
  never wait for Python's GIL behind a bot).

A bot may keep a plan between moves; `forget` drops it when the table moved on meanwhile.
"""
from __future__ import annotations

import logging
import multiprocessing
import os
import pickle
import threading
import time
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from engine.registry import GAMES

log = logging.getLogger(__name__)
THINK_SECONDS = 60          # a bot that takes longer than this has failed


def _clone(value):
    """A private copy of JSON-ready data (a bot may change what it is given)."""
    if isinstance(value, dict):
        return {k: _clone(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_clone(v) for v in value]
    return value


class LocalBrains:
    @staticmethod
    def private(view: dict):
        """The bot's own copy of its view, taken under the room's lock."""
        return _clone(view)

    def choose(self, room, seat: int, level: str, view: dict):
        key = (seat, level)
        bot = room.bots.get(key)
        if bot is None:
            bot = room.bots[key] = room.game_class.make_bot(level, seat, room.seed)
        return bot.choose(view)

    def forget(self, room, seat: int, level: str) -> None:
        room.bots.pop((seat, level), None)


class ProcessBrains:
    def __init__(self, niceness: int = 10):
        self.niceness = niceness
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self.start()

    def start(self) -> None:
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_worker_start, initargs=(self.niceness,))

    @staticmethod
    def private(view: dict) -> bytes:
        """The view as the child will read it, taken under the room's lock."""
        return pickle.dumps(view, protocol=pickle.HIGHEST_PROTOCOL)

    def choose(self, room, seat: int, level: str, view: bytes):
        key = (room.code, room.seed, seat, level, room.bot_generation.get(seat, 0))
        for attempt in range(2):
            self.start()
            try:
                future = self._pool.submit(_think, room.game_name, level, seat, room.seed, key,
                                           view)
                return future.result(timeout=THINK_SECONDS)
            except BrokenProcessPool:
                log.warning("the bots' process stopped; starting it again")
                with self._lock:
                    self._pool = None
        raise RuntimeError("the bots' process cannot be started")

    def forget(self, room, seat: int, level: str) -> None:
        room.bot_generation[seat] = room.bot_generation.get(seat, 0) + 1


# ----- in the child process ------------------------------------------------------------------

_BOTS: OrderedDict = OrderedDict()
_KEEP = 512


def _worker_start(niceness: int) -> None:
    try:        # think only when the CPU has nothing better to do (Linux), else just be nice
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):
        pass
    try:
        os.nice(niceness)
    except OSError:
        pass
    parent = os.getppid()

    def watch_parent():         # a host killed with -9 leaves no thinking orphan behind
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)
    threading.Thread(target=watch_parent, name="watch-host", daemon=True).start()


def _think(game_name: str, level: str, seat: int, seed: int, key: tuple, view: bytes):
    bot = _BOTS.get(key)
    if bot is None:
        bot = GAMES[game_name].make_bot(level, seat, seed)
        _BOTS[key] = bot
        while len(_BOTS) > _KEEP:
            _BOTS.popitem(last=False)
    _BOTS.move_to_end(key)
    return bot.choose(pickle.loads(view))
