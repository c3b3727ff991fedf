"""Rooms are bounded: a cap on open rooms, old lobbies and finished games leave the live list,
and the phones' list shows only open, recent rooms."""
import sqlite3
import time

from server import rooms
from tests.server.conftest import Harness, ManualScheduler


def make_rooms(h, n):
    clients = []
    for _ in range(n):
        client = h.socketio.test_client(h.app)
        reply = client.emit("create_room", {}, callback=True)
        assert reply["ok"], reply
        clients.append((client, reply["room"]))
    return clients


def test_the_host_refuses_rooms_past_the_cap_when_every_room_is_in_use():
    h = Harness(max_rooms=3)                 # the harness's own TV holds the first room
    make_rooms(h, 2)
    extra = h.socketio.test_client(h.app)
    reply = extra.emit("create_room", {}, callback=True)
    assert reply["ok"] is False and reply["error"]["code"] == "too_many_rooms"
    assert len(h.lobby.rooms) == 3


def test_at_the_cap_the_longest_idle_unwatched_lobby_makes_way():
    h = Harness(max_rooms=3)
    (first, first_code), (second, _) = make_rooms(h, 2)
    first.disconnect()
    h.lobby.rooms[first_code].touched -= 100
    reply = h.socketio.test_client(h.app).emit("create_room", {}, callback=True)
    assert reply["ok"] and first_code not in h.lobby.rooms and len(h.lobby.rooms) == 3


def test_an_unwatched_lobby_expires_and_its_row_is_kept(tmp_path):
    h = Harness(data_dir=tmp_path, scheduler=ManualScheduler())
    [(client, code)] = make_rooms(h, 1)
    client.disconnect()
    now = time.time()
    h.lobby.sweep(now=now + rooms.LOBBY_IDLE - 60)
    assert code in h.lobby.rooms
    h.lobby.sweep(now=now + rooms.LOBBY_IDLE + 60)
    assert code not in h.lobby.rooms
    assert h.code in h.lobby.rooms, "a lobby with its TV connected stays"
    db = sqlite3.connect(tmp_path / "sobremesa.sqlite3")
    assert db.execute("SELECT status FROM rooms WHERE code = ?", (code,)).fetchone() \
        == ("expired",)
    assert code not in Harness(data_dir=tmp_path).lobby.rooms


def test_a_finished_game_stays_a_while_then_expires():
    scheduler = ManualScheduler()
    h = Harness(scheduler=scheduler)
    for level in ("facil", "facil"):
        h.host("add_bot", level=level)
    h.host("start")
    scheduler.run_all(limit=50_000)
    assert h.room.status == "finished"
    code = h.code
    h.tv.disconnect()
    now = time.time()
    h.lobby.sweep(now=now + rooms.LOBBY_IDLE + 60)
    assert code in h.lobby.rooms
    h.lobby.sweep(now=now + rooms.FINISHED_KEEP + 60)
    assert code not in h.lobby.rooms


def test_a_game_in_progress_never_expires():
    h = Harness(scheduler=ManualScheduler())
    h.phone("Abuela"), h.phone("Tío")
    h.host("start")
    for sid, _ in h.lobby.push.of_room(h.code):
        h.lobby.disconnect(sid)
    h.lobby.sweep(now=time.time() + 10 * rooms.FINISHED_KEEP)
    assert h.code in h.lobby.rooms


def test_the_phones_list_shows_only_open_recent_rooms():
    scheduler = ManualScheduler()
    h = Harness(scheduler=scheduler)
    [(_, old_code), (_, new_code)] = make_rooms(h, 2)
    h.lobby.rooms[old_code].touched -= rooms.RECENT + 10
    finished = make_rooms(h, 1)[0][1]
    h.lobby.rooms[finished].status = "finished"
    listed = [r["code"] for r in h.app.test_client().get("/api/rooms").get_json()["rooms"]]
    assert new_code in listed and h.code in listed
    assert old_code not in listed and finished not in listed
