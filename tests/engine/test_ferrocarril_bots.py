"""The Ferrocarril bots: legal, finishing, deterministic games, and the moves each level makes
in hand-built situations. `from_deal` defaults: the dealer is the last seat and seat 0 is in turn.
"""
import pytest

from bench.engine import bots_match
from engine.cards import JOKER, SPANISH
from engine.ferrocarril import Ferrocarril
from engine.ferrocarril.bots import LEVELS, make_bot
from engine.simulate import next_move, play
from tests.engine.contract_helpers import act, finish_turn


def cards(text):
    return SPANISH.parse_all(text)


# ----- whole games ------------------------------------------------------------------------------

TABLES = [
    ["facil"] * 4,
    ["normal"] * 4,
    ["normal", "facil", "facil", "facil"],
    ["facil", "normal"],
    ["normal", "facil", "normal"],
    ["facil", "normal", "facil", "normal", "facil"],
]


@pytest.mark.slow
@pytest.mark.parametrize("levels", TABLES, ids=lambda levels: ",".join(levels))
def test_bot_games_never_try_an_illegal_move_and_always_end(levels):
    for seed in range(100, 106):
        outcome = play(len(levels), seed, levels, check=True)
        assert outcome.violations == []
        assert outcome.result is not None
        assert len(outcome.result["scores"]) == len(levels)


def test_every_round_is_closed_by_a_player():
    outcome_rounds = []
    for seed in range(3):
        game = Ferrocarril.new(4, None, seed)
        bots = [make_bot("facil", s, seed) for s in range(4)]
        while not game.finished:
            game.apply(*next_move(game, bots))
        outcome_rounds.append([r["closer"] for r in game.round_results])
    for closers in outcome_rounds:
        assert len(closers) == 7
        assert all(c is not None for c in closers)


def test_a_seed_gives_the_same_game_twice():
    logs = []
    for _ in range(2):
        game = Ferrocarril.new(4, None, 7)
        bots = [make_bot(LEVELS[s % 2], s, 7) for s in range(4)]
        while not game.finished:
            game.apply(*next_move(game, bots))
        logs.append(game.log)
    assert logs[0] == logs[1]


@pytest.mark.slow
def test_normal_beats_a_table_of_facil_bots_most_of_the_time():
    result = bots_match(games=24, seed=50, players=4, level="normal", against="facil")
    assert result["violations"] == 0
    assert result["strict"] >= 16


def window_game(hand, top, round=1, buys=None, salido=(), turn=1):
    """The bot sits at seat 2 and is offered `top`, which the seat before the one in turn has
    just discarded: seat 1 is in turn (seat 0 discarded), or with `turn=2` the bot itself.
    Seats 0 and 1 hold 2 cards each; the stock holds 3."""
    return Ferrocarril.from_deal(["2b 3b", "4b 5b", hand], "5e 6c 8e", "Rc " + top, turn=turn,
                                 round=round, buys=buys, salido=salido, buy_window=True)


# ----- facil -------------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, run", [
    ("3o 4o 5o 6o 7o 8o 9o 2c Re Sb 5b 10c Ab 4e", "3o 4o 5o 6o 7o 8o 9o"),
    ("3o 4o 5o * 7o 8o 9o 10o 2c Re Sb 5b 10c Ab", "3o 4o 5o * 7o 8o 9o 10o"),
    ("Ro Ao 2o 3o 4o 5o 6o 2c Re Sb 5b 10c 8b 4e", "Ro Ao 2o 3o 4o 5o 6o"),
])
def test_facil_goes_down_with_an_escalera_in_round_7(hand, run):
    game = Ferrocarril.from_deal([hand, "3c 3e"], round=7, phase="play")
    action = act(game, make_bot("facil", 0))
    assert action == {"type": "salir", "melds": [run.split()]}
    assert game.salido[0]
    assert game.view(0)["table"][0]["kind"] == "run"


def test_facil_adds_to_an_escalera_and_closes():
    game = Ferrocarril.from_deal(["2o 10o", "3c 3e"], round=7, phase="play", salido=[0],
                                 table=[(1, "3o 4o 5o 6o 7o 8o 9o")])
    moves = finish_turn(game, make_bot("facil", 0))
    assert [m["type"] for m in moves] == ["add", "close"]
    assert game.round_results[-1]["closer"] == 0


# Seat 2's hand, the discard on offer and the round, for cards fácil must never buy.
USELESS_FOR_FACIL = [
    ("7o 7c 2o 4c 6e 8b 10o Sc Ce Rb 3e 5b Ab", "9e", 1),     # no card of that rank
    ("7o 7c 2o 4c 6e 8b 10o Sc Ce Rb 3e 5b Ab", "2e", 1),     # it only makes a pair
    ("7o 7c 7e 4c 6e 8b 10o Sc Ce Rb 3e 5b Ab", "7b", 1),     # the trío is there already
    ("7o 7c 7e 9o 9c 9e 2o 2c 6e 8b 10o Sc Ab", "2e", 2),     # both tríos are there already
    ("7o 7c 2o 4c 6e 8b 10o Sc Ce Rb 3e 5b Ab", "*", 1),      # a comodín wants thinking
    ("7o 7c 7e 2o 4c 6e 8b 10o Sc Ce Rb 3e 5b", "2e", 3),     # a pair is far from a cuarteto
    ("2o 3o 4o 5o 7o 8o 9c 10c Sc Rb 4b 2e Ce", "9b", 7),     # no use to the escalera
]


@pytest.mark.parametrize("hand, top, round", USELESS_FOR_FACIL)
def test_facil_never_buys_a_useless_card(hand, top, round):
    game = window_game(hand, top, round=round)
    assert game.view(2)["allowed"] == ["buy", "pass"]
    for seed in range(40):
        assert make_bot("facil", 2, seed).choose(game.view(2)) == {"type": "pass"}


def test_facil_does_not_buy_once_down():
    game = window_game("7o 7c 2o", "7e")
    game.salido[2] = True
    for seed in range(40):
        assert make_bot("facil", 2, seed).choose(game.view(2)) == {"type": "pass"}


@pytest.mark.parametrize("hand, top, round", [
    ("7o 7c 2o 4c 6e 8b 10o Sc Ce Rb 3e 5b Ab", "7e", 1),     # the third of a pair
    ("7o 7c 7e 9o 9c 2o 4c 6e 8b 10o Sc Ce Ab", "9e", 2),     # the second trío
    ("7o 7c 7e 7b 2o 4c 6e 8b 10o Sc Ce Rb 3e", "7o", 5),     # the fifth siete
    ("2o 3o 4o 5o 7o 8o 9c 10c Sc Rb 4b 2e Ce", "6o", 7),     # the gap in the escalera
])
def test_facil_buys_an_obvious_card_some_of_the_time_as_its_seed_says(hand, top, round):
    game = window_game(hand, top, round=round)
    answers = [make_bot("facil", 2, seed).choose(game.view(2))["type"] for seed in range(40)]
    assert set(answers) == {"buy", "pass"}
    assert 8 <= answers.count("buy") <= 32
    again = [make_bot("facil", 2, seed).choose(game.view(2))["type"] for seed in range(40)]
    assert again == answers
    seed = answers.index("buy")
    game.apply(1, "pass")
    game.apply(2, make_bot("facil", 2, seed).choose(game.view(2)))
    assert cards(top)[0] in game.hands[2] and game.buys_left[2] == 9


def test_facil_never_steals():
    game = Ferrocarril.from_deal(["7o 7c 5o 2c 4e 6b 8o 10c Sc Ce Rb Ab 3e 9b", "3c 3e"],
                                 phase="play", salido=[1], table=[(1, "5e 5b *")])
    assert "steal" in game.view(0)["allowed"]
    assert act(game, make_bot("facil", 0))["type"] == "discard"


# ----- normal: buying ---------------------------------------------------------------------------

def test_normal_presses_buy_when_the_discard_completes_its_contract():
    game = window_game("7o 7c 7e 9o 9c 2o 4c 6e 8b 10o Sc Ce Rb", "9e", round=2)
    bot = make_bot("normal", 2)
    assert bot.choose(game.view(2)) == {"type": "buy"}
    game.apply(1, "pass")
    game.apply(2, "buy")
    assert game.hands[2].count(cards("9e")[0]) == 1
    assert game.buys_left[2] == 9


def test_normal_buys_even_its_last_buy_when_it_completes_the_contract():
    game = window_game("7o 7c 2o 4c 6e 8b 10o Sc Ce Rb", "7e", buys=[10, 10, 1])
    assert make_bot("normal", 2).choose(game.view(2)) == {"type": "buy"}


def test_normal_keeps_its_last_buys_for_later_rounds_when_a_card_only_helps():
    hand = "7o 7c 9o 9c 2o 4c 6e 8b 10o Sc Ce Rb 3e"
    game = window_game(hand, "9e", round=3, buys=[10, 10, 10])
    assert make_bot("normal", 2).choose(game.view(2)) == {"type": "buy"}
    game = window_game(hand, "9e", round=3, buys=[10, 10, 1])
    assert make_bot("normal", 2).choose(game.view(2)) == {"type": "pass"}


def test_normal_passes_on_a_card_it_has_no_use_for():
    game = window_game("7o 7c 7e 9o 9c 2o 4c 6e 8b 10o Sc Ce Rb", "3e", round=2)
    assert make_bot("normal", 2).choose(game.view(2)) == {"type": "pass"}


def test_normal_in_turn_buys_and_gets_two_cards_more():
    game = Ferrocarril.from_deal(["7o 7c 2o 4c 6e 8b 10o Sc Ce Rb 3e 5b Ab", "3c 3e"],
                                 stock="2b 4b 6b", discard="7e", buy_window=True)
    bot = make_bot("normal", 0)
    assert act(game, bot) == {"type": "buy"}
    assert len(game.hands[0]) == 16
    moves = finish_turn(game, bot)
    assert moves[0]["type"] == "salir"
    assert sorted(moves[0]["melds"][0]) == sorted(["7o", "7c", "7e"])


def test_normal_does_not_buy_after_going_down():
    game = window_game("7o 7c 9o", "7e", buys=[10, 10, 10])
    game.salido[2] = True
    assert make_bot("normal", 2).choose(game.view(2)) == {"type": "pass"}



@pytest.mark.parametrize("hand, top, round", [
    ("7o 7c 9o 9c 2o 4c 6e 8b 10o Sc Ce Rb 3e", "9e", 2),     # a pair becomes the first trío
    ("7o 7c 7e 9o 9c 2o 4c 6e 8b 10o Sc Ce Rb", "9e", 2),     # the second trío: it can go down
    ("7o 7c 7e 7b 9o 9c 9e 2o 4c 6e 8b 10o Sc", "9b", 4),     # the second cuarteto
    ("7o 7c 7e 2o 4c 6e 8b 10o Sc Ce Rb 3e 5b", "7b", 3),     # the cuarteto
    ("2o 3o 4o 5o 7o 8o 9c 10c Sc Rb 4b 2e Ce", "6o", 7),     # the gap in the escalera
])
@pytest.mark.parametrize("turn", [1, 2], ids=["out_of_turn", "in_turn"])
def test_normal_buys_a_card_that_completes_a_part_of_its_contract(hand, top, round, turn):
    game = window_game(hand, top, round=round, turn=turn)
    bot = make_bot("normal", 2)
    action = bot.choose(game.view(2))
    assert action == {"type": "buy"}
    if turn == 1:
        game.apply(1, "pass")
    game.apply(2, action)
    assert cards(top)[0] in game.hands[2] and game.buys_left[2] == 9
    assert len(game.hands[2]) == 14 + 2 * (turn == 2)


@pytest.mark.parametrize("hand, top, round", [
    ("7o 7c 7e 9o 9c 2o 4c 6e 8b 10o Sc Ce Rb", "3e", 2),     # no card of that rank
    ("7o 7c 2o 4c 6e 8b 10o Sc Ce Rb 3e 5b Ab", "2e", 1),     # only a second pair
    ("7o 7c 7e 4c 6e 8b 10o Sc Ce Rb 3e 5b Ab", "7b", 1),     # the trío is there already
    ("7o 7c 7e 4c 6e 8b 10o Sc Ce Rb 3e 5b Ab", "*", 1),      # so is any use for a comodín
    ("7o 7c 7e 9o 9c 2o 4c 6e 8b 10o Sc Ce Rb", "2e", 4),     # a pair is no closer to cuartetos
    ("2o 3o 4o 5o 7o 8o 9c 10c Sc Rb 4b 2e Ce", "9b", 7),     # no use to the escalera
])
@pytest.mark.parametrize("turn", [1, 2], ids=["out_of_turn", "in_turn"])
def test_normal_declines_a_useless_card(hand, top, round, turn):
    game = window_game(hand, top, round=round, turn=turn)
    action = make_bot("normal", 2).choose(game.view(2))
    assert action == {"type": "pass"}
    game.apply(2, action)
    assert game.buys_left[2] == 10


def test_normal_passes_when_a_rival_can_close_before_the_card_could_help():
    # Two cuartetos from two pairs: the 9e still leaves it three cards short.
    hand = "7o 7c 9o 9c 2o 4c 6e 8b 10o Sc Ce Rb 3e"
    assert make_bot("normal", 2).choose(window_game(hand, "9e", round=4).view(2)) \
        == {"type": "buy"}
    rival_down = window_game(hand, "9e", round=4, salido=[0])     # seat 0 holds 2 cards
    assert make_bot("normal", 2).choose(rival_down.view(2)) == {"type": "pass"}
    # The card that completes the contract is bought all the same.
    done = window_game("7o 7c 7e 7b 9o 9c 9e 2o 4c 6e 8b 10o Sc", "9b", round=4, salido=[0])
    assert make_bot("normal", 2).choose(done.view(2)) == {"type": "buy"}


def test_normal_once_down_buys_a_pair_into_a_group_only_in_the_last_round():
    last = window_game("9o 9c 5o Rb", "9e", round=7, salido=[2])
    assert make_bot("normal", 2).choose(last.view(2)) == {"type": "buy"}
    earlier = window_game("9o 9c 5o Rb", "9e", round=6, salido=[2])
    assert make_bot("normal", 2).choose(earlier.view(2)) == {"type": "pass"}
    in_turn = window_game("9o 9c 5o Rb", "9e", round=7, salido=[2], turn=2)
    assert make_bot("normal", 2).choose(in_turn.view(2)) == {"type": "pass"}
    single = window_game("9o 8c 5o Rb", "9e", round=7, salido=[2])
    assert make_bot("normal", 2).choose(single.view(2)) == {"type": "pass"}


# ----- both levels: the buy limit, and only legal answers ---------------------------------------

@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_with_no_buys_left_is_not_asked_and_sends_nothing(level):
    game = window_game("7o 7c 2o 4c 6e 8b 10o Sc Ce Rb 3e 5b Ab", "7e", buys=[10, 10, 0])
    view = game.view(2)
    assert 2 not in view["buy_window"]["priority"] and view["allowed"] == []
    assert make_bot(level, 2).choose(view) is None


def test_bots_never_buy_beyond_the_games_limit_and_every_answer_is_legal():
    """Whole games between both levels, checked after every action: no refused move, at most
    the rules' 10 buys per seat in a game, and the seats that ran out kept out of the windows."""
    ran_out = 0
    for seed in range(4):
        game = Ferrocarril.new(4, None, seed)
        levels = [LEVELS[s % 2] for s in range(4)]
        bots = [make_bot(level, s, seed) for s, level in enumerate(levels)]
        while not game.finished:
            seat, action = next_move(game, bots)
            game.apply(seat, action)              # a refused move raises GameError
            if game.window:
                assert all(game.buys_left[s] > 0 for s in game.window.priority)
            assert game.audit() == []
        bought = [0] * 4
        for event in game.events:
            if event["type"] == "bought":
                bought[event["seat"]] += 1
        assert all(b <= 10 for b in bought)
        assert game.buys_left == [10 - b for b in bought]
        ran_out += game.buys_left.count(0)
        assert sum(b for b, level in zip(bought, levels, strict=True) if level == "facil") > 0
    assert ran_out > 0                            # the limit was reached, and held

# ----- normal: stealing jokers ------------------------------------------------------------------

def test_normal_steals_a_joker_from_a_group_to_go_down():
    game = Ferrocarril.from_deal(["7o 7c 5o 2c 4e 6b 8o 10c Sc Ce Rb Ab 3e 9b", "3c 3e"],
                                 phase="play", salido=[1], table=[(1, "5e 5b *")])
    bot = make_bot("normal", 0)
    assert act(game, bot) == {"type": "steal", "meld": 1, "card": "5o"}
    action = act(game, bot)
    assert action["type"] == "salir"
    assert sorted(action["melds"][0]) == sorted(["7o", "7c", "*"])
    assert game.salido[0]
    assert game.view(0)["table"][0]["cards"] == ["5e", "5b", "5o"]
    assert JOKER not in game.hands[0]


def test_normal_steals_a_joker_from_an_escalera_to_go_down():
    game = Ferrocarril.from_deal(["Ac 2c 3c 4c 5c 6c 6o Re Sb 5b 10e 9e 2b 8b", "3c 3e"],
                                 round=7, phase="play", salido=[1],
                                 table=[(1, "3o 4o 5o * 7o 8o 9o")])
    bot = make_bot("normal", 0)
    assert act(game, bot) == {"type": "steal", "meld": 1, "card": "6o"}
    action = act(game, bot)
    assert action["type"] == "salir"
    assert "*" in action["melds"][0] and len(action["melds"][0]) == 7
    assert game.view(0)["table"][0]["cards"] == "3o 4o 5o 6o 7o 8o 9o".split()


def test_normal_leaves_a_joker_it_could_not_use():
    # No pair to finish with the joker: taking it would only put a card back on the table.
    game = Ferrocarril.from_deal(["7o 8c 5o 2c 4e 6b 9o 10c Sc Ce Rb Ab 3e", "3c 3e"],
                                 phase="play", salido=[1], table=[(1, "5e 5b *")])
    assert act(game, make_bot("normal", 0))["type"] == "discard"
    assert game.view(0)["table"][0]["cards"] == ["5e", "5b", "*"]


def test_normal_steals_after_going_down_to_shed_a_card_nothing_else_takes():
    game = Ferrocarril.from_deal(["6o 2e Rb", "3c 3e"], round=7, phase="play",
                                 salido=[0, 1], table=[(1, "3o 4o 5o * 7o 8o 9o")])
    moves = finish_turn(game, make_bot("normal", 0))
    assert moves[0] == {"type": "steal", "meld": 1, "card": "6o"}
    assert moves[1]["type"] == "add" and moves[1]["cards"] == ["*"]
    assert moves[2] == {"type": "discard", "card": "Rb"}
    assert game.hands[0] == cards("2e")


def test_normal_steals_a_joker_to_turn_a_pair_into_a_group():
    game = Ferrocarril.from_deal(["9o 9c 5o Rb", "3c 3e"], phase="play", salido=[0, 1],
                                 table=[(1, "5e 5b *")])
    moves = finish_turn(game, make_bot("normal", 0))
    assert moves[0] == {"type": "steal", "meld": 1, "card": "5o"}
    assert sorted(moves[1]["cards"]) == sorted(["9o", "9c", "*"])
    assert moves[-1]["type"] == "close"


# ----- normal: going down, playing out, closing -------------------------------------------------

def test_normal_goes_down_with_every_card_of_its_groups():
    game = Ferrocarril.from_deal(["7o 7c 7e 7b 9o 9c 9e 2c 4e 6b 8o 10c Sc Ce", "3c 3e"],
                                 round=2, phase="play")
    action = act(game, make_bot("normal", 0))
    assert action["type"] == "salir"
    assert sorted(len(m) for m in action["melds"]) == [3, 4]


def test_normal_adds_to_any_meld_after_going_down_and_closes():
    game = Ferrocarril.from_deal(["5o 5c 9b", "3c 3e"], phase="play", salido=[0, 1],
                                 table=[(0, "7o 7c 7e"), (1, "5e 5b 5o"), (1, "9o 9c 9e")])
    moves = finish_turn(game, make_bot("normal", 0))
    assert [m["type"] for m in moves] == ["add", "close"]
    assert game.round_results[-1]["closer"] == 0
    assert game.round_results[-1]["points"][0] == -10


def test_normal_melds_new_groups_after_going_down():
    game = Ferrocarril.from_deal(["4o 4c 4e Rb Ab", "3c 3e"], phase="play", salido=[0])
    moves = finish_turn(game, make_bot("normal", 0))
    assert moves[0] == {"type": "meld", "cards": ["4o", "4c", "4e"]}
    assert moves[1] == {"type": "discard", "card": "Ab"}


def test_normal_sheds_its_costly_cards_when_a_rival_is_about_to_close():
    hand = "Ao Ac 2o 7c 7e 7b 9o 9c 9e 4o 4c 4e Sc Sb"
    calm = Ferrocarril.from_deal([hand, "3c 3e 5o 6o 8b"], round=3, phase="play")
    assert act(calm, make_bot("normal", 0)) == {"type": "discard", "card": "2o"}
    close = Ferrocarril.from_deal([hand, "3c 3e"], round=3, phase="play", salido=[1],
                                  table=[(1, "5o 5c 5e 5b")])
    assert act(close, make_bot("normal", 0))["card"] in ("Ao", "Ac")


def test_normal_keeps_the_cards_of_its_escalera():
    game = Ferrocarril.from_deal(["2o 3o 4o 5o 7o 8o 9c 10c Sc Rb 4b 2e Ce Rc", "3c 3e"],
                                 round=7, phase="play")
    action = act(game, make_bot("normal", 0))
    assert action["type"] == "discard"
    assert action["card"] not in "2o 3o 4o 5o 7o 8o".split()
