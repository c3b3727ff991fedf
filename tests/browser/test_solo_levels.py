"""Each computer player at its own level on /solo (issue 26): a row per opponent, named as the
host will name it, with the game's levels (Fácil · Normal · Difícil where the game lists three,
Fácil · Normal where it lists two) and «Todos» to set them all; the levels chosen reach the
host seat by seat, and the device remembers them. The host here gives Tren three levels and
Ferrocarril two (tests/browser/three_levels_host.py), so both choosers are seen whatever the
games list.

With SOBREMESA_SCREENS set, the setup with Tren's most opponents (seven) is saved under
docs/screens/ at 1366×768, as a Pixel 7 and as an iPhone 13."""
from __future__ import annotations

import json
import os
import re
import time

import pytest
import socketio
from playwright.sync_api import Page, expect

from tests.browser.pages import page_in
from tests.live import ROOT, Host

WAIT_MS = 10000
LAPTOP = {"width": 1366, "height": 768}
SCREENS = ROOT / "docs" / "screens"
BOT_NAMES = ["Robotina", "Chispas", "Tuerca", "Bombilla", "Pixel", "Tornillo", "Voltio"]
LAST_KEY = "sobremesa.solo.last"


@pytest.fixture
def host(tmp_path):
    server = Host(tmp_path, "--bot-delay", "0.3", module="tests.browser.three_levels_host")
    yield server
    server.kill()
    assert "Traceback" not in server.log(), server.log()


def opponents(page: Page):
    return page.locator(".solo-levels .opponent:not(.all)")


def level(page: Page, opponent: str, name: str):
    return page.locator(f'.level-choice[data-opponent="{opponent}"] [data-level="{name}"]')


def pressed_levels(page: Page) -> list[str]:
    """Each opponent's level as the chooser shows it pressed, in seat order."""
    return page.locator('.level-choice:not([data-opponent="all"])').evaluate_all(
        "groups => groups.map(g => g.querySelector('[aria-pressed=\"true\"]')?.dataset.level)")


def add_bots(page: Page, count: int) -> None:
    value = page.locator('[data-stepper="bots"] .step-value')
    for _ in range(count):
        before = int(value.text_content())
        page.locator('[data-stepper="bots"] .step').last.click()
        expect(value).to_have_text(str(before + 1))


def seats_on_the_host(url: str, entry: dict) -> list[dict]:
    """The room's seats as the host keeps them: watched with the device's host token."""
    states: list[dict] = []
    client = socketio.Client()
    client.on("state", states.append)
    client.connect(url, transports=["websocket"], wait_timeout=5)
    try:
        reply = client.call("watch", {"room": entry["room"], "host_token": entry["host_token"]},
                            timeout=5)
        assert reply.get("ok"), reply
        deadline = time.monotonic() + 5
        while not states and time.monotonic() < deadline:
            time.sleep(0.05)
        assert states, "no state came for the watched room"
        return states[-1]["room"]["seats"]
    finally:
        client.disconnect()


def test_each_opponent_gets_its_own_level_which_reaches_the_host_and_is_remembered(browser, host):
    with page_in(browser, WAIT_MS, viewport=LAPTOP) as page:
        page.goto(host.url + "/solo")
        # A game with two levels: Fácil · Normal per opponent, difícil nowhere.
        page.locator('.tile[data-game="ferrocarril"]').click()
        expect(opponents(page)).to_have_count(2)
        expect(page.locator('.level-choice[data-opponent="0"] button')).to_have_text(
            ["Fácil", "Normal"])
        expect(page.locator('[data-level="dificil"]')).to_have_count(0)

        # Tren offers three: a row per opponent, by the name the host will give it.
        page.locator('.tile[data-game="tren"]').click()
        expect(opponents(page).locator(".opponent-name")).to_have_text(BOT_NAMES[:2])
        expect(page.locator('.level-choice[data-opponent="0"] button')).to_have_text(
            ["Fácil", "Normal", "Difícil"])
        assert pressed_levels(page) == ["normal", "normal"]
        expect(level(page, "all", "normal")).to_have_attribute("aria-pressed", "true")

        # «Todos» sets every one; one more opponent comes in at the level of the one before it.
        level(page, "all", "dificil").click()
        assert pressed_levels(page) == ["dificil", "dificil"]
        add_bots(page, 2)
        expect(opponents(page).locator(".opponent-name")).to_have_text(BOT_NAMES[:4])
        assert pressed_levels(page) == ["dificil"] * 4
        # Then each its own: «Todos» shows none pressed while they differ.
        level(page, "1", "facil").click()
        level(page, "2", "normal").click()
        chosen = ["dificil", "facil", "normal", "dificil"]
        assert pressed_levels(page) == chosen
        expect(page.locator('.level-choice[data-opponent="all"] [aria-pressed="true"]')) \
            .to_have_count(0)

        page.locator("#solo-name").fill("Abuelo")
        page.locator("#solo-start").click()
        expect(page.locator("body")).to_have_attribute("data-screen", "game")
        expect(page.locator(".solo-seat")).to_have_count(5)
        entry = json.loads(page.evaluate("() => localStorage.getItem('sobremesa.solo')"))[0]
        seats = seats_on_the_host(host.url, entry)
        assert [(s["name"], s["bot"]) for s in seats] == [
            ("Abuelo", None), *zip(BOT_NAMES[:4], chosen, strict=True)]

        # Back on the entry after a reload: the same game, opponents and levels.
        page.locator("#solo-menu").click()
        page.reload()
        expect(page.locator('.tile[data-game="tren"]')).to_have_attribute("aria-pressed", "true")
        expect(opponents(page)).to_have_count(4)
        assert pressed_levels(page) == chosen
        # In English too.
        page.locator("#lang-toggle").click()
        expect(page.locator('.level-choice[data-opponent="0"] button')).to_have_text(
            ["Easy", "Normal", "Hard"])
        expect(page.locator(".opponent.all .opponent-name")).to_have_text("All")
        expect(page.locator('.level-choice[data-opponent="1"]')).to_have_attribute(
            "aria-label", "Chispas's level")


def test_a_remembered_level_the_game_does_not_offer_falls_back_to_normal(browser, host):
    with page_in(browser, WAIT_MS, viewport=LAPTOP) as page:
        page.goto(host.url + "/solo")
        # Ferrocarril lists two levels: a difícil kept from elsewhere is not offered.
        last = {"game": "ferrocarril", "bots": 3, "levels": ["facil", "dificil", "facil"]}
        page.evaluate("last => localStorage.setItem('sobremesa.solo.last', JSON.stringify(last))",
                      last)
        page.reload()
        expect(opponents(page)).to_have_count(3)
        assert pressed_levels(page) == ["facil", "normal", "facil"]
        # A device that kept one level for all (before each had its own): all at that one.
        last = {"game": "tren", "bots": 2, "level": "facil"}
        page.evaluate("last => localStorage.setItem('sobremesa.solo.last', JSON.stringify(last))",
                      last)
        page.reload()
        assert pressed_levels(page) == ["facil", "facil"]
        # Empezar sends the levels shown, and the device keeps them as they are.
        page.locator("#solo-start").click()
        expect(page.locator("body")).to_have_attribute("data-screen", "game")
        kept = json.loads(page.evaluate(f"() => localStorage.getItem('{LAST_KEY}')"))
        assert kept["game"] == "tren" and kept["levels"] == ["facil", "facil"]


# Each opponent's row against the screen: its name on one line, its buttons large enough for a
# finger, nothing past the right edge or cut inside its button (nor the game's options' words),
# no sideways scroll.
ROWS = """() => {
  const rows = [...document.querySelectorAll('.solo-levels .opponent')];
  const problems = [];
  for (const row of rows) {
    const name = row.querySelector('.opponent-name');
    const who = name.textContent;
    const lineHeight = parseFloat(getComputedStyle(name).lineHeight) || 24;
    if (name.getBoundingClientRect().height > lineHeight * 1.5) problems.push(['wraps', who]);
    for (const button of row.querySelectorAll('button')) {
      const r = button.getBoundingClientRect();
      const what = [who, button.textContent];
      if (r.height < 44 || r.width < 44) problems.push(['small', ...what, r.width, r.height]);
      if (r.right > innerWidth || r.left < 0) problems.push(['off screen', ...what, r.right]);
      if (button.scrollWidth > button.clientWidth + 1) problems.push(['cut', ...what]);
    }
    const group = row.querySelector('.level-choice').getBoundingClientRect();
    if (name.getBoundingClientRect().right > group.left) problems.push(['overlaps', who]);
  }
  for (const button of document.querySelectorAll('.solo-setup:not(.solo-opponents) button')) {
    if (button.scrollWidth > button.clientWidth + 1) problems.push(['cut', button.textContent]);
  }
  for (const box of [document.documentElement, document.getElementById('screen-entry')]) {
    if (box.scrollWidth > box.clientWidth) problems.push(['sideways', box.id, box.scrollWidth]);
  }
  return {rows: rows.length, problems};
}"""


@pytest.mark.parametrize("screen", ["1366x768", "pixel7", "iphone13"])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_seven_opponents_fit_on_a_laptop_and_on_phones(browser, host, screen, lang):
    device = {"1366x768": {"viewport": LAPTOP}, "pixel7": browser.devices["Pixel 7"],
              "iphone13": browser.devices["iPhone 13"]}[screen]
    with page_in(browser, WAIT_MS, **device) as page:
        page.add_init_script(f"localStorage.setItem('sobremesa.lang', '{lang}')")
        page.goto(host.url + "/solo")
        page.locator('.tile[data-game="tren"]').click()
        add_bots(page, 5)                                   # Tren's most: seven opponents
        expect(page.locator('[data-stepper="bots"] .step').last).to_be_disabled()
        level(page, "1", "dificil").click()
        level(page, "3", "facil").click()
        page.locator("#solo-name").fill("Abuelo")
        measured = page.evaluate(ROWS)
        assert measured == {"rows": 8, "problems": []}, measured
        if screen == "1366x768":      # the game's options, the name and Empezar in sight
            start = page.locator("#solo-start").bounding_box()
            assert start and start["y"] + start["height"] <= LAPTOP["height"], start
        if os.environ.get("SOBREMESA_SCREENS") and lang == "es":
            page.locator(".solo-opponents").evaluate("card => card.scrollIntoView({block: 'end'})")
            page.wait_for_timeout(300)
            page.screenshot(path=str(SCREENS / f"solo-levels-tren-7-{screen}.png"))


# Every button of the entry screen and every lesson against the screen's width.
WHOLE = """() => {
  const problems = [];
  for (const el of document.querySelectorAll('#screen-entry button, .lesson-game')) {
    if (!el.checkVisibility()) continue;
    const r = el.getBoundingClientRect();
    const what = el.textContent.trim().slice(0, 30);
    if (r.right > innerWidth + 0.5 || r.left < -0.5) problems.push(['off screen', what, r.right]);
    const cut = el.tagName === 'BUTTON' && el.scrollWidth > el.clientWidth + 1;
    if (cut) problems.push(['cut', what]);
  }
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth) problems.push(['sideways', page.scrollWidth]);
  return problems;
}"""


@pytest.mark.parametrize("width, lang", [(320, "es"), (320, "en"), (360, "es")])
def test_every_games_options_and_the_lessons_fit_the_smallest_phones(browser, host, width, lang):
    """At 320 px a two-word choice («Confiar en el jugador») goes under its option's name, a
    rule set's name («Manipulación») shows whole, and the lessons keep inside the screen."""
    with page_in(browser, WAIT_MS, viewport={"width": width, "height": 640}) as page:
        page.add_init_script(f"localStorage.setItem('sobremesa.lang', '{lang}')")
        page.goto(host.url + "/solo")
        expect(page.locator(".lesson-game").first).to_be_visible()
        for game in ("ferrocarril", "manipulacion", "tren", "canasta"):
            page.locator(f'.tile[data-game="{game}"]').click()
            expect(page.locator(f'.tile[data-game="{game}"]')).to_have_class(
                re.compile(r"\bselected\b"))
            problems = page.evaluate(WHOLE)
            assert problems == [], (game, problems)
