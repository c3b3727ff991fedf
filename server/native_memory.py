"""Handing the C heap's free pages back to the system, now and then (glibc only).

Memory that C code frees (HiGHS's models in the bots' process) stays with glibc's malloc for
later. Free pages at the top of a heap go back on their own, those in the middle never do:
under load the resident size creeps up in steps to the worst fragmentation seen so far
(measured: the solver alone, 46 MB with a trim after each batch of solves, 55 MB without).
malloc_trim(0) hands back every whole free page, in well under a millisecond on these heaps.
Elsewhere (Windows, macOS, musl) nothing is done.

The host itself does not trim: its free heap is in pieces smaller than a page, and a trim every
30 s changed nothing in the 20-minute soak (0.3 ms each; slope +0.09 MB a minute either way).
Its slow creep was glibc's per-thread caches of freed chunks (tcache: a few of each small size
in each of the hundred threads that answer phones), counted as in use and filled over tens of
minutes. So on glibc the host starts itself again, once, with those caches off
(`restart_without_thread_caches`): the soak's slope went from +0.098 to +0.008 MB a minute
(bench/server.py, `--host-env`). The bots' process, started from the host, gets the caches back:
its thinking allocates much more and keeps one thread.
"""
from __future__ import annotations

import ctypes
import os
import sys
import time
from typing import Callable, Mapping

TUNABLES = "GLIBC_TUNABLES"
NO_THREAD_CACHES = "glibc.malloc.tcache_count=0"
RESTARTED = "SOBREMESA_TUNABLES_BEFORE"     # set across the restart: the tunables it found


def _malloc_trim() -> Callable[[int], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):       # not glibc
        return None
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    return trim


_TRIM = _malloc_trim()


def release_free_memory() -> bool:
    """Give malloc's free pages back to the system; whether this C library can."""
    if _TRIM is None:
        return False
    _TRIM(0)
    return True


class Trimmer:
    """`maybe()` releases free memory at most once every `every` seconds."""

    def __init__(self, every: float = 30.0, clock: Callable[[], float] = time.monotonic,
                 release: Callable[[], bool] = release_free_memory):
        self.every, self.clock, self.release = every, clock, release
        self.last = clock()

    def maybe(self) -> bool:
        now = self.clock()
        if now - self.last < self.every:
            return False
        self.last = now
        return self.release()


def _is_glibc() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        return ctypes.CDLL(None).gnu_get_libc_version is not None
    except (OSError, AttributeError):
        return False


def restart_environment(environ: Mapping[str, str], glibc: bool) -> dict[str, str] | None:
    """The environment to start the host again with, per-thread caches off; None to go on as it
    is (not glibc, restarted already, or whoever started it chose the caches' size)."""
    chosen = "glibc.malloc.tcache_count" in environ.get(TUNABLES, "")
    if not glibc or RESTARTED in environ or chosen:
        return None
    before = environ.get(TUNABLES, "")
    return {**environ, TUNABLES: ":".join(filter(None, [before, NO_THREAD_CACHES])),
            RESTARTED: before}


def restart_without_thread_caches() -> None:
    """On glibc, start this same command again with the host's allocator tuned (the tunables
    are read only when a program starts), in the same process; back in it, its children get
    the environment as it was. Not in the bundle (a one-file bundle would unpack itself
    again); nothing happens if the restart cannot be made."""
    if RESTARTED in os.environ:
        before = os.environ.pop(RESTARTED)
        if before:
            os.environ[TUNABLES] = before
        else:
            os.environ.pop(TUNABLES, None)
        return
    if getattr(sys, "frozen", False) or not sys.orig_argv:
        return
    environ = restart_environment(os.environ, _is_glibc())
    if environ is None:
        return
    try:
        os.execve(sys.executable, sys.orig_argv, environ)
    except OSError:
        pass
