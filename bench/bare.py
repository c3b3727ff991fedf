"""A bare Flask-SocketIO server in the host's mode (threading, simple-websocket), for
`scripts/bench server` to compare against: it speaks just enough of the host's protocol for the
bench's clients, keeps no rules and no files, and sends the same number and size of messages.

    python -m bench.bare --port P --state-bytes B --load-rate R --load-bytes L

- a phone's `action` bumps the room's version and pushes a `state` of B bytes to each of the
  room's clients;
- the watchers of other rooms (the bench's load process) receive R states a second in all,
  L bytes each, as the host's bot rooms would send them.
"""
from __future__ import annotations

import argparse
import itertools
import logging
import socket
import sys
import threading
import time

from flask import Flask
from flask_socketio import SocketIO

from server.wire import current_sid


def no_nagle(wsgi_app):
    def middleware(environ, start_response):
        sock = environ.get("werkzeug.socket")
        if sock is not None:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return wsgi_app(environ, start_response)
    return middleware


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bare")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--state-bytes", type=int, default=3000)
    parser.add_argument("--load-rate", type=float, default=0.0)
    parser.add_argument("--load-bytes", type=int, default=3000)
    args = parser.parse_args(argv)
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    sys.setswitchinterval(0.0005)            # as the host does

    app = Flask(__name__)
    socketio = SocketIO(app, async_mode="threading")
    # as the host does: small frames leave at once
    app.wsgi_app = no_nagle(app.wsgi_app)  # type: ignore[method-assign]
    lock = threading.Lock()
    rooms: dict[str, dict] = {}               # code -> {"version", "sids", "load"}
    codes = (f"R{n:03d}" for n in itertools.count())

    def state(room: dict, size: int) -> dict:
        return {"room": {"code": room["code"], "version": room["version"], "status": "playing",
                         "seats": [], "timers": []},
                "game": {"phase": "play", "allowed": ["draw"], "hand": ["7o"]},
                "pad": "x" * max(0, size - 160)}

    def push(room: dict, size: int) -> None:
        data = state(room, size)
        for sid in list(room["sids"]):
            socketio.emit("state", data, to=sid)

    @socketio.on("create_room")
    def create_room(data=None):
        with lock:
            code = next(codes)
            rooms[code] = {"code": code, "version": 1, "sids": [current_sid()], "load": False}
        return {"ok": True, "room": code, "host_token": "t"}

    @socketio.on("join")
    def join(data):
        room = rooms[data["room"]]
        with lock:
            room["sids"].append(current_sid())
            room["version"] += 1
        push(room, args.state_bytes)
        return {"ok": True, "room": room["code"], "token": current_sid(), "seat_id": current_sid()}

    @socketio.on("host")
    def host(data):
        room = rooms[data["room"]]
        with lock:
            if data.get("command") == "add_bot":
                room["load"] = True
            room["version"] += 1
        push(room, args.state_bytes)
        return {"ok": True}

    @socketio.on("action")
    def action(data):
        room = rooms[data["room"]]
        with lock:
            room["version"] += 1
            version = room["version"]
        push(room, args.state_bytes)
        return {"ok": True, "version": version}

    def load():
        """The bot rooms' traffic: R states a second, spread over the load rooms."""
        sent = 0
        started = time.perf_counter()
        while True:
            time.sleep(0.005)
            targets = [r for r in list(rooms.values()) if r["load"]]
            if not targets or args.load_rate <= 0:
                started, sent = time.perf_counter(), 0
                continue
            due = int((time.perf_counter() - started) * args.load_rate) - sent
            for _ in range(max(0, due)):
                room = targets[sent % len(targets)]
                with lock:
                    room["version"] += 1
                push(room, args.load_bytes)
                sent += 1

    threading.Thread(target=load, daemon=True).start()

    @app.get("/health")
    def health():
        return {"ok": True}

    socketio.run(app, host="127.0.0.1", port=args.port, allow_unsafe_werkzeug=True,
                 log_output=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
