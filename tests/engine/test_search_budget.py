"""engine/search.judge: a budget of playout moves ends the search early, the same for every
candidate, and counts moves, not seconds; below the least worlds, normal's move stands. The
host's deadline stops it the same way."""
import random

from engine import search
from engine.search import SearchBot, best, judge


class Counting:
    """A game whose every playout takes `length` moves and whose value is the world's luck."""

    def __init__(self, length: int | None):
        self.length = length
        self.worlds = 0

    def world(self, view, rng: random.Random) -> dict:
        self.worlds += 1
        return {"luck": rng.random()}

    def play(self, world, action) -> None:
        world["move"] = action["n"]

    def finish(self, world, rng: random.Random):
        return self.length

    def value(self, world) -> float:
        return world["luck"] + world["move"]


MOVES = [{"n": 0}, {"n": 1}]


def test_without_a_budget_every_world_is_played():
    judged = judge(Counting(50), {}, MOVES, playouts=40, seed=1)
    assert [len(j.results) for j in judged] == [20, 20]


def test_a_budget_of_moves_stops_new_worlds_for_every_candidate_alike():
    rules = Counting(50)
    judged = judge(rules, {}, MOVES, playouts=40, seed=1, budget=500)
    assert [len(j.results) for j in judged] == [5, 5]      # 5 worlds x 2 moves x 50 >= 500
    assert rules.worlds == 10
    assert judged[0].results == judge(Counting(50), {}, MOVES, 40, 1)[0].results[:5]


def test_a_spent_budget_stops_even_below_the_least_worlds_and_normals_move_stands():
    # playouts far longer than usual (a seat holding thirty tiles): one world spends the budget
    judged = judge(Counting(1000), {}, MOVES, playouts=40, seed=1, least_worlds=4, budget=10)
    assert [len(j.results) for j in judged] == [1, 1]
    assert judged[1].mean > judged[0].mean                  # move 1 is worth more in every world
    assert best(judged, least_worlds=4).action == MOVES[0]
    assert best(judge(Counting(1000), {}, MOVES, 40, 1, least_worlds=4, budget=10_000),
                least_worlds=4).action == MOVES[1]          # with its worlds, the better move


def test_rules_that_do_not_count_moves_are_not_cut():
    judged = judge(Counting(None), {}, MOVES, playouts=40, seed=1, budget=10)
    assert [len(j.results) for j in judged] == [20, 20]


class Ticking:
    """A clock that moves one second each time it is read."""

    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_a_deadline_stops_new_worlds_for_every_candidate_alike(monkeypatch):
    monkeypatch.setattr(search, "clock", Ticking())      # read once before each world
    judged = judge(Counting(50), {}, MOVES, playouts=40, seed=1, deadline=6.5)
    assert [len(j.results) for j in judged] == [5, 5]      # a 6th would end at 7
    assert judged[0].results == judge(Counting(50), {}, MOVES, 40, 1)[0].results[:5]


def test_a_search_cut_by_the_clock_below_the_least_worlds_keeps_normals_move(monkeypatch,
                                                                              full_search):
    """The host's deadline on a machine too slow for the budget: the same bot, the same view,
    normal's move instead of the better one it finds with its worlds."""
    bot = SearchBot(0, 1, Choosing(), fallback=None, playouts=40)
    assert bot.choose({}) == MOVES[1]
    monkeypatch.setattr(search, "clock", Ticking())
    assert bot.choose({}, deadline=2.5) == MOVES[0]
    assert [len(j.results) for j in bot.last] == [1, 1]     # the world at 1; a 2nd would end at 3


class Choosing(Counting):
    """Candidates to choose from: move 1 is worth one more in every world."""

    def __init__(self):
        super().__init__(50)

    def candidates(self, view) -> list[dict]:
        return list(MOVES)
