"""`round_scores()` in the engine contract: each finished round's points per seat, which the
family history records with the result. They add up to the final scores, and replay alike."""
import pytest

from engine.registry import GAMES
from engine.simulate import next_move

SHORT = {"tren": {"rounds": 3}, "manipulacion": {"ruleset": "guadalupe"}}


@pytest.mark.parametrize("name", sorted(SHORT))
def test_round_scores_add_up_to_the_result_and_replay_alike(name):
    cls = GAMES[name]
    game = cls.new(2, SHORT[name], seed=7)
    assert game.round_scores() == []
    bots = [cls.make_bot(cls.bot_levels[0], s, 7) for s in range(2)]
    for _ in range(20_000):
        if game.finished:
            break
        game.apply(*next_move(game, bots))
    assert game.finished
    rounds = game.round_scores()
    assert len(rounds) == len(game.round_results) >= 1
    assert all(len(points) == 2 for points in rounds)
    assert [sum(column) for column in zip(*rounds, strict=True)] == game.result()["scores"]
    again = cls.replay(2, SHORT[name], 7, game.log)
    assert again.round_scores() == rounds
