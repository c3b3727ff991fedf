"""Bad input to Tren Mexicano: every refused action raises a typed GameError with a stable code,
says why in both languages (tiles named in words) and leaves the game exactly as it was (every
view and the internal state, compared by `refused`). The random junk every game gets is in
test_contract.py."""
import pytest

from engine.game import IllegalAction, MalformedAction
from engine.tren import Tren
from tests.engine.contract_helpers import refused
from tests.engine.tren_helpers import deal, play


def playing():
    """Round under way: seat 0 in turn, its train ends in a 1, seat 2's marker is out, the
    Mexican train ends in a 4; seat 1's train has no marker."""
    return deal(["1-5 3-3 9-9 6-2", "5-7 0-0", "2-8 10-10"],
                trains=["12-1", "12-5", "12-6"], mexican="12-4", markers=[2])


def covering():
    """Seat 0 laid the 1-1 on its train and must cover it."""
    game = deal(["1-1 1-5 6-2 8-0", "5-7 0-0", "2-8 10-10"], trains=["12-1", "12-5", "12-6"],
                mexican="12-4", markers=[2])
    game.apply(0, play("1-1", 0))
    return game


def round_over():
    game = deal(["1-4", "12-2 4-4"], trains=["12-1"])
    game.apply(0, play("1-4", 0))
    return game


def game_over():
    game = deal(["1-4", "12-2 4-4"], trains=["12-1"], options={"rounds": 1})
    game.apply(0, play("1-4", 0))
    return game


# ----- the wrong seat ------------------------------------------------------------------------

@pytest.mark.parametrize("seat,action", [(1, play("5-7", 1)), (2, play("2-8", 2)),
                                         (1, {"type": "draw"}), (2, {"type": "pass"})])
def test_out_of_turn_is_refused(seat, action):
    error = refused(playing(), seat, action, "not_your_turn")
    assert error.es == "No es tu turno."


def test_a_move_for_someone_elses_seat_is_refused():
    # A phone can only act for its own seat (the server binds it); a seat number that is not
    # in the game, or the system's None for a player's move, is refused too.
    game = playing()
    refused(game, 3, play("1-5", 0), "not_in_game")
    refused(game, -1, play("1-5", 0), "not_in_game")
    refused(game, None, play("1-5", 0), "system_only")
    refused(game, "0", play("1-5", 0), "malformed")
    refused(game, True, play("1-5", 0), "malformed")


# ----- the tile and the train ----------------------------------------------------------------

def test_a_tile_not_in_your_hand_is_refused():
    error = refused(playing(), 0, play("12-7", 0), "tile_not_in_hand")
    assert (error.es, error.en) == ("No tienes el 12-7.", "You do not hold the 12-7.")
    error = refused(playing(), 0, play("0-0", 0), "tile_not_in_hand")
    assert error.es == "No tienes el doble blanco."


def test_a_wrong_end_is_refused():
    error = refused(playing(), 0, play("3-3", 0), "tile_does_not_fit")
    assert error.es == "El doble 3 no encaja en tu tren: hace falta un 1."
    assert error.en == "The double 3 does not fit your train: it needs a 1."
    error = refused(playing(), 0, play("6-2", "mexican"), "tile_does_not_fit")
    assert error.en == "The 6-2 does not fit the Mexican train: it needs a 4."
    error = refused(playing(), 0, play("9-9", 2), "tile_does_not_fit")
    assert error.es == "El doble 9 no encaja en ese tren: hace falta un 6."


def test_a_train_you_may_not_play_on_is_refused():
    game = playing()
    error = refused(game, 0, play("1-5", 1), "train_not_open")
    assert "marcador" in error.es
    refused(game, 0, play("1-5", 3), "no_such_train")
    refused(game, 0, play("1-5", 99), "no_such_train")
    # Before your own train has a tile, nothing else is open to you.
    game = deal(["12-1 4-9", "5-7 0-0", "2-8 10-10"], trains=["", "12-5", "12-6"],
                mexican="12-4", markers=[2])
    error = refused(game, 0, play("4-9", "mexican"), "own_train_first")
    assert error.en == "You must start your own train first."


def test_two_tiles_in_one_turn_are_refused():
    game = playing()
    game.apply(0, play("1-5", 0))
    error = refused(game, 0, play("6-2", 2), "one_tile_per_turn")
    assert error.es == "Solo se juega una ficha por turno, salvo después de un doble."


def test_not_satisfying_a_double_is_refused():
    game = covering()
    error = refused(game, 0, play("6-2", 2), "must_cover_double")
    assert error.es == "Hay que cubrir el doble 1 antes de jugar en otro sitio."
    assert error.en == "The double 1 must be covered before playing anywhere else."
    refused(game, 0, play("8-0", 0), "tile_does_not_fit")
    refused(game, 0, {"type": "pass"}, "tile_fits_no_pass")
    refused(game, 0, {"type": "draw"}, "tile_fits_no_draw")


# ----- drawing and passing -------------------------------------------------------------------

def test_drawing_or_passing_with_a_tile_that_fits_is_refused():
    game = playing()
    error = refused(game, 0, {"type": "draw"}, "tile_fits_no_draw")
    assert error.en == "You have a tile that fits: no need to draw."
    refused(game, 0, {"type": "pass"}, "tile_fits_no_pass")


def test_passing_before_drawing_and_drawing_twice_are_refused():
    game = deal(["9-2 8-3", "5-7 0-0"], "10-0 11-0", trains=["12-1", "12-5"])
    error = refused(game, 0, {"type": "pass"}, "draw_before_passing")
    assert error.en == "You must draw a tile before passing."
    game.apply(0, "draw")
    refused(game, 0, {"type": "draw"}, "drew_this_turn")


def test_drawing_from_an_empty_boneyard_is_refused():
    game = deal(["9-2 8-3", "5-7 0-0"], trains=["12-1", "12-5"], empty_boneyard=True)
    error = refused(game, 0, {"type": "draw"}, "boneyard_empty")
    assert error.es == "El cementerio está vacío: no quedan fichas que robar."


# ----- between rounds and at the end ---------------------------------------------------------

def test_turn_actions_between_rounds_and_after_the_end_are_refused():
    game = round_over()
    refused(game, 1, {"type": "draw"}, "round_over")
    refused(game, 0, play("4-4", 0), "round_over")
    game.apply(0, "next_round")
    refused(game, 0, "next_round", "already_ready")
    refused(playing(), 0, "next_round", "round_not_over")
    refused(game_over(), 0, "next_round", "game_over")
    refused(game_over(), 1, play("4-4", 0), "game_over")


# ----- malformed -----------------------------------------------------------------------------

@pytest.mark.parametrize("action", [
    None, 7, [], "", "dance", "play", "play 1-5", "play 1-5 #0 extra", "play 1-5 0",
    "play 1-5 #x", "play 1-5 #123", "play 13-1 #0", "draw now", "pass 1",
    {"type": "play"}, {"type": "play", "tile": "1-5"}, {"type": "play", "train": 0},
    {"type": "play", "tile": 15, "train": 0}, {"type": "play", "tile": "1-5", "train": "0"},
    {"type": "play", "tile": "1-5", "train": -1}, {"type": "play", "tile": "1-5", "train": True},
    {"type": "play", "tile": "1-5", "train": "Mexican"},
    {"type": "play", "tile": "1/5", "train": 0},
    {"type": "play", "tile": "1-13", "train": 0}, {"type": "play", "tile": "-1-5", "train": 0},
    {"type": "play", "tile": "١-٥", "train": 0}, {"type": "play", "tile": ["1-5"], "train": 0},
    {"type": "discard", "card": "7o"}, {"type": 3}, {"tile": "1-5"},
])
def test_malformed_actions_are_refused(action):
    error = refused(playing(), 0, action, "malformed", MalformedAction)
    assert error.es and error.en and error.es != error.en


def test_malformed_refusals_say_what_is_wrong():
    game = playing()
    assert refused(game, 0, {"type": "play", "tile": 15, "train": 0}).en == \
        "A tile is written as text, with its two numbers."
    assert refused(game, 0, {"type": "play", "tile": "13-1", "train": 0}).es == \
        "Esa ficha no es del dominó doble 12."
    assert refused(game, 0, {"type": "play", "tile": "1-5"}).en == \
        "The train for the tile is missing."


def test_bad_options_and_deals_are_refused_at_creation():
    for options, code in [({"rounds": 5}, "option_choice"), ({"tiles": "20"}, "option_choice"),
                          ({"colour": 1}, "unknown_option"), ("x", "bad_option"),
                          ({"double_blank": True}, "option_choice")]:
        with pytest.raises(IllegalAction) as error:
            Tren.new(4, options)
        assert error.value.code == code
    for players in (1, 9, "4", True):
        with pytest.raises(IllegalAction) as error:
            Tren.new(players)
        assert error.value.code == "bad_player_count"
        assert error.value.es == "Tren Mexicano se juega de 2 a 8 jugadores."
