"""A difícil player thinks as soon as it is its turn and makes its move when the pace says
(its search no longer comes on top of the computers' wait); the other levels wait, then think."""
import functools

import pytest

from engine import search
from engine.tren.game import Tren
from tests.server.conftest import Harness, ManualScheduler


def task_names(scheduler):
    def name(fn):
        while isinstance(fn, functools.partial):
            inner = fn.args[0] if fn.args and callable(fn.args[0]) else None
            if fn.func.__name__ in ("_bot_move", "_bot_act"):
                return fn.func.__name__
            fn = inner
        return getattr(fn, "__name__", "")
    return [(delay, name(fn)) for delay, fn in scheduler.tasks]


@pytest.fixture
def dificil_offered(monkeypatch):
    monkeypatch.setattr(Tren, "bot_levels", ("facil", "normal", "dificil"))


# The computers' pace: long enough that a search slowed by a busy machine never uses it all (the
# move would then come at once, rightly, and the test could not see it wait).
PACE = 20.0


def tren_with_bot(level, scheduler):
    h = Harness(game="tren", scheduler=scheduler, bot_delay=PACE)
    assert h.host("add_bot", level=level)["ok"]
    assert h.host("add_bot", level="normal")["ok"]
    assert h.host("set_options", options={"rounds": 1})["ok"]
    assert h.host("start")["ok"]
    return h


def run_until_seat_thinks(h, scheduler, seat):
    for _ in range(200):
        if h.room.game.actors() == [seat] and seat in h.room.bots_pending:
            return
        scheduler.tasks.sort(key=lambda task: task[0])
        scheduler.tasks.pop(0)[1]()
    raise AssertionError(f"seat {seat} never had its turn")


def test_a_searching_player_thinks_at_once_and_moves_at_the_pace(dificil_offered):
    scheduler = ManualScheduler()
    h = tren_with_bot("dificil", scheduler)
    run_until_seat_thinks(h, scheduler, 0)
    thinking = [(d, n) for d, n in task_names(scheduler) if n == "_bot_move"]
    assert thinking == [(0, "_bot_move")]
    moves = len(h.room.game.log)
    scheduler.tasks.sort(key=lambda task: task[0])
    scheduler.tasks.pop(0)[1]()                        # it thinks...
    assert len(h.room.game.log) == moves               # ...and has not moved yet
    acting = [d for d, n in task_names(scheduler) if n == "_bot_act"]
    assert len(acting) == 1 and 0 < acting[0] <= PACE   # what is left of the pace
    assert 0 in h.room.bots_pending                    # nobody wakes it twice meanwhile
    scheduler.tasks.sort(key=lambda task: task[0])
    while scheduler.tasks and task_names(scheduler)[0][1] != "_bot_act":
        scheduler.tasks.pop(0)[1]()
    scheduler.tasks.pop(0)[1]()
    assert len(h.room.game.log) == moves + 1 and h.room.game.log[-1][0] == 0


def test_a_searching_players_move_is_dropped_when_the_table_moved_on(dificil_offered):
    scheduler = ManualScheduler()
    h = tren_with_bot("dificil", scheduler)
    run_until_seat_thinks(h, scheduler, 0)
    scheduler.tasks.sort(key=lambda task: task[0])
    scheduler.tasks.pop(0)[1]()                        # thought; the move waits
    assert h.host("pause")["ok"]
    act = next(fn for (d, n), (_, fn) in zip(task_names(scheduler), scheduler.tasks,
                                             strict=True) if n == "_bot_act")
    moves = len(h.room.game.log)
    act()
    assert len(h.room.game.log) == moves and 0 not in h.room.bots_pending


def test_the_other_levels_wait_and_then_think():
    scheduler = ManualScheduler()
    h = tren_with_bot("normal", scheduler)
    run_until_seat_thinks(h, scheduler, 0)
    assert [(d, n) for d, n in task_names(scheduler) if n == "_bot_move"] == [(PACE, "_bot_move")]


@pytest.mark.parametrize("game", ["ferrocarril", "canasta", "manipulacion", "tren"])
def test_every_game_offers_a_searching_player_that_plays_at_the_table(game, monkeypatch):
    """Each game lists difícil: the host takes it, and it thinks and moves through the same
    path as the others (a twentieth of its playouts here: the moves, not their strength)."""
    monkeypatch.setattr(search, "PLAYOUT_SHARE", 0.05)
    scheduler = ManualScheduler()
    h = Harness(game=game, scheduler=scheduler, bot_delay=0.5)
    assert h.host("add_bot", level="dificil")["ok"]
    assert h.host("add_bot", level="normal")["ok"]
    assert h.host("start")["ok"]
    assert h.room.seats[0].bot == "dificil"
    for _ in range(400):
        if sum(1 for seat, _ in h.room.game.log if seat == 0) >= 3:
            break
        scheduler.tasks.sort(key=lambda task: task[0])
        scheduler.tasks.pop(0)[1]()
    assert sum(1 for seat, _ in h.room.game.log if seat == 0) >= 3
