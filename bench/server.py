"""How fast does a move reach every screen, under load, and how does that compare with a bare
Flask-SocketIO server sending the same traffic?

    python -m bench.server [--actions 500] [--bot-rooms 20] [--rounds 3]
                           [--sweep 5,10,20,30,40,60,80] [--soak 300] [--soak-settle 120]
                           [--skip-bare] [--host-env NAME=VALUE ...]

Each figure comes from a fresh host in a subprocess on loopback (bots at full speed, no delay):
1. a measured room of 5 phones and a TV (6 clients): each phone action is timed from the moment
   it is sent until all 6 clients hold the new version;
2. the same while `--bot-rooms` rooms of computer players (Ferrocarril and Manipulación, four
   bots each) play at full speed, their TVs in another process; disconnects and errors counted;
3. a bare Flask-SocketIO server (`bench.bare`, same mode) sending the same number and
   size of messages, measured the same way; 2 and 3 alternate `--rounds` times, and the ratio
   is of the median p99s;
4. the sweep: p99 with 5, 10, … bot rooms, and the first count at which it passes 100 ms;
5. the soak: while the bot rooms play for `--soak` seconds, the resident memory of the host, of
   its bots' process and, beside them with the same traffic, of the bare server, sampled every
   5 s; the slope in MB a minute is fitted after the first `--soak-settle` seconds (imports,
   caches and connections settle), and again over the last third of the soak alone: memory that
   fills up to a bound (a cache, the allocator's free lists) has a slope after settling but none
   at the end, a leak has both. On glibc the host runs without the per-thread caches of freed
   chunks (up to 7 of each small size per thread, counted as in use), which a hundred threads
   fill over tens of minutes (server/native_memory.py); `--host-env
   GLIBC_TUNABLES=glibc.malloc.tcache_count=7` runs it with glibc's default, for comparison.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

import socketio

PHONES = 5
GLIBC_DEFAULT_TCACHE = "GLIBC_TUNABLES=glibc.malloc.tcache_count=7"
GAMES = ("ferrocarril", "manipulacion")


def free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_up(port: int, process: subprocess.Popen) -> None:
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1)
            return
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


class Server:
    """The host (or the bare server) in a subprocess, with its stderr kept for the count of
    tracebacks."""

    def __init__(self, bare: dict | None = None, extra: list[str] | tuple[str, ...] = (),
                 env: dict[str, str] | None = None):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.dir = tempfile.TemporaryDirectory()
        self.log = open(os.path.join(self.dir.name, "stderr.log"), "w+b")
        if bare is None:
            command = [sys.executable, "-m", "server", "--port", str(self.port),
                       "--host", "127.0.0.1", "--address", "127.0.0.1", "--no-browser",
                       "--no-discovery", "--data-dir", self.dir.name, "--bot-delay", "0",
                       "--max-rooms", "1000", *extra]
        else:
            command = [sys.executable, "-m", "bench.bare", "--port", str(self.port),
                       *(f"--{k.replace('_', '-')}={v}" for k, v in bare.items())]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=self.log,
                                        env={**os.environ, **(env or {})})
        wait_up(self.port, self.process)

    def rss_mb(self) -> float:
        return rss_mb(self.process.pid)

    def bots_rss_mb(self) -> float:
        """The bots' process (multiprocessing's spawned child; not its resource tracker)."""
        try:
            with open(f"/proc/{self.process.pid}/task/{self.process.pid}/children") as f:
                children = [int(pid) for pid in f.read().split()]
        except OSError:
            return float("nan")
        for pid in children:
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    if b"spawn_main" in f.read():
                        return rss_mb(pid)
            except OSError:
                continue
        return float("nan")

    def stop(self) -> int:
        """Stop it; the number of tracebacks it logged."""
        self.process.terminate()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.seek(0)
        tracebacks = self.log.read().decode(errors="replace").count("Traceback")
        self.log.close()
        self.dir.cleanup()
        return tracebacks


def rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def slope_per_minute(samples: list[tuple[float, float]]) -> float:
    """Least-squares slope of (seconds, MB) samples, in MB a minute."""
    points = [(t / 60, mb) for t, mb in samples if mb == mb]      # NaN: a process gone
    if len(points) < 2:
        return float("nan")
    mean_t = statistics.fmean(t for t, _ in points)
    mean_mb = statistics.fmean(mb for _, mb in points)
    spread = sum((t - mean_t) ** 2 for t, _ in points)
    return sum((t - mean_t) * (mb - mean_mb) for t, mb in points) / spread if spread else 0.0


class Watcher:
    """A Socket.IO client that remembers the newest room version it holds, and when."""

    def __init__(self, url: str, measure_bytes: bool = False):
        self.client = socketio.Client(reconnection=False)
        self.version = 0
        self.state: dict | None = None
        self.token: str | None = None           # a phone's seat
        self.host: dict = {}                    # a TV's room and host token
        self.states = 0
        self.bytes = 0
        self.measure_bytes = measure_bytes
        self.disconnects = 0
        self.arrived = threading.Condition()
        self.client.on("state", self._on_state)
        self.client.on("disconnect", self._on_disconnect)
        self.client.connect(url, transports=["websocket"])

    def _on_state(self, data):
        with self.arrived:
            self.states += 1
            if self.measure_bytes or self.states % 10 == 1:
                self.bytes += len(json.dumps(data, separators=(",", ":"))) * (
                    1 if self.measure_bytes else 10)
            self.state = data
            self.version = max(self.version, data["room"]["version"])
            self.arrived.notify_all()

    def _on_disconnect(self, *_):
        self.disconnects += 1

    def wait_for(self, version: int, timeout: float = 5.0) -> float | None:
        """The time the client first held `version` (None on time-out)."""
        with self.arrived:
            if not self.arrived.wait_for(lambda: self.version >= version, timeout):
                return None
        return time.perf_counter()


def simple_move(view: dict) -> dict | None:
    """Enough play to keep a Ferrocarril game moving: pass on buys, draw, discard or close."""
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


def measured_room(url: str, actions: int) -> dict:
    tv = Watcher(url, measure_bytes=True)
    created = tv.client.call("create_room", {"game": "ferrocarril"})
    room = created["room"]
    phones = []
    for i in range(PHONES):
        phone = Watcher(url, measure_bytes=True)
        reply = phone.client.call("join", {"room": room, "name": f"P{i}"})
        phone.token = reply["token"]
        phones.append(phone)
    tv.client.call("host", {"room": room, "host_token": created["host_token"],
                            "command": "start", "args": {}})
    time.sleep(0.3)
    latencies: list[float] = []
    errors = 0
    clients = [tv, *phones]
    started = time.perf_counter()
    while len(latencies) < actions and time.perf_counter() - started < 120:
        mover = next(((p, m) for p in phones if p.state and p.state["game"]
                      for m in [simple_move(p.state["game"])] if m), None)
        if mover is None:
            time.sleep(0.01)
            continue
        phone, move = mover
        sent = time.perf_counter()
        try:
            reply = phone.client.call("action", {"room": room, "token": phone.token,
                                                 "action": move}, timeout=10)
        except socketio.exceptions.TimeoutError:
            errors += 1
            continue
        if not reply.get("ok"):
            errors += 1
            time.sleep(0.01)
            continue
        arrivals = [c.wait_for(reply["version"]) for c in clients]
        landed = [t for t in arrivals if t is not None]
        if len(landed) < len(arrivals):
            errors += 1
            continue
        latencies.append((max(landed) - sent) * 1000)
        if ((phone.state or {}).get("game") or {}).get("phase") == "game_over":
            break
    states = sum(c.states for c in clients)
    result = {"latencies": latencies, "errors": errors,
              "disconnects": sum(c.disconnects for c in clients),
              "state_bytes": sum(c.bytes for c in clients) / max(1, states)}
    for c in clients:
        c.client.disconnect()
    return result


def run_load(url: str, rooms: int) -> int:
    """Child process: keep `rooms` bot rooms playing until told to stop on stdin; then print
    one JSON line of what their TVs received."""
    stop = threading.Event()
    counters = {"errors": 0, "games": 0}
    watchers = []
    for n in range(rooms):
        tv = Watcher(url)
        created = tv.client.call("create_room", {"game": GAMES[n % len(GAMES)]})
        tv.host = {"room": created["room"], "host_token": created["host_token"]}
        for level in ("normal", "facil", "normal", "facil"):
            tv.client.call("host", {**tv.host, "command": "add_bot", "args": {"level": level}})
        watchers.append(tv)
    for tv in watchers:
        reply = tv.client.call("host", {**tv.host, "command": "start", "args": {}})
        counters["errors"] += 0 if reply.get("ok") else 1

    def restart_finished():
        while not stop.is_set():
            for tv in watchers:
                if tv.state and tv.state["room"]["status"] == "finished":
                    counters["games"] += 1
                    tv.state = None
                    for command in ("new_game", "start"):
                        reply = tv.client.call("host", {**tv.host, "command": command,
                                                        "args": {}})
                        counters["errors"] += 0 if reply.get("ok") else 1
            stop.wait(0.2)
    threading.Thread(target=restart_finished, daemon=True).start()
    before = sum(w.states for w in watchers)
    bytes_before = sum(w.bytes for w in watchers)
    started = time.perf_counter()
    print("ready", flush=True)
    sys.stdin.readline()
    elapsed = time.perf_counter() - started
    states = sum(w.states for w in watchers) - before
    stop.set()
    print(json.dumps({"states_per_s": states / elapsed,
                      "state_bytes": (sum(w.bytes for w in watchers) - bytes_before)
                      / max(1, states),
                      "games": counters["games"], "errors": counters["errors"],
                      "disconnects": sum(w.disconnects for w in watchers)}), flush=True)
    os._exit(0)   # no polite disconnects: the server is torn down next anyway


class Load:
    """`rooms` bot rooms in another process, so their TVs' traffic does not slow the measuring
    clients down on this side."""

    def __init__(self, url: str, rooms: int):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bench.server", "--load-only", url, "--bot-rooms", str(rooms)],
            stdout=subprocess.PIPE, stdin=subprocess.PIPE, text=True)
        assert self.process.stdin is not None and self.process.stdout is not None   # pipes
        self._to, self._from = self.process.stdin, self.process.stdout
        if self._from.readline().strip() != "ready":
            raise SystemExit("the load process did not start")

    def stop(self) -> dict:
        self._to.write("stop\n")
        self._to.flush()
        summary = json.loads(self._from.readline())
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        return summary


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else float("nan")


def report(label: str, run: dict) -> None:
    lat = run["latencies"]
    median = statistics.median(lat) if lat else float("nan")
    print(f"{label}: actions={len(lat)} median_ms={median:.1f} "
          f"p99_ms={percentile(lat, 0.99):.1f} max_ms={max(lat, default=float('nan')):.1f} "
          f"errors={run['errors']} disconnects={run['disconnects']}", flush=True)


def loaded_run(server_url: str, rooms: int, actions: int, warmup: float) -> tuple[dict, dict]:
    load = Load(server_url, rooms) if rooms else None
    time.sleep(warmup if rooms else 0)
    run = measured_room(server_url, actions)
    summary = load.stop() if load else {"states_per_s": 0, "state_bytes": 0, "games": 0,
                                        "errors": 0, "disconnects": 0}
    run["errors"] += summary["errors"]
    run["disconnects"] += summary["disconnects"]
    return run, summary


def soak(args, traffic: dict | None) -> int:
    """The memory soak: the host and, beside it, the bare server with the same traffic."""
    host = Server(env=args.host_env)
    bare = None if args.skip_bare else Server(bare={
        "state_bytes": 3400, "load_rate": round((traffic or {}).get("states_per_s", 300), 1),
        "load_bytes": int((traffic or {}).get("state_bytes", 2600))})
    loads = []
    try:
        loads = [Load(server.url, args.bot_rooms) for server in (host, bare) if server]
        series: dict[str, list[tuple[float, float]]] = {"host": [], "bots": [], "bare": []}
        started = time.perf_counter()
        while time.perf_counter() - started < args.soak:
            now = time.perf_counter() - started
            series["host"].append((now, host.rss_mb()))
            series["bots"].append((now, host.bots_rss_mb()))
            if bare:
                series["bare"].append((now, bare.rss_mb()))
            time.sleep(5)
        summaries = [load.stop() for load in loads]
    finally:
        tracebacks = host.stop()
        if bare:
            bare.stop()
    print(f"soak {args.soak:.0f} s, {args.bot_rooms} bot rooms; rss_mb, the mean of each minute:")
    for name, samples in series.items():
        if not samples:
            continue
        minutes: dict[int, list[float]] = {}
        for t, mb in samples:
            minutes.setdefault(int(t // 60), []).append(mb)
        trend = " ".join(f"{statistics.fmean(v):.1f}" for _, v in sorted(minutes.items()))
        settled = [(t, mb) for t, mb in samples if t >= args.soak_settle] or samples
        last_third = [(t, mb) for t, mb in samples if t >= args.soak * 2 / 3] or samples
        print(f"  {name:5} {trend}")
        print(f"  {name:5} first={samples[0][1]:.1f} after_settle={settled[0][1]:.1f} "
              f"last={samples[-1][1]:.1f} max={max(mb for _, mb in samples):.1f} "
              f"slope_after_{args.soak_settle:.0f}s={slope_per_minute(settled):+.3f} "
              f"slope_last_third={slope_per_minute(last_third):+.3f} MB/min")
    ours = summaries[0]
    print(f"  host: games_finished={ours['games']} states_per_s={ours['states_per_s']:.0f} "
          f"disconnects={ours['disconnects']} errors={ours['errors']}")
    return tracebacks


def environment_variable(text: str) -> tuple[str, str]:
    name, equals, value = text.partition("=")
    if not equals or not name:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    return name, value


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/bench server")
    parser.add_argument("--actions", type=int, default=500)
    parser.add_argument("--bot-rooms", type=int, default=20)
    parser.add_argument("--warmup", type=float, default=5.0,
                        help="seconds the bot rooms play before measuring")
    parser.add_argument("--sweep", default="5,10,20,30,40,60,80",
                        help="bot-room counts for the 100 ms search ('' to skip)")
    parser.add_argument("--soak", type=float, default=300.0,
                        help="seconds of the memory soak (0 to skip)")
    parser.add_argument("--soak-settle", type=float, default=120.0,
                        help="seconds of the soak before the slope is fitted")
    parser.add_argument("--skip-bare", action="store_true")
    parser.add_argument("--rounds", type=int, default=3,
                        help="host and bare runs, alternating (default 3 each)")
    parser.add_argument("--host-env", metavar="NAME=VALUE", action="append", default=[],
                        type=environment_variable,
                        help="set for every host and its bots' process (repeatable), e.g. "
                             f"{GLIBC_DEFAULT_TCACHE}")
    parser.add_argument("--load-only", metavar="URL", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    args.host_env = dict(args.host_env)
    if args.load_only:
        return run_load(args.load_only, args.bot_rooms)

    host = Server(env=args.host_env)
    tracebacks = 0
    try:
        quiet, _ = loaded_run(host.url, 0, args.actions, 0)
        report("host, 6 clients, 1 room", quiet)
    finally:
        tracebacks += host.stop()

    # Host and bare server alternate, each from a fresh process, so that the machine's own
    # drift falls on both alike; the ratio is of the median p99s.
    host_p99s, bare_p99s = [], []
    traffic: dict | None = None
    for round_no in range(1, args.rounds + 1):
        host = Server(env=args.host_env)
        try:
            run, traffic = loaded_run(host.url, args.bot_rooms, args.actions, args.warmup)
        finally:
            tracebacks += host.stop()
        report(f"[{round_no}] host, 6 clients + {args.bot_rooms} bot rooms", run)
        print(f"    bot rooms' TVs: states_per_s={traffic['states_per_s']:.0f} "
              f"bytes_per_state={traffic['state_bytes']:.0f}; measured room "
              f"bytes_per_state={run['state_bytes']:.0f}", flush=True)
        host_p99s.append(percentile(run["latencies"], 0.99))
        if args.skip_bare:
            continue
        bare = Server(bare={"state_bytes": int(run["state_bytes"]),
                            "load_rate": round(traffic["states_per_s"], 1),
                            "load_bytes": int(traffic["state_bytes"])})
        try:
            bare_run, bare_traffic = loaded_run(bare.url, args.bot_rooms, args.actions,
                                                args.warmup)
        finally:
            bare.stop()
        report(f"[{round_no}] bare Flask-SocketIO, same traffic "
               f"({bare_traffic['states_per_s']:.0f} states/s to the load TVs)", bare_run)
        bare_p99s.append(percentile(bare_run["latencies"], 0.99))
    print(f"  host p99 median of {args.rounds} rounds={statistics.median(host_p99s):.1f} ms",
          flush=True)
    if bare_p99s:
        ratio = statistics.median(host_p99s) / statistics.median(bare_p99s)
        print(f"  bare p99 median={statistics.median(bare_p99s):.1f} ms; "
              f"ratio host_p99/bare_p99={ratio:.2f}", flush=True)

    counts = [int(n) for n in args.sweep.split(",") if n.strip()]
    passed = None
    for rooms in counts:
        host = Server(env=args.host_env)
        try:
            point, _ = loaded_run(host.url, rooms, max(100, args.actions // 2), args.warmup)
        finally:
            tracebacks += host.stop()
        p99 = percentile(point["latencies"], 0.99)
        print(f"sweep: bot_rooms={rooms} p99_ms={p99:.1f} errors={point['errors']} "
              f"disconnects={point['disconnects']}", flush=True)
        if p99 > 100 and passed is None:
            passed = rooms
            break
    if counts:
        print(f"  p99 passes 100 ms at bot_rooms={passed if passed else f'> {counts[-1]}'}")

    if args.soak > 0:
        tracebacks += soak(args, traffic)
    print(f"host tracebacks={tracebacks}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
