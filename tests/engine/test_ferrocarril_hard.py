"""Ferrocarril's difícil (engine/ferrocarril/hard.py) against the full engine: the lean views
hold exactly what a full view says of the same things and normal chooses the same from both;
the playouts' path through the handlers (¡Compro! windows answered at once and closed, no
clock) leaves the state `apply` leaves; a world built from a view shows that seat the same view
again, with the unseen cards moved around."""
import random

import pytest

from engine.ferrocarril import hard
from engine.ferrocarril.bots import NormalBot
from engine.registry import GAMES
from engine.simulate import next_move

Ferrocarril = GAMES["ferrocarril"]
PLAYER_KEYS = ("seat", "cards", "buys_left", "salido")


def normal_game(players: int, seed: int):
    """A game of normal bots, yielded before each move of a seat (a window's answers too)."""
    game = Ferrocarril.new(players, None, seed)
    bots = [NormalBot(s, seed) for s in range(players)]
    while not game.finished and len(game.log) < 3000:
        seat, action = next_move(game, bots)
        if seat is not None and game.phase in ("draw", "play"):
            yield game, seat
        game.apply(seat, action)


def same_window_facts(lean: dict, full: dict) -> None:
    assert lean["hand"] == full["hand"]
    assert lean["players"] == [{k: p[k] for k in PLAYER_KEYS} for p in full["players"]]
    for key in ("round", "rounds", "contract", "turn"):
        assert lean[key] == full[key]
    window = full["buy_window"]
    assert lean["buy_window"] == (window and {"card": window["card"]})


@pytest.mark.parametrize("players, seed", [(2, 5), (4, 6), (5, 7)])
def test_the_lean_views_are_the_full_views_and_normal_chooses_the_same(players, seed):
    moves = windows = 0
    for game, seat in normal_game(players, seed):
        full = game.view(seat)
        lean = hard.lean_view(game, seat)
        same_window_facts(lean, full)
        assert lean["allowed"] == full["allowed"] and lean["table"] == full["table"]
        assert NormalBot(seat, 1).choose(lean) == NormalBot(seat, 1).choose(full)
        if full["buy_window"] and "buy" in full["allowed"]:
            answer = hard.window_view(game, seat)
            same_window_facts(answer, full)
            assert NormalBot(seat, 1).wants(answer) == NormalBot(seat, 1).wants(full)
            windows += 1
        moves += 1
    assert moves > 300 and windows > 50


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_playouts_path_leaves_the_state_apply_leaves(players):
    rules = hard.FerroRules(0)
    for seed in range(4):
        lean = Ferrocarril.new(players, None, seed)
        full = Ferrocarril.new(players, None, seed)
        rules.finish(lean, random.Random(seed))          # the lean path to the round's end
        bots = [NormalBot(s) for s in range(players)]
        while full.phase in ("draw", "play"):             # normal through apply, full views
            seat, action = next_move(full, bots)
            full.apply(seat, action)
        assert full.phase == "round_over" and lean.audit() == [] and full.audit() == []
        for seat in (None, *range(players)):
            assert lean.view(seat) == full.view(seat)


def test_a_world_shows_its_seat_the_view_it_was_built_from():
    checked = searched = 0
    for game, seat in normal_game(4, 9):
        if len(game.log) % 5:
            continue
        view = game.view(seat)
        if view["stolen_jokers"]:
            continue                      # difícil leaves such a turn to normal
        rules = hard.FerroRules(seat)
        worlds = [rules.world(view, random.Random(k)) for k in range(3)]
        for world in worlds:
            # the scores of past rounds come as totals, without the rounds that made them
            assert [p for p in world.audit() if not p.startswith("scores")] == []
            again = world.view(seat)
            assert {k: v for k, v in again.items() if k != "events"} \
                == {k: v for k, v in view.items() if k != "events"}
        others = [w.hands[(seat + 1) % 4] for w in worlds]
        assert others[0] != others[1] or others[1] != others[2]    # the unseen cards move
        checked += 1
        searched += len(rules.candidates(view)) > 1
    assert checked > 50 and searched > 10


def test_the_candidates_are_normals_move_and_a_few_others():
    kinds = set()
    for game, seat in normal_game(3, 4):
        view = game.view(seat)
        moves = hard.FerroRules(seat).candidates(view)
        if len(moves) <= 1:
            continue
        assert moves[0] == NormalBot(seat).choose(view)
        assert len(moves) <= hard.DISCARDS and len({str(m) for m in moves}) == len(moves)
        if view["buy_window"]:
            assert {m["type"] for m in moves} == {"buy", "pass"}
        else:
            assert all(m["type"] == "discard" for m in moves[1:])
            assert all(m["card"] in view["hand"] and m["card"] != "*" for m in moves[1:])
        kinds.add(moves[0]["type"])
    assert {"buy", "pass", "discard", "salir"} <= kinds


@pytest.mark.parametrize("players, seed", [(4, 12), (3, 13), (2, 14)])
def test_a_rivals_bought_card_stays_in_its_hand_in_every_world(players, seed):
    checked = 0
    for game, seat in normal_game(players, seed):
        view = game.view(seat)
        known = hard.known_cards(view)
        if view["stolen_jokers"] or not known:
            continue
        for rival, cards in known.items():
            held = list(game.hands[rival])
            for c in cards:
                assert c in held                 # what the events say is true of the game
                held.remove(c)
            world = hard.FerroRules(seat).world(view, random.Random(checked))
            in_world = list(world.hands[rival])
            for c in cards:
                in_world.remove(c)               # raises if a world lost it
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("saved, turned, left", [({}, 1, 1), ({"buy_seconds": 5}, 3, None)])
def test_a_world_keeps_the_games_limit_on_turning_the_stock(saved, turned, left):
    # A game of today turns its stock twice a round at most; one saved before the limit, every
    # time: the worlds play on by the same rule, with the turns the view says are left.
    runs = [(0, "Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Sc Cc Rc")]
    game = Ferrocarril.from_deal(["* * 2e", "* *"], stock="", discard="4o 5o 6o", round=7,
                                 table=runs, salido=[0, 1], phase="play",
                                 options=Ferrocarril.saved_options(saved) if saved else None)
    game.stock_turns = turned
    view = game.view(0)
    assert view["stock_turns_left"] == left
    world = hard.FerroRules(0).world(view, random.Random(1))
    assert world.view(0)["stock_turns_left"] == left
    assert world.stock_turns_left() == game.stock_turns_left()
