"""The Tren Mexicano bots: legal, finishing, deterministic games, each seeing only its view, and
the moves each level makes in hand-built situations (`tren_helpers.deal`: the double 12 in the
hub, seat 0 in turn)."""
import copy
import json
import random

import pytest

from bench.engine import bots_match
from engine.simulate import next_move, play
from engine.tren import Tren
from engine.tren.bots import LEVELS, make_bot
from engine.tren.planning import longest_chain
from tests.engine.contract_helpers import act, reshuffle_hidden
from tests.engine.tren_helpers import T, deal

# ----- whole games ------------------------------------------------------------------------------

TABLES = [["facil"] * 4, ["normal"] * 4, ["normal", "facil", "facil", "facil"],
          ["facil", "normal"], ["normal", "facil", "normal", "facil", "normal", "facil",
                                "normal", "facil"]]


@pytest.mark.slow
@pytest.mark.parametrize("levels", TABLES, ids=lambda levels: ",".join(levels))
def test_bot_games_never_try_an_illegal_move_and_always_end(levels):
    for seed in range(100, 104):
        for options in ({"rounds": 3}, {"rounds": 3, "start": "engine"},
                        {"rounds": 1, "start": "highest_double", "first_turn": "chain"},
                        {"rounds": 1, "start": "engine", "first_turn": "chain"}):
            outcome = play(len(levels), seed, levels, check=True, options=options,
                           game_name="tren")
            assert outcome.violations == []
            assert outcome.result is not None and len(outcome.result["scores"]) == len(levels)


def test_a_seed_gives_the_same_game_twice():
    logs = []
    for _ in range(2):
        game = Tren.new(4, {"rounds": 1}, 7)
        bots = [make_bot(LEVELS[s % 2], s, 7) for s in range(4)]
        while not game.finished:
            game.apply(*next_move(game, bots))
        logs.append(game.log)
    assert logs[0] == logs[1]


def test_a_bot_decides_from_its_view_alone():
    """The same view (even through JSON) gives the same move, and what the bot may not see
    (the other hands, the boneyard) can be dealt anew without changing it."""
    rng = random.Random(3)
    game = Tren.new(4, {"rounds": 1}, 9)
    bots = [make_bot("normal", s, 9) for s in range(4)]
    for _ in range(60):
        seat = game.turn
        view = game.view(seat)
        move = make_bot("normal", seat, 9).choose(json.loads(json.dumps(view)))
        tampered = reshuffle_hidden(game, seat, rng)
        game._public = None
        assert make_bot("normal", seat, 9).choose(copy.deepcopy(game.view(seat))) == move
        if tampered:
            tampered.restore()
            game._public = None
        game.apply(*next_move(game, bots))
        if game.finished:
            break


def test_bots_are_ready_between_rounds_and_quiet_out_of_turn():
    game = deal(["1-4", "2-6 4-4"], trains=["12-1"])
    bot = make_bot("normal", 1)
    assert bot.choose(game.view(1)) is None
    game.apply(0, {"type": "play", "tile": "1-4", "train": 0})
    assert bot.choose(game.view(1)) == {"type": "next_round"}


def test_bots_draw_then_pass_when_nothing_fits():
    game = deal(["9-2 8-3", "5-7 0-0"], "10-0", trains=["12-1", "12-5"])
    for level in LEVELS:
        bot = make_bot(level, 0)
        trial = copy.deepcopy(game)
        assert act(trial, bot) == {"type": "draw"}
        assert act(trial, bot) == {"type": "pass"}


@pytest.mark.slow
def test_normal_has_the_lowest_total_against_three_facil_most_of_the_time():
    result = bots_match(games=24, seed=50, players=4, level="normal", against="facil",
                        game_name="tren", options={"rounds": 3})
    assert result["violations"] == 0
    assert result["strict"] >= 14            # 25% by chance; the bench prints the figure


def test_bots_start_their_train_after_the_hub_double_or_else_end_the_turn():
    """The text's start: the opener may start their train in the same turn. A tile on your own
    train is always worth it (until then no other train is open to you), so both levels lay
    one when they can, and end the turn (no draw, no marker) when they cannot."""
    for level in LEVELS:
        game = deal(["12-3 9-9", "11-11 11-2 11-7 5-0", "8-8 6-1"], "12-12",
                    options={"start": "highest_double"})
        move = make_bot(level, 1).choose(game.view(1))
        assert move["type"] == "play" and move["train"] == 1 and move["tile"] in ("11-2", "11-7")
        game = deal(["12-3 9-9", "11-11 10-2 5-0", "8-8 6-1"], "12-12",
                    options={"start": "highest_double"})
        assert act(game, make_bot(level, 1)) == {"type": "pass"}
        assert game.turn == 2 and not game.markers[1] and len(game.hands[1]) == 2


# ----- facil ------------------------------------------------------------------------------------

def test_facil_plays_a_tile_that_fits_preferring_its_own_train():
    game = deal(["1-5 4-8 3-3", "5-7 0-0"], trains=["12-1", "12-5"], mexican="12-4")
    for seed in range(8):
        move = make_bot("facil", 0, seed).choose(game.view(0))
        assert move == {"type": "play", "tile": "5-1", "train": 0}
    game = deal(["4-8 9-2 3-3", "5-7 0-0"], trains=["12-1", "12-5"], mexican="12-4")
    assert make_bot("facil", 0).choose(game.view(0)) == \
        {"type": "play", "tile": "8-4", "train": "mexican"}


# ----- normal -----------------------------------------------------------------------------------

def test_normal_plans_its_longest_train():
    plan = longest_chain([T(t) for t in "1-5 5-9 9-2 1-8 4-4".split()], 1)
    assert plan == [T("1-5"), T("5-9"), T("9-2")]
    assert longest_chain([T("3-3"), T("3-4"), T("4-1")], 3) == [T("3-3"), T("3-4"), T("4-1")]
    assert longest_chain([T("5-6")], 1) == []


def test_a_remembered_plan_costs_its_steps_again():
    """Difícil's budget counts planning steps: the same question must cost the same whether its
    answer was remembered or not, or the same view could bring another choice."""
    from engine.tren.planning import Meter
    hand = [T(t) for t in "1-5 5-9 9-2 1-8 4-4 2-7 7-1 8-8".split()]
    first, again = Meter(), Meter()
    longest_chain(hand, 1, meter=first)
    longest_chain(list(reversed(hand)), 1, meter=again)         # remembered: the same set
    assert first.steps == again.steps > len(hand)


def test_normal_keeps_its_plan_for_its_own_train_and_plays_the_others_elsewhere():
    game = deal(["1-5 5-9 4-8", "5-7 0-0 6-6"], trains=["12-1", "12-5"], mexican="12-4")
    assert make_bot("normal", 0).choose(game.view(0)) == \
        {"type": "play", "tile": "8-4", "train": "mexican"}
    assert make_bot("facil", 0).choose(game.view(0))["train"] == 0


def test_normal_takes_its_marker_off():
    game = deal(["1-5 4-0", "5-7 0-0 6-6"], trains=["12-1", "12-5"], mexican="12-4", markers=[0])
    assert make_bot("normal", 0).choose(game.view(0)) == \
        {"type": "play", "tile": "5-1", "train": 0}
    game = deal(["1-5 4-0", "5-7 0-0 6-6"], trains=["12-1", "12-5"], mexican="12-4")
    assert make_bot("normal", 0).choose(game.view(0))["train"] == "mexican"


def test_normal_plays_a_double_only_when_it_can_cover_it():
    game = deal(["1-5 4-4 9-2", "5-7 0-0 6-6"], trains=["12-1", "12-5"], mexican="12-4")
    assert make_bot("normal", 0).choose(game.view(0)) == \
        {"type": "play", "tile": "5-1", "train": 0}
    game = deal(["1-5 4-4 4-9", "5-7 0-0 6-6"], trains=["12-1", "12-5"], mexican="12-4")
    bot = make_bot("normal", 0)
    assert act(game, bot) == {"type": "play", "tile": "4-4", "train": "mexican"}
    assert act(game, bot) == {"type": "play", "tile": "9-4", "train": "mexican"}
    assert game.turn == 1                    # two tiles in one turn


def test_normal_sheds_its_heaviest_tiles_when_a_rival_is_close_to_going_out():
    calm = deal(["1-12 4-0", "5-7 0-0 6-6"], trains=["12-3 3-1", "12-5"], mexican="12-4")
    assert make_bot("normal", 0).choose(calm.view(0))["tile"] == "4-0"
    close = deal(["1-12 4-0", "5-7 0-0"], trains=["12-3 3-1", "12-5"], mexican="12-4")
    assert make_bot("normal", 0).choose(close.view(0)) == \
        {"type": "play", "tile": "12-1", "train": 0}


def test_normal_covers_a_double_with_a_tile_its_plan_does_not_need():
    game = deal(["1-4 4-9 6-2", "5-7 0-0 6-6"], trains=["12-1", "12-5"], mexican="12-4 4-4",
                markers=[1])
    assert make_bot("normal", 0).choose(game.view(0)) == \
        {"type": "play", "tile": "9-4", "train": "mexican"}


def test_normal_starts_the_mexican_train_with_a_tile_off_its_plan():
    game = deal(["1-5 12-8 3-3", "5-7 0-0 6-6"], trains=["12-1", "12-5"])
    assert make_bot("normal", 0).choose(game.view(0)) == \
        {"type": "play", "tile": "12-8", "train": "mexican"}
