"""A phone for someone who listens with a screen reader: hand cards are buttons named in words
in the reader's language ("3 de oros, seleccionada"), and the live region says the ¡Compro!
window and "your turn" as they come."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser import phone_states
from tests.browser.night import pass_window
from tests.browser.pages import page_in

WAIT_MS = 10000
# Everything the live region says, in order (window.said).
SAID = """() => {
    window.said = [];
    new MutationObserver(() => {
        const text = document.getElementById("announce")?.textContent;
        if (text && window.said[window.said.length - 1] !== text) window.said.push(text);
    }).observe(document.body, {subtree: true, childList: true, characterData: true});
}"""


def test_the_hand_is_named_in_words_and_the_window_and_turn_are_announced(host, tv, new_phone):
    phone = new_phone()
    phone_states.open_room(host, tv, phone, "ferrocarril", 3, "Abuela",
                           phone_states.ferrocarril_deal(3), {"buy_seconds": 10})
    phone.evaluate(SAID)
    phone_states.start(tv, phone)
    live = phone.locator("#announce")
    expect(live).to_have_attribute("aria-live", "assertive")
    # Her turn, then the round's first window (the upturned 8 of bastos) once it asks.
    expect(live).to_have_text("¿La compras? Primera carta de la ronda: el 8 de bastos.")
    said = phone.evaluate("() => window.said")
    assert said[0] == "Te toca, Abuela.", said
    pass_window(phone)

    card = phone.locator('.fc-hand .hand-card[data-id="3o#0"]')
    expect(card).to_have_accessible_name("3 de oros")
    expect(card).to_have_attribute("aria-pressed", "false")
    phone_states.tap_card(phone, card)
    expect(card).to_have_accessible_name("3 de oros, seleccionada")
    # The action buttons are buttons with their words as names.
    expect(phone.get_by_role("button", name="Robar", exact=True)).to_be_visible()

    phone.locator("#lang-toggle").click()
    expect(card).to_have_accessible_name("3 of coins, selected")


def test_tiles_are_named_on_the_one_device_page(browser, host):
    with page_in(browser, WAIT_MS, **browser.devices["Pixel 7"]) as page:
        page.goto(host.url + "/solo")
        page.locator('.tile[data-game="tren"]').click()
        page.locator("#solo-start").click()
        tile = page.locator(".tr-hand .hand-card").first
        expect(tile).to_be_visible()
        high, low = tile.get_attribute("data-id").split("-")
        double = f"doble {high}" if high != "0" else "doble blanco"
        name = double if high == low else f"{high}-{low}"
        expect(tile).to_have_accessible_name(name)
        tile.click()
        expect(tile).to_have_accessible_name(f"{name}, seleccionada")
