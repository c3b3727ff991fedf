"""Hosts for the tests, forked from one process that has imported the host already.

A host started as `python -m server` spends most of its start-up importing (Flask, Socket.IO,
the engine: about a second of CPU on a slow laptop), and the browser and live tests start a few
hundred hosts. This process imports all that once, then forks a host for each request: the
child runs `python -m <module> <args>` as the command would (`runpy`), with its output in the
request's log file. It starts itself again with the host's allocator tuning first
(server/native_memory.py), so its children run as a real host does.

Requests come one JSON line at a time on stdin, `{"module", "argv", "log"}`; the answer is the
child's pid on a line of stdout. Children are reaped by the system (SIGCHLD ignored), so a
killed host's pid is gone once it is dead. The process ends when stdin closes.
"""
from __future__ import annotations

import json
import os
import runpy
import signal
import sys

from server import native_memory


def _run_host(module: str, argv: list[str], log: str) -> None:
    """In the forked child: become `python -m module argv`, never return."""
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    code = 1
    try:
        out = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        nothing = os.open(os.devnull, os.O_RDONLY)
        os.dup2(nothing, 0)
        os.dup2(out, 1)
        os.dup2(out, 2)
        os.close(out)
        os.close(nothing)
        # the restart has been made (by this process, before it forked): not once more
        os.environ[native_memory.RESTARTED] = os.environ.get(native_memory.TUNABLES, "")
        sys.argv = [module, *argv]
        runpy.run_module(module, run_name="__main__", alter_sys=True)
        code = 0
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    except BaseException:
        import traceback
        traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:
                pass
        os._exit(code)


def main() -> None:
    native_memory.restart_without_thread_caches()
    import engine.registry  # noqa: F401  (the imports every host makes, made once here)
    import server.command  # noqa: F401
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    for line in sys.stdin:
        request = json.loads(line)
        sys.stdout.flush()
        pid = os.fork()
        if pid == 0:
            _run_host(request["module"], request["argv"], request["log"])
        print(pid, flush=True)


if __name__ == "__main__":
    main()
