"""One background thread that runs delayed tasks (engine timers, bot moves) in due order.

A thread per task would pile up under load; one queue keeps bot rooms from crowding out the
threads that answer people's phones."""
from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from contextlib import contextmanager
from typing import Callable

log = logging.getLogger(__name__)


class Scheduler:
    def __init__(self):
        self._queue: list[tuple[float, int, Callable[[], None]]] = []
        self._order = itertools.count()
        self._wake = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="sobremesa-scheduler",
                                        daemon=True)
        self._thread.start()

    def __call__(self, fn: Callable[[], None], delay: float) -> None:
        with self._wake:
            heapq.heappush(self._queue, (time.monotonic() + max(0.0, delay),
                                         next(self._order), fn))
            self._wake.notify()

    def _next_task(self) -> Callable[[], None]:
        with self._wake:
            while True:
                if self._queue:
                    due = self._queue[0][0] - time.monotonic()
                    if due <= 0:
                        return heapq.heappop(self._queue)[2]
                    self._wake.wait(due)
                else:
                    self._wake.wait()

    def _run(self) -> None:
        while True:
            task = self._next_task()
            try:
                task()
            except Exception:
                log.exception("scheduled task failed")


class Workers:
    """A small pool for the bots' thinking, so that a slow solve never holds up the
    scheduler's timers (HiGHS releases the GIL while it searches)."""

    def __init__(self, threads: int = 2):
        from concurrent.futures import ThreadPoolExecutor
        self._pool = ThreadPoolExecutor(threads, thread_name_prefix="sobremesa-bot")

    def __call__(self, fn: Callable[[], None]) -> None:
        try:
            self._pool.submit(self._run, fn)
        except RuntimeError:        # the interpreter is shutting down: no more bot moves
            pass

    @staticmethod
    def _run(fn: Callable[[], None]) -> None:
        try:
            fn()
        except Exception:
            log.exception("a bot's move failed")


class PeopleFirst:
    """A person's request goes before the bots: from its arrival until its states have had a
    moment (`linger`) to leave, a bot about to apply a move waits, at most `longest_wait`.
    Threads share one GIL: without this, a person's move queues behind the bot rooms' work."""

    def __init__(self, linger: float = 0.015, longest_wait: float = 0.05):
        self.linger = linger
        self.longest_wait = longest_wait
        self._people = 0
        self._until = 0.0
        self._quiet = threading.Condition()

    @contextmanager
    def person(self):
        with self._quiet:
            self._people += 1
        try:
            yield
        finally:
            with self._quiet:
                self._people -= 1
                self._until = max(self._until, time.monotonic() + self.linger)

    def let_people_go_first(self) -> None:
        deadline = time.monotonic() + self.longest_wait
        with self._quiet:
            while True:
                now = time.monotonic()
                busy_until = deadline if self._people else min(self._until, deadline)
                if now >= busy_until:
                    return
                self._quiet.wait(busy_until - now)
