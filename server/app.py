"""The Flask app factory: pages, QR codes and the Socket.IO events. Knows no game rules.

Data flows one way: a phone's `action` → its fields are checked → the seat is checked → the
engine applies it → the log is saved → every client receives its own `state` (a phone its
seat's view, the TV the public one), newest first and never older than one it already has.
"""
from __future__ import annotations

import json
import logging
import re
import time
from functools import wraps
from pathlib import Path
from typing import Any

from flask import Response, abort, render_template, request
from flask_socketio import SocketIO

from engine.registry import GAMES
from server import assets, history, house_key as house_keys, http_errors, inbound, qr, wire
from server.brains import ProcessBrains
from server.catalogue import catalogue
from server.push import Client, Pusher
from server.room import Room, RoomError
from server.rooms import MAX_ROOMS, ROUND_END_SHOWN, Lobby
from server.scheduler import Scheduler, Workers
from server.seating import BOT_NAMES
from server.static_files import StaticFiles, gzip_if_needed
from server.store import FULL, Store, StoreError
from server.version import VERSION

log = logging.getLogger(__name__)
LARGEST_ID = 2 ** 63 - 1      # SQLite's largest INTEGER: a larger id is no game, not an error
MALFORMED = RoomError.malformed().to_dict()


def game_title(name: str) -> dict:
    """A game's name in es/en for lists (the name itself for a game no longer registered)."""
    cls = GAMES.get(name)
    return cls.info["title"] if cls else {"es": name, "en": name}


def create_app(*, data_dir: str | Path | None = None, base_url: str = "http://127.0.0.1:8000",
               bot_delay: float = 1.0, away_timeout: float = 60.0,
               wifi: tuple[str, str | None] | None = None, sweep: bool = True,
               scheduler=None, compute=None, brains=None, synchronous_push: bool = False,
               allow_test_deals: bool = False, max_rooms: int = MAX_ROOMS,
               round_end_shown: float = ROUND_END_SHOWN, instance: str | None = None,
               house_key: str | None = None):
    """`scheduler(fn, delay)` replaces the background timer thread and `compute(fn)` the
    bots' worker pool (tests run tasks by hand); `synchronous_push` sends every state at once
    in the caller's thread (Flask-SocketIO's test client)."""
    app = http_errors.QuietFlask(__name__, template_folder=str(assets.TEMPLATES),
                                 static_folder=None)
    http_errors.install(app)
    static = StaticFiles(assets.STATIC)
    app.add_url_rule("/static/<path:filename>", endpoint="static",
                     view_func=lambda filename: static.serve(filename, request))

    @app.url_defaults
    def versioned_static(endpoint, values):
        """url_for('static', ...) carries the file's hash: cached for good, new when it changes."""
        if endpoint == "static" and "v" not in values:
            version = static.version(values.get("filename", ""))
            if version:
                values["v"] = version

    @app.context_processor
    def version():
        return {"version": VERSION}

    @app.after_request
    def compress_pages(response):
        return gzip_if_needed(response, request)
    app.config["SOBREMESA_BASE_URL"] = base_url.rstrip("/")
    socketio = SocketIO(app, async_mode="threading", **wire.socketio_options())
    wire.cap_websocket_frames(socketio)
    app.wsgi_app = wire.transport_middleware(app.wsgi_app)  # type: ignore[method-assign]

    def links(room: Room) -> dict:
        join = f"{app.config['SOBREMESA_BASE_URL']}/j/{room.code}"
        return {"join_url": join, "qr": f"/qr/{room.code}.svg",
                "wifi_qr": "/wifi.svg" if wifi else None, "wifi_ssid": wifi[0] if wifi else None}

    def payload(room: Room, client: Client) -> dict | None:
        """The state one client may see (called under the room's lock)."""
        data: dict[str, Any] = {"room": room.summary(), "links": links(room), "you": None,
                                "game": None, "host": client.host, "server_time": time.time()}
        if client.kind == "seat":
            index = room.index_of(client.seat_id)
            if index is None or room.seats[index].token is None:
                return None
            seat = room.seats[index]
            data["you"] = {"seat_id": seat.id, "name": seat.name, "color": seat.color,
                           "index": index}
            if room.game is not None:
                data["game"] = room.game.view(index)
            data["history"] = {"version": lobby.history_version,
                               "record": lobby.record_of(room, seat)}
            return data
        if room.game is not None:
            data["game"] = room.game.view(None)
        data["history"] = {"version": lobby.history_version}
        if lobby.store.problem is not None:     # the TV tells the host the moves are waiting
            data["storage"] = lobby.store.problem
        if client.house:
            data["house"] = {"notices": lobby.notices, "damaged": list(lobby.damaged.values())}
        return data

    def build(client: Client) -> dict | None:
        room = lobby.rooms.get(client.room)
        if room is None:
            return None
        with room.lock:
            return payload(room, client)

    def emit(event: str, data: dict, sid: str) -> None:
        socketio.emit(event, data, to=sid)

    def outgoing(sid: str):
        """engineio's socket for `sid` and its queue of packets not yet taken by the writer."""
        server = socketio.server
        try:
            eio_socket = server.eio.sockets.get(server.manager.eio_sid_from_sid(sid, "/"))
        except (AttributeError, KeyError):
            return None, None
        return eio_socket, getattr(eio_socket, "queue", None)

    def backlog(sid: str) -> bool:
        _, queue = outgoing(sid)
        return bool(queue is not None and queue.unfinished_tasks)

    def drained(sid: str) -> None:
        """Wait (a little) until engineio's writer has taken what was queued for `sid`."""
        eio_socket, queue = outgoing(sid)
        if queue is None:
            return
        deadline = time.monotonic() + 10
        with queue.all_tasks_done:
            while queue.unfinished_tasks and not eio_socket.closed \
                    and time.monotonic() < deadline:
                queue.all_tasks_done.wait(0.25)

    push = Pusher(build, emit, drained, backlog, synchronous=synchronous_push)
    store = Store(Path(data_dir) / "sobremesa.sqlite3" if data_dir else ":memory:")
    if scheduler is None:           # the real host: timers, a pool that waits, bots apart
        scheduler, compute = Scheduler(), compute or Workers()
        brains = brains or ProcessBrains()
    lobby = Lobby(store, push, scheduler, compute or (lambda fn: fn()), brains=brains,
                  bot_delay=bot_delay,
                  away_timeout=away_timeout, allow_test_deals=allow_test_deals,
                  max_rooms=max_rooms, round_end_shown=round_end_shown,
                  house_key=house_key or house_keys.load_or_create(
                      Path(data_dir) if data_dir else None))
    lobby.restore()
    app.extensions["sobremesa"] = lobby
    replays = lobby.replays

    if sweep:
        def sweeper():
            while True:
                socketio.sleep(1.0)
                try:
                    lobby.sweep()
                except Exception:
                    log.exception("the once-a-second sweep failed")
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

    @app.get("/solo")
    def solo_page():
        """One device against the computer ("Contra el ordenador"), without the TV. The
        computer players' names come along: the level chooser names each opponent."""
        return render_template("solo.html", games=catalogue(), bot_names=BOT_NAMES)

    @app.get("/replay")
    def replay_page():
        """A finished game's best moments on their own page (the one-device page has no TV)."""
        return render_template("replay.html", games=catalogue())

    @app.get("/api/rooms")
    def open_rooms():
        """Rooms a phone without a room code can pick from (open, recent, newest first)."""
        return {"rooms": [{"code": r.code, "game": r.game_name, "title": game_title(r.game_name),
                           "status": r.status, "seats": len(r.seats)} for r in lobby.open_rooms()]}

    @app.get("/api/history")
    def family_history():
        """The TV's "Últimas partidas" and each game's table of honour."""
        return lobby.history_summary()

    @app.get("/history.json")
    def history_json():
        played = lobby.store.played()
        body = json.dumps({"exported": time.time(), "games": played}, ensure_ascii=False,
                          indent=1)
        return download(body, "application/json", "json")

    @app.get("/history.csv")
    def history_csv():
        return download("\ufeff" + history.to_csv(lobby.store.played()), "text/csv", "csv")

    # ----- replays (server/replays.py): public views only, of finished games only ----------------

    def refused(error: RoomError, status: int) -> Response:
        return Response(json.dumps({"ok": False, "error": error.to_dict()}), status=status,
                        mimetype="application/json")

    REFUSAL_STATUS = {"unknown_played": 404, "unknown_room": 404, "room_damaged": 404,
                      "no_replay": 409,
                      "not_finished": 409, "replay_damaged": 409}

    def query_number(name: str, default: int, digits: int) -> int:
        """A whole number from the query string: ASCII digits only (str.isdigit takes "²",
        which int() refuses), at most `digits` of them, given once."""
        given = request.args.getlist(name)
        if not given:
            return default
        if len(given) > 1 or not re.fullmatch(f"[0-9]{{1,{digits}}}", given[0]):
            raise RoomError.malformed(name)
        return int(given[0])

    def replay_answer(work) -> Response:
        try:
            return work()
        except RoomError as error:
            return refused(error, REFUSAL_STATUS.get(error.code, 400))

    @app.get(f"/api/replays/<int(max={LARGEST_ID}):game_id>")
    def replay_summary(game_id: int):
        """A finished game's players, key moments (the slideshow) and number of steps."""
        return replay_answer(lambda: {"ok": True, **replays.summary(game_id)})

    @app.get(f"/api/replays/<int(max={LARGEST_ID}):game_id>/views")
    def replay_views(game_id: int):
        """The TV's view at steps `from` … (at most 40 of them): 0 is the deal."""
        def work():
            start = query_number("from", 0, digits=6)
            count = query_number("count", 20, digits=3)
            views = replays.views(game_id, start, count)
            body = f'{{"ok":true,"from":{start},"views":[{",".join(views)}]}}'
            return Response(body, mimetype="application/json")
        return replay_answer(work)

    @app.get("/api/replays/room/<code>")
    def room_replay(code: str):
        """The replay of the game a room has just finished (the slideshow before its podium)."""
        def work():
            room = lobby.room(code.upper()[:8])
            game_id = None
            if room.status == "finished":
                game_id = lobby.store.room_game_id(room.code, room.seed)
            if game_id is None:
                raise RoomError.of("not_finished")
            return {"ok": True, **replays.summary(game_id)}
        return replay_answer(work)

    def download(body: str, mimetype: str, suffix: str) -> Response:
        name = time.strftime(f"sobremesa-historial-%Y%m%d.{suffix}")
        return Response(body, mimetype=mimetype + "; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

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
        return {"ok": True, "rooms": len(lobby.rooms), "version": VERSION, "instance": instance}

    # ----- Socket.IO ------------------------------------------------------------------------

    def answer(event: str):
        """Every event answers {"ok": true, ...} or {"ok": false, "error": {...}}; its fields
        are checked first, and nothing a client sends can crash the server."""
        def decorator(handler):
            @socketio.on(event)
            @wraps(handler)
            def wrapper(data=None, *extra):
                try:
                    fields = inbound.check(event, data)
                    with lobby.people_first.person():
                        return {"ok": True, **(handler(**fields) or {})}
                except RoomError as error:
                    return {"ok": False, "error": error.to_dict()}
                except StoreError as error:     # a write the file refused: nothing was kept
                    code = "not_saved_full" if error.kind == FULL else "not_saved"
                    return {"ok": False, "error": RoomError.of(code).to_dict()}
                except Exception:
                    log.exception("event %s failed", event)
                    return {"ok": False, "error": RoomError.of("server_error").to_dict()}
            return wrapper
        return decorator

    def seated(room: Room, seat) -> dict:
        return {"room": room.code, "token": seat.token, "seat_id": seat.id}

    @answer("create_room")
    def create_room(game, house_key):
        house = lobby.is_house(house_key)
        room = lobby.create_room(wire.current_sid(), game, house=house)
        return {"room": room.code, "host_token": room.host_token, "games": catalogue(),
                "house": house}

    @answer("create_solo")
    def create_solo(game, name, options, bots, fast):
        room, seat = lobby.create_solo(wire.current_sid(), game, name, options, bots, fast)
        return {**seated(room, seat), "host_token": room.host_token, "games": catalogue()}

    @answer("create_lesson")
    def create_lesson(lesson, name):
        room, seat = lobby.create_lesson(wire.current_sid(), lesson, name)
        return {**seated(room, seat), "host_token": room.host_token, "games": catalogue()}

    @answer("solo_games")
    def solo_games(games):
        found = lobby.solo_games(games)
        return {"games": [{**g, "title": game_title(g["game"])} for g in found]}

    @answer("watch")
    def watch(room, host_token, house_key, name, token):
        if name is not None:                 # a phone «Solo mirar»
            watched, watcher = lobby.watch_named(wire.current_sid(), room, name, token)
            return {"room": watched.code, "host": False, "games": catalogue(), "house": False,
                    "watcher_token": watcher.token, "watcher_id": watcher.id}
        house = lobby.is_house(house_key)
        watched = lobby.watch(wire.current_sid(), room, host_token, house=house)
        return {"room": watched.code, "host": watched.is_host(host_token), "games": catalogue(),
                "house": house}

    @answer("join")
    def join(room, name, token):
        return seated(*lobby.join(wire.current_sid(), room, name, token))

    @answer("take_seat")
    def take_seat(room, seat, name, token, claim):
        return lobby.take_seat(wire.current_sid(), room, seat, name, claim)

    @answer("reclaim")
    def reclaim(room, token):
        lobby.reclaim(room, token)
        return {}

    @answer("action")
    def action(room, token, action):
        return {"version": lobby.act(room, token, action).version}

    @answer("react")
    def react(room, token, reaction):
        lobby.react(room, token, reaction)
        return {}

    @answer("host")
    def host(room, host_token, command, args):
        lobby.host(room, host_token, command, args or {})
        return {}

    @answer("house")
    def house(key, command, args):
        return lobby.house_command(key, command, args or {})

    @answer("pair")
    def pair(code):
        return {"key": lobby.pair(wire.current_sid(), code)}

    @socketio.on(wire.REJECTED)
    def rejected(reason=None, *_):
        log.info("rejected a frame from %s: %s", wire.current_sid(), reason)
        return {"ok": False, "error": MALFORMED}

    @socketio.on("disconnect")
    def disconnect(*_):
        lobby.disconnect(wire.current_sid())

    @socketio.on("*")
    def unknown(event, *args):
        return {"ok": False, "error": RoomError.of("unknown_event").to_dict()}

    return app, socketio
