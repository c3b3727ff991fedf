"""One test per entry of "## Interpretations" in docs/rules/tren.md.

Each test pins down how the engine reads a point the rule sheet leaves open. Set-ups come from
`tren_helpers.deal`: the double 12 in the hub (the `engine` start), the last seat deals, seat 0
plays first.
"""
import pytest

from engine import dominoes
from engine.simulate import next_move
from engine.tren import Tren
from tests.engine.contract_helpers import refused
from tests.engine.tren_helpers import deal, events, hand, play, train


def test_interpretation_tiles_per_player_table():
    option = Tren.OPTIONS.by_name["tiles"]
    assert option.default == "15-11-8" and option.values == ("15-11-8", "15-12-10")
    # The largest hand: the opener has put one tile, the highest double, in the hub.
    sizes = {n: max(map(len, Tren.new(n, None, 1).hands)) for n in range(2, 9)}
    assert sizes == {2: 15, 3: 15, 4: 15, 5: 11, 6: 11, 7: 8, 8: 8}
    sizes = {n: max(map(len, Tren.new(n, {"tiles": "15-12-10"}, 1).hands)) for n in range(2, 9)}
    assert sizes == {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10}


@pytest.mark.parametrize("rounds,hubs", [(13, list(range(12, -1, -1))),
                                         (7, [12, 11, 10, 9, 8, 7, 6]), (3, [12, 11, 10]),
                                         (1, [12])])
def test_interpretation_the_match_and_its_engine_doubles(rounds, hubs):
    assert Tren.OPTIONS.by_name["rounds"].default == 13
    game = Tren.new(2, {"rounds": rounds, "start": "engine"}, seed=3)
    bots = [Tren.make_bot("facil", s, 3) for s in range(2)]
    seen = []
    while not game.finished:
        if game.view(None)["engine"] not in seen:
            seen.append(game.view(None)["engine"])
            # The round's double was set aside: no hand and no boneyard holds it.
            assert dominoes.double(seen[-1]) not in game.boneyard + sum(game.hands, [])
        game.apply(*next_move(game, bots))
    assert seen == hubs and len(game.round_results) == rounds
    # The sheet's own start, the default, for any length of match: the highest double dealt
    # opens the hub.
    for seed in range(5):
        game = Tren.new(3, {"rounds": 7}, seed=seed)
        assert all(t < game.hub for h in game.hands for t in h if t.is_double)


def test_interpretation_who_plays_first():
    game = Tren.new(4, {"start": "engine"}, seed=11)
    assert game.turn == (game.dealer + 1) % 4
    dealers = {Tren.new(4, None, seed=s).dealer for s in range(20)}
    assert len(dealers) > 1                          # round 1's dealer is drawn at random
    game = deal(["12-3 9-9", "10-10 10-4 3-1", "8-8 6-1"], "12-12 11-11",
                options={"start": "highest_double"})
    assert game.turn == 1 and game.view(None)["first_turn"]
    game.apply(1, play("10-4", 1))                   # the opener starts its own train too
    assert train(game, 1) == ["10-4"] and game.turn == 2


def test_interpretation_the_opener_may_end_the_turn():
    # "también puede comenzar": may, not must. The hub double was the turn: ending it costs
    # no draw and puts out no marker, with a tile for the hub or without one.
    for hands, allowed in ((["12-3 9-9", "10-10 10-4 3-1", "8-8 6-1"], ["play", "pass"]),
                           (["12-3 9-9", "10-10 9-4 3-1", "8-8 6-1"], ["pass"])):
        game = deal(hands, "12-12 11-11", options={"start": "highest_double"})
        assert game.allowed(1) == allowed and game.view(None)["opening"]
        refused(game, 1, "draw", "tile_fits_no_draw" if "play" in allowed else "opening_no_draw")
        game.apply(1, "pass")
        assert game.turn == 2 and not game.markers[1] and len(hand(game, 1)) == 2
        assert game.had_turn[1] and not game.view(None)["opening"]
    # The same player in a later turn: an ordinary turn (draw, then marker out).
    game = deal(["12-3 9-9", "10-10 9-4 3-1", "8-8 6-1"], "12-12 11-11 7-2",
                options={"start": "highest_double"})
    game.apply(1, "pass")
    game.apply(2, "draw")
    game.apply(2, "pass")
    game.apply(0, "draw")
    game.apply(0, "pass")
    assert game.allowed(1) == ["draw"]
    game.apply(1, "draw")
    game.apply(1, "pass")
    assert game.markers[1]


def test_interpretation_nobody_holds_a_double():
    game = deal(["12-3 9-4", "11-5 10-2", "8-7 6-1"], "5-4 3-2 1-0 9-9",
                options={"start": "highest_double"}, dealer=1)
    # The dealer is seat 1: seats 2, 0 and 1 draw 5-4, 3-2 and 1-0, then seat 2 the 9-9.
    assert [e["seat"] for e in events(game, "draw")] == [2, 0, 1, 2]
    assert game.view(None)["hub"] == "9-9" and game.turn == 2
    assert hand(game, 2) == ["5-4", "6-1", "8-7"]
    assert all(e.keys() == {"n", "type", "seat", "for_double"} for e in events(game, "draw"))
    assert game.audit() == []


def test_interpretation_seat_order_is_playing_order():
    game = deal(["12-1 3-3", "12-2 4-4", "12-3 5-5", "12-4 6-6"], dealer=1)
    order = []
    for _ in range(4):
        order.append(game.turn)
        seat = game.turn
        game.apply(seat, play(f"12-{seat + 1}", seat))
    assert order == [2, 3, 0, 1]


def test_interpretation_you_play_if_you_can():
    game = deal(["12-1 3-3", "12-2 4-4"], "5-0")
    refused(game, 0, {"type": "draw"}, "tile_fits_no_draw")
    refused(game, 0, {"type": "pass"}, "tile_fits_no_pass")
    assert game.allowed(0) == ["play"]


def test_interpretation_a_drawn_tile_that_fits_is_played():
    game = deal(["5-1 3-3", "12-2 4-4"], "12-6")
    game.apply(0, "draw")
    refused(game, 0, {"type": "pass"}, "tile_fits_no_pass")
    assert game.allowed(0) == ["play"] and game.view(0)["fits"]["12-6"] == [0]
    # Later in the round the drawn tile may fit another train: it is played there.
    game = deal(["9-2 3-3", "5-0 6-6"], "4-8", trains=["12-1", "12-5"], mexican="12-4")
    game.apply(0, "draw")
    assert game.view(0)["fits"]["8-4"] == ["mexican"]
    refused(game, 0, {"type": "pass"}, "tile_fits_no_pass")


def test_interpretation_a_double_brings_its_own_draw():
    game = deal(["9-2 8-3", "5-0 6-6"], "1-1 7-0 1-4", trains=["12-1", "12-5"])
    game.apply(0, "draw")                            # nothing fits: draw, and it is a double
    refused(game, 0, {"type": "draw"}, "tile_fits_no_draw")
    game.apply(0, play("1-1", 0))
    assert game.allowed(0) == ["draw"]               # cannot cover it: one more draw
    game.apply(0, "draw")
    refused(game, 0, {"type": "draw"}, "drew_this_turn")
    assert game.allowed(0) == ["pass"]               # the 7-0 does not cover it
    game.apply(0, "pass")
    assert game.markers[0] and game.turn == 1


def test_interpretation_your_own_train_first():
    game = deal(["12-1 5-3", "12-2 4-4", "5-9 12-7"], trains=["", "12-5"],
                mexican="12-3", markers=[1], turn=2)
    for where in ("mexican", 1):
        refused(game, 2, play("5-9", where), "own_train_first")
    assert game.view(2)["fits"] == {"9-5": [], "12-7": [2]}
    # Started by someone else while its marker was out, the train counts as started.
    game = deal(["12-7 5-3", "3-6 4-4", "9-1 0-0"], trains=["12-1", "", "12-2"],
                mexican="12-3", markers=[1], first_turns_over=True)
    game.apply(0, play("12-7", 1))
    assert game.view(1)["fits"] == {"6-3": ["mexican"], "4-4": []}
    game.apply(1, play("3-6", "mexican"))
    assert train(game, "mexican") == ["12-3", "3-6"]


def test_interpretation_covering_a_double():
    game = deal(["5-3 9-1", "9-9 6-0 8-2", "12-7 3-3"], "7-0 4-0",
                trains=["", "12-9", "12-6"], markers=[0], turn=1, first_turns_over=True)
    game.apply(1, play("9-9", 1))
    game.apply(1, "draw")
    game.apply(1, "pass")
    # Seat 2's 12-7 would fit seat 0's marked station and the Mexican train: not now.
    refused(game, 2, play("12-7", 0), "must_cover_double")
    refused(game, 2, play("12-7", "mexican"), "must_cover_double")
    assert game.view(2)["fits"] == {"12-7": [], "3-3": []}
    game.apply(2, "draw")
    game.apply(2, "pass")
    # Seat 0 has not started its own train, and still covers the double.
    assert game.view(0)["fits"] == {"5-3": [], "9-1": [1]}
    game.apply(0, play("9-1", 1))
    assert game.view(None)["open_double"] is None and game.turn == 1
    assert sum(t.is_double and t.has(9) for t in dominoes.DOUBLES) == 1
    # A double on a train without its marker is covered there all the same.
    game = deal(["5-3 9-1", "9-2 4-4"], trains=["12-9 9-9"], turn=1)
    assert game.view(1)["fits"] == {"9-2": [0], "4-4": []}


def test_interpretation_the_marker_goes_on_your_own_train():
    game = deal(["9-9 8-3 1-7", "12-2 4-4", "9-1 0-0"], "5-0 6-1",
                trains=["12-1", "12-5", "12-3"], mexican="12-9")
    game.apply(0, play("9-9", "mexican"))
    game.apply(0, "draw")
    game.apply(0, "pass")
    view = game.view(None)
    assert view["trains"][0]["marker"] and "marker" not in view["mexican"]
    game.apply(1, "draw")
    game.apply(1, "pass")
    game.apply(2, play("9-1", "mexican"))            # seat 2 covers it
    assert game.markers == [True, True, False]
    game.apply(0, play("1-7", 0))                    # its owner plays on it: the marker is off
    assert game.markers == [False, True, False]
    game.apply(1, play("6-1", "mexican"))            # elsewhere: seat 1's stays out
    assert game.markers == [False, True, False]
    # A new round starts with every marker off.
    game = deal(["1-4", "2-6 4-4"], trains=["12-1", "12-2"], markers=[1])
    game.apply(0, play("1-4", 0))
    game.apply(None, "next_round")
    assert game.markers == [False, False]


def test_interpretation_the_mexican_train_starts_from_the_hub():
    game = deal(["11-4 3-3", "11-2 4-9"], trains=["11-1"], round=2, options={"rounds": 3})
    assert game.view(None)["mexican"] == {"tiles": [], "open": 11, "started": False,
                                          "open_double": False}
    assert game.view(0)["fits"] == {"11-4": ["mexican"], "3-3": []}
    game.apply(0, play("11-4", "mexican"))
    assert train(game, "mexican") == ["11-4"] and game.view(None)["mexican"]["open"] == 4
    # One per round: each round lays a new one, from its own hub.
    game = deal(["11-4", "2-6 4-4"], trains=["11-1"], round=2, options={"rounds": 3})
    game.apply(0, play("11-4", "mexican"))
    game.apply(None, "next_round")
    assert game.view(None)["mexican"] == {"tiles": [], "open": 10, "started": False,
                                          "open_double": False}


def test_interpretation_a_blocked_round_ends_at_once():
    # Nobody can play even with every marker out: the first pass ends the round.
    game = deal(["9-2 8-3", "11-2 4-4"], trains=["12-1", "12-5"], mexican="12-6",
                empty_boneyard=True)
    game.apply(0, "pass")
    assert game.phase == "round_over" and game.round_results[-1]["blocked"]
    assert events(game, "pass")[-1]["seat"] == 0 and game.round_results[-1]["winner"] is None
    # Seat 0's 5-3 fits seat 1's train once its marker is out: the round goes on.
    game = deal(["5-3 8-8", "9-2 11-11"], trains=["12-1", "12-5"], mexican="12-6",
                empty_boneyard=True)
    game.apply(0, "pass")
    game.apply(1, "pass")
    assert game.phase == "play"
    game.apply(0, play("5-3", 1))
    assert train(game, 1) == ["12-5", "5-3"]


def test_interpretation_scoring_and_ties():
    game = deal(["1-4", "0-0 6-5", "11-0"], trains=["12-1"], options={"rounds": 1},
                scores=[11, 0, 0])
    game.apply(0, play("1-4", 0))
    assert game.round_results[-1]["points"] == [0, 11, 11]
    assert game.result() == {"scores": [11, 11, 11], "winners": [0, 1, 2], "tie": True,
                             "ranking": [0, 1, 2]}
    game = deal(["1-4", "0-0 6-5", "11-0"], trains=["12-1"],
                options={"rounds": 1, "double_blank": 50}, scores=[11, 0, 0])
    game.apply(0, play("1-4", 0))
    assert game.result()["scores"] == [11, 61, 11] and game.result()["winners"] == [0, 2]


def test_interpretation_first_turn_chain():
    game = deal(["12-1 1-1 1-5 3-3", "12-2 2-4 4-4"], options={"first_turn": "chain"})
    game.apply(0, play("12-1", 0))
    refused(game, 0, play("3-3", "mexican"), "first_turn_own_train")
    game.apply(0, play("1-1", 0))
    assert game.allowed(0) == ["play"]              # the double is covered before stopping
    refused(game, 0, {"type": "pass"}, "tile_fits_no_pass")
    game.apply(0, play("1-5", 0))                    # nothing more fits: the turn ends
    assert train(game, 0) == ["12-1", "1-1", "1-5"] and game.turn == 1
    game.apply(1, play("12-2", 1))
    assert game.allowed(1) == ["play", "pass"]
    game.apply(1, "pass")                            # enough: no marker for stopping
    assert game.turn == 0 and game.markers == [False, False] and train(game, 1) == ["12-2"]


def test_interpretation_one_tile_per_turn_refusal():
    game = deal(["12-1 1-5 6-6", "12-2 4-4", "12-3 5-5"])
    game.apply(0, play("12-1", 0))
    error = refused(game, 0, play("1-5", 0), "one_tile_per_turn")
    assert error.en == "One tile per turn, except after a double."
    refused(game, 2, play("12-3", 2), "not_your_turn")
    game.apply(1, play("12-2", 1))
    refused(game, 0, play("1-5", 0), "not_your_turn")   # not the seat that just played
