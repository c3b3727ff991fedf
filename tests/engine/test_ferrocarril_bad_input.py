"""Bad input: every refused action raises a typed GameError with a stable code and leaves the
game exactly as it was (every view and the internal state, compared by `snapshot`). The
random junk every game gets is in test_contract.py."""
import copy

import pytest

from engine.cards import SPANISH
from engine.ferrocarril import Ferrocarril
from engine.ferrocarril.actions import MAX_CARDS, Discard
from engine.game import GameError, IllegalAction, MalformedAction
from tests.engine.ferrocarril_helpers import refused, snapshot


def playing():
    """Seat 0 in turn, after the draw, already salido; a rival group holds a joker."""
    return Ferrocarril.from_deal(
        ["7o 7c 7e 5b 9o 2b", "3o 3c 3e 4b", "8o 8c 8e 4o"],
        stock="Ao Ac Ae Ab", discard="6e Se", phase="play", salido=[0, 1],
        table=[(1, "5o 5c *"), (1, "2o 3o 4o 5o 6o 7o 8o")])


def drawing():
    """Seat 0 in turn, before the draw, no buy window."""
    return Ferrocarril.from_deal(["7o 7c 7e 5b 9o 2b", "3o 3c 3e 4b", "8o 8c 8e 4o"],
                                 stock="Ao Ac Ae Ab", discard="6e Se")


def buying():
    """Seat 2 has just discarded Se; seats 0 (in turn) and 1 may buy."""
    return Ferrocarril.from_deal(["7o 7c 7e 5b 9o 2b", "3o 3c 3e 4b", "8o 8c 8e 4o"],
                                 stock="Ao Ac Ae Ab", discard="6e Se", buy_window=True)


def round_over():
    game = Ferrocarril.from_deal(["9c", "3o 3c"], phase="play", salido=[0])
    game.apply(0, "close")
    return game


def game_over():
    game = Ferrocarril.from_deal(["9c", "3o 3c"], round=7, phase="play", salido=[0])
    game.apply(0, "close")
    return game


# ----- wrong seat ----------------------------------------------------------------------------

@pytest.mark.parametrize("make,seat,action", [
    (drawing, 1, "draw"), (drawing, 2, "draw"),
    (playing, 1, "discard 3o"), (playing, 2, "meld 8o 8c 8e"), (playing, 1, "steal #1 5b"),
    (playing, 1, "close"), (playing, 2, "add #1 5b"),
])
def test_wrong_seat_not_in_turn(make, seat, action):
    refused(make(), seat, action, "not_your_turn", IllegalAction)


@pytest.mark.parametrize("seat", [3, 4, 99, -1, -3])
@pytest.mark.parametrize("make,action", [(drawing, "draw"), (playing, "discard 2b"),
                                         (buying, "buy"), (round_over, "next_round")])
def test_wrong_seat_out_of_range(make, action, seat):
    refused(make(), seat, action, "not_in_game", IllegalAction)


@pytest.mark.parametrize("seat", ["0", 0.0, 1.0, True, False, [0], {"seat": 0}, b"0"])
@pytest.mark.parametrize("make,action", [(drawing, "draw"), (playing, "discard 2b"),
                                         (buying, "buy")])
def test_wrong_seat_not_an_int(make, action, seat):
    refused(make(), seat, action, "malformed", MalformedAction)


@pytest.mark.parametrize("make,action", [
    (drawing, "draw"), (playing, "discard 2b"), (playing, "meld 7o 7c 7e"),
    (playing, "salir 7o 7c 7e"), (playing, "steal #1 5b"), (playing, "add #1 5b"),
    (buying, "buy"), (buying, "pass")])
def test_wrong_seat_the_system_cannot_play_for_a_player(make, action):
    refused(make(), None, action, "system_only", IllegalAction)


# ----- unknown card text ---------------------------------------------------------------------

@pytest.mark.parametrize("action", [
    "discard 7x", "discard 11o", "discard 1o", "discard 0b", "discard **", "discard Jo",
    "meld 7o 7c 7z", "add #1 5q", "steal #1 Zz", "salir 7o 7c 7e / 8o ??",
    {"type": "discard", "card": "Qh"}, {"type": "discard", "card": ""},
    {"type": "discard", "card": "7o" * 5000},
    {"type": "meld", "cards": ["7o", "7c", "siete"]},
])
def test_unknown_card_text(action):
    error = refused(playing(), 0, action, "malformed", MalformedAction)
    assert len(error.en) < 200                   # a huge card text is not echoed back whole


# ----- card not in hand ----------------------------------------------------------------------

@pytest.mark.parametrize("action", [
    "discard Ro", "discard *", "meld 8o 8c 8e", "meld 7o 7c 7e 7b", "meld 7o 7o 7c",
    "add #1 5c", "add #1 5b 5b", "steal #1 5e", "add #2 Ao @low", "add #2 Ao",
])
def test_card_not_in_hand(action):
    refused(playing(), 0, action, "card_not_in_hand", IllegalAction)


def test_card_not_in_hand_at_salir():
    game = Ferrocarril.from_deal(["7o 7c 2b 3b", "3o 3c"], phase="play")
    refused(game, 0, "salir 7o 7c 7e", "card_not_in_hand", IllegalAction)
    refused(game, 0, "salir 7o 7c *", "card_not_in_hand", IllegalAction)


# ----- invalid combination -------------------------------------------------------------------

@pytest.mark.parametrize("action,code", [
    ("meld 7o 7c 9o", "group_mixed_ranks"),
    ("meld 7o 7c", "group_too_small"),
    ("meld 7o *", "group_too_small"),
    ("add #1 9o", "wrong_rank_for_group"),
    ("add #2 Ro", "cannot_place"),
    ("add #2 9o 9o", "cannot_place"),
    ("add #2 5b", "run_wrong_suit"),
    ("add #2 9o @middle", "malformed"),
    ("steal #1 9o", "joker_needs_rank"),
    ("steal #2 9o", "no_joker_there"),
    ("add #9 9o", "unknown_meld"),
    ("steal #9 5b", "unknown_meld"),
])
def test_invalid_combination(action, code):
    error_type = MalformedAction if code == "malformed" else IllegalAction
    refused(playing(), 0, action, code, error_type)


@pytest.mark.parametrize("round_no,hand,action,code", [
    (1, "7o 7c 9o 2b", "salir 7o 7c 9o", "group_mixed_ranks"),
    (1, "7o * * 2b", "salir 7o * *", "too_many_jokers"),
    (2, "7o 7c * 8o 8c * 2b", "salir 7o 7c * / 8o 8c *", "contract_needs_clean"),
    (3, "7o 7c 7e 2b", "salir 7o 7c 7e", "group_too_small"),
    (7, "2o 3o 4o 5o 6o 7o 9o 2b", "salir 2o 3o 4o 5o 6o 7o 9o", "run_not_consecutive"),
    (7, "2o 3o 4o 5o 6o 7o 8c 2b", "salir 2o 3o 4o 5o 6o 7o 8c", "run_mixed_suits"),
    (7, "2o 3o 4o 5o 6o 7o 2b", "salir 2o 3o 4o 5o 6o 7o", "run_too_short"),
])
def test_invalid_combination_at_salir(round_no, hand, action, code):
    game = Ferrocarril.from_deal([hand, "3o 3c"], round=round_no, phase="play")
    refused(game, 0, action, code, IllegalAction)


# ----- action out of phase -------------------------------------------------------------------

@pytest.mark.parametrize("make,seat,action,code", [
    (drawing, 0, "discard 2b", "must_draw_first"),
    (drawing, 0, "meld 7o 7c 7e", "must_draw_first"),
    (drawing, 0, "steal #1 5b", "must_draw_first"),
    (drawing, 0, "close", "must_draw_first"),
    (playing, 0, "draw", "already_drawn"),
    (playing, 0, "next_round", "round_not_over"),
    (drawing, 1, "next_round", "round_not_over"),
    (buying, None, "next_round", "round_not_over"),
    (playing, 0, "close", "cannot_close"),
    (playing, 0, "buy", "no_buy_window"),
    (playing, 1, "pass", "no_buy_window"),
    (drawing, None, "close_buy", "no_buy_window"),
    (buying, 0, "close_buy", "clock_only"),
    (buying, 1, "close_buy", "clock_only"),
    (buying, 2, "buy", "own_discard"),
    (buying, 0, "draw", "buy_window_open"),
    (buying, 0, "discard 2b", "buy_window_open"),
    (round_over, 1, "draw", "round_over"),
    (round_over, 0, "discard 3o", "round_over"),
    (round_over, None, "close_buy", "no_buy_window"),
    (game_over, 0, "next_round", "game_over"),
    (game_over, None, "next_round", "game_over"),
    (game_over, 1, "draw", "game_over"),
])
def test_action_out_of_phase(make, seat, action, code):
    refused(make(), seat, action, code, IllegalAction)


def test_action_out_of_phase_answering_a_buy_twice():
    game = buying()
    game.apply(1, "buy")
    refused(game, 1, "buy", "already_answered", IllegalAction)
    refused(game, 1, "pass", "already_answered", IllegalAction)
    game = buying()
    game.apply(1, "pass")
    refused(game, 1, "buy", "already_answered", IllegalAction)


def test_action_out_of_phase_salir_twice_and_during_opening():
    game = playing()
    refused(game, 0, "salir 7o 7c 7e", "already_salido", IllegalAction)
    game = Ferrocarril.from_deal(["7o 7c 7e 2b", "3o 3c"], phase="play", opening_done=False)
    refused(game, 0, "salir 7o 7c 7e", "opening_phase", IllegalAction)


def test_action_out_of_phase_must_close_and_stolen_joker():
    game = Ferrocarril.from_deal(["9c", "3o 3c"], phase="play", salido=[0])
    refused(game, 0, "discard 9c", "must_close", IllegalAction)
    game = playing()
    game.apply(0, "steal #1 5b")
    refused(game, 0, "discard *", "stolen_joker_must_be_played", IllegalAction)
    refused(game, 0, "meld 7o 7c 7e 9o 2b *", "group_mixed_ranks", IllegalAction)


# ----- malformed actions ---------------------------------------------------------------------

MALFORMED = [
    # not a dict (nor text nor an Action)
    None, 7, 7.5, True, ["draw"], ("discard", "7o"), {"draw"}, b"draw", object(),
    # no type, or a type that is not text
    {}, {"card": "7o"}, {"type": None}, {"type": 5}, {"type": ["draw"]}, {"type": {"a": 1}},
    # unknown types
    {"type": "dance"}, {"type": "DRAW"}, {"type": ""}, {"type": "_do_draw"},
    {"type": "__init__"}, {"type": "x" * 10_000},
    # missing fields
    {"type": "discard"}, {"type": "meld"}, {"type": "add", "cards": ["5b"]},
    {"type": "add", "meld": 1}, {"type": "steal", "meld": 1}, {"type": "steal", "card": "5b"},
    {"type": "salir"},
    # wrong types
    {"type": "discard", "card": 7}, {"type": "discard", "card": ["7o"]},
    {"type": "discard", "card": None}, {"type": "meld", "cards": "7o 7c 7e"},
    {"type": "meld", "cards": [7, 7, 7]}, {"type": "meld", "cards": [["7o"], ["7c"], ["7e"]]},
    {"type": "meld", "cards": {"7o": 1}}, {"type": "add", "meld": "1", "cards": ["5b"]},
    {"type": "add", "meld": 1.0, "cards": ["5b"]}, {"type": "add", "meld": True, "cards": ["5b"]},
    {"type": "add", "meld": -1, "cards": ["5b"]}, {"type": "add", "meld": 10**30, "cards": ["5b"]},
    {"type": "add", "meld": 1, "cards": ["5b"], "end": "middle"},
    {"type": "add", "meld": 1, "cards": ["5b"], "end": 1},
    {"type": "steal", "meld": None, "card": "5b"}, {"type": "steal", "meld": 1, "card": 5},
    {"type": "salir", "melds": "7o 7c 7e"}, {"type": "salir", "melds": ["7o", "7c", "7e"]},
    {"type": "salir", "melds": [[]]}, {"type": "salir", "melds": []},
    {"type": "salir", "melds": [["7o", "7c", 7]]},
    # empty and huge lists
    {"type": "meld", "cards": []}, {"type": "add", "meld": 1, "cards": []},
    {"type": "meld", "cards": ["7o"] * (MAX_CARDS + 1)},
    {"type": "meld", "cards": ["7o"] * 1_000_000},
    {"type": "salir", "melds": [["7o", "7c", "7e"]] * 5},
    {"type": "salir", "melds": [["7o", "7c", "7e"]] * 100_000},
    # text that is not the notation
    "", "   ", "dance", "draw now", "discard", "discard 7o 7c", "add 1 5b", "add #x 5b",
    "add #1", "add #1 @high", "add #-1 5b", "steal #1", "steal 1 5b", "steal #1 5b 5c",
    "salir", "salir /", "salir 7o 7c 7e /", "meld", "close now", "DISCARD 7o",
    # meld numbers that are not plain ASCII digits, or absurdly long
    "add #\u00b2 5b", "steal #\u00b2 5b", "steal #\u0663 5b", "add #" + "9" * 5000 + " 5b",
    "steal #" + "1" * 5000 + " 5b", "add #1000000 5b", "add # 5b",
]


def case_id(action) -> str:
    """A test id that is the same in every process (pytest-xdist compares them): a bare
    object's repr holds its address."""
    return "object()" if type(action) is object else repr(action)[:40]


@pytest.mark.parametrize("action", MALFORMED, ids=case_id)
def test_malformed_action(action):
    refused(playing(), 0, action, "malformed", MalformedAction)


@pytest.mark.parametrize("action", [None, {"type": "dance"}, "dance", 7])
@pytest.mark.parametrize("make,seat", [(drawing, 0), (buying, 1), (buying, None),
                                       (round_over, None), (game_over, 0)])
def test_malformed_action_in_every_phase(make, seat, action):
    refused(make(), seat, action, "malformed", MalformedAction)


def test_malformed_is_checked_before_the_seat():
    # A malformed action from a bad seat is reported as malformed, and nothing changes.
    refused(playing(), 7, {"type": "dance"}, "malformed", MalformedAction)


# ----- the error type and the contract around it ---------------------------------------------

def test_errors_are_typed_and_carry_a_stable_code_and_both_languages():
    game = playing()
    with pytest.raises(MalformedAction) as malformed:
        game.apply(0, {"type": "dance"})
    with pytest.raises(IllegalAction) as illegal:
        game.apply(0, "discard Ro")
    for error in (malformed.value, illegal.value):
        assert isinstance(error, GameError)
        assert set(error.to_dict()) == {"code", "es", "en"}
        assert error.to_dict()["code"] == error.code
        assert error.es and error.en and error.es != error.en


def test_a_refused_action_is_not_logged():
    game = playing()
    game.apply(0, "meld 7o 7c 7e")
    log = list(game.log)
    for action in ["discard Ro", {"type": "dance"}, "draw", "close"]:
        with pytest.raises(GameError):
            game.apply(0, action)
    assert game.log == log


def test_check_never_changes_anything():
    game = playing()
    before = snapshot(game)
    game.check(0, "discard 2b")                                # legal: checked, not applied
    with pytest.raises(IllegalAction) as caught:
        game.check(0, "discard Ro")
    assert caught.value.code == "card_not_in_hand"
    with pytest.raises(MalformedAction):
        game.check(0, {"type": "dance"})
    assert snapshot(game) == before


def test_a_refused_action_inside_a_turn_keeps_earlier_plays():
    # Earlier successful plays stand; only the refused one leaves no trace.
    game = playing()
    game.apply(0, "steal #1 5b")
    after_steal = snapshot(game)
    refused(game, 0, "meld 7o 7c 7e 9o 2b *", "group_mixed_ranks", IllegalAction)
    refused(game, 0, "add #2 Ao", "card_not_in_hand", IllegalAction)
    assert snapshot(game) == after_steal
    game.apply(0, "meld 7o 7c *")
    assert game.hands[0].count(SPANISH.parse("*")) == 0


def test_refusals_leave_state_unchanged_under_deep_comparison():
    # A second, independent check: compare a deep copy of the whole object state.
    game = playing()
    game.view(None)
    before = copy.deepcopy({k: v for k, v in vars(game).items() if k not in ("rng", "_public")})
    for action in ["discard Ro", "steal #1 9o", "add #2 Ro", "meld 7o 7c 9o", "close",
                   {"type": "add", "meld": 1, "cards": ["5b"], "end": "up"},
                   Discard(SPANISH.parse("Rb"))]:
        with pytest.raises(GameError):
            game.apply(0, action)
    after = {k: v for k, v in vars(game).items() if k not in ("rng", "_public")}
    assert after == before
