"""The bots' process keeps one bot per seat: a bot whose plan went stale (a new game, another
level, a table that moved on) is replaced, never kept beside the new one until a cap."""
import pickle

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
