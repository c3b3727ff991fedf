"""Ferrocarril action notation: every action type round-trips text <-> Action <-> dict."""
import pytest

from engine.cards import ALL_CARDS, JOKER, SPANISH
from engine.ferrocarril import Ferrocarril, actions as A
from engine.game import MalformedAction
from tests.engine.notation_helpers import NotationCases


def c(text):
    return tuple(SPANISH.parse_all(text))


# (canonical text, Action, JSON dict) for every action type, with awkward cards.
CASES = [
    ("draw", A.Draw(), {"type": "draw"}),
    ("buy", A.Buy(), {"type": "buy"}),
    ("pass", A.Pass(), {"type": "pass"}),
    ("close_buy", A.CloseBuyWindow(), {"type": "close_buy"}),
    ("close", A.Close(), {"type": "close"}),
    ("next_round", A.NextRound(), {"type": "next_round"}),
    ("last_round", A.LastRound(), {"type": "last_round"}),
    ("salir 7o 7c *", A.Salir((c("7o 7c *"),)),
     {"type": "salir", "melds": [["7o", "7c", "*"]]}),
    ("salir 7o 7c * / 8o 8e 8b", A.Salir((c("7o 7c *"), c("8o 8e 8b"))),
     {"type": "salir", "melds": [["7o", "7c", "*"], ["8o", "8e", "8b"]]}),
    ("salir Co Ro Ao 2o 3o 4o 10o", A.Salir((c("Co Ro Ao 2o 3o 4o 10o"),)),
     {"type": "salir", "melds": [["Co", "Ro", "Ao", "2o", "3o", "4o", "10o"]]}),
    ("meld 3o 3c 3e", A.NewMeld(c("3o 3c 3e")), {"type": "meld", "cards": ["3o", "3c", "3e"]}),
    ("meld Sb Sb *", A.NewMeld(c("Sb Sb *")), {"type": "meld", "cards": ["Sb", "Sb", "*"]}),
    ("add #2 5o @high", A.Add(2, c("5o"), "high"),
     {"type": "add", "meld": 2, "cards": ["5o"], "end": "high"}),
    ("add #2 * 10e @low", A.Add(2, c("* 10e"), "low"),
     {"type": "add", "meld": 2, "cards": ["*", "10e"], "end": "low"}),
    ("add #17 Cc Cb", A.Add(17, c("Cc Cb")), {"type": "add", "meld": 17, "cards": ["Cc", "Cb"]}),
    ("add #0 Ao", A.Add(0, c("Ao")), {"type": "add", "meld": 0, "cards": ["Ao"]}),
    ("steal #3 5o", A.Steal(3, c("5o")[0]), {"type": "steal", "meld": 3, "card": "5o"}),
    ("steal #12 10b", A.Steal(12, c("10b")[0]), {"type": "steal", "meld": 12, "card": "10b"}),
    ("discard 7o", A.Discard(c("7o")[0]), {"type": "discard", "card": "7o"}),
    ("discard *", A.Discard(JOKER), {"type": "discard", "card": "*"}),
    ("discard Re", A.Discard(c("Re")[0]), {"type": "discard", "card": "Re"}),
]


class TestFerrocarrilNotation(NotationCases):
    CASES = CASES
    TYPES = A.TYPES
    parse_text = staticmethod(A.parse)
    from_dict = staticmethod(A.from_dict)
    coerce = staticmethod(A.coerce)


@pytest.mark.parametrize("name", [SPANISH.format(x) for x in (*ALL_CARDS, JOKER)])
def test_every_card_round_trips_in_every_card_carrying_action(name):
    card = SPANISH.parse(name)
    for action in (A.Discard(card), A.Steal(1, card), A.NewMeld((card,)),
                   A.Add(4, (card,), "low"), A.Salir(((card,),))):
        assert A.parse(action.to_text()) == action
        assert A.from_dict(action.to_dict()) == action
    assert A.Discard(card).to_text() == f"discard {name}"


@pytest.mark.parametrize("loose,canonical", [
    ("discard 7O", "discard 7o"), ("discard   sC ", "discard Sc"),
    ("add #2 5O 6o   @high", "add #2 5o 6o @high"), ("salir 7o 7c */8o 8e 8b",
                                                        "salir 7o 7c * / 8o 8e 8b"),
    ("  draw  ", "draw"), ("steal #3 rB", "steal #3 Rb"), ("meld 10E 10e 10b", "meld 10e 10e 10b"),
])
def test_text_is_read_loosely_and_written_canonically(loose, canonical):
    assert A.parse(loose).to_text() == canonical


def test_add_without_end_has_no_end_in_its_dict():
    assert "end" not in A.Add(2, c("5o")).to_dict()
    assert A.from_dict({"type": "add", "meld": 2, "cards": ["5o"], "end": None}) == \
        A.Add(2, c("5o"))


def test_log_entries_are_the_dict_form_and_replay_through_it():
    game = Ferrocarril.from_deal(["7o 7c 5b 9o 2b", "3o 3c"], phase="play",
                                 table=[(1, "5o 5c *")], opening_done=True)
    game.apply(0, "steal #1 5b")
    game.apply(0, A.Salir((c("7o 7c *"),)))
    game.apply(0, {"type": "discard", "card": "2b"})
    assert [entry for _, entry in game.log] == [
        {"type": "steal", "meld": 1, "card": "5b"},
        {"type": "salir", "melds": [["7o", "7c", "*"]]},
        {"type": "discard", "card": "2b"},
    ]
    assert [A.from_dict(entry).to_text() for _, entry in game.log] == \
        ["steal #1 5b", "salir 7o 7c *", "discard 2b"]


@pytest.mark.parametrize("text", ["draw 1", "buy now", "discard", "add 2 5o", "steal #3",
                                  "salir", "meld", "add #2 5o @left", "jugar 7o",
                                  "add #\u00b2 5o", "steal #" + "9" * 5000 + " 5o"])
def test_text_that_is_not_notation_is_malformed(text):
    with pytest.raises(MalformedAction):
        A.parse(text)
