"""Free C memory goes back to the system now and then: the bots' process (HiGHS's models) trims
glibc's heap at most every so often; elsewhere nothing happens and nothing fails. The memory
figures themselves are the soak's (scripts/bench server), never asserted here."""
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

import pytest

from server import brains, native_memory
from server.native_memory import Trimmer
from tests.live import ROOT, Host, children_of, room_with


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
    pipe = Pipe([(n, "ferrocarril", "facil", 0, 1, ("k", "p"), b"", None) for n in range(3)])
    brains._serve(pipe, 10)
    assert [n for n, _, _ in pipe.sent] == [0, 1, 2]
    assert len(made[0].calls) == 3


GLIBC = sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc"


def test_the_host_starts_again_with_the_thread_caches_off_keeping_other_tunables():
    env = native_memory.restart_environment(
        {"HOME": "/h", "GLIBC_TUNABLES": "glibc.malloc.mxfast=0"}, glibc=True)
    assert env["GLIBC_TUNABLES"] == "glibc.malloc.mxfast=0:glibc.malloc.tcache_count=0"
    assert env["HOME"] == "/h" and env[native_memory.RESTARTED] == "glibc.malloc.mxfast=0"
    assert native_memory.restart_environment({}, glibc=True)["GLIBC_TUNABLES"] == \
        "glibc.malloc.tcache_count=0"


@pytest.mark.parametrize("environ, glibc", [
    ({}, False),                                                # macOS, Windows, musl
    ({native_memory.RESTARTED: ""}, True),                      # restarted already
    ({"GLIBC_TUNABLES": "glibc.malloc.tcache_count=7"}, True),  # chosen by whoever ran it
])
def test_no_restart_where_it_cannot_help_or_was_made(environ, glibc):
    assert native_memory.restart_environment(environ, glibc) is None


def test_back_in_the_host_the_environment_is_as_it_was(monkeypatch):
    monkeypatch.setenv("GLIBC_TUNABLES", "a=1:glibc.malloc.tcache_count=0")
    monkeypatch.setenv(native_memory.RESTARTED, "a=1")
    native_memory.restart_without_thread_caches()
    assert os.environ["GLIBC_TUNABLES"] == "a=1" and native_memory.RESTARTED not in os.environ
    monkeypatch.setenv("GLIBC_TUNABLES", "glibc.malloc.tcache_count=0")
    monkeypatch.setenv(native_memory.RESTARTED, "")
    native_memory.restart_without_thread_caches()
    assert "GLIBC_TUNABLES" not in os.environ


def environ_of(pid: int) -> dict[str, str]:
    pairs = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(p.decode(errors="replace").split("=", 1) for p in pairs if b"=" in p)


@pytest.mark.skipif(not GLIBC, reason="glibc's tunables")
def test_a_real_host_runs_without_thread_caches_and_its_bots_with_them(tmp_path):
    host = Host(tmp_path, "--bot-delay", "0.05", own_process=True)
    try:
        tunables = environ_of(host.process.pid).get("GLIBC_TUNABLES", "")
        assert "glibc.malloc.tcache_count=0" in tunables
        tv, code, token, phones = room_with(host, "ferrocarril", ["Abuela"], bots=["normal"])
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not children_of(host.process.pid):
            time.sleep(0.2)
        bots = children_of(host.process.pid)
        assert bots, "the bots' process started"
        assert all("tcache_count" not in environ_of(pid).get("GLIBC_TUNABLES", "") for pid in bots)
        tv.close()
    finally:
        host.kill()
    assert "Traceback" not in host.log()


def test_the_command_restarts_before_it_imports_the_host():
    """The restart comes before the host's modules (half a second of imports): importing the
    command's own module loads neither the app nor a game, so they are imported once, after it."""
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, server.__main__; "
         "print(sorted(m for m in sys.modules if m.startswith(('server.', 'engine', 'flask'))))"],
        capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert loaded.strip() == "['server.__main__', 'server.native_memory']"
