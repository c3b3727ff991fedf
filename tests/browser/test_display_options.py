"""The display options of one device (the "Aa" dialog: four-colour suits, extra-large cards,
high contrast) change what is drawn, measured in computed colours and sizes: on a phone's
one-device Canasta (French suits), a laptop's one-device Ferrocarril (Spanish suits) and Tren
Mexicano (tiles), and on the TV; each device keeps its own."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import page_in

WAIT_MS = 10000
LAPTOP = {"width": 1366, "height": 768}
RED, FC_GREEN = "rgb(198, 40, 40)", "rgb(46, 125, 50)"


def start_solo(page: Page, url: str, game: str, hand: str):
    page.goto(url + "/solo")
    page.locator(f'.tile[data-game="{game}"]').click()
    page.locator("#solo-start").click()
    expect(page.locator("body")).to_have_attribute("data-screen", "game")
    expect(page.locator(f"{hand} .hand-card").first).to_be_visible()


def fills(page: Page, selector: str, need: bool = False) -> set[str]:
    """The computed fills of `selector`, once the hand is drawn (a computer player's move may
    redraw it just then, or a pause hide it: no fill is computed for a piece not on screen);
    with `need`, once there is at least one."""
    found: set[str] = {""}
    for _ in range(50):
        found = set(page.locator(selector).evaluate_all(
            "els => els.map(e => getComputedStyle(e).fill)"))
        if "" not in found and (found or not need):
            break
        page.wait_for_timeout(100)
    return found


def width(page: Page, selector: str) -> float:
    return page.locator(selector).first.evaluate("e => e.getBoundingClientRect().width")


def set_option(page: Page, opener: str, name: str, on: bool = True):
    page.locator(opener).click()
    dialog = page.locator("dialog.display-dialog[open]")
    expect(dialog.locator("h2")).to_have_text("Cartas y colores")
    box = dialog.locator(f'input[name="{name}"]')
    box.set_checked(on)
    dialog.get_by_role("button", name="Listo").click()
    expect(page.locator("dialog.display-dialog[open]")).to_have_count(0)


def test_a_phone_playing_canasta_alone_gets_four_colours_large_cards_and_contrast(browser, host):
    with page_in(browser, WAIT_MS, **browser.devices["Pixel 7"]) as page:
        hand = ".cn-hand .hand-card"
        # A stack shows one card of its rank, spades and hearts first: about one deal in forty
        # shows no diamond nor club, and then a new game is dealt.
        for _ in range(5):
            start_solo(page, host.url, "canasta", ".cn-hand")
            if fills(page, f"{hand} :is(.ink-d, .ink-c)", need=True):
                break
        # Default: diamonds red like hearts, clubs black like spades.
        assert fills(page, f"{hand} .ink-d") <= {RED}
        assert fills(page, f"{hand} .ink-c") <= {"rgb(27, 27, 27)"}
        assert fills(page, f"{hand} :is(.ink-d, .ink-c)", need=True), "no diamond nor club"
        set_option(page, "#solo-display", "four_colour")
        assert fills(page, f"{hand} .ink-d") <= {"rgb(20, 87, 184)"}          # blue
        assert fills(page, f"{hand} .ink-c") <= {"rgb(27, 122, 51)"}          # green
        assert fills(page, f"{hand} .ink-h") <= {RED}

        set_option(page, "#solo-display", "large")
        set_option(page, "#solo-display", "contrast")
        background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
        assert background == "rgb(0, 0, 0)"
        edge = page.locator(f"{hand} svg.card > rect").first    # waits out a redraw
        expect(edge).to_have_css("stroke", "rgb(0, 0, 0)")
        expect(edge).to_have_css("stroke-width", "5px")
        assert fills(page, f"{hand} .ink-h") <= {"rgb(163, 0, 0)"}

        # Kept on this device: after a reload the same, and the dialog says so.
        page.reload()
        expect(page.locator("html")).to_have_class("opt-four-colour opt-large opt-contrast")
        page.locator("#display-btn").click()
        for name in ("four_colour", "large", "contrast"):
            expect(page.locator(f'dialog[open] input[name="{name}"]')).to_be_checked()


@pytest.mark.parametrize("game", ["ferrocarril", "tren", "canasta"])
def test_the_laptop_alone_draws_spanish_suits_and_tiles_with_the_options(browser, host, game):
    with page_in(browser, WAIT_MS, viewport=LAPTOP) as page:
        hand = {"ferrocarril": ".fc-hand", "tren": ".tr-hand", "canasta": ".cn-hand"}[game]
        start_solo(page, host.url, game, hand)
        for _ in range(5):          # about one Ferrocarril hand in thirty holds no bastos
            if game != "ferrocarril" or page.locator(".fc-hand .ink-b").count():
                break
            start_solo(page, host.url, game, hand)
        page.locator("#solo-pause").click()     # the same hand before and after
        expect(page.locator("#solo-pause")).to_have_attribute("aria-pressed", "true")
        page.wait_for_timeout(300)            # the hand laid out for the screen's size
        count = page.locator(f"{hand} .hand-card").count()
        before = width(page, f"{hand} .hand-card")
        if game == "ferrocarril":
            page.wait_for_function("() => document.querySelector('.fc-hand .ink-b')")
            assert fills(page, ".fc-hand .ink-b") == {FC_GREEN}
            set_option(page, "#solo-display", "four_colour")
            assert fills(page, ".fc-hand .ink-b") == {"rgb(78, 52, 46)"}      # bastos brown
            assert fills(page, ".fc-hand .ink-c") <= {RED}                   # copas still red
        set_option(page, "#solo-display", "large")
        # The hand takes more of the screen, its pieces about a third larger.
        page.wait_for_function(
            "([s, w]) => document.querySelector(s).getBoundingClientRect().width > w * 1.25",
            arg=[f"{hand} .hand-card", before])
        assert page.locator(f"{hand} .hand-card").count() == count
        page.locator("#solo-pause").click()
        expect(page.locator("#solo-pause")).to_have_attribute("aria-pressed", "false")
        set_option(page, "#solo-display", "contrast")
        piece = "svg.domino" if game == "tren" else "svg.card"
        # (a computer player's move may redraw the hand meanwhile: the check waits for it)
        expect(page.locator(f"{hand} {piece} > rect").first).to_have_css("stroke-width", "5px")


def test_the_tv_keeps_its_own_options(tv, host, new_phone):
    tv.goto(host.url + "/")
    expect(tv.locator(".join-panel")).to_be_visible()
    assert tv.evaluate("() => getComputedStyle(document.body).backgroundImage") != "none"
    set_option(tv, "#display-btn", "contrast")
    assert tv.evaluate("() => getComputedStyle(document.body).backgroundColor") == "rgb(0, 0, 0)"
    assert tv.evaluate("() => getComputedStyle(document.body).backgroundImage") == "none"
    phone = new_phone()
    phone.goto(host.url + "/j")
    # The TV's sound is in the host menu; a phone's switch is in its «Aa».
    expect(tv.locator("#display-btn")).to_have_accessible_name("Aa: cartas y colores")
    expect(phone.locator("#display-btn")).to_have_accessible_name("Aa: cartas, colores y sonido")
    assert phone.evaluate("() => document.documentElement.className") == ""


MOVING = """() => [...document.querySelectorAll('*')].filter(e => {
    const s = getComputedStyle(e);
    return s.animationName !== 'none' && parseFloat(s.animationDuration) > 0.001
        || parseFloat(s.transitionDuration) > 0.001;
}).map(e => e.className.baseVal ?? e.className)"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_reduced_motion_stops_every_animation(browser, host, motion):
    with page_in(browser, WAIT_MS, viewport=LAPTOP, reduced_motion=motion) as page:
        start_solo(page, host.url, "ferrocarril", ".fc-hand")
        moving = page.evaluate(MOVING)
        if motion == "reduce":
            assert moving == [], moving
        else:                      # what would move: the test sees it
            assert moving, "nothing animates on the page"


@pytest.mark.parametrize("game", ["ferrocarril", "tren", "canasta", "manipulacion"])
def test_extra_large_cards_grow_the_hand_on_a_phone(browser, host, game):
    """On a Pixel 7 playing alone, "Cartas extragrandes" makes the same hand's pieces a third
    larger (before, the phone kept them the size the screen allowed: the same, or smaller); a
    hand taller than its room scrolls, its last piece reachable and the buttons in sight."""
    hand = {"ferrocarril": ".fc-hand", "tren": ".tr-hand", "canasta": ".cn-hand",
            "manipulacion": ".mn-hand"}[game]
    pieces = f"{hand} .hand-card"
    with page_in(browser, WAIT_MS, **browser.devices["Pixel 7"]) as page:
        start_solo(page, host.url, game, hand)
        page.locator("#solo-pause").click()                 # the hand stays as it is
        expect(page.locator("#solo-pause")).to_have_attribute("aria-pressed", "true")
        page.wait_for_timeout(300)
        count = page.locator(pieces).count()
        before = page.locator(f"{pieces} svg").first.evaluate(
            "e => e.getBoundingClientRect().height")
        set_option(page, "#solo-display", "large")
        page.wait_for_timeout(300)
        assert page.locator(pieces).count() == count
        after = page.locator(f"{pieces} svg").first.evaluate(
            "e => e.getBoundingClientRect().height")
        print(game, count, round(before), "->", round(after))
        assert after >= before * 1.3, (before, after)
        page.locator(pieces).last.scroll_into_view_if_needed()
        expect(page.locator(pieces).last).to_be_in_viewport()
        box = page.locator(hand).evaluate("e => e.getBoundingClientRect().bottom")
        assert box <= page.viewport_size["height"], box         # the hand ends on the screen
