"""The Flask app factory: pages, QR codes and the Socket.IO events. Knows no game rules.

Data flows one way: a phone's `action` → the seat is checked → the engine applies it → the log
is saved → every client receives its own `state` (a phone its seat's view, the TV the public one).
"""
from __future__ import annotations

import logging
import socket
import time
from dataclasses import dataclass
from functools import wraps
from pathlib import Path

from flask import Flask, Response, abort, render_template, request
from flask_socketio import SocketIO, join_room

from engine.registry import GAMES
from server import qr
from server.rooms import Lobby, Room, RoomError
from server.scheduler import Scheduler
from server.store import Store

log = logging.getLogger(__name__)
ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Client:
    room: str
    kind: str                 # "tv" or "seat"
    seat_id: str | None = None
    host: bool = False


def without_nagle(wsgi_app):
    """Send small WebSocket frames at once: with Nagle's algorithm and delayed ACKs each view
    would wait ~40 ms on the wire."""
    def middleware(environ, start_response):
        sock = environ.get("werkzeug.socket")
        if sock is not None:
            try:
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            except OSError:
                pass
        return wsgi_app(environ, start_response)
    return middleware


def catalogue() -> list[dict]:
    return [cls.catalogue() for cls in GAMES.values()]


def create_app(*, data_dir: str | Path | None = None, base_url: str = "http://127.0.0.1:8000",
               bot_delay: float = 1.0, away_timeout: float = 60.0,
               wifi: tuple[str, str | None] | None = None, sweep: bool = True,
               scheduler=None, allow_test_deals: bool = False):
    """`scheduler(fn, delay)` replaces the background threads (tests run tasks by hand)."""
    app = Flask(__name__, template_folder=str(ROOT / "templates"),
                static_folder=str(ROOT / "static"))
    app.config["SOBREMESA_BASE_URL"] = base_url.rstrip("/")
    socketio = SocketIO(app, async_mode="threading", json=None)
    app.wsgi_app = without_nagle(app.wsgi_app)
    clients: dict[str, Client] = {}

    def links(room: Room) -> dict:
        join = f"{app.config['SOBREMESA_BASE_URL']}/j/{room.code}"
        return {"join_url": join, "qr": f"/qr/{room.code}.svg",
                "wifi_qr": "/wifi.svg" if wifi else None, "wifi_ssid": wifi[0] if wifi else None}

    def payload(room: Room, client: Client) -> dict | None:
        data = {"room": room.summary(), "links": links(room), "you": None, "game": None,
                "host": client.host, "server_time": time.time()}
        if client.kind == "seat":
            for index, seat in enumerate(room.seats):
                if seat.id == client.seat_id:
                    data["you"] = {"seat_id": seat.id, "name": seat.name, "color": seat.color,
                                   "index": index}
                    if room.game is not None:
                        data["game"] = room.game.view(index)
                    return data
            return None
        if room.game is not None:
            data["game"] = room.game.view(None)
        return data

    def notify(room: Room) -> None:
        for sid, client in list(clients.items()):
            if client.room != room.code:
                continue
            data = payload(room, client)
            if data is None:
                clients.pop(sid, None)
                socketio.emit("kicked", {"room": room.code}, to=sid)
            else:
                socketio.emit("state", data, to=sid)

    store = Store(Path(data_dir) / "sobremesa.sqlite3" if data_dir else ":memory:")
    lobby = Lobby(store, notify, scheduler or Scheduler(), bot_delay=bot_delay,
                  away_timeout=away_timeout,
                  allow_test_deals=allow_test_deals)
    lobby.restore()
    app.extensions["sobremesa"] = lobby

    if sweep:
        def sweeper():
            while True:
                socketio.sleep(1.0)
                try:
                    lobby.sweep_away()
                except Exception:
                    log.exception("away sweep failed")
        socketio.start_background_task(sweeper)

    # ----- pages ----------------------------------------------------------------------------

    @app.get("/")
    def tv_page():
        return render_template("tv.html", games=catalogue())

    @app.get("/j")
    @app.get("/j/")
    @app.get("/j/<code>")
    def phone_page(code: str = ""):
        return render_template("phone.html", code=code.upper()[:8])

    @app.get("/api/rooms")
    def open_rooms():
        """Rooms a phone without a room code can pick from (newest first)."""
        rooms = sorted(lobby.rooms.values(), key=lambda r: -r.created)
        return {"rooms": [{"code": r.code, "game": r.game_name, "status": r.status,
                           "seats": len(r.seats)} for r in rooms if r.status != "finished"]}

    @app.get("/qr/<code>.svg")
    def room_qr(code: str):
        try:
            room = lobby.room(code)
        except RoomError:
            abort(404)
        return Response(qr.svg(links(room)["join_url"]), mimetype="image/svg+xml")

    @app.get("/wifi.svg")
    def wifi_qr():
        if not wifi:
            abort(404)
        return Response(qr.svg(qr.wifi_payload(*wifi)), mimetype="image/svg+xml")

    @app.get("/health")
    def health():
        return {"ok": True, "rooms": len(lobby.rooms)}

    # ----- Socket.IO ------------------------------------------------------------------------

    def guarded(handler):
        """Every event answers {"ok": true, ...} or {"ok": false, "error": {...}}; nothing
        a client sends can crash the server."""
        @wraps(handler)
        def wrapper(data=None, *extra):
            if not isinstance(data, dict):
                return {"ok": False, "error": {"code": "malformed",
                                               "es": "Mensaje no válido.",
                                               "en": "Malformed message."}}
            try:
                return {"ok": True, **(handler(data) or {})}
            except RoomError as error:
                return {"ok": False, "error": error.to_dict()}
            except Exception:
                log.exception("event %s failed", handler.__name__)
                return {"ok": False, "error": {"code": "server_error",
                                               "es": "Algo ha fallado en el servidor.",
                                               "en": "Something failed on the server."}}
        return wrapper

    def bind(room: Room, client: Client) -> None:
        old = clients.get(request.sid)
        if old and old.kind == "seat" and old.room in lobby.rooms:
            old_room = lobby.rooms[old.room]
            for seat in old_room.seats:
                if seat.id == old.seat_id:
                    lobby.connected(old_room, seat, -1)
        clients[request.sid] = client
        join_room(room.code)

    @socketio.on("create_room")
    @guarded
    def create_room(data):
        room = lobby.create_room(data.get("game") or "ferrocarril")
        bind(room, Client(room.code, "tv", host=True))
        lobby.notify(room)
        return {"room": room.code, "host_token": room.host_token, "games": catalogue()}

    @socketio.on("watch")
    @guarded
    def watch(data):
        room = lobby.room(data.get("room"))
        is_host = room.is_host(data.get("host_token"))
        bind(room, Client(room.code, "tv", host=is_host))
        lobby.notify(room)
        return {"room": room.code, "host": is_host, "games": catalogue()}

    def sit(room: Room, seat) -> dict:
        bind(room, Client(room.code, "seat", seat.id))
        lobby.connected(room, seat, +1)
        return {"room": room.code, "token": seat.token, "seat_id": seat.id}

    @socketio.on("join")
    @guarded
    def join(data):
        return sit(*lobby.join(data.get("room"), data.get("name"), data.get("token")))

    @socketio.on("take_seat")
    @guarded
    def take_seat(data):
        return sit(*lobby.take_over(data.get("room"), data.get("seat"), data.get("name"),
                                    data.get("token")))

    @socketio.on("action")
    @guarded
    def action(data):
        room = lobby.act(data.get("room"), data.get("token"), data.get("action"))
        return {"version": room.version}

    @socketio.on("host")
    @guarded
    def host(data):
        args = data.get("args")
        lobby.host(data.get("room"), data.get("host_token"), data.get("command"),
                   args if isinstance(args, dict) else {})
        return {}

    @socketio.on("disconnect")
    def disconnect(*_):
        client = clients.pop(request.sid, None)
        if client and client.kind == "seat" and client.room in lobby.rooms:
            room = lobby.rooms[client.room]
            for seat in room.seats:
                if seat.id == client.seat_id:
                    lobby.connected(room, seat, -1)

    @socketio.on("*")
    def unknown(event, *args):
        return {"ok": False, "error": {"code": "unknown_event",
                                       "es": "Mensaje desconocido.", "en": "Unknown message."}}

    return app, socketio
