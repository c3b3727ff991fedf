"""One test per clause of Ferrocarril's rules (the issue's list), each named after its clause.

Seats are in playing order: "to the right" of seat s is seat s + 1. `from_deal` defaults: the
dealer is the last seat and seat 0 is in turn; the stock is listed from its top.
"""
import random
from collections import Counter

import pytest

from engine.cards import ALL_CARDS, JOKER, SPANISH, deck
from engine.ferrocarril import Ferrocarril
from engine.ferrocarril.rules import CONTRACTS
from engine.game import IllegalAction
from tests.engine.ferrocarril_helpers import cards, close_window, hand, meld_cards, refused


def all_cards(game):
    found = list(game.stock) + list(game.discard)
    for h in game.hands:
        found += h
    for meld in game.table:
        found += meld.cards
    return found


class IdentityShuffle(random.Random):
    """An RNG that leaves the deck in `deck()` order, so a deal can be predicted."""

    def shuffle(self, x):
        return None


# ----- deck and players ----------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_deck_is_108_cards_two_spanish_packs_and_four_jokers(players):
    game = Ferrocarril.new(players, seed=11)
    everything = all_cards(game)
    assert len(everything) == 108
    counts = Counter(everything)
    assert counts[JOKER] == 4
    assert all(counts[c] == 2 for c in ALL_CARDS)
    assert len(counts) == 53          # 13 ranks x 4 suits + the joker
    assert {c.suit for c in ALL_CARDS} == {0, 1, 2, 3}
    assert {c.rank for c in ALL_CARDS} == set(range(1, 14))


@pytest.mark.parametrize("players", [-1, 0, 1, 6, 7, 100, True, "4", 4.0, None])
def test_players_2_to_5_other_counts_refused(players):
    with pytest.raises(IllegalAction) as caught:
        Ferrocarril.new(players, seed=1)
    assert caught.value.code == "bad_player_count"
    assert "2" in caught.value.en and "5" in caught.value.en
    assert "2" in caught.value.es and "5" in caught.value.es


@pytest.mark.parametrize("hands", [["7o"], ["7o"] * 6])
def test_players_2_to_5_from_deal_refuses_other_counts(hands):
    with pytest.raises(IllegalAction) as caught:
        Ferrocarril.from_deal(hands)
    assert caught.value.code == "bad_player_count"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_players_2_to_5_accepted(players):
    game = Ferrocarril.new(players, seed=3)
    assert len(game.view(None)["players"]) == players
    assert Ferrocarril.min_players == 2 and Ferrocarril.max_players == 5


# ----- rounds --------------------------------------------------------------------------------

EXPECTED_CONTRACTS = [
    (1, 3, "group", -10), (2, 3, "group", -20), (1, 4, "group", -30), (2, 4, "group", -40),
    (1, 5, "group", -50), (2, 5, "group", -60), (1, 7, "run", -70),
]


@pytest.mark.parametrize("round_no", range(1, 8))
def test_rounds_seven_contracts_and_their_prizes(round_no):
    melds, size, kind, prize = EXPECTED_CONTRACTS[round_no - 1]
    assert len(CONTRACTS) == 7
    game = Ferrocarril.from_deal(["9c", "2o 3o"], round=round_no, phase="play", salido=[0])
    contract = game.view(None)["contract"]
    assert (contract["melds"], contract["size"], contract["kind"], contract["prize"]) == \
        (melds, size, kind, prize)
    assert game.view(None)["round"] == round_no and game.view(None)["rounds"] == 7
    game.apply(0, "close")
    assert game.view(None)["last_round"]["points"] == [prize, 5]


# A minimal valid Salida for each round and one that falls one card (or one combination) short.
SALIDAS = {
    1: ("7o 7c 7e", "7o 7c", "group_too_small"),
    2: ("7o 7c 7e / 8o 8c 8e", "7o 7c 7e", "contract_not_met"),
    3: ("7o 7c 7e 7b", "7o 7c 7e", "group_too_small"),
    4: ("7o 7c 7e 7b / 8o 8c 8e 8b", "7o 7c 7e 7b / 8o 8c 8e", "group_too_small"),
    5: ("7o 7c 7e 7b 7o", "7o 7c 7e 7b", "group_too_small"),
    6: ("7o 7c 7e 7b 7o / 8o 8c 8e 8b 8o", "7o 7c 7e 7b 7o / 8o 8c 8e 8b",
        "group_too_small"),
    7: ("2o 3o 4o 5o 6o 7o 8o", "2o 3o 4o 5o 6o 7o", "run_too_short"),
}


@pytest.mark.parametrize("round_no", range(1, 8))
def test_rounds_each_round_demands_its_contract(round_no):
    good, short, code = SALIDAS[round_no]
    held = good.replace("/", " ") + " 2b"
    game = Ferrocarril.from_deal([held, "3c 3e"], round=round_no, phase="play")
    refused(game, 0, "salir " + short, code)
    game.apply(0, "salir " + good)
    assert game.salido[0]
    assert hand(game, 0) == cards("2b")


def test_rounds_thirteen_cards_dealt_one_at_a_time_from_the_dealers_right():
    # End round 1 of a 4-player game (dealer 1), then deal round 2 from an unshuffled deck.
    game = Ferrocarril.from_deal(["9c", "2o", "3o", "4o"], dealer=1, turn=0, phase="play",
                                 salido=[0])
    game.apply(0, "close")
    game.rng = IdentityShuffle(0)
    game.apply(None, "next_round")
    players, dealer = 4, 2
    assert game.dealer == dealer
    dealt = list(reversed(deck(2, 4)))          # the top of an unshuffled stock comes first
    expected = [[] for _ in range(players)]
    for i in range(13 * players):
        expected[(dealer + 1 + i) % players].append(dealt[i])
    assert [sorted(h) for h in game.hands] == [sorted(h) for h in expected]
    assert all(len(h) == 13 for h in game.hands)
    # The next card starts the discard pile; the one after it is the stock's top.
    assert game.view(None)["discard_top"] == SPANISH.format(dealt[13 * players])
    close_window(game)
    game.apply(3, "draw")
    assert sorted(game.hands[3]) == sorted(expected[3] + [dealt[13 * players + 1]])


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rounds_first_stock_card_starts_the_discard_pile(players):
    game = Ferrocarril.new(players, seed=5)
    public = game.view(None)
    assert public["discard"] == 1
    assert public["discard_top"] is not None
    assert SPANISH.parse(public["discard_top"]) == game.discard[-1]
    assert public["stock"] == 108 - 13 * players - 1
    assert [p["cards"] for p in public["players"]] == [13] * players


def test_rounds_dealer_of_round_one_comes_from_the_seeded_rng():
    dealers = {seed: Ferrocarril.new(4, seed=seed).dealer for seed in range(40)}
    assert len(set(dealers.values())) > 1            # different seeds, different dealers
    for seed, dealer in dealers.items():
        assert Ferrocarril.new(4, seed=seed).dealer == dealer   # same seed, same dealer
        assert 0 <= dealer < 4


@pytest.mark.parametrize("players,dealer", [(2, 0), (2, 1), (3, 1), (4, 3), (5, 4), (5, 2)])
def test_rounds_deal_passes_to_the_right_and_the_dealers_right_plays_first(players, dealer):
    hands = ["9c"] + ["2o 3o"] * (players - 1)
    closer = (dealer + 1) % players
    hands[0], hands[closer] = hands[closer], hands[0]
    game = Ferrocarril.from_deal(hands, dealer=dealer, phase="play", salido=[closer])
    assert game.turn == closer
    game.apply(closer, "close")
    game.apply(None, "next_round")
    new_dealer = (dealer + 1) % players
    assert game.dealer == new_dealer
    assert game.view(None)["dealer"] == new_dealer
    assert game.turn == (new_dealer + 1) % players
    assert game.view(None)["round"] == 2
    # The first buy window, on the upturned card, is also headed by the player in turn.
    assert game.view(None)["buy_window"]["priority"][0] == game.turn


@pytest.mark.parametrize("seed", range(6))
def test_rounds_new_game_player_to_dealers_right_plays_first(seed):
    game = Ferrocarril.new(3, seed=seed)
    assert game.turn == (game.dealer + 1) % 3
    close_window(game)
    assert game.actors() == [game.turn]
    game.apply(game.turn, "draw")


def test_rounds_play_moves_right():
    game = Ferrocarril.from_deal(["2o 3o", "4o 5o", "6o 7o"], stock="8o 9o 10o 8c 9c 10c",
                                 dealer=1, buys=[0, 0, 0])
    order = []
    for _ in range(4):
        seat = game.turn
        order.append(seat)
        game.apply(seat, "draw")
        game.apply(seat, {"type": "discard", "card": SPANISH.format(game.hands[seat][0])})
    assert order == [2, 0, 1, 2]


# ----- the turn ------------------------------------------------------------------------------

def test_turn_draw_then_optional_plays_then_discard():
    game = Ferrocarril.from_deal(["7o 7c 7e 2b 3b", "8o 8c"], stock="4o 4c", buys=[0, 0])
    refused(game, 0, "discard 2b", "must_draw_first")
    refused(game, 0, "salir 7o 7c 7e", "must_draw_first")
    game.apply(0, "draw")
    assert hand(game, 0) == sorted(cards("7o 7c 7e 2b 3b 4o"))
    refused(game, 0, "draw", "already_drawn")
    game.apply(0, "salir 7o 7c 7e")           # an optional play
    assert game.turn == 0                     # playing does not end the turn
    game.apply(0, "discard 2b")
    assert game.turn == 1
    assert game.view(None)["discard_top"] == "2b"
    assert hand(game, 0) == sorted(cards("3b 4o"))


def test_turn_close_with_one_card_otherwise_discard():
    game = Ferrocarril.from_deal(["9c 2o", "3o 3c"], phase="play", salido=[0])
    refused(game, 0, "close", "cannot_close")
    game.apply(0, "discard 2o")
    assert game.phase == "draw" and game.turn == 1

    game = Ferrocarril.from_deal(["9c", "3o 3c"], phase="play", salido=[0])
    refused(game, 0, "discard 9c", "must_close")
    game.apply(0, "close")
    assert game.phase == "round_over"


# ----- opening phase -------------------------------------------------------------------------

def test_opening_phase_no_salir_until_everyone_completed_a_turn():
    hands = ["7o 7c 7e 2b 3b", "8o 8c 8e 2c 3c", "9o 9c 9e 2e 3e"]
    game = Ferrocarril.from_deal(hands, stock="4o 4c 4e 4b 5o 5c 5e", opening_done=False)
    assert game.view(None)["opening"]
    for seat, trio, loose in [(0, "7o 7c 7e", "2b"), (1, "8o 8c 8e", "2c"),
                              (2, "9o 9c 9e", "2e")]:
        close_window(game)
        game.apply(seat, "draw")                         # drawing is allowed
        assert "salir" not in game.view(seat)["allowed"]
        refused(game, seat, "salir " + trio, "opening_phase")
        game.apply(seat, "discard " + loose)             # so is discarding
    assert not game.view(None)["opening"]
    close_window(game)
    game.apply(0, "draw")
    assert "salir" in game.view(0)["allowed"]
    game.apply(0, "salir 7o 7c 7e")
    assert game.salido[0]


def test_opening_phase_starts_every_round():
    game = Ferrocarril.from_deal(["9c", "2o 3o"], phase="play", salido=[0])
    game.apply(0, "close")
    game.apply(None, "next_round")
    assert game.view(None)["opening"]
    assert game.turns_done == set()


# ----- Salir first ---------------------------------------------------------------------------

def test_salir_first_meld_and_add_refused_before_salir():
    game = Ferrocarril.from_deal(["9o 9c 9e 5b 2o", "3o 3c"], phase="play", salido=[1],
                                 table=[(1, "5o 5c 5e")])
    refused(game, 0, "meld 9o 9c 9e", "must_salir_first")
    refused(game, 0, "add #1 5b", "must_salir_first")
    assert set(game.view(0)["allowed"]) == {"discard", "salir"}


def test_salir_first_joker_steal_is_allowed_before_salir():
    game = Ferrocarril.from_deal(["7o 7c 5b 2o", "3o 3c"], phase="play", salido=[1],
                                 table=[(1, "5o 5c *")])
    assert "steal" in game.view(0)["allowed"]
    game.apply(0, "steal #1 5b")
    game.apply(0, "salir 7o 7c *")
    assert game.salido[0]
    assert meld_cards(game, 1) == ["5o", "5c", "5b"]
    assert meld_cards(game, 2) == ["7o", "7c", "*"]


@pytest.mark.parametrize("round_no,first,second", [
    (2, "7o 7c 7e", "8o 8c 8e"), (4, "7o 7c 7e 7b", "8o 8c 8e 8b"),
    (6, "7o 7c 7e 7b 7o", "8o 8c 8e 8b 8o")])
def test_salir_meets_the_whole_contract_in_one_action(round_no, first, second):
    game = Ferrocarril.from_deal([f"{first} {second} 2b", "3o 3c"], round=round_no,
                                 phase="play")
    refused(game, 0, "salir " + first, "contract_not_met")
    refused(game, 0, "salir " + second, "contract_not_met")
    game.apply(0, f"salir {first} / {second}")
    assert game.salido[0] and len(game.table) == 2
    refused(game, 0, "salir 2b", "already_salido")


# ----- combinations --------------------------------------------------------------------------

def test_combinations_group_is_one_rank_any_suits_three_or_more():
    game = Ferrocarril.from_deal(["7o 7o 7c 8b 8c 9e 2b", "3o 3c"], phase="play", salido=[0])
    refused(game, 0, "meld 7o 7c 8b", "group_mixed_ranks")
    refused(game, 0, "meld 8b 8c", "group_too_small")
    game.apply(0, "meld 7o 7o 7c")            # two packs: the same card twice is fine
    assert game.view(None)["table"][0]["kind"] == "group"
    assert meld_cards(game, 1) == ["7o", "7o", "7c"]


def test_combinations_group_holds_at_most_8_real_cards_and_1_joker():
    eight = "5o 5c 5e 5b 5o 5c 5e 5b"
    game = Ferrocarril.from_deal(["* 2b", "3o 3c"], phase="play", salido=[0],
                                 table=[(1, eight)])
    game.apply(0, "add #1 *")
    assert len(meld_cards(game, 1)) == 9
    # A ninth real card (impossible with two packs, so forced here) is refused.
    game = Ferrocarril.from_deal(["5o 2b", "3o 3c"], phase="play", salido=[0],
                                 table=[(1, eight)])
    refused(game, 0, "add #1 5o", "group_too_big")


def test_combinations_escalera_is_seven_or_more_consecutive_of_one_suit():
    held = "2o 3o 4o 5o 6o 7o 8o 9o 8c 10o 2b"
    game = Ferrocarril.from_deal([held, "3o 3c"], round=7, phase="play")
    refused(game, 0, "salir 2o 3o 4o 5o 6o 7o", "run_too_short")
    refused(game, 0, "salir 2o 3o 4o 5o 6o 7o 9o", "run_not_consecutive")
    refused(game, 0, "salir 2o 3o 4o 5o 6o 7o 8c", "run_mixed_suits")
    game.apply(0, "salir 2o 3o 4o 5o 6o 7o 8o 9o")
    table = game.view(None)["table"][0]
    assert table["kind"] == "run" and table["suit"] == "o"
    assert table["cards"] == ["2o", "3o", "4o", "5o", "6o", "7o", "8o", "9o"]


@pytest.mark.parametrize("run,laid", [
    ("Co Ro Ao 2o 3o 4o 5o", ["Co", "Ro", "Ao", "2o", "3o", "4o", "5o"]),
    ("Ao 2o 3o 4o 5o 6o 7o", ["Ao", "2o", "3o", "4o", "5o", "6o", "7o"]),
    ("8o 9o 10o So Co Ro Ao", ["8o", "9o", "10o", "So", "Co", "Ro", "Ao"]),
])
def test_combinations_escalera_ace_is_circular(run, laid):
    game = Ferrocarril.from_deal([run + " 2b", "3o 3c"], round=7, phase="play")
    game.apply(0, "salir " + run)
    assert meld_cards(game, 1) == laid


@pytest.mark.parametrize("run,joker_for", [
    ("* 3o 4o 5o 6o 7o 8o", "2o"),
    ("2o 3o 4o * 6o 7o 8o", "5o"),
    ("2o 3o 4o 5o 6o 7o *", "8o"),
    ("Ro * 2o 3o 4o 5o 6o", "Ao"),
])
def test_combinations_escalera_one_joker_anywhere(run, joker_for):
    game = Ferrocarril.from_deal([run + " 2b", "3o 3c"], round=7, phase="play")
    game.apply(0, "salir " + run)
    assert game.view(None)["table"][0]["joker_for"] == joker_for


def test_combinations_escalera_never_two_jokers():
    game = Ferrocarril.from_deal(["2o 3o * 5o * 7o 8o 2b", "3o 3c"], round=7, phase="play")
    refused(game, 0, "salir 2o 3o * 5o * 7o 8o", "too_many_jokers")


def test_combinations_never_two_jokers_at_salir_new_combination_or_adding():
    # At Salir.
    game = Ferrocarril.from_deal(["7o * * 2b", "3o 3c"], phase="play")
    refused(game, 0, "salir 7o * *", "too_many_jokers")
    # A new combination.
    game = Ferrocarril.from_deal(["9o 9c * * 2b", "3o 3c"], phase="play", salido=[0])
    refused(game, 0, "meld 9o 9c * *", "too_many_jokers")
    game.apply(0, "meld 9o 9c *")
    # Adding to a group that already has one, or two at once to a clean one.
    game = Ferrocarril.from_deal(["* * 2b", "3o 3c"], phase="play", salido=[0],
                                 table=[(1, "5o 5c *"), (1, "6o 6c 6e")])
    refused(game, 0, "add #1 *", "too_many_jokers")
    refused(game, 0, "add #2 * *", "too_many_jokers")
    # Adding to an escalera that already has one.
    game = Ferrocarril.from_deal(["* 2b", "3o 3c"], round=7, phase="play", salido=[0],
                                 table=[(1, "2o 3o 4o * 6o 7o 8o")])
    refused(game, 0, "add #1 * @high", "too_many_jokers")


@pytest.mark.parametrize("round_no,clean,dirty,other_dirty", [
    (2, "7o 7c 7e", "8o 8c *", "7o 7c *"),
    (4, "7o 7c 7e 7b", "8o 8c 8e *", "7o 7c 7e *"),
    (6, "7o 7c 7e 7b 7o", "8o 8c 8e 8b *", "7o 7c 7e 7b *"),
])
def test_combinations_two_combination_rounds_need_one_clean(round_no, clean, dirty,
                                                            other_dirty):
    both_dirty = f"{other_dirty} / {dirty}"
    held = f"{clean} {dirty} * 2b"
    game = Ferrocarril.from_deal([held, "3o 3c"], round=round_no, phase="play")
    refused(game, 0, "salir " + both_dirty, "contract_needs_clean")
    game.apply(0, f"salir {dirty} / {clean}")       # the clean one may come second
    assert game.salido[0]


def test_combinations_one_combination_rounds_may_go_down_dirty():
    game = Ferrocarril.from_deal(["7o 7c * 2b", "3o 3c"], round=1, phase="play")
    game.apply(0, "salir 7o 7c *")
    assert game.salido[0]


def test_combinations_round_seven_one_escalera_as_salir_then_groups_and_adding():
    run_a, run_b = "2o 3o 4o 5o 6o 7o 8o", "2c 3c 4c 5c 6c 7c 8c"
    game = Ferrocarril.from_deal([f"{run_a} {run_b} 9o 9c 9e 10o 2b", "3e 3b"], round=7,
                                 phase="play")
    refused(game, 0, f"salir {run_a} / {run_b}", "contract_not_met")
    game.apply(0, "salir " + run_a)
    refused(game, 0, "meld " + run_b, "group_mixed_ranks")    # a second escalera: no
    game.apply(0, "meld 9o 9c 9e")                               # new groups: yes
    assert game.view(None)["table"][1]["kind"] == "group"
    assert hand(game, 0) == sorted(cards(f"{run_b} 10o 2b"))


def test_combinations_round_seven_adding_to_escalera_after_salir():
    game = Ferrocarril.from_deal(["2o 3o 4o 5o 6o 7o 8o 9o 9c", "3e 3b"], round=7,
                                 phase="play")
    game.apply(0, "salir 2o 3o 4o 5o 6o 7o 8o")
    game.apply(0, "add #1 9o")
    assert meld_cards(game, 1)[-1] == "9o"


# ----- adding after Salir --------------------------------------------------------------------

def test_adding_several_cards_at_once_to_own_or_rival_combination():
    game = Ferrocarril.from_deal(["7e 7b 8e 8b 2o", "3o 3c"], phase="play", salido=[0, 1],
                                 table=[(0, "7o 7c 7o"), (1, "8o 8c 8o")])
    game.apply(0, "add #2 8e 8b")             # a rival's
    game.apply(0, "add #1 7e 7b")             # their own
    assert meld_cards(game, 2) == ["8o", "8c", "8o", "8e", "8b"]
    assert meld_cards(game, 1) == ["7o", "7c", "7o", "7e", "7b"]
    assert game.table[1].owner == 1           # the rival still owns it
    assert hand(game, 0) == cards("2o")


def test_adding_keeps_the_combinations_shape():
    game = Ferrocarril.from_deal(["7e 8e 9c 2o", "3o 3c"], round=7, phase="play",
                                 salido=[0], table=[(1, "7o 7c 7b"), (1, "2c 3c 4c 5c 6c 7c 8c")])
    error = refused(game, 0, "add #1 7e 8e", "wrong_rank_for_group")
    assert error.es == "Ese grupo es de 7: no admite el 8 de espadas."
    assert error.en == "That group is of 7s: the 8 of swords does not fit."
    error = refused(game, 0, "add #2 8e", "run_wrong_suit")
    assert (error.es, error.en) == ("Esa escalera es de copas.", "That run is of cups.")
    refused(game, 0, "add #2 9c 7e", "run_wrong_suit")
    game.apply(0, "add #2 9c")
    assert meld_cards(game, 2)[-1] == "9c"


def test_adding_escalera_grows_at_either_end():
    run = "4o 5o 6o 7o 8o 9o 10o"
    game = Ferrocarril.from_deal(["2o 3o So Co Ro 5c", "3e 3b"], round=7, phase="play",
                                 salido=[0], table=[(1, run)])
    game.apply(0, "add #1 3o 2o")                       # low end, two at once, any order
    game.apply(0, "add #1 So Co")                       # high end
    assert meld_cards(game, 1) == ["2o", "3o", "4o", "5o", "6o", "7o", "8o", "9o", "10o",
                                   "So", "Co"]
    game.apply(0, "add #1 Ro")
    assert meld_cards(game, 1)[-1] == "Ro"
    refused(game, 0, "add #1 5c", "run_wrong_suit")


def test_adding_escalera_turns_the_corner_through_the_ace():
    game = Ferrocarril.from_deal(["Ao Ro 2c", "3e 3b"], round=7, phase="play", salido=[0],
                                 table=[(1, "2o 3o 4o 5o 6o 7o 8o")])
    game.apply(0, "add #1 Ao Ro @low")
    assert meld_cards(game, 1)[:3] == ["Ro", "Ao", "2o"]


def test_adding_escalera_refuses_a_card_that_does_not_continue_it():
    game = Ferrocarril.from_deal(["10o 2c", "3e 3b"], round=7, phase="play", salido=[0],
                                 table=[(1, "2o 3o 4o 5o 6o 7o 8o")])
    refused(game, 0, "add #1 10o", "cannot_place")


@pytest.mark.parametrize("round_no,table,added,after", [
    (1, "7o 7c 7e", "7b *", ["7o", "7c", "7e", "7b", "*"]),
    (7, "3o 4o 5o 6o 7o 8o 9o", "* So",
     ["3o", "4o", "5o", "6o", "7o", "8o", "9o", "*", "So"]),
])
def test_adding_a_joker_and_real_cards_together(round_no, table, added, after):
    game = Ferrocarril.from_deal([added + " 2c", "3e 3b"], round=round_no, phase="play",
                                 salido=[0], table=[(1, table)])
    game.apply(0, f"add #1 {added}")
    assert meld_cards(game, 1) == after


# ----- joker steal ---------------------------------------------------------------------------

def test_joker_steal_from_escalera_only_the_exact_card():
    game = Ferrocarril.from_deal(["4c 4o 9c 9e", "3e 3b"], round=7, phase="play",
                                 salido=[0], table=[(1, "2o 3o * 5o 6o 7o 8o")])
    assert game.view(None)["table"][0]["joker_for"] == "4o"
    error = refused(game, 0, "steal #1 4c", "joker_needs_card")
    assert error.es == "Ese comodín ocupa el lugar del 4 de oros: solo esa carta lo libera."
    assert error.en == "That joker stands for the 4 of coins: only that card frees it."
    game.apply(0, "steal #1 4o")
    assert meld_cards(game, 1) == ["2o", "3o", "4o", "5o", "6o", "7o", "8o"]
    assert hand(game, 0) == sorted(cards("4c 9c 9e *"))


def test_joker_steal_from_group_any_card_of_that_rank():
    for real in ["5o", "5c", "5e", "5b"]:
        game = Ferrocarril.from_deal([f"{real} 6b 9c", "3e 3b"], phase="play",
                                     table=[(1, "5o 5c *")])
        error = refused(game, 0, "steal #1 6b", "joker_needs_rank")
        assert (error.es, error.en) == ("Ese comodín solo se cambia por un 5.",
                                        "That joker can only be exchanged for a 5.")
        game.apply(0, f"steal #1 {real}")
        assert meld_cards(game, 1) == ["5o", "5c", real]
        assert JOKER in game.hands[0]


def test_joker_steal_from_any_players_combination_including_own():
    game = Ferrocarril.from_deal(["5b 8b 2o 2c", "3e 3b"], phase="play", salido=[0],
                                 table=[(0, "5o 5c *"), (1, "8o 8c *")])
    game.apply(0, "steal #1 5b")
    refused(game, 0, "steal #1 5b", "no_joker_there")
    game.apply(0, "steal #2 8b")
    assert game.hands[0].count(JOKER) == 2
    refused(game, 0, "steal #1 5b", "no_joker_on_table")


def test_joker_steal_joker_goes_to_the_hand_and_is_reverted_if_unplayed():
    game = Ferrocarril.from_deal(["5b 9o 2c", "3e 3b"], phase="play", salido=[0],
                                 table=[(1, "5o 5c *")])
    game.apply(0, "steal #1 5b")
    assert hand(game, 0) == sorted(cards("* 9o 2c"))
    assert game.view(0)["stolen_jokers"] == 1
    game.apply(0, "discard 9o")                          # turn ends, joker unplayed
    assert meld_cards(game, 1) == ["5o", "5c", "*"]
    assert hand(game, 0) == sorted(cards("5b 2c"))
    assert any(e["type"] == "steal_undone" for e in game.events)


def test_joker_steal_played_joker_stays_played():
    game = Ferrocarril.from_deal(["5b 9o 9c 2c 3c", "3e 3b"], phase="play", salido=[0],
                                 table=[(1, "5o 5c *")])
    game.apply(0, "steal #1 5b")
    game.apply(0, "meld 9o 9c *")
    game.apply(0, "discard 2c")
    assert meld_cards(game, 1) == ["5o", "5c", "5b"]
    assert meld_cards(game, 2) == ["9o", "9c", "*"]
    assert hand(game, 0) == cards("3c")
