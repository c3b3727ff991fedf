"""Canasta Ferroviaria: bad input is refused, with a typed refusal in words, and changes nothing."""
import pytest

from engine.canasta import Canasta
from engine.game import MalformedAction
from tests.engine.canasta_helpers import FOUR_KINDS, RED, deal
from tests.engine.contract_helpers import refused


@pytest.fixture
def game():
    return deal(["Kh Kd Ks 9c 9d 7h 2c", "4s 5s 6s", "4d 5d 6d"], "Jh Qh", pile="5c 9h",
                melds=[[1, "Qs Qc Qd"]])


def test_out_of_turn_and_someone_elses_seat(game):
    refused(game, 1, "draw", "not_your_turn")
    refused(game, 2, {"type": "discard", "card": "4d"}, "not_your_turn")
    refused(game, None, "draw", "system_only")
    refused(game, 3, "draw", "not_in_game")
    refused(game, -1, "draw", "not_in_game")
    refused(game, True, "draw", "malformed", MalformedAction)


@pytest.mark.parametrize("action", [
    None, 7, "", "dance", {"type": "meld"}, {"type": "meld", "melds": []},
    {"type": "meld", "melds": [["Kh", "Zz"]]}, {"type": "meld", "melds": "Kh Kd Ks"},
    {"type": "add", "meld": "1", "cards": ["Kh"]}, {"type": "add", "meld": 1},
    {"type": "discard", "card": 5}, {"type": "discard"}, {"type": "take_pile", "cards": ["9c"]},
    {"type": "take_pile", "cards": ["9c", "9d"], "melds": []}, "draw now", "add 1 Kh",
    "meld Kh Kd Ks " + "Kh " * 40, "discard", ["draw"],
    {"type": "discard", "card": "9c", "kitty_choice": "yes"}, "discard 9c kitty",
    "discard 9c kitty_choice kitty_choice",
])
def test_malformed_actions(game, action):
    refused(game, 0, action, error_type=MalformedAction)


def test_playing_before_drawing_and_drawing_twice(game):
    refused(game, 0, "meld Kh Kd Ks", "draw_or_take_first")
    refused(game, 0, "discard 9c", "draw_or_take_first")
    game.apply(0, "draw")
    refused(game, 0, "draw", "already_drawn")
    refused(game, 0, "take_top", "already_drawn")


def test_illegal_melds_are_refused_with_the_cards_in_words(game):
    game.apply(0, "draw")
    error = refused(game, 0, "meld Kh Kd 9c", "meld_mixed_ranks")
    assert "el Rey de corazones" in error.es and "the 9 of clubs" in error.en
    refused(game, 0, "meld Kh Kd Kh", "card_not_in_hand")
    refused(game, 0, "meld 9c 9d", "meld_too_small")
    refused(game, 0, "add #1 Qh", "not_your_meld")
    refused(game, 0, "add #9 Kh", "unknown_meld")
    error = refused(game, 0, "meld 9c 9d 2c", "requirement_not_met")
    assert error.es == "Te faltan 10 puntos para tu primera bajada: necesitas 50."


def test_discarding_a_seven_and_a_card_not_held(game):
    game.apply(0, "draw")
    refused(game, 0, "discard 7h", "sevens_not_free")
    refused(game, 0, "discard Ac", "card_not_in_hand")


def test_taking_the_pile_without_two_naturals_or_with_wrong_cards(game):
    refused(game, 0, {"type": "take_pile", "cards": ["9c", "2c"]}, "pile_naturals_wrong")
    refused(game, 0, {"type": "take_pile", "cards": ["Kh", "Kd"]}, "pile_naturals_wrong")
    refused(game, 0, "take_top", "no_open_meld_for_top")
    other = deal(["Kh 4h", "4s 5s"], pile="5c 9h")
    refused(other, 0, {"type": "take_pile", "cards": ["9c", "9d"]}, "pile_needs_two_naturals")


def test_going_out_without_the_four_kinds():
    game = deal(["9h 9d 9s 5c", "4s"], phase="play", melds=[[0, m] for m in FOUR_KINDS[:3]])
    error = refused(game, 0, "meld 9h 9d 9s", "cannot_go_out")
    assert error.es == "Para quedarte sin cartas te falta la canasta de sietes."
    game = deal(["5c", "4s"], phase="play", melds=[[0, RED]])
    refused(game, 0, "discard 5c", "cannot_go_out")


def test_no_discard_with_a_legal_discard_and_next_round_in_play(game):
    game.apply(0, "draw")
    refused(game, 0, "no_discard", "has_a_discard")
    refused(game, 0, "next_round", "round_not_over")


def test_a_bad_deal_is_refused():
    for bad in ({"hands": ["3h"]}, {"hands": ["Kh", "Kd"], "melds": [[0, "Kh Kd"]]},
                {"hands": ["Kh", "Kd"], "phase": "later"}, {"hands": ["Kh", "Kd"]},
                {"hands": ["Kh", "Kd"], "fill": True, "turn": 5}, "deal"):
        with pytest.raises(Exception) as caught:
            Canasta.new(2, {"_deal": bad})
        assert caught.value.code == "bad_deal", bad
    with pytest.raises(Exception) as caught:
        Canasta.new(2, {"target": 7})
    assert caught.value.code == "option_choice"


def test_every_canasta_refusal_comes_from_the_catalogue():
    import re
    from pathlib import Path

    from engine.messages import CATALOGUE
    for path in (Path(__file__).resolve().parents[2] / "engine" / "canasta").glob("*.py"):
        source = path.read_text()
        assert set(re.findall(r"\b(?:refuse|malformed)\(\s*\"(\w+)\"", source)) <= set(CATALOGUE)
        assert not re.search(r"(?:IllegalAction|MalformedAction|GameError)\(", source), path
