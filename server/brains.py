"""Where the computer players think. A bot sees only its seat's view (a private copy) and
answers with an action dict; the lobby decides whether that answer still applies.

- `LocalBrains`: bots live in this process (tests, and a fallback).
- `ProcessBrains`: bots live in a child process at the lowest CPU priority (Linux's
  SCHED_IDLE, else `nice`, Windows' below-normal class), so that however many
  bot rooms play at full speed, people's moves and the pushes to their screens come first (and
  never wait for Python's GIL behind a bot).

A bot may keep a plan between moves; `forget` drops it when the table moved on meanwhile.
"""
from __future__ import annotations

import atexit
import ctypes
import itertools
import logging
import multiprocessing
import os
import pickle
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

from engine.registry import GAMES
from engine.search import SearchBot
from server.native_memory import Trimmer

log = logging.getLogger(__name__)
THINK_SECONDS = 60          # a bot that takes longer than this has failed
# How long after the host asks a difícil player its search may go on (engine/search.py,
# `SearchBot.choose`'s deadline): on a laptop too slow or too busy for its budget, a decision is
# cut short so that it still comes within a second, even behind other bots' in the queue (the
# budget alone takes about 0.6 s at p95 on a quick 2-core laptop). The deadline is an instant of
# `time.monotonic()`, a clock the whole system shares on Linux, macOS and Windows.
SEARCH_SECONDS = 0.9
BELOW_NORMAL_PRIORITY_CLASS = 0x4000        # Windows' SetPriorityClass


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


@dataclass
class _Waiter:
    """A request on its way to the child: set `done` once `action` or `error` is known."""
    done: threading.Event = field(default_factory=threading.Event)
    action: dict | None = None
    error: str | None = None


class ProcessBrains:
    """One child process that thinks for every bot, spoken to over a pipe: a request is the
    bot's key and its pickled view, the answer its action. (concurrent.futures' process pool
    measured about 1 ms of the host's own CPU per move in bookkeeping; a pipe costs a tenth.)"""

    def __init__(self, niceness: int = 10, search_seconds: float | None = SEARCH_SECONDS):
        self.niceness = niceness
        self.search_seconds = search_seconds
        self._lock = threading.Lock()
        self._send_lock = threading.Lock()
        self._ids = itertools.count()
        self._pending: dict[int, _Waiter] = {}
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None
        self._closing = False
        atexit.register(self.close)     # before multiprocessing ends the child at exit
        self.start()

    def close(self) -> None:
        """The host is stopping: the child's end is expected, not a failure to report."""
        self._closing = True

    def start(self) -> None:
        with self._lock:
            if self._process is not None and self._process.is_alive():
                return
            context = multiprocessing.get_context("spawn")
            ours, theirs = context.Pipe()
            self._process = context.Process(target=_serve,
                                            args=(theirs, self.niceness),
                                            name="sobremesa-bots", daemon=True)
            self._process.start()
            theirs.close()
            self._conn = ours
            threading.Thread(target=self._read, args=(ours,), name="sobremesa-bots-answers",
                             daemon=True).start()

    def _deadline(self) -> float | None:
        return None if self.search_seconds is None else time.monotonic() + self.search_seconds

    @staticmethod
    def private(view: dict) -> bytes:
        """The view as the child will read it, taken under the room's lock."""
        return pickle.dumps(view, protocol=pickle.HIGHEST_PROTOCOL)

    def choose(self, room, seat: int, level: str, view: bytes):
        key = plan_key(room, seat, level)
        self.start()
        waiter = _Waiter()
        with self._lock:
            n = next(self._ids)
            self._pending[n] = waiter
            conn = self._conn
        try:
            if conn is None:
                raise OSError("no pipe")
            with self._send_lock:
                conn.send((n, room.game_name, level, seat, room.seed, key, view,
                           self._deadline()))
        except (OSError, ValueError) as error:
            with self._lock:
                self._pending.pop(n, None)
            raise RuntimeError(f"the bots' process is gone ({error})") from None
        if not waiter.done.wait(THINK_SECONDS):
            with self._lock:
                self._pending.pop(n, None)
            raise TimeoutError("a bot took too long to think")
        if waiter.error is not None:
            raise RuntimeError(waiter.error)
        return waiter.action

    def forget(self, room, seat: int, level: str) -> None:
        room.bot_generation[seat] = room.bot_generation.get(seat, 0) + 1

    def _read(self, conn) -> None:
        while True:
            try:
                n, action, error = conn.recv()
            except (EOFError, OSError):
                break
            with self._lock:
                waiter = self._pending.pop(n, None)
            if waiter is not None:
                waiter.action, waiter.error = action, error
                waiter.done.set()
        if not self._closing:
            log.warning("the bots' process stopped; it starts again at the next move")
        with self._lock:
            pending, self._pending = self._pending, {}
        for waiter in pending.values():
            waiter.error = "the bots' process stopped"
            waiter.done.set()


def plan_key(room, seat: int, level: str) -> tuple:
    """Which bot thinks for `seat`: its place, and what makes its plan stale when it changes."""
    return (room.code, seat), (room.game_name, room.seed, level, room.bot_generation.get(seat, 0))


# ----- in the child process ------------------------------------------------------------------

# (room, seat) -> (the plan's key, its bot): a seat's bot is replaced, not kept beside the old
# one, when a new game, another level or a dropped plan makes it stale (those never come back).
_BOTS: OrderedDict = OrderedDict()
_KEEP = 512                 # seats; the longest unused go (rooms that are gone)


def lower_priority(niceness: int) -> None:
    """Think only when the CPU has nothing better to do (Linux), else just be nice; Windows has
    no `nice`, but a priority class below normal."""
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):
        pass
    try:
        os.nice(niceness)
    except AttributeError:
        try:
            kernel = ctypes.windll.kernel32      # type: ignore[attr-defined]
            kernel.SetPriorityClass(kernel.GetCurrentProcess(), BELOW_NORMAL_PRIORITY_CLASS)
        except (AttributeError, OSError):
            pass
    except OSError:
        pass


def _serve(conn, niceness: int) -> None:
    """The child's loop: one request at a time, until the host goes (the pipe closes)."""
    lower_priority(niceness)
    trimmer = Trimmer()
    while True:
        try:
            n, game_name, level, seat, seed, key, view, deadline = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        answer: tuple[int, dict | None, str | None]
        try:
            answer = (n, _think(game_name, level, seat, seed, key, view, deadline), None)
        except Exception as error:      # noqa: BLE001 - reported to the host, which logs it
            answer = (n, None, f"{type(error).__name__}: {error}")
        try:
            conn.send(answer)
        except (OSError, ValueError):
            return
        trimmer.maybe()


def _think(game_name: str, level: str, seat: int, seed: int, key: tuple, view: bytes,
           deadline: float | None = None):
    place, plan = key
    kept = _BOTS.get(place)
    if kept is None or kept[0] != plan:
        kept = _BOTS[place] = (plan, GAMES[game_name].make_bot(level, seat, seed))
    _BOTS.move_to_end(place)
    while len(_BOTS) > _KEEP:
        _BOTS.popitem(last=False)
    bot = kept[1]
    if isinstance(bot, SearchBot):
        return bot.choose(pickle.loads(view), deadline)
    return bot.choose(pickle.loads(view))
