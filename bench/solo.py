"""How long a computer player's turn takes on the one-device page ("Contra el ordenador"), at
the default pace and at "más rápido".

    python -m bench.solo [--turns 12] [--bot-delay 1.0]

A host in a subprocess (the given computer pace); one client plays a solo Ferrocarril game
against two computer players: it passes every ¡Compro! window at once and, in its own turn,
draws and discards at once. A computer turn is timed from the state in which the turn reaches
that computer player to the state in which it has passed on (its draw, its discard, and any
buy window it waits for).
"""
from __future__ import annotations

import argparse
import statistics
import threading
import time

import socketio

from bench.server import Server

GAME = "ferrocarril"


class SoloPlayer:
    def __init__(self, url: str, fast: bool):
        self.room = self.token = None
        self.client = socketio.Client(reconnection=False)
        self.lock = threading.Lock()
        self.turns: list[float] = []
        self.turn_of: int | None = None
        self.since = 0.0
        self.client.on("state", self.on_state)
        self.client.connect(url, transports=["websocket"])
        reply = self.client.call("create_solo", {"game": GAME, "name": "Bench",
                                                 "bots": ["normal", "normal"], "fast": fast})
        assert reply["ok"], reply
        self.room, self.token = reply["room"], reply["token"]
        self.client.call("join", {"room": self.room, "token": self.token})   # a state to answer

    def send(self, action: dict) -> None:
        self.client.emit("action", {"room": self.room, "token": self.token, "action": action})

    def on_state(self, data: dict) -> None:
        if self.room is None:
            return
        view = data.get("game") or {}
        now = time.perf_counter()
        with self.lock:
            turn = view.get("turn")
            if turn != self.turn_of:
                if self.turn_of not in (None, 0):
                    self.turns.append(now - self.since)
                self.turn_of, self.since = turn, now
        allowed = set(view.get("allowed") or [])
        if "pass" in allowed:
            self.send({"type": "pass"})
        elif "draw" in allowed:
            self.send({"type": "draw"})
        elif "discard" in allowed and view.get("hand"):
            self.send({"type": "discard", "card": view["hand"][0]})
        elif "next_round" in allowed:
            self.send({"type": "next_round"})

    def close(self) -> None:
        self.client.disconnect()


def measure(delay: float, fast: bool, turns: int) -> list[float]:
    server = Server(extra=["--bot-delay", str(delay)])
    try:
        player = SoloPlayer(server.url, fast)
        deadline = time.time() + 30 + turns * 10
        while len(player.turns) < turns and time.time() < deadline:
            time.sleep(0.1)
        player.close()
        return player.turns[:turns]
    finally:
        server.stop()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.solo")
    parser.add_argument("--turns", type=int, default=12)
    parser.add_argument("--bot-delay", type=float, default=1.0)
    args = parser.parse_args(argv)
    for label, fast in (("default pace", False), ("más rápido", True)):
        times = measure(args.bot_delay, fast, args.turns)
        if not times:
            print(f"{label}: no computer turn measured")
            continue
        print(f"{label} (--bot-delay {args.bot_delay}): computer turn median "
              f"{statistics.median(times):.2f} s, min {min(times):.2f} s, max {max(times):.2f} s "
              f"over {len(times)} turns")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
