"""The `_deal` option of Tren Mexicano: a round dealt exactly as given, started anywhere a lesson
needs it (explicit hands, boneyard order, trains with tiles, markers, round, turn, scores);
anything that could not be a real round is refused as `bad_deal`. And `_why_not_in_play`: the
reason each button at rest would give."""
import pytest

from engine import dominoes
from engine.dominoes import ALL_TILES
from engine.game import IllegalAction
from engine.tren import Tren
from tests.engine.tren_helpers import deal, play, train


def whole(hands, players=3):
    """A deal naming every tile: the given hands, the rest in the boneyard in set order (the
    double 12 set aside, for the `engine` start)."""
    named = {dominoes.parse(t) for h in hands for t in h.split()} | {dominoes.double(12)}
    rest = [dominoes.tile_text(t) for t in ALL_TILES if t not in named]
    return {"hands": list(hands), "boneyard": " ".join(rest)}


def test_a_given_deal_is_dealt_as_written_and_keeps_every_tile():
    given = whole(["12-7 5-5 3-1", "11-2 4-4", "9-0 8-8 6-6"])
    game = Tren.new(3, {"start": "engine", "_deal": given}, seed=1)
    assert game.view(0)["hand"] == ["12-7", "5-5", "3-1"] and game.turn == 0 and game.dealer == 2
    assert dominoes.tile_text(game.boneyard[-1]) == given["boneyard"].split()[0]
    game.apply(0, play("12-7", 0))
    game.apply(1, "draw")
    assert dominoes.tile_text(game.hands[1][-1]) == given["boneyard"].split()[0]
    assert game.audit() == []


def test_the_rounds_after_a_given_deal_are_shuffled_from_the_seed():
    hands = []
    for seed in (1, 2):
        game = deal(["1-4", "11-2 4-4", "9-0 8-8 6-6"], trains=["12-1"], seed=seed)
        game.apply(0, play("1-4", 0))
        game.apply(None, "next_round")
        assert game.view(None)["hub"] == "11-11" and game.audit() == []
        hands.append(game.hands)
    assert hands[0] != hands[1]


def test_a_deal_may_start_a_round_under_way():
    game = deal(["5-3 9-1", "2-6 4-4", "12-0 1-1"], "10-3", trains=["12-1 1-7", "", "12-8"],
                mexican="12-4 4-9", markers=[1], turn=2, round=1, scores=[3, 40, 12])
    view = game.view(None)
    assert train(game, 0) == ["12-1", "1-7"] and train(game, "mexican") == ["12-4", "4-9"]
    assert view["trains"][1]["marker"] and view["turn"] == 2 and not view["first_turn"]
    assert [p["score"] for p in view["players"]] == [3, 40, 12]
    assert game.view(2)["fits"] == {"12-0": [1], "1-1": []}     # seat 1's marked station
    assert game.audit() == []


def test_a_deal_may_start_with_a_double_to_cover():
    game = deal(["5-3 9-1", "2-6 4-4"], trains=["12-9 9-9"], turn=1)
    assert game.view(None)["open_double"] == {"train": 0, "number": 9, "tile": "9-9"}
    assert game.allowed(1) == ["draw"]


def test_a_deal_may_start_at_a_later_round_and_in_the_first_turns():
    game = deal(["10-1 5-3", "2-6 4-4"], round=3, options={"rounds": 7})
    assert game.view(None)["hub"] == "10-10" and game.view(None)["round"] == 3
    assert game.view(None)["first_turn"] and not any(game.had_turn)
    game = deal(["10-1 5-3", "2-6 4-4"], markers=[1], first_turns_over=False)
    assert game.had_turn == [False, True]


def test_a_deal_with_the_texts_start_finds_the_highest_double_or_takes_a_given_hub():
    game = deal(["9-9 5-3", "2-6 4-4"], options={"start": "highest_double"})
    assert game.view(None)["hub"] == "9-9" and game.turn == 0 and game.view(None)["opening"]
    game = deal(["9-9 5-3", "2-6 4-4 3-3"], options={"start": "highest_double"}, turn=1)
    assert game.turn == 1 and not game.view(None)["opening"]     # after the opening turn
    game = deal(["9-9", "2-6 4-4"], hub="12-12", options={"start": "highest_double"})
    assert game.view(None)["hub"] == "12-12" and game.turn == 0 and not game.view(None)["opening"]
    game = deal(["9-1 5-3", "2-6 4-4"], hub="7-7", trains=["7-2"],
                options={"start": "highest_double"})
    assert game.view(None)["hub"] == "7-7" and train(game, 0) == ["7-2"]


@pytest.mark.parametrize("spoil", [
    lambda d: d.update(hands=d["hands"][:2]),                          # a seat missing
    lambda d: d.update(boneyard=d["boneyard"].rsplit(" ", 1)[0]),      # a tile missing
    lambda d: d.update(boneyard=d["boneyard"] + " 3-1"),               # a tile twice
    lambda d: d.update(boneyard="xx"),
    lambda d: d.update(hands=["12-7 5-5 3-1", "", "9-0 8-8 6-6"]),     # an empty hand
    lambda d: d.update(colour="red"),
    lambda d: d.update(round=14), lambda d: d.update(round=0), lambda d: d.update(round=True),
    lambda d: d.update(hub="11-11"),                                   # not round 1's engine
    lambda d: d.update(hub="12-7"),
    lambda d: d.update(markers=[3]), lambda d: d.update(turn=-1), lambda d: d.update(dealer="0"),
    lambda d: d.update(scores=[1, 2]), lambda d: d.update(scores=[1, 2, True]),
    lambda d: d.update(first_turns_over="yes"), lambda d: d.update(fill=1),
    lambda d: d.update(trains="12-5"),
    lambda d: d.update(hands=["12-7 5-5 3-1", "11-2 4-4", "8-8"], boneyard="", fill=True,
                       start="highest_double"),          # the 8-8 would leave its hand empty
])
def test_a_deal_that_could_not_be_a_round_is_refused(spoil):
    given = whole(["12-7 5-5 3-1", "11-2 4-4", "9-0 8-8 6-6"])
    spoil(given)
    start = given.pop("start", "engine")
    with pytest.raises(IllegalAction) as error:
        Tren.new(3, {"start": start, "_deal": given}, seed=1)
    assert error.value.code == "bad_deal"


@pytest.mark.parametrize("extra", [
    {"trains": ["12-5 6-6"]},                              # not a chain from the hub
    {"trains": ["12-5 5-5", "12-4 4-4"]},                  # two doubles to cover
    {"mexican": "11-3"},
    {"trains": ["9-4"], "options": {"start": "highest_double"}},  # the hub: round 1's 12-12
])
def test_trains_that_are_not_chains_from_the_hub_are_refused(extra):
    options = extra.pop("options", {})
    with pytest.raises(IllegalAction) as error:
        deal(["5-3 9-1", "2-6 3-3"], options=options, **extra)
    assert error.value.code == "bad_deal"


# ----- why a button is at rest ---------------------------------------------------------------

def reasons(game, seat):
    found = {}
    for kind in ("play", "draw", "pass"):
        if kind not in game.allowed(seat):
            found[kind] = game._why_not_in_play(seat, kind).code
    return found


def test_each_action_a_seat_may_not_try_has_the_refusal_it_would_get():
    game = deal(["1-5 3-3", "9-2 8-0", "0-0 6-1"], "10-0", trains=["12-1", "12-5", "12-6"])
    assert reasons(game, 0) == {"draw": "tile_fits_no_draw", "pass": "tile_fits_no_pass"}
    assert reasons(game, 1) == {k: "not_your_turn" for k in ("play", "draw", "pass")}
    game.apply(0, play("1-5", 0))
    assert reasons(game, 0)["play"] == "one_tile_per_turn"
    assert reasons(game, 1) == {"play": "no_tile_fits", "pass": "draw_before_passing"}
    game.apply(1, "draw")
    assert reasons(game, 1) == {"play": "no_tile_fits", "draw": "drew_this_turn"}
    for seat in (0, 1):
        for kind, code in reasons(game, seat).items():
            if kind != "play":
                with pytest.raises(IllegalAction) as error:
                    game.check(seat, {"type": kind})
                assert error.value.code == code
    game = deal(["9-2 8-3", "5-7 0-0"], trains=["12-1", "12-5"], empty_boneyard=True)
    assert reasons(game, 0) == {"play": "no_tile_fits", "draw": "boneyard_empty"}
    game = deal(["1-4", "2-6 4-4"], trains=["12-1"])
    game.apply(0, play("1-4", 0))
    assert game._why_not_in_play(1, "draw").code == "round_over"
    assert game._why_not_in_play(1, "next_round") is None
