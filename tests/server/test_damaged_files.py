"""Files that used to stop the host, or every save: tables that are not ours, bytes that are not
text, a file another program holds, a folder that cannot be written. Each starts, sets aside
what it cannot use, says so on the house's TV, and keeps playing."""
import json
import sqlite3
import subprocess
import sys
import time

import pytest

from tests import disks
from tests.server.conftest import Harness, ManualScheduler, states

DB = "sobremesa.sqlite3"


def a_game(folder):
    h = Harness(data_dir=folder, scheduler=ManualScheduler())
    phones = [h.phone("Abuela"), h.phone("Tío")]
    assert h.host("start")["ok"]
    return h, phones


def restarted(folder):
    return Harness(data_dir=folder, scheduler=ManualScheduler())


def house(h):
    h.lobby.push.room(h.code)
    return states(h.tv)[-1]["house"]


def plays_and_keeps(h) -> None:
    """A fresh game on this host starts, and its first move is in the file."""
    phones = [h.phone("Nieta"), h.phone("Primo")]
    assert h.host("start")["ok"]
    game = h.room.game
    seat = next(s for s in game.actors() if s is not None)
    move = {"type": "pass"} if "pass" in game.view(seat)["allowed"] else {"type": "draw"}
    assert h.act(phones[seat], move)["ok"]


@pytest.mark.parametrize("table, other", [
    ("rooms", "code TEXT PRIMARY KEY, value TEXT"),
    ("meta", "k TEXT, v TEXT"),
    ("actions", "room TEXT, seat INTEGER, action TEXT"),
])
def test_a_table_with_other_columns_is_set_aside_and_the_host_plays_on(tmp_path, table, other):
    db = sqlite3.connect(tmp_path / DB)
    db.execute(f"CREATE TABLE {table} ({other})")
    db.commit()
    db.close()
    h = restarted(tmp_path)
    notice = house(h)["notices"][0]
    assert notice["code"] == "damaged_file" and "Guardamos una copia" in notice["es"]
    assert list(tmp_path.glob("sobremesa.damaged-*.sqlite3"))
    plays_and_keeps(h)
    saved = sqlite3.connect(tmp_path / DB).execute("SELECT count(*) FROM actions").fetchone()
    assert saved == (len(h.room.game.log),)


def test_bytes_that_are_not_text_make_a_damaged_room_not_a_host_that_cannot_start(tmp_path):
    h, _ = a_game(tmp_path)
    code = h.code
    h.lobby.store.record_game({"room": "ZZZZ", "seed": 1, "game": "tren", "kind": "table",
                               "options": {}, "started": 1, "finished": 2, "players": [],
                               "rounds": [], "log": []})
    h.lobby.store.close()
    db = sqlite3.connect(tmp_path / DB)
    db.execute("UPDATE rooms SET record = CAST(X'7B22FFFE' AS TEXT) WHERE code = ?", (code,))
    db.execute("UPDATE played SET players = CAST(X'5BFF5D' AS TEXT)")
    db.commit()
    db.close()
    again = restarted(tmp_path)
    assert code in again.lobby.damaged
    assert again.app.test_client().get("/api/history").status_code == 200
    plays_and_keeps(again)


HOLDER = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
print("holding", flush=True)
time.sleep(60)
"""


@pytest.mark.slow
def test_a_file_another_program_holds_is_left_alone_and_the_family_plays_unsaved(tmp_path):
    h, _ = a_game(tmp_path)
    code = h.code
    h.lobby.store.close()
    before = (tmp_path / DB).read_bytes()
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(tmp_path / DB)],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "holding"
        began = time.monotonic()
        again = restarted(tmp_path)
        assert time.monotonic() - began < 20
        notice = house(again)["notices"][0]
        assert notice["code"] == "not_kept" and "otro programa lo tiene ocupado" in notice["es"]
        assert code in again.lobby.rooms                      # what was saved is there
        plays_and_keeps(again)
    finally:
        holder.kill()
        holder.wait()
    assert (tmp_path / DB).read_bytes() == before               # untouched


def test_a_read_only_folder_starts_says_nothing_is_kept_and_moves_nothing_aside(tmp_path):
    with disks.small_disk(tmp_path / "disk") as folder:
        h, _ = a_game(folder)
        code = h.code
        h.lobby.store.close()
        remount = subprocess.run(["mount", "-o", "remount,ro", str(folder)],
                                 capture_output=True, text=True)
        if remount.returncode != 0:
            pytest.skip("the tmpfs cannot be made read-only here: " + remount.stderr)
        files = sorted(p.name for p in folder.iterdir())
        again = restarted(folder)
        notice = house(again)["notices"][0]
        assert notice["code"] == "not_kept" and "no se guardarán" in notice["es"]
        assert "the folder cannot be written" in notice["en"]
        assert code in again.lobby.rooms and again.lobby.damaged == {}
        plays_and_keeps(again)
        assert sorted(p.name for p in folder.iterdir()) == files
        assert json.dumps(again.lobby.store.played()) is not None
