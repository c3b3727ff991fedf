"""One test per clause of the Rummy Manipulación rules (every rule set), each named after it:
the players, the deal, groups, rearranging, and the rules of Manipulación, Maquiavelo, Shanghái
and Guadalupe (Carrusel's, the jokers' and Vaticano's and Tahití's in the files beside it).

Cards are French-notation text; `from_deal` defaults: the dealer is the last seat and seat 0 is
in turn; the stock is listed from its top. The solver is replaced by a stub that finds no play
(see `manipulacion_helpers`), so drawing is never interrupted by a reminder unless a test says so.
"""
from collections import Counter

import pytest

from engine.cards import ALL_CARDS, JOKER, deck
from engine.game import IllegalAction, MalformedAction
from engine.manipulacion.game import Manipulacion
from engine.manipulacion.melds import parse_all
from tests.engine.manipulacion_helpers import (
    RULESET_NAMES,
    Hint,
    apply_all,
    cards,
    deal,
    hand,
    refused,
    table,
)
from tests.engine.manipulacion_rules_helpers import (
    PLAY_FIRST,
    IdentityShuffle,
    all_cards,
    in_turn,
    round_over_by_going_out,
)

pytestmark = pytest.mark.usefixtures("solver_stub")

# ----- players, decks and the deal -----------------------------------------------------------

@pytest.mark.parametrize("players", [-1, 0, 1, 6, 7, True, "3", 3.0, None])
def test_players_two_to_five_other_counts_refused(players):
    with pytest.raises(IllegalAction) as caught:
        Manipulacion.new(players, seed=1)
    assert caught.value.code == "bad_player_count"
    assert "2" in caught.value.es and "5" in caught.value.es


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_players_two_to_five_in_every_rule_set(ruleset, players):
    game = Manipulacion.new(players, {"ruleset": ruleset}, seed=2)
    assert len(game.view(None)["players"]) == players
    assert game.audit() == []


DECKS = {  # rule set: {players: (cards, jokers)}
    "manipulacion": {n: (104, 0) for n in range(2, 6)},
    "maquiavelo": {n: (104, 0) for n in range(2, 6)},
    "shanghai": {n: (104, 0) for n in range(2, 6)},
    "guadalupe": {n: (104, 0) for n in range(2, 6)},
    "carrusel": {2: (53, 1), 3: (106, 2), 4: (106, 2), 5: (106, 2)},
    "vaticano": {n: (106, 2) for n in range(2, 6)},
    "tahiti": {n: (108, 4) for n in range(2, 6)},
}


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
@pytest.mark.parametrize("players", [2, 3, 5])
def test_decks_and_jokers_per_rule_set(ruleset, players):
    total, jokers = DECKS[ruleset][players]
    game = Manipulacion.new(players, {"ruleset": ruleset}, seed=7)
    everything = all_cards(game)
    counts = Counter(everything)
    assert len(everything) == total
    assert counts[JOKER] == jokers
    packs = (total - jokers) // 52
    assert all(counts[c] == packs for c in ALL_CARDS)


DEALT = {"manipulacion": 7, "maquiavelo": 13, "shanghai": 10, "guadalupe": 5, "carrusel": 10,
         "vaticano": 13, "tahiti": 5}


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
@pytest.mark.parametrize("players", [2, 5])
def test_cards_dealt_per_rule_set(ruleset, players):
    game = Manipulacion.new(players, {"ruleset": ruleset}, seed=4)
    assert [len(h) for h in game.hands] == [DEALT[ruleset]] * players
    assert len(game.loose) == (4 if ruleset == "tahiti" else 0)
    assert game.view(None)["stock"] == DECKS[ruleset][players][0] - DEALT[ruleset] * players \
        - len(game.loose)
    assert game.table == []


def test_shanghai_deals_ten_cards_in_packets_of_three_three_three_and_one():
    game = round_over_by_going_out("shanghai")
    game.rng = IdentityShuffle(0)
    game.apply(None, "next_round")
    dealt = iter(reversed(deck(2, 0)))
    expected = [[], [], []]
    for packet in (3, 3, 3, 1):
        for seat in (1, 2, 0):                   # from the dealer's left (dealer: seat 0)
            expected[seat] += [next(dealt) for _ in range(packet)]
    assert game.hands == expected
    assert all(len(h) == 10 for h in game.hands)


def test_tahiti_four_loose_cards_dealt_face_up_on_the_table():
    game = Manipulacion.new(3, {"ruleset": "tahiti"}, seed=9)
    public = game.view(None)
    assert len(public["loose"]) == 4
    assert parse_all(public["loose"]) == game.loose
    assert public["table"] == []


# ----- groups ------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESET_NAMES)
@pytest.mark.parametrize("group,ok", [
    ("7s 7h 7d", True), ("7s 7h 7d 7c", True), ("7s 7h 7d 7c 7s", False),
    ("7s 7s 7h", False), ("7s 7h", False), ("7s 7h 7d 7d", False),
])
def test_trio_is_three_or_four_cards_of_one_rank_each_of_a_different_suit(ruleset, group, ok):
    game = deal([group + " 2c", "3c 3d"], opened=[0], **in_turn(ruleset))
    action = {"type": "set_table", "table": [group.split()]}
    if ok:
        game.apply(0, action)
        assert sorted(table(game)[0]) == sorted(group.split())
    else:
        refused(game, 0, action, "invalid_group")


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
@pytest.mark.parametrize("group,ok", [
    ("4h 5h 6h", True), ("4h 5h 6h 7h 8h 9h 10h", True), ("4h 5h", False),
    ("4h 5h 7h", False), ("4h 5h 6s", False), ("4h 4h 5h 6h", False),
])
def test_escalera_is_three_or_more_consecutive_cards_of_one_suit(ruleset, group, ok):
    game = deal([group + " 2c", "3c 3d"], **in_turn(ruleset))
    action = {"type": "set_table", "table": [group.split()]}
    if ok:
        game.apply(0, action)
        assert table(game)[0] == group.split()
    else:
        refused(game, 0, action, "invalid_group")


ACE_RUNS = {  # rule set: (A-2-3, Q-K-A, K-A-2)
    "manipulacion": (False, True, False),
    "maquiavelo": (True, True, False),
    "shanghai": (True, False, False),
    "guadalupe": (True, True, False),
    "carrusel": (True, True, False),
    "vaticano": (True, True, False),
    "tahiti": (True, True, False),
}


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
@pytest.mark.parametrize("which,run", list(enumerate(["Ah 2h 3h", "Qh Kh Ah", "Kh Ah 2h"])))
def test_ace_rule_of_each_rule_set(ruleset, which, run):
    game = deal([run + " 5c", "3c 3d"], opened=[0], **in_turn(ruleset))
    action = {"type": "set_table", "table": [run.split()]}
    if ACE_RUNS[ruleset][which]:
        game.apply(0, action)
        assert table(game) == [run.split()]
    else:
        refused(game, 0, action, "invalid_group")


# ----- rearranging the table ----------------------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_rearrange_the_table_freely_split_join_move_and_start_new_groups(ruleset):
    game = deal(["7h Ks 2c", "3c 3d"], table=["4h 5h 6h", "8h 9h 10h", "Kh Kd Kc"],
                opened=[0], **in_turn(ruleset))
    apply_all(game, 0, [
        "move 7h hand #0",            # 4h 5h 6h 7h
        "join #0 #1",                 # 4h ... 10h
        "split #0 3",                 # 4h 5h 6h | 7h 8h 9h 10h
        "move Kc #2 new",             # Kh Kd | Kc
        "move Ks hand #2",            # Kh Kd Ks
        "move Kc #3 #2",              # Ks Kh Kd Kc
    ])
    game.apply(0, "done")
    assert table(game) == [["4h", "5h", "6h"], ["7h", "8h", "9h", "10h"],
                           ["Ks", "Kh", "Kd", "Kc"]]
    assert hand(game, 0) == ["2c"]
    assert game.turn == 1


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_must_add_at_least_one_card_from_the_hand(ruleset):
    game = deal(["2c 9d", "3c 3d"], table=["4h 5h 6h 7h", "Kh Kd Kc"], opened=[0],
                **in_turn(ruleset))
    game.apply(0, "move 7h #0 #1")
    game.apply(0, "move 7h #1 new")
    game.apply(0, "move 4h #0 #2")
    error = refused(game, 0, "done", "must_add_from_hand")
    assert "mano" in error.es and "hand" in error.en
    refused(game, 0, "set_table 5h 6h 7h / Kh Kd Kc", "table_card_missing")


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_every_group_must_end_valid_and_the_reason_names_the_group(ruleset):
    game = deal(["9d 2c", "3c 3d"], table=["4h 5h 6h 7h", "Kh Kd Kc"], opened=[0],
                **in_turn(ruleset))
    game.apply(0, "move 9d hand #1")
    error = refused(game, 0, "done", "invalid_group")
    assert "grupo 2" in error.es.lower() and "group 2" in error.en.lower()
    assert "the 9 of diamonds" in error.en and "el 9 de diamantes" in error.es


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_never_a_card_from_the_table_to_a_hand(ruleset):
    game = deal(["8h 2c", "3c 3d"], table=["4h 5h 6h 7h"], opened=[0], **in_turn(ruleset))
    refused(game, 0, "move 7h #0 hand", "never_to_hand")
    game.apply(0, "move 8h hand #0")
    game.apply(0, "move 8h #0 hand")        # a card you put down this turn may come back
    refused(game, 0, "move 4h #0 hand", "never_to_hand")
    refused(game, 0, "set_table 4h 5h 6h / 8h", "table_card_missing")


def test_no_discard_pile():
    game = deal(["8h 2c", "3c 3d"], "Ad")
    refused(game, 0, {"type": "discard", "card": "2c"}, "malformed", MalformedAction)
    assert "discard" not in game.view(None)
    game.apply(0, "draw")
    assert hand(game, 0) == ["2c", "8h", "Ad"]


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_empty_stock_pass_instead_of_draw(ruleset):
    game = deal(["8h 2c", "3c 3d", "4c 4d"], "", **in_turn(ruleset))
    assert "pass" in game.allowed(0) and "draw" not in game.allowed(0)
    refused(game, 0, "draw", "stock_empty")
    game.apply(0, "pass")
    assert game.turn == 1 and hand(game, 0) == ["2c", "8h"]
    stocked = deal(["8h 2c", "3c 3d"], "Ad", ruleset=ruleset)
    refused(stocked, 0, "pass", "stock_not_empty")


@pytest.mark.parametrize("ruleset", PLAY_FIRST)
def test_blocked_round_when_everyone_passes_in_a_row(ruleset):
    game = deal(["8h 2c", "3c 3d", "4c"], "", ruleset=ruleset)
    game.apply(0, "pass")
    game.apply(1, "pass")
    assert game.phase == "play"
    game.apply(2, "pass")
    assert game.phase in ("round_over", "game_over")
    last = game.view(None)["last_round"]
    assert last["blocked"] and last["out"] is None


def test_a_play_between_passes_means_the_round_is_not_blocked():
    game = deal(["8h 2c", "3c 3d 3h 5s", "4c 9c"], "", table=["5h 6h 7h"], ruleset="maquiavelo")
    game.apply(0, "pass")
    game.apply(1, "set_table 5h 6h 7h / 3c 3d 3h")
    game.apply(2, "pass")
    game.apply(0, "pass")
    assert game.phase == "play"
    game.apply(1, "pass")
    assert game.phase == "game_over"


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_the_round_ends_as_soon_as_a_player_plays_the_last_card(ruleset):
    game = deal(["8h", "3c 3d", "4c 9c"], table=["5h 6h 7h"], opened=[0], **in_turn(ruleset))
    game.apply(0, "move 8h hand #0")
    game.apply(0, "done")
    last = game.view(None)["last_round"]
    assert game.phase in ("round_over", "game_over")
    assert last["out"] == 0 and last["winners"] == [0]


# ----- Manipulación --------------------------------------------------------------------------

def test_manipulacion_seven_cards_each():
    game = Manipulacion.new(4, None, seed=3)
    assert game.rules.name == "manipulacion"
    assert all(len(h) == 7 for h in game.hands)


@pytest.mark.parametrize("ruleset", ["manipulacion", "shanghai"])
def test_must_play_if_able_else_draw_one_at_a_time_and_the_turn_goes_on(ruleset):
    game = deal(["2c 9d", "3c 3d"], "5h Kc 4s", table=["6h 7h 8h"], ruleset=ruleset)
    game.apply(0, "draw")
    assert game.turn == 0 and hand(game, 0) == ["2c", "5h", "9d"]
    assert "draw" in game.allowed(0)
    game.apply(0, "move 5h hand #0")
    game.apply(0, "done")
    assert game.turn == 1 and table(game) == [["5h", "6h", "7h", "8h"]]


@pytest.mark.parametrize("ruleset", ["manipulacion", "shanghai"])
def test_must_play_turn_ends_only_on_a_play_or_a_pass_with_the_stock_empty(ruleset):
    game = deal(["2c 9d", "3c 3d"], "5c Kc", ruleset=ruleset)
    game.apply(0, "draw")
    game.apply(0, "draw")
    assert game.turn == 0 and game.view(None)["stock"] == 0
    assert game.allowed(0)[0] == "pass"
    game.apply(0, "pass")
    assert game.turn == 1


@pytest.mark.parametrize("ruleset", ["manipulacion", "shanghai"])
@pytest.mark.parametrize("verb", ["draw", "pass"])
def test_mandatory_play_remind_with_hint_refuses_the_first_tap_and_the_second_goes_on(
        ruleset, verb, solver_stub):
    stock = "Kc" if verb == "draw" else ""
    game = deal(["5h 9d 2c", "3c 3d"], stock, table=["6h 7h 8h", "Ks Kd Kc"], ruleset=ruleset)
    solver_stub.hint = Hint(cards("5h")[0], [0], False)
    error = refused(game, 0, verb, "play_available")
    assert error.data == {"hint": {"card": "5h", "groups": [0], "needs_rearranging": False}}
    assert error.to_dict()["data"]["hint"]["card"] == "5h"
    assert "el 5 de corazones" in error.es and "the 5 of hearts" in error.en \
        and "grupo 1" in error.es
    assert solver_stub.calls[-1][0] == "hint" and solver_stub.calls[-1][1] == ruleset
    game.apply(0, {"type": verb, "confirm": True})
    assert game.log[-1] == (0, {"type": verb, "confirm": True})
    if verb == "draw":
        assert "Kc" in hand(game, 0) and game.turn == 0
    else:
        assert game.turn == 1


def test_mandatory_play_remind_says_when_the_play_needs_rearranging(solver_stub):
    game = deal(["5h 9d", "3c 3d"], "Kc", table=["6h 7h 8h 9h", "5s 5d 5c"])
    solver_stub.hint = Hint(cards("9d")[0], [0, 1], True)
    error = refused(game, 0, "draw", "play_available")
    assert error.data["hint"]["needs_rearranging"] is True
    assert "reorganizar" in error.es and "rearrang" in error.en


def test_mandatory_play_remind_without_a_play_draws_at_the_first_tap(solver_stub):
    game = deal(["2c 9d", "3c 3d"], "Kc")
    solver_stub.hint = None
    game.apply(0, "draw")
    assert hand(game, 0) == ["2c", "9d", "Kc"]
    assert solver_stub.calls


@pytest.mark.parametrize("ruleset", ["manipulacion", "shanghai"])
def test_mandatory_play_trust_the_player_no_reminder(ruleset, solver_stub):
    game = deal(["5h 9d 2c", "3c 3d"], "Kc", table=["6h 7h 8h"], ruleset=ruleset,
                options={"mandatory_play": "trust"})
    solver_stub.hint = Hint(cards("5h")[0], [0], False)
    game.apply(0, "draw")
    assert "Kc" in hand(game, 0)
    assert solver_stub.calls == []


def test_mandatory_play_any_valid_play_counts_not_only_the_hinted_one(solver_stub):
    game = deal(["5h 9d 9s 9c", "3c 3d"], "Kc", table=["6h 7h 8h"])
    solver_stub.hint = Hint(cards("5h")[0], [0], False)
    refused(game, 0, "draw", "play_available")
    game.apply(0, "set_table 6h 7h 8h / 9d 9s 9c")
    assert hand(game, 0) == ["5h"] and game.turn == 1


@pytest.mark.parametrize("ruleset", ["maquiavelo", "guadalupe", "carrusel", "vaticano", "tahiti"])
def test_mandatory_play_is_only_for_manipulacion_and_shanghai(ruleset, solver_stub):
    game = deal(["5h 9d 2c", "3c 3d"], "Kc Kd", table=["6h 7h 8h"], ruleset=ruleset)
    solver_stub.hint = Hint(cards("5h")[0], [0], False)
    game.apply(0, "draw")
    assert solver_stub.calls == []


def test_manipulacion_penalty_points_ace_15_tens_and_figures_10_others_5():
    game = deal(["8h", "Ac 10d Js Qh Kc 2s 9d", "3c"], table=["5h 6h 7h"])
    game.apply(0, "set_table 5h 6h 7h 8h")
    last = game.view(None)["last_round"]
    assert last["points"] == [0, 15 + 10 + 10 + 10 + 10 + 5 + 5, 5]
    assert game.scores == [0, 65, 5]


def test_manipulacion_the_player_who_goes_out_scores_zero_and_lower_is_better():
    game = deal(["8h", "Ac", "3c"], table=["5h 6h 7h"], scores=[150, 190, 199])
    game.apply(0, "set_table 5h 6h 7h 8h")
    assert game.scores == [150, 205, 204]
    result = game.result()
    assert result["winners"] == [0] and not result["tie"]
    assert result["ranking"] == [0, 2, 1]


def test_manipulacion_blocked_round_scored_the_same():
    game = deal(["8h 2c", "Ac", "3c Kd"], "", table=["5h 6h 7h"])
    apply_all(game, 0, ["pass confirm"])
    game.apply(1, "pass confirm")
    game.apply(2, "pass confirm")
    last = game.view(None)["last_round"]
    assert last["blocked"] and last["points"] == [5 + 5, 15, 5 + 10]
    assert game.phase == "round_over"


@pytest.mark.parametrize("target", [200, 300])
def test_manipulacion_play_to_200_or_300(target):
    options = {"target": target}
    below = deal(["8h", "Ac", "3c"], table=["5h 6h 7h"], scores=[0, target - 16, 0],
                 options=options)
    below.apply(0, "set_table 5h 6h 7h 8h")
    assert below.phase == "round_over" and below.scores[1] == target - 1
    reached = deal(["8h", "Ac", "3c"], table=["5h 6h 7h"], scores=[0, target - 15, 0],
                   options=options)
    reached.apply(0, "set_table 5h 6h 7h 8h")
    assert reached.phase == "game_over" and reached.scores[1] == target
    assert reached.result()["winners"] == [0]
    assert reached.view(None)["target"] == target


def test_manipulacion_a_tie_for_the_lowest_total_plays_another_round():
    game = deal(["8h", "Ac", "3c"], table=["5h 6h 7h"], scores=[20, 200, 15])
    game.apply(0, "set_table 5h 6h 7h 8h")       # totals 20, 215, 20
    assert game.scores == [20, 215, 20]
    assert game.phase == "round_over" and game.result() is None
    game.apply(None, "next_round")
    assert game.phase == "play" and game.round == 1


# ----- Maquiavelo ----------------------------------------------------------------------------

def test_maquiavelo_thirteen_cards_each():
    game = Manipulacion.new(5, {"ruleset": "maquiavelo"}, seed=5)
    assert all(len(h) == 13 for h in game.hands)


@pytest.mark.parametrize("ruleset", ["maquiavelo", "vaticano", "tahiti"])
def test_play_or_draw_one_and_drawing_ends_the_turn(ruleset):
    game = deal(["2c 9d", "3c 3d"], "Kc Ks", ruleset=ruleset)
    game.apply(0, "draw")
    assert game.turn == 1 and hand(game, 0) == ["2c", "9d", "Kc"]
    game = deal(["8h 9d", "3c 3d"], "Kc", table=["5h 6h 7h"], ruleset=ruleset, opened=[0])
    game.apply(0, "set_table 5h 6h 7h 8h")
    assert game.turn == 1 and hand(game, 0) == ["9d"] and game.view(None)["stock"] == 1


@pytest.mark.parametrize("ruleset", ["maquiavelo", "guadalupe"])
def test_maquiavelo_and_guadalupe_single_round_one_point_per_card_left(ruleset):
    game = deal(["8h", "Ac Kd Qs", "3c 4c"], "9s 9c", table=["5h 6h 7h"], ruleset=ruleset)
    game.apply(0, "set_table 5h 6h 7h 8h")
    assert game.phase == "game_over"
    assert game.result() == {"scores": [0, 3, 2], "winners": [0], "tie": False,
                             "ranking": [0, 2, 1]}


def test_maquiavelo_blocked_round_won_by_the_fewest_cards():
    game = deal(["8h 2c", "Ac", "3c 4c 5d"], "", ruleset="maquiavelo")
    apply_all(game, None, [])
    for seat in (0, 1, 2):
        game.apply(seat, "pass")
    result = game.result()
    assert result["winners"] == [1] and not result["tie"] and result["scores"] == [2, 1, 3]


def test_maquiavelo_blocked_round_tie_for_fewest_cards_is_a_drawn_game():
    game = deal(["8h 2c", "Ac 2d", "3c 4c 5d"], "", ruleset="maquiavelo")
    for seat in (0, 1, 2):
        game.apply(seat, "pass")
    result = game.result()
    assert result["winners"] == [0, 1] and result["tie"]


@pytest.mark.parametrize("ruleset", ["maquiavelo", "guadalupe", "tahiti"])
def test_unfinished_play_default_undo_costs_nothing(ruleset):
    game = deal(["8h 2c", "3c 3d"], "Kc Kd Ks", table=["5h 6h 7h"], ruleset=ruleset)
    assert game.options["unfinished"] == "undo"
    game.apply(0, "move 7h #0 new")
    game.apply(0, "move 2c hand #1")
    assert game.view(0)["undo_surrenders"] is False
    game.apply(0, "undo")
    assert table(game) == [["5h", "6h", "7h"]] and hand(game, 0) == ["2c", "8h"]
    assert game.turn == 0 and game.copy is None and game.view(None)["stock"] == 3


@pytest.mark.parametrize("ruleset", ["maquiavelo", "guadalupe", "tahiti"])
def test_unfinished_play_retire_draw_three_undo_becomes_give_up_tapped_twice(ruleset):
    game = deal(["8h 2c", "3c 3d"], "Kc Kd Ks Qs", table=["5h 6h 7h"], ruleset=ruleset,
                options={"unfinished": "retire"})
    game.apply(0, "move 7h #0 new")
    game.apply(0, "move 2c hand #1")
    assert game.view(0)["undo_surrenders"] is True
    error = refused(game, 0, "undo", "confirm_surrender")
    assert "+3" in error.es and "3" in error.en
    game.apply(0, "undo confirm")
    assert table(game) == [["5h", "6h", "7h"]]
    assert hand(game, 0) == ["2c", "8h", "Kc", "Kd", "Ks"]
    assert game.turn == 1 and game.copy is None
    assert game.events[-1]["type"] == "surrender" and game.events[-1]["cards"] == 3


@pytest.mark.parametrize("ruleset", ["manipulacion", "shanghai", "carrusel", "vaticano"])
def test_unfinished_play_option_only_for_maquiavelo_guadalupe_and_tahiti(ruleset):
    game = deal(["8h 2c", "3c 3d"], "Kc Kd Ks", table=["5h 6h 7h"], ruleset=ruleset,
                options={"unfinished": "retire"}, draws=1 if ruleset == "carrusel" else 0)
    game.apply(0, "move 7h #0 new")
    assert game.view(0)["undo_surrenders"] is False
    game.apply(0, "undo")
    assert game.turn == 0 and len(game.hands[0]) == 2
    assert "unfinished" not in game.view(None)["options"]


# ----- Shanghái ------------------------------------------------------------------------------

def test_shanghai_one_point_per_card_and_blocked_rounds_scored_the_same():
    game = deal(["8h", "Ac Kd", "3c"], table=["5h 6h 7h"], ruleset="shanghai")
    game.apply(0, "set_table 5h 6h 7h 8h")
    assert game.view(None)["last_round"]["points"] == [0, 2, 1]
    blocked = deal(["8h 2c", "Ac", "3c 4c 5c"], "", ruleset="shanghai")
    for seat in (0, 1, 2):
        blocked.apply(seat, "pass")
    assert blocked.view(None)["last_round"]["points"] == [2, 1, 3]
    assert blocked.phase == "round_over"


def test_shanghai_has_no_fixed_end_rounds_go_on_and_the_lowest_total_leads():
    game = deal(["8h", "Ac Kd", "3c"], table=["5h 6h 7h"], ruleset="shanghai",
                scores=[0, 900, 5])
    game.apply(0, "set_table 5h 6h 7h 8h")
    assert game.phase == "round_over" and game.result() is None
    assert game.view(None)["target"] is None
    game.apply(None, "next_round")
    assert game.phase == "play"


# ----- Guadalupe -----------------------------------------------------------------------------

def test_guadalupe_five_cards_each():
    game = Manipulacion.new(3, {"ruleset": "guadalupe"}, seed=6)
    assert all(len(h) == 5 for h in game.hands)


def test_guadalupe_draw_two_cards_instead_of_playing_ends_the_turn():
    game = deal(["2c 9d", "3c 3d"], "Kc Ks Qd", ruleset="guadalupe")
    game.apply(0, "draw")
    assert hand(game, 0) == ["2c", "9d", "Kc", "Ks"]
    assert game.turn == 1 and game.events[-1] == {**game.events[-1], "type": "draw", "cards": 2}


def test_guadalupe_after_playing_without_going_out_draw_one_at_the_end_of_the_turn():
    game = deal(["8h 9d", "3c 3d"], "Kc Ks", table=["5h 6h 7h"], ruleset="guadalupe")
    game.apply(0, "move 8h hand #0")
    game.apply(0, "done")
    assert hand(game, 0) == ["9d", "Kc"] and game.turn == 1


def test_guadalupe_going_out_draws_nothing_and_ends_the_round():
    game = deal(["8h", "3c 3d"], "Kc Ks", table=["5h 6h 7h"], ruleset="guadalupe")
    game.apply(0, "set_table 5h 6h 7h 8h")
    assert hand(game, 0) == [] and game.phase == "game_over"
    assert game.view(None)["stock"] == 2
