"""One test per entry of "## Interpretations" in docs/rules/ferrocarril.md.

Each test pins down how the engine reads a point that the rule text leaves open. Seats are in
playing order; `from_deal` defaults: the dealer is the last seat and seat 0 is in turn.
"""
import copy
import json

import pytest

from engine.cards import SPANISH
from engine.ferrocarril import Ferrocarril
from engine.ferrocarril.rules import UNLIMITED_TURNS
from engine.game import GameError


def cards(text):
    return SPANISH.parse_all(text)


def hand(game, seat):
    return sorted(game.hands[seat])


def snapshot(game):
    state = {k: v for k, v in vars(game).items() if k not in ("rng", "_public")}
    return copy.deepcopy(state), game.rng.getstate()


def refused(game, seat, action, code):
    """Assert that `action` is refused with `code` and that nothing changed."""
    before = snapshot(game)
    with pytest.raises(GameError) as error:
        game.apply(seat, action)
    assert error.value.code == code
    assert snapshot(game) == before


def meld_cards(game, meld_id):
    return next(m["cards"] for m in game.view(None)["table"] if m["id"] == meld_id)


# a ------------------------------------------------------------------------------------------

def test_interpretation_contract_size_is_a_minimum():
    # Round 1: a trío of four sevens is still a trío.
    game = Ferrocarril.from_deal(["7o 7c 7e 7b 2o", "3o 3c"], phase="play")
    game.apply(0, "salir 7o 7c 7e 7b")
    assert meld_cards(game, 1) == ["7o", "7c", "7e", "7b"]

    # Round 3 (cuarteto): three cards are too few; a joker counts toward the four.
    game = Ferrocarril.from_deal(["7o 7c 7e * 2o", "3o 3c"], round=3, phase="play")
    refused(game, 0, "salir 7o 7c 7e", "group_too_small")
    game.apply(0, "salir 7o 7c 7e *")
    assert game.salido[0]

    # Round 7: an escalera of eight is fine, six is too short.
    game = Ferrocarril.from_deal(["2c 3c 4c 5c 6c 7c 8c 9c 9o", "3o 3c"], round=7,
                                 phase="play")
    refused(game, 0, "salir 2c 3c 4c 5c 6c 7c", "run_too_short")
    game.apply(0, "salir 2c 3c 4c 5c 6c 7c 8c 9c")
    assert len(meld_cards(game, 1)) == 8


# b ------------------------------------------------------------------------------------------

def test_interpretation_salir_lays_exactly_the_contract():
    # One trío too many at Salir is refused...
    game = Ferrocarril.from_deal(["7o 7c 7e 9o 9c 9e 2o", "3o 3c"], phase="play")
    refused(game, 0, "salir 7o 7c 7e / 9o 9c 9e", "contract_not_met")
    # ...but the second one may follow in the same turn once salido.
    game.apply(0, "salir 7o 7c 7e")
    game.apply(0, "meld 9o 9c 9e")
    assert [m["rank"] for m in game.view(None)["table"]] == ["7", "9"]
    assert game.hands[0] == cards("2o")

    # Round 2: two tríos of the same rank make a valid Salida.
    game = Ferrocarril.from_deal(["7o 7c 7e 7b 7o 7c 2o", "3o 3c"], round=2, phase="play")
    game.apply(0, "salir 7o 7c 7e / 7b 7o 7c")
    assert [m["rank"] for m in game.view(None)["table"]] == ["7", "7"]


# c ------------------------------------------------------------------------------------------

def test_interpretation_closer_keeps_one_card():
    game = Ferrocarril.from_deal(["7o 7c 7e", "3o 3c"], phase="play")
    refused(game, 0, "salir 7o 7c 7e", "must_keep_one_card")

    game = Ferrocarril.from_deal(["9o 9c 9e", "3o 3c"], phase="play", salido=[0])
    refused(game, 0, "meld 9o 9c 9e", "must_keep_one_card")

    game = Ferrocarril.from_deal(["5e 5b", "3o 3c"], phase="play", salido=[0],
                                 table=[(1, "5o 5c 5o")])
    refused(game, 0, "add #1 5e 5b", "must_keep_one_card")
    game.apply(0, "add #1 5e")
    assert game.hands[0] == cards("5b")
    game.apply(0, "close")
    assert game.view(None)["last_round"]["closer"] == 0


# d ------------------------------------------------------------------------------------------

def test_interpretation_turn_player_buy_spends_a_buy_and_draws_two():
    game = Ferrocarril.from_deal(["2o 3o", "4o 5o", "6o 7o"], stock="Ab Rb 9c 9e",
                                 discard="8e Se", buy_window=True)
    assert game.view(None)["buy_window"]["discarder"] == 2
    game.apply(0, "buy")
    assert game.window is None
    assert hand(game, 0) == sorted(cards("2o 3o Se Ab Rb"))
    assert game.buys_left == [9, 10, 10]
    assert game.view(None)["stock"] == 2
    assert game.view(None)["discard_top"] == "8e"
    # The bought card and the two extra cards replace the draw: the turn goes on to play.
    assert game.view(0)["allowed"][0] == "discard"
    refused(game, 0, "draw", "already_drawn")


# e ------------------------------------------------------------------------------------------

def test_interpretation_who_may_buy():
    game = Ferrocarril.from_deal(["2o 3o", "4o 5o", "6o 7o"], stock="Ab Rb", discard="Se",
                                 buys=[0, 10, 10], salido=[1], buy_window=True)
    # Seat 2 discarded Se; seat 0 has no buys left, so only seat 1 is in the window.
    assert game.view(None)["buy_window"]["priority"] == [1]
    assert game.view(0)["allowed"] == []
    refused(game, 2, "buy", "own_discard")
    refused(game, 0, "buy", "no_buys_left")
    # Seat 1 has already salido and still buys.
    game.apply(1, "buy")
    assert hand(game, 1) == sorted(cards("4o 5o Se"))
    assert game.buys_left == [0, 9, 10]

    # Nobody with buys left besides the discarder: no window at all.
    game = Ferrocarril.from_deal(["2o 3o", "4o 5o"], stock="Ab", discard="Se",
                                 buys=[0, 10], buy_window=True)
    assert game.window is None and game.timers() == []


# f ------------------------------------------------------------------------------------------

def test_interpretation_first_upturned_card_is_for_sale():
    game = Ferrocarril.new(4, seed=7)
    dealer = game.dealer
    first = game.view(None)["discard_top"]
    window = game.view(None)["buy_window"]
    assert window["card"] == first and window["discarder"] is None
    assert window["priority"] == [(dealer + k) % 4 for k in (1, 2, 3, 4)]
    refused(game, game.turn, "draw", "buy_window_open")
    # The dealer is last in line but may buy it, out of turn, once the others pass.
    game.apply(dealer, "buy")
    assert game.window is not None
    for seat in window["priority"][:3]:
        game.apply(seat, "pass")
    assert game.window is None
    assert len(game.hands[dealer]) == 14 and SPANISH.parse(first) in game.hands[dealer]
    assert game.buys_left[dealer] == 9
    assert game.view(None)["discard"] == 0
    game.apply(game.turn, "draw")
    assert len(game.hands[game.turn]) == 14


# g ------------------------------------------------------------------------------------------

def _window_game():
    # Four players; seat 3 has just discarded Se, so the priority is 0, 1, 2.
    return Ferrocarril.from_deal(["2o 3o", "4o 5o", "6o 7o", "8o 9o"], stock="Ab Rb 9c",
                                 discard="Se", buy_window=True)


def test_interpretation_buy_window_closes_once_decided():
    # A press from seat 2 waits for seats 0 and 1, which outrank it.
    game = _window_game()
    game.apply(2, "buy")
    game.apply(0, "pass")
    assert game.window is not None and game.actors() == [1, None]
    game.apply(1, "pass")
    assert game.window is None and SPANISH.parse("Se") in game.hands[2]

    # A press from seat 1 is decided as soon as seat 0 passes; seat 2 is never asked.
    game = _window_game()
    game.apply(1, "buy")
    game.apply(0, "pass")
    assert game.window is None and SPANISH.parse("Se") in game.hands[1]

    # The turn player's press wins at once: nobody outranks it.
    game = _window_game()
    game.apply(0, "buy")
    assert game.window is None

    # At the timer, undecided seats count as passing.
    game = _window_game()
    game.apply(2, "buy")
    assert game.timers()[0].action == {"type": "close_buy"}
    game.apply(None, "close_buy")
    assert game.window is None and SPANISH.parse("Se") in game.hands[2]

    # Everyone passes: the window closes with no buyer and the card stays on the pile.
    game = _window_game()
    for seat in (0, 1, 2):
        game.apply(seat, "pass")
    assert game.window is None and game.view(None)["discard_top"] == "Se"
    assert game.buys_left == [10, 10, 10, 10]


# h ------------------------------------------------------------------------------------------

def test_interpretation_stock_runs_out():
    # The pile but its top card becomes the new stock.
    game = Ferrocarril.from_deal(["7o 7c", "3o 3c"], stock="", discard="2b 4b 6b")
    game.apply(0, "draw")
    assert game.view(None)["discard_top"] == "6b"
    assert game.view(None)["stock"] == 1
    drawn = [c for c in game.hands[0] if c not in cards("7o 7c")]
    assert drawn and drawn[0] in cards("2b 4b")
    assert game.events[-2]["type"] == "reshuffle"

    # Nothing to draw even then: the round ends with no closer and everyone counts.
    game = Ferrocarril.from_deal(["7o 7c", "Ao *"], stock="", discard="6b", scores=[5, 5])
    game.apply(0, "draw")
    last = game.view(None)["last_round"]
    assert game.phase == "round_over"
    assert last["closer"] is None
    assert last["points"] == [14, 70]
    assert game.scores == [19, 75]


def test_interpretation_the_stock_is_turned_over_twice_a_round():
    # Both escaleras full and only jokers to keep: nobody can ever close. The discards make a
    # new stock twice; when that runs out too, the round ends with no closer.
    runs = [(0, "Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Sc Cc Rc"),
            (1, "Ab 2b 3b 4b 5b 6b 7b 8b 9b 10b Sb Cb Rb")]
    game = Ferrocarril.from_deal(["* *", "* *"], stock="2o 3o", discard="4o 5o 6o 7o",
                                 round=7, table=runs, salido=[0, 1], buys=[0, 0], scores=[0, 0])
    assert game.view(None)["stock_turns_left"] == 2
    draws = 0
    while game.phase == "draw" and draws < 20:
        seat = game.turn
        game.apply(seat, "draw")
        draws += 1
        if game.phase == "play":
            drawn = next(c for c in game.view(seat)["hand"] if c != "*")
            game.apply(seat, f"discard {drawn}")
            while game.window is not None:
                game.apply(None, {"type": "close_buy"})
    turns = [e for e in game.events if e["type"] == "reshuffle"]
    assert [(e["cards"], e["last"]) for e in turns] == [(5, False), (5, True)]
    assert draws == 2 + 5 + 5 + 1   # the stock; twice the six discards but the top; the end
    assert game.view(None)["stock_turns_left"] == 0
    assert game.phase == "game_over"
    assert game.round_results[-1]["closer"] is None
    assert game.round_results[-1]["points"] == [100, 100]


def test_a_game_saved_before_the_limit_turns_the_stock_every_time():
    # Saved games name their options; those saved before the limit do not name it, and replay
    # with the discards reshuffled every time, as they were played. The chooser never offers it.
    saved = Ferrocarril.saved_options({"buy_seconds": 5})
    assert saved["stock_turns"] == UNLIMITED_TURNS
    assert "stock_turns" not in [o["name"] for o in Ferrocarril.catalogue()["options"]]
    assert Ferrocarril.new(2, None, 1).options["stock_turns"] == 2
    runs = [(0, "Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Sc Cc Rc")]
    game = Ferrocarril.from_deal(["* *", "* *"], stock="", discard="4o 5o", round=7,
                                 table=runs, salido=[0, 1], buys=[0, 0], options=saved)
    assert game.view(None)["stock_turns_left"] is None
    for _ in range(5):
        seat = game.turn
        game.apply(seat, "draw")
        drawn = next(c for c in game.view(seat)["hand"] if c != "*")
        game.apply(seat, f"discard {drawn}")
        while game.window is not None:
            game.apply(None, {"type": "close_buy"})
    assert [e["type"] for e in game.events].count("reshuffle") == 5
    assert game.phase == "draw" and all(not e.get("last") for e in game.events)


# i ------------------------------------------------------------------------------------------

def test_interpretation_joker_steal():
    # In a group any card of its rank frees the joker, even before Salir.
    game = Ferrocarril.from_deal(["5b 9o 9c", "3o 3c"], phase="play", round=1,
                                 table=[(1, "5o 5c *")])
    game.apply(0, "steal #1 5b")
    assert meld_cards(game, 1) == ["5o", "5c", "5b"]
    assert hand(game, 0) == sorted(cards("* 9o 9c"))
    # A stolen joker may not be discarded...
    refused(game, 0, "discard *", "stolen_joker_must_be_played")
    # ...and if unplayed at the discard it goes back, the real card back to the hand.
    game.apply(0, "discard 9o")
    assert meld_cards(game, 1) == ["5o", "5c", "*"]
    assert hand(game, 0) == sorted(cards("5b 9c"))

    # In an escalera only the exact card frees it; closing also undoes an unplayed steal.
    game = Ferrocarril.from_deal(["5o", "3o 3c"], phase="play", round=7, salido=[0],
                                 table=[(1, "2o 3o 4o * 6o 7o 8o")])
    refused(game, 0, "steal #1 5c", "joker_needs_card")
    game.apply(0, "steal #1 5o")
    assert game.hands[0] == cards("*")
    game.apply(0, "close")
    assert meld_cards(game, 1) == ["2o", "3o", "4o", "*", "6o", "7o", "8o"]
    assert game.view(None)["last_round"]["points"][0] == -70

    # A stolen joker that is played stays where it was played.
    game = Ferrocarril.from_deal(["5b 9o 9c 2e 2b", "3o 3c"], phase="play", salido=[0],
                                 table=[(1, "5o 5c *")])
    game.apply(0, "steal #1 5b")
    game.apply(0, "meld 9o 9c *")
    game.apply(0, "discard 2e")
    assert meld_cards(game, 1) == ["5o", "5c", "5b"]
    assert meld_cards(game, 2) == ["9o", "9c", "*"]

    # Two steals, one comodín played: the latest steal is the one undone.
    game = Ferrocarril.from_deal(["5b 6b 9o 9c 2e 2b", "3o 3c"], phase="play", salido=[0],
                                 table=[(1, "5o 5c *"), (1, "6o 6c *")])
    game.apply(0, "steal #1 5b")
    game.apply(0, "steal #2 6b")
    game.apply(0, "meld 9o 9c *")
    game.apply(0, "discard 2e")
    assert meld_cards(game, 1) == ["5o", "5c", "5b"]
    assert meld_cards(game, 2) == ["6o", "6c", "*"]
    assert hand(game, 0) == sorted(cards("6b 2b"))


# j ------------------------------------------------------------------------------------------

def test_interpretation_escalera_input_and_adding_end():
    # Any order; the joker goes to the high end unless the order given says otherwise.
    game = Ferrocarril.from_deal(["5o 2o * 4o 3o 6o 7o 9c", "3o 3c"], round=7, phase="play")
    game.apply(0, "salir 5o 2o * 4o 3o 6o 7o")
    assert meld_cards(game, 1) == ["2o", "3o", "4o", "5o", "6o", "7o", "*"]
    assert game.view(None)["table"][0]["joker_for"] == "8o"

    game = Ferrocarril.from_deal(["* 2o 3o 4o 5o 6o 7o 9c", "3o 3c"], round=7, phase="play")
    game.apply(0, "salir * 2o 3o 4o 5o 6o 7o")
    assert game.view(None)["table"][0]["joker_for"] == "Ao"

    # A card that fits at both ends needs "end".
    game = Ferrocarril.from_deal(["* 9c 9e", "3o 3c"], round=7, phase="play", salido=[0],
                                 table=[(1, "2o 3o 4o 5o 6o 7o 8o")])
    refused(game, 0, "add #1 *", "ambiguous_placement")
    game.apply(0, {"type": "add", "meld": 1, "cards": ["*"], "end": "low"})
    assert meld_cards(game, 1)[0] == "*"
    assert game.view(None)["table"][0]["joker_for"] == "Ao"


# k ------------------------------------------------------------------------------------------

def test_interpretation_runs_only_at_round_seven_salir():
    run = "3c 4c 5c 6c 7c 8c 9c"
    # Round 7, already salido: a new combination must be a group.
    game = Ferrocarril.from_deal([run + " 9o 9e 2b", "3o 3c"], round=7, phase="play",
                                 salido=[0], table=[(0, "2o 3o 4o 5o 6o 7o 8o")])
    refused(game, 0, "meld " + run, "group_mixed_ranks")
    game.apply(0, "meld 9c 9o 9e")
    assert game.view(None)["table"][-1]["kind"] == "group"

    # Rounds 1-6: a run is no Salida.
    game = Ferrocarril.from_deal([run + " 2b", "3o 3c"], round=1, phase="play")
    refused(game, 0, "salir " + run, "group_mixed_ranks")

    # Round 7: a group is no Salida.
    game = Ferrocarril.from_deal(["9o 9c 9e 9b 9o 9c 9e 2b", "3o 3c"], round=7, phase="play")
    refused(game, 0, "salir 9o 9c 9e 9b 9o 9c 9e", "run_mixed_suits")


# l ------------------------------------------------------------------------------------------

def test_interpretation_ace_is_circular_escalera_at_most_13():
    game = Ferrocarril.from_deal(["Ao 2o 3o 10o So Co Ro 9c", "3o 3c"], round=7, phase="play")
    game.apply(0, "salir Ao 2o 3o 10o So Co Ro")
    assert meld_cards(game, 1) == ["10o", "So", "Co", "Ro", "Ao", "2o", "3o"]

    # With twelve cards from 2 to Rey, the ace closes the circle: no end needs choosing.
    twelve = "2e 3e 4e 5e 6e 7e 8e 9e 10e Se Ce Re"
    game = Ferrocarril.from_deal(["Ae 2e 9c", "3o 3c"], round=7, phase="play", salido=[0],
                                 table=[(1, twelve)])
    game.apply(0, "add #1 Ae")
    assert meld_cards(game, 1)[-1] == "Ae" and len(meld_cards(game, 1)) == 13
    # Thirteen is the most: the second 2 of espadas does not fit.
    refused(game, 0, "add #1 2e @low", "run_too_long")


# m ------------------------------------------------------------------------------------------

def test_interpretation_one_card_left_close_or_steal():
    game = Ferrocarril.from_deal(["9c", "3o 3c"], phase="play", salido=[0],
                                 table=[(1, "5o 5c *")])
    assert game.view(0)["allowed"] == ["close", "steal"]
    refused(game, 0, "discard 9c", "must_close")

    game = Ferrocarril.from_deal(["9c", "3o 3c"], phase="play", salido=[0],
                                 table=[(1, "5o 5c 5e")])
    assert game.view(0)["allowed"] == ["close"]

    game = Ferrocarril.from_deal(["9c 2o", "3o 3c"], phase="play", salido=[0])
    assert "close" not in game.view(0)["allowed"]
    refused(game, 0, "close", "cannot_close")


# n ------------------------------------------------------------------------------------------

def _closed_round():
    game = Ferrocarril.from_deal(["9c", "3o 3c", "Ab"], phase="play", salido=[0],
                                 stock="2o 2c 2e", discard="4b")
    game.apply(0, "close")
    return game


def test_interpretation_next_round_is_an_explicit_action():
    game = _closed_round()
    assert game.phase == "round_over"
    assert game.actors() == [0, 1, 2, None]
    # The only way on is a next_round action: a seat's, or the server's when its timer fires.
    assert [t.action for t in game.timers()] == [{"type": "next_round"}]
    assert all(game.view(s)["allowed"] == ["next_round"] for s in range(3))
    refused(game, 1, "draw", "round_over")
    game.apply(None, "next_round")
    assert game.view(None)["round"] == 2 and game.dealer == 0 and game.turn == 1
    assert [len(h) for h in game.hands] == [13, 13, 13]
    assert game.view(None)["buy_window"]["discarder"] is None

    # A seat's next_round says it is ready; the round starts once every seat is.
    game = _closed_round()
    game.apply(2, "next_round")
    assert game.view(None)["round"] == 1 and game.view(None)["ready"] == [2]
    assert game.actors() == [0, 1, None] and game.view(2)["allowed"] == []
    refused(game, 2, "next_round", "already_ready")
    game.apply(0, "next_round")
    game.apply(1, "next_round")
    assert game.view(None)["round"] == 2 and game.view(None)["ready"] == []
    refused(game, 2, "next_round", "round_not_over")


# o ------------------------------------------------------------------------------------------

def test_interpretation_ties_share_the_win():
    game = Ferrocarril.from_deal(["9c", "2o"], round=7, phase="play", salido=[0],
                                 scores=[72, 0])
    game.apply(0, "close")
    assert game.result() == {"scores": [2, 2], "winners": [0, 1], "tie": True,
                             "ranking": [0, 1]}

    game = Ferrocarril.from_deal(["9c", "2o"], round=7, phase="play", salido=[0],
                                 scores=[73, 0])
    game.apply(0, "close")
    assert game.result()["winners"] == [1] and game.result()["tie"] is False


# p ------------------------------------------------------------------------------------------

def test_interpretation_closers_card_is_hidden_and_free():
    game = Ferrocarril.from_deal(["Rb", "3o 3c", "Ab 2b"], phase="play", salido=[0],
                                 stock="4e 5e", discard="6e")
    game.apply(0, "close")
    last = game.view(None)["last_round"]
    assert last["points"] == [-10, 6, 22]
    assert last["hands"][0] == []
    for seat in [None, 0, 1, 2]:
        view = game.view(seat)
        assert view["discard_top"] is None
        assert '"Rb"' not in json.dumps(view)
    # A joker kept for the close scores nothing either.
    game = Ferrocarril.from_deal(["*", "3o 3c"], phase="play", salido=[0])
    game.apply(0, "close")
    assert game.view(None)["last_round"]["points"] == [-10, 6]


# q ------------------------------------------------------------------------------------------

def test_interpretation_opening_ends_at_everyones_first_discard():
    game = Ferrocarril.from_deal(["7o 7c 7e 2b 3b", "8o 8c 8e 2c 3c"],
                                 stock="4o 4c 4e 4b", opening_done=False, buys=[0, 0])
    game.apply(0, "draw")
    refused(game, 0, "salir 7o 7c 7e", "opening_phase")
    game.apply(0, "discard 2b")
    assert game.view(None)["opening"]
    game.apply(1, "draw")
    # Seat 1 is the last to play its first turn, but it has not discarded yet.
    refused(game, 1, "salir 8o 8c 8e", "opening_phase")
    assert "salir" not in game.view(1)["allowed"]
    game.apply(1, "discard 2c")
    assert not game.view(None)["opening"]
    game.apply(0, "draw")
    game.apply(0, "salir 7o 7c 7e")
    assert game.salido[0]


# r ------------------------------------------------------------------------------------------

def test_interpretation_add_to_any_combination_once_salido():
    table = [(0, "7o 7c 7e"), (1, "8o 8c 8e")]
    game = Ferrocarril.from_deal(["7b 8b 2o", "3o 3c"], phase="play", salido=[0, 1],
                                 table=table)
    game.apply(0, "add #2 8b")
    game.apply(0, "add #1 7b")
    assert meld_cards(game, 2) == ["8o", "8c", "8e", "8b"]
    assert meld_cards(game, 1) == ["7o", "7c", "7e", "7b"]

    game = Ferrocarril.from_deal(["7b 8b 2o", "3o 3c"], phase="play", salido=[1], table=table)
    refused(game, 0, "add #2 8b", "must_salir_first")


# s ------------------------------------------------------------------------------------------

def test_interpretation_out_of_turn_buyer_gets_only_the_card():
    game = Ferrocarril.from_deal(["2o 3o", "4o 5o", "6o 7o"], stock="Ab Rb 9c", discard="Se",
                                 buy_window=True)
    game.apply(0, "pass")
    game.apply(1, "buy")
    assert hand(game, 1) == sorted(cards("4o 5o Se"))
    assert game.buys_left == [10, 9, 10]
    assert game.view(None)["stock"] == 3
    # The player in turn then draws one card as usual.
    game.apply(0, "draw")
    assert hand(game, 0) == sorted(cards("2o 3o Ab"))


# t ------------------------------------------------------------------------------------------

def test_interpretation_turn_buyer_short_of_stock_keeps_what_there_is():
    # One card in the stock and only one card left under the bought one: nothing to reshuffle.
    game = Ferrocarril.from_deal(["2o 3o", "4o 5o"], stock="Ab", discard="8e Se",
                                 buy_window=True)
    game.apply(0, "buy")
    assert hand(game, 0) == sorted(cards("2o 3o Se Ab"))
    assert game.phase == "play" and game.buys_left == [9, 10]
    assert game.view(None)["discard_top"] == "8e"
    assert game.events[-1]["type"] == "bought" and game.events[-1]["extra"] == 1


def test_interpretation_hands_are_shown_face_up_at_round_end():
    game = Ferrocarril.from_deal(["Rb", "3o 3c", "Ae *"], phase="play", salido=[0])
    assert game.view(None)["last_round"] is None
    game.apply(0, "close")
    last = game.view(None)["last_round"]
    assert last["hands"] == [[], ["3o", "3c"], ["Ae", "*"]]
    assert last["points"] == [-10, 6, 70]
    assert all(game.view(seat)["last_round"] == last for seat in range(3))


# v ------------------------------------------------------------------------------------------

def bought_event(game):
    return next(e for e in reversed(game.view(None)["events"]) if e["type"] == "bought")


def test_interpretation_a_compro_just_after_a_sale_by_priority_is_heard_not_refused():
    # Seat 1 presses and seat 0 passes: sold to seat 1 at once. Seat 2 pressed at the same
    # instant, but its press reached the table just after: it is heard, among those outbid.
    game = _window_game()
    game.apply(1, "buy")
    game.apply(0, "pass")
    assert game.window is None and bought_event(game)["outbid"] == []
    assert game.allowed(2) == ["buy", "pass"] and game.actors() == [0]
    before, _ = snapshot(game)
    game.apply(2, "buy")
    assert bought_event(game)["seat"] == 1 and bought_event(game)["outbid"] == [2]
    after, _ = snapshot(game)
    unchanged = ("events", "log", "sold")
    assert {k: v for k, v in after.items() if k not in unchanged} == \
        {k: v for k, v in before.items() if k not in unchanged}     # nothing else changed
    assert game.allowed(2) == []
    refused(game, 2, "buy", "no_buy_window")                         # heard once
    assert game.buys_left == [10, 9, 10, 10]

    # The order the presses reached the table makes no difference to what the table shows.
    other = _window_game()
    other.apply(2, "buy")
    other.apply(1, "buy")
    other.apply(0, "pass")
    assert bought_event(other)["outbid"] == bought_event(game)["outbid"] == [2]
    assert other.hands == game.hands

    # A late Paso changes nothing.
    game = _window_game()
    game.apply(0, "buy")
    game.apply(2, "pass")
    assert bought_event(game)["outbid"] == []
    game = _window_game()
    game.apply(0, "buy")
    game.apply(0, "discard 2o")                 # the next move ends the grace: a new window
    assert game.sold is None and game.window.card == SPANISH.parse("2o")
    game.apply(1, "pass")
    game.apply(2, "buy")                        # bought the 2o, not heard for the Se
    assert [e["card"] for e in game.view(None)["events"] if e["type"] == "bought"] == ["Se", "2o"]

    # A window the clock closed sold nothing "at once": a late press is too late.
    game = _window_game()
    game.apply(2, "buy")
    game.apply(None, "close_buy")
    refused(game, 1, "buy", "no_buy_window")

    # A seat that had passed, or had pressed and was outbid already, is not heard twice.
    game = _window_game()
    game.apply(1, "pass")
    game.apply(2, "buy")
    game.apply(0, "buy")
    assert bought_event(game)["outbid"] == [2]
    refused(game, 1, "buy", "no_buy_window")
    refused(game, 2, "buy", "no_buy_window")
