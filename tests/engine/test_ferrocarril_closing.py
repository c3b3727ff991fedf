"""One test per clause of Ferrocarril's rules on closing, scoring, what each seat may see and
replaying a game (the issue's list), each named after its clause.

Seats are in playing order: "to the right" of seat s is seat s + 1. `from_deal` defaults: the
dealer is the last seat and seat 0 is in turn; the stock is listed from its top.
"""
import json

import pytest

from engine.cards import SPANISH
from engine.ferrocarril import Ferrocarril
from engine.ferrocarril.rules import card_points
from tests.engine.ferrocarril_helpers import card_names_in, play_randomly, refused, snapshot

# ----- closing and scoring -------------------------------------------------------------------

def test_closing_face_down_card_is_not_visible_in_any_view():
    game = Ferrocarril.from_deal(["Rb", "3o 3c", "4o 4c"], phase="play", salido=[0],
                                 stock="5e 6e", discard="7e")
    game.apply(0, "close")
    for seat in [None, 0, 1, 2]:
        view = game.view(seat)
        assert view["discard_top"] is None
        assert "Rb" not in card_names_in(view)
        assert '"Rb"' not in json.dumps(view)


def test_closing_ends_the_round_and_the_closer_gets_the_prize():
    game = Ferrocarril.from_deal(["Rb", "3o 3c"], round=3, phase="play", salido=[0],
                                 scores=[40, 40])
    game.apply(0, "close")
    assert game.phase == "round_over"
    last = game.view(None)["last_round"]
    assert last["round"] == 3 and last["closer"] == 0
    assert last["points"] == [-30, 6]
    assert game.scores == [10, 46]
    refused(game, 1, "draw", "round_over")


@pytest.mark.parametrize("name,points", [
    ("2o", 2), ("3c", 3), ("5e", 5), ("9b", 9), ("10o", 10), ("Sc", 10), ("Ce", 10),
    ("Rb", 10), ("Ao", 20), ("*", 50)])
def test_closing_others_pay_their_hand_at_card_value(name, points):
    assert card_points(SPANISH.parse(name)) == points
    game = Ferrocarril.from_deal(["9c", name], phase="play", salido=[0])
    game.apply(0, "close")
    assert game.view(None)["last_round"]["points"] == [-10, points]


def test_closing_every_other_player_adds_their_whole_hand():
    game = Ferrocarril.from_deal(["9c", "2o 9c 10e So Cc Rb Ab *", "3o 4o 5o 6o 7o 8o"],
                                 phase="play", salido=[0])
    game.apply(0, "close")
    assert game.view(None)["last_round"]["points"] == [-10, 121, 33]


def test_closing_totals_accumulate_across_rounds():
    game = Ferrocarril.from_deal(["9c", "Ab 2o"], phase="play", salido=[0], scores=[5, 7])
    game.apply(0, "close")
    assert game.scores == [-5, 29]
    game.apply(None, "next_round")
    assert [p["score"] for p in game.view(None)["players"]] == [-5, 29]
    assert game.view(None)["round"] == 2


def test_closing_lowest_total_after_round_seven_wins():
    game = Ferrocarril.from_deal(["9c", "3o", "4o"], round=6, phase="play", salido=[0])
    game.apply(0, "close")
    assert game.result() is None and not game.finished      # round 6: not the end
    game = Ferrocarril.from_deal(["9c", "2o 3o", "Ab"], round=7, phase="play", salido=[0],
                                 scores=[100, 50, 60])
    game.apply(0, "close")
    assert game.scores == [30, 55, 80]
    assert game.finished and game.phase == "game_over"
    result = game.result()
    assert result["winners"] == [0] and result["tie"] is False
    assert result["ranking"] == [0, 1, 2]
    assert game.view(None)["result"] == result
    refused(game, 1, "next_round", "game_over")
    assert game.actors() == [] and game.timers() == []


def test_closing_a_tie_is_reported_as_a_tie():
    game = Ferrocarril.from_deal(["9c", "2o 3o", "Ab"], round=7, phase="play", salido=[0],
                                 scores=[100, 25, 60])
    game.apply(0, "close")
    assert game.scores == [30, 30, 80]
    result = game.result()
    assert result["tie"] is True and result["winners"] == [0, 1]


# ----- hidden information --------------------------------------------------------------------

SECRET_DEAL = dict(
    hands=["Ao Ac Ae Ab 2o", "3o 3c 3e 3b 4o", "5o 5c 5e 5b 6o"],
    stock="7o 7c 8o 8c 9o 9c", discard="10o", buys=[0, 0, 0])


def assert_each_seat_sees_only_its_own_hand(game):
    stock = {SPANISH.format(c) for c in game.stock}
    for seat in range(game.players):
        view = game.view(seat)
        own = {SPANISH.format(c) for c in game.hands[seat]}
        others = {SPANISH.format(c) for s in range(game.players) if s != seat
                  for c in game.hands[s]}
        assert set(view["hand"]) == own
        seen = card_names_in(view)
        assert not seen & (others - own), (seat, seen & others)
        assert not seen & (stock - own)


def test_hidden_information_a_seats_view_contains_only_its_own_hand():
    game = Ferrocarril.from_deal(**SECRET_DEAL)
    assert_each_seat_sees_only_its_own_hand(game)
    game.apply(0, "draw")                       # 7o: only seat 0 may see it
    assert "7o" in game.view(0)["hand"]
    assert "7o" not in card_names_in(game.view(1))
    assert "7o" not in card_names_in(game.view(None))
    assert_each_seat_sees_only_its_own_hand(game)
    game.apply(0, "discard Ao")                 # a discard is public
    assert "Ao" in card_names_in(game.view(1))
    assert_each_seat_sees_only_its_own_hand(game)


def test_hidden_information_public_view_has_no_hand():
    game = Ferrocarril.from_deal(**SECRET_DEAL)
    game.apply(0, "draw")
    public = game.view(None)
    assert "hand" not in public and public["seat"] is None
    hidden = {SPANISH.format(c) for h in game.hands for c in h} | \
        {SPANISH.format(c) for c in game.stock}
    assert card_names_in(public) == {"10o"}
    assert "10o" not in hidden
    assert [p["cards"] for p in public["players"]] == [6, 5, 5]


def test_hidden_information_stock_order_is_never_exposed():
    game = Ferrocarril.new(4, seed=9)
    stock_names = {SPANISH.format(c) for c in game.stock}
    views = [game.view(None)] + [game.view(s) for s in range(4)]
    assert all(isinstance(v["stock"], int) for v in views)
    assert views[0]["stock"] == len(game.stock)
    for seat, view in zip([None, 0, 1, 2, 3], views, strict=True):
        visible = {SPANISH.format(c) for c in game.hands[seat]} if seat is not None else set()
        visible.add(view["discard_top"])
        # Every card name a view shows is in the reader's hand or the upturned card.
        assert card_names_in(view) <= visible
    # Two games with the same deal but a different stock order show the same public view.
    one = Ferrocarril.from_deal(["2o 3o", "4o 5o"], stock="7o 8o 9o", discard="10o")
    two = Ferrocarril.from_deal(["2o 3o", "4o 5o"], stock="9o 7o 8o", discard="10o")
    for seat in (None, 0, 1):
        assert one.view(seat) == two.view(seat)
    assert stock_names  # the stock is not empty, so the checks above were meaningful


# ----- replay --------------------------------------------------------------------------------

@pytest.mark.parametrize("players,seed", [(2, 1), (3, 7), (4, 21), (5, 99)])
def test_replay_same_seed_options_and_log_give_the_identical_game(players, seed):
    options = {"buy_seconds": 4}
    game = Ferrocarril.new(players, options, seed)
    applied = play_randomly(game, 700, seed)
    assert applied > 100
    assert game.view(None)["round"] >= 2 or game.salido.count(True) > 0
    log = json.loads(json.dumps(game.to_json_log()))     # as the server stores it
    again = Ferrocarril.replay(players, options, seed, [tuple(entry) for entry in log])
    assert snapshot(again) == snapshot(game)
    assert again.rng.getstate() == game.rng.getstate()
    assert again.result() == game.result()


def test_replay_a_different_seed_gives_a_different_deal():
    one, two = Ferrocarril.new(4, None, 1), Ferrocarril.new(4, None, 2)
    assert one.hands != two.hands
    assert Ferrocarril.new(4, None, 1).hands == one.hands
