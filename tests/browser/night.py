"""A Ferrocarril table of five seen on the TV, as a family has it halfway through a round: four
of the five have gone down, with one to three combinations each. Abuela (the only phone) plays
first and can close at once: she draws the 7 of clubs, adds it to her sietes and closes with the
9 of swords. Used by the TV legibility tests and by the screenshots (tests/browser/screens.py).
The host must run with --allow-test-deals."""
from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from tests.browser.pages import add_bots, host_command, seat_at_tv

SPOT = {"x": 8, "y": 30}          # hand cards overlap: tap near the left edge
HANDS = ["9e", "Ae 3b 5c", "* 8c 9b", "3o 6c 8b 9c", "Ab Ac 6o 6e 8o 9o Sc Rb"]
TABLE = [[0, "7o 7c 7e"], [0, "Co Cc *"], [1, "Ro Rc Re"], [1, "4o 4c 4e 4b"],
         [2, "5o 5c 5e"], [2, "Sb Sc So"], [2, "Ao Ac Ae"], [3, "2o 2c 2e *"]]
DEAL = {"dealer": 4, "hands": HANDS, "table": TABLE, "discard": "3c", "stock": "7b", "fill": True}
ABUELAS_SIETES = 1                # the meld id of [0, "7o 7c 7e"]



def pass_window(page: Page, tries: int = 20) -> None:
    """Pass the ¡Compro! window on this phone (its buttons are redrawn as its clock ticks: a tap
    that meets a redrawn button is tried again)."""
    button = page.locator('.fc-buy:not(.hidden) [data-act="pass"]')
    for _ in range(tries):
        try:
            button.tap(timeout=1500)
            return
        except Exception:          # detached while redrawn, or the window not open yet
            if page.locator(".fc-buy .buy-outcome, .fc-buy.hidden").count():
                return
    raise AssertionError("the ¡Compro! window could not be passed")


def five_at_the_table(host, tv: Page, abuela: Page, timeout_ms: int = 10000,
                      tio: Page | None = None) -> None:
    """The TV opens a room, Abuela's phone sits down (and Tío's, if given, in seat 1), computer
    players fill the five seats, the deal above is set and the game starts; returns once the
    upturned card's window is over and it is Abuela's turn."""
    tv.set_default_timeout(timeout_ms)
    abuela.set_default_timeout(timeout_ms)
    tv.goto(host.url + "/")
    join_text = tv.locator(".join-panel .join-url strong")
    expect(join_text).to_have_text(re.compile(r"/j/[A-Z]{4}$"))
    phones = [(abuela, "Abuela")] + ([(tio, "Tío")] if tio else [])
    for page, name in phones:
        page.set_default_timeout(timeout_ms)
        page.goto("http://" + join_text.inner_text())
        page.locator("#name-input").fill(name)
        page.locator("#join-btn").click()
        expect(page.locator("body")).to_have_attribute("data-screen", "lobby")
    add_bots(tv, 5 - len(phones), seated=len(phones))
    expect(tv.locator(".seats-panel .seat-name")).to_have_count(5)
    session = json.loads(tv.evaluate("() => localStorage.getItem('sobremesa.tv')"))
    reply = host_command(host.url, session["room"], session["host_token"], "set_options",
                         {"options": {"_deal": DEAL}})
    assert reply == {"ok": True}, reply
    tv.locator("#start").click()
    for page, _ in phones:
        expect(page.locator("body")).to_have_attribute("data-screen", "game")
        pass_window(page)
    draw = abuela.locator('.fc-actions [data-act="draw"]')        # at rest until the window closes
    expect(draw).not_to_have_attribute("aria-disabled", "true", timeout=3 * timeout_ms)
    expect(tv.locator(".buy-panel.live")).to_have_count(0)
    tv.wait_for_timeout(600)                  # the table settled (fitMelds after the last view)


def abuela_closes(tv: Page, abuela: Page) -> None:
    """Abuela draws the 7 of clubs, adds it to her sietes and closes: the round-end screen."""
    abuela.locator('.fc-actions [data-act="draw"]').tap()
    abuela.locator('.fc-hand .hand-card[data-id="7b#0"]').tap(position=SPOT)
    abuela.locator('.fc-actions [data-act="add"]').tap()
    abuela.locator(f'.meld.pickable[data-meld="{ABUELAS_SIETES}"]').first.tap()
    expect(abuela.locator(".fc-hand .hand-card")).to_have_count(1)
    abuela.locator('.fc-actions [data-act="close"]').tap()
    expect(tv.locator(".round-over .hand-row.closer")).to_be_visible()


MANI_HANDS = ["Ks 9d Qs", "Kh Kd Kc 4h", "Qh Qd Qc 5d", "Jh Jd Jc 6c"]
MANI_TABLE = ["4s 5s 6s", "5s 6s 7s 8s 9s 10s", "2c 3c 4c 5c 6c 7c 8c 9c",
              "2h 2d 2c", "3s 3h 3d 3c", "7s 7h 7d 7c"]
MANI_DEAL = {"dealer": 3, "hands": MANI_HANDS, "table": MANI_TABLE, "stock": "8h 10d 4d",
             "fill": True}


def four_at_the_manipulacion_table(host, tv: Page, ana: Page, timeout_ms: int = 10000) -> None:
    """Rummy Manipulación (Maquiavelo's rules) on the TV with four seats and six groups on the
    table: Ana's phone and three computer players. Ana, who can play nothing, draws (which ends
    her turn); the next seat lays its three Kings: returns once the TV shows that last play."""
    tv.set_default_timeout(timeout_ms)
    ana.set_default_timeout(timeout_ms)
    seat_at_tv(host, tv, "manipulacion", [(ana, "Ana")], 4,
               {"ruleset": "maquiavelo", "_deal": MANI_DEAL})
    expect(ana.locator("body")).to_have_attribute("data-screen", "game")
    ana.locator('[data-act="draw"]:not([disabled])').tap()     # Maquiavelo: a draw ends the turn
    expect(tv.locator(".mani-last .last-cards svg.card")).to_have_count(3, timeout=2 * timeout_ms)
    tv.wait_for_timeout(600)
