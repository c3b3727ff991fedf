"""Saved Manipulación logs replay without the solver: a draw or pass that the reminder of
"Bajar es obligatorio" let through is logged with its confirmation, so a replay never asks
whether the player had a play. And the hint provider is the game's, given explicitly; a failure
in it is an error, never swallowed."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from engine.game import GameError
from engine.manipulacion.bots import make_bot
from engine.manipulacion.game import Manipulacion
from engine.manipulacion.solver import solve_hint
from tests.engine.manipulacion_helpers import deal


@dataclass(frozen=True)
class MadeUpHint:
    card: int
    groups: tuple = ()
    needs_rearranging: bool = False


def contrary(rules, table, hand, loose):
    """Always answers differently from the solver: a play when it finds none, else none."""
    return None if solve_hint(rules, table, hand, loose) else MadeUpHint(hand[0])


def never(rules, table, hand, loose):
    raise AssertionError("the replay asked for a hint")


def played(ruleset: str, seed: int, moves: int = 160, **options) -> Manipulacion:
    """A game driven like a person: each turn a plain Robar (or Pasar); after a reminder, the
    second tap half the time, else the easy bot's play."""
    game = Manipulacion.new(2, {"ruleset": ruleset, **options}, seed)
    bots = [make_bot("facil", s, seed) for s in range(2)]
    reminded = 0
    for n in range(moves):
        if game.finished:
            break
        if game.phase != "play":
            game.apply(None, {"type": "next_round"})
            continue
        seat = game.turn
        allowed = game.allowed(seat)
        plain = "draw" if "draw" in allowed else "pass" if "pass" in allowed else None
        if plain and game.copy is None:
            try:
                game.apply(seat, {"type": plain})
                continue
            except GameError as error:
                assert error.code == "play_available", error
                reminded += 1
                if n % 2:
                    game.apply(seat, {"type": plain, "confirm": True})
                    continue
        action = bots[seat].choose(game.view(seat))
        game.apply(seat, action)
    game.reminded = reminded
    return game


def same(a: Manipulacion, b: Manipulacion) -> None:
    assert [a.view(None)] + [a.view(s) for s in range(a.players)] \
        == [b.view(None)] + [b.view(s) for s in range(b.players)]
    assert a.log == b.log


@pytest.mark.parametrize("ruleset,seed", [("manipulacion", 3), ("shanghai", 5),
                                          ("manipulacion", 11)])
def test_a_saved_log_replays_with_a_solver_that_answers_differently(ruleset, seed):
    game = played(ruleset, seed)
    assert game.reminded, "the game should meet the reminder"
    log = game.to_json_log()
    plain = [a for _, a in log if a["type"] in ("draw", "pass") and not a.get("confirm")]
    assert plain == []              # under the reminder every accepted draw/pass is confirmed
    for hints in (contrary, never):
        same(game, Manipulacion.replay(2, game.options, game.seed, log, hints=hints))


def test_draws_without_a_reminder_are_logged_as_sent():
    """Where nothing reminds (other rule sets, or «trust»), the log keeps the plain action."""
    for options in ({"ruleset": "maquiavelo"}, {"ruleset": "manipulacion",
                                                "mandatory_play": "trust"}):
        game = deal(["2c 9d Kc", "3d 4s Jh"], "5c 6c 7c 8c", options=options)
        game.apply(0, {"type": "draw"})
        assert game.log[-1] == (0, {"type": "draw"})


def test_a_reminded_draw_is_logged_with_its_confirmation():
    game = deal(["2c 9d Kc", "3d 4s Jh"], "5c 6c 7c 8c", hints=lambda *a: None)
    game.apply(0, {"type": "draw"})
    assert game.log[-1] == (0, {"type": "draw", "confirm": True})
    assert game.to_json_log()[-1] == [0, {"type": "draw", "confirm": True}]


def test_check_never_logs_and_the_copy_shares_the_provider():
    calls = []

    def counting(*args):
        calls.append(args)

    game = deal(["2c 9d Kc", "3d 4s Jh"], "5c 6c 7c 8c", hints=counting)
    game.check(0, {"type": "draw"})
    assert game.log == [] and len(calls) == 1


def test_a_failing_hint_provider_never_blocks_the_draw():
    """The reminder is a courtesy: a provider that fails lets the draw through as if it had
    found no play, logged as confirmed so that a replay never asks again."""
    def broken(*args):
        raise RuntimeError("solver down")

    game = deal(["2c 9d Kc", "3d 4s Jh"], "5c 6c 7c 8c", hints=broken)
    game.apply(0, {"type": "draw"})
    assert len(game.hands[0]) == 4
    assert game.log[-1] == (0, {"type": "draw", "confirm": True})
    assert game.turn == 0            # drawing one card does not end Manipulación's turn here


def test_the_game_asks_the_provider_it_was_given():
    seen = []

    def provider(rules, table, hand, loose):
        seen.append((rules.name, table, sorted(hand), loose))
        return MadeUpHint(hand[0])

    game = deal(["2c 9d Kc", "3d 4s Jh"], "5c 6c 7c 8c", table=["5h 6h 7h"], hints=provider)
    with pytest.raises(GameError) as caught:
        game.apply(0, {"type": "draw"})
    assert caught.value.code == "play_available"
    assert seen and seen[0][0] == "manipulacion" and len(seen[0][1]) == 1
