"""A Tren Mexicano table for the browser tests, made without the TV's page: a Socket.IO client
creates the room and keeps it (the host's token), Abuela's phone sits down at /j/<code>, the
host adds computer players, sets an explicit deal (engine/tren/deal.py; the host runs with
--allow-test-deals) and starts. The computer players play at the host's --bot-delay."""
from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.pages import PhoneRoom, assert_counts_shown, words_shown


class TrenRoom(PhoneRoom):
    game = "tren"
    bot_level = "normal"
    hand_cards = ".tr-hand .hand-card"


def lane(page: Page, train) -> object:
    return page.locator(f'.tr-lanes .tr-lane[data-train="{train}"]')


def tile(page: Page, code: str):
    return page.locator(f'.tr-hand .hand-card[data-id="{code}"]')


def lit_trains(page: Page, count: int | None = None) -> list[str]:
    """The trains lit, in the order shown (after waiting for `count` of them, if given)."""
    if count is not None:
        expect(page.locator(".tr-lanes .tr-lane.fits")).to_have_count(count)
    return page.locator(".tr-lanes .tr-lane.fits").evaluate_all(
        "rows => rows.map(row => row.dataset.train)")


def on_train(page: Page, train, code: str):
    """The tile `code` (oriented as laid) drawn on a train's row: there even once the next
    player has laid a tile after it, which `train_end` would not wait for."""
    return lane(page, train).locator(f'svg[data-tile="{code}"]')


def train_end(page: Page, train) -> str:
    """The tile at the open end of a train, as drawn (its code, oriented)."""
    return lane(page, train).locator("svg.tr-end").get_attribute("data-tile")


def tiles_shown(page: Page, seat: int) -> str:
    """The words a seat's row shows for the tiles in its hand ("3 fichas")."""
    return words_shown(lane(page, seat).locator(".tr-count"))


def tiles_word(n: int) -> str:
    return "1 ficha" if n == 1 else f"{n} fichas"


def assert_tiles_held(page: Page, room: TrenRoom, me: int = 0) -> dict[int, str]:
    """Every other seat's row shows the tiles in that seat's hand as the engine counts them."""
    return assert_counts_shown(page, room, tiles_shown, lambda p: tiles_word(p["tiles"]), me)
