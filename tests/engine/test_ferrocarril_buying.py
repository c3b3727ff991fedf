"""One test per clause of Ferrocarril's ¡Compro! rules (the issue's list), each named after its
clause.

Seats are in playing order: "to the right" of seat s is seat s + 1. `from_deal` defaults: the
dealer is the last seat and seat 0 is in turn; the stock is listed from its top.
"""
import pytest

from engine.cards import SPANISH
from engine.ferrocarril import Ferrocarril
from engine.ferrocarril.rules import DEAL_SHOW_SECONDS
from engine.game import IllegalAction, Timer
from tests.engine.ferrocarril_helpers import cards, hand, refused

# ----- buying (¡Compro!) ---------------------------------------------------------------------

def window_game(players=4, **kw):
    """Seat players-1 has just discarded Se; seat 0 is in turn."""
    hands = [f"{r}o {r}c" for r in range(2, 2 + players)]
    return Ferrocarril.from_deal(hands, stock="Ab Rb 9c 9e", discard="8e Se", buy_window=True,
                                 **kw)


def test_buying_actors_are_the_seats_that_may_still_answer_in_priority_order():
    # docs/engine.md: during a window actors() lists the seats still to answer, in priority
    # order (the player in turn first while they may still buy), then None for the timer.
    game = window_game()                          # seat 3 discarded; seat 0 is in turn
    assert game.turn == 0 and game.actors() == [0, 1, 2, None]
    game.apply(1, "pass")
    assert game.actors() == [0, 2, None]
    game.apply(0, "pass")                         # the player in turn has answered
    assert game.actors() == [2, None] and game.allowed(0) == []
    no_buys = window_game(buys=[0, 10, 10, 10])   # in turn, with no buys left: never listed
    assert no_buys.turn == 0 and no_buys.actors() == [1, 2, None]


def test_buying_ten_buys_per_player_per_game():
    game = Ferrocarril.new(4, seed=2)
    assert [p["buys_left"] for p in game.view(None)["players"]] == [10] * 4
    # One buy left: after it the seat is out of every later window, for the whole game.
    game = window_game(players=3, buys=[10, 1, 10])
    game.apply(0, "pass")
    game.apply(1, "buy")
    assert game.buys_left == [10, 0, 10]
    game.apply(0, "draw")
    game.apply(0, "discard 2o")
    assert game.view(None)["buy_window"]["priority"] == [2]
    assert game.view(1)["allowed"] == []
    refused(game, 1, "buy", "no_buys_left")


def test_buying_buys_are_counted_per_game_not_per_round():
    game = Ferrocarril.from_deal(["9c", "3o 3c"], phase="play", salido=[0], buys=[7, 3])
    game.apply(0, "close")
    game.apply(None, "next_round")
    assert game.buys_left == [7, 3]
    assert [p["buys_left"] for p in game.view(None)["players"]] == [7, 3]


def test_buying_only_the_last_discard_is_for_sale():
    game = window_game()
    assert game.view(None)["buy_window"]["card"] == "Se"
    game.apply(1, "buy")
    game.apply(0, "pass")
    # Se is sold; the card underneath (8e) is not offered.
    assert game.window is None and game.view(None)["discard_top"] == "8e"
    hands = [list(h) for h in game.hands]
    game.apply(2, "buy")              # pressed at once with seat 1: heard, outbid, nothing more
    assert game.hands == hands and game.view(None)["discard_top"] == "8e"
    game.apply(0, "draw")
    refused(game, 2, "buy", "no_buy_window")        # once the table moved on: no sale at all
    game.apply(0, "discard 2o")
    assert game.view(None)["buy_window"]["card"] == "2o"


@pytest.mark.parametrize("seconds", [3, 5, 7.5, 10])
def test_buying_window_opens_after_each_discard_with_a_timer(seconds):
    game = Ferrocarril.from_deal(["2o 3o", "4o 5o", "6o 7o"], stock="Ab Rb 9c",
                                 options={"buy_seconds": seconds})
    assert game.timers() == []
    game.apply(0, "draw")
    game.apply(0, "discard 2o")
    assert game.timers() == [Timer("buy_window", seconds, {"type": "close_buy"})]
    assert game.view(None)["buy_window"]["seconds"] == seconds
    assert None in game.actors()
    game.apply(None, "close_buy")
    assert game.window is None and game.timers() == []


def test_buying_window_default_is_5_seconds():
    game = Ferrocarril.new(3, seed=1)
    assert game.view(None)["buy_window"]["seconds"] == 5
    # The round's first window also gives the players the time to see their new hands.
    assert game.timers()[0].seconds == 5 + DEAL_SHOW_SECONDS
    game.apply(None, "close_buy")
    game.apply(game.turn, "draw")
    game.apply(game.turn, {"type": "discard", "card": game.view(game.turn)["hand"][0]})
    assert game.timers()[0].to_dict() == {"name": "buy_window", "seconds": 5,
                                          "action": {"type": "close_buy"}}


@pytest.mark.parametrize("options,code", [
    ({"buy_seconds": 2}, "option_range"), ({"buy_seconds": 11}, "option_range"),
    ({"buy_seconds": "5"}, "option_range"), ({"buy_seconds": True}, "option_range"),
    ({"buy_seconds": None}, "option_range"), ({"speed": 1}, "unknown_option"),
    ("fast", "bad_option")])
def test_buying_window_seconds_option_is_3_to_10(options, code):
    with pytest.raises(IllegalAction) as caught:
        Ferrocarril.new(3, options, seed=1)
    assert caught.value.code == code
    if code == "option_range":
        assert caught.value.es == "Ventana de compra: entre 3 y 10 segundos."
        assert caught.value.en == "Buy window: 3 to 10 seconds."


def test_buying_window_is_closed_by_the_server_not_a_player():
    game = window_game()
    refused(game, 0, "close_buy", "clock_only")
    refused(game, 1, {"type": "close_buy"}, "clock_only")
    game.apply(None, {"type": "close_buy"})
    assert game.window is None
    refused(game, None, "close_buy", "no_buy_window")


def test_buying_window_open_player_in_turn_cannot_draw():
    game = window_game()
    refused(game, 0, "draw", "buy_window_open")
    assert "draw" not in game.view(0)["allowed"]
    assert set(game.view(0)["allowed"]) == {"buy", "pass"}
    game.apply(None, "close_buy")
    game.apply(0, "draw")


def test_buying_priority_starts_at_the_discarders_right_and_goes_right():
    game = window_game(players=5, turn=2)              # seat 1 discarded
    assert game.view(None)["buy_window"]["discarder"] == 1
    assert game.view(None)["buy_window"]["priority"] == [2, 3, 4, 0]
    for seat in (0, 4, 3):
        game.apply(seat, "buy")
    assert game.window is not None                      # seat 2 may still outrank them
    game.apply(2, "pass")
    assert game.window is None
    assert SPANISH.parse("Se") in game.hands[3]
    assert game.buys_left == [10, 10, 10, 9, 10]       # only the winner spends a buy


def test_buying_earlier_lower_priority_press_loses_to_a_later_higher_one():
    game = window_game()                                # priority 0, 1, 2
    game.apply(2, "buy")
    game.apply(1, "buy")                                # later, but nearer the discarder
    game.apply(None, "close_buy")
    assert SPANISH.parse("Se") in game.hands[1]
    assert SPANISH.parse("Se") not in game.hands[2]
    assert game.buys_left == [10, 9, 10, 10]
    outbid = game.events[-1]
    assert outbid["type"] == "bought" and outbid["seat"] == 1 and outbid["outbid"] == [2]


def test_buying_player_in_turn_gets_the_card_and_two_stock_cards():
    game = window_game()
    game.apply(2, "buy")
    game.apply(0, "buy")                                # the player in turn wins at once
    assert game.window is None
    assert hand(game, 0) == sorted(cards("2o 2c Se Ab Rb"))
    assert hand(game, 2) == sorted(cards("4o 4c"))
    assert game.view(None)["stock"] == 2
    assert game.phase == "play"                         # no separate draw
    refused(game, 0, "draw", "already_drawn")
    game.apply(0, "discard 2o")


def test_buying_another_player_gets_only_the_card_then_the_turn_draws():
    game = window_game()
    game.apply(0, "pass")
    game.apply(1, "buy")
    assert hand(game, 1) == sorted(cards("3o 3c Se"))
    assert game.view(None)["stock"] == 4
    assert game.turn == 0 and game.phase == "draw"
    game.apply(0, "draw")
    assert hand(game, 0) == sorted(cards("2o 2c Ab"))


def test_buying_nobody_buys_the_player_in_turn_draws_and_the_card_is_no_longer_for_sale():
    game = window_game()
    game.apply(None, "close_buy")
    assert game.view(None)["discard_top"] == "Se"
    game.apply(0, "draw")
    assert hand(game, 0) == sorted(cards("2o 2c Ab"))
    for seat in (1, 2, 3):
        refused(game, seat, "buy", "no_buy_window")
    game.apply(0, "discard 2o")
    # The next window offers only the new discard; Se below it is never for sale again.
    assert game.view(None)["buy_window"]["card"] == "2o"


def test_buying_explicit_pass_closes_the_window_when_everyone_declined():
    game = window_game()
    game.apply(0, "pass")
    game.apply(1, "pass")
    assert game.window is not None and game.actors() == [2, None]
    game.apply(2, "pass")
    assert game.window is None and game.timers() == []
    assert game.actors() == [0]
    refused(game, 1, "pass", "no_buy_window")
