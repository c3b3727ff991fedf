"""Timers, bots, people who step away, and a host restarted mid-game."""
import json

import pytest

from engine.ferrocarril.rules import DEAL_SHOW_SECONDS
from tests.server.conftest import Harness, ManualScheduler, states


def test_the_buy_window_timer_closes_the_window_through_the_engine():
    scheduler = ManualScheduler()
    h = Harness(scheduler=scheduler)
    h.phone("Abuela"), h.phone("Tío")
    h.host("set_options", options={"buy_seconds": 4})
    h.host("start")
    # The round's first window opens with the deal: its clock runs the time the new hands are
    # in sight, then the 4 s to answer.
    assert [delay for delay, _ in scheduler.tasks] == [4 + DEAL_SHOW_SECONDS]
    assert h.room.summary()["timers"][0]["name"] == "buy_window"
    scheduler.run_all()
    assert h.room.game.window is None
    assert h.room.game.log[-1] == (None, {"type": "close_buy"})
    assert h.room.summary()["timers"] == []


def test_a_phone_learns_when_the_first_window_asks_once_its_hand_has_been_seen():
    """What the phone reads to show the round's first ¡Compro! only after the deal: the room's
    timer (its full length) and the window's own seconds to answer and `shown_after`."""
    scheduler = ManualScheduler()
    h = Harness(scheduler=scheduler)
    phones = [h.phone("Abuela"), h.phone("Tío")]
    abuela = phones[0]
    h.host("set_options", options={"buy_seconds": 4})
    abuela.get_received()
    h.host("start")
    state = states(abuela)[-1]
    timer = next(t for t in state["room"]["timers"] if t["name"] == "buy_window")
    window = state["game"]["buy_window"]
    assert state["game"]["hand"] and window["discarder"] is None
    assert timer["seconds"] == window["shown_after"] + window["seconds"]
    assert (window["seconds"], window["shown_after"]) == (4, DEAL_SHOW_SECONDS)
    # A window after a discard asks at once, for its own seconds.
    scheduler.run_all()
    game = h.room.game
    phone = next(p for p in phones if p.seat_id == h.room.seats[game.turn].id)
    assert h.act(phone, {"type": "draw"})["ok"]
    assert h.act(phone, {"type": "discard", "card": game.view(game.turn)["hand"][0]})["ok"]
    state = states(abuela)[-1]
    assert state["game"]["buy_window"]["shown_after"] == 0
    assert [t["seconds"] for t in state["room"]["timers"] if t["name"] == "buy_window"] == [4]


def test_a_stale_timer_does_nothing_once_everybody_answered():
    scheduler = ManualScheduler()
    h = Harness(scheduler=scheduler)
    phones = [h.phone("Abuela"), h.phone("Tío")]
    h.host("start")
    for seat in list(h.room.game.window.priority):
        assert h.act(phones[seat], {"type": "pass"})["ok"]
    log_length = len(h.room.game.log)
    scheduler.run_all()
    assert len(h.room.game.log) == log_length


@pytest.mark.slow
def test_bots_play_a_whole_game_to_the_podium():
    scheduler = ManualScheduler()
    h = Harness(scheduler=scheduler)
    for level in ("facil", "normal", "facil"):
        assert h.host("add_bot", level=level)["ok"]
    h.host("start")
    scheduler.run_all(limit=50_000)
    assert h.room.status == "finished"
    result = states(h.tv)[-1]["game"]["result"]
    assert sorted(result["ranking"]) == [0, 1, 2]


def test_a_phone_away_too_long_is_played_by_a_bot_until_it_returns():
    scheduler = ManualScheduler()
    h = Harness(scheduler=scheduler, away_timeout=0)
    abuela = h.phone("Abuela")
    h.phone("Tío")
    h.host("start")
    abuela.disconnect()
    h.lobby.sweep_away()
    seat = h.room.seats[0]
    assert seat.autoplay and seat.token
    scheduler.run_all(limit=40)           # the bot plays Abuela's turns meanwhile
    moves = [s for s, _ in h.room.game.log if s == 0]
    assert moves
    back = h.phone("Abuela", token=abuela.token)
    assert back.seat_id == seat.id and not seat.autoplay


def test_the_host_hands_a_seat_to_a_bot_and_back():
    h = Harness(scheduler=ManualScheduler())
    abuela = h.phone("Abuela")
    h.phone("Tío")
    h.host("start")
    assert h.host("to_bot", seat=abuela.seat_id)["ok"]
    assert h.room.seats[0].played_by_bot
    assert h.host("to_human", seat=abuela.seat_id)["ok"]
    assert not h.room.seats[0].played_by_bot


def test_a_restarted_host_resumes_every_unfinished_game_exactly(tmp_path):
    scheduler = ManualScheduler()
    first = Harness(data_dir=tmp_path, scheduler=scheduler)
    abuela, tio = first.phone("Abuela"), first.phone("Tío")
    first.host("add_bot", level="normal")
    first.host("start")
    for phone in (abuela, tio):           # bots play for them a while
        first.host("to_bot", seat=phone.seat_id)
    scheduler.run_all(limit=120)
    for phone in (abuela, tio):
        first.host("to_human", seat=phone.seat_id)
    game = first.room.game
    assert len(game.log) > 5 and not game.finished
    views = {seat: json.dumps(game.view(seat), sort_keys=True) for seat in (None, 0, 1, 2)}
    code = first.code

    second = Harness(data_dir=tmp_path, scheduler=ManualScheduler())  # "kill -9" and start again
    restored = second.lobby.rooms[code]
    assert restored.status == "playing"
    assert [s.name for s in restored.seats] == ["Abuela", "Tío", "Robotina"]
    for seat, view in views.items():
        assert json.dumps(restored.game.view(seat), sort_keys=True) == view
    phone = second.socketio.test_client(second.app)
    reply = phone.emit("join", {"room": code, "name": "Abuela", "token": abuela.token},
                       callback=True)
    assert reply["ok"] and reply["seat_id"] == abuela.seat_id
    assert states(phone)[-1]["game"]["hand"] == json.loads(views[0])["hand"]
    watched = second.tv.emit("watch", {"room": code, "host_token": first.host_token},
                             callback=True)
    assert watched["ok"] and watched["host"] is True


def test_a_lobby_survives_a_restart_with_its_seats(tmp_path):
    first = Harness(data_dir=tmp_path, scheduler=ManualScheduler())
    first.phone("Abuela")
    first.host("add_bot", level="facil")
    second = Harness(data_dir=tmp_path, scheduler=ManualScheduler())
    assert [s.name for s in second.lobby.rooms[first.code].seats] == ["Abuela", "Robotina"]
