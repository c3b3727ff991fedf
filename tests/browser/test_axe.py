"""axe-core (vendored, static/vendor) on the TV, a phone, the one-device page and a lesson, in
several states: the lobby, play (Ferrocarril, Tren Mexicano with a tile held, Canasta,
Manipulación), and the end of a round and of the game on the TV and the phone (Ferrocarril,
Tren Mexicano, Canasta; Manipulación's round end): no serious or critical violation; every page
has a level-one heading, no heading skips a level after it, and no table column goes unnamed
(axe's moderate page-has-heading-one and heading-order, minor empty-table-header and
aria-allowed-role). Each page's results are printed (run with -s)."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser import canasta_table, game_ends, phone_states, tren_table
from tests.browser.axe import axe_rules, axe_violations
from tests.browser.canasta_rooms import CanastaRoom, act, stack
from tests.browser.night import pass_window
from tests.browser.pages import page_in, seat_at_tv
from tests.browser.tren_rooms import TrenRoom, lane, lit_trains, tile

WAIT_MS = 10000
LAPTOP = {"width": 1366, "height": 768}
LESSON = "ferrocarril/01-robar-y-descartar"


# Moderate and minor rules these pages pass too: every page has a level-one heading (seen or
# not), no heading skips a level, every table column has a header a reader hears, and no
# element has a role its tag does not allow.
QUIET_RULES = ["page-has-heading-one", "heading-order", "empty-table-header", "aria-allowed-role"]


def checked(page: Page, label: str) -> list:
    """axe's serious and critical violations on the page, and what QUIET_RULES find."""
    return axe_violations(page, label) + [f"{label}: {p}" for p in axe_rules(page, QUIET_RULES)]


def test_the_tv_and_a_phone_in_the_lobby_and_in_game(host, tv, new_phone):
    phone = new_phone()
    found = []
    deal = phone_states.ferrocarril_deal(3)
    phone_states.open_room(host, tv, phone, "ferrocarril", 3, "Abuela", deal, {"buy_seconds": 10})
    found += checked(tv, "tv lobby")
    found += checked(phone, "phone lobby")
    phone_states.start(tv, phone)
    expect(phone.locator(".fc-buy:not(.hidden)")).to_be_visible()
    expect(tv.locator(".fc-table-tv")).to_be_visible()
    found += checked(tv, "tv game (¡Compro! window)")
    found += checked(phone, "phone game (¡Compro! window)")
    pass_window(phone)
    expect(phone.locator('.fc-actions [data-act="draw"]')).to_be_visible()
    found += checked(phone, "phone game (her turn)")
    # Each other seat's row is named by the words it shows ("13 cartas", "Salió"), the rest heard.
    others = phone.locator(".fc-table .trow:not(.me)")
    expect(others).to_have_count(2)
    for k in range(2):
        expect(others.nth(k)).to_have_accessible_name(
            re.compile(r"^\S.*, le quedan \d+ cartas, Salió$"))
    phone.locator("#lang-toggle").click()
    for k in range(2):
        expect(others.nth(k)).to_have_accessible_name(re.compile(r"^\S.*, \d+ cards left, Down$"))
    assert not found, found


def test_the_one_device_page_and_a_lesson(browser, host):
    found = []
    with page_in(browser, WAIT_MS, viewport=LAPTOP) as page:
        page.goto(host.url + "/solo")
        page.locator('.tile[data-game="tren"]').click()
        found += checked(page, "solo start")
        page.locator("#solo-name").fill("Abuela")
        page.locator("#solo-start").click()
        expect(page.locator("body")).to_have_attribute("data-screen", "game")
        expect(page.locator(".tr-hand .hand-card").first).to_be_visible()
        found += checked(page, "solo game (Tren Mexicano)")
        page.locator("#solo-display").click()
        page.locator('dialog[open] input[name="contrast"]').check()
        found += checked(page, "solo game, the Aa dialog open, high contrast")
        page.keyboard.press("Escape")
        page.evaluate("localStorage.clear()")            # no game to carry on: a new one
        page.goto(host.url + "/solo")
        page.locator('.tile[data-game="ferrocarril"]').click()
        page.locator("#solo-name").fill("Abuela")
        page.locator("#solo-start").click()
        expect(page.locator(".fc-hand .hand-card").first).to_be_visible()
        expect(page.locator(".fc-rows .no-melds").first).to_be_visible()
        found += checked(page, "solo game (Ferrocarril, nothing laid yet)")
        page.goto(host.url + "/solo#aprende")
        page.reload()
        page.locator(f'[data-lesson="{LESSON}"]').click()
        expect(page.locator(".lesson-bubble")).to_be_visible()
        found += checked(page, "lesson (step 1)")
    assert not found, found


def test_tren_and_canasta_phones_in_play(browser, host):
    """Tren Mexicano's phone with a tile held (the trains are buttons), then Canasta's phone on
    her turn and in the pile composer."""
    found = []
    with page_in(browser, WAIT_MS, **browser.devices["Pixel 7"]) as phone:
        room = TrenRoom(host, phone, phone_states.TR_DEAL, 4)
        try:
            expect(phone.locator(".tr-turn.mine")).to_be_visible()
            tile(phone, "6-5").click()
            assert lit_trains(phone, 2) == ["0", "mexican"]
            found += checked(phone, "tren phone (a tile held, two trains lit)")
            # Each train is named by the words it shows ("Robotina", "pide 3", "3 fichas"), the
            # rest heard.
            names = {"0": "Tu tren, Tú: pide 5",
                     "1": "Tren de Robotina, abierto: pide 3, le quedan 3 fichas",
                     "mexican": "Tren Mexicano: pide 6"}
            for train, name in names.items():
                expect(lane(phone, train)).to_have_accessible_name(name)
            phone.locator("#lang-toggle").click()
            names = {"0": "Your train, You: needs 5",
                     "1": "Robotina's train, open: needs 3, 3 tiles left",
                     "mexican": "Mexican train: needs 6"}
            for train, name in names.items():
                expect(lane(phone, train)).to_have_accessible_name(name)
        finally:
            room.close()
    with page_in(browser, WAIT_MS, **browser.devices["Pixel 7"]) as phone:
        room = CanastaRoom(host, phone, phone_states.CN_DEAL, 3)
        try:
            expect(phone.locator(".cn-turn.mine")).to_be_visible()
            stack(phone, "Q").click()
            expect(stack(phone, "Q")).to_have_accessible_name("Reina de picas ×2, seleccionada")
            found += checked(phone, "canasta phone (her turn, two Queens held)")
            stack(phone, "Q").click()
            act(phone, "take_pile").click()      # the three Aces proposed with the Queens
            expect(phone.locator(".cn-progress")).to_contain_text("Llevas 90 de 50")
            found += checked(phone, "canasta phone (taking the pile)")
        finally:
            room.close()
    assert not found, found


# ----- the end of a round and of the game ----------------------------------------------------

def results_checked(tv: Page, phone: Page, tv_screen: str, label: str) -> list:
    expect(tv.locator(tv_screen).first).to_be_visible(timeout=3 * WAIT_MS)
    expect(phone.locator(".results")).to_be_visible()
    return checked(tv, f"tv {label}") + checked(phone, f"phone {label}")


def test_ferrocarril_round_end(host, tv, new_phone):
    phone = new_phone()
    phone_states.ferrocarril(host, tv, phone, lambda moment: None, players=3)
    found = results_checked(tv, phone, ".round-over", "ferrocarril round end")
    assert not found, found


def test_manipulacion_in_play_and_round_end(host, tv, new_phone):
    phone = new_phone()
    found = []

    def at(moment: str) -> None:
        if moment in ("turn", "drawn", "editing", "group_card"):
            found.extend(checked(phone, f"manipulación phone ({moment})"))
    phone_states.manipulacion(host, tv, phone, at, players=3)
    found += results_checked(tv, phone, ".round-over", "manipulación round end")
    assert not found, found


def test_ferrocarril_podium(host, tv, new_phone):
    phone = new_phone()
    game_ends.ferrocarril(host, tv, phone, 3)
    found = results_checked(tv, phone, ".podium", "ferrocarril podium")
    assert not found, found


def test_tren_round_end(host, tv, new_phone):
    phone = new_phone()
    tren_table.open_room(host, tv, phone, 4, tren_table.ENDING)
    found = results_checked(tv, phone, ".round-over.tren-over", "tren round end")
    assert not found, found


def test_tren_podium(host, tv, new_phone):
    """The match's last round (3 of 3): Robotina plays her last tile, the podium."""
    phone = new_phone()
    seat_at_tv(host, tv, "tren", [(phone, "Abuela")], 4, {"rounds": 3, "_deal": tren_table.ENDING})
    found = results_checked(tv, phone, ".podium", "tren podium")
    assert not found, found


def test_canasta_round_end(host, tv, new_phone):
    phone = new_phone()
    canasta_table.open_room(host, tv, phone, 3, canasta_table.ENDING)
    found = results_checked(tv, phone, ".round-over.canasta-over", "canasta round end")
    assert not found, found


def test_canasta_podium(host, tv, new_phone):
    """A match to 5,000: Robotina goes out and Abuela, already past it, wins."""
    phone = new_phone()
    seat_at_tv(host, tv, "canasta", [(phone, "Abuela")], 3,
               {"target": 5000, "_deal": canasta_table.ENDING})
    found = results_checked(tv, phone, ".canasta-game-over .podium", "canasta podium")
    assert not found, found
