"""Rummy Manipulación action notation: every action type round-trips text <-> Action <-> dict,
and the game logs the normalized dict, so a replayed log gives the same game."""
import json

import pytest

from engine.cards import ALL_CARDS, FRENCH, JOKER
from engine.game import MalformedAction
from engine.manipulacion import actions as A
from engine.manipulacion.game import Manipulacion
from engine.manipulacion.melds import fmt, named, parse, parse_all, stands_for
from tests.engine.notation_helpers import NotationCases

pytestmark = pytest.mark.usefixtures("solver_stub")


def c(text):
    return parse(text)


def g(text):
    return tuple(parse_all(text))


# (canonical text, Action, JSON dict) for every action type, with awkward cards.
CASES = [
    ("draw", A.Draw(), {"type": "draw"}),
    ("draw confirm", A.Draw(True), {"type": "draw", "confirm": True}),
    ("pass", A.Pass(), {"type": "pass"}),
    ("pass confirm", A.Pass(True), {"type": "pass", "confirm": True}),
    ("undo", A.Undo(), {"type": "undo"}),
    ("undo confirm", A.Undo(True), {"type": "undo", "confirm": True}),
    ("done", A.Done(), {"type": "done"}),
    ("close", A.Close(), {"type": "close"}),
    ("next_round", A.NextRound(), {"type": "next_round"}),
    ("last_round", A.LastRound(), {"type": "last_round"}),
    ("end_game", A.EndGame(), {"type": "end_game"}),
    ("move 7h hand new", A.Move(c("7h"), "hand", "new"),
     {"type": "move", "card": "7h", "from": "hand", "to": "new"}),
    ("move 10s #0 #12", A.Move(c("10s"), 0, 12),
     {"type": "move", "card": "10s", "from": 0, "to": 12}),
    ("move *Qh #3 hand", A.Move(named(c("Qh")), 3, "hand"),
     {"type": "move", "card": "*Qh", "from": 3, "to": "hand"}),
    ("move * hand #1", A.Move(JOKER, "hand", 1),
     {"type": "move", "card": "*", "from": "hand", "to": 1}),
    ("move Ad loose #2", A.Move(c("Ad"), "loose", 2),
     {"type": "move", "card": "Ad", "from": "loose", "to": 2}),
    ("move Kc #2 loose", A.Move(c("Kc"), 2, "loose"),
     {"type": "move", "card": "Kc", "from": 2, "to": "loose"}),
    ("split #1 2", A.Split(1, 2), {"type": "split", "group": 1, "at": 2}),
    ("join #0 #3", A.Join(0, 3), {"type": "join", "group": 0, "with": 3}),
    ("name #1 * 7h", A.Name(1, JOKER, c("7h")),
     {"type": "name", "group": 1, "card": "*", "as": "7h"}),
    ("name #4 *6h *", A.Name(4, named(c("6h")), JOKER),
     {"type": "name", "group": 4, "card": "*6h", "as": "*"}),
    ("set_table 5h 6h 7h / *Qh Qs Qd", A.SetTable((g("5h 6h 7h"), g("*Qh Qs Qd"))),
     {"type": "set_table", "table": [["5h", "6h", "7h"], ["*Qh", "Qs", "Qd"]]}),
    ("set_table 5h 6h 7h | 2h 3s", A.SetTable((g("5h 6h 7h"),), g("2h 3s")),
     {"type": "set_table", "table": [["5h", "6h", "7h"]], "loose": ["2h", "3s"]}),
    ("set_table 5h 6h 7h |", A.SetTable((g("5h 6h 7h"),), ()),
     {"type": "set_table", "table": [["5h", "6h", "7h"]], "loose": []}),
    ("set_table", A.SetTable(()), {"type": "set_table", "table": []}),
]


class TestManipulacionNotation(NotationCases):
    CASES = CASES
    TYPES = A.TYPES
    parse_text = staticmethod(A.parse_text)
    from_dict = staticmethod(A.from_dict)
    coerce = staticmethod(A.coerce)


def test_text_is_case_insensitive_for_cards_and_spacing():
    assert A.parse_text("move  7H  hand   new") == A.Move(c("7h"), "hand", "new")
    assert A.parse_text("set_table 5H 6h 7h/Qs Qd Qc") == A.SetTable(
        (g("5h 6h 7h"), g("Qs Qd Qc")))


@pytest.mark.parametrize("bad", [
    "", "   ", "discard 7h", "draw now", "draw confirm please", "done 1", "move 7h hand",
    "move 7x hand new", "move 7h #a new", "move 7h #-1 new", "move 7h # new", "move 7h deck new",
    "move 7h hand table", "move 7h #1 hand extra", "split #1", "split 1 2", "split #1 x",
    "join #1", "join #1 2", "name #1 *", "name 1 * 7h", "name #1 * *7h", "set_table 5h / / 6h",
    "set_table 5h 6h 7h | 2h | 3h", "move 7h #²3 new", "move 7h #" + "9" * 5000 + " new",
    "move ** hand new", "move *Z hand new", "set_table " + " ".join(["5h"] * 17),
])
def test_malformed_text_raises_malformed_action(bad):
    with pytest.raises(MalformedAction) as caught:
        A.parse_text(bad)
    assert caught.value.code == "malformed"


@pytest.mark.parametrize("bad", [
    None, 7, "", [], {"type": 3}, {"type": "discard"}, {"move": "7h"},
    {"type": "draw", "confirm": "yes"}, {"type": "undo", "confirm": 1},
    {"type": "move", "card": "7h", "from": "hand"},
    {"type": "move", "card": 7, "from": "hand", "to": "new"},
    {"type": "move", "card": "7h", "from": True, "to": "new"},
    {"type": "move", "card": "7h", "from": "new", "to": 1},
    {"type": "move", "card": "7h", "from": 1, "to": -1},
    {"type": "move", "card": "7h", "from": 1, "to": 1000},
    {"type": "move", "card": "7h", "from": 1.0, "to": 2},
    {"type": "split", "group": 1}, {"type": "split", "group": "1", "at": 2},
    {"type": "join", "group": 0}, {"type": "name", "group": 0, "card": "*"},
    {"type": "name", "group": 0, "card": "*", "as": "*7h"},
    {"type": "set_table"}, {"type": "set_table", "table": "5h 6h 7h"},
    {"type": "set_table", "table": [["5h", 6, "7h"]]},
    {"type": "set_table", "table": [["5h"] * 17]},
    {"type": "set_table", "table": [["5h"]] * 61},
    {"type": "set_table", "table": [], "loose": "2h"},
])
def test_malformed_dicts_raise_malformed_action(bad):
    with pytest.raises(MalformedAction):
        A.from_dict(bad)


def test_the_log_holds_normalized_dicts_and_a_replayed_log_gives_the_same_game():
    game = Manipulacion.new(3, {"ruleset": "carrusel"}, seed=21)
    game.apply(game.turn, "draw")
    first = game.hands[game.turn][0]
    seat = game.turn
    game.apply(seat, {"type": "move", "card": fmt(first), "from": "hand", "to": "new"})
    game.apply(seat, "undo")
    game.apply(seat, "draw")
    assert game.log[0] == (seat, {"type": "draw"})
    assert game.log[1][1]["type"] == "move"
    again = Manipulacion.replay(3, {"ruleset": "carrusel"}, 21,
                                json.loads(json.dumps(game.to_json_log())))
    for viewer in (None, 0, 1, 2):
        assert again.view(viewer) == game.view(viewer)
    assert again.stock == game.stock


def test_every_table_card_reads_back_as_written_and_stands_for_its_card():
    """The card texts are looked up (melds.py): every real card, the joker and every named
    joker, written and read back, and read with spaces around it as before."""
    for card in ALL_CARDS:
        assert parse(fmt(card)) == card and fmt(card) == FRENCH.format(card)
        assert stands_for(card) == card
        joker = named(card)
        assert fmt(joker) == "*" + FRENCH.format(card) and parse(fmt(joker)) == joker
        assert stands_for(joker) == card
        assert parse(f" {fmt(joker)} ") == joker
    assert (fmt(JOKER), parse("*"), parse(" * ")) == ("*", JOKER, JOKER)
    assert all(type(parse(fmt(x))) is int for x in (JOKER, ALL_CARDS[0], named(ALL_CARDS[5])))
    with pytest.raises(ValueError):
        parse("*" + "*")
