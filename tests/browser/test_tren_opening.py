"""Tren Mexicano's opening turn in a real browser (the text's start, the default): Abuela holds
the highest double, the double 12, so the round opens with it in the hub and her turn goes on.
On a phone (a Pixel 7) the hand says she may start her train or end the turn, and «Terminar
turno» (a secondary button beside Jugar, whole and a finger's height) ends it with no draw and no
marker; with no tile for the hub it is the only button, the main one. In English it reads «End
turn». On /solo at 1366×768 the same moment, opened as "Seguir la partida" would; on the TV
(1920×1080) the call under whose turn it is says what the opener may do, in letters large
enough for the sofa.

With SOBREMESA_SCREENS=1 the moments are saved to docs/screens/phone-tren-opening*.png and
docs/screens/solo-tren-opening-1366x768.png."""
from __future__ import annotations

import os

import socketio
from playwright.sync_api import Page, expect

from tests.browser.pages import page_in
from tests.browser.solo_games import open_solo_game
from tests.browser.tren_rooms import TrenRoom, lane, tile
from tests.browser.tren_table import open_room
from tests.live import ROOT

WAIT_MS = 10000
SCREENS = ROOT / "docs" / "screens"
BOTS = ["11-11 9-1 6-2", "10-10 4-3 3-0"]


def opening_deal(hand: str) -> dict:
    """Abuela (seat 0, after the dealer) holds the double 12, the highest: she opens."""
    return {"hands": [f"12-12 {hand}", *BOTS], "fill": True}


def shot(page: Page, name: str) -> None:
    if os.environ.get("SOBREMESA_SCREENS"):
        page.wait_for_timeout(400)
        page.screenshot(path=str(SCREENS / f"{name}.png"))


def phone(browser, **more):
    return page_in(browser, WAIT_MS, **browser.devices["Pixel 7"], **more)


def button_box(page: Page, act: str) -> dict:
    """The button's place and whether its words fit it (no ellipsis)."""
    return page.locator(f'.tr-actions [data-act="{act}"]').evaluate(
        "b => { const r = b.getBoundingClientRect(); return {left: r.left, right: r.right,"
        " top: r.top, bottom: r.bottom, height: r.height, whole: b.scrollWidth <= b.clientWidth,"
        " vw: innerWidth, vh: innerHeight}; }")


def assert_whole_on_screen(box: dict) -> None:
    assert box["whole"], box
    assert 0 <= box["left"] and box["right"] <= box["vw"], box
    assert 0 <= box["top"] and box["bottom"] <= box["vh"], box
    assert box["height"] >= 44, box


def test_after_the_hub_double_the_opener_may_start_the_train_or_end_the_turn(browser, host):
    with phone(browser) as page:
        room = TrenRoom(host, page, opening_deal("12-5 9-4 8-2 11-6 7-1 10-0"), players=3)
        expect(page.locator(".tr-turn.mine")).to_be_visible()
        expect(page.locator(".tr-ticker")).to_have_text("Pones el doble 12 en el centro")
        expect(page.locator(".tr-hint")).to_have_text(
            "Has abierto con el doble 12: empieza tu tren o toca «Terminar turno».")
        end = page.locator('.tr-actions [data-act="pass"]')
        expect(end).to_have_text("Terminar turno")
        expect(end).to_have_class("btn act act-pass secondary")
        expect(page.locator('.tr-actions [data-act="draw"]')).to_have_count(0)
        for act in ("play", "pass"):
            assert_whole_on_screen(button_box(page, act))
        shot(page, "phone-tren-opening")
        end.click()
        expect(page.locator(".tr-turn.mine")).to_have_count(0)
        expect(page.locator(".tr-hand .hand-card")).to_have_count(6)
        expect(lane(page, 0).locator(".tr-marker")).to_have_count(0)
        ended = room.wait_for_event(lambda e: e["type"] == "pass")
        assert ended == {**ended, "seat": 0, "stop": True, "opening": True}, ended
        expect(page.locator('.tr-actions [data-act="pass"]')).to_have_count(0)
        room.close()


def test_an_opener_with_no_tile_for_the_hub_only_ends_the_turn(browser, host):
    with phone(browser) as page:
        room = TrenRoom(host, page, opening_deal("9-4 8-2 11-6 7-1 10-0"), players=3)
        expect(page.locator(".tr-hint")).to_have_text(
            "Ahora no te encaja ninguna ficha. Toca «Terminar turno».")
        end = page.locator('.tr-actions [data-act="pass"]')
        expect(end).to_have_text("Terminar turno")
        expect(end).to_have_class("btn act act-pass primary")
        expect(page.locator('.tr-actions [data-act="draw"]')).to_have_count(0)
        assert_whole_on_screen(button_box(page, "pass"))
        shot(page, "phone-tren-opening-nothing-fits")
        tile(page, "9-4").click()                  # a tile for nowhere: the engine's reason
        expect(page.locator("#banner")).to_contain_text("Ahora no te encaja ninguna ficha")
        end.click()
        expect(page.locator(".tr-turn.mine")).to_have_count(0)
        expect(lane(page, 0).locator(".tr-marker")).to_have_count(0)
        room.close()


def test_the_opening_turn_reads_in_english(browser, host):
    with phone(browser) as page:
        page.add_init_script("localStorage.setItem('sobremesa.lang', 'en')")
        room = TrenRoom(host, page, opening_deal("12-5 9-4 8-2"), players=3)
        expect(page.locator(".tr-ticker")).to_have_text("You put the double 12 in the hub")
        expect(page.locator(".tr-hint")).to_have_text(
            "You opened with the double 12: start your train or tap “End turn”.")
        expect(page.locator('.tr-actions [data-act="pass"]')).to_have_text("End turn")
        assert_whole_on_screen(button_box(page, "pass"))
        room.close()


def test_on_the_solo_page_the_opening_turn_ends_with_terminar_turno(browser, host):
    client = socketio.Client()
    client.connect(host.url, transports=["websocket"], wait_timeout=5)
    try:
        reply = client.call("create_solo", {
            "game": "tren", "name": "Abuela", "bots": ["normal"] * 2,
            "options": {"_deal": opening_deal("12-5 9-4 8-2 11-6 7-1 10-0")}}, timeout=5)
        assert reply["ok"], reply
    finally:
        client.disconnect()
    entry = {key: reply[key] for key in ("room", "token", "host_token")} | {"game": "tren"}
    with page_in(browser, WAIT_MS, viewport={"width": 1366, "height": 768}) as page:
        open_solo_game(page, host, entry)
        expect(page.locator(".tr-turn.mine")).to_be_visible()
        end = page.locator('.tr-actions [data-act="pass"]')
        expect(end).to_have_text("Terminar turno")
        expect(page.locator(".tr-hint")).to_contain_text("Has abierto con el doble 12")
        for act in ("play", "pass"):
            assert_whole_on_screen(button_box(page, act))
        shot(page, "solo-tren-opening-1366x768")
        end.click()
        expect(page.locator(".tr-turn.mine")).to_have_count(0)
        expect(page.locator(".tr-hand .hand-card")).to_have_count(6)


def test_the_tv_says_the_opener_may_start_the_train_or_end_the_turn(tv, host, new_phone):
    abuela = new_phone()
    open_room(host, tv, abuela, 3, opening_deal("12-5 9-4 8-2 11-6 7-1 10-0"))
    call = tv.locator(".tren-call.turn")
    expect(call.locator(".call-title")).to_have_text("Le toca a Abuela")
    sub = call.locator(".call-sub")
    expect(sub).to_have_text(
        "Ha abierto con el doble 12: puede empezar su tren o terminar el turno")
    size = sub.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")
    box = sub.bounding_box()
    assert size >= 24 and box["x"] + box["width"] <= 1920 and box["y"] + box["height"] <= 1080, \
        (size, box)
    if os.environ.get("SOBREMESA_SCREENS"):
        tv.wait_for_timeout(400)
        tv.screenshot(path=str(SCREENS / "tv-tren-opening.png"))
    abuela.locator('.tr-actions [data-act="pass"]').click()
    expect(sub).not_to_contain_text("Ha abierto")
