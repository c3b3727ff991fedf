"""What the screens read from the views instead of re-deriving a rule in JS.

Manipulación: `loose_area` (Tahití's loose cards, shown even when empty), `turn_draws`
(Carrusel's draw counter), `higher_wins`, `multi_round` and `scored` (how the standings
read), `host_ends_game` (Shanghái's end button).
Ferrocarril: the contract's number of combinations and their size (the phone's Salir slots).
"""
import pytest

from engine.ferrocarril import Ferrocarril
from engine.ferrocarril.rules import CONTRACTS
from engine.game import IllegalAction
from engine.manipulacion.game import Manipulacion
from tests.engine.manipulacion_helpers import RULESET_NAMES, deal

MULTI_ROUND = {"manipulacion", "shanghai", "carrusel"}


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_standings_and_loose_area_come_with_every_view(ruleset):
    game = Manipulacion.new(3, {"ruleset": ruleset}, seed=5)
    for seat in (None, 0, 1):
        view = game.view(seat)
        assert view["loose_area"] is (ruleset == "tahiti")
        assert view["higher_wins"] is (ruleset == "carrusel")
        assert view["multi_round"] is (ruleset in MULTI_ROUND)
        assert view["scored"] is (ruleset != "vaticano")
        assert view["host_ends_game"] is (ruleset == "shanghai")


def test_the_host_may_end_the_game_exactly_when_the_view_says_so():
    for ruleset in RULESET_NAMES:
        game = Manipulacion.new(2, {"ruleset": ruleset}, seed=5)
        game.phase = "round_over"        # between rounds, where the host's button shows
        game._public = None
        says = game.view(None)["host_ends_game"]
        try:
            game.check(None, {"type": "end_game"})
            ended = True
        except IllegalAction as refusal:
            assert refusal.code == "cannot_end_game"
            ended = False
        assert says is ended, ruleset


def test_tahiti_keeps_its_loose_area_when_the_loose_cards_are_gone():
    game = deal(["8h 9d", "3c 3d"], "Kc Ks Qd", ruleset="tahiti")
    assert game.view(None)["loose"] == []
    assert game.view(None)["loose_area"] is True


def test_carrusel_draw_counter_counts_this_turns_draws():
    game = deal(["8d 9d", "3c 3d"], "Kc Ks Qd Jd", ruleset="carrusel")
    assert game.view(None)["turn_draws"] is None          # nothing drawn yet: no counter
    game.apply(0, "draw")
    assert game.view(None)["turn_draws"] == 1
    assert game.view(0)["turn_draws"] == 1
    game.apply(0, "draw")
    assert game.view(None)["turn_draws"] == 2
    game.apply(0, "draw")                                  # the third draw ends the turn
    assert game.turn == 1 and game.view(None)["turn_draws"] is None


def test_carrusel_draw_counter_hides_in_the_final_turns():
    game = deal(["8d 9d", "3c 3d"], "Kc Ks Qd Jd", ruleset="carrusel", draws=1, final_turns=2)
    assert game.draws == 1
    assert game.view(None)["turn_draws"] is None


@pytest.mark.parametrize("ruleset", [r for r in RULESET_NAMES if r != "carrusel"])
def test_no_draw_counter_outside_carrusel(ruleset):
    game = deal(["8d 9d", "3c 3d"], "Kc Ks Qd Jd", ruleset=ruleset)
    if "draw" in game.allowed(0):
        game.apply(0, "draw")
    assert game.view(None)["turn_draws"] is None


@pytest.mark.parametrize("round_index", range(len(CONTRACTS)))
def test_ferrocarril_contract_gives_the_salir_slots(round_index):
    game = Ferrocarril.new(3, {}, seed=2)
    game.round = round_index
    contract = game.view(0)["contract"]
    assert contract["melds"] == CONTRACTS[round_index].melds >= 1
    assert contract["size"] == CONTRACTS[round_index].size >= 3
