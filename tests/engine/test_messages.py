"""The refusal catalogue: every code has one Spanish and one English text, written in words a
player reads (never a card code or an identifier), and every code the engine raises is in it."""
import importlib
import re
from pathlib import Path

import pytest

import engine.registry  # noqa: F401  (every game registers its codes)
import server.messages  # noqa: F401  (and the host its own)
from engine import dominoes
from engine.cards import FRENCH, JOKER, SPANISH, card
from engine.game import GameError
from engine.messages import CATALOGUE, Or, Words, register, template_fields, texts

ENGINE = Path(__file__).resolve().parents[2] / "engine"
SERVER = ENGINE.parent / "server"
# Packages whose refusals all come from the catalogue (a new game is added here when it lands).
CONVERTED = ["*.py", "ferrocarril/*.py", "manipulacion/*.py", "tren/*.py", "canasta/*.py"]

SAMPLES = {
    "why": Words("Primero roba una carta.", "Draw a card first."),
    "card": SPANISH.words(card(7, 1)),
    "cards": [SPANISH.words(card(7, 0)), FRENCH.words(card(12, 1)), SPANISH.words(card(1, 3))],
    "rank": SPANISH.rank_words(13),
    "suit": SPANISH.suit_words(2),
    "least": 3,
    "most": 10,
    "unit": Words("segundos", "seconds"),
    "option": Words("Jugar hasta", "Play to"),
    "choices": Or([Words("200 puntos", "200 points"), Words("300 puntos", "300 points")]),
    "contract": Words("2 tríos", "2 sets of three"),
    "game": Words("Ferrocarril", "Ferrocarril"),
    # Manipulación
    "count": 3,
    "points": 12,
    "group": Words("el grupo 2", "group 2"),
    "groups": Words(" (cambia el grupo 2)", " (it changes group 2)"),
    "place": Words("ese grupo", "that group"),
    "reason": Words("hacen falta al menos 3 cartas", "at least 3 cards are needed"),
    "rearranging": Words("No hace falta reorganizar la mesa.", "No rearranging is needed."),
    "button": Words("Robar", "Draw"),
    # Ferrocarril
    "what": Words("añadir cartas", "add cards"),
    # Tren Mexicano
    "tile": dominoes.words(dominoes.tile(12, 7)),
    "double": dominoes.double_words(9),
    "train": Words("tu tren", "your train"),
    "end": dominoes.number_words(8),
}
# A card code such as 7o or Qh, or a joker written *; "As de" is a word (the ace), not a code.
CARD_CODE = re.compile(r"(?<![\w«'])(?:10|[2-9AJQKSCR])[ocebshdc](?!\w| de )|(?<!\w)\*\w*")
IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b")


@pytest.mark.parametrize("code", sorted(CATALOGUE))
def test_every_code_reads_as_words_in_both_languages(code):
    text = CATALOGUE[code]
    assert set(template_fields(text.es)) == set(template_fields(text.en)), code
    missing = set(template_fields(text.es)) - set(SAMPLES)
    assert not missing, f"add a sample for the parameters {missing}"
    es, en = texts(code, **{name: SAMPLES[name] for name in template_fields(text.es)})
    for message in (es, en):
        assert message and message[0].isupper() and message.endswith((".", "!", "?")), message
        assert "{" not in message and "}" not in message
        assert not CARD_CODE.search(message), message
        assert not IDENTIFIER.search(message), message
    assert es != en or code in ("unknown_action",) or es.startswith("Ferrocarril")


def test_cards_are_named_in_words_with_their_article():
    assert SPANISH.words(card(7, 1)) == Words("el 7 de copas", "the 7 of cups")
    assert SPANISH.words(card(11, 3)) == Words("la Sota de bastos", "the Jack of clubs")
    assert SPANISH.words(card(12, 0)).es == "el Caballo de oros"
    assert SPANISH.words(JOKER) == Words("el comodín", "the joker")
    assert FRENCH.words(card(9, 1)) == Words("el 9 de corazones", "the 9 of hearts")
    # French suits and faces get Spanish names in Spanish.
    assert FRENCH.words(card(12, 1)) == Words("la Reina de corazones", "the Queen of hearts")
    assert FRENCH.words(card(11, 0)).es == "la Jota de picas"
    assert FRENCH.words(card(13, 3)).es == "el Rey de tréboles"
    assert SPANISH.a_rank_words(11) == Words("una Sota", "a Jack")
    assert SPANISH.a_rank_words(1) == Words("un As", "an Ace")
    assert SPANISH.rank_words(13) == Words("Reyes", "Kings")
    assert SPANISH.rank_words(7) == Words("7", "7s")


def test_parameters_are_filled_in_the_readers_language():
    es, en = texts("card_not_in_hand", card=SPANISH.words(card(11, 3)))
    assert es == "No tienes la Sota de bastos en la mano."
    assert en == "You do not hold the Jack of clubs."
    es, en = texts("group_mixed_ranks",
                   cards=[SPANISH.words(card(7, 0)), SPANISH.words(card(8, 1)),
                          SPANISH.words(JOKER)])
    assert es == "Un grupo lleva cartas de un solo valor: el 7 de oros, el 8 de copas y el comodín."
    assert en == ("A group holds cards of one rank only: the 7 of coins, the 8 of cups and "
                  "the joker.")
    # "de el" is said "del" in Spanish.
    es, _ = texts("joker_needs_card", card=SPANISH.words(card(4, 0)))
    assert es == "Ese comodín ocupa el lugar del 4 de oros: solo esa carta lo libera."


def test_a_code_is_never_given_a_second_text():
    register({"card_not_in_hand": (CATALOGUE["card_not_in_hand"].es,
                                   CATALOGUE["card_not_in_hand"].en)})   # the same: fine
    with pytest.raises(ValueError):
        register({"card_not_in_hand": ("Otra cosa.", "Something else.")})


def test_a_code_or_identifier_cannot_be_passed_as_a_parameter():
    with pytest.raises(TypeError):
        texts("card_not_in_hand", card="7c")


def _raised_codes(path: Path) -> set[str]:
    return set(re.findall(r"\b(?:refuse|malformed)\(\s*\"(\w+)\"", path.read_text()))


@pytest.mark.parametrize("path", sorted(p for pattern in CONVERTED for p in ENGINE.glob(pattern)),
                         ids=lambda p: str(p.relative_to(ENGINE)))
def test_every_refusal_comes_from_the_catalogue(path):
    source = path.read_text()
    # A module registers its codes when it is imported (engine/lessons.py only by a lesson):
    # import it, so that the check does not depend on which tests ran before.
    importlib.import_module(".".join(path.relative_to(ENGINE.parent).with_suffix("").parts))
    assert _raised_codes(path) <= set(CATALOGUE)
    if path.name not in ("game.py", "messages.py") or path.parent != ENGINE:
        # Only the catalogue writes texts: no refusal built with inline words.
        assert not re.search(r"(?:IllegalAction|MalformedAction|GameError)\(", source), path


@pytest.mark.parametrize("path", sorted(SERVER.glob("*.py")), ids=lambda p: p.name)
def test_the_hosts_refusals_come_from_the_catalogue(path):
    source = path.read_text()
    codes = set(re.findall(r"RoomError\.of\(\s*\"(\w+)\"", source))
    assert codes <= set(CATALOGUE), codes - set(CATALOGUE)
    # Texts are never written where the refusal is raised.
    assert not re.search(r"RoomError\(\s*\"", source), path


OPTIONS = [pytest.param(cls, option, id=f"{cls.name}-{option.name}")
           for cls in engine.registry.GAMES.values() for option in cls.OPTIONS.options]


@pytest.mark.parametrize("cls,option", OPTIONS)
def test_every_option_value_has_a_label_in_each_language_and_sentences_use_it(cls, option):
    """Each choice of each option is named in Spanish and in English, and a sentence about the
    option (its refusal) names the choices by those labels, never by their values ("remind")."""
    assert option.label.es and option.label.en
    raw = [c.value for c in option.choices if isinstance(c.value, str)]
    for choice in option.choices:
        assert choice.label.es and choice.label.en, choice.value
        assert str(choice.value) not in (choice.label.es, choice.label.en), choice.value
    if not option.choices:
        return
    with pytest.raises(GameError) as caught:
        option.check(object())
    for message, lang in ((caught.value.es, "es"), (caught.value.en, "en")):
        for choice in option.choices:
            assert choice.label.get(lang) in message, (choice.value, message)
        for value in raw:
            assert not re.search(rf"\b{re.escape(value)}\b", message), (value, message)
