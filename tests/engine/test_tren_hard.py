"""Tren's difícil (engine/tren/hard.py) against the full engine: the lean view holds exactly
what a full view says of the same things and normal chooses the same from both; the playouts'
path through the handlers leaves the state `apply` leaves; a world built from a view shows
that seat the same view again, with the unseen tiles moved around."""
import random

import pytest

from engine.registry import GAMES
from engine.tren import hard
from engine.tren.bots import NormalBot
from tests.engine.search_helpers import worlds_from_view

Tren = GAMES["tren"]
SAME = ("players", "trains", "mexican", "hub", "turn", "phase", "played", "drawn", "boneyard",
        "hand", "fits", "allowed", "opening", "first_turn", "open_double", "round", "rules")


def normal_game(players: int, seed: int, options=None):
    """A game of normal bots, yielded at each move of a seat in turn."""
    game = Tren.new(players, options, seed)
    bots = [NormalBot(s, seed) for s in range(players)]
    while not game.finished and len(game.log) < 3000:
        if game.phase != "play":
            for s in range(players):
                if "next_round" in game.allowed(s):
                    game.apply(s, {"type": "next_round"})
            continue
        yield game
        seat = game.turn
        game.apply(seat, bots[seat].choose(game.view(seat)))


@pytest.mark.parametrize("players, options", [(2, None), (4, {"first_turn": "chain"}), (8, None)])
def test_the_lean_view_is_the_full_views_and_normal_chooses_the_same(players, options):
    moves = 0
    for game in normal_game(players, 5, {"rounds": 3, **(options or {})}):
        seat = game.turn
        full, lean = game.view(seat), hard.lean_view(game, seat)
        assert lean["allowed"] == full["allowed"] and lean["fits"] == full["fits"]
        assert lean["hand"] == full["hand"]
        assert lean["trains"] == [{"open": t["open"], "marker": t["marker"]}
                                  for t in full["trains"]]
        assert lean["players"] == [{"seat": p["seat"], "tiles": p["tiles"]}
                                   for p in full["players"]]
        assert lean["mexican"]["started"] == full["mexican"]["started"]
        assert NormalBot(seat, 1).choose(lean) == NormalBot(seat, 1).choose(full)
        moves += 1
    assert moves > 100


def test_the_playouts_path_leaves_the_state_apply_leaves():
    rules = hard.TrenRules(0)
    for seed in range(4):
        lean = Tren.new(3, {"rounds": 3}, seed)
        full = Tren.new(3, {"rounds": 3}, seed)
        rules.finish(lean, random.Random(seed))          # the lean path to the round's end
        bots = [NormalBot(s) for s in range(3)]
        while full.phase == "play":                      # normal through apply and full views
            seat = full.turn
            full.apply(seat, bots[seat].choose(full.view(seat)))
        assert full.audit() == [] and lean.audit() == []
        for seat in (None, 0, 1, 2):
            assert lean.view(seat) == full.view(seat)


def test_a_playouts_cost_counts_normals_planning_as_moves(monkeypatch):
    rules = hard.TrenRules(0)
    cost = rules.finish(Tren.new(4, {"rounds": 1}, 3), random.Random(3))
    planned = rules.planned()
    monkeypatch.setattr(hard, "STEPS_PER_MOVE", 10 ** 12)      # moves only
    moves = hard.TrenRules(0).finish(Tren.new(4, {"rounds": 1}, 3), random.Random(3))
    assert moves > 20 and planned > 0
    assert cost == moves + planned // 100


def test_a_world_shows_its_seat_the_view_it_was_built_from():
    checked = 0
    for game in normal_game(4, 9, {"rounds": 3}):
        if len(game.log) % 7:
            continue
        worlds_from_view(hard.TrenRules(game.turn), game, game.turn, SAME)
        checked += 1
    assert checked > 10


def test_after_the_hub_double_difficil_starts_its_own_train_as_normal_does(full_search):
    from tests.engine.test_tren_bots import deal
    game = deal(["12-3 9-9", "11-11 11-2 11-7 5-0", "8-8 6-1"], "12-12",
                options={"start": "highest_double"})
    # Its worlds are a sample (drawn from its seed and the view): most seeds play, as normal.
    moves = [hard.DificilBot(1, seed).choose(game.view(1)) for seed in range(6)]
    started = [m for m in moves if m["type"] == "play"]
    assert len(started) >= 4, moves
    assert all(m["train"] == 1 and m["tile"] in ("11-2", "11-7") for m in started), moves
