"""Property tests: random seeded bot games keep every invariant after every action."""
import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine.cards import SPANISH
from engine.ferrocarril import Ferrocarril
from engine.ferrocarril.bots import LEVELS, make_bot
from engine.simulate import next_move, play

seeds = st.integers(min_value=0, max_value=2**32 - 1)
players = st.integers(min_value=2, max_value=5)
levels = st.lists(st.sampled_from(LEVELS), min_size=1, max_size=5)
SLOW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.slow
@SLOW
@given(seed=seeds, n=players, bot_levels=levels)
def test_bot_games_keep_every_card_valid_melds_and_consistent_scores(seed, n, bot_levels):
    outcome = play(n, seed, bot_levels, check=True)
    assert outcome.violations == []
    assert outcome.result is not None
    assert len(outcome.result["scores"]) == n


@SLOW
@given(seed=seeds, n=players)
def test_a_game_replayed_from_its_log_is_identical(seed, n):
    game = Ferrocarril.new(n, {"buy_seconds": 4}, seed)
    bots = [make_bot(LEVELS[s % 2], s, seed) for s in range(n)]
    for _ in range(400):
        if game.finished:
            break
        game.apply(*next_move(game, bots))
    again = Ferrocarril.replay(n, {"buy_seconds": 4}, seed, json.loads(json.dumps(game.log)))
    for seat in [None, *range(n)]:
        assert again.view(seat) == game.view(seat)
    assert again.stock == game.stock


@SLOW
@given(seed=seeds, n=players)
def test_no_view_shows_a_card_hidden_from_its_reader(seed, n):
    game = Ferrocarril.new(n, None, seed)
    bots = [make_bot("normal", s, seed) for s in range(n)]
    for _ in range(300):
        if game.finished:
            break
        tv = game.view(None)
        assert "hand" not in tv
        public = {k: v for k, v in tv.items() if k != "seat"}
        assert tv["players"][0].keys() == {"seat", "cards", "buys_left", "salido", "score"}
        for seat in range(n):
            view = game.view(seat)
            assert sorted(SPANISH.parse_all(view["hand"])) == sorted(game.hands[seat])
            assert {k: v for k, v in view.items()
                    if k not in ("seat", "hand", "allowed", "actions", "stolen_jokers")} == public
        game.apply(*next_move(game, bots))


def test_the_audit_notices_a_lost_card_a_broken_meld_and_wrong_scores():
    game = Ferrocarril.new(3, None, seed=5)
    assert game.audit() == []
    game.hands[0].pop()
    assert any(p.startswith("cards:") for p in game.audit())
    game = Ferrocarril.from_deal(["7o 7c 7e 2b", "3o 3c"], phase="play", salido=[0],
                                 table=[(0, "9o 9c 9e")])
    assert game.audit(full_deck=False) == []
    game.table[0].cards[1] = SPANISH.parse("5c")         # changed after it was checked
    assert any("invalid" in p for p in game.audit(full_deck=False))
    game.table[0].cards[1] = SPANISH.parse("9b")
    game.scores[1] = 7
    assert any(p.startswith("scores") for p in game.audit(full_deck=False))
