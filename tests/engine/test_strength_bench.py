"""bench/strength.py: the paired difference against normal in the same deals, and one game's
record (the share won, the searches' times, the moves that left normal's)."""
import pytest

from bench.strength import paired, play_one


def test_the_paired_difference_is_the_mean_of_the_differences_with_its_interval():
    mean, low, high = paired([1, 0, 1, 1], [0, 0, 1, 0])
    assert mean == pytest.approx(0.5)
    assert low < 0.5 < high and high - 0.5 == pytest.approx(0.5 - low)
    assert paired([1, 0, 0.5], [1, 0, 0.5]) == (0.0, 0.0, 0.0)     # the same games: no doubt


def test_one_game_records_the_seats_share_and_its_searches():
    job = ("tren", 2, 1, 5, {"rounds": 1}, 8, None, "dificil")
    won, thinking, changed = play_one(job)
    assert won in (0.0, 0.5, 1.0)
    assert thinking and all(t > 0 for t in thinking)
    assert 0 <= changed <= len(thinking)
    baseline = play_one(job[:-1] + ("normal",))
    assert baseline[1] == [] and baseline[2] == 0                 # normal never searches
