"""The host pauses and resumes a game (timers keep the time they had left, nobody moves
meanwhile, a restart keeps the pause) and sets the computer players' pace."""
import time

from engine.ferrocarril.rules import DEAL_SHOW_SECONDS
from tests.server.conftest import Harness, ManualScheduler


def playing(harness, bots=0, **options):
    phones = [harness.phone("Abuela"), harness.phone("Tío")]
    for _ in range(bots):
        assert harness.host("add_bot", level="facil")["ok"]
    if options:
        assert harness.host("set_options", options=options)["ok"]
    assert harness.host("start")["ok"]
    return phones


def left(room, name):
    return room.timers[name].deadline - time.monotonic()


def test_a_pause_freezes_the_buy_window_and_a_resume_gives_back_the_time_it_had():
    h = Harness(bot_delay=30)
    playing(h, buy_seconds=10)
    assert "buy_window" in h.room.timers           # the round's first card is for sale
    time.sleep(0.3)
    before = left(h.room, "buy_window")
    assert h.host("pause")["ok"]
    assert h.room.timers == {} and h.room.paused
    shown = h.room.summary()
    assert shown["paused"] is True
    assert [t["name"] for t in shown["timers"]] == ["buy_window"]
    assert abs(shown["timers"][0]["remaining"] - before) < 0.2 and shown["timers"][0]["paused"]
    # The screens draw the frozen ring's share (of the first window: after the deal's time).
    assert shown["timers"][0]["seconds"] == 10 + DEAL_SHOW_SECONDS
    time.sleep(0.5)                               # paused time does not count
    assert h.host("resume")["ok"]
    assert not h.room.paused and h.room.summary()["paused"] is False
    assert abs(left(h.room, "buy_window") - before) < 0.2


def test_while_paused_a_move_is_refused_and_changes_nothing():
    h = Harness(bot_delay=30)
    abuela, tio = playing(h)
    assert h.host("pause")["ok"]
    log = list(h.room.game.log)
    for client in (abuela, tio):
        reply = h.act(client, {"type": "pass"})
        assert reply["ok"] is False and reply["error"]["code"] == "paused"
        assert reply["error"]["es"] == "La partida está en pausa."
    reply = h.host("act", action={"type": "close_buy"})
    assert reply["ok"] is False and reply["error"]["code"] == "paused"
    assert h.room.game.log == log
    assert h.host("resume")["ok"]
    assert h.act(abuela, {"type": "pass"})["ok"] or h.act(tio, {"type": "pass"})["ok"]


def test_computer_players_wait_while_the_game_is_paused():
    scheduler = ManualScheduler()
    h = Harness(scheduler=scheduler)
    playing(h, bots=2)
    assert h.host("pause")["ok"]
    moves = len(h.room.game.log)
    scheduler.run_all(limit=200)
    assert len(h.room.game.log) == moves and not h.room.bots_pending
    assert h.host("resume")["ok"]
    scheduler.run_all(limit=20)
    assert len(h.room.game.log) > moves


def test_the_fast_pace_shortens_the_computers_thinking_time():
    scheduler = ManualScheduler()
    h = Harness(scheduler=scheduler, bot_delay=1.0)
    playing(h, bots=2)
    normal = max(delay for delay, _ in scheduler.tasks if delay < 5)
    scheduler.tasks.clear()
    assert h.host("set_pace", fast=True)["ok"]
    assert h.room.summary()["fast"] is True
    h.room.bots_pending.clear()
    h.lobby._rewake(h.room)
    fast = max(delay for delay, _ in scheduler.tasks if delay < 5)
    assert fast < normal / 2
    assert h.host("set_pace", fast="yes")["ok"] is False


def test_only_the_host_pauses_and_only_a_game_in_play(harness):
    reply = harness.host("pause")
    assert reply["ok"] is False and reply["error"]["code"] == "no_game"
    playing(harness)
    reply = harness.tv.emit("host", {"room": harness.code, "host_token": "not-it",
                                     "command": "pause", "args": {}}, callback=True)
    assert reply["error"]["code"] == "not_host" and not harness.room.paused


def test_a_paused_game_stays_paused_across_a_restart_with_its_time_left(tmp_path):
    h = Harness(data_dir=tmp_path, bot_delay=30)
    playing(h, buy_seconds=10)
    assert h.host("pause")["ok"]
    before = h.room.summary()["timers"][0]["remaining"]
    code, token = h.code, h.host_token
    again = Harness(data_dir=tmp_path, bot_delay=30)
    room = again.lobby.rooms[code]
    assert room.paused and room.timers == {}
    assert abs(room.summary()["timers"][0]["remaining"] - before) < 0.2
    reply = again.tv.emit("host", {"room": code, "host_token": token, "command": "resume",
                                   "args": {}}, callback=True)
    assert reply["ok"]
    assert abs(left(room, "buy_window") - before) < 0.3
