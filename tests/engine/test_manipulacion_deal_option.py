"""The `_deal` option's lesson parts: groups already on the table at the start (`table`) and
the cards not named put under the given stock (`fill`)."""
import pytest

from engine.game import IllegalAction
from engine.manipulacion.game import Manipulacion
from engine.manipulacion.melds import fmt

pytestmark = pytest.mark.usefixtures("solver_stub")

HANDS = ["7h 7s 7d 9c 2h 3h", "Ks Kd 4c 4d 5d 6d", "10h Jh 8s 8d 2c 3c"]


def new(deal, ruleset="maquiavelo", players=3):
    return Manipulacion.new(players, {"ruleset": ruleset, "_deal": deal}, seed=5)


def test_fill_puts_the_cards_not_named_under_the_given_stock_in_a_fixed_order():
    deal = {"dealer": 2, "hands": HANDS, "stock": "Qh As", "fill": True}
    game = new(deal)
    assert [fmt(c) for c in reversed(game.stock[-2:])] == ["Qh", "As"]
    assert len(game.stock) == 104 - 18
    assert game.audit() == []
    assert game.hands == new(deal).hands and game.stock == new(deal).stock
    again = Manipulacion.new(3, {"ruleset": "maquiavelo", "_deal": deal}, seed=99)
    assert again.stock == game.stock                 # the seed plays no part in it
    game.apply(0, "draw")
    assert fmt(game.hands[0][-1]) == "Qh"


def test_without_fill_a_deal_must_still_name_every_card():
    with pytest.raises(IllegalAction) as caught:
        new({"dealer": 2, "hands": HANDS, "stock": "Qh As"})
    assert caught.value.code == "bad_deal"


def test_the_table_starts_with_the_groups_given_laid_out_in_order():
    deal = {"dealer": 2, "hands": HANDS, "table": ["Qc Kc Jc", "5s 5h 5c"], "fill": True}
    game = new(deal)
    assert game.view(0)["table"] == [{"cards": ["Jc", "Qc", "Kc"], "kind": "run"},
                                     {"cards": ["5s", "5h", "5c"], "kind": "trio"}]
    assert len(game.stock) == 104 - 18 - 6
    assert game.audit() == []
    game.apply(0, "move 9c hand #0")        # the groups are the table's: the learner adds to them
    game.apply(0, "move 9c #0 hand")
    game.apply(0, "move 7h hand new")
    game.apply(0, "move 7s hand #2")
    game.apply(0, "move 7d hand #2")
    game.apply(0, "done")
    assert [g["cards"] for g in game.view(0)["table"]][2] == ["7s", "7h", "7d"]


def test_a_table_joker_is_named_and_counts_as_one_of_the_jokers():
    deal = {"dealer": 1, "hands": ["7h 8h 9h 2c 3c", "Ks Kd Kc 3d 4d"], "fill": True,
            "table": ["5h *6h 7h"], "loose": "2s 3s 4s 5s"}
    game = new(deal, ruleset="tahiti", players=2)
    assert game.view(0)["table"][0]["cards"] == ["5h", "*6h", "7h"]
    assert game.audit() == []
    assert sum(1 for c in game.stock if c == 0) == 3          # four jokers, one on the table


@pytest.mark.parametrize("table", [
    ["5h 6h"],                 # too small
    ["5h 6h 8h"],              # not a run
    ["5h * 7h"],               # a table joker needs its card
    ["Qs Ks As"],              # Shanghái's ace is low only
    "5h 6h 7h",                # not a list of groups
    [7],
])
def test_a_table_group_that_is_not_valid_under_the_rule_set_is_refused(table):
    deal = {"dealer": 2, "hands": HANDS, "table": table, "fill": True}
    with pytest.raises(IllegalAction) as caught:
        new(deal, ruleset="shanghai")
    assert caught.value.code == "bad_deal"


def test_named_cards_beyond_the_deck_are_refused_even_with_fill():
    hands = ["7h 7h 7h 9c 2h 3h", *HANDS[1:]]           # two packs: two 7h, not three
    with pytest.raises(IllegalAction) as caught:
        new({"dealer": 2, "hands": hands, "fill": True})
    assert caught.value.code == "bad_deal"
    with pytest.raises(IllegalAction) as caught:
        new({"dealer": 2, "hands": HANDS, "fill": "yes"})
    assert caught.value.code == "bad_deal"
    with pytest.raises(IllegalAction) as caught:         # a named joker belongs on the table
        new({"dealer": 2, "hands": HANDS, "stock": "*Qh", "fill": True})
    assert caught.value.code == "bad_deal"
