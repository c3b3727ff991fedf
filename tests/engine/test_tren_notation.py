"""Tren Mexicano notation: tiles (`12-7`, doubles `9-9`) and every action type round-trip
text <-> Action <-> dict; tiles are named in words in messages."""
import pytest

from engine import dominoes
from engine.dominoes import ALL_TILES, tile
from engine.game import MalformedAction
from engine.messages import Words, texts
from engine.tren import actions as A
from tests.engine.notation_helpers import NotationCases

T = dominoes.parse

CASES = [
    ("draw", A.Draw(), {"type": "draw"}),
    ("pass", A.Pass(), {"type": "pass"}),
    ("next_round", A.NextRound(), {"type": "next_round"}),
    ("last_round", A.LastRound(), {"type": "last_round"}),
    ("play 12-7 #0", A.Play(tile(12, 7), 0), {"type": "play", "tile": "12-7", "train": 0}),
    ("play 9-9 #7", A.Play(tile(9, 9), 7), {"type": "play", "tile": "9-9", "train": 7}),
    ("play 0-0 mexican", A.Play(tile(0, 0), "mexican"),
     {"type": "play", "tile": "0-0", "train": "mexican"}),
    ("play 12-0 #3", A.Play(tile(0, 12), 3), {"type": "play", "tile": "12-0", "train": 3}),
]


class TestTrenNotation(NotationCases):
    CASES = CASES
    TYPES = A.TYPES
    parse_text = staticmethod(A.parse)
    from_dict = staticmethod(A.from_dict)
    coerce = staticmethod(A.coerce)


@pytest.mark.parametrize("t", ALL_TILES, ids=repr)
def test_every_tile_round_trips_in_its_notation_and_in_a_play(t):
    text = dominoes.tile_text(t)
    assert T(text) == t and dominoes.tile_text(T(text)) == text
    assert text == f"{t.high}-{t.low}" and t.high >= t.low
    assert T(f"{t.low}-{t.high}") == t                 # either order is the same tile
    for end in {t.high, t.low}:
        laid = dominoes.oriented(t, end)
        assert laid.startswith(f"{end}-") and T(laid) == t
    for train in (0, 7, "mexican"):
        action = A.Play(t, train)
        assert A.parse(action.to_text()) == action == A.from_dict(action.to_dict())


def test_tiles_are_numbers_doubles_and_pips():
    t = tile(12, 7)
    assert (t.high, t.low, t.pips, t.is_double) == (12, 7, 19, False)
    assert t.has(7) and t.has(12) and not t.has(3) and t.other(12) == 7 and t.other(7) == 12
    d = dominoes.double(9)
    assert d.is_double and d.other(9) == 9 and repr(d) == "9-9"
    assert sorted(ALL_TILES) == list(ALL_TILES) and len(dominoes.DOUBLES) == 13


@pytest.mark.parametrize("text", ["13-1", "12-13", "1-", "-1", "1_2", "a-b", "12-7-1", "127",
                                  "1 - 2", "", "٣-٤", "+1-2", "100-1", None, 12])
def test_what_is_not_a_tile_is_refused(text):
    with pytest.raises(ValueError):
        T(text)
    with pytest.raises(MalformedAction):
        A.from_dict({"type": "play", "tile": text, "train": 0})


def test_surrounding_blanks_and_a_leading_zero_still_read():
    assert T(" 7-12 ") == tile(12, 7) == T("07-12")


def test_tiles_are_named_in_words_with_their_article():
    assert dominoes.words(tile(12, 7)) == Words("el 12-7", "the 12-7")
    assert dominoes.words(tile(7, 12)) == Words("el 12-7", "the 12-7")
    assert dominoes.words(dominoes.double(9)) == Words("el doble 9", "the double 9")
    assert dominoes.words(dominoes.double(0)) == Words("el doble blanco", "the double blank")
    assert dominoes.number_words(8) == Words("un 8", "an 8")
    assert dominoes.number_words(11) == Words("un 11", "an 11")
    assert dominoes.number_words(3) == Words("un 3", "a 3")
    assert dominoes.number_words(0) == Words("un blanco", "a blank")
    es, en = texts("tile_not_in_hand", tile=dominoes.words(tile(5, 2)))
    assert (es, en) == ("No tienes el 5-2.", "You do not hold the 5-2.")
    es, en = texts("must_cover_double", double=dominoes.double_words(4))
    assert es == "Hay que cubrir el doble 4 antes de jugar en otro sitio."


def test_a_train_is_laid_and_shown_from_the_hub_outwards():
    from engine.tren.trains import Train
    train = Train(12, dominoes.parse_all("7-12 3-7 3-3 3-10"))
    assert train.oriented() == ["12-7", "7-3", "3-3", "3-10"] and train.open == 10
    assert not train.open_double and train.problems() == []
    with pytest.raises(ValueError):
        Train(12, dominoes.parse_all("12-7 5-4"))
    assert Train(12, dominoes.parse_all("12-4 4-4")).open_double
