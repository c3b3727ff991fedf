"""A refusal, or the reason a button is at rest, is about the moment it was given: it goes at
the player's next tap or key (what they do next changes what it was about) or when the game
moves on (a new state), not after its own 6 s (3.5 s for a reason). Found in Canasta's lesson:
«Te faltan 20 puntos» stayed over the guide after the meld read «Llevas 60 de 50». The shells
(the phone page and /solo) do it for every game's screen."""
from __future__ import annotations

import time

from playwright.sync_api import Page, expect

from tests.browser.ferrocarril_rooms import FerrocarrilRoom
from tests.browser.pages import page_in
from tests.browser.test_game_night import explicit_deal
from tests.browser.test_solo_keyboard import HANDS, STOCK_TOP, UPTURNED
from tests.browser.test_solo_legibility import LAPTOP, fc_deal, start_dealt

WAIT_MS = 10000
GONE_WITHIN_S = 1.0            # the banner's own timer: 6 s for a refusal, 3.5 s for a reason


def gone_after(page: Page, since: float) -> float:
    """Seconds from `since` until the banner is hidden (it must go within GONE_WITHIN_S)."""
    expect(page.locator("#banner")).to_be_hidden(timeout=GONE_WITHIN_S * 1000)
    return time.monotonic() - since


def draw_when_the_window_closes(room: FerrocarrilRoom) -> None:
    """Tío draws as soon as the ¡Compro! window has closed (the computer player still to answer
    it thinks only when the machine is otherwise idle)."""
    seat = {"room": room.code, "token": room.guest_tokens[0]}
    for _ in range(100):
        reply = room.guests[0].call("action", {**seat, "action": {"type": "draw"}}, timeout=5)
        if reply.get("ok"):
            return
        assert reply["error"]["code"] == "buy_window_open", reply
        time.sleep(0.1)
    raise AssertionError("the ¡Compro! window stayed open")


def test_a_lessons_refusal_goes_once_the_learner_changes_the_meld(browser, host):
    with page_in(browser, WAIT_MS, **browser.devices["Pixel 7"]) as phone:
        phone.goto(host.url + "/solo#aprende")
        phone.locator('[data-lesson="canasta/02-primera-bajada"]').tap()
        phone.locator("[data-lesson-next]").tap()
        phone.locator('.cn-actions [data-act="draw"].lesson-target').tap()
        expect(phone.locator(".lesson-count")).to_contain_text(" 3 de 5")
        phone.locator('.cn-hand .cn-stack[data-rank="K"]').tap()      # a tap takes the stack
        phone.locator('.cn-actions [data-act="meld"]').tap()
        phone.locator('.cn-actions [data-act="send_meld"]').tap()      # three Kings: 30 points
        banner = phone.locator("#banner")
        expect(banner).to_have_text("Te faltan 20 puntos para tu primera bajada: necesitas 50.")
        phone.wait_for_timeout(500)
        expect(banner).to_be_visible()
        # The learner goes on with the meld: the refusal is about the meld as it was.
        start = time.monotonic()
        phone.locator('.cn-actions [data-act="another"]').tap()
        print(f"refusal gone {gone_after(phone, start):.2f} s after the next tap")
        phone.locator('.cn-hand .cn-stack[data-rank="8"]').tap()
        expect(phone.locator(".cn-progress")).to_have_text("Llevas 60 de 50: ¡ya llega!")
        expect(banner).to_be_hidden()
        expect(phone.locator(".lesson-bubble .lesson-say")).to_be_visible()


def test_a_reason_on_the_phone_goes_when_another_player_moves(browser, host):
    """Ferrocarril at a table of three: Tío (a guest, seat 1) plays first. Abuela taps Robar, at
    rest: the phone says why; Tío draws; the reason goes with the state that follows."""
    deal = explicit_deal(HANDS, UPTURNED, STOCK_TOP, dealer=0)
    with page_in(browser, WAIT_MS, **browser.devices["Pixel 7"]) as phone:
        room = FerrocarrilRoom(host, phone, deal, 3, guests=("Tío",))
        try:
            phone.locator(".fc-buy:not(.hidden) .paso").tap()     # the round's first card: no
            room.guest_act(0, {"type": "pass"})
            draw = phone.locator('.fc-actions [data-act="draw"]')
            expect(phone.locator(".fc-buy")).to_be_hidden()
            expect(draw).to_have_attribute("data-at-rest", "")
            draw.tap(force=True)                 # aria-disabled: Playwright would wait
            banner = phone.locator("#banner")
            expect(banner).to_be_visible()
            print("reason:", banner.text_content())
            phone.wait_for_timeout(500)
            draw_when_the_window_closes(room)           # the computer answers it too
            start = time.monotonic()
            print(f"reason gone {gone_after(phone, start):.2f} s after Tío's move")
        finally:
            room.close()


def test_a_reason_on_a_laptop_goes_when_the_game_changes(browser, host):
    """/solo, Ferrocarril in Abuelita's turn (the computer waits for her): Descartar before
    drawing says why; the game changes (the pace, from the bar above it) and the reason goes."""
    with page_in(browser, WAIT_MS, viewport=LAPTOP) as page:
        start_dealt(page, host.url, "ferrocarril", 3, {"_deal": fc_deal(4)})
        page.locator(".fc-buy:not(.hidden) .paso").click()
        expect(page.locator('.fc-actions [data-act="draw"]:not([data-at-rest])')).to_be_visible()
        page.locator('.fc-actions [data-act="discard"]').click(force=True)     # at rest
        banner = page.locator("#banner")
        expect(banner).to_be_visible()
        print("reason:", banner.text_content())
        page.wait_for_timeout(500)
        start = time.monotonic()
        page.locator("#solo-fast").click()                      # outside the game: no tap on it
        print(f"reason gone {gone_after(page, start):.2f} s after the game changed")
        # A reason given again after that stays its time when nothing happens.
        page.locator('.fc-actions [data-act="discard"]').click(force=True)     # at rest
        expect(banner).to_be_visible()
        page.wait_for_timeout(1500)
        expect(banner).to_be_visible()
