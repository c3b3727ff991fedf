"""Who dealt a game's first round is kept as `first_dealer` («otra partida» is dealt by the
next seat): drawn by the seed, set by the option, or given by an explicit deal (lessons,
tests), whose dealer counts too."""
import pytest

from engine.lessons import lessons_of
from engine.registry import GAMES


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_explicit_deals_dealer_is_the_first_dealer(name):
    lesson = lessons_of(name)[0]
    game_class = GAMES[name]
    for dealer in range(lesson.players):
        deal = {**lesson.deal, "dealer": dealer}
        game = game_class.new(lesson.players, {**lesson.options, "_deal": deal}, seed=0)
        assert game.dealer == dealer and game.first_dealer == dealer


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_seed_or_the_option_names_the_first_dealer(name):
    game_class = GAMES[name]
    players = max(3, game_class.min_players)
    drawn = {game_class.new(players, {}, seed).first_dealer for seed in range(12)}
    assert len(drawn) > 1
    for seed in range(12):
        game = game_class.new(players, {}, seed)
        assert game.first_dealer == game.dealer
    assert game_class.new(players, {"first_dealer": 2}, 5).first_dealer == 2
