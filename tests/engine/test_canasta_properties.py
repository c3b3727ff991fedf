"""Property tests: random seeded Canasta Ferroviaria bot games keep every invariant after every
action (every card once, sound melds, one open meld per rank, scores the sum of the rounds); a
replayed log gives the same game; no view shows a card hidden from its reader; `allowed` lists
only what the rules let a seat do."""
import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine.canasta import Canasta
from engine.canasta.bots import LEVELS, make_bot
from engine.cards import FRENCH
from engine.game import GameError
from engine.simulate import next_move, play

seeds = st.integers(min_value=0, max_value=2**32 - 1)
players = st.integers(min_value=2, max_value=6)
levels = st.lists(st.sampled_from(LEVELS), min_size=1, max_size=6)
SLOW = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
QUICK = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.slow
@SLOW
@given(seed=seeds, n=st.integers(min_value=2, max_value=4), bot_levels=levels)
def test_bot_games_to_5000_keep_every_invariant(seed, n, bot_levels):
    outcome = play(n, seed, bot_levels, check=True, options={"target": 5000},
                   game_name="canasta")
    assert outcome.violations == []
    assert outcome.result is not None and len(outcome.result["scores"]) == n


@QUICK
@given(seed=seeds, n=players)
def test_the_first_turns_keep_every_invariant_and_replay_identically(seed, n):
    game = Canasta.new(n, None, seed)
    bots = [make_bot(LEVELS[s % 2], s, seed) for s in range(n)]
    for _ in range(120):
        if game.finished:
            break
        game.apply(*next_move(game, bots))
        assert game.audit() == []
    again = Canasta.replay(n, None, seed, json.loads(json.dumps(game.log)))
    for seat in [None, *range(n)]:
        assert again.view(seat) == game.view(seat)
    assert again.stock == game.stock and again.hands == game.hands


@QUICK
@given(seed=seeds, n=players)
def test_no_view_shows_another_hand_a_kitty_or_the_stock(seed, n):
    game = Canasta.new(n, None, seed)
    bots = [make_bot("normal", s, seed) for s in range(n)]
    for _ in range(80):
        if game.finished:
            break
        game.apply(*next_move(game, bots))
        tv = game.view(None)
        assert "hand" not in tv and "kitty_cards" not in tv
        for s in range(n):
            view = game.view(s)
            if not game.kitty_seen[s]:
                assert view["kitty_cards"] is None
            assert sorted(view["hand"]) == sorted(FRENCH.format(c) for c in game.hands[s])


@QUICK
@given(seed=seeds, n=players)
def test_allowed_types_that_need_no_fields_are_accepted(seed, n):
    game = Canasta.new(n, None, seed)
    bots = [make_bot("normal", s, seed) for s in range(n)]
    for _ in range(80):
        if game.finished:
            break
        seat = game.turn
        for kind in game.allowed(seat):
            if kind in ("draw", "take_top", "no_discard"):
                try:
                    game.check(seat, {"type": kind})
                except GameError as error:      # pragma: no cover - the failure message
                    raise AssertionError((kind, error.code)) from None
        game.apply(*next_move(game, bots))
