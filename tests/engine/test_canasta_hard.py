"""Canasta's difícil (engine/canasta/hard.py) against the full engine: the lean view and position
hold exactly what a full view says of the things normal reads, and normal chooses the same from
both; the playouts' path through the handlers leaves the state `apply` leaves; a world built
from a view is a whole deck that shows that seat the same view again, with the unseen cards
moved around."""
import random

import pytest

from engine.canasta import hard
from engine.canasta.bots import NormalBot, position
from engine.cards import FRENCH
from engine.registry import GAMES
from tests.engine.search_helpers import worlds_from_view

Canasta = GAMES["canasta"]
IN_PLAY = ("draw", "play", "kitty")
MELD_FIELDS = ("id", "owner", "rank", "cards", "complete", "kind")
SAME = ("players", "melds", "stock", "pile", "pile_top", "frozen", "blocked", "sevens_free",
        "turn", "phase", "turns", "round", "target", "dealer", "hand", "kitty_cards",
        "open_melds", "allowed", "hand_points")


def normal_game(players: int, seed: int, target: int = 5000):
    """A game of normal bots, yielded before each move of the seat in turn."""
    game = Canasta.new(players, {"target": target}, seed)
    bots = [NormalBot(s, seed) for s in range(players)]
    while not game.finished and len(game.log) < 4000:
        if game.phase not in IN_PLAY:
            for s in range(players):
                if "next_round" in game.allowed(s):
                    game.apply(s, {"type": "next_round"})
            continue
        yield game
        seat = game.turn
        game.apply(seat, bots[seat].choose(game.view(seat)))


@pytest.mark.parametrize("players, seed", [(2, 5), (3, 6), (4, 7)])
def test_the_lean_view_is_the_full_views_and_normal_chooses_the_same(players, seed):
    moves = 0
    for game in normal_game(players, seed):
        seat = game.turn
        full, pos = game.view(seat), hard.lean_position(game, seat)
        lean = hard.lean_view(game, seat, pos)
        assert pos == position(full, seat)
        for key in ("allowed", "phase", "sevens_free", "pile_top", "pile", "stock"):
            assert lean[key] == full[key], key
        assert lean["melds"] == [{k: m[k] for k in MELD_FIELDS} for m in full["melds"]]
        assert lean["players"] == [
            {k: p[k] for k in ("seat", "melded", "requirement", "score", "red_threes")}
            for p in full["players"]]
        assert NormalBot(seat, 1).choose(lean, pos) == NormalBot(seat, 1).choose(full)
        moves += 1
    assert moves > 200


def test_the_playouts_path_leaves_the_state_apply_leaves(monkeypatch):
    monkeypatch.setattr(hard, "HORIZON", 10_000)         # to the round's end
    for players, seed in ((2, 0), (3, 1), (4, 2), (2, 3)):
        rules = hard.CanastaRules(0)
        lean = Canasta.new(players, {"target": 5000}, seed)
        full = Canasta.new(players, {"target": 5000}, seed)
        rules.finish(lean, random.Random(seed))          # the lean path to the round's end
        bots = [NormalBot(s) for s in range(players)]
        rng = random.Random(seed)
        for bot in bots:                                 # as `finish` seeds its normal players
            bot.rng = random.Random(rng.getrandbits(32))
        while full.phase in IN_PLAY:                     # normal through apply and full views
            seat = full.turn
            full.apply(seat, bots[seat].choose(full.view(seat)))
        assert full.phase not in IN_PLAY and full.round_results
        assert full.audit() == [] and lean.audit() == []
        for seat in (None, *range(players)):
            assert lean.view(seat) == full.view(seat)


def test_a_playout_stops_at_its_horizon_and_scores_the_round_as_it_stands():
    game = Canasta.new(2, {"target": 5000}, 4)
    rules = hard.CanastaRules(1)
    rules.finish(game, random.Random(0))
    assert game.phase in IN_PLAY and game.turns == hard.HORIZON * 2
    totals = [game.breakdown(s, None)["total"] for s in range(2)]
    assert rules.value(game) == totals[1] - totals[0]


@pytest.mark.parametrize("players, seed", [(2, 9), (4, 10)])
def test_a_world_shows_its_seat_the_view_it_was_built_from(players, seed):
    checked = 0
    for game in normal_game(players, seed):
        if len(game.log) % 5:
            continue
        seat = game.turn
        shown = hard.pile_seen(game.view(seat))
        for world in worlds_from_view(hard.CanastaRules(seat), game, seat, SAME):
            assert world.pile[len(world.pile) - len(shown):] == game.pile[len(game.pile)
                                                                          - len(shown):]
        checked += 1
    assert checked > 20


def test_the_pile_seen_is_the_whole_pile_after_it_was_taken():
    taken = 0
    for game in normal_game(2, 12):
        seat = game.turn
        view = game.view(seat)
        kinds = [e["type"] for e in view["events"]]
        if "take_pile" in kinds[-4:]:
            assert hard.pile_seen(view) == game.pile      # taken whole, then every discard seen
            taken += 1
    assert taken >= 3


def test_the_pile_seen_always_ends_with_the_top_card():
    view = {"pile": 9, "pile_top": "Kh", "events": [
        {"type": "discard", "card": "5s"}, *({"type": "add"} for _ in range(12))][-12:]}
    assert hard.pile_seen(view) == [FRENCH.parse("Kh")]
    view["events"] = [{"type": "discard", "card": "5s"}, {"type": "take_top"},
                      {"type": "discard", "card": "9c"}, {"type": "discard", "card": "Kh"}]
    assert hard.pile_seen(view) == FRENCH.parse_all("9c Kh")
