"""One test per clause of the Rummy Manipulación rules (every rule set), each named after it.

Cards are French-notation text; `from_deal` defaults: the dealer is the last seat and seat 0 is
in turn; the stock is listed from its top. The solver is replaced by a stub that finds no play
(see `manipulacion_helpers`), so drawing is never interrupted by a reminder unless a test says so.
"""
import random
from collections import Counter

import pytest

from engine.cards import ALL_CARDS, JOKER, deck
from engine.game import IllegalAction, MalformedAction
from engine.manipulacion.commit import physical
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
    texts,
)

pytestmark = pytest.mark.usefixtures("solver_stub")

NO_JOKERS = ("manipulacion", "maquiavelo", "shanghai", "guadalupe")
PLAY_FIRST = tuple(r for r in RULESET_NAMES if r != "carrusel")   # no draw before playing


def in_turn(ruleset):
    """from_deal keywords that put seat 0 where it may play (Carrusel: after the first draw)."""
    return {"ruleset": ruleset, "draws": 1 if ruleset == "carrusel" else 0}


def all_cards(game):
    found = list(game.stock) + list(game.loose)
    for h in game.hands:
        found += h
    for g in game.table:
        found += [physical(x) for x in g]
    return found


class IdentityShuffle(random.Random):
    """An RNG that leaves the deck in `deck()` order, so a deal can be predicted."""

    def shuffle(self, x):
        return None


def lay(game, seat, text, target="new"):
    """Move the cards of `text` from the hand into one group (a new one by default)."""
    first, *rest = text.split()
    game.apply(seat, {"type": "move", "card": first, "from": "hand", "to": target})
    index = len(game.copy.groups) - 1 if target == "new" else target
    for c in rest:
        game.apply(seat, {"type": "move", "card": c, "from": "hand", "to": index})


def round_over_by_going_out(ruleset="shanghai"):
    game = deal(["7h 8h 9h", "2c 5d", "3c 9d"], "Kd Kc", **in_turn(ruleset))
    lay(game, 0, "7h 8h 9h")
    game.apply(0, "done")
    return game


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


# ----- Carrusel ------------------------------------------------------------------------------

def test_carrusel_ten_cards_each():
    for players in (2, 4):
        game = Manipulacion.new(players, {"ruleset": "carrusel"}, seed=8)
        assert all(len(h) == 10 for h in game.hands)


def test_carrusel_always_draw_first():
    game = deal(["8h 9d", "3c 3d"], "Kc Ks Qd", table=["5h 6h 7h"], ruleset="carrusel")
    assert game.allowed(0) == ["draw"]
    refused(game, 0, "move 8h hand #0", "must_draw_first")
    refused(game, 0, "set_table 5h 6h 7h 8h", "must_draw_first")
    refused(game, 0, "pass", "stock_not_empty")
    game.apply(0, "draw")
    assert game.turn == 0 and game.draws == 1
    game.apply(0, "set_table 5h 6h 7h 8h")
    assert game.turn == 1


def test_carrusel_after_a_draw_play_or_draw_a_second_then_a_third_that_ends_the_turn():
    game = deal(["8d 9d", "3c 3d"], "Kc Ks Qd Jd", ruleset="carrusel")
    game.apply(0, "draw")
    game.apply(0, "draw")
    assert game.turn == 0 and game.draws == 2 and "done" not in game.allowed(0)
    game.apply(0, "draw")
    assert game.turn == 1 and hand(game, 0) == ["8d", "9d", "Kc", "Ks", "Qd"]
    assert game.draws == 0


def test_carrusel_a_play_after_the_second_draw_ends_the_turn():
    game = deal(["8h 9d Kd", "3c 3d"], "Kc Ks Qd", table=["5h 6h 7h"], ruleset="carrusel")
    game.apply(0, "draw")
    game.apply(0, "draw")
    game.apply(0, "set_table 5h 6h 7h 8h")
    assert game.turn == 1 and len(game.hands[0]) == 4


def test_carrusel_card_points_joker_25_figures_10_ace_1_others_face_value():
    game = deal(["2c", "* Kd Qs Jh Ac 10c 7d"], "Kh Ks", table=["3c 4c 5c"],
                ruleset="carrusel", draws=1)
    game.apply(0, "set_table 2c 3c 4c 5c")        # seat 0 goes out
    last = game.view(None)["last_round"]
    assert last["hand_points"] == [0, 25 + 10 + 10 + 10 + 1 + 10 + 7]


def test_carrusel_knock_with_five_points_or_less_after_one_or_two_draws():
    game = deal(["2c 3d", "Kc Kd", "9c 9d"], "Ah Ks 9h", ruleset="carrusel")
    game.apply(0, "draw")                         # 2 + 3 + 1 = 6: no knock yet
    assert "close" not in game.allowed(0)
    refused(game, 0, "close", "too_many_points")
    game.apply(0, "draw")                         # Ks: 16
    game.apply(0, "draw")
    low = deal(["2c 2d", "Kc Kd", "9c 9d"], "Ah Ks", ruleset="carrusel")
    low.apply(0, "draw")                          # 2 + 2 + 1 = 5
    assert "close" in low.allowed(0) and "draw" not in low.allowed(0)
    refused(low, 0, "draw", "draw_is_close")
    low.apply(0, "close")
    last = low.view(None)["last_round"]
    assert low.phase == "round_over" and last["closer"] == 0 and last["winners"] == [0]


def test_carrusel_knock_plays_your_combination_and_ends_the_round_at_once():
    game = deal(["8h 9h 10h 2c 2d Kc", "Kd Ks", "9c 9d"], "Ah", ruleset="carrusel",
                draws=1)
    lay(game, 0, "8h 9h 10h")
    game.apply(0, "move Kc hand #0")
    refused(game, 0, "done", "invalid_group")
    game.apply(0, "move Kc #0 hand")
    assert "close" not in game.allowed(0)           # 2 + 2 + 10 = 14
    refused(game, 0, "close", "too_many_points")
    game2 = deal(["8h 9h 10h 2c 2d", "Kd Ks", "9c 9d"], "Ah", ruleset="carrusel", draws=1)
    lay(game2, 0, "8h 9h 10h")
    assert "close" in game2.allowed(0)
    game2.apply(0, "close")
    assert table(game2) == [["8h", "9h", "10h"]]
    last = game2.view(None)["last_round"]
    assert last["closer"] == 0 and last["hand_points"] == [4, 20, 18]
    assert last["points"] == [(20 - 4) + (18 - 4), 0, 0]


def test_carrusel_round_winner_scores_the_sum_of_the_differences():
    game = deal(["2c 2d", "Kc Kd", "9c 9d"], "Ah", ruleset="carrusel", draws=1)
    game.apply(0, "close")
    assert game.view(None)["last_round"]["points"] == [(20 - 4) + (18 - 4), 0, 0]
    assert game.scores == [30, 0, 0] and game.rounds_won == [1, 0, 0]


def test_carrusel_counter_knock_a_lower_hand_wins_and_scores_10_more():
    game = deal(["2c 3d", "Ac 2h", "9c 9d"], "Ah", ruleset="carrusel", draws=1)
    game.apply(0, "close")                        # 5 against 3 and 18
    last = game.view(None)["last_round"]
    assert last["winners"] == [1]
    assert last["points"] == [0, (5 - 3) + (18 - 3) + 10, 0]
    assert game.rounds_won == [0, 1, 0]


def test_carrusel_counter_knock_a_tie_with_the_knocker_goes_to_the_other_player():
    game = deal(["2c 3d", "4c Ad", "9c 9d"], "Ah", ruleset="carrusel", draws=1)
    game.apply(0, "close")                        # 5 against 5 and 18
    last = game.view(None)["last_round"]
    assert last["winners"] == [1]
    assert last["points"] == [0, 0 + 13 + 10, 0]


def test_carrusel_counter_knock_two_tied_players_who_did_not_knock_both_win():
    game = deal(["2c 3d", "Ac 2h", "Ad 2s", "9c 9d"], "Ah", ruleset="carrusel", draws=1)
    game.apply(0, "close")                        # 5 against 3, 3 and 18
    last = game.view(None)["last_round"]
    assert last["winners"] == [1, 2]
    assert last["points"] == [0, 2 + 0 + 15 + 10, 2 + 0 + 15 + 10, 0]
    assert game.rounds_won == [0, 1, 1, 0]


def test_carrusel_emptying_the_hand_scores_every_point_left_plus_25():
    game = deal(["8h", "Kc 2d", "9c *"], "Ah", table=["5h 6h 7h"], ruleset="carrusel",
                draws=1)
    game.apply(0, "set_table 5h 6h 7h 8h")
    last = game.view(None)["last_round"]
    assert last["out"] == 0 and last["points"] == [12 + 34 + 25, 0, 0]


def test_carrusel_last_card_drawn_gives_everyone_one_more_turn_ending_with_the_drawer():
    game = deal(["Kc Kd", "Qc Qd", "Jc Jd"], "9h", ruleset="carrusel")
    game.apply(0, "draw")                         # the last card
    assert game.view(None)["stock"] == 0
    assert "pass" in game.allowed(0) and "draw" not in game.allowed(0)
    game.apply(0, "pass")
    assert game.final_turns == 3 and game.turn == 1
    assert game.allowed(1)[-1] == "pass" and "draw" not in game.allowed(1)
    refused(game, 1, "draw", "stock_empty")
    game.apply(1, "pass")
    game.apply(2, "pass")
    assert game.turn == 0 and game.phase == "play"
    game.apply(0, "pass")
    last = game.view(None)["last_round"]
    assert game.phase == "round_over" and last["final_turns"]
    assert last["hand_points"] == [29, 20, 20]
    assert last["winners"] == [1, 2]              # a tie: both win
    assert last["points"] == [0, 9, 9]


def test_carrusel_nobody_knocks_in_the_final_turns():
    game = deal(["Kc Kd", "2c 2d", "Jc Jd"], "9h", ruleset="carrusel")
    game.apply(0, "draw")
    game.apply(0, "pass")
    assert "close" not in game.allowed(1)
    refused(game, 1, "close", "no_close_final_turns")


def test_carrusel_the_player_who_draws_the_last_card_may_still_knock():
    game = deal(["2c 2d", "Kc Kd"], "Ah", ruleset="carrusel")
    game.apply(0, "draw")
    assert game.view(None)["stock"] == 0 and "close" in game.allowed(0)
    game.apply(0, "close")
    assert game.view(None)["last_round"]["closer"] == 0


def test_carrusel_last_card_drawn_third_ends_the_turn_and_the_final_turns_begin():
    game = deal(["Kc Kd", "Qc Qd"], "9h 9s 9d", ruleset="carrusel")
    apply_all(game, 0, ["draw", "draw", "draw"])
    assert game.turn == 1 and game.final_turns == 2


def test_carrusel_game_to_150_plus_100_and_25_per_round_won_highest_total_wins():
    game = deal(["2c 2d", "Kc Kd", "9c 9d"], "Ah", ruleset="carrusel", draws=1,
                scores=[130, 140, 20], rounds_won=[1, 4, 0])
    game.apply(0, "close")                        # seat 0 scores 30: 160
    assert game.phase == "game_over"
    result = game.result()
    assert result["points"] == [160, 140, 20]
    assert result["rounds_won"] == [2, 4, 0]
    assert result["scores"] == [160 + 100 + 50, 140 + 100, 20]
    assert result["winners"] == [0] and not result["tie"]
    assert result["ranking"] == [0, 1, 2]


def test_carrusel_game_tie_for_the_highest_total_is_a_drawn_game():
    game = deal(["2c 2d", "Kc Kd", "9c 9d"], "Ah", ruleset="carrusel", draws=1,
                scores=[130, 185, 20], rounds_won=[1, 1, 0])
    game.apply(0, "close")                        # 160 + 100 + 50 = 310; 185 + 100 + 25 = 310
    result = game.result()
    assert result["scores"][:2] == [310, 310] and result["winners"] == [0, 1] and result["tie"]


def test_carrusel_below_150_another_round():
    game = deal(["2c 2d", "Kc Kd", "9c 9d"], "Ah", ruleset="carrusel", draws=1,
                scores=[0, 100, 0])
    game.apply(0, "close")
    assert game.phase == "round_over" and game.result() is None


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


# ----- Vaticano ------------------------------------------------------------------------------

def test_vaticano_first_play_is_a_three_card_run_of_one_suit_from_the_hand():
    game = deal(["7s 7h 7d 5c 6c 7c 2d", "3c 3d"], "Kd Ks", ruleset="vaticano")
    error = refused(game, 0, "set_table 7s 7h 7d", "opening_run_needed")
    assert "escalera" in error.es and "run" in error.en
    game.apply(0, "set_table 5c 6c 7c")
    assert game.opened == [True, False] and game.view(None)["players"][0]["opened"]
    game.apply(1, "draw")
    game.apply(0, "set_table 5c 6c 7c / 7s 7h 7d")   # later plays are free
    assert hand(game, 0) == ["2d"]


def test_vaticano_a_joker_cannot_be_one_of_the_first_three():
    game = deal(["5c * 7c 2d", "3c 3d"], "Kd", ruleset="vaticano")
    refused(game, 0, "set_table 5c * 7c", "opening_run_needed")
    refused(game, 0, "set_table 5c *6c 7c", "opening_run_needed")


def test_vaticano_a_run_built_with_table_cards_is_not_the_first_play():
    game = deal(["5c 6c 2d", "3c 3d"], "Kd", table=["7c 8c 9c"], ruleset="vaticano")
    refused(game, 0, "set_table 5c 6c 7c 8c 9c", "opening_run_needed")


def test_vaticano_after_the_first_run_the_same_turn_may_add_and_rearrange():
    game = deal(["5c 6c 7c 8h 2d", "3c 3d"], "Kd", table=["5h 6h 7h"], ruleset="vaticano")
    game.apply(0, "set_table 5c 6c 7c / 5h 6h 7h 8h")
    assert table(game) == [["5c", "6c", "7c"], ["5h", "6h", "7h", "8h"]]


def test_vaticano_joker_cannot_move_to_another_group_until_its_real_card_is_on_the_table():
    game = deal(["10h 2c", "3c"], table=["*6h 7h 8h 9h", "6s 6d 6c"], ruleset="vaticano",
                opened=[0])
    refused(game, 0, "move *6h #0 #1", "joker_stays")
    error = refused(game, 0, "set_table 7h 8h 9h 10h / 6s 6d 6c *6h", "joker_stays")
    assert "del 6 de corazones" in error.es and "the 6 of hearts" in error.en
    carrusel = deal(["10h 2c", "3c"], table=["*6h 7h 8h 9h", "6s 6d 6c"], ruleset="carrusel",
                    draws=1)
    carrusel.apply(0, "set_table 7h 8h 9h 10h / 6s 6d 6c *6h")   # Carrusel: as the same card
    assert table(carrusel)[1] == ["6s", "*6h", "6d", "6c"]


def test_vaticano_joker_stays_put_while_its_group_grows_or_is_split_beside_a_neighbour():
    game = deal(["3h 9h 2c", "3c"], table=["4h 5h *6h 7h 8h"], ruleset="vaticano", opened=[0])
    apply_all(game, 0, ["move 3h hand #0",          # 3h 4h 5h *6h 7h 8h
                        "split #0 3",               # 3h 4h 5h | *6h 7h 8h: 7h still beside it
                        "move 9h hand #1"])
    game.apply(0, "done")
    assert table(game) == [["3h", "4h", "5h"], ["*6h", "7h", "8h", "9h"]]


def test_vaticano_a_split_that_leaves_the_joker_without_a_neighbour_is_refused():
    game = deal(["6s 6d 2h", "3c"], table=["3h 4h 5h *6h 7h 8h 9h"], ruleset="vaticano",
                opened=[0])
    refused(game, 0, "set_table 3h 4h 5h / 7h 8h 9h / *6h 6s 6d", "joker_stays")
    game.apply(0, "set_table 2h 3h 4h 5h *6h / 7h 8h 9h")
    assert table(game) == [["2h", "3h", "4h", "5h", "*6h"], ["7h", "8h", "9h"]]


def test_vaticano_joker_moves_and_is_renamed_once_its_real_card_is_on_the_table():
    game = deal(["6h Qs Ks 2c", "3c"], table=["5h *6h 7h"], ruleset="vaticano", opened=[0])
    apply_all(game, 0, ["move 6h hand #0", "move *6h #0 new", "move Qs hand #1",
                        "move Ks hand #1", "name #1 * Js", "done"])
    assert table(game) == [["5h", "6h", "7h"], ["*Js", "Qs", "Ks"]]


def test_vaticano_single_round_without_score_won_by_emptying_the_hand():
    game = deal(["8h", "Ac Kd Qs", "3c 4c"], table=["5h 6h 7h"], ruleset="vaticano",
                opened=[0])
    game.apply(0, "set_table 5h 6h 7h 8h")
    result = game.result()
    assert game.phase == "game_over" and result["winners"] == [0] and not result["tie"]


@pytest.mark.parametrize("ruleset", ["maquiavelo", "vaticano"])
def test_blocked_single_round_won_by_the_fewest_cards_a_tie_is_a_drawn_game(ruleset):
    game = deal(["8h 2c", "Kc", "3c 4c 5d"], "", ruleset=ruleset)
    for seat in (0, 1, 2):
        game.apply(seat, "pass")
    assert game.result()["winners"] == [1] and not game.result()["tie"]
    tied = deal(["8h 2c", "Kc 2d", "3c 4c 5d"], "", ruleset=ruleset)
    for seat in (0, 1, 2):
        tied.apply(seat, "pass")
    assert tied.result()["winners"] == [0, 1] and tied.result()["tie"]


# ----- Tahití --------------------------------------------------------------------------------

def test_tahiti_loose_cards_may_be_used_in_combinations():
    game = deal(["7h 8h 3c", "3d"], loose="9h 2s Kd 5c", ruleset="tahiti")
    apply_all(game, 0, ["move 7h hand new", "move 8h hand #0", "move 9h loose #0", "done"])
    assert table(game) == [["7h", "8h", "9h"]]
    assert texts(game.loose) == ["2s", "Kd", "5c"]
    assert game.view(None)["loose"] == ["2s", "Kd", "5c"]


def test_tahiti_loose_cards_need_not_be_used_and_stay_single_until_used():
    game = deal(["7h 8h 9h 3c", "3d"], loose="9s 2s Kd 5c", ruleset="tahiti")
    game.apply(0, "set_table 7h 8h 9h")
    assert texts(game.loose) == ["9s", "2s", "Kd", "5c"]


def test_tahiti_a_loose_card_never_goes_to_a_hand_and_is_no_card_from_the_hand():
    game = deal(["7h 8h 3c", "3d"], loose="9h 10h Kd 5c", ruleset="tahiti")
    refused(game, 0, "move 9h loose hand", "never_to_hand")
    apply_all(game, 0, ["move 9h loose new", "move 10h loose #0"])
    refused(game, 0, "move 9h #0 hand", "never_to_hand")
    game.apply(0, "move 9h #0 loose")               # it may go back where it was
    refused(game, 0, "move 3c hand loose", "not_loose")
    refused(game, 0, "set_table 7h 8h 9h 10h |", "table_card_missing")   # Kd 5c gone
    game.apply(0, "set_table 8h 9h 10h | Kd 5c")       # 9h 10h from the loose cards
    assert hand(game, 0) == ["3c", "7h"] and texts(game.loose) == ["Kd", "5c"]


def test_tahiti_a_play_of_loose_cards_alone_needs_a_card_from_the_hand():
    game = deal(["2c 3c", "3d"], loose="9h 10h Jh 5c", ruleset="tahiti")
    refused(game, 0, "set_table 9h 10h Jh | 5c", "must_add_from_hand")


def test_tahiti_one_joker_per_group():
    game = deal(["5h 7h * * 2c", "3d"], loose="9s 2s Kd 5c", ruleset="tahiti")
    error = refused(game, 0, "set_table 5h *6h *7h", "too_many_jokers")
    assert "un comodín" in error.es and "one joker" in error.en
    game.apply(0, "set_table 5h *6h 7h")
    assert table(game) == [["5h", "*6h", "7h"]] and hand(game, 0) == ["*", "2c"]


def test_tahiti_a_group_with_a_joker_cannot_be_rearranged():
    game = deal(["4h 2c", "3d"], table=["5h *6h 7h", "8h 9h 10h"], loose="8s 2s Kd 5c",
                ruleset="tahiti")
    refused(game, 0, "move 7h #0 #1", "group_frozen")
    refused(game, 0, "move *6h #0 new", "group_frozen")
    refused(game, 0, "split #0 1", "group_frozen")
    refused(game, 0, "join #1 #0", "group_frozen")
    refused(game, 0, "join #0 #1", "group_frozen")
    refused(game, 0, "set_table 4h 5h *6h / 7h 8h 9h 10h", "group_frozen")


def test_tahiti_a_group_with_a_joker_takes_cards_only_from_the_hand():
    game = deal(["4h 2c", "3d"], table=["5h *6h 7h", "8h 9h 10h Jh"], loose="8s 2s Kd 5c",
                ruleset="tahiti")
    refused(game, 0, "set_table 4h 5h *6h 7h 8h / 9h 10h Jh", "group_frozen")
    game.apply(0, "move 4h hand #0")
    game.apply(0, "done")
    assert table(game) == [["4h", "5h", "*6h", "7h"], ["8h", "9h", "10h", "Jh"]]


def test_tahiti_joker_freed_by_its_real_card_from_the_hand_then_renamed_in_a_group():
    game = deal(["6h 2c", "3d"], table=["5h *6h 7h", "Ks Kd Kc"], loose="8s 2s Qd 5c",
                ruleset="tahiti")
    refused(game, 0, "name #0 *6h Kh", "joker_free_in_its_group")
    apply_all(game, 0, ["move 6h hand #0",          # the real card, from the hand
                        "move *6h #0 #1",           # the group may now be rearranged
                        "name #1 * Kh"])
    game.apply(0, "done")
    assert table(game) == [["5h", "6h", "7h"], ["Ks", "*Kh", "Kd", "Kc"]]


def test_tahiti_joker_never_freed_by_a_card_already_on_the_table():
    game = deal(["Qs Ks 2c", "3d"], table=["5h *6h 7h", "6h 6s 6d 6c"], loose="8s 2s Qd 5c",
                ruleset="tahiti")
    refused(game, 0, "move 6h #1 #0", "group_frozen")
    refused(game, 0, "set_table 5h 6h 7h / 6s 6d 6c / *Js Qs Ks", "group_frozen")


def test_tahiti_joker_freed_only_by_its_real_card_put_into_its_own_group():
    # Issue 11's reproduction: 7h went to the sevens, not into the joker's run.
    game = deal(["7h 4h", "Qd 9s"], "8c", table=["5h 6h *7h", "7s 7d 7c"], ruleset="tahiti")
    error = refused(game, 0, "set_table *3h 4h 5h 6h / 7h 7s 7d 7c", "joker_free_in_its_group")
    assert error.es == ("Para liberar el comodín que hace del 7 de corazones, pon el 7 de "
                        "corazones desde tu mano en su mismo grupo, junto a una carta que tenía "
                        "al lado.")
    assert "7 of hearts from your hand into its own group" in error.en
    # Step by step on the phone the same table is reached, and Listo refuses it the same way.
    apply_all(game, 0, ["move 7h hand #0",          # 5h 6h *7h 7h: the group is freed
                        "move *7h #0 new", "name #2 * 3h", "move 4h hand #2",
                        "move 5h #0 #2", "move 6h #0 #2",
                        "move 7h #0 #1"])           # ... and the freeing card walks off
    assert [g["cards"] for g in game.view(0)["copy"]["table"]] == [
        ["7s", "7h", "7d", "7c"], ["*3h", "4h", "5h", "6h"]]
    assert refused(game, 0, "done", "joker_free_in_its_group").es == error.es
    game.apply(0, "undo")
    game.apply(0, "set_table *3h 4h 5h 6h 7h / 7s 7d 7c")    # 7h where the joker stood
    assert table(game) == [["*3h", "4h", "5h", "6h", "7h"], ["7s", "7d", "7c"]]


def test_tahiti_freed_joker_moved_on_under_its_old_card_refused_for_that_reason():
    game = deal(["7h 2c", "Qd 9s"], "8c", table=["5h 6h *7h", "7s 7d 7c"], ruleset="tahiti")
    error = refused(game, 0, "set_table 5h 6h 7h / 7s 7d 7c *7h", "joker_needs_new_card")
    assert "Un grupo con comodín" not in error.es                  # not group_frozen's text
    assert "del 7 de corazones" in error.es and "the 7 of hearts" in error.en
    # On the phone: the freed joker leaves its place unnamed; among the sevens only 7h fits.
    apply_all(game, 0, ["move 7h hand #0", "move *7h #0 #1"])
    assert refused(game, 0, "done", "joker_needs_new_card").es == error.es
    game.apply(0, "move * #1 #0")                  # back with the run: 4h or 8h, asked
    error = refused(game, 0, "done", "joker_needs_name")
    assert error.data["groups"][0]["options"] == [["4h"], ["8h"]]
    game.apply(0, "name #0 * 8h")
    game.apply(0, "done")
    assert table(game) == [["5h", "6h", "7h", "*8h"], ["7s", "7d", "7c"]]


@pytest.mark.parametrize("join", ["join #0 #1", "join #1 #0"])
def test_tahiti_a_frozen_group_joins_a_group_of_hand_cards_either_way_round(join):
    game = deal(["8h 9h 2c", "3d"], table=["5h 6h *7h"], loose="8s 2s Kd 5c", ruleset="tahiti")
    apply_all(game, 0, ["move 8h hand new", "move 9h hand #1", join])
    assert [g["cards"] for g in game.view(0)["copy"]["table"]] == [["5h", "6h", "*7h", "8h", "9h"]]
    refused(game, 0, "move 5h #0 new", "group_frozen")      # still frozen after the join
    game.apply(0, "done")
    assert table(game) == [["5h", "6h", "*7h", "8h", "9h"]] and hand(game, 0) == ["2c"]
    # A group holding a card from the table is refused on either side.
    other = deal(["2c", "3d"], table=["5h 6h *7h", "8h 9h 10h"], loose="8s 2s Kd 5c",
                 ruleset="tahiti")
    refused(other, 0, join, "group_frozen")


def test_tahiti_single_round_penalty_joker_30_ace_11_figures_10_others_face_value():
    game = deal(["8h", "* Ac Kd Qs Jh 10c 7d", "3c"], table=["5h 6h 7h"],
                loose="9s 2s Kd 5c", ruleset="tahiti")
    game.apply(0, "set_table 5h 6h 7h 8h")
    result = game.result()
    assert result["scores"] == [0, 30 + 11 + 10 + 10 + 10 + 10 + 7, 3]
    assert result["winners"] == [0] and game.phase == "game_over"


def test_tahiti_blocked_round_won_by_the_fewest_points_a_tie_is_a_drawn_game():
    game = deal(["Kc 2c", "Ac", "3c 4c 5d"], "", loose="9s 2s Kd 5c", ruleset="tahiti")
    for seat in (0, 1, 2):
        game.apply(seat, "pass")
    assert game.result()["scores"] == [12, 11, 12]
    assert game.result()["winners"] == [1] and not game.result()["tie"]
    tied = deal(["Kc 2c", "Qc 2d", "3c 4c 5d"], "", loose="9s 2s Kd 5c", ruleset="tahiti")
    for seat in (0, 1, 2):
        tied.apply(seat, "pass")
    assert tied.result()["winners"] == [0, 1, 2] and tied.result()["tie"]
