"""One test per rule clause of Tren Mexicano (docs/rules/tren.md, "The rules"), named after it.

Set-ups come from `tren_helpers.deal`: the double 12 in the hub (the round's double set aside,
the `engine` start), the last seat deals, seat 0 plays first, tiles not named go under the
boneyard; the text's own start, the default, is asked for by name. Seats are in playing order:
the text's "to the left" of seat s is seat s + 1.
"""
import pytest

from engine import dominoes
from engine.dominoes import ALL_TILES
from engine.game import GameError
from engine.simulate import next_move
from engine.tren import Tren
from tests.engine.contract_helpers import refused
from tests.engine.tren_helpers import deal, events, hand, play, train

# ----- tiles ----------------------------------------------------------------------------------


def test_tiles_the_set_is_91_tiles_each_pair_of_0_to_12_once():
    assert len(ALL_TILES) == 91 == len(set(ALL_TILES))
    pairs = {(t.high, t.low) for t in ALL_TILES}
    assert pairs == {(a, b) for a in range(13) for b in range(a + 1)}
    assert sum(t.is_double for t in ALL_TILES) == 13


# ----- setup ----------------------------------------------------------------------------------

def dealt(game) -> list[int]:
    """Each hand's size as dealt: the double its holder put in the hub counts as theirs."""
    assert events(game, "draw") == []                   # nobody drew looking for a double
    sizes = [len(h) for h in game.hands]
    opener = events(game, "hub")[-1]["seat"]
    if opener is not None:
        sizes[opener] += 1
    return sizes


@pytest.mark.parametrize("start,boneyard", [("highest_double", 91 - 60), ("engine", 90 - 60)])
def test_setup_everyone_draws_a_hidden_hand_and_the_rest_is_the_boneyard(start, boneyard):
    game = Tren.new(4, {"start": start}, seed=3)
    tv = game.view(None)
    assert "hand" not in tv and dealt(game) == [15] * 4
    assert tv["boneyard"] == boneyard               # the round's own double is set aside
    for seat in range(4):
        view = game.view(seat)
        assert len(view["hand"]) == len(game.hands[seat])
        others = {t for s in range(4) if s != seat for t in game.hands[s]}
        assert not others & set(dominoes.parse_all(view["hand"]))
    assert game.audit() == []


@pytest.mark.parametrize("start", ["highest_double", "engine"])
@pytest.mark.parametrize("players,tiles", [(2, 15), (3, 15), (4, 15), (5, 11), (6, 11),
                                           (7, 8), (8, 8)])
def test_setup_tiles_per_player_default_table_15_11_8(players, tiles, start):
    game = Tren.new(players, {"start": start}, seed=1)
    assert dealt(game) == [tiles] * players
    assert len(game.boneyard) == 91 - players * tiles - (start == "engine")
    assert game.view(None)["hand_size"] == tiles


@pytest.mark.parametrize("players,tiles", [(4, 15), (5, 12), (6, 12), (7, 10), (8, 10)])
def test_setup_tiles_per_player_option_15_12_10(players, tiles):
    game = Tren.new(players, {"tiles": "15-12-10"}, seed=1)
    assert dealt(game) == [tiles] * players


def test_setup_every_player_has_a_marker_beside_them_and_an_empty_station():
    view = Tren.new(5, None, seed=2).view(None)
    assert [p["marker"] for p in view["players"]] == [False] * 5
    assert all(t["tiles"] == [] and t["open"] == 12 and not t["marker"] for t in view["trains"])
    assert view["mexican"] == {"tiles": [], "open": 12, "started": False, "open_double": False}


# ----- starting -------------------------------------------------------------------------------

def test_starting_by_default_the_highest_double_dealt_opens_the_hub_and_its_holder_starts():
    for seed in range(6):
        game = Tren.new(4, None, seed=seed)
        view = game.view(None)
        assert view["start"] == "highest_double" and view["opening"]
        held = [t for hand in game.hands for t in hand if t.is_double]
        assert all(t < game.hub for t in held)
        assert events(game, "hub")[-1]["seat"] == game.turn
        assert game.allowed(game.turn) in (["play", "pass"], ["pass"])


def test_starting_the_rounds_double_is_set_aside_in_the_hub_with_the_engine_start():
    game = Tren.new(3, {"start": "engine"}, seed=5)
    assert game.view(None)["hub"] == "12-12" and game.view(None)["engine"] == 12
    assert dominoes.double(12) not in game.boneyard + sum(game.hands, [])
    assert events(game, "hub")[-1]["seat"] is None and not game.view(None)["opening"]


def test_starting_the_player_after_the_dealer_plays_first_with_the_engine_start():
    for seed in range(6):
        game = Tren.new(4, {"start": "engine"}, seed=seed)
        assert game.turn == (game.dealer + 1) % 4


def test_starting_the_highest_double_in_a_hand_opens_the_hub_with_the_text_start():
    # 12-12 is in the boneyard, not in a hand: 11-11 is the highest double held.
    game = deal(["12-3 9-9 4-4", "11-11 10-2", "8-8 6-1"], "12-12 5-2",
                options={"start": "highest_double"})
    assert game.view(None)["hub"] == "11-11" and game.turn == 1
    assert "11-11" not in hand(game, 1)
    assert events(game, "hub")[-1] == {"n": 1, "type": "hub", "seat": 1, "tile": "11-11"}


def test_starting_the_opener_may_start_their_own_train_in_the_same_turn():
    game = deal(["12-3 9-9", "11-11 11-2 5-0", "8-8 6-1"], "12-12",
                options={"start": "highest_double"})
    assert game.allowed(1) == ["play", "pass"] and game.view(1)["opening"]
    game.apply(1, play("11-2", 1))
    assert train(game, 1) == ["11-2"] and game.turn == 2


def test_starting_the_opener_may_end_the_turn_after_the_hub_double_instead():
    game = deal(["12-3 9-9", "11-11 11-2 5-0", "8-8 6-1"], "12-12",
                options={"start": "highest_double"})
    boneyard = len(game.boneyard)
    game.apply(1, "pass")                           # «Terminar turno»: no draw, no marker
    assert game.turn == 2 and not game.markers[1] and hand(game, 1) == ["11-2", "5-0"]
    assert train(game, 1) == [] and len(game.boneyard) == boneyard
    assert events(game, "pass")[-1] == {"n": events(game, "pass")[-1]["n"], "type": "pass",
                                        "seat": 1, "stop": True, "opening": True}
    assert not game.view(None)["opening"]
    game.apply(2, "draw")                           # the next player's first turn, as always
    game.apply(2, "pass")
    game.apply(0, "draw")
    game.apply(0, "pass")
    assert game.turn == 1 and game.allowed(1) == ["play"]    # no second chance to stop
    refused(game, 1, "pass", "tile_fits_no_pass")


def test_starting_an_opener_with_nothing_for_the_hub_ends_the_turn_without_drawing():
    game = deal(["12-3 9-9", "11-11 10-2 5-0", "8-8 6-1"], "12-12 3-1",
                options={"start": "highest_double"})
    assert game.allowed(1) == ["pass"]
    refused(game, 1, "draw", "opening_no_draw")
    assert game._why_not_in_play(1, "draw").code == "opening_no_draw"
    game.apply(1, "pass")
    assert game.turn == 2 and not game.markers[1] and len(hand(game, 1)) == 2


def test_starting_when_nobody_holds_a_double_the_players_draw_until_someone_does():
    game = deal(["12-3 9-4", "11-5 10-2", "8-7 6-1"], "5-4 3-2 7-7 1-0",
                options={"start": "highest_double"})
    # Seat 0 (after the dealer) draws 5-4, seat 1 3-2, seat 2 the 7-7: it opens the hub.
    assert game.view(None)["hub"] == "7-7" and game.turn == 2
    assert [e["seat"] for e in events(game, "draw")] == [0, 1, 2]
    assert hand(game, 0) == ["12-3", "5-4", "9-4"] and hand(game, 2) == ["6-1", "8-7"]
    assert game.audit() == []


# ----- turns ----------------------------------------------------------------------------------

def test_turns_play_moves_to_the_left_the_next_seat_in_number():
    game = deal(["12-1 3-3", "12-2 4-4", "12-3 5-5"])
    for seat in (0, 1, 2):
        assert game.turn == seat
        game.apply(seat, play(f"12-{seat + 1}", seat))
    assert game.turn == 0


def test_turns_one_tile_per_turn_except_doubles():
    game = deal(["12-1 1-5 6-6", "12-2 4-4"])
    game.apply(0, play("12-1", 0))
    assert game.turn == 1
    error = refused(game, 0, play("1-5", 0), "one_tile_per_turn")
    assert "una ficha por turno" in error.es


def test_turns_a_tiles_matching_end_touches_the_open_end_of_a_train():
    game = deal(["7-12 3-7 2-2", "2-4 4-4"], trains=["", "12-2"])
    game.apply(0, play("7-12", 0))                   # written either way, it turns to fit
    assert train(game, 0) == ["12-7"] and game.view(None)["trains"][0]["open"] == 7
    game.apply(1, play("2-4", 1))
    game.apply(0, play("3-7", 0))
    assert train(game, 0) == ["12-7", "7-3"] and game.view(None)["trains"][0]["open"] == 3
    refused(game, 1, play("4-4", 0), "train_not_open")


def test_first_turn_every_player_must_try_to_start_their_own_train():
    game = deal(["12-1 3-3", "12-2 4-4"])
    refused(game, 0, play("12-1", "mexican"), "own_train_first")
    refused(game, 0, {"type": "draw"}, "tile_fits_no_draw")
    game.apply(0, play("12-1", 0))
    assert game.view(None)["players"][0]["started"]


def test_first_turn_a_player_who_cannot_draws_one_and_may_play_it_at_once():
    game = deal(["5-1 3-3", "12-2 4-4"], "12-6 9-0")
    assert game.allowed(0) == ["draw"]
    game.apply(0, "draw")
    assert game.view(0)["fits"]["12-6"] == [0]
    game.apply(0, play("12-6", 0))
    assert train(game, 0) == ["12-6"] and game.turn == 1


def test_first_turn_otherwise_the_marker_goes_on_their_station():
    game = deal(["5-1 3-3", "12-2 4-4"], "9-0 8-0")
    game.apply(0, "draw")
    assert game.allowed(0) == ["pass"]
    game.apply(0, "pass")
    view = game.view(None)
    assert view["trains"][0]["marker"] and view["trains"][0]["tiles"] == []
    assert hand(game, 0) == ["3-3", "5-1", "9-0"] and game.turn == 1


def test_first_turn_others_who_have_started_may_start_a_marked_station():
    game = deal(["12-1 3-3", "12-2 12-4 1-1"], markers=[1], first_turns_over=False)
    refused(game, 0, play("12-1", 1), "own_train_first")
    game.apply(0, play("12-1", 0))
    game.apply(1, play("12-2", 1))                   # seat 1 starts its own: marker off
    assert not game.markers[1]
    game = deal(["12-5 3-3 1-9", "5-2 6-6"], trains=["12-1"], markers=[1])
    game.apply(0, play("12-5", 1))
    assert train(game, 1) == ["12-5"]


# ----- doubles --------------------------------------------------------------------------------

def test_doubles_a_double_must_be_satisfied_by_the_same_player():
    game = deal(["1-1 1-4 9-2", "12-2 4-4"], trains=["12-1"])
    game.apply(0, play("1-1", 0))
    view = game.view(None)
    assert game.turn == 0 and view["open_double"] == {"train": 0, "number": 1, "tile": "1-1"}
    assert view["trains"][0]["open_double"] and game.allowed(0) == ["play"]
    assert game.view(0)["fits"] == {"4-1": [0], "9-2": []}
    game.apply(0, play("1-4", 0))
    assert train(game, 0) == ["12-1", "1-1", "1-4"] and game.turn == 1
    assert game.view(None)["open_double"] is None


def test_doubles_if_they_cannot_they_draw_one():
    game = deal(["1-1 9-2 8-3", "12-2 4-4"], "1-6 5-0", trains=["12-1"])
    game.apply(0, play("1-1", 0))
    assert game.allowed(0) == ["draw"]
    game.apply(0, "draw")
    game.apply(0, play("1-6", 0))
    assert train(game, 0)[-1] == "1-6" and game.turn == 1


def test_doubles_if_they_still_cannot_their_marker_goes_up_and_the_turn_ends():
    game = deal(["1-1 9-2 8-3", "12-2 4-4"], "5-0 7-0", trains=["12-1"])
    game.apply(0, play("1-1", 0))
    game.apply(0, "draw")
    assert game.allowed(0) == ["pass"]
    game.apply(0, "pass")
    assert game.markers[0] and game.turn == 1
    assert game.view(None)["open_double"]["number"] == 1


def test_doubles_the_following_players_must_satisfy_it():
    game = deal(["9-2 8-3", "12-2 1-5 4-4", "12-6 1-3"], trains=["12-1 1-1", "12-11", "12-5"],
                markers=[0], turn=1)
    refused(game, 1, play("12-2", "mexican"), "must_cover_double")
    refused(game, 1, play("4-4", 1), "must_cover_double")
    assert game.view(1)["fits"] == {"12-2": [], "5-1": [0], "4-4": []}
    game.apply(1, play("1-5", 0))
    assert train(game, 0)[-1] == "1-5" and game.view(None)["open_double"] is None


def test_doubles_the_following_players_draw_one_and_put_their_marker_up_if_they_fail():
    game = deal(["9-2 8-3", "12-2 4-4", "12-6 1-3"], "7-0 1-8",
                trains=["12-1 1-1", "12-11", "12-5"], markers=[0], turn=1)
    assert game.allowed(1) == ["draw"]
    game.apply(1, "draw")
    game.apply(1, "pass")
    assert game.markers[1] and game.turn == 2
    game.apply(2, play("1-3", 0))                    # seat 2 covers it from its hand
    assert game.view(None)["open_double"] is None


def test_doubles_when_satisfied_play_resumes_left_of_whoever_satisfied_it():
    game = deal(["9-2 8-3", "12-2 4-4", "12-6 1-3", "5-5 6-0"], "7-0 1-8",
                trains=["12-1 1-1", "12-11", "12-5", "12-9"], markers=[0], turn=2)
    game.apply(2, play("1-3", 0))
    assert game.turn == 3


def test_doubles_a_last_tile_that_is_a_double_need_not_be_satisfied():
    game = deal(["1-1", "12-2 4-4"], trains=["12-1"])
    game.apply(0, play("1-1", 0))
    assert game.phase in ("round_over", "game_over")
    assert game.round_results[-1]["winner"] == 0


# ----- markers --------------------------------------------------------------------------------

def test_markers_a_player_who_cannot_play_puts_their_marker_on_their_train():
    game = deal(["9-2 8-3", "12-2 4-4"], "7-0", trains=["12-1", "12-5"])
    game.apply(0, "draw")
    game.apply(0, "pass")
    assert game.view(None)["trains"][0]["marker"] and events(game, "marker_on")[-1]["seat"] == 0


def test_markers_while_out_anyone_may_play_on_that_train():
    game = deal(["9-2 8-3", "1-4 4-4", "4-6 0-0"], trains=["12-1", "12-5", "12-3"],
                markers=[0], turn=1)
    game.apply(1, play("1-4", 0))
    game.apply(2, play("4-6", 0))
    assert train(game, 0) == ["12-1", "1-4", "4-6"] and game.markers[0]


def test_markers_a_train_without_its_marker_is_its_owners_alone():
    game = deal(["9-2 5-3", "1-4 4-4"], trains=["12-5", "12-1"], turn=0)
    refused(game, 0, play("9-2", 1), "train_not_open")


def test_markers_playing_on_your_own_train_again_removes_your_marker():
    game = deal(["1-4 8-3", "2-6 4-4"], trains=["12-1", "12-2"], markers=[0])
    game.apply(0, play("1-4", 0))
    assert not game.markers[0] and events(game, "marker_off")[-1]["seat"] == 0
    assert not game.view(None)["trains"][0]["marker"]


# ----- the Mexican train ----------------------------------------------------------------------

def test_mexican_train_only_one_per_round():
    game = deal(["12-4 12-6 3-3", "12-2 4-9 0-0"], trains=["12-1", "12-5"])
    game.apply(0, play("12-4", "mexican"))
    assert game.view(None)["mexican"]["started"]
    game.apply(1, play("4-9", "mexican"))
    # Another 12 cannot start a second Mexican train: there is one, and it asks for a 9.
    error = refused(game, 0, play("12-6", "mexican"), "tile_does_not_fit")
    assert error.es == "El 12-6 no encaja en el tren mexicano: hace falta un 9."


def test_mexican_train_may_be_started_only_after_your_own_train():
    game = deal(["12-4 3-3", "12-2 4-9"], first_turns_over=True)
    refused(game, 0, play("12-4", "mexican"), "own_train_first")


def test_mexican_train_starts_from_the_hubs_double():
    game = deal(["12-4 3-3", "12-2 4-9"], trains=["12-1"])
    assert game.view(0)["fits"]["12-4"] == ["mexican"]
    game.apply(0, play("12-4", "mexican"))
    assert train(game, "mexican") == ["12-4"]


def test_mexican_train_is_open_to_everyone_at_any_time():
    game = deal(["9-2 3-3", "4-9 6-6", "9-8 0-0"], trains=["12-1", "12-5", "12-3"],
                mexican="12-4", turn=1)
    game.apply(1, play("4-9", "mexican"))
    game.apply(2, play("9-8", "mexican"))
    assert train(game, "mexican") == ["12-4", "4-9", "9-8"]


# ----- ending ---------------------------------------------------------------------------------

def test_ending_the_first_player_to_play_their_last_tile_wins_the_round():
    game = deal(["1-4", "12-2 4-4 3-0"], trains=["12-1"])
    game.apply(0, play("1-4", 0))
    result = game.round_results[-1]
    assert result["winner"] == 0 and result["points"] == [0, 25]
    assert game.phase == "round_over" and game.view(None)["last_round"] == result


def test_ending_with_the_boneyard_empty_a_player_who_cannot_play_marks_and_passes():
    game = deal(["9-2 8-3", "12-2 4-4"], trains=["12-1", "12-5"], empty_boneyard=True)
    assert game.allowed(0) == ["pass"]
    refused(game, 0, {"type": "draw"}, "boneyard_empty")
    game.apply(0, "pass")
    assert game.markers[0] and game.turn == 1 and game.phase == "play"


def test_ending_when_everyone_must_pass_the_round_ends():
    game = deal(["9-2 8-3", "11-2 4-4"], trains=["12-1", "12-5"], mexican="12-6",
                empty_boneyard=True)
    game.apply(0, "pass")
    assert game.phase == "round_over"
    result = game.round_results[-1]
    assert result["winner"] is None and result["blocked"] and result["points"] == [22, 21]
    assert game.audit(full_deck=False) == []


def test_ending_everyone_scores_the_pips_left_in_their_hand():
    game = deal(["1-4", "12-2 4-4", "0-0 6-5 3-1"], trains=["12-1"], scores=[5, 10, 20])
    game.apply(0, play("1-4", 0))
    assert game.round_results[-1]["points"] == [0, 22, 15]
    assert game.scores == [5, 32, 35]
    assert game.round_results[-1]["hands"][2] == ["0-0", "6-5", "3-1"]


def test_ending_the_lowest_total_after_all_rounds_wins():
    game = deal(["1-4", "12-2 4-4"], trains=["10-1"], options={"rounds": 3}, round=3,
                scores=[40, 10])
    game.apply(0, play("1-4", 0))
    assert game.phase == "game_over"
    assert game.result() == {"scores": [40, 32], "winners": [1], "tie": False,
                             "ranking": [1, 0]}


# ----- rounds ---------------------------------------------------------------------------------

def play_out(game, levels=("facil",)):
    bots = [Tren.make_bot(levels[s % len(levels)], s, 1) for s in range(game.players)]
    while not game.finished:
        game.apply(*next_move(game, bots))
    return game


@pytest.mark.slow
def test_rounds_the_standard_match_is_13_rounds_from_12_12_down_to_0_0_with_the_engine_start():
    game = play_out(Tren.new(3, {"start": "engine"}, seed=4))
    assert [r["hub"] for r in game.round_results] == [f"{n}-{n}" for n in range(12, -1, -1)]
    assert Tren.OPTIONS.defaults()["rounds"] == 13


@pytest.mark.parametrize("rounds,last", [(7, 6), (3, 10), (1, 12)])
def test_rounds_shorter_matches_stop_earlier(rounds, last):
    game = play_out(Tren.new(2, {"rounds": rounds, "start": "engine"}, seed=4))
    assert [r["hub"] for r in game.round_results] == \
        [f"{n}-{n}" for n in range(12, last - 1, -1)]


def test_rounds_the_dealer_moves_one_seat_each_round():
    game = deal(["1-4", "12-2 4-4", "5-5"], trains=["12-1"])
    game.apply(0, play("1-4", 0))
    dealer = game.dealer
    game.apply(None, "next_round")
    assert game.dealer == (dealer + 1) % 3 and game.turn == (game.dealer + 1) % 3
    assert game.view(None)["hub"] == "11-11" and game.view(None)["round"] == 2


def test_rounds_by_default_each_round_is_opened_by_the_highest_double_dealt():
    choices = [c.value for c in Tren.OPTIONS.by_name["start"].choices]
    assert choices == ["highest_double", "engine"]     # the text's start, then the houses'
    game = Tren.new(3, {"rounds": 3}, seed=8)
    bots = [Tren.make_bot("facil", s, 1) for s in range(3)]
    opened = []
    while not game.finished:
        if game.phase == "play" and len(opened) == len(game.round_results):
            held = [t for hand in game.hands for t in hand if t.is_double]
            opened.append((game.hub, all(t < game.hub for t in held)))
        game.apply(*next_move(game, bots))
    assert [hub for hub, _ in opened] == [dominoes.parse(r["hub"]) for r in game.round_results]
    assert len(opened) == 3 and all(highest for _, highest in opened)


# ----- house rules ------------------------------------------------------------------------------

def test_house_rule_the_double_blank_is_worth_0_by_default():
    game = deal(["1-4", "0-0 6-5"], trains=["12-1"])
    game.apply(0, play("1-4", 0))
    assert game.round_results[-1]["points"] == [0, 11]


def test_house_rule_the_double_blank_may_be_worth_50():
    game = deal(["1-4", "0-0 6-5"], trains=["12-1"], options={"double_blank": 50})
    assert game.view(1)["hand_points"] == 61
    game.apply(0, play("1-4", 0))
    assert game.round_results[-1]["points"] == [0, 61]


def test_house_rule_first_turn_one_tile_by_default():
    game = deal(["12-1 1-5 5-9", "12-2 4-4"])
    game.apply(0, play("12-1", 0))
    assert game.turn == 1


def test_house_rule_first_turn_chain_lays_as_many_tiles_as_fit_your_own_train():
    game = deal(["12-1 1-5 5-9 3-3", "12-2 2-4 4-4"], options={"first_turn": "chain"})
    game.apply(0, play("12-1", 0))
    assert game.turn == 0 and game.allowed(0) == ["play", "pass"]
    game.apply(0, play("1-5", 0))
    game.apply(0, play("5-9", 0))                    # nothing else fits: the turn ends
    assert train(game, 0) == ["12-1", "1-5", "5-9"] and game.turn == 1
    game.apply(1, play("12-2", 1))                   # one tile, then stop
    assert game.turn == 1
    game.apply(1, "pass")
    assert game.turn == 0 and not game.markers[1]
    refused(game, 0, play("3-3", 0), "tile_does_not_fit")     # second turns: one tile again


def test_house_rules_default_to_the_texts_rules():
    defaults = Tren.OPTIONS.defaults()
    assert defaults == {"rounds": 13, "tiles": "15-11-8", "start": "highest_double",
                        "first_turn": "one_tile", "double_blank": 0, "faces": "pips"}


def test_display_option_faces_shows_pips_by_default_or_digits_and_changes_no_rule():
    """The screens draw the tiles as the view's `rules.faces` says; the game plays the same."""
    pips = deal(["12-1 1-5", "12-2 4-4"], "7-0 5-5")
    digits = deal(["12-1 1-5", "12-2 4-4"], "7-0 5-5", options={"faces": "digits"})
    assert pips.view()["rules"]["faces"] == "pips"
    assert digits.view(1)["rules"]["faces"] == "digits"
    for game in (pips, digits):
        game.apply(0, play("12-1", 0))
        game.apply(1, play("12-2", 1))
    strip = lambda view: {k: v for k, v in view.items() if k != "rules"}   # noqa: E731
    assert strip(pips.view(0)) == strip(digits.view(0))
    with pytest.raises(GameError):
        Tren.new(2, {"faces": "roman"})


# ----- what a seat may do ------------------------------------------------------------------------

def test_allowed_lists_what_the_rules_let_the_seat_do():
    game = deal(["12-1 3-3", "9-2 8-0"], "7-0 5-5")
    assert game.allowed(0) == ["play"] and game.allowed(1) == []
    game.apply(0, play("12-1", 0))
    assert game.allowed(1) == ["draw"]
    game.apply(1, "draw")
    assert game.allowed(1) == ["pass"]
    game.apply(1, "pass")
    assert game.allowed(0) == ["draw"]               # the 3-3 fits nowhere
    with pytest.raises(GameError):
        game.check(0, play("3-3", 0))
