"""The family history: every finished game recorded once in the host's SQLite file, read back
for the TV (latest games, table of honour), names merged, games removed, exported."""
import csv
import io
import json
import sqlite3

import pytest

from server import history, store_file
from server.store import Store
from tests.server.conftest import Harness, ManualScheduler, states

SHORT = {"tren": {"rounds": 1}, "manipulacion": {"ruleset": "guadalupe"},
         "canasta": {"target": 5000}, "ferrocarril": {}}


def played_to_the_end(game, data_dir=None, people=("Abuela",), bots=1):
    """A room of `game` whose people are handed to the computer, played to the podium."""
    scheduler = ManualScheduler()
    h = Harness(data_dir=data_dir, game=game, scheduler=scheduler, round_end_shown=0)
    phones = [h.phone(name) for name in people]
    for _ in range(bots):
        assert h.host("add_bot", level=h.room.game_class.bot_levels[0])["ok"]
    assert h.host("set_options", options=SHORT[game])["ok"]
    assert h.host("start")["ok"]
    for phone in phones:
        assert h.host("to_bot", seat=phone.seat_id)["ok"]
    scheduler.run_all(limit=200_000)
    assert h.room.status == "finished"
    return h, phones


@pytest.mark.parametrize("game", [
    "tren", "manipulacion",
    pytest.param("canasta", marks=pytest.mark.slow),
    pytest.param("ferrocarril", marks=pytest.mark.slow)])
def test_each_game_is_recorded_once_with_its_players_standings_and_rounds(game):
    h, _ = played_to_the_end(game)
    result = h.room.game.result()
    [played] = h.lobby.store.played()
    assert played["game"] == game and played["kind"] == "table"
    for name, value in SHORT[game].items():
        assert played["options"][name] == value
    assert [p["name"] for p in played["players"]] == [s.name for s in h.room.seats]
    assert [p["color"] for p in played["players"]] == [s.color for s in h.room.seats]
    assert [p["bot"] for p in played["players"]] == [False, True]
    assert [p["score"] for p in played["players"]] == result["scores"]
    assert [i for i, p in enumerate(played["players"]) if p["winner"]] == result["winners"]
    assert played["players"][result["ranking"][0]]["place"] == 1
    assert len(played["rounds"]) == len(h.room.game.round_results) >= 1
    assert [sum(column) for column in zip(*played["rounds"], strict=True)] == result["scores"]


def test_a_restart_after_the_end_records_the_game_once(tmp_path):
    h, _ = played_to_the_end("tren", tmp_path)
    first = h.lobby.store.played()
    h.lobby.store.close()
    again = Harness(data_dir=tmp_path)
    assert again.lobby.rooms[h.code].status == "finished"
    assert again.lobby.store.played() == first


def test_a_finished_room_from_a_file_without_history_is_recorded_on_restart(tmp_path):
    h, _ = played_to_the_end("tren", tmp_path)
    h.lobby.store.close()
    db = sqlite3.connect(tmp_path / "sobremesa.sqlite3")
    db.execute("DROP TABLE played")            # a file written before the history existed
    db.execute("PRAGMA user_version = 0")
    db.commit()
    db.close()
    again = Harness(data_dir=tmp_path)
    [played] = again.lobby.store.played()
    assert played["room"] == h.code and played["game"] == "tren"
    assert again.lobby.store._db.execute("PRAGMA user_version").fetchone()[0] \
        == history.SCHEMA_VERSION


def test_lessons_are_not_recorded_and_solo_games_are_marked_solo():
    scheduler = ManualScheduler()
    h = Harness(scheduler=scheduler, round_end_shown=0)
    room, seat = h.lobby.create_solo("solo-sid", "tren", "Nieta", {"rounds": 1}, ["facil"])
    h.lobby.host(room.code, room.host_token, "to_bot", {"seat": seat.id})
    scheduler.run_all(limit=100_000)
    assert room.status == "finished"
    [played] = h.lobby.store.played()
    assert played["kind"] == "solo" and played["players"][0]["name"] == "Nieta"
    room.lesson = object()                     # any lesson: its game is no record
    assert history.entry(room) is None


def test_the_tv_reads_the_latest_games_and_the_table_of_honour_by_name():
    store = Store()
    for n, (winner, loser) in enumerate([("Abuela", "Tío"), ("abuela", "Tío"),
                                         ("ÁBUELA", "Tio"), ("Tío", "Abuela")]):
        store.record_game(row(n, "tren", [(winner, 10), (loser, 50)], finished=n))
    store.record_game(row(9, "canasta", [("Tío", 5000), ("Robotina", 200, True)], finished=9))
    played = store.played()
    assert [p["id"] for p in played][0] == 5                   # newest first
    table = history.honour(store.played("tren"))
    assert [(r["name"], r["wins"], r["played"]) for r in table] == [("Abuela", 3, 4),
                                                                   ("Tío", 1, 4)]
    assert [r["name"] for r in history.honour(store.played("canasta"))] == ["Tío"]  # no bots
    assert history.record_of(store.played("tren"), "abuela") == {
        "name": "abuela", "played": 4, "wins": 3, "best_place": 1}


def row(n, game, players, finished=0.0, kind="table"):
    best = min(p[1] for p in players) if game != "canasta" else max(p[1] for p in players)
    return {"room": f"R{n}", "seed": n, "game": game, "kind": kind, "options": {},
            "started": finished, "finished": finished,
            "players": [{"seat": i, "name": p[0], "color": "#123456", "bot": len(p) > 2,
                         "score": p[1], "place": 1 if p[1] == best else 2,
                         "winner": p[1] == best} for i, p in enumerate(players)],
            "rounds": [[p[1] for p in players]]}


def test_the_host_merges_two_names_and_every_game_counts_them_as_one():
    h = Harness()
    store = h.lobby.store
    store.record_game(row(1, "tren", [("Abu", 10), ("Tío", 50)]))
    store.record_game(row(2, "tren", [("Abuela", 10), ("Tío", 50)]))
    store.record_game(row(3, "tren", [("Yaya", 10), ("Tío", 50)]))
    version = h.lobby.history_version
    assert h.house("history_merge", **{"from": "abu", "into": "Abuela"})["ok"]
    assert h.house("history_merge", **{"from": "Abuela", "into": "Yaya"})["ok"]
    table = history.honour(store.played("tren"))
    assert [(r["name"], r["wins"]) for r in table] == [("Yaya", 3), ("Tío", 0)]
    summary = h.lobby.history_summary()
    assert summary["version"] == version + 2
    assert {p["name"] for g in summary["recent"] for p in g["players"]} == {"Yaya", "Tío"}


def test_the_host_removes_a_game_and_it_stays_removed_after_a_restart(tmp_path):
    h, _ = played_to_the_end("tren", tmp_path)
    [played] = h.lobby.store.played()
    assert h.house("history_remove", id=played["id"])["ok"]
    assert h.lobby.store.played() == []
    h.lobby.store.close()
    again = Harness(data_dir=tmp_path)          # the finished room is restored, not re-recorded
    assert h.code in again.lobby.rooms and again.lobby.store.played() == []


@pytest.mark.parametrize("command, args, code", [
    ("history_merge", {"from": "Abuela"}, "malformed"),
    ("history_merge", {"from": 3, "into": "Tío"}, "malformed"),
    ("history_merge", {"from": "Abuela", "into": "ABUELA"}, "same_name"),
    ("history_merge", {"from": "Nadie", "into": "Tío"}, "unknown_name"),
    ("history_merge", {"from": "", "into": "Tío"}, "bad_name"),
    ("history_remove", {"id": "1"}, "malformed"),
    ("history_remove", {"id": True}, "malformed"),
    ("history_remove", {"id": 999}, "unknown_played"),
])
def test_bad_history_commands_are_refused_and_change_nothing(command, args, code):
    h = Harness()
    h.lobby.store.record_game(row(1, "tren", [("Abuela", 10), ("Tío", 50)]))
    before = h.lobby.store.played()
    reply = h.house(command, **args)
    assert not reply["ok"] and reply["error"]["code"] == code
    assert reply["error"]["es"] and reply["error"]["en"]
    assert h.lobby.store.played() == before


def test_only_the_house_key_merges_or_removes_not_a_phone_nor_another_rooms_host():
    # Anyone on the Wi-Fi can open a room and be its host: that is not the family's history.
    h = Harness()
    h.lobby.store.record_game(row(1, "tren", [("Abuela", 10), ("Tío", 50)]))
    before = h.lobby.store.played()
    phone = h.phone("Tío")
    cousin = h.socketio.test_client(h.app)
    theirs = cousin.emit("create_room", {"game": "tren"}, callback=True)
    assert theirs["ok"] and theirs["house"] is False
    solo, _ = h.lobby.create_solo("solo-sid", "tren", "Nieta", {}, ["facil"])
    for command, args in [("history_merge", {"from": "Tío", "into": "Abuela"}),
                          ("history_remove", {"id": before[0]["id"]})]:
        reply = phone.emit("host", {"room": h.code, "host_token": phone.token,
                                    "command": command, "args": args}, callback=True)
        assert reply["error"]["code"] == "not_host"
        for room, token in [(theirs["room"], theirs["host_token"]), (solo.code, solo.host_token),
                            (h.code, h.host_token)]:         # even this room's own host token
            reply = cousin.emit("host", {"room": room, "host_token": token, "command": command,
                                         "args": args}, callback=True)
            assert reply["error"]["code"] == "not_allowed", reply
        for key in ["", "x" * 32, h.key[:-1] + ("A" if h.key[-1] != "A" else "B")]:
            reply = h.house(command, client=cousin, key=key, **args)
            assert reply["error"]["code"] == "not_allowed"
            assert reply["error"]["es"] and reply["error"]["en"]
    assert h.lobby.store.played() == before


def test_a_phone_sees_its_own_record_after_the_podium(tmp_path):
    h, phones = played_to_the_end("tren", tmp_path)
    h.lobby.store.record_game(row(7, "tren", [("ABUELA", 10), ("Tío", 50)], finished=1))
    back = h.socketio.test_client(h.app)
    assert back.emit("join", {"room": h.code, "token": phones[0].token}, callback=True)["ok"]
    record = states(back)[-1]["history"]["record"]
    won = h.room.game.result()["winners"] == [0]
    assert record == {"name": "Abuela", "played": 2, "wins": 1 + won, "best_place": 1,
                      "title": {"es": "Tren Mexicano", "en": "Tren Mexicano"}}


def test_the_export_in_csv_and_json_holds_every_game(tmp_path):
    h, _ = played_to_the_end("tren", tmp_path)
    h.lobby.store.record_game(row(8, "tren", [("Ña Pepa", 10), ("Tío", 50)], finished=1))
    web = h.app.test_client()
    exported = web.get("/history.json")
    assert exported.status_code == 200
    assert "attachment" in exported.headers["Content-Disposition"]
    games = json.loads(exported.get_data(as_text=True))["games"]
    assert [g["room"] for g in games] == [h.code, "R8"]
    text = web.get("/history.csv").get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(text.lstrip("\ufeff"))))
    assert len(rows) == 4 and {r["player"] for r in rows} == {"Abuela", "Robotina", "Ña Pepa",
                                                              "Tío"}
    pepa = next(r for r in rows if r["player"] == "Ña Pepa")
    assert pepa["winner"] == "yes" and pepa["score"] == "10" and pepa["round_scores"] == "10"
    summary = web.get("/api/history").get_json()
    assert [g["room"] for g in summary["recent"]] == [h.code, "R8"]
    assert {r["name"] for r in summary["honour"]["tren"]} == {"Abuela", "Ña Pepa", "Tío"}


def test_a_file_moved_aside_as_damaged_keeps_its_history(tmp_path, monkeypatch):
    path = tmp_path / "sobremesa.sqlite3"
    store = Store(path)
    store.record_game(row(1, "tren", [("Abuela", 10), ("Tío", 50)], finished=1))
    store.record_game(row(2, "tren", [("Tío", 10), ("Abuela", 50)], finished=2))
    store.remove_game(store.played()[0]["id"])
    kept = store.played()
    store.close()

    def unreadable(db):
        raise sqlite3.DatabaseError("database disk image is malformed")
    monkeypatch.setattr(store_file, "check", unreadable)
    again = Store(path)                         # moved aside, every readable row copied
    assert again.notices and again.notices[0]["code"] == "damaged_file"
    assert again.played() == kept               # the removed game stays removed
    again.record_game(row(2, "tren", [("Tío", 10), ("Abuela", 50)], finished=2))
    assert again.played() == kept               # and nothing is recorded twice
