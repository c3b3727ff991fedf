"""Canasta Ferroviaria: one test per entry of "Interpretations" in docs/rules/canasta.md."""
from engine.canasta import Canasta, rules
from tests.engine.canasta_helpers import FOUR_KINDS, RED, deal, events, hand, melds
from tests.engine.contract_helpers import refused


def test_interpretation_wild_meld_has_no_cap_and_no_naturals():
    game = deal(["* * 2h 2d 5h 6h 8c", "4s"], phase="play", melds=[[0, RED]])
    game.apply(0, "meld * * 2h 2d")
    meld = game.view(None)["melds"][-1]
    assert meld["rank"] == "wild" and meld["wilds"] == 4 and meld["kind"] is None
    refused(game, 0, "meld 5h 6h 8c", "meld_mixed_ranks")


def test_interpretation_sevens_with_a_wild_make_a_black_canasta():
    game = deal(["7h 2c 5h 6h", "4s"], phase="play", melds=[[0, "7d 7s 7c 7h 7d 7s"]])
    refused(game, 0, "add #1 7h 2c", "meld_too_big")
    game.apply(0, "add #1 2c")
    assert game.view(None)["melds"][0]["kind"] == "black"
    assert game.view(None)["players"][0]["canastas"]["sevens"] == 0


def test_interpretation_red_three_replacement():
    game = deal(["4h 5h 6h", "4s 5s"], "3h 3d 9c Jd Qd")
    game.apply(0, "draw")
    assert hand(game, 0) == sorted(["4h", "5h", "6h", "9c", "Jd"])
    assert [e["source"] for e in events(game, "red_three")] == ["stock", "stock"]
    dealt = Canasta.new(4, seed=3)
    assert all(not rules.is_red_three(c) for h in dealt.hands for c in h)
    assert all(len(h) == 13 for h in dealt.hands)
    game = deal(["As Ac 9d 5c", "4s 5s"], "Qd", pile="3h 8h Ah")
    game.apply(0, {"type": "take_pile", "cards": ["As", "Ac"]})
    assert hand(game, 0) == sorted(["9d", "5c", "8h"])       # no card drawn for the pile's 3


def test_interpretation_red_three_in_the_kitty_counts_nothing():
    game = deal(["4h 5h", "4s 5s"], kitties=["3h 3d", "3h 4d"])
    parts = game.breakdown(0, None)
    assert parts["kitty"] == 0 and parts["red_threes"] == 0
    assert game.breakdown(1, None)["kitty"] == -5


def test_interpretation_a_wild_upcard_freezes_the_pile():
    game = deal(["Kh Kd 4h", "4s 5s"], pile="Kc 2h")
    assert game.view(None)["frozen"] is True
    refused(game, 0, {"type": "take_pile", "cards": ["Kh", "Kd"]}, "pile_top_wild")
    game = deal(["Kh Kd Ah Ad As 4h", "4s 5s"], pile="2h Kc")
    assert game.view(None)["frozen"] is True
    game.apply(0, {"type": "take_pile", "cards": ["Kh", "Kd"], "melds": [["Ah", "Ad", "As"]]})
    assert game.view(None)["frozen"] is False


def test_interpretation_top_card_only_from_an_unfrozen_pile():
    game = deal(["4h 6h 8c", "4s 5s"], pile="3d Jh", melds=[[0, "Jc Js Jd"]])
    refused(game, 0, "take_top", "pile_frozen")
    game = deal(["4h 6h 8c", "4s 5s"], pile="5d Jh", melds=[[1, "Jc Js Jd"]])
    refused(game, 0, "take_top", "no_open_meld_for_top")
    game = deal(["4h 6h 8c", "4s 5s"], pile="5d Jh", melds=[[0, "Jc Js Jd"]])
    game.apply(0, "take_top")
    assert melds(game, 0) == [["Jc", "Js", "Jd", "Jh"]]


def test_interpretation_pile_joins_your_open_meld():
    game = deal(["Jh Jd 4h 6h", "4s 5s"], pile="5d Jc", melds=[[0, "Jc Js Jd"]])
    game.apply(0, {"type": "take_pile", "cards": ["Jh", "Jd"]})
    assert melds(game, 0) == [["Jc", "Js", "Jd", "Jc", "Jh", "Jd"]]
    game = deal(["Jh Jd 4h 6h", "4s 5s"], pile="5d Jc", melds=[[0, "Jc Js Jd Jh Js"]])
    refused(game, 0, {"type": "take_pile", "cards": ["Jh", "Jd"]}, "meld_too_big")


def test_interpretation_black_three_upcard_blocks_the_first_player():
    game = deal(["3c 3c 4h", "4s 5s"], pile="3s")
    assert game.view(None)["blocked"] is True
    assert game.allowed(0) == ["draw"]
    assert game.view(0)["actions"]["take_pile"]["reason"]["code"] == "pile_blocked_black_three"


def test_interpretation_black_threes_in_the_going_out_play():
    kinds = [[0, m] for m in FOUR_KINDS]
    game = deal(["3s 3c 3s 9h 9d", "4s"], phase="play", melds=kinds)
    refused(game, 0, "meld 3s 3c 3s", "black_threes_only_going_out")
    game = deal(["3s 3c 3s 9h", "4s"], phase="play", melds=kinds)
    game.apply(0, "meld 3s 3c 3s")
    game.apply(0, "discard 9h")
    assert game.round_results[-1]["out"] == 0
    assert game.audit() == []


def test_interpretation_kitty_taken_or_left_once_after_the_discard():
    def ready():
        return deal(["9d 5c 6c", "4s 5s 6s"], phase="play", kitties=["Kd Qd 4c 3h", "5d"],
                    kitty_seen=[0])
    taken = ready()
    taken.apply(0, "discard 9d")
    taken.apply(0, "take_kitty")
    assert hand(taken, 0) == sorted(["5c", "6c", "Kd", "Qd", "4c"])
    assert taken.view(None)["players"][0]["red_threes"] == ["3h"]       # laid, not replaced
    assert taken.breakdown(0, None)["kitty"] == 0
    left = ready()
    left.apply(0, "discard 9d")
    left.apply(0, "leave_kitty")
    assert hand(left, 0) == ["5c", "6c"]
    parts = left.breakdown(0, None)
    assert parts["kitty"] == -25 and parts["red_threes"] == 0     # K, Q, 4; the red 3 nothing
    for g in (taken, left):
        g.apply(1, "draw")
        g.apply(1, "discard 4s")
        g.apply(0, "draw")
        refused(g, 0, "take_kitty", "kitty_already_taken" if g is taken else "kitty_already_left")


def test_interpretation_kitty_not_taken_when_going_out_counts_against():
    game = deal(["9h 9d 9s 5c", "4s"], phase="play", melds=[[0, m] for m in FOUR_KINDS],
                kitties=["Kd Qd", ""], kitty_seen=[0])
    assert sorted(game.view(0)["kitty_cards"]) == ["Kd", "Qd"]
    game.apply(0, "meld 9h 9d 9s")
    game.apply(0, "discard 5c")
    assert game.round_results[-1]["breakdown"][0]["kitty"] == -20


def test_interpretation_a_play_must_leave_a_discard():
    game = deal(["9h 9d 9s 5c", "4s"], phase="play", melds=[[0, RED]])
    refused(game, 0, "meld 9h 9d 9s", "cannot_go_out")
    game = deal(["9h 9d 9s 5c 6c", "4s"], phase="play", melds=[[0, RED]])
    game.apply(0, "meld 9h 9d 9s")
    assert len(game.hands[0]) == 2
    game = deal(["9h", "4s"], pile="4h Jh", melds=[[0, "Jc Js Jd"]])
    refused(game, 0, "take_top", "cannot_go_out")


def test_interpretation_do_not_meld_into_a_hand_of_sevens():
    game = deal(["9h 9d 9s 7c 7d", "4s"], phase="play", melds=[[0, RED]])
    refused(game, 0, "meld 9h 9d 9s", "keep_a_legal_discard")
    game = deal(["7h 7d", "4s 5s"], "7c 7s", melds=[[0, RED]])
    game.apply(0, "draw")
    game.apply(0, "no_discard")
    assert game.phase == "round_over" and game.round_results[-1]["out"] is None


def test_interpretation_last_card_of_the_stock():
    game = deal(["4h 5h 6h", "4s 5s 6s"], "9c")
    del game.stock[:-1]
    game.apply(0, "draw")
    assert len(game.hands[0]) == 4 and game.view(None)["stock"] == 0
    game.apply(0, "discard 4h")
    game.apply(1, "draw")
    assert game.phase == "round_over"


def test_interpretation_empty_stock_round_ends():
    from engine.simulate import next_move
    game = Canasta.new(2, None, seed=8)
    bots = [Canasta.make_bot("normal", s, 8) for s in range(2)]
    game.stock[:] = game.stock[:10]
    game.audit = lambda full_deck=True: []           # cards were taken out of play on purpose
    for _ in range(2000):
        if game.phase != "draw" and game.phase != "play":
            break
        game.apply(*next_move(game, bots))
    assert game.phase in ("round_over", "game_over")


def test_interpretation_red_threes_score_without_melds():
    game = deal(["4h 5h", "4s 5s"], red_threes=["3h 3d", ""])
    assert game.breakdown(0, None)["red_threes"] == 200 and not game.melded(0)
