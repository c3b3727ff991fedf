"""Bad input: every refused action raises a typed GameError with a stable code and leaves the
game exactly as it was (every view and the internal state, compared by `snapshot`)."""
import random

import pytest

from engine.game import GameError, IllegalAction, MalformedAction
from engine.manipulacion.actions import TYPES
from engine.manipulacion.game import Manipulacion
from engine.manipulacion.melds import fmt
from tests.engine.manipulacion_helpers import RULESET_NAMES, deal, refused, snapshot

pytestmark = pytest.mark.usefixtures("solver_stub")


def playing():
    return deal(["8h 7s 7d 2c", "3c 3d", "4c 9c"], "Ad Ac", table=["5h 6h 7h"])


def editing():
    game = playing()
    game.apply(0, "move 8h hand #0")
    return game


def round_over():
    game = deal(["8h", "3c 3d", "4c 9c"], "Ad", table=["5h 6h 7h"])
    game.apply(0, "set_table 5h 6h 7h 8h")
    return game


def game_over():
    game = deal(["8h", "3c 3d", "4c 9c"], "Ad", table=["5h 6h 7h"], ruleset="maquiavelo")
    game.apply(0, "set_table 5h 6h 7h 8h")
    return game


def test_snapshot_notices_any_change():
    game = playing()
    before = snapshot(game)
    game.apply(0, "move 8h hand #0")
    assert snapshot(game) != before
    game = playing()
    before = snapshot(game)
    game.stock.append(game.stock.pop(0))          # even a hidden change: the stock order
    assert snapshot(game) != before


@pytest.mark.parametrize("make,seat,action", [
    (playing, 1, "draw"), (playing, 2, "move 4c hand new"), (playing, 1, "set_table 3c"),
    (editing, 1, "done"), (editing, 2, "undo"), (editing, 1, "split #0 1"),
    (playing, 1, "pass"), (editing, 1, "join #0 #0"), (playing, 1, "close"),
])
def test_wrong_seat_not_in_turn(make, seat, action):
    refused(make(), seat, action, "not_your_turn", IllegalAction)


@pytest.mark.parametrize("seat", [3, 5, 99, -1])
@pytest.mark.parametrize("make,action", [(playing, "draw"), (editing, "done"),
                                         (round_over, "next_round")])
def test_wrong_seat_out_of_range(make, action, seat):
    refused(make(), seat, action, "not_in_game", IllegalAction)


@pytest.mark.parametrize("seat", ["0", 0.0, True, [0], {"seat": 0}])
def test_wrong_seat_type_is_malformed(seat):
    refused(playing(), seat, "draw", "malformed", MalformedAction)


@pytest.mark.parametrize("action", ["draw", "move 8h hand #0", "done", "undo", "pass",
                                    "set_table 5h 6h 7h 8h"])
def test_player_actions_refused_for_the_system_seat(action):
    refused(editing(), None, action, "system_only", IllegalAction)


@pytest.mark.parametrize("action", ["draw", "move 3c hand new", "done", "pass"])
def test_turn_actions_refused_between_rounds(action):
    refused(round_over(), 1, action, "round_over", IllegalAction)


@pytest.mark.parametrize("seat,action", [(0, "draw"), (None, "next_round"), (1, "next_round"),
                                         (None, "end_game")])
def test_everything_refused_once_the_game_is_over(seat, action):
    refused(game_over(), seat, action, "game_over", IllegalAction)


def test_next_round_refused_while_playing_and_twice_by_the_same_seat():
    refused(playing(), 0, "next_round", "round_not_over")
    game = round_over()
    game.apply(1, "next_round")
    refused(game, 1, "next_round", "already_ready")
    game.apply(0, "next_round")
    game.apply(2, "next_round")
    assert game.phase == "play" and game.round == 1


@pytest.mark.parametrize("action", [
    None, 3, "", "fly", {"type": "fly"}, {"type": "move"}, {"type": "draw", "confirm": 2},
    "move 8h hand", {"type": "set_table", "table": None}, ["draw"],
])
def test_malformed_actions_refused(action):
    refused(playing(), 0, action, "malformed", MalformedAction)


def test_check_raises_like_apply_and_never_changes_anything():
    game = editing()
    before = snapshot(game)
    with pytest.raises(GameError) as caught:
        game.check(0, "draw")
    assert caught.value.code == "editing"
    game.check(0, "move 7s hand new")
    game.check(0, "done")                         # legal, but only checked
    assert snapshot(game) == before


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_random_careless_clients_never_change_the_game_when_refused(ruleset):
    """Random well- and ill-formed actions from every seat: a refusal changes nothing, and the
    game stays sound (every card once, valid groups) whatever is accepted."""
    rng = random.Random(ruleset)
    game = Manipulacion.new(3, {"ruleset": ruleset}, seed=len(ruleset))
    words = ["hand", "new", "loose", 0, 1, 2, 5]
    for _ in range(400):
        if game.finished:
            break
        seat = rng.choice([None, 0, 1, 2, game.turn, game.turn])
        kind = rng.choice(TYPES)
        known = [c for h in game.hands for c in h] + [x for g in game.table for x in g]
        card = rng.choice(known) if known else 0
        action = {"type": kind, "card": fmt(card), "from": rng.choice(words),
                  "to": rng.choice(words), "group": rng.randrange(4), "at": rng.randrange(4),
                  "with": rng.randrange(4), "as": rng.choice(["7h", "*", "Qs"]),
                  "confirm": rng.random() < 0.5,
                  "table": [[fmt(x) for x in g] for g in game.table]}
        before = snapshot(game)
        try:
            game.apply(seat, action)
        except GameError:
            assert snapshot(game) == before
        assert game.audit() == []
