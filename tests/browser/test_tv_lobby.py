"""The TV's lobby: Empezar looks at rest until the table has enough players, and a tap on it
then says why; with enough players it is the bright button that starts the game. Options show
their choices by their labels, here and on the one-device entry."""
from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from tests.browser.pages import add_bots, choose_game, host_command

WAIT_MS = 10000


def test_empezar_looks_at_rest_until_there_are_enough_players(tv, host):
    tv.set_default_timeout(WAIT_MS)
    tv.goto(host.url + "/")
    start = tv.locator("#start")
    expect(start).to_have_attribute("aria-disabled", "true")
    resting = start.evaluate("b => getComputedStyle(b).backgroundColor")
    error = tv.locator(".start-row .error")
    for _ in range(3):          # a press that meets the lobby as it is redrawn is made again
        start.click(force=True)                # (Playwright waits for aria-disabled ones)
        try:
            expect(error).to_be_visible(timeout=3000)
            break
        except AssertionError:
            continue
    expect(error).to_be_visible()                                  # the host's own reason
    add_bots(tv, 2)
    expect(tv.locator(".seats-panel .seat")).to_have_count(2)
    expect(start).not_to_have_attribute("aria-disabled", "true")
    assert start.evaluate("b => getComputedStyle(b).backgroundColor") != resting


def test_a_state_pushed_while_a_tile_is_pressed_does_not_lose_the_click(tv, host):
    """The room's state arrives between the press on a game's tile and its release (here a host
    command from elsewhere): the lobby waits for the release before drawing it, so the click
    still chooses the game. Before, the tile was replaced under the pointer and the click lost."""
    tv.set_default_timeout(WAIT_MS)
    tv.goto(host.url + "/")
    expect(tv.locator(".join-panel .join-url strong")).to_have_text(re.compile(r"/j/[A-Z]{4}$"))
    expect(tv.locator(".tile.selected")).to_have_attribute("data-game", "ferrocarril")
    tv.wait_for_function("""() => document.fonts.status === 'loaded'
        && [...document.querySelectorAll('.tile-emblem')].every((img) => img.complete)""")
    box = tv.locator('.tile[data-game="tren"]').evaluate(
        "tile => tile.getBoundingClientRect().toJSON()")      # (in one go: the lobby redraws)
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    tv.mouse.move(x, y)
    tv.mouse.down()
    under = tv.evaluate(
        "([x, y]) => document.elementFromPoint(x, y)?.closest('.tile')?.dataset.game", [x, y])
    assert under == "tren", under                         # the press is on Tren's tile
    session = json.loads(tv.evaluate("() => localStorage.getItem('sobremesa.tv')"))
    reply = host_command(host.url, session["room"], session["host_token"], "add_bot", {})
    assert reply == {"ok": True}, reply
    tv.wait_for_timeout(400)                              # the pushed state has arrived
    tv.mouse.up()
    expect(tv.locator(".tile.selected")).to_have_attribute("data-game", "tren")
    expect(tv.locator(".seats-panel .seat")).to_have_count(1)      # and the push is drawn


def test_the_chooser_shows_four_big_tiles_each_with_its_emblem(tv, host):
    tv.set_default_timeout(WAIT_MS)
    tv.goto(host.url + "/")
    tiles = tv.locator(".tiles .tile")
    expect(tiles).to_have_count(4)
    expect(tv.locator(".tiles .tile-emblem")).to_have_count(4)
    tv.wait_for_function("""() => [...document.querySelectorAll('.tiles .tile-emblem')]
        .every((img) => img.complete)""")                 # the pictures loaded (or failed)
    sizes = tv.evaluate("""() => [...document.querySelectorAll('.tiles .tile')].map((tile) => ({
        height: tile.getBoundingClientRect().height,
        title: parseFloat(getComputedStyle(tile.querySelector('.tile-title')).fontSize),
        emblem: tile.querySelector('.tile-emblem').naturalWidth,
        cut: tile.querySelector('.tile-title').scrollWidth
             > tile.querySelector('.tile-title').clientWidth}))""")
    tight = tv.locator(".lobby.tight").count() > 0    # the chosen game's rules need the room
    for size in sizes:
        assert size["height"] >= (0.1 if tight else 0.15) * 1080, size     # was 0.11 (120 px)
        assert size["title"] >= 34.9, size             # 1.75rem, was 1.4rem: read from the sofa
        assert size["emblem"] > 0, size                # the picture loaded
        assert not size["cut"], size


def raw_choice_values() -> list[str]:
    from engine.registry import GAMES
    return sorted({choice.value for cls in GAMES.values() for option in cls.OPTIONS.options
                   for choice in option.choices if isinstance(choice.value, str)})


def no_raw_value_in(page, where: str):
    text = page.locator("body").inner_text()
    found = [v for v in raw_choice_values() if re.search(rf"\b{re.escape(v)}\b", text)]
    assert not found, (where, found)


def test_option_values_are_shown_by_their_labels_on_the_tv_and_the_solo_entry(tv, host, browser):
    """Values such as remind, trust, undo or retire never reach the screen: every choice
    shows its label, in Spanish and in English, whatever the rule set."""
    tv.set_default_timeout(WAIT_MS)
    tv.goto(host.url + "/")
    choose_game(tv, "manipulacion")
    expect(tv.locator('[data-option="mandatory_play"][data-value="remind"]')).to_have_text(
        "Recordar, con pista")
    for lang in ("es", "en"):
        for ruleset in ("manipulacion", "maquiavelo", "carrusel"):
            tv.locator(f'[data-option="ruleset"][data-value="{ruleset}"]').click()
            chosen = tv.locator('[data-option="ruleset"].on')
            expect(chosen).to_have_attribute("data-value", ruleset)
            no_raw_value_in(tv, f"tv {lang} {ruleset}")
        if lang == "es":
            tv.locator("#lang").click()
            tv.locator('[data-option="ruleset"][data-value="maquiavelo"]').click()
            expect(tv.locator('[data-option="unfinished"][data-value="retire"]')).to_have_text(
                "Take back, draw 3")

    solo = browser.new_page(viewport={"width": 1366, "height": 768})
    try:
        solo.set_default_timeout(WAIT_MS)
        solo.goto(host.url + "/solo")
        solo.locator('.tile[data-game="manipulacion"]').click()
        expect(solo.locator('[data-option="mandatory_play"][data-value="trust"]')).to_have_text(
            "Confiar en el jugador")
        no_raw_value_in(solo, "solo manipulacion")
        solo.locator('[data-option="ruleset"][data-value="guadalupe"]').click()
        expect(solo.locator('[data-option="unfinished"][data-value="undo"]')).to_have_text(
            "Deshacer, sin castigo")
        no_raw_value_in(solo, "solo guadalupe")
    finally:
        solo.close()


def test_every_option_row_of_a_game_with_many_options_can_be_reached(tv, host):
    """Tren Mexicano has six options: the lobby's options panel shows them all, or scrolls
    (before, its last row was cut off under the panel's edge and could not be reached)."""
    tv.set_default_timeout(WAIT_MS)
    tv.goto(host.url + "/")
    choose_game(tv, "tren")
    expect(tv.locator(".options-card .option").last).to_be_attached()
    panel = tv.evaluate("""() => {
        const p = document.querySelector('.detail-panel');
        return {scroll: p.scrollHeight, client: p.clientHeight,
                overflow: getComputedStyle(p).overflowY};
    }""")
    assert panel["scroll"] <= panel["client"] + 1 or panel["overflow"] in ("auto", "scroll"), panel


def test_with_eight_players_every_seat_and_empezar_are_on_screen(tv, host):
    """Tren Mexicano seats eight: beyond five the seats are one line each, so that Empezar
    stays on the TV (it was pushed below the screen, out of reach), names readable."""
    tv.set_default_timeout(WAIT_MS)
    tv.goto(host.url + "/")
    choose_game(tv, "tren")
    for n in range(8):
        tv.locator(".add-bot .add").click()
        expect(tv.locator(".seats-panel .seat-name")).to_have_count(n + 1)
    expect(tv.locator(".seat-list")).to_have_class(re.compile(r"\bmany\b"))
    boxes = tv.evaluate("""() => {
        const box = (e) => e.getBoundingClientRect().toJSON();
        return {start: box(document.querySelector('#start')),
                panel: box(document.querySelector('.seats-panel')),
                names: [...document.querySelectorAll('.seats-panel .seat-name')].map(
                    (e) => [e.scrollWidth <= e.clientWidth + 1, e.textContent]),
                list: [document.querySelector('.seat-list').scrollHeight,
                       document.querySelector('.seat-list').clientHeight]};
    }""")
    assert boxes["start"]["bottom"] <= min(boxes["panel"]["bottom"], 1080), boxes
    assert boxes["list"][0] <= boxes["list"][1] + 1, boxes            # no seat scrolled away
    whole = [name for fits, name in boxes["names"] if fits]
    assert len(whole) >= 6, boxes["names"]          # a long name may end in "…", not most
    tv.locator("#start").click()
    expect(tv.locator(".tren-screen")).to_be_visible()
