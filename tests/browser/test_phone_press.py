"""A tap on a phone is not lost to the host's pushes: a state that arrives between the press on
a tile and its release (another player's move, the host's pause) waits for the release, so the
tap still picks the tile, and the state is drawn just after."""
from concurrent.futures import ThreadPoolExecutor

from playwright.sync_api import expect

from tests.browser.pages import page_in
from tests.browser.test_tren_phone import OPEN_TRAINS, deal
from tests.browser.tren_rooms import TrenRoom, tile


def test_a_state_pushed_while_a_tile_is_pressed_does_not_lose_the_tap(browser, host):
    with page_in(browser, 10000, **browser.devices["Pixel 7"]) as page:
        room = TrenRoom(host, page, deal("6-5 5-1 3-2 8-7 10-9 11-4 9-2", OPEN_TRAINS), players=3)
        expect(page.locator(".tr-turn.mine")).to_be_visible()
        for code, command in (("6-5", "pause"), ("3-2", "resume")):
            box = tile(page, code).evaluate("el => el.getBoundingClientRect().toJSON()")
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            page.mouse.move(x, y)
            page.mouse.down()
            # The press lasts 400 ms whatever the host's pace (a press held 2 s is no tap):
            # the command goes on its own thread, its state pushed to the phone mid-press.
            with ThreadPoolExecutor(1) as pool:
                sent = pool.submit(room.command, command, {})
                page.wait_for_timeout(400)
                page.mouse.up()
                sent.result(10)
            expect(tile(page, code)).to_have_attribute("aria-pressed", "true")
        room.close()
