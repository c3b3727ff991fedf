"""How long difícil keeps the table waiting in the real host: each of its decisions timed where
the host asks its computer players (the bots' child process, at the lowest CPU priority),
while the host serves a game to a phone.

    scripts/bench thinking [GAME ...] [--seats 4] [--decisions 200] [--budget-alone]

The host runs in this process (its app, its Socket.IO server on a free port, its bots' child
process); a Socket.IO client plays seat 0 of a /solo game by normal's rules against difícil in
every other seat, at the fastest pace (`--bot-delay 0`, «más rápido»: no pause between moves,
so the host pushes the table as fast as the bots play, more than a family's game asks of it).
Each request to the bots' child is timed from the host's side, from the view sent to the move
received: what the room waits for a move. Games follow one another until a game has
`--decisions` of difícil's. Prints, per game, p50/p95/max and how many took over 1 s and 2 s.
The bots' process cuts each search at the host's limit (server/brains.SEARCH_SECONDS);
`--budget-alone` leaves it out, to compare (the search's budget of moves alone, as on a laptop
quick enough for it).

Run it on an otherwise idle machine: it measures the host's machine, wall clock (the bots'
process thinks only when the CPU has nothing else to do: beside other busy processes, such as
`scripts/bench strength`'s, it waits for them, by design). The CPU a
decision takes on its own, and the strength, are `scripts/bench strength`'s.
"""
from __future__ import annotations

import argparse
import logging
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import flask.cli
import socketio

from bench.server import free_port, percentile
from engine.registry import GAMES
from engine.search import SearchBot
from server import wire
from server.app import create_app
from server.brains import SEARCH_SECONDS, ProcessBrains

HARD = SearchBot.level
DEFAULT_GAMES = ("ferrocarril", "manipulacion", "tren", "canasta")


class TimedBrains(ProcessBrains):
    """The host's own bots' process, each difícil answer timed."""

    def __init__(self, search_seconds: float | None):
        super().__init__(search_seconds=search_seconds)
        self.times: list[float] = []

    def choose(self, room, seat: int, level: str, view: bytes):
        start = time.perf_counter()
        try:
            return super().choose(room, seat, level, view)
        finally:
            if level == HARD:
                self.times.append(time.perf_counter() - start)


class Host:
    """The host, in a thread of this process."""

    def __init__(self, data_dir: Path, search_seconds: float | None = SEARCH_SECONDS):
        flask.cli.show_server_banner = lambda *args, **kwargs: None
        logging.getLogger("werkzeug").setLevel(logging.ERROR)
        sys.setswitchinterval(0.0005)       # as the host sets it (server/__main__.py)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.brains = TimedBrains(search_seconds)
        app, sio = create_app(data_dir=data_dir, base_url=self.url, brains=self.brains,
                              bot_delay=0.0)
        threading.Thread(target=sio.run, args=(app,), daemon=True, kwargs={
            "host": "127.0.0.1", "port": self.port, "allow_unsafe_werkzeug": True,
            "log_output": False, "request_handler": wire.OneRequestPerWebSocket}).start()


class Player:
    """Seat 0 of a /solo game, played by normal's rules from the view the host sends."""

    def __init__(self, url: str, game: str, seats: int):
        self.game, self.finished = game, threading.Event()
        self.room = self.token = None           # states may come before create_solo answers
        self.bot = GAMES[game].make_bot("normal", 0, 0)
        self.client = socketio.Client(reconnection=False)
        self.client.on("state", self.on_state)
        self.client.connect(url, transports=["websocket"])
        reply = self.client.call("create_solo", {"game": game, "name": "Banco",
                                                 "bots": [HARD] * (seats - 1), "fast": True})
        if not reply.get("ok"):
            raise RuntimeError(f"create_solo: {reply}")
        self.room, self.token = reply["room"], reply["token"]
        self.client.call("join", {"room": self.room, "token": self.token})

    def on_state(self, data: dict) -> None:
        if (data.get("room") or {}).get("status") == "finished":
            self.finished.set()
            return
        view = data.get("game")
        if self.room is None or not view or not view.get("allowed"):
            return
        action = self.bot.choose(view)
        if action is not None:      # a stale view's move is refused, and the next state comes
            self.client.emit("action", {"room": self.room, "token": self.token,
                                        "action": action})

    def close(self) -> None:
        self.client.disconnect()


def measure(host: Host, game: str, seats: int, decisions: int, limit: float) -> list[float]:
    start, deadline = len(host.brains.times), time.monotonic() + limit
    while len(host.brains.times) - start < decisions and time.monotonic() < deadline:
        player = Player(host.url, game, seats)
        while not player.finished.is_set() and time.monotonic() < deadline \
                and len(host.brains.times) - start < decisions:
            time.sleep(0.2)
        player.close()
    return host.brains.times[start:]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/bench thinking")
    parser.add_argument("games", nargs="*", default=list(DEFAULT_GAMES))
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--minutes", type=float, default=10.0, help="at most, per game")
    parser.add_argument("--budget-alone", action="store_true",
                        help=f"no limit of {SEARCH_SECONDS:g} s on a search: its budget alone")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as data_dir:
        host = Host(Path(data_dir), None if args.budget_alone else SEARCH_SECONDS)
        time.sleep(0.5)
        print(f"{'game':<14}{'seats':>6}{'decisions':>11}{'p50 ms':>8}{'p95 ms':>8}"
              f"{'max ms':>8}{'> 1 s':>7}{'> 2 s':>7}", flush=True)
        for game in args.games:
            seats = min(args.seats, GAMES[game].max_players)
            times = [t * 1000 for t in measure(host, game, seats, args.decisions,
                                               args.minutes * 60)]
            if not times:
                print(f"{game:<14}{seats:>6}  no decision measured", flush=True)
                continue
            print(f"{game:<14}{seats:>6}{len(times):>11}{statistics.median(times):>8.0f}"
                  f"{percentile(times, 0.95):>8.0f}{max(times):>8.0f}"
                  f"{sum(t > 1000 for t in times):>7}{sum(t > 2000 for t in times):>7}",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
