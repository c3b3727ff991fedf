import pytest

from engine.cards import ALL_CARDS, FRENCH, JOKER, SPANISH, NotationError, card, deck, left_over


def test_every_spanish_card_round_trips_through_its_notation():
    for c in [*ALL_CARDS, JOKER]:
        assert SPANISH.parse(SPANISH.format(c)) == c


def test_every_french_card_round_trips_through_its_notation():
    for c in [*ALL_CARDS, JOKER]:
        assert FRENCH.parse(FRENCH.format(c)) == c


def test_spanish_notation_names_rank_then_suit():
    assert SPANISH.format(card(12, 1)) == "Cc"
    assert SPANISH.parse("10e") == card(10, 2)
    assert SPANISH.name(card(1, 0)) == "As de oros"
    assert SPANISH.name(card(11, 3), "en") == "Jack of clubs"


def test_unknown_text_is_not_a_card():
    for text in ["", "1o", "11o", "7x", "oo", "**"]:
        with pytest.raises(NotationError):
            SPANISH.parse(text)


def test_two_packs_and_four_jokers_make_108_cards():
    cards = deck(2, 4)
    assert len(cards) == 108
    assert cards.count(JOKER) == 4
    assert all(cards.count(c) == 2 for c in ALL_CARDS)


def test_left_over_takes_one_for_one_or_says_none():
    assert left_over([3, 4, 4, 5], [4, 5]) == [3, 4]
    assert left_over([3, 4, 5], [4, 4]) is None
    assert left_over([], []) == []
