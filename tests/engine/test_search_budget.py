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


class Clock:
    """The search's clock, moved on only by the playouts (`Timed`)."""

    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Timed(Counting):
    """Counting's game, each playout taking `seconds` of `clock` (the first, `first`), and
    candidates to choose from: move 1 is worth one more in every world."""

    def __init__(self, clock: Clock, seconds: float, first: float | None = None):
        super().__init__(50)
        self.clock, self.seconds, self.first = clock, seconds, first

    def finish(self, world, rng: random.Random):
        first, self.first = self.first, None
        self.clock.now += self.seconds if first is None else first
        return super().finish(world, rng)

    def candidates(self, view) -> list[dict]:
        return list(MOVES)


def test_a_deadline_stops_new_worlds_for_every_candidate_alike(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(search, "clock", clock)
    judged = judge(Timed(clock, 1.0), {}, MOVES, playouts=40, seed=1, deadline=10.5)
    assert [len(j.results) for j in judged] == [5, 5]      # 2 s a world: a 6th would end at 12
    assert judged[0].results == judge(Counting(50), {}, MOVES, 40, 1)[0].results[:5]
    assert clock.now == 10.0


def test_a_world_the_deadline_passes_within_is_dropped(monkeypatch):
    """A seat holding thirty tiles: one playout alone goes past the deadline; the world is not
    finished for the other moves, and normal's move stands."""
    clock = Clock()
    monkeypatch.setattr(search, "clock", clock)
    judged = judge(Timed(clock, 1.0, first=5.0), {}, MOVES, playouts=40, seed=1, deadline=3.0)
    assert [len(j.results) for j in judged] == [0, 0]
    assert clock.now == 5.0
    assert best(judged, least_worlds=4).action == MOVES[0]


def test_a_search_cut_by_the_clock_below_the_least_worlds_keeps_normals_move(monkeypatch,
                                                                              full_search):
    """The host's deadline on a machine too slow for the budget: the same bot, the same view,
    normal's move instead of the better one it finds with its worlds."""
    clock = Clock()
    monkeypatch.setattr(search, "clock", clock)
    bot = SearchBot(0, 1, Timed(clock, 1.0), fallback=None, playouts=40)
    assert bot.choose({}) == MOVES[1]
    clock.now = 0.0
    assert bot.choose({}, deadline=2.5) == MOVES[0]
    assert [len(j.results) for j in bot.last] == [1, 1]     # a 2nd world would end at 4
