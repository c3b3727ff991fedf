"""Tren Mexicano at the table: the TV, four phones and four computer players play a round to its
end. On the first lap Abuela lays a double on her own train and cannot cover it (Robar, then
Pasar: her marker goes up), Tío, the next player, covers it on her train, and Ana plays on
Abuela's train because its marker is out. Then everyone plays as the phones show them (a tile
that lights a train, else Robar, then the tile or Pasar) until somebody goes out and the TV
shows the round's end with every hand and its points."""
from __future__ import annotations

import time

from playwright.sync_api import Page, expect

from tests.browser.pages import page_in, seat_at_tv
from tests.browser.test_tren_phone import take_a_turn
from tests.browser.tren_rooms import tile

WAIT_MS = 15000
NAMES = ["Abuela", "Tío", "Ana", "Pablo"]
# Everyone's train started; Abuela (seat 0) holds the double 5 for her train's open 5, Tío the
# 5-4 that covers it, Ana the 4-6 that follows on; no 5 comes out of the boneyard for Abuela.
DEAL = {
    "hands": ["5-5 9-1 11-0", "5-4 8-2 6-0", "4-6 7-3 10-0", "9-3 8-8 10-1",
              "11-11 10-10 2-0", "3-3 1-1 4-0", "7-7 6-6 5-0", "8-0 4-1 7-0"],
    "trains": ["12-5", "12-8", "12-7", "12-9", "12-2", "12-3", "12-6", "12-4"],
    "boneyard": "11-10 11-9 10-9", "fill": True, "first_turns_over": True,
}


def play_on(page: Page, code: str, train: int) -> None:
    """Tap the tile: exactly the one train lights; tap it and the tile is gone from the hand."""
    tile(page, code).tap()
    lit = page.locator("[data-train].fits")
    expect(lit).to_have_count(1)
    expect(lit).to_have_attribute("data-train", str(train))
    lit.tap()
    expect(tile(page, code)).to_have_count(0)


def test_four_phones_and_four_computers_play_a_round(browser, host):
    phone = browser.devices["Pixel 7"]
    with page_in(browser, WAIT_MS, viewport={"width": 1920, "height": 1080}) as tv, \
            page_in(browser, WAIT_MS, **phone) as abuela, \
            page_in(browser, WAIT_MS, **phone) as tio, \
            page_in(browser, WAIT_MS, **phone) as ana, \
            page_in(browser, WAIT_MS, **phone) as pablo:
        phones = [abuela, tio, ana, pablo]
        seat_at_tv(host, tv, "tren", list(zip(phones, NAMES, strict=True)), 8, {"_deal": DEAL})
        for page in phones:
            expect(page.locator("body")).to_have_attribute("data-screen", "game")

        # Abuela lays her double 5 and cannot cover it: Robar, then Pasar; her marker goes up.
        play_on(abuela, "5-5", 0)
        call = tv.locator(".tren-call.cover")
        expect(call.locator(".call-title")).to_have_text("¡Hay que cubrir el doble 5!")
        abuela.locator('.tr-actions [data-act="draw"]').tap()
        expect(abuela.locator('.tr-actions [data-act="pass"]')).to_be_visible()
        expect(abuela.locator('.tr-actions [data-act="draw"]')).to_have_count(0)
        abuela.locator('.tr-actions [data-act="pass"]').tap()
        expect(tv.locator('.tren-arm[data-train="0"] .marker-badge')).to_be_visible()
        expect(call.locator(".call-who")).to_have_text("Le toca cubrirlo a Tío")

        # Tío, next, covers it: only Abuela's train lights for his 5-4.
        play_on(tio, "5-4", 0)
        expect(call).to_have_count(0)
        # Ana plays on Abuela's train, open to everyone while the marker is out.
        play_on(ana, "6-4", 0)
        expect(tv.locator('.tren-arm[data-train="0"] svg.domino').last) \
            .to_have_attribute("data-tile", "4-6")
        expect(tv.locator('.tren-arm[data-train="0"] .marker-badge')).to_be_visible()

        # The rest of the round as the phones offer it, until somebody goes out.
        ended = tv.locator(".round-over.tren-over")
        deadline = time.monotonic() + 150
        while not ended.count() and time.monotonic() < deadline:
            if not sum(take_a_turn(page) for page in phones if not ended.count()):
                tv.wait_for_timeout(250)
        expect(ended.first).to_be_visible()
        expect(ended.locator(".ro-hands .tren-hand")).to_have_count(8)
        for name in NAMES:
            expect(ended.locator(".ro-hands")).to_contain_text(name)
        expect(ended.locator(".prize-badge")).to_have_text("¡Sin fichas!")
