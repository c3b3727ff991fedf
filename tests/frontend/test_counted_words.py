"""Counts read in the singular for one, in Spanish and English («1 carta», «1 card», never
«1 cartas»): every string that puts a count before a noun has its `_one` form in both
languages, and every screen that shows it picks the form by the count (tn, or a game's own
helper of the same kind). The few counts the rules never let be one are named with the rule."""
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "static" / "js"
TABLES = [JS / "core" / "i18n.js", *sorted(JS.glob("shell/*strings.js")),
          *sorted(JS.glob("games/*/strings.js"))]
ENTRY = re.compile(r'"([a-z0-9_.]+)":\s*"((?:[^"\\]|\\.)*)"')
ENGLISH_STARTS = re.compile(r"^\s*(?:en: \{|const EN = \{)", re.M)

NOUNS = ("cartas|fichas|comodines|rondas|partidas|jugadores|compras|combinaciones|grupos|"
         "puntos|victorias|cards|tiles|wild cards|rounds|games|players|buys|melds|groups|"
         "points|pts|wins|computer players")
COUNTED = re.compile(rf"\{{(?:n|count|cards|tiles)\}}\s+(?:more\s+)?(?:{NOUNS})\b")
# Words shown right after a number drawn beside them ("13" "cartas").
UNITS = ["tv.cards", "mani.cards_unit", "mani.rounds_unit"]
NEVER_ONE = {
    "canasta.table.meld_title": "a combination holds three cards or more",
    "canasta.hand.points": "cards are worth 5, 10, 20 or 50",
    "canasta.table.points": "cards are worth 5, 10, 20 or 50: scores go by fives",
    "canasta.phone.points": "cards are worth 5, 10, 20 or 50: scores go by fives",
    "canasta.hand.hint.first": "a first meld needs 15 points or more",
    "canasta.results.target": "a game is played to thousands of points",
    "canasta.ev.kitty_taken": "a kitty is 11 cards",
    "canasta.hand.kitty_title": "a kitty is 11 cards",
    "canasta.hand.kitty_choice": "a kitty is 11 cards",
    "canasta.hand.kitty_left_title": "a kitty is 11 cards",
    "canasta.ev.kitty_left": "a kitty is 11 cards",
    "canasta.ev.meld_many": "one combination has its own sentence, canasta.ev.meld_one",
    "mani.ev.draw_n": "drawing one card has its own sentence, mani.ev.draw",
    "mani.to_target": "a game is played to 200 or 300 points",
}
# A call that picks the form by the count: the shared tn(), Manipulación's tc()/countKey(),
# or a game's own helper (many, tn) that adds "_one" for one.
BY_COUNT = r"\b(?:tn|tc|many|countKey)\(\s*"


def tables() -> dict[str, dict[str, str]]:
    words: dict[str, dict[str, str]] = {"es": {}, "en": {}}
    for path in TABLES:
        text = path.read_text()
        split = ENGLISH_STARTS.search(text)
        assert split, path
        for lang, part in (("es", text[:split.start()]), ("en", text[split.start():])):
            words[lang].update(ENTRY.findall(part))
    return words


WORDS = tables()
COUNTS = sorted({key for lang in WORDS.values() for key, text in lang.items()
                 if COUNTED.search(text) and not key.endswith("_one")} | set(UNITS))
SCREENS = [p for p in sorted(JS.rglob("*.js")) if p not in TABLES]


def test_the_tables_are_read():
    assert len(WORDS["es"]) > 500 and len(WORDS["en"]) > 500
    assert WORDS["es"]["tv.cards"] == "cartas" and WORDS["en"]["tv.cards"] == "cards"
    assert "canasta.tv.pile_count" in COUNTS and "tren.lanes.tiles" in COUNTS


@pytest.mark.parametrize("key", COUNTS)
def test_a_count_has_its_singular_in_both_languages(key):
    if key in NEVER_ONE:
        pytest.skip(NEVER_ONE[key])
    for lang in ("es", "en"):
        one = WORDS[lang].get(f"{key}_one")
        assert one, f"{key}_one is missing in {lang}"
        assert not re.search(rf"\b1 (?:{NOUNS})\b", one), (lang, one)


@pytest.mark.parametrize("key", COUNTS)
def test_a_screen_shows_a_count_by_its_number(key):
    if key in NEVER_ONE:
        pytest.skip(NEVER_ONE[key])
    uses = []
    for path in SCREENS:
        text = path.read_text()
        for found in re.finditer(re.escape(f'"{key}"'), text):
            before = text[max(0, found.start() - 60):found.start()]
            line = text[text.rfind("\n", 0, found.start()):text.find("\n", found.end())]
            chosen = re.search(BY_COUNT + "$", before) or f'"{key}_one"' in line
            uses.append((path.relative_to(ROOT).as_posix(), bool(chosen)))
    assert all(chosen for _, chosen in uses), uses


def test_the_use_check_catches_a_plain_t():
    text = 'h("span", { text: t("canasta.tv.pile_count", { n: view.pile }) })'
    found = text.index('"canasta.tv.pile_count"')
    assert not re.search(BY_COUNT + "$", text[:found])
    text = 'h("span", { text: tn("canasta.tv.pile_count", view.pile) })'
    assert re.search(BY_COUNT + "$", text[:text.index('"canasta.tv.pile_count"')])
