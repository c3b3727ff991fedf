"""Options, the chooser's info card and the registry: the rule set choice, Bajar es
obligatorio, Jugar hasta, Jugada sin terminar; bad options raise bad_option."""
import json

import pytest

from engine.cards import deck
from engine.game import IllegalAction
from engine.manipulacion.game import Manipulacion
from engine.manipulacion.melds import fmt
from engine.manipulacion.options import DEFAULTS
from engine.manipulacion.rulesets import RULESETS
from engine.registry import GAMES, game_class
from tests.engine.manipulacion_helpers import RULESET_NAMES

pytestmark = pytest.mark.usefixtures("solver_stub")


def test_registered_as_manipulacion_with_two_to_five_players_and_three_bot_levels():
    assert game_class("manipulacion") is Manipulacion
    assert GAMES["manipulacion"].name == "manipulacion"
    catalogue = Manipulacion.catalogue()
    assert catalogue["min_players"] == 2 and catalogue["max_players"] == 5
    assert catalogue["bot_levels"] == ["facil", "normal", "dificil"]
    json.dumps(catalogue)


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_each_rule_set_can_be_chosen_and_shows_only_its_own_options(ruleset):
    game = Manipulacion.new(2, {"ruleset": ruleset}, seed=2)
    public = game.view(None)
    assert public["ruleset"]["name"] == ruleset
    assert set(public["options"]) == {"ruleset", *RULESETS[ruleset].options}


OPTIONS_OF = {
    "manipulacion": {"mandatory_play", "target"},
    "maquiavelo": {"unfinished"},
    "shanghai": {"mandatory_play"},
    "guadalupe": {"unfinished"},
    "carrusel": set(),
    "vaticano": set(),
    "tahiti": {"unfinished"},
}


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_which_rule_sets_have_which_option(ruleset):
    assert set(RULESETS[ruleset].options) == OPTIONS_OF[ruleset]


@pytest.mark.parametrize("options,code", [
    ({"ruleset": "rummikub"}, "option_choice"), ({"ruleset": 3}, "option_choice"),
    ({"ruleset": None}, "option_choice"), ({"ruleset": ["manipulacion"]}, "option_choice"),
    ({"mandatory_play": "always"}, "option_choice"), ({"mandatory_play": True}, "option_choice"),
    ({"target": 250}, "option_choice"), ({"target": "200"}, "option_choice"),
    ({"target": True}, "option_choice"), ({"target": 200.5}, "option_choice"),
    ({"unfinished": "penalty"}, "option_choice"), ({"unfinished": 3}, "option_choice"),
    ({"buy_seconds": 5}, "unknown_option"), ({"colour": "red"}, "unknown_option"),
    ({"_deal": "nonsense"}, "bad_deal"), ({"_deal": {"hands": ["7h"]}}, "bad_deal"),
])
def test_bad_options_are_refused(options, code):
    with pytest.raises(IllegalAction) as caught:
        Manipulacion.new(3, options, seed=1)
    assert caught.value.code == code
    assert caught.value.es and caught.value.en


def test_a_bad_option_value_is_refused_with_the_values_in_words():
    with pytest.raises(IllegalAction) as caught:
        Manipulacion.new(3, {"target": 250}, seed=1)
    assert caught.value.es == "Jugar hasta: elige «200 puntos» o «300 puntos»."
    assert caught.value.en == "Play to: choose '200 points' or '300 points'."
    with pytest.raises(IllegalAction) as caught:
        Manipulacion.new(3, {"unfinished": "penalty"}, seed=1)
    # Quoted, a label with a comma in it still reads as one choice.
    assert caught.value.es == ("Jugada sin terminar: elige «Deshacer, sin castigo» o "
                               "«Retirar, robar 3».")


def test_options_must_be_a_dict():
    with pytest.raises(IllegalAction) as caught:
        Manipulacion.new(3, ["ruleset"], seed=1)
    assert caught.value.code == "bad_option"


def test_info_card_lists_the_rule_sets_and_every_option_with_labels_in_both_languages():
    info = Manipulacion.catalogue()
    assert info["title"]["es"] and info["title"]["en"]
    assert info["summary"]["es"] and info["summary"]["en"]
    options = {o["name"]: o for o in info["options"]}
    assert set(options) == set(DEFAULTS)
    assert [c["value"] for c in options["ruleset"]["choices"]] == list(RULESET_NAMES)
    assert [c["label"]["es"] for c in options["ruleset"]["choices"]] == [
        "Manipulación", "Maquiavelo", "Shanghái", "Guadalupe", "Carrusel", "Vaticano", "Tahití"]
    for name, option in options.items():
        assert option["default"] == DEFAULTS[name]
        assert option["label"]["es"] and option["label"]["en"]
        for choice in option["choices"]:
            assert choice["label"]["es"] and choice["label"]["en"]
            Manipulacion.new(2, {name: choice["value"]}, seed=0)    # every choice is valid
        if name != "ruleset":
            assert option["rulesets"] == [r for r in RULESET_NAMES if name in OPTIONS_OF[r]]
    assert options["mandatory_play"]["label"]["es"] == "Bajar es obligatorio"
    assert [c["label"]["es"] for c in options["mandatory_play"]["choices"]] == [
        "Recordar, con pista", "Confiar en el jugador"]
    assert options["target"]["label"]["es"] == "Jugar hasta"
    assert [c["value"] for c in options["target"]["choices"]] == [200, 300]
    assert options["unfinished"]["label"]["es"] == "Jugada sin terminar"
    assert [c["label"]["es"] for c in options["unfinished"]["choices"]] == [
        "Deshacer, sin castigo", "Retirar, robar 3"]
    assert all(rule["es"] and rule["en"] for rule in info["house_rules"])


def test_deal_option_deals_round_one_as_written_and_keeps_every_card():
    rest = [fmt(c) for c in deck(2, 4)]
    hands = ["7h 8h 9h * 2c", "Ks Kd Kc 3d 4d"]
    for h in hands:
        for name in h.split():
            rest.remove(name)
    deal = {"dealer": 1, "hands": hands, "loose": " ".join(rest[:4]),
            "stock": " ".join(rest[4:])}
    game = Manipulacion.new(2, {"ruleset": "tahiti", "_deal": deal}, seed=3)
    assert game.view(0)["hand"] == hands[0].split()
    assert game.view(None)["loose"] == rest[:4]
    assert game.dealer == 1 and game.turn == 0
    assert fmt(game.stock[-1]) == rest[4]
    assert game.audit() == []
    short = dict(deal, stock=" ".join(rest[5:]))
    with pytest.raises(IllegalAction) as caught:
        Manipulacion.new(2, {"ruleset": "tahiti", "_deal": short}, seed=3)
    assert caught.value.code == "bad_deal"
