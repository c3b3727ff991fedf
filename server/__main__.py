"""The `sobremesa` command (and `scripts/play`, `python -m server`, `python -m sobremesa`, the
bundle): start the host, print its address and QR code, open the table in the laptop's browser
(server/command.py).

Only what must come first is imported here: on glibc the command starts itself again, once,
with the allocator tuned (server/native_memory.py), and the host's own modules, half a second
of imports, are then imported once, after that restart, not twice."""
import multiprocessing
import sys

from server import native_memory


def main(argv=None) -> int:
    multiprocessing.freeze_support()      # the bundle: a bots' process starts this program again
    if argv is None:                      # the command itself, not a call from Python
        native_memory.restart_without_thread_caches()
    from server.command import run
    return run(argv)


if __name__ == "__main__":
    sys.exit(main())
