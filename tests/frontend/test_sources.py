"""Checks on the front end's sources (no browser): one rendering style without markup built
from data, shells that name no game, every game the chooser offers with its screens found by
its name (a registered game without screens is offered as coming soon), and no rule set named
in a screen."""
import re
from pathlib import Path

import pytest

from engine.registry import GAMES, UPCOMING
from server.catalogue import playable

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "static" / "js"
SOURCES = sorted(JS.rglob("*.js"))
SHELLS = sorted([*(JS / "shell").glob("*.js"), *(JS / "core").glob("*.js"),
                 *(ROOT / "templates").glob("*.html")])
GAME_NAMES = [*GAMES, *(game["name"] for game in UPCOMING)]
WITH_SCREENS = playable()     # the registered games the chooser offers

# Ways to turn a string into markup: assigning innerHTML / outerHTML, insertAdjacentHTML,
# document.write, createContextualFragment.
MARKUP_SINKS = re.compile(
    r"\.(?:inner|outer)HTML\s*\+?=|insertAdjacentHTML|document\.write|createContextualFragment")


def relative(path):
    return str(path.relative_to(ROOT))


def test_the_sources_are_where_the_shells_look_for_them():
    assert SOURCES and (JS / "shell" / "tv.js").exists() and (JS / "shell" / "phone.js").exists()
    # The one-device page (/solo) is a shell too: it mounts the games' screens by name.
    solo = (JS / "shell" / "solo.js").read_text()
    assert 'from "./games.js"' in solo and "screenSlot(" in solo
    assert len(SHELLS) >= 8


@pytest.mark.parametrize("path", SOURCES, ids=relative)
def test_no_source_turns_a_string_into_markup(path):
    found = [f"{n}: {line.strip()}" for n, line in enumerate(path.read_text().splitlines(), 1)
             if MARKUP_SINKS.search(line)]
    assert not found, (f"{relative(path)} builds markup from a string (use h() from core/dom.js):\n"
                       + "\n".join(found))


def test_the_markup_check_catches_each_sink():
    for line in ('el.innerHTML = `<b>${name}</b>`;', "node.outerHTML = x", "el.innerHTML += row",
                 'el.insertAdjacentHTML("beforeend", x)', "document.write(x)"):
        assert MARKUP_SINKS.search(line), line
    assert not MARKUP_SINKS.search("node.textContent = name")


# `export { name } from "..."` passes a name on without binding it in the module: a use of it
# there is a ReferenceError at the moment it runs (the TV's podium once failed that way).
REEXPORT = re.compile(r"^export\s*\{([^}]*)\}\s*from\b", re.M)


def reexported_but_used(text: str) -> list[str]:
    names = [part.split(" as ")[-1].strip() for match in REEXPORT.finditer(text)
             for part in match.group(1).split(",") if part.strip()]
    body = REEXPORT.sub("", text)
    imported = {n.split(" as ")[-1].strip()
                for m in re.finditer(r"^import\s*\{([^}]*)\}", body, re.M)
                for n in m.group(1).split(",")}
    return [n for n in names if n not in imported and re.search(rf"\b{re.escape(n)}\s*\(", body)]


@pytest.mark.parametrize("path", SOURCES, ids=relative)
def test_no_module_calls_a_name_it_only_passes_on(path):
    used = reexported_but_used(path.read_text())
    assert not used, f"{relative(path)} re-exports {used} and calls it without importing it"


def test_the_pass_on_check_catches_a_call():
    bad = 'export { signed } from "../core/numbers.js";\nconst x = signed(3);\n'
    good = ('import { signed } from "../core/numbers.js";\nexport { signed };\n'
            'const x = signed(3);\n')
    assert reexported_but_used(bad) == ["signed"]
    assert reexported_but_used(good) == []


@pytest.mark.parametrize("path", SHELLS, ids=relative)
def test_no_shell_names_a_game(path):
    text = path.read_text().lower()
    named = [name for name in GAME_NAMES if re.search(rf"\b{name}\b", text)]
    assert not named, \
        f"{relative(path)} names {named}: the list of games comes from the server's catalogue"


def test_the_games_the_chooser_offers_are_those_with_screens():
    assert {"ferrocarril", "manipulacion"} <= set(WITH_SCREENS) <= set(GAMES)
    for name in GAMES:
        assert (name in WITH_SCREENS) is (JS / "games" / name / "manifest.js").is_file(), name


@pytest.mark.parametrize("name", WITH_SCREENS)
def test_every_registered_game_has_its_screens(name):
    folder = JS / "games" / name
    manifest = (folder / "manifest.js").read_text()
    assert re.search(rf'name:\s*"{name}"', manifest)
    for part in ("strings.js", "tv.js", "phone.js"):
        assert (folder / part).exists(), f"games/{name}/{part}"
        assert f'"./{part}"' in manifest, f"games/{name}/manifest.js does not load {part}"
    for component in ("tv.js", "phone.js", "table.js", "results.js", "hand.js"):
        source = (folder / component).read_text()
        assert re.search(r"^export (?:const|function) mount\b", source, re.M), \
            f"games/{name}/{component} exports no mount(root, ctx)"
    # The table and the results are the same component on both screens, with a density (a
    # phone imports its results when a round first ends: laterResults in phone-kit.js).
    for screen in ("tv.js", "phone.js"):
        text = (folder / screen).read_text()
        for component in ("table", "results"):
            assert f'from "./{component}.js"' in text or f'import("./{component}.js")' in text, \
                f"games/{name}/{screen} does not mount its {component}"


SHEET = re.compile(r"(tv|phone):\s*\"([a-z0-9-]+\.css)\"")


def selectors(css: str) -> list[str]:
    """Every selector of a style sheet's rules (at-rules' own blocks left out)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    css = re.sub(r"@keyframes[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}", "", css)
    heads = re.findall(r"([^{}]+)\{[^{}]*\}", re.sub(r"@media[^{]*\{", "", css))
    return [part.strip() for head in heads for part in head.split(",")]


@pytest.mark.parametrize("name", WITH_SCREENS)
def test_a_games_tv_styles_are_its_own_and_its_feed_rules_stay_in_its_screen(name):
    """The manifest names the game's TV sheet, loaded with its screen; it stays in the page when
    another game is played next, so a rule on the feed (which every game's screen has) starts
    with the game's root, .game-<name>."""
    manifest = (JS / "games" / name / "manifest.js").read_text()
    sheets = dict(SHEET.findall(manifest))
    assert sheets.get("tv") == f"{name}-tv.css", f"games/{name}/manifest.js names no TV sheet"
    for sheet in sheets.values():
        assert (ROOT / "static" / "css" / sheet).is_file(), sheet
    own = selectors((ROOT / "static" / "css" / sheets["tv"]).read_text())
    assert own
    leaking = [s for s in own if "feed" in s and not s.startswith(f".game-{name} ")]
    assert not leaking, leaking


def test_the_selector_reader_finds_a_feed_rule_left_unscoped():
    css = ("/* x */ .a, .game-tren .feed-item .text { color: red; }\n"
           "@keyframes k { 50% { opacity: 0; } }\n@media (x) { .feed-item .b { color: blue; } }")
    assert selectors(css) == [".a", ".game-tren .feed-item .text", ".feed-item .b"]

# What the hand's handle offers a screen beside the contract (update, relabel, destroy and the
# panel come from phone-kit's handHandle): what the table needs from the hand, whether the panel
# replaces the table, and the table's taps. A screen without the phone's shell mounts the same
# hand beside the same table with these.
HAND_PARTS = ("local", "panelReplacesTable", "tapTable")


@pytest.mark.parametrize("name", WITH_SCREENS)
def test_every_registered_game_has_a_hand_the_phone_mounts(name):
    folder = JS / "games" / name
    hand = (folder / "hand.js").read_text()
    assert "\n  return handHandle(ui, root, {" in hand, \
        f"games/{name}/hand.js: mount() does not return a handHandle"
    returned = hand[hand.rindex("\n  return handHandle("):]
    missing = [key for key in HAND_PARTS if not re.search(rf"^\s+{key}\b", returned, re.M)]
    assert not missing, f"games/{name}/hand.js: mount() returns no {missing}"
    assert "ctx.room(" in hand and "ctx.drawTable(" in hand, \
        f"games/{name}/hand.js ignores ctx.room / ctx.drawTable"
    phone = (folder / "phone.js").read_text()
    assert 'import { mount as mountHand } from "./hand.js"' in phone and "mountHand(" in phone, \
        f"games/{name}/phone.js does not mount its hand"
    # The hand's cards and buttons are drawn by the hand alone.
    for owned in ("hand-card", "handRows(", "pickHandLayout(", "idleActions("):
        assert owned not in phone, \
            f"games/{name}/phone.js draws {owned!r}: that is the hand's (hand.js)"


def test_strings_are_registered_not_patched_in():
    i18n = (JS / "core" / "i18n.js").read_text()
    assert "export function registerStrings" in i18n
    assert not re.search(r"^export (?:const|let) STRINGS", i18n, re.M)
    for path in SOURCES:
        assert "STRINGS" not in path.read_text() or path.name == "i18n.js", relative(path)


def test_no_screen_names_a_rule_set():
    rulesets = GAMES["manipulacion"].OPTIONS.by_name["ruleset"].choices
    names = [choice.value for choice in rulesets if choice.value not in GAMES]
    assert "tahiti" in names
    for path in (JS / "games").rglob("*.js"):
        if path.name == "strings.js":
            continue
        text = path.read_text()
        for name in names:
            assert not re.search(rf"""["'`]{name}["'`]""", text), \
                f"{relative(path)} tests the rule set {name!r}"


# ----- keyboard play on the one-device page (shell/keys.js) -----------------------------------

KEY_STRING = re.compile(r'"([\w.]+\.key\.(\w+)\.(\w+))":\s*"([^"]*)"')


def dataset_literals(source: str) -> list[str]:
    """The text of every `dataset: {...}` object literal (braces inside `${...}` balanced)."""
    found = []
    for match in re.finditer(r"dataset:\s*\{", source):
        depth, i = 0, match.end() - 1
        while True:
            depth += {"{": 1, "}": -1}.get(source[i], 0)
            if depth == 0:
                break
            i += 1
        found.append(source[match.end() - 1:i + 1])
    return found


def key_strings(name: str) -> dict[str, dict[str, str]]:
    """A game's keys per language: {"es": {string key: the key}, "en": {...}}."""
    text = (JS / "games" / name / "strings.js").read_text()
    es, en = re.split(r"^\s*(?:en:\s*\{|const EN\b)", text, maxsplit=1, flags=re.M)
    return {lang: {m[1]: m[4] for m in KEY_STRING.finditer(part)}
            for lang, part in (("es", es), ("en", en))}


def test_the_dataset_literal_reader_balances_template_braces():
    source = ('h("b", { dataset: { act: `${r.type}_x`, key: t(`k.${r.type}`) } }); '
              'h("i", { dataset: { a: "1" } })')
    assert dataset_literals(source) == ["{ act: `${r.type}_x`, key: t(`k.${r.type}`) }",
                                        '{ a: "1" }']


@pytest.mark.parametrize("name", WITH_SCREENS)
def test_every_action_button_of_a_game_has_a_key(name):
    """On the one-device page each action button's key is shown on it and pressed for it."""
    actions = {}
    for part in ("hand.js", "phone.js"):
        source = (JS / "games" / name / part).read_text()
        actions[part] = [d for d in dataset_literals(source) if re.search(r"\bact:", d)]
        missing = [d for d in actions[part] if not re.search(r"\bkey:", d)]
        assert not missing, f"games/{name}/{part}: action buttons without a data-key: {missing}"
    assert actions["hand.js"], f"games/{name}/hand.js: no action buttons found"


@pytest.mark.parametrize("name", WITH_SCREENS)
def test_a_games_keys_are_single_letters_distinct_among_the_buttons_seen_together(name):
    keys = key_strings(name)
    assert keys["es"], f"games/{name}/strings.js defines no keys"
    assert set(keys["es"]) == set(keys["en"]), f"games/{name}: keys missing in one language"
    for lang, table in keys.items():
        groups: dict[str, dict[str, str]] = {}
        for string, key in table.items():
            assert re.fullmatch(r"[a-zñ0-9]", key), f"games/{name} {lang} {string}: {key!r}"
            group = KEY_STRING.match(f'"{string}": "{key}"')[2]
            clash = groups.setdefault(group, {}).get(key)
            assert clash is None, f"games/{name} {lang}: {string} and {clash} both use {key!r}"
            groups[group][key] = string
    # Every key a screen asks for is there.
    used = set()
    for part in ("hand.js", "phone.js"):
        source = (JS / "games" / name / part).read_text()
        used |= set(re.findall(r't\("([\w.]+\.key\.[\w.]+)"\)', source))
        used |= {prefix + "*" for prefix in re.findall(r"t\(`([\w.]+\.key\.\w+\.)\$\{", source)}
    assert used
    for string in used:
        if string.endswith("*"):
            assert any(k.startswith(string[:-1]) for k in keys["es"]), string
        else:
            assert string in keys["es"], f"games/{name}: {string} is not in strings.js"


def test_keyboard_play_is_the_solo_pages_only():
    solo, phone = ((ROOT / "templates" / page).read_text() for page in ("solo.html", "phone.html"))
    assert "css/keys.css" in solo and "css/keys.css" not in phone
    users = [relative(p) for p in SOURCES
             if "installKeys(" in p.read_text() and p.name != "keys.js"]
    assert users == ["static/js/shell/solo.js"], users


def test_the_guide_finds_every_kind_of_thing_a_lesson_points_at():
    from engine.lessons import POINTS, lessons_of
    source = (JS / "shell" / "lesson.js").read_text(encoding="utf-8")
    start = source.index("const TARGETS = {")
    block = source[start:source.index("};", start)]
    kinds = set(re.findall(r"^\s+(\w+):", block, re.M))
    assert kinds == set(POINTS)
    for name in GAMES:
        for lesson in lessons_of(name):
            for step in lesson.steps:
                assert set(step.point or {}) <= kinds, (lesson.id, step.point)


def test_every_games_tv_screen_draws_the_pieces_a_replay_shows():
    """shell/tv-replay.js draws a closing moment's hand with the game's own pieces."""
    for manifest in sorted(JS.glob("games/*/manifest.js")):
        tv = (manifest.parent / "tv.js").read_text()
        exported = re.search(r"^export (?:const|function) shownPieces\b", tv, re.M)
        assert exported, manifest.parent.name


SHELL_KEY = re.compile(
    r"""["'`]((?:common|display|phone|tv|solo|lesson|replay)\.[a-z0-9_.]+)["'`]""")
STATIC_IMPORT = re.compile(r"""^import\s[^;]*?from\s+["'](\.[^"']+)["']""", re.M | re.S)
PAGES = {"tv": ("shell/tv.js", "tv"), "phone": ("shell/phone.js", "phone"),
         "solo": ("shell/solo.js", "phone"), "replay": ("shell/replay-page.js", "tv")}


def reachable(entry: Path) -> set[Path]:
    """The modules a page loads from `entry` by static imports."""
    seen: set[Path] = set()
    todo = [entry]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        todo += [(path.parent / m).resolve() for m in STATIC_IMPORT.findall(path.read_text())]
    return seen


def registered_keys(text: str) -> set[str]:
    return set(re.findall(r'^\s*"([a-z_]+\.[a-z0-9_.]+)":', text, re.M))


@pytest.mark.parametrize("page", PAGES)
def test_every_shell_word_a_page_shows_is_registered_on_that_page(page):
    """The shells' words are split by page (core/i18n.js for all, shell/tv-strings.js,
    solo-strings.js, replay-strings.js for their own), so the phone page does not carry the
    TV's: every literal key a page's modules use must be in a strings module that page loads."""
    entry, device = PAGES[page]
    modules = reachable((JS / entry).resolve())
    for manifest in sorted(JS.glob("games/*/manifest.js")):     # loaded by name, by games.js
        modules |= reachable(manifest.resolve())
        modules |= reachable((manifest.parent / f"{device}.js").resolve())
    known: set[str] = set()
    for path in modules:
        if path.name == "i18n.js" or path.name.endswith("strings.js"):
            known |= registered_keys(path.read_text())
    template = (ROOT / "templates" / f"{page}.html").read_text()
    used = {(relative(path), key) for path in modules
            for key in SHELL_KEY.findall(path.read_text()) if not key.endswith(".")}
    used |= {(f"templates/{page}.html", key)
             for key in re.findall(r'data-i18n="([^"]+)"', template)}
    missing = sorted((where, key) for where, key in used if key not in known)
    assert not missing, missing
