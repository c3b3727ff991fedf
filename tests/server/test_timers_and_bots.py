"""Timers fire their own action; bots think outside the room's lock and never apply a move
for a table that has changed; views are built under the lock."""
import threading
import time

import pytest

from engine.ferrocarril.rules import DEAL_SHOW_SECONDS
from engine.game import Timer
from server.push import Pusher
from server.room import Room, Seat
from server.rooms import Lobby
from server.store import Store
from tests.server.conftest import Harness, ManualScheduler


class TwoTimerGame:
    """Just enough of a game to list two timers at once and record what is applied."""

    players = 1
    finished = False

    def __init__(self):
        self.log = []

    def timers(self):
        if self.log:
            return []
        return [Timer("first", 1, {"type": "one"}), Timer("second", 2, {"type": "two"})]

    def actors(self):
        return []

    def apply(self, seat, action):
        self.log.append((seat, action))

    def view(self, seat):
        return {}


def test_two_timers_listed_at_once_each_fire_their_own_action():
    scheduler = ManualScheduler()
    lobby = Lobby(Store(), Pusher(lambda c: {}, lambda *a: None, synchronous=True), scheduler)
    room = Room("TIME", "host", "ferrocarril", seats=[Seat("s", "Abuela", "#000")],
                status="playing")
    room.game = TwoTimerGame()
    lobby.rooms[room.code] = room
    lobby._sync_timers(room)
    assert sorted(delay for delay, _ in scheduler.tasks) == [1, 2]
    scheduler.tasks.sort(key=lambda task: task[0])
    scheduler.tasks.pop(0)[1]()          # "first" fires
    assert room.game.log == [(None, {"type": "one"})]


def test_a_bot_thinks_outside_the_rooms_lock_and_its_stale_move_is_dropped(monkeypatch):
    """While a bot thinks, the room is free; a person's move meanwhile makes its move stale."""
    thinking, release = threading.Event(), threading.Event()
    scheduler = ManualScheduler()
    h = Harness(scheduler=scheduler,
                compute=lambda fn: threading.Thread(target=fn, daemon=True).start())
    phones = [h.phone("Abuela"), h.phone("Tío")]
    h.host("start")
    room, game = h.room, h.room.game
    for seat in list(game.window.priority):        # both pass the upturned card
        assert h.act(phones[seat], {"type": "pass"})["ok"]

    class SlowBot:
        def choose(self, view):
            thinking.set()
            release.wait(5)
            return {"type": "draw"}

    monkeypatch.setattr(type(game), "make_bot",
                        classmethod(lambda cls, level, seat, seed: SlowBot()))
    turn = game.turn
    h.host("to_bot", seat=room.seats[turn].id)
    scheduler.run_all()
    assert thinking.wait(5)
    assert room.lock.acquire(timeout=1), "the room stays free while its bot thinks"
    room.lock.release()
    h.host("to_human", seat=room.seats[turn].id)
    assert h.act(phones[turn], {"type": "draw"})["ok"]          # the person moves first
    log = list(game.log)
    release.set()
    time.sleep(0.3)
    assert game.log == log, "the bot's move, thought for the old table, is not applied"
    assert room.bots_pending == set()


@pytest.mark.slow
def test_a_slow_bot_in_one_room_does_not_delay_a_timer_in_another(monkeypatch):
    """The real scheduler and worker pool: room A's bot thinks for up to 9 s; room B's first
    buy window (3 s, after the deal's DEAL_SHOW_SECONDS) still closes on time."""
    h = Harness()
    thinking, release = threading.Event(), threading.Event()

    class SleepyBot:
        def choose(self, view):
            thinking.set()
            release.wait(9)
            return None

    monkeypatch.setattr(h.room.game_class, "make_bot",
                        classmethod(lambda cls, level, seat, seed: SleepyBot()))
    abuela = h.phone("Abuela")
    h.phone("Tío")
    other = h.tv.emit("create_room", {"game": "ferrocarril"}, callback=True)
    b_room = h.lobby.rooms[other["room"]]
    b_host = {"room": other["room"], "host_token": other["host_token"]}
    for name in ("Nieta", "Primo"):
        h.socketio.test_client(h.app).emit("join", {"room": other["room"], "name": name},
                                           callback=True)
    assert h.tv.emit("host", {**b_host, "command": "set_options",
                              "args": {"options": {"buy_seconds": 3}}}, callback=True)["ok"]
    h.host("to_bot", seat=abuela.seat_id)
    h.host("start")
    try:
        assert thinking.wait(5)
        opened = time.monotonic()
        assert h.tv.emit("host", {**b_host, "command": "start", "args": {}}, callback=True)["ok"]
        while b_room.game.window is not None and time.monotonic() - opened < 9:
            time.sleep(0.02)
        closed_after = time.monotonic() - opened
    finally:
        release.set()
    assert b_room.game.window is None and closed_after < 3.6 + DEAL_SHOW_SECONDS, closed_after


def test_a_bot_waits_while_a_persons_move_is_on_its_way_but_never_long():
    from server.scheduler import PeopleFirst
    gate = PeopleFirst(linger=0.1, longest_wait=0.5)
    started = time.monotonic()
    gate.let_people_go_first()
    assert time.monotonic() - started < 0.05, "nobody is acting: no wait"
    with gate.person():
        pass
    started = time.monotonic()
    gate.let_people_go_first()
    waited = time.monotonic() - started
    assert 0.07 <= waited < 0.4, waited              # until the person's states have left
    busy = PeopleFirst(linger=5, longest_wait=0.2)
    with busy.person():
        started = time.monotonic()
        busy.let_people_go_first()
        assert 0.15 <= time.monotonic() - started < 0.5   # a bot is delayed, never stopped
