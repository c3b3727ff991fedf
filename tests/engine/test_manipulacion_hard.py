"""Manipulación's difícil (engine/manipulacion/hard.py) against the full engine: the lean view
holds exactly what a full view says of the same things and normal chooses the same from both;
the playouts' path through the handlers leaves the state `apply` leaves; a world built from a
view shows that seat the same view again, with the unseen cards moved around; the candidates
are normal's play first, then holding; the playouts' remembered solver and play checks judge
exactly as when asked afresh. The real solver plays here (normal's own)."""
import random

import pytest

from engine.manipulacion import hard
from engine.manipulacion.bots import NormalBot
from engine.manipulacion.game import Manipulacion
from tests.engine.manipulacion_helpers import deal
from tests.engine.search_helpers import worlds_from_view

SAME = ("players", "table", "loose", "stock", "turn", "phase", "round", "dealer", "draws",
        "passes", "final_turns", "ruleset", "options", "hand", "hand_points", "allowed",
        "copy", "undo_surrenders", "target")
RULESETS = ("manipulacion", "carrusel", "vaticano", "tahiti")


def normal_round(ruleset: str, players: int, seed: int):
    """The first round of a game of normal bots, yielded at each move of the seat in turn."""
    game = Manipulacion.new(players, {"ruleset": ruleset}, seed)
    bots = [NormalBot(s, seed) for s in range(players)]
    while game.phase == "play" and len(game.log) < 1500:
        yield game
        seat = game.turn
        game.apply(seat, bots[seat].choose(game.view(seat)))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_lean_view_is_the_full_views_and_normal_chooses_the_same(ruleset):
    moves = 0
    for game in normal_round(ruleset, 3, 4):
        seat = game.turn
        full, lean = game.view(seat), hard.lean_view(game, seat)
        for key in ("allowed", "hand", "loose", "copy", "undo_surrenders"):
            assert lean[key] == full[key]
        assert lean["table"] == [{"cards": g["cards"]} for g in full["table"]]
        assert lean["ruleset"]["name"] == full["ruleset"]["name"]
        assert [p.get("opened") for p in lean["players"]] == \
            [p.get("opened") for p in full["players"]]
        assert NormalBot(seat, 1).choose(lean) == NormalBot(seat, 1).choose(full)
        moves += 1
    assert moves > 10


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_playouts_path_leaves_the_state_apply_leaves(ruleset, monkeypatch):
    monkeypatch.setattr(hard, "HORIZON", 10_000)        # to the round's end
    rules = hard.ManipulacionRules(0)
    for seed in range(3):
        lean = Manipulacion.new(3, {"ruleset": ruleset}, seed)
        lean.checker = hard.remembered_check            # as in a world
        full = Manipulacion.new(3, {"ruleset": ruleset}, seed)
        moves = rules.finish(lean, random.Random(seed))
        bots = [NormalBot(s) for s in range(3)]
        while full.phase == "play":
            seat = full.turn
            full.apply(seat, bots[seat].choose(full.view(seat)))
        assert moves == len(full.log) and lean.phase != "play"
        assert full.audit() == [] and lean.audit() == []
        for seat in (None, 0, 1, 2):
            assert lean.view(seat) == full.view(seat)


def test_a_playout_stops_after_its_horizon_and_judges_the_hands_as_they_stand(monkeypatch):
    monkeypatch.setattr(hard, "HORIZON", 1)             # one turn each
    rules = hard.ManipulacionRules(1)
    world = Manipulacion.new(2, None, 7)
    first = world.turn
    moves = rules.finish(world, random.Random(0))
    assert world.phase == "play" and world.turn == first and moves >= 2
    points = [world._hand_points(h) for h in world.hands]
    assert rules.value(world) == points[0] - points[1] != 0


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_world_shows_its_seat_the_view_it_was_built_from(ruleset):
    checked = 0
    for game in normal_round(ruleset, 4, 9):
        if len(game.log) % 5:
            continue
        worlds_from_view(hard.ManipulacionRules(game.turn), game, game.turn, SAME)
        checked += 1
    assert checked > 3


def test_the_candidates_are_normals_play_then_holding_and_no_choice_without_a_play():
    game = deal(["7h 8h 9h Kc", "2s 3d"], "5c 6c 7c 8c", ruleset="maquiavelo")
    view = game.view(0)
    moves = hard.ManipulacionRules(0).candidates(view)
    assert moves[0] == NormalBot(0).choose(view) and moves[0]["type"] == "set_table"
    assert moves[-1] == {"type": "draw", "confirm": True}
    stuck = deal(["7h Kc", "2s 3d"], "5c 6c 7c 8c", ruleset="maquiavelo")
    assert hard.ManipulacionRules(0).candidates(stuck.view(0)) == [{"type": "draw",
                                                                    "confirm": True}]


def test_holding_a_joker_difficil_also_weighs_the_play_that_keeps_it():
    game = deal(["7h 8h 9h * Kc", "2s 3d"], "5c 6c 7c 8c", ruleset="carrusel", draws=1)
    view = game.view(0)
    moves = hard.ManipulacionRules(0).candidates(view)
    assert moves[0] == NormalBot(0).choose(view)
    assert any(c.startswith("*") for g in moves[0]["table"] for c in g)
    kept = moves[1]
    assert kept["type"] == "set_table"
    assert not any(c.startswith("*") for g in kept["table"] for c in g)
    assert moves[-1] == {"type": "draw", "confirm": True}


def searched_views(players: int, seed: int, wanted: int):
    """Views of a normal game's seats where difícil has a choice to weigh."""
    for game in normal_round("manipulacion", players, seed):
        view = game.view(game.turn)
        if len(hard.ManipulacionRules(game.turn).candidates(view)) > 1:
            yield game.turn, view
            wanted -= 1
            if not wanted:
                return


@pytest.mark.parametrize("remembering, memory, original, share", [
    ("remembered_solve", "_remembered", "solve_best", 10),
    ("remembered_check", "_checked", "check_play", 4)])
def test_the_playouts_remember_answers_and_judge_exactly_as_when_asked_afresh(
        full_search, monkeypatch, remembering, memory, original, share):
    """The playouts remember the solver's answers (the same table and hand come back in world
    after world) and the play checks' (the game checks again the play normal has just checked;
    each answer a fresh copy the game may change): every result of the search is what asking
    afresh gives, and at least one answer in `share` is remembered."""
    asked = []

    def afresh(*args, **kwargs):
        asked.append(args)
        return getattr(hard, original)(*args, **kwargs)

    cache = getattr(hard, memory)
    remembered = 0
    for seat, view in searched_views(2, 24101, 2):
        cache.cache_clear()
        bot = hard.DificilBot(seat, 5)
        judged = [(bot.choose(view), [(j.action, j.results) for j in bot.last])]
        remembered += cache.cache_info().hits
        cache.cache_clear()
        with monkeypatch.context() as patched:
            patched.setattr(hard, remembering, afresh)
            bot = hard.DificilBot(seat, 5)
            judged.append((bot.choose(view), [(j.action, j.results) for j in bot.last]))
        assert cache.cache_info().currsize == 0 and asked     # asked afresh
        assert judged[0] == judged[1]
    assert remembered > len(asked) / share


def test_a_remembered_check_is_a_fresh_copy_each_time():
    game = Manipulacion.new(2, {}, 3)
    table = [[4, 5, 6], [9, 25, 41]]            # 4-5-6 of one suit, three 9s
    hand, groups = [7, 20, 40, 42], [[4, 5, 6, 7], [9, 25, 41]]
    first = hard.remembered_check(game.rules, table, [], hand, groups)
    first.hand.append(99)
    first.groups[0].append(99)
    again = hard.remembered_check(game.rules, table, [], hand, groups)
    assert again.hand == [20, 40, 42] and again.groups[0] == [4, 5, 6, 7]
    assert hard._checked.cache_info().hits >= 1
