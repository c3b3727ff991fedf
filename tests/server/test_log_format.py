"""Each saved move carries the format it was written in; a move of a format this host does not
know keeps its room aside as damaged, like any log that does not replay. A Manipulación room
whose draws went through the reminder comes back even when the solver now answers otherwise; a
Canasta room saved before the kitty was a choice comes back as it was then."""
import json
import sqlite3
from pathlib import Path

from engine.manipulacion.game import Manipulacion
from engine.manipulacion.solver import solve_hint
from server.store import LOG_FORMAT, LOG_FORMATS, Store
from tests.server.conftest import Harness, ManualScheduler, states

DB = "sobremesa.sqlite3"


def restarted(tmp_path):
    return Harness(data_dir=tmp_path, scheduler=ManualScheduler())


def manipulacion_room(tmp_path):
    """Two people in a Manipulación room; each draws a few times with a plain Robar (the
    reminder's solver finds no play or the second tap confirms)."""
    h = Harness(data_dir=tmp_path, scheduler=ManualScheduler())
    assert h.host("set_game", game="manipulacion")["ok"]
    phones = [h.phone("Abuela"), h.phone("Tío")]
    assert h.host("set_options", options={"ruleset": "manipulacion"})["ok"]
    assert h.host("start")["ok"]
    for _ in range(6):
        game = h.room.game
        if game.phase != "play":
            break
        phone = phones[game.turn]
        reply = h.act(phone, {"type": "draw"})
        if not reply["ok"]:
            assert reply["error"]["code"] == "play_available"
            assert h.act(phone, {"type": "draw", "confirm": True})["ok"]
    return h, phones


def test_each_move_is_written_with_the_current_format(tmp_path):
    h, _ = manipulacion_room(tmp_path)
    db = sqlite3.connect(tmp_path / DB)
    rows = db.execute("SELECT format, action FROM actions WHERE room = ?", (h.code,)).fetchall()
    assert rows and {f for f, _ in rows} == {LOG_FORMAT} and LOG_FORMAT in LOG_FORMATS
    draws = [json.loads(a) for _, a in rows]
    assert draws and all(a == {"type": "draw", "confirm": True} for a in draws)


def test_a_room_comes_back_though_the_solver_now_answers_otherwise(tmp_path, monkeypatch):
    h, _ = manipulacion_room(tmp_path)
    code, before = h.code, h.room.game.view(None)

    def contrary(rules, table, hand, loose):
        """A play where the solver finds none (an object the reminder cannot even read)."""
        return object() if solve_hint(rules, table, hand, loose) is None else None

    monkeypatch.setattr(Manipulacion, "default_hints", staticmethod(contrary))
    again = restarted(tmp_path)
    assert code in again.lobby.rooms and again.lobby.damaged == {}
    after = again.lobby.rooms[code].game.view(None)
    assert {k: v for k, v in after.items() if k != "events"} \
        == {k: v for k, v in before.items() if k != "events"}


def test_a_move_of_an_unknown_format_keeps_the_room_aside_as_damaged(tmp_path):
    h, _ = manipulacion_room(tmp_path)
    code = h.code
    db = sqlite3.connect(tmp_path / DB)
    db.execute("UPDATE actions SET format = ? WHERE room = ? AND n = 0",
               (max(LOG_FORMATS) + 1, code))
    db.commit()
    db.close()
    again = restarted(tmp_path)
    assert code not in again.lobby.rooms
    damaged = states(again.tv)[-1]["house"]["damaged"]
    assert [d["code"] for d in damaged] == [code]
    assert "format" in damaged[0]["reason"]
    db = sqlite3.connect(tmp_path / DB)
    assert db.execute("SELECT count(*) FROM actions WHERE room = ?", (code,)).fetchone()[0] > 0


def test_a_file_from_before_formats_opens_and_its_rooms_come_back(tmp_path):
    h, _ = manipulacion_room(tmp_path)
    code, before = h.code, h.room.game.view(None)["stock"]
    db = sqlite3.connect(tmp_path / DB)
    db.executescript("""
        CREATE TABLE old (room TEXT NOT NULL, n INTEGER NOT NULL, seat INTEGER,
                          action TEXT NOT NULL, PRIMARY KEY (room, n));
        INSERT INTO old SELECT room, n, seat, action FROM actions;
        DROP TABLE actions;
        ALTER TABLE old RENAME TO actions;
    """)
    db.close()
    again = restarted(tmp_path)
    assert code in again.lobby.rooms and again.lobby.damaged == {}
    assert again.lobby.rooms[code].game.view(None)["stock"] == before
    db = sqlite3.connect(tmp_path / DB)
    assert {f for (f,) in db.execute("SELECT format FROM actions")} == {1}


def test_the_store_reads_the_format_of_each_row(tmp_path):
    store = Store(tmp_path / DB)
    store.save_room({"code": "ABCD", "status": "playing", "version": 1})
    store.record_action("ABCD", 0, 1, {"type": "draw", "confirm": True},
                        {"code": "ABCD", "status": "playing", "version": 2})
    [room] = store.load_rooms()
    assert room.actions == [(1, {"type": "draw", "confirm": True})]
    assert room.actions_error is None
    store._db.execute("UPDATE actions SET format = 0")
    [room] = store.load_rooms()
    assert room.actions_error and "format" in room.actions_error


def test_a_canasta_room_saved_before_the_kitty_was_a_choice_comes_back_as_it_was(tmp_path):
    """Its log stops at the discard that, then, took the kitty by itself: it comes back with the
    kitty in the hand and the next player to draw, not waiting for a choice."""
    old = json.loads((Path(__file__).parents[1] / "engine" / "old_logs"
                      / "canasta_before_the_kitty_choice.json").read_text(encoding="utf-8"))
    h = Harness(data_dir=tmp_path, game="canasta", scheduler=ManualScheduler())
    h.phone("Abuela"), h.phone("Tío")
    assert h.host("set_options", options=old["options"])["ok"]
    assert h.host("start")["ok"]
    code, at = h.code, old["kitty_taken_at"][0]
    db = sqlite3.connect(tmp_path / DB)
    [text] = db.execute("SELECT record FROM rooms WHERE code = ?", (code,)).fetchone()
    record = json.loads(text)
    db.execute("UPDATE rooms SET record = ? WHERE code = ?",
               (json.dumps({**record, "seed": old["seed"]}), code))
    db.execute("DELETE FROM actions WHERE room = ?", (code,))
    db.executemany("INSERT INTO actions (room, n, seat, action, format) VALUES (?, ?, ?, ?, 2)",
                   [(code, n, seat, json.dumps(action))
                    for n, (seat, action) in enumerate(old["log"][:at + 1])])
    db.commit()
    db.close()
    again = restarted(tmp_path)
    assert code in again.lobby.rooms and again.lobby.damaged == {}
    game = again.lobby.rooms[code].game
    seat = old["log"][at][0]
    assert game.kitty_taken[seat] and game.phase == "draw" and game.turn == 1 - seat
    assert [len(hand) for hand in game.hands] == old["trace"][at + 1][2]
