"""A phone closed mid-game: within 3 seconds the TV says so by that player's name («Sin
conexión»), in every game, so the table knows why nobody moves."""
import time

import pytest
from playwright.sync_api import expect

from tests.browser.pages import seat_at_tv

WAIT_MS = 10000
AWAY = {"ferrocarril": '.player-row .badge.away', "tren": ".arm-label .badge.away",
        "canasta": ".ct-seat.away .badge.away", "manipulacion": ".mplayer .badge.away"}


@pytest.mark.parametrize("game", list(AWAY))
def test_the_tv_says_a_closed_phone_is_gone_within_three_seconds(browser, host, tv, game):
    tv.set_default_timeout(WAIT_MS)
    context = browser.new_context(**browser.devices["Pixel 7"])
    phone = context.new_page()
    phone.set_default_timeout(WAIT_MS)
    seat_at_tv(host, tv, game, [(phone, "Abuela")], 2, {})
    expect(phone.locator("body")).to_have_attribute("data-screen", "game")
    away = tv.locator(AWAY[game])
    expect(away).to_have_count(0)
    closed = time.monotonic()
    context.close()
    expect(away).to_have_count(1, timeout=3000)
    took = time.monotonic() - closed
    assert took <= 3.0, f"the TV said so after {took:.1f} s"
    expect(away).to_have_text("Sin conexión")
