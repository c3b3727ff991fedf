"""Free C memory goes back to the system now and then: the bots' process (HiGHS's models) trims
glibc's heap at most every so often; elsewhere nothing happens and nothing fails. The memory
figures themselves are the soak's (scripts/bench server), never asserted here."""
import platform
import sys

import pytest

from server import brains, native_memory
from server.native_memory import Trimmer


@pytest.mark.skipif(not sys.platform.startswith("linux") or platform.libc_ver()[0] != "glibc",
                    reason="malloc_trim is glibc's")
def test_glibc_gives_free_pages_back():
    assert native_memory.release_free_memory() is True


def test_without_malloc_trim_nothing_is_done(monkeypatch):
    monkeypatch.setattr(native_memory, "_TRIM", None)
    assert native_memory.release_free_memory() is False


def test_a_trimmer_trims_at_most_once_per_interval():
    now = [100.0]
    calls = []
    trimmer = Trimmer(every=30.0, clock=lambda: now[0],
                      release=lambda: calls.append(now[0]) or True)
    for step in range(100):                   # 100 answers, one a second
        now[0] = 100.0 + step
        trimmer.maybe()
    assert calls == [130.0, 160.0, 190.0]


class Pipe:
    """The bots' process's end of the pipe: `requests` answers, then the host goes."""

    def __init__(self, requests):
        self.requests, self.sent = list(requests), []

    def recv(self):
        if not self.requests:
            raise EOFError
        return self.requests.pop(0)

    def send(self, answer):
        self.sent.append(answer)


def test_the_bots_process_trims_between_answers(monkeypatch):
    made = []

    class Counting(Trimmer):
        def __init__(self):
            super().__init__(every=0.0, release=lambda: self.calls.append(1) or True)
            self.calls: list = []
            made.append(self)

    monkeypatch.setattr(brains, "Trimmer", Counting)
    monkeypatch.setattr(brains, "lower_priority", lambda niceness: None)
    monkeypatch.setattr(brains, "_think", lambda *request: {"type": "pass"})
    pipe = Pipe([(n, "ferrocarril", "facil", 0, 1, ("k", "p"), b"") for n in range(3)])
    brains._serve(pipe, 10)
    assert [n for n, _, _ in pipe.sent] == [0, 1, 2]
    assert len(made[0].calls) == 3
