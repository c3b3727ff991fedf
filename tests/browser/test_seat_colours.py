"""A player's colour always comes with the player's initial (issue 14): on the TV in play and
on the podium, on a phone, and on the one-device page, every element drawn in a seat's colour
shows that seat's initial or a player's name, in it or right beside it (seat_colours.py says
exactly what is checked). Tren Mexicano's TV with markers out (the locomotive in the owner's
colour), Canasta's six seats, both podiums."""
from __future__ import annotations

from playwright.sync_api import Page, expect

from server.seating import BOT_NAMES
from tests.browser import canasta_table, tren_table
from tests.browser.pages import page_in, seat_at_tv
from tests.browser.seat_colours import lone_colours

WAIT_MS = 10000
NAMES = ["Abuela", *BOT_NAMES, "Tú", "You"]


def assert_told(page: Page, label: str, at_least: int) -> None:
    checked, lone = lone_colours(page, NAMES)
    print(f"{label}: {checked} elements in a seat's colour, {len(lone)} without an initial or name")
    assert checked >= at_least, (label, checked)
    assert not lone, (label, lone)


def test_tren_tv_with_markers_out_and_the_phone(host, tv, new_phone):
    phone = new_phone()
    tren_table.open_room(host, tv, phone, 8, tren_table.EIGHT)
    badges = tv.locator(".tren-table-tv .marker-badge")
    expect(badges).to_have_count(2)                       # seats 2 and 5 have their markers out
    for badge in badges.all():                            # each with its owner's initial
        train = badge.locator("xpath=ancestor::section[@data-train]").get_attribute("data-train")
        initial = tv.locator(f'.tren-arm[data-train="{train}"] .arm-label .seat-chip')
        expect(badge.locator(".seat-chip")).to_have_attribute(
            "data-initial", initial.get_attribute("data-initial"))
    assert_told(tv, "tren tv, 8 seats", 20)
    assert_told(phone, "tren phone, 8 seats", 16)


def test_canasta_tv_and_phone_six_seats(host, tv, new_phone):
    phone = new_phone()
    canasta_table.open_room(host, tv, phone, 6, canasta_table.SIX)
    assert_told(tv, "canasta tv, 6 seats", 12)
    assert_told(phone, "canasta phone, 6 seats", 12)


def test_the_podiums(browser, host):
    for game, deal, options, screen in (
            ("tren", tren_table.ENDING, {"rounds": 3}, ".podium"),
            ("canasta", canasta_table.ENDING, {"target": 5000}, ".canasta-game-over .podium")):
        with page_in(browser, WAIT_MS, viewport={"width": 1920, "height": 1080}) as tv, \
                page_in(browser, WAIT_MS, **browser.devices["Pixel 7"]) as phone:
            seat_at_tv(host, tv, game, [(phone, "Abuela")], 4 if game == "tren" else 3,
                       {**options, "_deal": deal})
            expect(tv.locator(screen)).to_be_visible(timeout=3 * WAIT_MS)
            expect(phone.locator(".results")).to_be_visible()
            assert_told(tv, f"{game} podium, tv", 3)
            assert_told(phone, f"{game} podium, phone", 3)


def test_the_one_device_page(browser, host):
    with page_in(browser, WAIT_MS, viewport={"width": 1366, "height": 768}) as page:
        page.goto(host.url + "/solo")
        page.locator('.tile[data-game="tren"]').click()
        page.locator("#solo-name").fill("Abuela")
        page.locator("#solo-start").click()
        expect(page.locator(".tr-hand .hand-card").first).to_be_visible()
        assert_told(page, "solo, tren", 6)
