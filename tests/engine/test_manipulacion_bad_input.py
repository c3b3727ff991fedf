"""Bad input: every refused action raises a typed GameError with a stable code and leaves the
game exactly as it was (every view and the internal state, compared by `snapshot`). The
random junk every game gets, in every rule set, is in test_contract.py."""
import pytest

from engine.game import GameError, IllegalAction, MalformedAction
from tests.engine.manipulacion_helpers import deal, refused, snapshot

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
