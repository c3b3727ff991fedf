"""Property tests: random seeded Tren Mexicano bot games, with any table and options, keep every
invariant after every action; a replayed log gives the same game; no view shows a tile its
reader may not see; `fits` and `allowed` say exactly what the rules let a seat do."""
import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine import dominoes
from engine.game import GameError
from engine.simulate import next_move, play
from engine.tren import Tren
from engine.tren.bots import LEVELS, make_bot
from tests.engine.tren_helpers import deal

seeds = st.integers(min_value=0, max_value=2**32 - 1)
players = st.integers(min_value=2, max_value=8)
levels = st.lists(st.sampled_from(LEVELS), min_size=1, max_size=8)
options = st.fixed_dictionaries({
    "rounds": st.sampled_from([1, 3]),
    "tiles": st.sampled_from(["15-11-8", "15-12-10"]),
    "start": st.sampled_from(["engine", "highest_double"]),
    "first_turn": st.sampled_from(["one_tile", "chain"]),
    "double_blank": st.sampled_from([0, 50]),
})
SLOW = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.slow
@SLOW
@given(seed=seeds, n=players, bot_levels=levels, chosen=options)
def test_bot_games_keep_every_tile_sound_trains_markers_and_scores(seed, n, bot_levels, chosen):
    outcome = play(n, seed, bot_levels, check=True, options=chosen, game_name="tren")
    assert outcome.violations == []
    assert outcome.result is not None and len(outcome.result["scores"]) == n


@SLOW
@given(seed=seeds, n=players, chosen=options)
def test_a_game_replayed_from_its_log_is_identical(seed, n, chosen):
    game = Tren.new(n, chosen, seed)
    bots = [make_bot(LEVELS[s % 2], s, seed) for s in range(n)]
    for _ in range(250):
        if game.finished:
            break
        game.apply(*next_move(game, bots))
    again = Tren.replay(n, chosen, seed, json.loads(json.dumps(game.log)))
    for seat in [None, *range(n)]:
        assert again.view(seat) == game.view(seat)
    assert again.boneyard == game.boneyard and again.hands == game.hands


@SLOW
@given(seed=seeds, n=players, chosen=options)
def test_no_view_shows_a_tile_hidden_from_its_reader(seed, n, chosen):
    game = Tren.new(n, chosen, seed)
    bots = [make_bot("normal", s, seed) for s in range(n)]
    for _ in range(200):
        if game.finished:
            break
        tv = game.view(None)
        assert "hand" not in tv and "fits" not in tv
        assert tv["players"][0].keys() == {"seat", "tiles", "score", "marker", "started"}
        public = {k: v for k, v in tv.items() if k != "seat"}
        laid = {t for train in (*tv["trains"], tv["mexican"]) for t in train["tiles"]}
        for seat in range(n):
            view = game.view(seat)
            assert sorted(dominoes.parse_all(view["hand"])) == sorted(game.hands[seat])
            own = ("seat", "hand", "fits", "hand_points", "allowed", "actions")
            assert {k: v for k, v in view.items() if k not in own} == public
            if game.phase != "play":
                continue        # a round's end lays every hand open (`last_round`)
            others = {dominoes.tile_text(t) for s in range(n) if s != seat
                      for t in game.hands[s]} | {dominoes.tile_text(t) for t in game.boneyard}
            # The events of an earlier round name tiles that have been dealt again since.
            events = view["events"]
            deals = [i for i, e in enumerate(events) if e["type"] == "deal"]
            this_round = events[deals[-1]:] if deals else events
            shown = {k: v for k, v in view.items() if k != "events"}
            named = set(json.dumps([shown, this_round]).split('"'))
            assert not others & (named - laid)
            assert all("tile" not in e for e in events if e["type"] == "draw")
        game.apply(*next_move(game, bots))


@pytest.mark.slow
@SLOW
@given(seed=seeds, n=players, chosen=options)
def test_fits_and_allowed_say_exactly_what_the_rules_accept(seed, n, chosen):
    game = Tren.new(n, chosen, seed)
    bots = [make_bot(LEVELS[(s + seed) % 2], s, seed) for s in range(n)]
    for step in range(90):
        if game.finished:
            break
        if step % 3:
            game.apply(*next_move(game, bots))
            continue
        seat = game.turn
        view = game.view(seat)
        for text in view["hand"]:
            for train in [*range(n), "mexican"]:
                action = {"type": "play", "tile": text, "train": train}
                try:
                    game.check(seat, action)
                    accepted = True
                except GameError:
                    accepted = False
                assert accepted is (train in view["fits"][text]), (text, train)
        for kind in ("play", "draw", "pass"):
            if kind == "play":
                possible = any(view["fits"].values())
            else:
                try:
                    game.check(seat, {"type": kind})
                    possible = True
                except GameError:
                    possible = False
            assert possible is (kind in view["allowed"]), kind
        for other in range(n):
            if other != seat and game.phase == "play":
                assert game.view(other)["allowed"] == [] and \
                    not any(game.view(other)["fits"].values())
        game.apply(*next_move(game, bots))


def test_the_audit_notices_a_lost_tile_a_broken_train_a_stray_marker_and_wrong_scores():
    game = Tren.new(3, None, seed=5)
    assert game.audit() == []
    game.hands[0].pop()
    assert any(p.startswith("tiles:") for p in game.audit())
    game = deal(["5-3 9-1", "2-6 4-4"], trains=["12-1 1-7", "12-2"])
    assert game.audit() == []
    game.trains[0].tiles[1] = dominoes.parse("4-8")    # changed after it was checked
    assert any(p.startswith("train 0:") for p in game.audit(full_deck=False))
    game = deal(["5-3 9-1", "2-6 4-4"], first_turns_over=False)
    game.markers[1] = True
    assert any("marker" in p for p in game.audit())
    game = deal(["5-3 9-1", "2-6 4-4"], trains=["12-1"])
    game.scores[1] = 7
    assert any(p.startswith("scores") for p in game.audit())
    game = deal(["1-4", "2-6 4-4"], trains=["12-1"])
    game.apply(0, {"type": "play", "tile": "1-4", "train": 0})
    assert game.audit() == []
    game.round_results[-1]["points"][1] = 3
    game._audited_rounds = 0
    assert any("pips" in p for p in game.audit())
