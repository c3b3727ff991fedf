"""The house key: the family's own commands and notices belong to the screens that hold it (the
laptop's TV, and screens it paired), not to whoever opened a room on the Wi-Fi."""
import json
import sqlite3
import stat

from server import house_key
from tests.server.conftest import Harness, ManualScheduler, states

DB = "sobremesa.sqlite3"


def damaged_room_and_notice(tmp_path):
    """A host restarted on a file with one room that no longer replays and a notice."""
    h = Harness(data_dir=tmp_path, scheduler=ManualScheduler())
    h.phone("Abuela"), h.phone("Tío")
    h.host("start")
    h.lobby.store.close()
    db = sqlite3.connect(tmp_path / DB)
    db.execute("INSERT OR REPLACE INTO actions (room, n, seat, action) VALUES (?, 0, 0, ?)",
               (h.code, json.dumps({"type": "discard", "card": "99z"})))
    db.commit()
    db.close()
    again = Harness(data_dir=tmp_path, scheduler=ManualScheduler())
    again.lobby.notices.append({"code": "damaged_file", "path": str(tmp_path / "x.sqlite3"),
                                "es": f"copia en {tmp_path}", "en": f"copy in {tmp_path}"})
    return again, h.code


def test_a_screen_without_the_key_sees_no_paths_nor_other_rooms_players(tmp_path):
    h, code = damaged_room_and_notice(tmp_path)
    assert h.lobby.damaged and h.lobby.notices
    cousin = h.socketio.test_client(h.app)
    theirs = cousin.emit("create_room", {"game": "tren"}, callback=True)
    assert theirs["ok"] and theirs["house"] is False
    h.lobby.push.room(theirs["room"])
    for payload in states(cousin):
        assert payload["host"] is True and "house" not in payload
        text = json.dumps(payload)
        assert str(tmp_path) not in text and code not in text and "Abuela" not in text
    again = cousin.emit("watch", {"room": h.code, "host_token": h.host_token,
                                  "house_key": "not-the-key-" + "x" * 20}, callback=True)
    assert again["ok"] and again["house"] is False and again["host"] is True
    assert all("house" not in p for p in states(cousin))
    h.lobby.push.room(h.code)
    house = states(h.tv)[-1]["house"]             # the laptop's TV sees both
    assert [d["code"] for d in house["damaged"]] == [code] and house["notices"]
    assert house["damaged"][0]["players"] == ["Abuela", "Tío"]


def test_a_paired_screen_gets_the_key_once_and_a_guessed_code_gets_nothing():
    h = Harness(house=False)
    laptop = h.socketio.test_client(h.app)
    assert laptop.emit("watch", {"room": h.code, "house_key": h.key}, callback=True)["house"]
    reply = h.house("pair_code", client=laptop)
    assert reply["ok"] and len(reply["code"]) == 6 and reply["code"].isdigit()
    assert reply["seconds"] == house_key.PAIR_SECONDS
    wrong = f"{(int(reply['code']) + 1) % 10**6:06d}"
    refused = h.tv.emit("pair", {"code": wrong}, callback=True)
    assert refused["error"]["code"] == "bad_code" and refused["error"]["es"]
    assert all("house" not in p for p in states(h.tv))
    paired = h.tv.emit("pair", {"code": reply["code"]}, callback=True)
    assert paired["ok"] and paired["key"] == h.key
    assert "house" in states(h.tv)[-1]                 # this screen sees the house now
    again = h.socketio.test_client(h.app).emit("pair", {"code": reply["code"]}, callback=True)
    assert again["error"]["code"] == "bad_code"         # once only
    assert h.house("history_remove", client=h.tv, key=paired["key"], id=999)["error"]["code"] \
        == "unknown_played"                              # the key works from the paired screen


def test_a_pairing_code_dies_after_a_few_wrong_tries_or_five_minutes():
    now = [1000.0]
    pairing = house_key.Pairing(clock=lambda: now[0])
    code = pairing.new()
    wrong = f"{(int(code) + 1) % 10**6:06d}"
    for _ in range(house_key.PAIR_TRIES):
        assert not pairing.redeem(wrong)
    assert not pairing.redeem(code)                     # void after the wrong tries
    code = pairing.new()
    now[0] += house_key.PAIR_SECONDS + 1
    assert not pairing.redeem(code)
    code = pairing.new()
    assert not pairing.redeem(None) and not pairing.redeem(123456) and pairing.redeem(code)


def test_the_key_is_made_once_and_kept_in_the_data_folder_for_the_user_alone(tmp_path):
    key = house_key.load_or_create(tmp_path)
    assert house_key.SHAPE.fullmatch(key)
    assert house_key.load_or_create(tmp_path) == key
    assert stat.S_IMODE((tmp_path / house_key.FILE).stat().st_mode) == 0o600
    h = Harness(data_dir=tmp_path)
    assert h.lobby.house_key == key                      # a restarted host keeps its key
    (tmp_path / house_key.FILE).write_text("short\n")    # a damaged key file: a new key
    assert house_key.load_or_create(tmp_path) not in (key, "short")
