"""A Ferrocarril table for the phone's browser tests, made without the TV's page (pages.PhoneRoom:
a Socket.IO client keeps the host's token, Abuela's phone sits down, guests and computer players
fill the seats, an explicit deal, the host runs with --allow-test-deals), and what the phone's
table rows show of each seat."""
from __future__ import annotations

from playwright.sync_api import Page

from tests.browser.pages import PhoneRoom, assert_counts_shown, words_shown


class FerrocarrilRoom(PhoneRoom):
    game = "ferrocarril"
    hand_cards = ".fc-hand .hand-card"


def row(page: Page, seat: int):
    """A seat's row of the phone's table."""
    return page.locator(f'.fc-table .trow[data-seat="{seat}"]')


def cards_shown(page: Page, seat: int) -> str:
    """The words a seat's row shows for the cards in its hand ("13 cartas")."""
    return words_shown(row(page, seat).locator(".tinfo .count"))


def cards_word(n: int) -> str:
    return "1 carta" if n == 1 else f"{n} cartas"


def assert_cards_held(page: Page, room: FerrocarrilRoom, me: int = 0) -> dict[int, str]:
    """Every other seat's row shows the cards in that seat's hand as the engine counts them."""
    return assert_counts_shown(page, room, cards_shown, lambda p: cards_word(p["cards"]), me)
