"""How many rooms are live: one device cannot use up the host's rooms, a game against the
computer that nobody looks at goes to sleep and comes back as it was, the laptop's TV can always
open a room, and a solo game is nobody else's to watch."""
import pytest

from server import capacity
from server.room import RoomError
from server.store import ASLEEP
from tests.server.conftest import Harness, ManualScheduler, states


def solo(h, client, game="tren", name="Nieta"):
    reply = client.emit("create_solo", {"game": game, "name": name, "bots": ["facil"]},
                        callback=True)
    assert reply["ok"], reply
    return reply


def status_in_file(h, code):
    row = h.lobby.store._db.execute("SELECT status FROM rooms WHERE code = ?", (code,)).fetchone()
    return row[0] if row else None


def test_one_device_opening_thirty_games_keeps_a_few_live_and_the_family_still_opens_a_room():
    h = Harness(house=False)
    device = h.socketio.test_client(h.app)
    made = [solo(h, device)["room"] for _ in range(30)]
    made += [device.emit("create_lesson", {"lesson": "tren/01-primer-turno", "name": "Nieta"},
                         callback=True)["room"] for _ in range(5)]
    live = [code for code in made if code in h.lobby.rooms]
    assert len(live) == capacity.PER_CLIENT and made[-1] in live
    assert {status_in_file(h, code) for code in made[:30] if code not in live} == {ASLEEP}
    for code in made:                          # their computer players stopped with them
        assert code in live or not h.lobby.store._db.execute(
            "SELECT 1 FROM rooms WHERE code = ? AND status = 'playing'", (code,)).fetchone()
    family = h.socketio.test_client(h.app)
    assert family.emit("create_room", {"game": "tren"}, callback=True)["ok"]


def test_a_room_put_away_stays_asleep_whatever_still_reaches_it():
    """The phone's leaving its old seat runs later, on its own thread: when the room was put
    away meanwhile, that late change (and a late move) neither saves the room as playing again
    nor changes it."""
    h = Harness(house=False)
    device = h.socketio.test_client(h.app)
    code = solo(h, device)["room"]
    room = h.lobby.rooms[code]
    device.disconnect()
    with room.lock, h.lobby._lock:
        assert h.lobby._put_away(room)
    version = room.version
    h.lobby.connected(room, room.seats[0], -1)       # the late «left its seat»
    assert status_in_file(h, code) == ASLEEP and room.version == version
    seat = next(i for i in room.game.actors() if i is not None) if room.game.actors() else 0
    with room.lock, pytest.raises(RoomError) as refused:
        h.lobby._apply(room, seat, {"type": "draw"})
    assert refused.value.code == "unknown_room" and status_in_file(h, code) == ASLEEP


def test_devices_that_hold_every_room_cannot_lock_out_the_laptops_tv():
    h = Harness(max_rooms=4)
    strangers = [h.socketio.test_client(h.app) for _ in range(3)]
    for stranger in strangers:
        solo(h, stranger)                        # each watched by its device: none can go
    late = h.socketio.test_client(h.app)
    refused = late.emit("create_room", {"game": "tren"}, callback=True)
    assert refused["error"]["code"] == "too_many_rooms" and refused["error"]["es"]
    laptop = h.socketio.test_client(h.app)
    opened = laptop.emit("create_room", {"game": "tren", "house_key": h.key}, callback=True)
    assert opened["ok"] and opened["house"] and len(h.lobby.rooms) == 5
    strangers[0].disconnect()             # nobody looks at these games now: they make way
    strangers[1].disconnect()             # (two: the laptop's room is one over the limit)
    assert late.emit("create_room", {"game": "tren"}, callback=True)["ok"]
    assert len(h.lobby.rooms) == 4


def test_an_unwatched_game_against_the_computer_sleeps_and_wakes_as_it_was(tmp_path):
    scheduler = ManualScheduler()
    h = Harness(data_dir=tmp_path, scheduler=scheduler)
    device = h.socketio.test_client(h.app)
    reply = solo(h, device)
    code, token = reply["room"], reply["token"]
    scheduler.run_all(limit=40)
    room = h.lobby.rooms[code]
    before = (room.game.view(0), len(room.game.log), room.game.scores)
    device.disconnect()
    h.lobby.sweep(now=room.touched + capacity.SOLO_IDLE - 5)
    assert code in h.lobby.rooms                 # not yet
    h.lobby.sweep(now=room.touched + capacity.SOLO_IDLE + 1)
    assert code not in h.lobby.rooms and status_in_file(h, code) == ASLEEP
    other = h.socketio.test_client(h.app)
    listed = other.emit("solo_games", {"games": [{"room": code, "token": token},
                                                 {"room": code, "token": "x" * 22}]},
                        callback=True)["games"]
    assert [(g["room"], g["status"]) for g in listed] == [(code, "playing")]
    assert [p["score"] for p in listed[0]["players"]] == list(before[2])
    assert code not in h.lobby.rooms              # listing does not wake it
    wrong = other.emit("join", {"room": code, "token": "x" * 22}, callback=True)
    assert wrong["error"]["code"] == "unknown_room" and code not in h.lobby.rooms
    back = other.emit("join", {"room": code, "token": token}, callback=True)
    assert back["ok"] and back["room"] == code
    room = h.lobby.rooms[code]
    assert (room.game.view(0), len(room.game.log), room.game.scores) == before
    assert status_in_file(h, code) == "playing"
    assert states(other)[-1]["game"] == before[0]


def test_after_a_restart_unwatched_games_make_way_for_the_family(tmp_path):
    h = Harness(data_dir=tmp_path, max_rooms=4, scheduler=ManualScheduler())
    devices = [h.socketio.test_client(h.app) for _ in range(3)]
    games = [solo(h, device) for device in devices]
    h.lobby.store.close()
    again = Harness(data_dir=tmp_path, max_rooms=4, scheduler=ManualScheduler(), house=False)
    assert len(again.lobby.rooms) == 4           # the three solo games and the new TV's room
    family = again.socketio.test_client(again.app)
    assert family.emit("create_room", {"game": "tren"}, callback=True)["ok"]
    asleep = [g for g in games if g["room"] not in again.lobby.rooms]
    assert len(asleep) == 1
    client = again.socketio.test_client(again.app)     # any device: the token decides
    assert client.emit("join", {"room": asleep[0]["room"], "token": asleep[0]["token"]},
                       callback=True)["ok"]
    assert asleep[0]["room"] in again.lobby.rooms


@pytest.mark.parametrize("host_token", [None, "wrong-token-xxxxxxxxxx"])
def test_nobody_else_watches_a_game_against_the_computer(host_token):
    h = Harness()
    device = h.socketio.test_client(h.app)
    reply = solo(h, device)
    stranger = h.socketio.test_client(h.app)
    refused = stranger.emit("watch", {"room": reply["room"], "host_token": host_token},
                            callback=True)
    assert refused["error"]["code"] == "solo_game"
    assert states(stranger) == []
    own = device.emit("watch", {"room": reply["room"], "host_token": reply["host_token"]},
                      callback=True)
    assert own["ok"]
