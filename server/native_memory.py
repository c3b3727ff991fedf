"""Handing the C heap's free pages back to the system, now and then (glibc only).

Memory that C code frees (HiGHS's models in the bots' process) stays with glibc's malloc for
later. Free pages at the top of a heap go back on their own, those in the middle never do:
under load the resident size creeps up in steps to the worst fragmentation seen so far
(measured: the solver alone, 46 MB with a trim after each batch of solves, 55 MB without).
malloc_trim(0) hands back every whole free page, in well under a millisecond on these heaps.
Elsewhere (Windows, macOS, musl) nothing is done.

The host itself does not trim: its free heap is in pieces smaller than a page, and a trim every
30 s changed nothing in the 20-minute soak (0.3 ms each; slope +0.09 MB a minute either way).
Its slow creep is glibc's per-thread caches of freed chunks filling up (bench/server.py).
"""
from __future__ import annotations

import ctypes
import sys
import time
from typing import Callable


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
