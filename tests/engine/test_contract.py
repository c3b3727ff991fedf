"""The game contract (engine/game.py), checked for every game in engine.registry.GAMES and every
rule set a game offers. The tests use only the contract (new, apply, check, parse_action, actors,
timers, view, result, replay, make_bot, allowed, audit, log, hidden_zones), so a newly registered
game gets all of them."""
import copy
import dataclasses
import json
import random

import pytest

from engine.game import Action, GameError, Timer
from engine.messages import CATALOGUE
from engine.simulate import next_move
from tests.engine.contract_helpers import (
    CASES,
    Fuzzer,
    action_classes,
    action_examples,
    bot_game,
    canonical,
    fresh_view,
    reshuffle_hidden,
    sample_log,
    snapshot,
    swap_into_visible,
    verdict,
    views,
    zones,
)
from tests.engine.test_messages import CARD_CODE, IDENTIFIER


def small_counts(cls):
    return sorted({cls.min_players, min(cls.min_players + 1, cls.max_players)})


# ----- the helpers themselves ----------------------------------------------------------------

@pytest.mark.parametrize("cls,options", CASES)
def test_snapshot_notices_a_change_nobody_can_see(cls, options):
    game = cls.new(cls.min_players, options, seed=1)
    before = snapshot(game)
    stock = max(zones(game, None), key=len)           # hidden from everyone: the stock
    stock.append(stock.pop(0))
    assert snapshot(game) != before
    assert snapshot(game)[0] == before[0]             # ... and no view shows it
    stock.insert(0, stock.pop())
    assert snapshot(game) == before
    seat, action = next_move(game, [cls.make_bot(cls.bot_levels[0], s, 1)
                                    for s in range(game.players)])
    game.apply(seat, action)
    assert snapshot(game) != before


# ----- actions -------------------------------------------------------------------------------

@pytest.mark.parametrize("cls,options", CASES)
def test_every_action_type_round_trips_through_dict_and_text(cls, options):
    examples = action_examples(cls, options)
    assert set(examples) == {sub.type for sub in action_classes(cls)} and examples
    for data in examples.values():
        act = cls.parse_action(data)
        assert isinstance(act, Action)
        assert act.to_dict() == data
        assert cls.parse_action(act.to_text()) == act
        assert cls.parse_action(act) == act
        assert hash(act) == hash(cls.parse_action(data))
        for f in dataclasses.fields(act)[:1]:
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(act, f.name, None)


@pytest.mark.parametrize("cls,options", CASES)
def test_every_logged_action_is_its_own_normal_form(cls, options):
    log = sample_log(cls, options)
    assert log
    for _, data in log:
        act = cls.parse_action(data)
        assert act.to_dict() == data
        assert cls.parse_action(act.to_text()) == act


# ----- bots ----------------------------------------------------------------------------------

def level_tables(cls):
    return [[level] for level in cls.bot_levels] + [list(cls.bot_levels)]


BOT_CASES = [pytest.param(*case.values, levels, id=f"{case.id}-{'+'.join(levels)}")
             for case in CASES for levels in level_tables(case.values[0])]


@pytest.mark.slow
@pytest.mark.parametrize("cls,options,levels", BOT_CASES)
def test_bots_only_send_legal_actions(cls, options, levels):
    """Every level, alone and mixed: every move a bot sends is accepted and is one of the types
    `allowed()` lists for its seat. Mixed tables play whole games (a seed for each of two player
    counts), which must end; a single level plays the first 150 actions of one."""
    mixed = len(levels) > 1

    def step(game, seat, action):
        if seat is not None:
            assert cls.parse_action(action).type in game.allowed(seat), (seat, action)

    for seed, players in enumerate(small_counts(cls) if mixed else [cls.min_players], start=3):
        # apply() raises GameError, failing the test, if a bot's move is refused.
        game = bot_game(cls, players, options, seed, levels, step=step,
                        max_actions=3000 if mixed else 150)
        assert game.finished or not mixed, f"seed {seed}: no end after {len(game.log)}"
        assert game.audit() == []


# ----- replay --------------------------------------------------------------------------------

def state(game):
    """What a replay must reproduce: every view, the log, and the state but for its caches."""
    return views(game), list(game.log), canonical(vars(game), private=False)


CUTS = (1, 7, 30, 120, 500)


@pytest.mark.slow
@pytest.mark.parametrize("cls,options", CASES)
def test_replaying_seed_options_and_log_gives_the_identical_game(cls, options):
    seen = {}

    def between(game):
        if len(game.log) in CUTS:
            seen.setdefault(len(game.log), state(game))

    game = bot_game(cls, cls.min_players, options, 17, list(cls.bot_levels), between=between)
    seen[len(game.log)] = state(game)
    log = json.loads(json.dumps(game.to_json_log()))
    assert len(seen) >= 3
    for cut, expected in seen.items():
        again = cls.replay(cls.min_players, copy.deepcopy(options), 17, log[:cut])
        assert state(again) == expected, f"differs after {cut} of {len(log)} actions"


# ----- refusals, check and a careless client -------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("cls,options", CASES)
def test_fuzz_no_crash_a_refusal_changes_nothing_and_check_agrees_with_apply(cls, options):
    """Random actions of every type, with fields shaped like real ones, from any seat (out of
    turn, out of range, None), between the moves of bot games: nothing raises but GameError,
    check() gives apply()'s verdict and changes nothing, a refusal changes nothing, an
    accepted action leaves a sound game."""
    fuzz = Fuzzer(cls, options, seed=cls.name + repr(options))
    counts = {"refused": 0, "accepted": 0}

    def between(game):
        for _ in range(2):
            seat, action = fuzz.seat(game), fuzz.action(game)
            before = snapshot(game)
            checked = verdict(game, "check", seat, action)
            assert snapshot(game) == before, ("check changed the game", seat, action)
            # An accepted action is applied to a copy: the bots go on with their own game.
            target = game if checked is not None else copy.deepcopy(game)
            applied = verdict(target, "apply", seat, action)
            assert checked == applied, (seat, action)
            if applied is None:
                counts["accepted"] += 1
                assert target.audit() == [], (seat, action)
                assert target.log[-1][0] == seat and len(target.log) == len(game.log) + 1
            else:
                counts["refused"] += 1
                assert snapshot(game) == before, (seat, action, applied)

    # the hand-written levels: the fuzzing needs the game's length, not difícil's choices (with
    # it Maquiavelo's round ended too soon for a hundred refusals)
    bot_game(cls, min(cls.min_players + 1, cls.max_players), options, 5, ["facil", "normal"],
             between=between, max_actions=120)
    assert counts["refused"] > 100
    assert counts["accepted"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("cls,options", CASES)
def test_every_refusal_code_from_the_fuzz_has_both_languages(cls, options):
    fuzz = Fuzzer(cls, options, seed=7)
    game = cls.new(cls.min_players, options, seed=7)
    codes = set()
    for _ in range(300):
        try:
            game.check(fuzz.seat(game), fuzz.action(game))
        except GameError as error:
            codes.add(error.code)
            assert error.es and error.en and error.es != error.en, error.code
            assert set(error.to_dict()) >= {"code", "es", "en"}
    assert "malformed" in codes and len(codes) >= 3


# ----- secrecy -------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("cls,options", CASES)
def test_no_view_holds_anything_its_reader_may_not_see(cls, options):
    """A differential test: deal the pooled contents of every zone hidden from a reader (other
    hands, the stock, another seat's working copy, ...) back in a new random order; the
    reader's view must not change. The control swaps a piece the reader does see, which must
    change it (so the test does look at fresh views)."""
    rng = random.Random(cls.name)
    checked = {"shuffled": 0, "control": 0}

    def step(game, seat, action):
        for reader in [None, *range(game.players)]:
            before = fresh_view(game, reader)
            tampered = reshuffle_hidden(game, reader, rng)
            if tampered is not None:
                checked["shuffled"] += 1
                after = fresh_view(game, reader)
                tampered.restore()
                assert after == before, (reader, len(game.log))
            tampered = swap_into_visible(game, reader, rng)
            if tampered is not None:
                checked["control"] += fresh_view(game, reader) != before
                tampered.restore()
            assert fresh_view(game, reader) == before

    for players in small_counts(cls):
        bot_game(cls, players, options, 23, list(cls.bot_levels), step=step, max_actions=150)
    assert checked["shuffled"] > 300
    assert checked["control"] > 100


@pytest.mark.parametrize("cls,options", CASES)
def test_views_are_json_and_actors_timers_and_result_are_well_formed(cls, options):
    known = {sub.type for sub in action_classes(cls)}

    def step(game, seat, action):
        seats = set(range(game.players))
        assert set(game.actors()) <= seats | {None}
        assert seat in game.actors() or seat is None
        for timer in game.timers():
            assert isinstance(timer, Timer) and timer.seconds >= 0
            cls.parse_action(timer.action)
        for reader in [None, *seats]:
            view = game.view(reader)
            assert json.loads(json.dumps(view)) == view
        for s in seats:
            assert set(game.allowed(s)) <= known
        assert game.result() is None and not game.finished

    game = bot_game(cls, cls.min_players, options, 29, list(cls.bot_levels), step=step)
    assert game.finished and isinstance(game.result(), dict)
    assert json.loads(json.dumps(game.result())) == game.result()


# ----- why an action may not be tried: the buttons at rest ------------------------------------

def words_only(message: str) -> None:
    assert message and not CARD_CODE.search(message) and not IDENTIFIER.search(message), message


def parameterless(cls, kind):
    """The action of type `kind` with no fields, if the game reads one (else None)."""
    try:
        cls.parse_action({"type": kind})
    except GameError:
        return None
    return {"type": kind}


@pytest.mark.slow
@pytest.mark.parametrize("cls,options", CASES)
def test_every_action_a_seat_may_not_try_says_why(cls, options):
    """view(seat)["actions"] lists every player action type, enabled exactly when allowed()
    lists it; a disabled one carries the engine's refusal (a catalogue code, both languages, in
    words); an action that needs no fields is refused by check() with that very code."""
    kinds = set(cls.player_actions())
    assert kinds and not kinds & cls.SYSTEM_ACTIONS
    reasons = set()

    def step(game, seat, action):
        if len(game.log) % 3:
            return
        for s in range(game.players):
            states = game.view(s)["actions"]
            assert set(states) == kinds
            allowed = set(game.allowed(s))
            for kind, state in states.items():
                assert state["enabled"] is (kind in allowed), (s, kind)
                assert (game.why_not(s, kind) is None) is (kind in allowed), (s, kind)
                if state["enabled"]:
                    assert "reason" not in state
                    continue
                reason = state["reason"]
                assert reason is not None, f"no reason for {kind} (seat {s}, {len(game.log)})"
                assert reason["code"] in CATALOGUE and reason["es"] != reason["en"]
                words_only(reason["es"])
                words_only(reason["en"])
                reasons.add(reason["code"])
                probe = parameterless(cls, kind)
                if probe is not None:
                    assert verdict(game, "check", s, probe) == reason["code"], (s, kind)

    for players in small_counts(cls):
        bot_game(cls, players, options, 31, list(cls.bot_levels), step=step, max_actions=240)
    assert {"not_your_turn", "round_not_over"} <= reasons and len(reasons) >= 4, reasons


@pytest.mark.slow
@pytest.mark.parametrize("cls,options", CASES)
def test_no_refusal_names_a_card_by_its_code(cls, options):
    """Every refusal met on the way of bot games, for careless moves made of the cards the
    views show (each hand's cards, the table's), reads in words in Spanish and English."""
    fuzz = Fuzzer(cls, options, seed="words" + cls.name)
    codes = set()

    def between(game):
        for _ in range(6):
            try:
                game.check(fuzz.seat(game), fuzz.action(game))
            except GameError as error:
                codes.add(error.code)
                words_only(error.es)
                words_only(error.en)

    bot_game(cls, min(cls.min_players + 1, cls.max_players), options, 41,
             list(cls.bot_levels), between=between, max_actions=150)
    assert len(codes) >= 8, codes
