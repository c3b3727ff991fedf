"""The private working copy: the player in turn edits a copy of the table step by step (move,
split, join, name), Listo commits it, Deshacer drops it; nobody else sees it.
`set_table` (for bots and tests) is checked exactly like Listo."""
import json

import pytest

from tests.engine.manipulacion_helpers import apply_all, deal, hand, refused, table, texts

pytestmark = pytest.mark.usefixtures("solver_stub")


def editing():
    """Seat 0 has started a copy: 8h from the hand on the run, 7h moved out to a new group
    with 7s from the hand. Still in the hand: 7d 7c Kc."""
    game = deal(["8h 7s 7d 7c Kc", "3c 3d", "2s 9c"], "Ad Ac",
                table=["5h 6h 7h", "Jd Qd Kd"])
    apply_all(game, 0, ["move 8h hand #0", "move 7h #0 new", "move 7s hand #2"])
    return game


def test_copy_starts_with_the_first_step_and_shows_only_in_the_players_view():
    game = editing()
    mine = game.view(0)["copy"]
    assert [g["cards"] for g in mine["table"]] == [["5h", "6h", "8h"], ["Jd", "Qd", "Kd"],
                                                    ["7s", "7h"]]
    assert [g["valid"] for g in mine["table"]] == [False, True, False]
    assert [g["from"] for g in mine["table"]] == [0, 1, None]
    assert mine["hand"] == ["7d", "7c", "Kc"]
    assert sorted(mine["placed"]) == ["7s", "8h"]
    assert mine["changed"] is True and mine["steps"] == 3
    # The committed table and hand have not changed.
    assert table(game) == [["5h", "6h", "7h"], ["Jd", "Qd", "Kd"]]
    assert hand(game, 0) == ["7c", "7d", "7s", "8h", "Kc"]


def test_nobody_else_sees_the_copy_the_tv_only_sees_that_the_player_is_thinking():
    game = editing()
    tv = game.view(None)
    assert tv["editing"] is True and tv["edit_steps"] == 3
    assert "copy" not in tv and "hand" not in tv
    assert [g["cards"] for g in tv["table"]] == [["5h", "6h", "7h"], ["Jd", "Qd", "Kd"]]
    assert tv["players"][0]["cards"] == 5
    for seat in (1, 2):
        view = game.view(seat)
        assert view["copy"] is None
        assert view["table"] == tv["table"]
        text = json.dumps(view)
        assert "8h" not in text and "7s" not in text and "7d" not in text
    assert "7d" not in json.dumps(tv) and "8h" not in json.dumps(tv)


def test_listo_commits_the_copy_when_every_group_is_valid_and_a_hand_card_was_added():
    game = editing()
    refused(game, 0, "done", "invalid_group")
    apply_all(game, 0, ["move 7h #2 #0", "move 7d hand #2"])   # 5h-8h | Jd Qd Kd | 7s 7d
    refused(game, 0, "done", "invalid_group")                    # 7s 7d is too short
    game.apply(0, "move 7c hand #2")
    game.apply(0, "done")
    assert table(game) == [["5h", "6h", "7h", "8h"], ["Jd", "Qd", "Kd"], ["7s", "7d", "7c"]]
    assert hand(game, 0) == ["Kc"]
    assert game.copy is None and game.view(None)["editing"] is False and game.turn == 1
    assert game.events[-1]["type"] == "play"
    assert sorted(game.events[-1]["cards"]) == ["7c", "7d", "7s", "8h"]


def test_listo_refusal_names_the_invalid_group():
    game = editing()
    error = refused(game, 0, "done", "invalid_group")
    assert "grupo 1" in error.es.lower() and "group 1" in error.en.lower()
    assert "the 5 of hearts, the 6 of hearts and the 8 of hearts" in error.en
    assert "el 5 de corazones, el 6 de corazones y el 8 de corazones" in error.es


def test_deshacer_restores_the_table_and_the_hand_as_they_were():
    game = editing()
    game.apply(0, "undo")
    assert game.copy is None and game.turn == 0
    assert game.view(0)["copy"] is None and game.view(None)["editing"] is False
    assert hand(game, 0) == ["7c", "7d", "7s", "8h", "Kc"]
    refused(game, 0, "undo", "not_editing")
    refused(game, 0, "done", "not_editing")


def test_new_group_split_and_join_use_the_indices_of_the_copy():
    game = deal(["9h 2c", "3c"], table=["3h 4h 5h 6h 7h 8h"])
    game.apply(0, "split #0 3")
    assert [g["cards"] for g in game.view(0)["copy"]["table"]] == [["3h", "4h", "5h"],
                                                                    ["6h", "7h", "8h"]]
    game.apply(0, "move 9h hand #1")
    game.apply(0, "move 2c hand new")
    assert [g["cards"] for g in game.view(0)["copy"]["table"]][2] == ["2c"]
    game.apply(0, "join #1 #0")
    assert [g["cards"] for g in game.view(0)["copy"]["table"]][0] == [
        "3h", "4h", "5h", "6h", "7h", "8h", "9h"]
    game.apply(0, "move 2c #1 hand")              # an emptied group disappears
    assert len(game.view(0)["copy"]["table"]) == 1
    game.apply(0, "done")
    assert table(game) == [["3h", "4h", "5h", "6h", "7h", "8h", "9h"]]


@pytest.mark.parametrize("action,code", [
    ("move 9c hand new", "card_not_in_hand"),
    ("move 9h #0 new", "card_not_there"),
    ("move 3h #7 new", "no_such_group"),
    ("move 3h #0 #9", "no_such_group"),
    ("move 3h #0 #0", "same_place"),
    ("move 9h hand hand", "same_place"),
    ("split #0 0", "bad_split"),
    ("split #0 6", "bad_split"),
    ("split #3 1", "no_such_group"),
    ("join #0 #0", "same_place"),
    ("join #0 #4", "no_such_group"),
    ("name #0 * 5h", "no_jokers"),
    ("move 3h #0 loose", "not_loose"),
    ("move 9h hand loose", "not_loose"),
    ("move 9h loose #0", "card_not_there"),
])
def test_each_step_is_checked(action, code):
    game = deal(["9h 2c", "3c"], table=["3h 4h 5h 6h 7h 8h"])
    refused(game, 0, action, code)


def test_steps_are_only_for_the_player_in_turn_and_drawing_waits_for_listo_or_deshacer():
    game = editing()
    refused(game, 1, "move 3c hand new", "not_your_turn")
    refused(game, 0, "draw", "editing")
    refused(game, None, "move 7d hand new", "system_only")


def test_joker_naming_at_listo_refuses_with_the_options_and_takes_a_name_action():
    game = deal(["7h 7s * 2c", "3c"], ruleset="carrusel", draws=1)
    apply_all(game, 0, ["move 7h hand new", "move 7s hand #0", "move * hand #0"])
    assert game.view(0)["copy"]["table"][0]["needs_name"] is True
    error = refused(game, 0, "done", "joker_needs_name")
    assert error.data["groups"][0]["options"] == [["7d"], ["7c"]]
    assert error.to_dict()["code"] == "joker_needs_name" and "data" in error.to_dict()
    game.apply(0, "name #0 * 7d")
    game.apply(0, "done")
    assert table(game) == [["7s", "7h", "*7d"]]


def test_set_table_is_checked_exactly_like_listo():
    # The same final table, reached by steps or sent whole, gets the same answer.
    cases = [
        ("9d 2c", ["5h 6h 7h", "Jd Qd Kd"], "5h 6h 7h / Jd Qd Kd 9d", "invalid_group"),
        ("9d 2c", ["5h 6h 7h 8h"], "5h 6h 7h / 8h 9d", "invalid_group"),
        ("9d 2c", ["5h 6h 7h 8h"], "6h 7h 8h / 5h 2c", "invalid_group"),
        ("9d 2c", ["5h 6h 7h 8h"], "6h 7h 8h / 5h", "must_add_from_hand"),
        ("9d 2c", ["5h 6h 7h 8h"], "8h 5h 6h 7h", "must_add_from_hand"),
        ("9d 8d 10d", ["Jd Qd Kd"], "8d 9d 10d Jd Qd Kd", None),
        ("4h 2c", ["5h 6h 7h", "8h 9h 10h"], "4h 5h 6h / 7h 8h 9h 10h", None),
    ]
    for held, groups, target, code in cases:
        by_steps = deal([held, "3c"], table=groups, ruleset="maquiavelo")
        whole = deal([held, "3c"], table=groups, ruleset="maquiavelo")
        reach(by_steps, target)
        action = "set_table " + target
        if code is None:
            by_steps.apply(0, "done")
            whole.apply(0, action)
            assert table(by_steps) == table(whole)
            assert by_steps.hands == whole.hands
        else:
            refused(by_steps, 0, "done", code)
            refused(whole, 0, action, code)


def reach(game, target):
    """Turn the copy into `target` ("a b c / d e") with single-card moves: each target group is
    started as a new group and filled from wherever its cards are. (Every card of the old
    table is in the target, so the old groups empty out and disappear.)"""
    for group in target.split("/"):
        first, *rest = group.split()
        game.apply(0, {"type": "move", "card": first, "from": locate(game, first), "to": "new"})
        built = [first]
        for c in rest:
            source = locate(game, c, avoid=built)
            destination = next(i for i, g in enumerate(game.copy.groups)
                               if sorted(texts(g)) == sorted(built))
            game.apply(0, {"type": "move", "card": c, "from": source, "to": destination})
            built.append(c)


def locate(game, text, avoid=()):
    """Where card `text` is now: "hand" or the index of a copy group (not the one being built)."""
    cp = game.copy
    hand_cards = texts(cp.hand) if cp is not None else texts(game.hands[0])
    groups = cp.groups if cp is not None else game.table
    for i, g in enumerate(groups):
        if text in texts(g) and sorted(texts(g)) != sorted(avoid):
            return i
    assert text in hand_cards
    return "hand"


def test_a_joker_put_down_this_turn_may_come_back_to_the_hand():
    game = deal(["5h * 2c", "3c"], table=["7h 8h 9h"], ruleset="carrusel", draws=1)
    game.apply(0, "move *6h hand #0")             # a hand joker placed as the 6h
    assert game.view(0)["copy"]["table"][0]["cards"] == ["*6h", "7h", "8h", "9h"]
    game.apply(0, "move *6h #0 hand")
    assert sorted(game.view(0)["copy"]["hand"]) == ["*", "2c", "5h"]
    assert game.view(0)["copy"]["changed"] is False
