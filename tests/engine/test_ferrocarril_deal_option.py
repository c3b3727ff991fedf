"""The `_deal` option: round 1 dealt exactly as given (for browser tests and lessons)."""
import pytest

from engine.cards import SPANISH, deck
from engine.ferrocarril import Ferrocarril
from engine.game import IllegalAction


def full_deal(first_hand: str, players: int = 3) -> dict:
    rest = [SPANISH.format(c) for c in deck(2, 4)]
    for name in first_hand.split():
        rest.remove(name)
    hands = [first_hand] + [" ".join(rest[13 * i:13 * (i + 1)]) for i in range(players - 1)]
    used = 13 * (players - 1)
    return {"dealer": players - 1, "hands": hands, "discard": rest[used],
            "stock": " ".join(rest[used + 1:])}


def test_a_given_deal_is_dealt_as_written_and_keeps_every_card():
    deal = full_deal("7o 7c 7e 8o 8c 8e 9o 9c 9e 10o 10c 10e 2b")
    game = Ferrocarril.new(3, {"_deal": deal}, seed=1)
    assert game.view(0)["hand"] == deal["hands"][0].split()
    assert game.turn == 0 and game.dealer == 2
    assert game.view(None)["discard_top"] == deal["discard"]
    assert SPANISH.format(game.stock[-1]) == deal["stock"].split()[0]
    assert game.audit() == []


def test_the_rounds_after_a_given_deal_are_shuffled_from_the_seed():
    deal = full_deal("7o 7c 7e 8o 8c 8e 9o 9c 9e 10o 10c 10e 2b")
    a = Ferrocarril.new(3, {"_deal": deal}, seed=1)
    b = Ferrocarril.new(3, {"_deal": deal}, seed=2)
    for game in (a, b):
        game.phase = "round_over"
        game.apply(None, "next_round")
    assert a.hands != b.hands


@pytest.mark.parametrize("spoil", [
    lambda d: d.update(discard="7o 7c"),
    lambda d: d.update(stock=d["stock"].rsplit(" ", 1)[0]),        # a card missing
    lambda d: d.update(hands=d["hands"][:2]),                      # a hand missing
    lambda d: d.update(hands="7o"),
    lambda d: d.update(stock="xx"),
])
def test_a_deal_that_is_not_the_whole_pack_is_refused(spoil):
    deal = full_deal("7o 7c 7e 8o 8c 8e 9o 9c 9e 10o 10c 10e 2b")
    spoil(deal)
    with pytest.raises(IllegalAction) as error:
        Ferrocarril.new(3, {"_deal": deal}, seed=1)
    assert error.value.code == "bad_deal"
