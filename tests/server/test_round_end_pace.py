"""The end of a round stays on screen long enough to be read: computer players say they are
ready no sooner than ROUND_END_SHOWN seconds after the round ended, so a room of computers only
no longer flashes the scores by."""
from __future__ import annotations

import functools
import time

from server.rooms import ROUND_END_SHOWN
from tests.server.conftest import Harness, ManualScheduler


def bots_only_to_a_round_end(scheduler: ManualScheduler) -> Harness:
    h = Harness(scheduler=scheduler, bot_delay=1.0)
    for level in ("facil", "normal", "facil"):
        assert h.host("add_bot", level=level)["ok"]
    assert h.host("start")["ok"]
    for _ in range(20_000):
        if h.room.game.phase == "round_over":
            return h
        scheduler.tasks.sort(key=lambda task: task[0])
        _, fn = scheduler.tasks.pop(0)
        fn()
    raise AssertionError("the first round never ended")


def bot_moves(scheduler: ManualScheduler) -> list[float]:
    """The delays of the computer players' scheduled moves (not the game's timers)."""
    def is_bot_move(fn) -> bool:
        inner = fn.args[0] if isinstance(fn, functools.partial) and fn.args else None
        return isinstance(inner, functools.partial) \
            and getattr(inner.func, "__name__", "") == "_bot_move"
    return [delay for delay, fn in scheduler.tasks if is_bot_move(fn)]


def test_computers_wait_before_they_are_ready_between_rounds():
    scheduler = ManualScheduler()
    h = bots_only_to_a_round_end(scheduler)
    waits = bot_moves(scheduler)
    assert len(waits) == 3                                    # one for each computer player
    assert min(waits) >= ROUND_END_SHOWN - 0.5
    assert h.room.game.view(None)["ready"] == []


def test_in_play_computers_keep_their_own_pace():
    scheduler = ManualScheduler()
    h = Harness(scheduler=scheduler, bot_delay=1.0)
    for level in ("facil", "normal"):
        assert h.host("add_bot", level=level)["ok"]
    assert h.host("start")["ok"]
    seen = []
    for _ in range(40):
        if h.room.game.phase == "round_over":
            break
        seen += bot_moves(scheduler)
        scheduler.tasks.sort(key=lambda task: task[0])
        _, fn = scheduler.tasks.pop(0)
        fn()
    assert len(seen) >= 10 and max(seen) <= 1.5 + 1e-9


def test_a_computer_woken_late_in_the_round_end_waits_only_what_is_left():
    scheduler = ManualScheduler()
    h = bots_only_to_a_round_end(scheduler)
    h.room.round_over_since = time.monotonic() - (ROUND_END_SHOWN - 2)
    lobby = h.lobby
    assert 1.5 <= lobby._round_end_left(h.room, h.room.game) <= 2.0
    h.room.round_over_since = time.monotonic() - 60
    assert lobby._round_end_left(h.room, h.room.game) == 0.0
