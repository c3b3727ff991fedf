"""The bots' process keeps one bot per seat: a bot whose plan went stale (a new game, another
level, a table that moved on) is replaced, never kept beside the new one until a cap; and its
searches stop at the host's clock limit."""
import multiprocessing
import os
import pickle
import socket
import threading
import time

from engine.registry import GAMES
from engine.search import SearchBot
from server import brains
from server.room import Room, Seat


class Plain:
    def __init__(self, seat):
        self.seat = seat

    def choose(self, view):
        return {"type": "pass"}


def test_a_seat_keeps_one_bot_however_often_its_plan_goes_stale(monkeypatch):
    monkeypatch.setattr(brains, "_BOTS", type(brains._BOTS)())
    monkeypatch.setattr(GAMES["ferrocarril"], "make_bot",
                        classmethod(lambda cls, level, seat, seed: Plain(seat)))
    room = Room("ABCD", "host", "ferrocarril", seats=[Seat("a", "Abuela", "#fff", bot="normal"),
                                                       Seat("b", "Tío", "#000", bot="facil")])
    view = pickle.dumps({})
    for game in range(20):                       # 20 games, each plan dropped 10 times
        room.seed = game
        for _ in range(10):
            for seat in (0, 1):
                level = room.seats[seat].bot
                brains._think("ferrocarril", level, seat, room.seed,
                              brains.plan_key(room, seat, level), view)
                room.bot_generation[seat] = room.bot_generation.get(seat, 0) + 1
    assert len(brains._BOTS) == 2
    kept = {place: bot.seat for place, (_, bot) in brains._BOTS.items()}
    assert kept == {("ABCD", 0): 0, ("ABCD", 1): 1}



class Telling(SearchBot):
    """A difícil player that answers with the deadline it was given."""

    def __init__(self):
        pass

    def choose(self, view, deadline=None):
        return {"type": "pass", "deadline": deadline}


def test_the_host_gives_difficil_a_deadline_and_the_bots_process_hands_it_on(monkeypatch):
    """A laptop too slow or busy for the search's budget keeps the table's pace: each request
    carries an instant `SEARCH_SECONDS` after the host asked (its wait in the bots' queue
    counts too), and difícil's search meets no new world after it."""
    monkeypatch.setattr(brains.ProcessBrains, "start", lambda self: None)
    monkeypatch.setattr(brains, "lower_priority", lambda niceness: None)   # not this process
    monkeypatch.setattr(brains, "_BOTS", type(brains._BOTS)())
    monkeypatch.setattr(GAMES["tren"], "make_bot", classmethod(
        lambda cls, level, seat, seed: Telling() if level == "dificil" else Plain(seat)))
    host = brains.ProcessBrains()
    ours, theirs = multiprocessing.Pipe()
    host._conn = ours
    threading.Thread(target=host._read, args=(ours,), daemon=True).start()
    child = threading.Thread(target=brains._serve, args=(theirs, 10), daemon=True)
    child.start()
    room = Room("ABCD", "host", "tren", seats=[Seat("a", "Abuela", "#fff", bot="dificil"),
                                                Seat("b", "Tío", "#000", bot="normal")])
    asked = time.monotonic()
    action = host.choose(room, 0, "dificil", host.private({}))
    assert asked + brains.SEARCH_SECONDS <= action["deadline"]
    assert action["deadline"] <= time.monotonic() + brains.SEARCH_SECONDS
    assert host.choose(room, 1, "normal", host.private({})) == {"type": "pass"}
    socket.socket(fileno=os.dup(ours.fileno())).shutdown(socket.SHUT_RDWR)   # the host goes
    child.join(timeout=10)
    assert not child.is_alive()
    assert 0 < brains.SEARCH_SECONDS < 1          # a decision within the second at p95
