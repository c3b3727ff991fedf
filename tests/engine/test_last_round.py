"""«Última ronda» (issue 27, point 4): the host's system move `last_round` ends the game when
the round in play ends (called between rounds, the next one), scored as usual, and the table
reads why; refused `not_now` where that round ends the game anyway, `host_decides` from a seat,
`already_last_round` twice. It is in the log, so a replay or a restart ends the same way."""
import pytest

from engine.game import GAME_OVER, ROUND_OVER
from engine.registry import GAMES
from engine.simulate import next_move

TABLES = [("ferrocarril", {}), ("tren", {"rounds": 7}), ("canasta", {"target": 5000}),
          ("manipulacion", {}), ("manipulacion", {"ruleset": "shanghai"})]
CALL = {"type": "last_round"}


def new(name, options, seed=3):
    cls = GAMES[name]
    game = cls.new(2, options, seed)
    return game, [cls.make_bot("normal", s, seed) for s in range(2)]


def play_until(game, bots, done, limit=4000):
    for _ in range(limit):
        if done(game):
            return
        seat, action = next_move(game, bots)
        game.apply(seat, action)
    raise AssertionError("never got there")


def refused(game, seat, code):
    with pytest.raises(Exception) as caught:
        game.apply(seat, CALL)
    assert getattr(caught.value, "code", None) == code, caught.value


@pytest.mark.parametrize("name,options", TABLES, ids=lambda v: v if isinstance(v, str) else "")
def test_called_in_play_the_game_ends_with_this_round_scored_as_usual(name, options):
    game, bots = new(name, options)
    play_until(game, bots, lambda g: len(g.log) >= 6 and g.phase not in (ROUND_OVER, GAME_OVER))
    assert game.view(None)["final_round"] is None
    game.apply(None, CALL)
    told = game.view(None)["final_round"]
    assert told["es"].startswith("Última ronda") and told["en"].startswith("Last round")
    assert game.view(0)["final_round"] == told                 # the players read it too
    event = game.events[-1]
    assert event["type"] == "last_round" and event["round"] == 1 and event["es"] == told["es"]
    refused(game, None, "already_last_round")
    play_until(game, bots, lambda g: g.phase in (ROUND_OVER, GAME_OVER))
    assert game.phase == GAME_OVER and len(game.round_results) == 1
    assert game.result()["scores"] == game.scores == game.round_results[0]["totals"]
    assert game.view(None)["final_round"] is None               # the podium, no more notice
    again = type(game).replay(2, options, 3, game.to_json_log())
    assert again.phase == GAME_OVER and again.result() == game.result()


@pytest.mark.parametrize("name,options", TABLES[:3], ids=lambda v: v if isinstance(v, str) else "")
def test_called_between_rounds_the_next_round_is_the_last(name, options):
    game, bots = new(name, options)
    play_until(game, bots, lambda g: g.phase == ROUND_OVER)
    game.apply(None, CALL)
    assert game.events[-1]["round"] == 2
    play_until(game, bots, lambda g: g.phase == GAME_OVER or len(g.round_results) == 2)
    assert game.phase == GAME_OVER and len(game.round_results) == 2


def test_only_the_host_calls_it():
    game, _ = new("tren", {"rounds": 7})
    refused(game, 0, "host_decides")
    assert game.final_round is False and game.view(None)["final_round"] is None


@pytest.mark.parametrize("name,options", [("tren", {"rounds": 1}),
                                          ("manipulacion", {"ruleset": "vaticano"}),
                                          ("manipulacion", {"ruleset": "tahiti"})])
def test_refused_where_the_game_has_a_single_round(name, options):
    game, _ = new(name, options)
    refused(game, None, "not_now")
    assert game.log == []


def test_ferrocarril_says_it_ends_with_the_points_so_far_and_not_in_its_seventh_round():
    game, bots = new("ferrocarril", {})
    game.apply(None, CALL)
    assert "con los puntos de ahora" in game.view(None)["final_round"]["es"]
    last, _ = new("ferrocarril", {})
    last.round = 6
    refused(last, None, "not_now")


@pytest.mark.parametrize("name,options,open_", [("tren", {"rounds": 7}, True),
                                                ("tren", {"rounds": 1}, False),
                                                ("manipulacion", {"ruleset": "vaticano"}, False),
                                                ("canasta", {}, True)])
def test_the_view_says_whether_the_host_may_call_it(name, options, open_):
    game, _ = new(name, options)
    assert game.view(None)["last_round_open"] is open_
    if open_:
        game.apply(None, CALL)
        assert game.view(None)["last_round_open"] is False
