"""Canasta Ferroviaria's computer players: they see only their view, "fácil" draws from the
stock and melds what it can, "normal" takes a pile worth taking, keeps the black 3 for a big
pile, and beats two "fácil" most of the time (scripts/bench canasta prints the figure)."""
from __future__ import annotations

import copy
from collections import Counter

import pytest

from bench.engine import bots_match
from engine.canasta.bots import make_bot
from engine.canasta.deal import whole_deck
from engine.cards import FRENCH
from tests.engine.canasta_helpers import FOUR_KINDS, C, deal, melds

HAND = "Kh Kd 9s 9h 9d 5c 6c 8d Jc Jd 4s 4h 10c"


def act(game, bot):
    move = bot.choose(game.view(bot.seat))
    game.apply(bot.seat, move)
    return move


def test_facil_draws_from_the_stock_even_when_the_pile_could_be_taken():
    game = deal([HAND, "5h 6h 8h 10h Qc Qd Ah Ad 4c 4d 6s 8s 10s"], pile="7c 8c Qh 5d Kc",
                scores=[0, 0])
    assert "take_pile" in game.view(0)["allowed"]
    assert act(game, make_bot("facil", 0)) == {"type": "draw"}


def test_normal_takes_a_pile_it_can_meld_with_two_naturals():
    game = deal([HAND, "5h 6h 8h 10h Qc Qd Ah Ad 4c 4d 6s 8s 10s"], pile="7c 8c Qh 5d Kc",
                scores=[0, 0])
    move = act(game, make_bot("normal", 0))
    assert move["type"] == "take_pile" and sorted(move["cards"]) == ["Kd", "Kh"]
    assert sorted(["Kc", "Kd", "Kh"]) in [sorted(m) for m in melds(game, 0)]


def test_facil_melds_what_it_can_once_it_has_drawn():
    game = deal([HAND, "5h 6h 8h 10h Qc Qd Ah Ad 4c 4d 6s 8s 10s"], "Jh 2c",
                scores=[-100, 0])                     # a negative score needs only 15
    bot = make_bot("facil", 0)
    assert act(game, bot) == {"type": "draw"}
    move = act(game, bot)
    assert move["type"] == "meld"
    assert melds(game, 0)


def test_a_bot_decides_from_its_view_alone():
    """The same view gives the same move whatever the hidden cards are."""
    base = deal([HAND, "5h 6h 8h 10h Qc Qd Ah Ad 4c 4d 6s 8s 10s"], pile="7c 8c", scores=[0, 0])
    other = deal([HAND, "5s 6s 8s 10d Qs Qh Ac As 4c 4d 6d 8h 10h"], pile="7c 8c", scores=[0, 0])
    for level in ("facil", "normal"):
        a = make_bot(level, 0, 3).choose(copy.deepcopy(base).view(0))
        b = make_bot(level, 0, 3).choose(copy.deepcopy(other).view(0))
        assert a == b


def out_or_not(scores, stock_cards=None):
    """Normal holds four canastas, one of each kind, and 9 9 9 5: it may meld the 9s and go out
    by discarding the 5. With `stock_cards`, the stock holds only that many (the rest of the
    deck lies in the pile)."""
    hands = ["9h 9d 9s 5c", "4s 4d 6c 6d 8c"]
    extra: dict = {}
    if stock_cards is not None:
        named = Counter(C(c) for text in hands + FOUR_KINDS for c in text.split())
        rest = [FRENCH.format(c) for c in (Counter(whole_deck(2)) - named).elements()]
        extra = {"stock": " ".join(rest[:stock_cards]), "pile": " ".join(rest[stock_cards:])}
    game = deal(hands, phase="play", melds=[[0, m] for m in FOUR_KINDS], scores=scores, **extra)
    bot = make_bot("normal", 0)
    while game.phase == "play" and game.turn == 0:
        act(game, bot)
    return game


def test_normal_goes_out_when_it_is_ahead():
    game = out_or_not([0, 0])
    assert game.phase == "round_over" and game.round_results[-1]["out"] == 0


def test_normal_behind_keeps_playing_for_more_canastas_instead_of_going_out():
    game = out_or_not([0, 9000])
    assert game.phase == "draw" and game.turn == 1
    assert len(game.view(0)["hand"]) >= 1 and not game.round_results


def test_normal_behind_still_goes_out_when_the_stock_is_nearly_gone():
    game = out_or_not([0, 9000], stock_cards=4)
    assert game.phase == "round_over" and game.round_results[-1]["out"] == 0


def kitty_choice(level: str, canastas: list[str], scores=(0, 0)) -> str:
    """The bot's choice once it has discarded with its kitty to take or leave."""
    game = deal(["9d 5c 6c", "4s 4d 6d 8c"], phase="play", melds=[[0, m] for m in canastas],
                kitties=["Kd Qd 4c", ""], kitty_seen=[0], scores=list(scores))
    bot = make_bot(level, 0)
    assert act(game, bot)["type"] == "discard" and game.phase == "kitty"
    return act(game, bot)["type"]


def test_both_levels_take_the_kitty_while_far_from_going_out():
    assert kitty_choice("facil", FOUR_KINDS) == "take_kitty"
    assert kitty_choice("normal", FOUR_KINDS[:1]) == "take_kitty"


def test_normal_leaves_the_kitty_when_it_holds_the_four_kinds_and_wants_out():
    assert kitty_choice("normal", FOUR_KINDS) == "leave_kitty"
    assert kitty_choice("normal", FOUR_KINDS, scores=(0, 9000)) == "take_kitty"   # behind


@pytest.mark.slow
def test_normal_has_the_highest_total_against_two_facil_most_of_the_time():
    result = bots_match(games=12, seed=40, players=3, level="normal", against="facil",
                        game_name="canasta", options={"target": 5000})
    assert result["violations"] == 0
    assert result["strict"] >= 8             # a third by chance; the bench prints the figure
