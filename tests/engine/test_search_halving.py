"""engine/search.judge's successive halving: a move far behind stops meeting worlds (never
normal's, listed first), the playouts go to the moves still in contention, and `best` only
chooses among those."""
from engine import search
from engine.search import best, judge
from tests.engine.search_helpers import Noisy


def worlds_met(judged):
    return [len(j.results) for j in judged]


def test_a_move_far_behind_stops_and_the_rest_meet_more_worlds():
    moves = [{"n": 0}, {"n": 0.05}, {"n": -5}, {"n": -6}]
    judged = judge(Noisy(), {}, moves, playouts=80, seed=3)
    met = worlds_met(judged)
    assert met[2] == met[3] == 4                        # dropped after the first four worlds
    assert met[0] == met[1] == 4 + (80 - 16) // 2       # the playouts left went to the others
    assert sum(met) <= 80


def test_normals_move_is_never_dropped_however_far_behind():
    moves = [{"n": -5}, {"n": 0}, {"n": 0.02}]
    judged = judge(Noisy(), {}, moves, playouts=60, seed=3)
    assert worlds_met(judged)[0] == worlds_met(judged)[1] > 4
    assert best(judged).action == {"n": 0} or best(judged).action == {"n": 0.02}


def test_without_a_clear_loser_every_move_meets_every_world():
    moves = [{"n": 0}, {"n": 0.01}, {"n": 0.02}]
    assert worlds_met(judge(Noisy(), {}, moves, playouts=60, seed=3)) == [20, 20, 20]


def test_a_dropped_move_is_never_chosen():
    moves = [{"n": 0}, {"n": -5}, {"n": -6}, {"n": 0.01}]
    judged = judge(Noisy(), {}, moves, playouts=80, seed=3)
    assert best(judged).action in ({"n": 0}, {"n": 0.01})


def test_once_only_normals_move_is_left_the_search_stops_and_keeps_it():
    moves = [{"n": 0}, {"n": -5}, {"n": -6}]
    judged = judge(Noisy(), {}, moves, playouts=300, seed=3)
    assert worlds_met(judged) == [4, 4, 4]              # no worlds for normal's move alone
    assert best(judged).action == {"n": 0}


def test_with_two_moves_the_other_meets_every_world_however_far_behind():
    moves = [{"n": 0}, {"n": -5}]
    judged = judge(Noisy(), {}, moves, playouts=60, seed=3)
    assert worlds_met(judged) == [30, 30]           # dropping it would end the search
    assert best(judged).action == {"n": 0}


def test_a_bench_may_drop_the_other_of_two_after_pair_worlds(monkeypatch):
    monkeypatch.setattr(search, "PAIR_WORLDS", 8)
    judged = judge(Noisy(), {}, [{"n": 0}, {"n": -5}], playouts=60, seed=3)
    assert worlds_met(judged) == [8, 8]
    assert best(judged).action == {"n": 0}
