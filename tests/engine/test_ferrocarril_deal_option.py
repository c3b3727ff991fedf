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


def under_way(table, hands=("9e", "Ae 3b", "Sb 8c"), **extra) -> dict:
    return {"dealer": 2, "hands": list(hands), "discard": "5b", "stock": "7b",
            "table": table, "fill": True, **extra}


def test_a_deal_may_start_with_the_round_under_way_and_combinations_on_the_table():
    deal = under_way([[0, "7o 7c 7e"], [1, "Ro Rc Re *"]])
    game = Ferrocarril.new(3, {"_deal": deal}, seed=1)
    view = game.view(0)
    assert [(m["id"], m["owner"], m["cards"]) for m in view["table"]] == [
        (1, 0, ["7o", "7c", "7e"]), (2, 1, ["Ro", "Rc", "Re", "*"])]
    assert [p["salido"] for p in view["players"]] == [True, True, False]
    assert view["opening"] is False and game.audit() == []
    game.apply(1, "pass")
    game.apply(2, "pass")
    game.apply(0, "pass")
    game.apply(0, "draw")
    assert "add" in game.allowed(0) and "steal" in game.allowed(0)
    game.apply(0, "add #1 7b")
    game.apply(0, "close")
    assert game.round_results[-1]["points"] == [-10, 23, 18]
    game.apply(None, "next_round")                  # the next round is shuffled, table empty
    assert game.view(0)["table"] == [] and not any(game.salido) and game.audit() == []


def test_a_run_on_the_dealt_table_is_laid_in_round_seven_only():
    run = "Sc Cc Rc Ac 2c 3c 4c"
    game = Ferrocarril.new(3, {"_deal": under_way([[0, run]], round=7)}, seed=1)
    assert game.view(0)["table"][0]["kind"] == "run"
    with pytest.raises(IllegalAction) as error:
        Ferrocarril.new(3, {"_deal": under_way([[0, run]])}, seed=1)
    assert error.value.code == "bad_deal"


@pytest.mark.parametrize("table", [
    [[0, "7o 7c 5e"]],                     # not a combination
    [[0, "7o 7c * *"]],                    # two jokers
    [[3, "7o 7c 7e"]],                     # nobody sits there
    [[True, "7o 7c 7e"]],
    [[0, "7o 7c 7e", 1]],
    [[0, "xx yy zz"]],
    "7o 7c 7e",
])
def test_a_dealt_table_that_is_not_valid_is_refused(table):
    with pytest.raises(IllegalAction) as error:
        Ferrocarril.new(3, {"_deal": under_way(table)}, seed=1)
    assert error.value.code == "bad_deal"


def test_the_cards_on_a_dealt_table_count_in_the_pack():
    deal = full_deal("7o 7c 7e 8o 8c 8e 9o 9c 9e 10o 10c 10e 2b")
    deal["table"] = [[1, "Ro Rc Re"]]          # three cards more than the 108
    with pytest.raises(IllegalAction) as error:
        Ferrocarril.new(3, {"_deal": deal}, seed=1)
    assert error.value.code == "bad_deal"
