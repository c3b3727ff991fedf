"""Watchers (issue 27, point 5): a phone's «Solo mirar» — the TV lists it apart from the seats,
the phone shows the table as the TV does (no hand), and its reactions show on the TV in the
corner with its name. With SOBREMESA_SCREENS set, the watcher's phone is saved under
docs/screens/."""
from __future__ import annotations

import os
import re

from playwright.sync_api import expect

from tests.browser.pages import tv_join_url
from tests.live import ROOT

WAIT_MS = 10000
SCREENS = ROOT / "docs" / "screens"


def test_a_phone_that_only_watches_sees_the_table_and_reacts(browser, host, tv, new_phone):
    tv.set_default_timeout(WAIT_MS)
    url = tv_join_url(host, tv)
    abuela, abuelo = new_phone(), new_phone()
    for page in (abuela, abuelo):
        page.set_default_timeout(WAIT_MS)
        page.goto(url)
    abuela.locator("#name-input").fill("Abuela")
    abuela.locator("#join-btn").click()
    expect(abuela.locator("body")).to_have_attribute("data-screen", "lobby")
    abuelo.locator("#name-input").fill("Abuelo")
    abuelo.locator("#watch-btn").click()
    # The watcher waits with the others, as a watcher: no seat, no rename.
    expect(abuelo.locator("body")).to_have_attribute("data-screen", "lobby")
    expect(abuelo.locator("#me-card .muted")).to_have_text("Estás mirando")
    expect(abuelo.locator("#me-name")).to_have_text("Abuelo")
    expect(abuelo.locator("#rename-btn")).to_be_hidden()
    # The TV lists it apart from the seats.
    expect(tv.locator(".seats-panel .watchers")).to_have_text("👀 Mirando: Abuelo")
    tv.locator(".add-bot .add").click()
    expect(tv.locator(".seats-panel .seat-name")).to_have_text(["Abuela", "Robotina"])
    tv.locator("#start").click()
    # The table as the TV shows it: no hand.
    expect(abuelo.locator("body")).to_have_attribute("data-screen", "game")
    expect(abuela.locator(".hand-card").first).to_be_visible()
    expect(abuelo.locator("#game-root .fc")).to_have_class(re.compile(r"\bspectator\b"))
    expect(abuelo.locator(".hand-card")).to_have_count(0)
    # It reacts: the face shows on the TV, in the corner (it has no place at the table).
    abuelo.locator(".react-btn").click()
    abuelo.locator(".react-panel .react-face").nth(4).click()
    shown = tv.locator(".reactions-layer .reaction")
    expect(shown).to_have_class(re.compile(r"\bin-corner\b"))
    expect(shown.locator(".reaction-name")).to_have_text("Abuelo")
    expect(shown.locator(".reaction-face")).to_have_text("🔥")
    if os.environ.get("SOBREMESA_SCREENS"):
        abuelo.wait_for_timeout(400)
        abuelo.screenshot(path=str(SCREENS / "phone-watcher-pixel7.png"))
        tv.screenshot(path=str(SCREENS / "tv-watcher-reaction.png"))
    # In the host menu too.
    tv.locator("#host-menu-btn").click()
    expect(tv.locator(".host-menu .watchers")).to_have_text("👀 Mirando: Abuelo")
