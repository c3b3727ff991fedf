"""Tren Mexicano's start over the protocol: the player holding the highest double puts it in the
hub and may end the turn there («Terminar turno» sends `pass`); and the games saved before that
start became the default (their records name no `start`) come back exactly as they were played.
"""
import json
import sqlite3

from engine.registry import GAMES
from tests.server.conftest import Harness, ManualScheduler, states
from tests.server.test_replays import all_views, game_id

DB = "sobremesa.sqlite3"


def a_table(options, data_dir=None, **harness):
    scheduler = ManualScheduler()
    h = Harness(data_dir=data_dir, game="tren", scheduler=scheduler, **harness)
    h.scheduler = scheduler
    phones = [h.phone("Abuela"), h.phone("Tío")]
    assert h.host("set_options", options=options)["ok"]
    assert h.host("start")["ok"]
    return h, phones


def test_the_opener_ends_the_turn_after_the_hub_double_from_the_phone():
    deal = {"hands": ["12-12 12-5 3-1", "11-11 9-2 4-0"], "fill": True}
    h, (abuela, tio) = a_table({"_deal": deal}, allow_test_deals=True)
    view = states(abuela)[-1]["game"]
    assert view["hub"] == "12-12" and view["turn"] == 0 and view["opening"]
    assert view["allowed"] == ["play", "pass"] and view["hand"] == ["12-5", "3-1"]
    hub = [e for e in view["events"] if e["type"] == "hub"]
    assert [e["seat"] for e in hub] == [0]                  # Abuela put it there
    reply = h.act(abuela, {"type": "draw"})
    assert reply["error"]["code"] == "tile_fits_no_draw"
    reply = h.act(abuela, {"type": "pass"})
    assert reply["ok"], reply
    tv = states(h.tv)[-1]["game"]
    assert tv["turn"] == 1 and not tv["opening"] and not tv["players"][0]["marker"]
    assert tv["players"][0]["tiles"] == 2 and not tv["trains"][0]["started"]
    assert tv["events"][-1] == {"n": tv["events"][-1]["n"], "type": "pass", "seat": 0,
                                "stop": True, "opening": True}
    assert states(tio)[-1]["game"]["allowed"] == ["draw"]      # an ordinary first turn


def test_an_opener_with_no_tile_for_the_hub_is_told_why_there_is_no_draw():
    deal = {"hands": ["12-12 9-5 3-1", "11-11 9-2 4-0"], "fill": True}
    h, (abuela, _) = a_table({"_deal": deal}, allow_test_deals=True)
    assert states(abuela)[-1]["game"]["allowed"] == ["pass"]
    error = h.act(abuela, {"type": "draw"})["error"]
    assert error["code"] == "opening_no_draw"
    assert "termina el turno" in error["es"].lower() and "end your turn" in error["en"].lower()
    assert h.act(abuela, {"type": "pass"})["ok"]


def test_a_room_saves_every_option_its_game_was_started_with(tmp_path):
    h, _ = a_table({"rounds": 1}, data_dir=tmp_path)
    assert h.room.options == {**GAMES["tren"].OPTIONS.defaults(), "rounds": 1}
    db = sqlite3.connect(tmp_path / DB)
    record = json.loads(db.execute("SELECT record FROM rooms WHERE code = ?",
                                   (h.code,)).fetchone()[0])
    assert record["options"]["start"] == "highest_double"


def older_save(tmp_path, code, options):
    """The room's record rewritten with `options`, as a host from before saved it."""
    db = sqlite3.connect(tmp_path / DB)
    record = json.loads(db.execute("SELECT record FROM rooms WHERE code = ?",
                                   (code,)).fetchone()[0])
    record["options"] = options
    db.execute("UPDATE rooms SET record = ? WHERE code = ?", (json.dumps(record), code))
    db.commit()
    db.close()


def test_a_game_saved_before_the_texts_start_was_the_default_comes_back_as_it_was(tmp_path):
    # Then the default set the round's double aside; the host had changed only the rounds.
    h, phones = a_table({"rounds": 3, "start": "engine"}, data_dir=tmp_path)
    for phone in phones:
        assert h.host("to_bot", seat=phone.seat_id)["ok"]
    h.scheduler.run_all(limit=30)
    assert h.room.status == "playing" and len(h.room.game.log) >= 10
    before = h.room.game.view(None)
    h.lobby.store.close()
    older_save(tmp_path, h.code, {"rounds": 3})
    again = Harness(data_dir=tmp_path, scheduler=ManualScheduler())
    assert again.lobby.damaged == {}
    room = again.lobby.rooms[h.code]
    assert room.game.view(None) == before and room.options["start"] == "engine"
    assert before["hub"] == "12-12" and before["start"] == "engine"


def test_a_finished_game_recorded_before_the_texts_start_was_the_default_replays(tmp_path):
    h, phones = a_table({"rounds": 1, "start": "engine"}, data_dir=tmp_path, round_end_shown=0)
    for phone in phones:
        assert h.host("to_bot", seat=phone.seat_id)["ok"]
    h.scheduler.run_all(limit=200_000)
    assert h.room.status == "finished"
    room, played = h.room, game_id(h)
    expected = [json.loads(json.dumps(v)) for v in GAMES["tren"].public_replay(
        len(room.seats), {"rounds": 1, "start": "engine"}, room.seed, room.game.to_json_log())]
    h.lobby.store.close()
    db = sqlite3.connect(tmp_path / DB)
    source = json.loads(db.execute("SELECT log FROM played WHERE id = ?", (played,)).fetchone()[0])
    assert source["options"]["start"] == "engine"
    source["options"] = {"rounds": 1}                   # as an older host kept it
    db.execute("UPDATE played SET log = ? WHERE id = ?", (json.dumps(source), played))
    db.commit()
    db.close()
    again = Harness(data_dir=tmp_path)
    web = again.app.test_client()
    summary = web.get(f"/api/replays/{played}").get_json()
    assert summary["ok"], summary
    assert all_views(web, played, summary["steps"]) == expected
