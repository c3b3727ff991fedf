"""axe-core (vendored, static/vendor) on the TV, a phone, the one-device page and a lesson, in
several states: no serious or critical violation. Each page's results are printed (run with -s
to read them)."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser import phone_states
from tests.browser.axe import axe_violations
from tests.browser.night import pass_window
from tests.browser.pages import page_in

WAIT_MS = 10000
LAPTOP = {"width": 1366, "height": 768}
LESSON = "ferrocarril/01-robar-y-descartar"


def test_the_tv_and_a_phone_in_the_lobby_and_in_game(host, tv, new_phone):
    phone = new_phone()
    found = []
    deal = phone_states.ferrocarril_deal(3)
    phone_states.open_room(host, tv, phone, "ferrocarril", 3, "Abuela", deal, {"buy_seconds": 10})
    found += axe_violations(tv, "tv lobby")
    found += axe_violations(phone, "phone lobby")
    phone_states.start(tv, phone)
    expect(phone.locator(".fc-buy:not(.hidden)")).to_be_visible()
    expect(tv.locator(".fc-table-tv")).to_be_visible()
    found += axe_violations(tv, "tv game (¡Compro! window)")
    found += axe_violations(phone, "phone game (¡Compro! window)")
    pass_window(phone)
    expect(phone.locator('.fc-actions [data-act="draw"]')).to_be_visible()
    found += axe_violations(phone, "phone game (her turn)")
    assert not found, found


def test_the_one_device_page_and_a_lesson(browser, host):
    found = []
    with page_in(browser, WAIT_MS, viewport=LAPTOP) as page:
        page.goto(host.url + "/solo")
        page.locator('.tile[data-game="tren"]').click()
        found += axe_violations(page, "solo start")
        page.locator("#solo-name").fill("Abuela")
        page.locator("#solo-start").click()
        expect(page.locator("body")).to_have_attribute("data-screen", "game")
        expect(page.locator(".tr-hand .hand-card").first).to_be_visible()
        found += axe_violations(page, "solo game (Tren Mexicano)")
        page.locator("#solo-display").click()
        page.locator('dialog[open] input[name="contrast"]').check()
        found += axe_violations(page, "solo game, the Aa dialog open, high contrast")
        page.keyboard.press("Escape")
        page.goto(host.url + "/solo#aprende")
        page.reload()
        page.locator(f'[data-lesson="{LESSON}"]').click()
        expect(page.locator(".lesson-bubble")).to_be_visible()
        found += axe_violations(page, "lesson (step 1)")
    assert not found, found


def test_tren_and_canasta_phones_in_play(browser, host):
    """Tren Mexicano's phone with a tile held (the trains are buttons), then Canasta's phone on
    her turn and in the pile composer."""
    from tests.browser.canasta_rooms import CanastaRoom, act, stack
    from tests.browser.tren_rooms import TrenRoom, lane, lit_trains, tile
    found = []
    with page_in(browser, WAIT_MS, **browser.devices["Pixel 7"]) as phone:
        room = TrenRoom(host, phone, phone_states.TR_DEAL, 4)
        try:
            expect(phone.locator(".tr-turn.mine")).to_be_visible()
            tile(phone, "6-5").click()
            assert lit_trains(phone, 2) == ["0", "mexican"]
            found += axe_violations(phone, "tren phone (a tile held, two trains lit)")
            # Each train is named by the words it shows ("Robotina", "pide 3"), the rest heard.
            names = {"0": "Tu tren, Tú: pide 5", "1": "Tren de Robotina, abierto: pide 3",
                     "mexican": "Tren Mexicano: pide 6"}
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
            found += axe_violations(phone, "canasta phone (her turn, two Queens held)")
            stack(phone, "Q").click()
            act(phone, "take_pile").click()
            for _ in range(3):
                stack(phone, "A").click()
            expect(phone.locator(".cn-progress")).to_contain_text("Llevas 90 de 50")
            found += axe_violations(phone, "canasta phone (taking the pile)")
        finally:
            room.close()
    assert not found, found

