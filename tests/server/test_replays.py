"""Replays of finished games (server/replays.py, /api/replays/…): the log kept with each game
in the history, the slideshow's moments with the players' names, the views step by step equal
to the engine's public replay, and every bad request refused with words and no traceback."""
import json
import logging
import sqlite3

import pytest

from engine.registry import GAMES
from server import history
from tests.server.conftest import Harness
from tests.server.test_history import played_to_the_end, row


def game_id(h):
    [played] = h.lobby.store.played()
    return played["id"]


def all_views(web, played, steps, count=40):
    views = []
    while len(views) < steps:
        answer = web.get(f"/api/replays/{played}/views?from={len(views)}&count={count}")
        assert answer.status_code == 200
        body = answer.get_json()
        assert body["from"] == len(views) and body["views"]
        views += body["views"]
    return views


@pytest.mark.parametrize("game", ["tren", "manipulacion"])
def test_the_views_step_by_step_are_the_engines_public_replay_of_the_game(game):
    h, _ = played_to_the_end(game)
    room, web = h.room, h.app.test_client()
    summary = web.get(f"/api/replays/{game_id(h)}").get_json()
    log = room.game.to_json_log()
    assert summary["ok"] and summary["game"] == game
    assert summary["steps"] == len(log) + 1
    expected = [json.loads(json.dumps(v)) for v in
                GAMES[game].public_replay(len(room.seats), room.options, room.seed, log)]
    assert all_views(web, game_id(h), summary["steps"]) == expected
    assert expected[-1]["phase"] == "game_over"
    assert [s["name"] for s in summary["seats"]] == [s.name for s in room.seats]
    assert [s["color"] for s in summary["seats"]] == [s.color for s in room.seats]
    assert [bool(s["bot"]) for s in summary["seats"]] == [False, True]
    assert summary["rounds"][0] == {"round": 1, "step": 0}


def test_the_slideshow_moments_name_the_players_and_end_with_the_last_closing():
    h, _ = played_to_the_end("tren")
    room = h.room
    summary = h.app.test_client().get(f"/api/replays/room/{h.code}").get_json()
    expected = GAMES["tren"].highlights(len(room.seats), room.options, room.seed,
                                        room.game.to_json_log())
    assert [m["index"] for m in summary["moments"]] == [m["index"] for m in expected]
    assert summary["moments"][-1]["kind"] == "closing"
    names = [s.name for s in room.seats]
    for moment, raw in zip(summary["moments"], expected, strict=True):
        for lang in ("es", "en"):
            assert "{p" not in moment[lang]
            for seat in moment["seats"]:
                assert f"{{p{seat}}}" not in raw[lang] or names[seat] in moment[lang]
    assert summary["id"] == game_id(h)


def test_a_game_is_replayable_after_a_restart_and_after_a_new_game_in_its_room(tmp_path):
    h, _ = played_to_the_end("tren", tmp_path)
    played = game_id(h)
    steps = len(h.room.game.log) + 1
    assert h.host("new_game")["ok"]             # the room's own moves are cleared
    h.lobby.store.close()
    again = Harness(data_dir=tmp_path)
    web = again.app.test_client()
    summary = web.get(f"/api/replays/{played}").get_json()
    assert summary["ok"] and summary["steps"] == steps
    assert again.lobby.store.played()[0]["replay"] is True
    last = web.get(f"/api/replays/{played}/views?from={steps - 1}&count=5").get_json()
    assert len(last["views"]) == 1 and last["views"][0]["phase"] == "game_over"


def test_a_game_recorded_before_replays_were_kept_gets_its_moves_when_its_room_returns(tmp_path):
    h, _ = played_to_the_end("tren", tmp_path)
    played = game_id(h)
    h.lobby.store.close()
    db = sqlite3.connect(tmp_path / "sobremesa.sqlite3")
    db.execute("UPDATE played SET log = NULL")        # as an older host recorded it
    db.commit()
    db.close()
    again = Harness(data_dir=tmp_path)                  # its room is still on the live list
    assert again.app.test_client().get(f"/api/replays/{played}").get_json()["ok"]


def test_an_older_file_gains_the_log_column_and_its_games_say_they_cannot_be_replayed(tmp_path):
    path = tmp_path / "sobremesa.sqlite3"
    db = sqlite3.connect(path)
    db.executescript(history.SCHEMA.replace("    log TEXT,\n", ""))
    db.execute("PRAGMA user_version = 2")
    db.execute("INSERT INTO played (room, seed, game, kind, options, started, finished, "
               "players, rounds) VALUES ('OLD1', 1, 'tren', 'table', '{}', 0, 1, ?, '[]')",
               (json.dumps(row(1, "tren", [("Abuela", 1), ("Tío", 2)])["players"]),))
    db.commit()
    db.close()
    h = Harness(data_dir=tmp_path)
    [played] = h.lobby.store.played()
    assert played["replay"] is False
    answer = h.app.test_client().get(f"/api/replays/{played['id']}")
    assert answer.status_code == 409 and answer.get_json()["error"]["code"] == "no_replay"
    assert h.lobby.store._db.execute("PRAGMA user_version").fetchone()[0] == 3


@pytest.mark.parametrize("path, status, code", [
    ("/api/replays/999", 404, "unknown_played"),
    ("/api/replays/999/views?from=0", 404, "unknown_played"),
    ("/api/replays/{id}/views?from=-1", 400, "malformed"),
    ("/api/replays/{id}/views?from=abc", 400, "malformed"),
    ("/api/replays/{id}/views?from=99999", 400, "malformed"),
    ("/api/replays/{id}/views?from=0&count=0", 400, "malformed"),
    ("/api/replays/{id}/views?from=0&count=1e9", 400, "malformed"),
    ("/api/replays/room/NOPE", 404, "unknown_room"),
])
def test_bad_replay_requests_are_refused_in_words(path, status, code, caplog):
    h, _ = played_to_the_end("tren")
    with caplog.at_level(logging.WARNING):
        answer = h.app.test_client().get(path.format(id=game_id(h)))
    assert answer.status_code == status
    error = answer.get_json()["error"]
    assert error["code"] == code and error["es"] and error["en"]
    assert not [r for r in caplog.records if r.exc_info]


def test_a_game_still_being_played_has_no_replay():
    h = Harness(game="tren")
    h.phone("Abuela")
    assert h.host("add_bot", level="facil")["ok"]
    assert h.host("start")["ok"]
    answer = h.app.test_client().get(f"/api/replays/room/{h.code}")
    assert answer.status_code == 409 and answer.get_json()["error"]["code"] == "not_finished"


def test_a_removed_game_and_a_damaged_log_are_not_replayed(tmp_path, caplog):
    h, _ = played_to_the_end("tren", tmp_path)
    played, web = game_id(h), h.app.test_client()
    assert web.get(f"/api/replays/{played}").status_code == 200
    h.lobby.store.record_game(row(2, "tren", [("Abuela", 1), ("Tío", 2)]))
    damaged = next(p["id"] for p in h.lobby.store.played() if p["id"] != played)
    h.lobby.store._db.execute("UPDATE played SET log = ? WHERE id = ?",
                              (json.dumps({"options": {}, "actions": [[0, {"type": "fly"}]]}),
                               damaged))
    with caplog.at_level(logging.WARNING):
        answer = web.get(f"/api/replays/{damaged}")
    assert answer.status_code == 409 and answer.get_json()["error"]["code"] == "replay_damaged"
    assert not [r for r in caplog.records if r.exc_info]
    assert h.house("history_remove", id=played)["ok"]
    assert web.get(f"/api/replays/{played}").status_code == 404


def test_the_names_merged_after_a_replay_was_built_show_in_it():
    h, _ = played_to_the_end("tren", people=("Abuela",))
    played, web = game_id(h), h.app.test_client()
    assert web.get(f"/api/replays/{played}").get_json()["seats"][0]["name"] == "Abuela"
    h.lobby.store.record_game(row(3, "tren", [("Yaya", 1), ("Tío", 2)]))
    assert h.house("history_merge", **{"from": "Abuela", "into": "Yaya"})["ok"]
    assert web.get(f"/api/replays/{played}").get_json()["seats"][0]["name"] == "Yaya"
