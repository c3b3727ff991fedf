"""How fast does a move reach every screen?

    python -m server.bench [--actions 300] [--bot-rooms 20]

Starts a real host in a subprocess on loopback, seats 5 phones and a TV in one room (6 clients),
and times each phone action from the moment it is sent until all 6 clients hold the new view.
Then it runs the same measurement while 20 other rooms of bots play at full speed.
"""
from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

import socketio

PHONES = 5


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_host(port: int, data_dir: str, bot_delay: float) -> subprocess.Popen:
    process = subprocess.Popen(
        [sys.executable, "-m", "server", "--port", str(port), "--host", "127.0.0.1",
         "--address", "127.0.0.1", "--no-browser", "--no-discovery", "--data-dir", data_dir,
         "--bot-delay", str(bot_delay)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1)
            return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the host did not start")


class Watcher:
    """A Socket.IO client that remembers the newest room version it holds, and when."""

    def __init__(self, url: str):
        self.client = socketio.Client(reconnection=False)
        self.version = 0
        self.state = None
        self.states = 0
        self.arrived = threading.Condition()
        self.client.on("state", self._on_state)
        self.client.connect(url, transports=["websocket"])

    def _on_state(self, data):
        with self.arrived:
            self.states += 1
            self.state = data
            self.version = max(self.version, data["room"]["version"])
            self.arrived.notify_all()

    def wait_for(self, version: int, timeout: float = 5.0) -> float | None:
        """The time the client first held `version` (None on time-out)."""
        with self.arrived:
            if not self.arrived.wait_for(lambda: self.version >= version, timeout):
                return None
        return time.perf_counter()


def simple_move(view: dict) -> dict | None:
    """Enough play to keep a game moving: pass on buys, draw, discard or close."""
    allowed = view.get("allowed") or []
    if "pass" in allowed:
        return {"type": "pass"}
    if "draw" in allowed:
        return {"type": "draw"}
    if "close" in allowed:
        return {"type": "close"}
    if "discard" in allowed:
        return {"type": "discard", "card": view["hand"][-1]}
    if "next_round" in allowed:
        return {"type": "next_round"}
    return None


def measured_room(url: str, actions: int) -> tuple[list[float], int]:
    tv = Watcher(url)
    created = tv.client.call("create_room", {"game": "ferrocarril"})
    room = created["room"]
    phones = []
    for i in range(PHONES):
        phone = Watcher(url)
        reply = phone.client.call("join", {"room": room, "name": f"P{i}"})
        phone.token = reply["token"]
        phones.append(phone)
    tv.client.call("host", {"room": room, "host_token": created["host_token"],
                            "command": "start", "args": {}})
    time.sleep(0.3)
    latencies, errors = [], 0
    clients = [tv, *phones]
    while len(latencies) < actions:
        mover = next(((p, m) for p in phones if p.state and p.state["game"]
                      for m in [simple_move(p.state["game"])] if m), None)
        if mover is None:
            time.sleep(0.01)
            continue
        phone, move = mover
        sent = time.perf_counter()
        reply = phone.client.call("action", {"room": room, "token": phone.token, "action": move})
        if not reply.get("ok"):
            errors += 1
            time.sleep(0.01)
            continue
        arrivals = [c.wait_for(reply["version"]) for c in clients]
        if None in arrivals:
            errors += 1
            continue
        latencies.append((max(arrivals) - sent) * 1000)
        if phone.state["game"]["phase"] == "game_over":
            break
    for c in clients:
        c.client.disconnect()
    return latencies, errors


def bot_rooms(url: str, count: int, stop: threading.Event, counters: dict) -> list[Watcher]:
    watchers = []
    for _ in range(count):
        tv = Watcher(url)
        created = tv.client.call("create_room", {"game": "ferrocarril"})
        host = {"room": created["room"], "host_token": created["host_token"]}
        for level in ("normal", "facil", "normal", "facil"):
            tv.client.call("host", {**host, "command": "add_bot", "args": {"level": level}})
        tv.host = host
        watchers.append(tv)
    for tv in watchers:
        reply = tv.client.call("host", {**tv.host, "command": "start", "args": {}})
        counters["errors"] += 0 if reply.get("ok") else 1

    def restart_finished():
        while not stop.is_set():
            for tv in watchers:
                if tv.state and tv.state["room"]["status"] == "finished":
                    counters["games"] += 1
                    for command in ("new_game", "start"):
                        reply = tv.client.call("host", {**tv.host, "command": command, "args": {}})
                        counters["errors"] += 0 if reply.get("ok") else 1
            stop.wait(0.2)
    threading.Thread(target=restart_finished, daemon=True).start()
    return watchers


def run_load(url: str, rooms: int) -> int:
    """Child process: keep `rooms` bot rooms playing until told to stop on stdin."""
    stop = threading.Event()
    counters = {"errors": 0, "games": 0}
    watchers = bot_rooms(url, rooms, stop, counters)
    before = sum(w.states for w in watchers)
    started = time.perf_counter()
    print("ready", flush=True)
    sys.stdin.readline()
    elapsed = time.perf_counter() - started
    moves = sum(w.states for w in watchers) - before
    stop.set()
    print(f"bot rooms: tv_views_per_s={moves / elapsed:.0f} games_finished={counters['games']} "
          f"room_errors={counters['errors']}", flush=True)
    os._exit(0)   # no polite disconnects: the host is torn down next anyway


def report(label: str, latencies: list[float], errors: int) -> None:
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] if ordered else float("nan")
    median = statistics.median(ordered) if ordered else float("nan")
    print(f"{label}: actions={len(ordered)} median_ms={median:.1f} p99_ms={p99:.1f} "
          f"max_ms={max(ordered, default=float('nan')):.1f} errors={errors}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/bench server")
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--bot-rooms", type=int, default=20)
    parser.add_argument("--warmup", type=float, default=3.0,
                        help="seconds the bot rooms play before measuring")
    parser.add_argument("--load-only", metavar="URL", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.load_only:
        return run_load(args.load_only, args.bot_rooms)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as data_dir:
        host = start_host(port, data_dir, bot_delay=0)
        try:
            latencies, errors = measured_room(url, args.actions)
            report("6 clients, 1 room", latencies, errors)
            # The bot rooms' TVs live in another process, so their traffic does not slow
            # the measuring clients down on this side.
            load = subprocess.Popen([sys.executable, "-m", "server.bench", "--load-only", url,
                                     "--bot-rooms", str(args.bot_rooms)],
                                    stdout=subprocess.PIPE, stdin=subprocess.PIPE, text=True)
            load.stdout.readline()                     # "ready"
            time.sleep(args.warmup)
            latencies, errors = measured_room(url, args.actions)
            load.stdin.write("stop\n")
            load.stdin.flush()
            summary = load.stdout.readline().strip()
            try:
                load.wait(timeout=10)
            except subprocess.TimeoutExpired:
                load.kill()
            room_errors = int(summary.rsplit("room_errors=", 1)[1])
            report(f"6 clients + {args.bot_rooms} bot rooms", latencies, errors + room_errors)
            print(summary)
        finally:
            host.terminate()
            try:
                _, stderr = host.communicate(timeout=5)
            except subprocess.TimeoutExpired:
                host.kill()
                _, stderr = host.communicate()
            crashes = stderr.decode(errors="replace").count("Traceback")
            print(f"host tracebacks={crashes}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
