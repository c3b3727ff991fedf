"""A Ferrocarril table for the phone's browser tests, made without the TV's page (pages.PhoneRoom:
a Socket.IO client keeps the host's token, Abuela's phone sits down, guests and computer players
fill the seats, an explicit deal, the host runs with --allow-test-deals), and what the phone's
table rows show of each seat."""
from __future__ import annotations

import time

from playwright.sync_api import Page, expect

from tests.browser.pages import PhoneRoom


class FerrocarrilRoom(PhoneRoom):
    game = "ferrocarril"
    hand_cards = ".fc-hand .hand-card"


def row(page: Page, seat: int):
    """A seat's row of the phone's table."""
    return page.locator(f'.fc-table .trow[data-seat="{seat}"]')


def cards_shown(page: Page, seat: int) -> str:
    """The words a seat's row shows for the cards in its hand ("13 cartas"), not those heard only
    ("le quedan")."""
    count = row(page, seat).locator(".tinfo .count")
    expect(count).to_be_visible()
    return count.evaluate("el => [...el.childNodes].filter(n => n.nodeType === 3)"
                          ".map(n => n.textContent).join('')")


def cards_word(n: int) -> str:
    return "1 carta" if n == 1 else f"{n} cartas"


def assert_cards_held(page: Page, room: FerrocarrilRoom, me: int = 0) -> dict[int, str]:
    """Every other seat's row shows the cards in that seat's hand as the engine counts them (the
    host's view, the TV's; waited for while the phone catches up); returns them."""
    deadline = time.monotonic() + 5
    while True:
        want = {p["seat"]: cards_word(p["cards"]) for p in room.state["game"]["players"]
                if p["seat"] != me}
        shown = {seat: cards_shown(page, seat) for seat in want}
        if shown == want or time.monotonic() > deadline:
            break
        page.wait_for_timeout(100)
    assert shown == want, (shown, want)
    return shown
