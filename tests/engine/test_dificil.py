"""Difícil, in every game that offers it (engine/search.py): honest by construction (the
pieces its seat cannot see re-dealt, with its view unchanged, bring the same choice with the
same seed), and a real search (it compares moves and sometimes leaves normal's choice). That
every difícil move is legal: whole seeded games (a short match where the game has one) with
difícil seats at four, every invariant checked after every move (with a twentieth of its
playouts, as in the contract tests, whose mixed tables of two and three seats check each move
against `allowed`)."""
import random

import pytest

from engine import search
from engine.registry import GAMES
from engine.search import SURE, searching_games
from engine.simulate import next_move
from tests.engine.contract_helpers import bot_game, reshuffle_hidden

HARD = searching_games()


def searched_states(cls, seed: int, wanted: int, players: int = 2):
    """(game, seat, bot, its choice) at states where difícil compared moves, in a game of normal
    bots (each searched once: a search is what these tests cost)."""
    game = cls.new(players, None, seed)
    normal = [cls.make_bot("normal", s, seed) for s in range(players)]
    found = 0
    while not game.finished and found < wanted and len(game.log) < 2000:
        seat, action = next_move(game, normal)
        if seat is not None:
            hard = cls.make_bot("dificil", seat, 5)
            chosen = hard.choose(game.view(seat))
            if len(hard.last) > 1:
                found += 1
                yield game, seat, hard, chosen
        game.apply(seat, action)


@pytest.mark.parametrize("name", HARD)
def test_difficil_decides_from_its_view_alone(name, full_search):
    cls = GAMES[name]
    checked = 0
    for seed in (3, 8):
        for game, seat, _, chosen in searched_states(cls, seed, 2):
            view = game.view(seat)
            tampered = reshuffle_hidden(game, seat, random.Random(seed))
            if tampered is None:
                continue
            try:
                assert game.view(seat) == view          # the same view...
                again = cls.make_bot("dificil", seat, 5).choose(game.view(seat))
                assert again == chosen                  # ...the same choice
            finally:
                tampered.restore()
            checked += 1
    assert checked >= 3


@pytest.mark.parametrize("name", HARD)
def test_difficil_leaves_normals_move_only_for_one_clearly_better(name, full_search):
    cls = GAMES[name]
    searched = 0
    for game, seat, hard, chosen in searched_states(cls, 11, 12):
        searched += 1
        normal = cls.make_bot("normal", seat, 5).choose(game.view(seat))
        first = hard.last[0]
        assert first.action == normal                   # normal's move is the one to beat
        assert len(first.results) >= 4                  # normal's meets every world
        assert all(4 <= len(j.results) <= len(first.results) for j in hard.last)
        if chosen != normal:
            judged = next(j for j in hard.last if j.action == chosen)
            assert len(judged.results) == len(first.results)     # in contention to the end
            assert judged.margin_over(hard.last[0]) > SURE
    assert searched >= 10


# The short match where a game offers one (a whole game all the same, to its end).
SHORT_MATCH = {"canasta": {"target": 5_000}, "tren": {"rounds": 3}}


@pytest.mark.parametrize("name", HARD)
def test_every_difficil_move_is_legal_in_whole_games(name):
    cls = GAMES[name]
    players, seed = max(cls.min_players, min(4, cls.max_players)), 2

    def audited(game, seat, action):
        assert game.audit() == []

    game = bot_game(cls, players, SHORT_MATCH.get(name), seed, ["dificil", "normal"],
                    step=audited)
    assert game.finished and game.audit() == []


@pytest.mark.parametrize("name", HARD)
def test_a_deadline_already_past_meets_no_world_and_leaves_normals_move(name):
    """The host's deadline (a laptop too slow for the budget): every game's difícil hands it
    to the search, which then plays normal's move."""
    cls = GAMES[name]
    for game, seat, hard, _ in searched_states(cls, 11, 3):
        view = game.view(seat)
        normal = cls.make_bot("normal", seat, 5).choose(view)
        assert hard.choose(view, deadline=search.clock()) == normal
        assert len(hard.last) > 1 and all(j.results == () for j in hard.last)
