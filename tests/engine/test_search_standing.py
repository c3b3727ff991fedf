"""engine/search.standing: a playout's worth is the lead over the closest rival, and a win
besides where the playout ended the game."""
from engine.search import standing


def test_the_lead_is_over_the_closest_rival_not_the_average():
    totals = [40, 30, 200, 200]                     # lower wins: seat 1 leads seat 0 by 10
    assert standing(totals, 0, over=False, win_worth=50) == -10
    assert standing(totals, 1, over=False, win_worth=50) == 10


def test_higher_wins_where_the_game_says_so():
    assert standing([3000, 2500, 2900], 0, over=False, win_worth=1000,
                     lower_wins=False) == 100


def test_a_win_counts_only_once_the_game_is_over_and_a_tie_shares_it():
    assert standing([10, 30], 0, over=True, win_worth=50) == 20 + 50
    assert standing([30, 10], 0, over=True, win_worth=50) == -20
    assert standing([10, 10, 10], 0, over=True, win_worth=60) == 20
    assert standing([10, 10, 30], 2, over=True, win_worth=60) == -20
