"""One test per clause of the jokers' rules in every rule set that has them (naming, moving,
renaming, a joker freed by its real card), each named after it.

Cards are French-notation text; `from_deal` defaults: the dealer is the last seat and seat 0 is
in turn; the stock is listed from its top. The solver is replaced by a stub that finds no play
(see `manipulacion_helpers`), so drawing is never interrupted by a reminder unless a test says so.
"""

import pytest

from tests.engine.manipulacion_helpers import apply_all, deal, hand, refused, table
from tests.engine.manipulacion_rules_helpers import in_turn, lay

pytestmark = pytest.mark.usefixtures("solver_stub")

# ----- jokers: Carrusel (and Vaticano, Tahití where they share it) ---------------------------

@pytest.mark.parametrize("ruleset", ["carrusel", "vaticano", "tahiti"])
def test_joker_name_asked_only_when_more_than_one_card_fits(ruleset):
    game = deal(["7h 7s * 5h 6h * 2c", "3c"], opened=[0], **in_turn(ruleset))
    lay(game, 0, "7h 7s *")
    error = refused(game, 0, "done", "joker_needs_name")
    assert error.data["groups"] == [{"group": 0, "cards": ["7s", "7h", "*"],
                                     "options": [["7d"], ["7c"]]}]
    assert "el 7 de diamantes o el 7 de tréboles" in error.es and "the 7 of clubs" in error.en
    game.apply(0, "name #0 * 7c")
    lay(game, 0, "5h 6h *")                      # 4h or 7h: also asked
    error = refused(game, 0, "done", "joker_needs_name")
    assert error.data["groups"][0]["options"] == [["4h"], ["7h"]]
    game.apply(0, "name #1 * 7h")
    game.apply(0, "done")
    assert table(game) == [["7s", "7h", "*7c"], ["5h", "6h", "*7h"]]


@pytest.mark.parametrize("ruleset", ["carrusel", "vaticano", "tahiti"])
def test_joker_named_for_you_when_only_one_card_fits(ruleset):
    game = deal(["5h * 7h 2c", "3c"], opened=[0], **in_turn(ruleset))
    game.apply(0, "set_table 5h * 7h")
    assert table(game) == [["5h", "*6h", "7h"]]


@pytest.mark.parametrize("ruleset", ["carrusel", "vaticano"])
def test_joker_a_named_joker_may_be_placed_from_the_hand_as_that_card(ruleset):
    game = deal(["5h * 2c", "3c"], table=["7h 8h 9h"], opened=[0], **in_turn(ruleset))
    game.apply(0, "move 5h hand #0")
    game.apply(0, "move *6h hand #0")
    game.apply(0, "done")
    assert table(game) == [["5h", "*6h", "7h", "8h", "9h"]]


def test_carrusel_joker_keeps_its_card_and_moves_only_as_the_same_card():
    game = deal(["4h 2c", "3c"], table=["5h *6h 7h 8h", "9s 10s Js"], ruleset="carrusel",
                draws=1)
    game.apply(0, "split #0 2")                   # 5h *6h | 7h 8h
    game.apply(0, "move 4h hand #0")              # 4h 5h *6h
    game.apply(0, "move 7h #1 #0")                # 4h 5h *6h 7h | 8h
    refused(game, 0, "name #0 *6h 6s", "joker_not_free")
    game.apply(0, "move 8h #1 #0")
    game.apply(0, "done")
    assert table(game) == [["4h", "5h", "*6h", "7h", "8h"], ["9s", "10s", "Js"]]


def test_carrusel_joker_renamed_only_after_its_real_card_is_put_down_from_the_hand():
    game = deal(["6h 8s 2c", "3c"], table=["5h *6h 7h", "9s 10s Js"], ruleset="carrusel",
                draws=1)
    refused(game, 0, "name #0 *6h 8s", "joker_not_free")
    game.apply(0, "move 6h hand #0")              # 5h *6h 6h 7h: the real 6h is down
    game.apply(0, "move *6h #0 #1")               # the freed joker straight to the spades,
    assert game.view(0)["copy"]["table"][1]["cards"] == ["9s", "10s", "Js", "*"]   # unnamed
    game.apply(0, "name #1 * 8s")
    game.apply(0, "done")
    assert table(game) == [["5h", "6h", "7h"], ["*8s", "9s", "10s", "Js"]]
    assert hand(game, 0) == ["2c", "8s"]


def test_carrusel_joker_renamed_once_its_real_card_is_moved_from_another_group():
    game = deal(["Qs Ks 2c", "3c"], table=["5h *6h 7h", "6h 6s 6d 6c"], ruleset="carrusel",
                draws=1)
    apply_all(game, 0, ["move 6h #1 #0",          # 5h *6h 6h 7h | 6s 6d 6c
                        "move *6h #0 new",
                        "move Qs hand #2", "move Ks hand #2",
                        "name #2 * Js"])
    game.apply(0, "done")
    assert table(game) == [["5h", "6h", "7h"], ["6s", "6d", "6c"], ["*Js", "Qs", "Ks"]]


def test_carrusel_joker_renaming_without_its_real_card_on_the_table_refused_at_listo():
    game = deal(["Qs Ks Js 2c", "3c"], table=["*6h 7h 8h 9h"], ruleset="carrusel", draws=1)
    error = refused(game, 0, "set_table 7h 8h 9h / *Js Qs Ks", "joker_not_free")
    assert "del 6 de corazones" in error.es and "the 6 of hearts" in error.en
    game.apply(0, "set_table *6h 7h 8h 9h / Js Qs Ks")
    assert table(game) == [["*6h", "7h", "8h", "9h"], ["Js", "Qs", "Ks"]]


def test_carrusel_a_freed_joker_never_goes_back_to_a_hand():
    game = deal(["6h 2c", "3c"], table=["5h *6h 7h"], ruleset="carrusel", draws=1)
    game.apply(0, "move 6h hand #0")
    refused(game, 0, "move *6h #0 hand", "never_to_hand")
    refused(game, 0, "set_table 5h 6h 7h", "table_card_missing")


# ----- jokers freed by their real card: the rule the three rule sets share ------------------

JOKER_RULES = ("carrusel", "vaticano", "tahiti")


def freeing_deal(ruleset, hand_text, table_groups, **kw):
    extra = {"loose": "2s 3s 9d Kc"} if ruleset == "tahiti" else {}
    return deal([hand_text, "Kd"], "8c", table=table_groups, opened=[0], **in_turn(ruleset),
                **extra, **kw)


@pytest.mark.parametrize("ruleset", JOKER_RULES)
def test_joker_displaced_by_its_real_card_may_not_keep_its_old_card(ruleset):
    # The real 7h takes the joker's place in the run; the joker may not go on as 7h elsewhere
    # (with one pack, Carrusel's two players, that would put two 7 of hearts on the table).
    game = freeing_deal(ruleset, "7h 2c", ["5h 6h *7h", "7s 7d 7c"])
    error = refused(game, 0, "set_table 5h 6h 7h / 7s 7d 7c *7h", "joker_needs_new_card")
    assert "El comodín que hace del 7 de corazones ya tiene el 7 de corazones" in error.es
    assert "otra carta" in error.es and "another card" in error.en
    assert "7h" not in error.es + error.en            # cards in words, never codes
    # Step by step: moved out of its place, the joker goes on unnamed; among 7s 7d 7c only 7h
    # would fit, so Listo refuses for the same reason.
    apply_all(game, 0, ["move 7h hand #0", "move *7h #0 #1"])
    assert "*" in game.view(0)["copy"]["table"][1]["cards"]
    assert refused(game, 0, "done", "joker_needs_new_card").es == error.es
    game.apply(0, "undo")
    game.apply(0, "set_table 5h 6h 7h *8h / 7s 7d 7c")
    assert table(game) == [["5h", "6h", "7h", "*8h"], ["7s", "7d", "7c"]]


def test_the_three_rule_sets_refuse_a_displaced_joker_with_one_message():
    seen = set()
    for ruleset in JOKER_RULES:
        game = freeing_deal(ruleset, "7h 2c", ["5h 6h *7h", "7s 7d 7c"])
        error = refused(game, 0, "set_table 5h 6h 7h / 7s 7d 7c *7h", "joker_needs_new_card")
        seen.add((error.es, error.en))
    assert len(seen) == 1


@pytest.mark.parametrize("ruleset", JOKER_RULES)
def test_joker_whose_real_card_is_down_keeps_its_card_in_its_place(ruleset):
    # The real 6h goes next to 7h; the joker stays next to 5h, where it stood: it may stay 6h.
    game = freeing_deal(ruleset, "6h 2c", ["3h 4h 5h *6h 7h 8h 9h"])
    game.apply(0, "set_table 3h 4h 5h *6h / 6h 7h 8h 9h")
    assert table(game) == [["3h", "4h", "5h", "*6h"], ["6h", "7h", "8h", "9h"]]


def test_carrusel_joker_whose_real_card_is_elsewhere_moves_only_as_a_new_card():
    # Two packs: a real 6h already lies in 4h 5h 6h. The joker may stay where it is, or take a
    # new card, but not walk off to the trío as the 6 of hearts.
    game = deal(["10h 2c", "3c", "4c"], table=["*6h 7h 8h 9h", "6s 6d 6c", "4h 5h 6h"],
                ruleset="carrusel", draws=1)
    refused(game, 0, "set_table 7h 8h 9h 10h / 6s 6d 6c *6h / 4h 5h 6h", "joker_needs_new_card")
    game.apply(0, "set_table 7h 8h 9h 10h *Jh / 6s 6d 6c / 4h 5h 6h")
    assert table(game)[0] == ["7h", "8h", "9h", "10h", "*Jh"]
    kept = deal(["10h 2c", "3c", "4c"], table=["*6h 7h 8h 9h", "6s 6d 6c", "4h 5h 6h"],
                ruleset="carrusel", draws=1)
    kept.apply(0, "set_table *6h 7h 8h 9h 10h / 6s 6d 6c / 4h 5h 6h")
    assert table(kept)[0] == ["*6h", "7h", "8h", "9h", "10h"]
