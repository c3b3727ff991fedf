"""A button at rest says why, in the engine's words: each seat's view carries, for every action
type it may not try now, the refusal the engine gives that action (view(seat)["actions"],
docs/engine.md). The contract tests check it for every game over bot games; these check the
sentences players meet most, and that the action itself is refused with the same words."""
from __future__ import annotations

import pytest

from engine.ferrocarril import Ferrocarril
from engine.ferrocarril.rules import DEAL_SHOW_SECONDS
from engine.game import GameError, Timer
from tests.engine.contract_helpers import refused
from tests.engine.manipulacion_helpers import deal


def reason(game, seat, kind):
    state = game.view(seat)["actions"][kind]
    assert state["enabled"] is False, (kind, state)
    return state["reason"]


def the_same_refusal(game, seat, kind, action, code, es):
    """The view's reason for `kind` is `code` with the Spanish text `es`, and `action` (of that
    kind, with real cards) is refused with exactly that code and text."""
    why = reason(game, seat, kind)
    assert why["code"] == code and why["es"] == es, why
    error = refused(game, seat, action, code)
    assert (error.es, error.en) == (why["es"], why["en"])


# ----- Ferrocarril ---------------------------------------------------------------------------

def test_before_drawing_every_play_says_draw_a_card_first():
    game = Ferrocarril.from_deal(["7o 7c 7e 2b", "3o 3c"], stock="5o 6o")
    assert game.view(0)["actions"]["draw"] == {"enabled": True}
    for kind, action in [("discard", "discard 2b"), ("salir", "salir 7o 7c 7e"),
                         ("meld", "meld 7o 7c 7e"), ("close", "close")]:
        the_same_refusal(game, 0, kind, action, "must_draw_first", "Primero roba una carta.")
    assert reason(game, 0, "discard")["en"] == "Draw a card first."


def test_in_the_first_lap_salir_says_nobody_may_go_down():
    game = Ferrocarril.from_deal(["7o 7c 7e 2b", "3o 3c"], stock="5o 6o", opening_done=False)
    game.apply(0, "draw")
    the_same_refusal(game, 0, "salir", "salir 7o 7c 7e", "opening_phase",
                     "En la primera vuelta nadie puede Salir: antes juegan todos un turno.")


def test_adding_or_melding_before_going_down_says_salir_first():
    game = Ferrocarril.from_deal(["9o 9c 9e 5b 2o", "3o 3c"], phase="play", salido=[1],
                                 table=[(1, "5o 5c 5e")])
    the_same_refusal(game, 0, "add", "add #1 5b", "must_salir_first",
                     "Para añadir cartas tienes que haber salido.")
    the_same_refusal(game, 0, "meld", "meld 9o 9c 9e", "must_salir_first",
                     "Para bajar una combinación nueva tienes que haber salido.")
    assert reason(game, 0, "add")["en"] == "You have to go down (Salir) before you add cards."


def test_robar_comodin_without_a_joker_on_the_table_says_there_is_none():
    game = Ferrocarril.from_deal(["9o 9c 9e 5b 2o", "3o 3c"], phase="play", salido=[0, 1],
                                 table=[(1, "5o 5c 5e")])
    the_same_refusal(game, 0, "steal", "steal #1 5b", "no_joker_on_table",
                     "No hay ningún comodín en la mesa.")
    the_same_refusal(game, 0, "close", "close", "cannot_close",
                     "Solo se cierra con una carta en la mano.")


def test_with_one_card_left_only_closing_is_open():
    game = Ferrocarril.from_deal(["9c", "2o 3o"], phase="play", salido=[0])
    for kind in ("discard", "salir", "meld", "add"):
        assert reason(game, 0, kind)["code"] == "must_close"
    refused(game, 0, "discard 9c", "must_close")


def test_during_a_buy_window_each_seat_is_told_its_own_reason():
    game = Ferrocarril.from_deal(["7o 2b", "3o 3c", "4o 4c"], discard="Rc", stock="5o",
                                 buy_window=True, buys=[10, 10, 0])
    # Seat 2 discarded Rc as far as the window knows (the seat before the one in turn)...
    the_same_refusal(game, 2, "buy", "buy", "own_discard", "No puedes comprar tu propio descarte.")
    the_same_refusal(game, 0, "draw", "draw", "buy_window_open",
                     "La ventana de compra está abierta: espera a que se cierre.")
    game.apply(1, "pass")
    the_same_refusal(game, 1, "buy", "buy", "already_answered", "Ya has contestado a esta compra.")
    the_same_refusal(game, 1, "draw", "draw", "not_your_turn", "No es tu turno.")


def test_a_seat_out_of_buys_is_told_so():
    game = Ferrocarril.from_deal(["7o 2b", "3o 3c", "4o 4c"], discard="Rc", stock="5o",
                                 buy_window=True, buys=[10, 0, 10])
    the_same_refusal(game, 1, "buy", "buy", "no_buys_left", "Ya no te quedan compras.")


# ----- Ferrocarril: the first window waits for the deal to be seen ------------------------------

def test_the_rounds_first_window_runs_longer_by_the_time_the_deal_is_shown():
    game = Ferrocarril.new(3, {"buy_seconds": 4}, seed=2)
    window = game.view(None)["buy_window"]
    assert window["discarder"] is None
    assert window["seconds"] == 4 and window["shown_after"] == DEAL_SHOW_SECONDS > 0
    assert game.timers() == [Timer("buy_window", 4 + DEAL_SHOW_SECONDS, {"type": "close_buy"})]
    game.apply(None, "close_buy")
    game.apply(game.turn, "draw")
    game.apply(game.turn, {"type": "discard", "card": game.view(game.turn)["hand"][0]})
    later = game.view(None)["buy_window"]
    assert later["discarder"] is not None and later["shown_after"] == 0
    assert game.timers() == [Timer("buy_window", 4, {"type": "close_buy"})]


# ----- Rummy Manipulación --------------------------------------------------------------------

def test_carrusel_before_the_draw_says_draw_first():
    game = deal(["8d 9d", "3c 3d"], "Kc Ks Qd Jd", ruleset="carrusel")
    for kind in ("done", "close", "move", "split", "join", "name", "set_table"):
        assert reason(game, 0, kind)["code"] == "must_draw_first", kind
    the_same_refusal(game, 0, "close", "close", "must_draw_first", "Primero roba una carta.")
    the_same_refusal(game, 0, "pass", "pass", "stock_not_empty",
                     "Aún quedan cartas en el mazo: roba.")


@pytest.mark.parametrize("ruleset,code", [("maquiavelo", "no_close"), ("manipulacion", "no_close")])
def test_rules_without_knocking_say_so_on_cerrar(ruleset, code):
    game = deal(["8d 9d", "3c 3d"], "Kc Ks", ruleset=ruleset)
    the_same_refusal(game, 0, "close", "close", code, "En estas reglas no se cierra.")
    the_same_refusal(game, 0, "undo", "undo", "not_editing",
                     "Aún no has cambiado nada: pon cartas de tu mano en la mesa.")
    the_same_refusal(game, 1, "draw", "draw", "not_your_turn", "No es tu turno.")


def test_a_rule_set_without_jokers_says_so_on_naming_one():
    game = deal(["8d 9d", "3c 3d"], "Kc Ks", ruleset="manipulacion")
    assert reason(game, 0, "name")["code"] == "no_jokers"
    with pytest.raises(GameError) as caught:
        game.apply(0, {"type": "name", "group": 0, "card": "*", "as": "7h"})
    assert caught.value.code == "no_jokers"
