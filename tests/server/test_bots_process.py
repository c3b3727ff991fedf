"""The bots' process keeps one bot per seat: a bot whose plan went stale (a new game, another
level, a table that moved on) is replaced, never kept beside the new one until a cap; and its
searches stop at the host's clock limit."""
import multiprocessing
import pickle
import threading

from engine import search
from engine.registry import GAMES
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


class Telling:
    """A bot that answers with the search's clock limit as it thinks."""

    def choose(self, view):
        return {"type": "pass", "limit": search.THINK_SECONDS}


def test_the_bots_process_cuts_difficils_searches_at_the_hosts_limit(monkeypatch):
    """A laptop too slow or busy for the search's budget keeps the table's pace: in the bots'
    process a search meets no new world after `SEARCH_SECONDS` (engine/search.THINK_SECONDS)."""
    monkeypatch.setattr(brains, "lower_priority", lambda niceness: None)   # not this process
    monkeypatch.setattr(search, "THINK_SECONDS", None)                      # undone afterwards
    monkeypatch.setattr(brains, "_BOTS", type(brains._BOTS)())
    monkeypatch.setattr(GAMES["tren"], "make_bot",
                        classmethod(lambda cls, level, seat, seed: Telling()))
    ours, theirs = multiprocessing.Pipe()
    child = threading.Thread(target=brains._serve, args=(theirs, 10, brains.SEARCH_SECONDS))
    child.start()
    ours.send((1, "tren", "dificil", 0, 0, (("ABCD", 0), ("tren", 0, "dificil", 0)),
               pickle.dumps({})))
    assert ours.recv() == (1, {"type": "pass", "limit": brains.SEARCH_SECONDS}, None)
    ours.close()
    child.join(timeout=10)
    assert not child.is_alive()
    assert 0 < brains.SEARCH_SECONDS < 1          # a decision within the second at p95
