"""¡Compro! on two phones at the same instant, in real browsers. Abuela comes first in
priority; Tío presses too. When Abuela's press reaches the host first, the window is settled
before Tío's arrives: his phone is still showing the window (the host's messages to it are held
back here, as the few milliseconds of a real race), and his press must be heard, not refused.
In either order both phones and the TV tell the same story.

With SOBREMESA_SCREENS=1 the race settled first by Abuela is saved to
docs/screens/{phone,tv}-compro-race.png."""
import os

import pytest
from playwright.sync_api import expect

from tests.browser.held_messages import HeldMessages
from tests.browser.pages import seat_at_tv
from tests.browser.phone_states import ferrocarril_deal
from tests.live import ROOT

WAIT_MS = 10000


@pytest.mark.parametrize("first", ["Abuela", "Tío"])
def test_both_presses_are_heard_whichever_reaches_the_host_first(host, tv, new_phone, first):
    abuela, tio = new_phone(), new_phone()
    for page in (tv, abuela, tio):
        page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    tio.on("console", lambda m: m.type == "error" and errors.append(m.text))
    held = HeldMessages(tio)
    seat_at_tv(host, tv, "ferrocarril", [(abuela, "Abuela"), (tio, "Tío")], 2,
               {"_deal": ferrocarril_deal(2), "buy_seconds": 10})
    compro = {page: page.locator(".fc-buy .compro:not(.waiting)") for page in (abuela, tio)}
    for button in compro.values():
        expect(button).to_be_visible()
    if first == "Abuela":
        held.holding = True                    # Tío's phone has not heard the sale yet
        compro[abuela].click()
        expect(abuela.locator(".fc-buy .buy-outcome.won")).to_have_text(
            "¡Es tuya! Y 2 más del mazo")
        compro[tio].click()                    # still on his screen: he presses too
        tio.wait_for_timeout(300)              # his press reaches the host, after the sale
        assert held.held
        held.release()
    else:
        compro[tio].click()
        expect(tio.locator(".fc-buy .compro.waiting")).to_be_visible()
        compro[abuela].click()
    expect(tio.locator(".fc-buy .buy-outcome")).to_have_text(
        "Se la lleva Abuela: tenía más prioridad")
    expect(tio.locator("#banner.error:not(.hidden)")).to_have_count(0)
    expect(abuela.locator(".fc-hand .hand-card")).to_have_count(16)
    expect(tio.locator(".fc-hand .hand-card")).to_have_count(13)
    result = tv.locator(".buy-panel.result")
    expect(result.locator(".headline")).to_have_text("Abuela se lleva el 8 de bastos")
    expect(result.locator(".why.priority")).to_have_text("por prioridad de turno: va antes que Tío")
    assert errors == []
    if os.environ.get("SOBREMESA_SCREENS") and first == "Abuela":
        tv.wait_for_timeout(300)
        tv.screenshot(path=str(ROOT / "docs" / "screens" / "tv-compro-race.png"))
        tio.screenshot(path=str(ROOT / "docs" / "screens" / "phone-compro-race.png"))
