"""What the SQLite file keeps, and a host that always starts: damaged files moved aside and
salvaged, damaged rooms kept and shown, versions and timers carried across a restart."""
import json
import sqlite3

import pytest

from engine.ferrocarril.rules import DEAL_SHOW_SECONDS
from server.store import Store
from tests.server.conftest import Harness, ManualScheduler, states

DB = "sobremesa.sqlite3"


def a_game(tmp_path, **options):
    h = Harness(data_dir=tmp_path, scheduler=ManualScheduler(), **options)
    phones = [h.phone("Abuela"), h.phone("Tío")]
    h.host("add_bot", level="facil")
    h.host("start")
    return h, phones


def restarted(tmp_path):
    return Harness(data_dir=tmp_path, scheduler=ManualScheduler())


def house(h):
    return states(h.tv)[-1]["house"]


# ----- crash-safe writes -------------------------------------------------------------------

def test_the_file_is_in_wal_mode_with_full_sync(tmp_path):
    a_game(tmp_path)
    db = sqlite3.connect(tmp_path / DB)
    assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    store = Store(tmp_path / "other.sqlite3")
    assert store._db.execute("PRAGMA synchronous").fetchone() == (2,)     # FULL


def test_each_move_and_its_rooms_record_are_written_together(tmp_path):
    h, phones = a_game(tmp_path)
    for seat in list(h.room.game.window.priority):
        if seat < 2:
            h.act(phones[seat], {"type": "pass"})
    db = sqlite3.connect(tmp_path / DB)
    moves = db.execute("SELECT count(*) FROM actions WHERE room = ?", (h.code,)).fetchone()[0]
    record = json.loads(db.execute("SELECT record FROM rooms WHERE code = ?",
                                   (h.code,)).fetchone()[0])
    assert moves == len(h.room.game.log) >= 2
    assert record["version"] == h.room.version


def test_a_failed_write_leaves_neither_the_move_nor_the_record(tmp_path):
    store = Store(tmp_path / DB)
    store.save_room({"code": "ABCD", "status": "playing", "version": 1})
    with pytest.raises(TypeError):
        store.record_action("ABCD", 0, 1, {"type": "draw"},
                            {"code": "ABCD", "status": "playing", "version": 2, "x": object()})
    assert store._db.execute("SELECT count(*) FROM actions").fetchone() == (0,)
    assert json.loads(store._db.execute("SELECT record FROM rooms").fetchone()[0])["version"] == 1


# ----- a damaged file -------------------------------------------------------------------------

def damaged_copies(tmp_path):
    return sorted(p.name for p in tmp_path.glob("sobremesa.damaged-*.sqlite3"))


@pytest.mark.parametrize("damage", ["garbled header", "truncated", "random bytes"])
def test_a_damaged_file_is_moved_aside_and_the_host_starts(tmp_path, damage):
    h, _ = a_game(tmp_path)
    code = h.code
    h.lobby.store.close()
    path = tmp_path / DB
    data = path.read_bytes()
    for suffix in ("-wal", "-shm"):
        (tmp_path / (DB + suffix)).unlink(missing_ok=True)
    if damage == "garbled header":
        path.write_bytes(b"this is not sqlite at all" + data[25:])
    elif damage == "truncated":
        path.write_bytes(data[: len(data) // 3])
    else:
        path.write_bytes(bytes(range(256)) * 40)
    again = restarted(tmp_path)
    copies = damaged_copies(tmp_path)
    assert len(copies) == 1
    notice = house(again)["notices"][0]
    assert notice["code"] == "damaged_file" and copies[0] in notice["es"]
    assert "Guardamos una copia de la partida dañada en" in notice["es"]
    assert again.host("add_bot", level="facil")["ok"]         # the fresh file works
    assert code not in again.lobby.rooms or again.lobby.rooms[code].status == "playing"


def test_a_file_with_a_damaged_page_is_salvaged_row_by_row(tmp_path):
    codes = []
    for _ in range(3):
        h, _ = a_game(tmp_path)
        codes.append(h.code)
    h.lobby.store.close()
    path = tmp_path / DB
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page = db.execute("PRAGMA page_size").fetchone()[0]
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.close()
    data = bytearray(path.read_bytes())
    last = (pages - 1) * page                          # spoil the last page only
    data[last:last + page] = b"\xff" * page
    path.write_bytes(bytes(data))
    again = restarted(tmp_path)
    assert len(damaged_copies(tmp_path)) == 1
    recovered = set(again.lobby.rooms) | set(again.lobby.damaged)
    assert recovered & set(codes), "rows that could be read were kept"


@pytest.mark.parametrize("record,why", [
    ("{not json", "non-JSON"),
    (json.dumps({"code": "BADR", "game": "ferrocarril", "seats": [{"name": "Abuela"}]}),
     "a missing key"),
    (json.dumps({"code": "BADR", "host_token": "x", "game": "parchis", "options": {},
                 "status": "lobby", "seed": 1, "created": 1.0,
                 "seats": [{"id": "a", "name": "Abuela", "color": "#000"}]}),
     "a game that is not registered"),
])
def test_a_bad_room_row_is_kept_and_shown_as_damaged(tmp_path, record, why):
    good, _ = a_game(tmp_path)
    db = sqlite3.connect(tmp_path / DB)
    db.execute("INSERT INTO rooms (code, record, status) VALUES ('BADR', ?, 'playing')",
               (record,))
    db.commit()
    db.close()
    again = restarted(tmp_path)
    damaged = {d["code"]: d for d in house(again)["damaged"]}
    assert "BADR" in damaged, why
    if why != "non-JSON":
        assert damaged["BADR"]["players"] == ["Abuela"]
    assert damaged["BADR"]["date"] > 0
    assert again.lobby.rooms[good.code].status == "playing"     # the good room is back
    db = sqlite3.connect(tmp_path / DB)
    assert db.execute("SELECT record FROM rooms WHERE code = 'BADR'").fetchone() == (record,)


def test_a_room_whose_log_no_longer_replays_is_kept_and_its_phones_keep_their_tokens(tmp_path):
    h, phones = a_game(tmp_path)
    code = h.code
    db = sqlite3.connect(tmp_path / DB)
    db.execute("UPDATE actions SET action = ? WHERE room = ? AND n = 0",
               (json.dumps({"type": "discard", "card": "99z"}), code))
    if db.execute("SELECT count(*) FROM actions WHERE room = ?", (code,)).fetchone()[0] == 0:
        db.execute("INSERT INTO actions (room, n, seat, action) VALUES (?, 0, 0, ?)",
                   (code, json.dumps({"type": "discard", "card": "99z"})))
    db.commit()
    db.close()
    again = restarted(tmp_path)
    damaged = house(again)["damaged"]
    assert [d["code"] for d in damaged] == [code]
    assert damaged[0]["game"] == "ferrocarril"
    assert damaged[0]["players"] == ["Abuela", "Tío", "Robotina"]
    phone = again.socketio.test_client(again.app)
    reply = phone.emit("join", {"room": code, "token": phones[0].token}, callback=True)
    assert reply["error"]["code"] == "room_damaged"
    db = sqlite3.connect(tmp_path / DB)
    assert db.execute("SELECT count(*) FROM rooms WHERE code = ?", (code,)).fetchone() == (1,)
    assert again.house("dismiss_damaged", code=code)["ok"]
    assert house(again)["damaged"] == []
    assert restarted(tmp_path).lobby.damaged == {}          # dismissed, still not deleted
    db = sqlite3.connect(tmp_path / DB)
    assert db.execute("SELECT status FROM rooms WHERE code = ?", (code,)).fetchone() == ("damaged",)


# ----- state across a restart -------------------------------------------------------------------

def test_the_room_version_never_goes_back_after_a_restart(tmp_path):
    h, phones = a_game(tmp_path)
    before = h.room.version
    again = restarted(tmp_path)
    phone = again.socketio.test_client(again.app)
    phone.emit("join", {"room": h.code, "token": phones[0].token}, callback=True)
    assert states(phone)[-1]["room"]["version"] > before


def test_an_open_buy_window_resumes_with_the_time_it_had_left(tmp_path):
    h, phones = a_game(tmp_path)
    h.host("new_game")
    h.host("set_options", options={"buy_seconds": 10})
    h.host("start")
    started = h.room.timers["buy_window"].started
    h.lobby.store.beat(started + 4.0)           # the host was last alive 4 s into the window
    again = restarted(tmp_path)
    room = again.lobby.rooms[h.code]
    timer = room.summary()["timers"][0]
    # The round's first window: 10 s to answer after the deal's DEAL_SHOW_SECONDS.
    full = 10 + DEAL_SHOW_SECONDS
    assert timer["name"] == "buy_window" and timer["seconds"] == full
    assert full - 4.5 <= timer["remaining"] <= full - 3.95
    assert [round(delay, 1) for delay, _ in again.lobby.spawn.tasks if delay > 1] == [full - 4.0]


def test_a_window_that_ran_out_while_the_host_was_down_closes_at_once(tmp_path):
    h, _ = a_game(tmp_path)
    started = h.room.timers["buy_window"].started
    h.lobby.store.beat(started + 60)
    again = restarted(tmp_path)
    assert again.lobby.rooms[h.code].summary()["timers"][0]["remaining"] == 0
    again.lobby.spawn.run_all(limit=1)
    assert again.lobby.rooms[h.code].game.window is None


@pytest.mark.slow
def test_a_finished_game_is_still_there_for_a_phone_that_reloads_after_the_podium(tmp_path):
    scheduler = ManualScheduler()
    h = Harness(data_dir=tmp_path, scheduler=scheduler)
    phone = h.phone("Abuela")
    h.host("add_bot", level="facil")
    h.host("to_bot", seat=phone.seat_id)
    h.host("start")
    scheduler.run_all(limit=50_000)
    assert h.room.status == "finished"
    result = h.room.game.result()
    again = restarted(tmp_path)
    back = again.socketio.test_client(again.app)
    reply = back.emit("join", {"room": h.code, "token": phone.token}, callback=True)
    assert reply["ok"]
    last = states(back)[-1]
    assert last["room"]["status"] == "finished" and last["game"]["result"] == result


def test_a_restored_lobby_keeps_the_open_take_over_setting(tmp_path):
    h, _ = a_game(tmp_path)
    h.host("set_takeover", open=True)
    assert restarted(tmp_path).lobby.rooms[h.code].open_takeover is True


def test_the_heartbeat_is_written_by_the_sweep(tmp_path):
    h, _ = a_game(tmp_path)
    h.lobby.sweep(now=1234.5)
    assert h.lobby.store.last_beat() == 1234.5


def test_the_terminal_says_where_the_damaged_copy_is(tmp_path, caplog):
    (tmp_path / DB).write_bytes(b"no es una base de datos " * 100)
    with caplog.at_level("WARNING", logger="server.store"):
        restarted(tmp_path)
    [copy] = damaged_copies(tmp_path)
    message = " ".join(r.getMessage() for r in caplog.records)
    assert "Guardamos una copia de la partida dañada en" in message and copy in message
