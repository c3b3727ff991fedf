"""Playing alone against the computer on one device (/solo) at 1366×768, the laptop: two taps
start Ferrocarril against two computer players with the defaults; the player sees their hand,
the table and the opponents, passes in a ¡Compro! window, draws and discards in their turn,
pauses (the computer stops) and resumes, and after a reload "Seguir la partida" brings back
the same game with the same hand."""
from __future__ import annotations

import os
import re
import time

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import page_in
from tests.live import ROOT

WAIT_MS = 10000
CARD_SPOT = {"x": 8, "y": 30}   # hand cards overlap: tap near the left edge
LAPTOP = {"width": 1366, "height": 768}


@pytest.fixture
def laptop(browser, host):
    with page_in(browser, WAIT_MS, viewport=LAPTOP) as page:
        yield page


def hand_codes(page: Page) -> list[str]:
    ids = page.locator(".fc-hand .hand-card").evaluate_all(
        "cards => cards.map(card => card.dataset.id)")
    return sorted(i[:i.rindex("#")] for i in ids)


def start_with_defaults(page: Page, url: str, name: str | None = None):
    page.goto(url + "/solo")
    page.locator('.tile[data-game="ferrocarril"]').click()                 # tap 1: the game
    if name is not None:
        page.locator("#solo-name").fill(name)
    expect(page.locator('[data-stepper="bots"] .step-value')).to_have_text("2")
    expect(page.locator('[data-opponent="all"] [data-level="normal"]')).to_have_attribute(
        "aria-pressed", "true")
    page.locator("#solo-start").click()                                     # tap 2: Empezar


def select(page: Page, card):
    card.click(position=CARD_SPOT)
    try:
        expect(card).to_have_attribute("aria-pressed", "true", timeout=1500)
    except AssertionError:   # a state push redrew the hand between press and release
        card.click(position=CARD_SPOT)
        expect(card).to_have_attribute("aria-pressed", "true")


def play_until_own_turn_done(page: Page, deadline_s: float = 90) -> dict:
    """Pass every ¡Compro! window offered and, in the player's turn, draw and discard once."""
    done = {"passed": 0, "drew": False, "discarded": None}
    overlay_pass = page.locator(".fc-buy:not(.hidden) .paso")
    draw = page.locator('.fc-actions [data-act="draw"]')
    end = time.monotonic() + deadline_s
    while time.monotonic() < end and not done["discarded"]:
        if overlay_pass.count() and overlay_pass.is_enabled():
            try:
                overlay_pass.click(timeout=1500)
                done["passed"] += 1
            except Exception:
                pass         # the window closed under the tap
            continue
        if draw.count() and draw.is_enabled():
            before = len(hand_codes(page))
            draw.click()
            page.wait_for_function(
                "n => document.querySelectorAll('.fc-hand .hand-card').length === n",
                arg=before + 1, timeout=WAIT_MS)
            done["drew"] = True
            card = page.locator(".fc-hand .hand-card").first
            code = card.get_attribute("data-id")
            select(page, card)
            page.locator('.fc-actions [data-act="discard"]').click()
            page.wait_for_function(
                "n => document.querySelectorAll('.fc-hand .hand-card').length === n",
                arg=before, timeout=WAIT_MS)
            done["discarded"] = code[:code.rindex("#")]
            continue
        page.wait_for_timeout(150)
    return done


def test_two_taps_start_a_solo_game_that_is_played_paused_and_resumed(laptop, host):
    page = laptop
    start_with_defaults(page, host.url)

    # One screen: the opponents as compact seats, the table as the TV draws it (a row per
    # player with their stats) and the hand.
    expect(page.locator(".solo-seat")).to_have_count(3)
    expect(page.locator(".solo-seat.you")).to_have_count(1)
    expect(page.locator(".fc-table-tv .player-row")).to_have_count(3)
    table = page.locator(".fc-table-tv").bounding_box()
    assert table and table["height"] >= 0.25 * LAPTOP["height"], table
    expect(page.locator(".fc-hand .hand-card").first).to_be_visible()
    assert len(hand_codes(page)) >= 13
    for seat in page.locator(".solo-seat:not(.you)").all():
        expect(seat.locator(".solo-cards-text")).to_have_text(re.compile(r"^\d+ cartas$"))
        expect(seat.locator(".solo-score")).to_have_text(re.compile(r"^-?\d+ pts$"))
    # The hand stays inside the laptop's screen.
    box = page.locator(".fc-hand").bounding_box()
    assert box and box["y"] + box["height"] <= LAPTOP["height"]

    done = play_until_own_turn_done(page)
    assert done["passed"] >= 1, "no ¡Compro! window was offered to the player"
    assert done["drew"] and done["discarded"], done
    expect(page.locator(".fc-discard")).to_be_visible()

    # Pausa: nobody moves; the stock the computer draws from stays as it is.
    page.locator("#solo-pause").click()
    expect(page.locator("#solo-paused")).to_be_visible()
    expect(page.locator("#solo-pause")).to_have_attribute("aria-pressed", "true")
    stock = page.locator(".fc-stock-label").text_content()
    page.wait_for_timeout(2000)
    assert page.locator(".fc-stock-label").text_content() == stock
    # Seguir (the big button on the veil).
    page.locator("#solo-paused .btn").click()
    expect(page.locator("#solo-paused")).to_have_count(0)
    expect(page.locator("#solo-pause")).to_have_attribute("aria-pressed", "false")
    # The computer plays on after the pause: its turns move the stock again.
    page.wait_for_function(
        "before => document.querySelector('.fc-stock-label').textContent !== before"
        " || document.querySelector('.fc-buy:not(.hidden)')"
        " || document.querySelector('.fc-actions [data-act=\"draw\"]:not([data-at-rest])')",
        arg=stock, timeout=20000)

    # Más rápido.
    page.locator("#solo-fast").click()
    expect(page.locator("#solo-fast")).to_have_attribute("aria-pressed", "true")

    # Reload: the entry offers "Seguir la partida" with this game; it resumes the same hand.
    hand = hand_codes(page)
    page.reload()
    resume = page.locator(".resume-item")
    expect(resume).to_have_count(1)
    expect(resume.locator(".resume-title")).to_have_text("Ferrocarril")
    expect(resume.locator(".resume-meta")).to_contain_text("contra 2 del ordenador")
    resume.click()
    expect(page.locator(".solo-seat")).to_have_count(3)
    expect(page.locator(".fc-hand .hand-card").first).to_be_visible()
    assert hand_codes(page) == hand
    expect(page.locator("#solo-fast")).to_have_attribute("aria-pressed", "true")
    # Closing the page paused it ("away"); coming back plays on.
    expect(page.locator("#solo-pause")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#solo-paused")).to_have_count(0)

    # Menú: back to the entry, the game paused until the player comes back and taps Seguir.
    page.locator("#solo-menu").click()
    expect(resume.locator(".resume-meta")).to_contain_text("en pausa")
    resume.click()
    expect(page.locator("#solo-paused")).to_be_visible()
    page.locator("#solo-paused .btn").click()
    expect(page.locator("#solo-paused")).to_have_count(0)
    assert hand_codes(page) == hand


def test_the_tv_start_screen_offers_contra_el_ordenador(tv, host):
    tv.goto(host.url + "/")
    link = tv.locator('a.solo-link[href="/solo"]')
    expect(link).to_be_visible(timeout=WAIT_MS)
    expect(link).to_contain_text("Contra el ordenador")
    link.click()
    expect(tv).to_have_url(re.compile(r"/solo$"))
    expect(tv.locator('.tile[data-game="ferrocarril"]')).to_be_visible()


def test_a_phone_starts_manipulacion_alone_and_draws_with_touch(browser, host):
    """390×844 portrait, touch: Rummy Manipulación against two computer players, the hand and
    its buttons inside the screen, and a card drawn in the player's turn."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True, device_scale_factor=2)
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    try:
        page.goto(host.url + "/solo")
        page.locator('.tile[data-game="manipulacion"]').tap()
        page.locator("#solo-start").tap()
        expect(page.locator(".solo-seat")).to_have_count(3)
        cards = page.locator(".mn-hand .hand-card")
        expect(cards.first).to_be_visible()
        for part in (".mn-hand", ".mn-actions", "#solo-pause"):
            box = page.locator(part).bounding_box()
            assert box and 0 <= box["y"] and box["y"] + box["height"] <= 844, (part, box)
        draw = page.locator('.mn-actions [data-act="draw"]:not([disabled]):not([data-at-rest])')
        expect(draw).to_be_visible(timeout=60000)    # the computer players' turns first
        before = cards.count()
        draw.tap()
        grew = "n => document.querySelectorAll('.mn-hand .hand-card').length > n"
        try:
            page.wait_for_function(grew, arg=before, timeout=3000)
        except Exception:
            # A hint may ask first ("Robar de todos modos"): the second tap draws.
            page.locator('.mn-actions [data-act="draw"].armed').tap()
            page.wait_for_function(grew, arg=before)
    finally:
        context.close()


def test_a_pause_freezes_the_buy_windows_countdown_on_screen(laptop, host):
    """The ¡Compro! ring counts down from the server's figure; paused, it stands still at
    what it had left, and it runs on after Seguir."""
    page = laptop
    start_with_defaults(page, host.url)
    seconds = page.locator(".fc-buy:not(.hidden) .buy-timer text")
    expect(seconds).to_be_visible(timeout=WAIT_MS)    # the round's first card is for sale
    # On the laptop the window covers the table, not the hand: the player sees their cards.
    window, hand = page.locator(".fc-buy").bounding_box(), page.locator(".fc-hand").bounding_box()
    assert window and hand and window["y"] + window["height"] <= hand["y"] + 1, (window, hand)
    page.locator("#solo-pause").click()
    expect(page.locator("#solo-paused")).to_be_visible()
    frozen = seconds.text_content()
    page.wait_for_timeout(2500)
    assert seconds.text_content() == frozen
    page.locator("#solo-paused .btn").click()
    page.wait_for_function(
        "before => { const n = document.querySelector('.fc-buy:not(.hidden) .buy-timer text');"
        " return !n || Number(n.textContent) < Number(before); }", arg=frozen, timeout=WAIT_MS)


WATCH_FLIGHTS = """() => {
  window.flights = [];
  new MutationObserver((changes) => {
    for (const change of changes) for (const node of change.addedNodes) {
      if (node.classList && node.classList.contains("flying-card")) {
        const face = node.querySelector("svg.card");
        window.flights.push(face ? face.getAttribute("aria-label") || "card" : "?");
      }
    }
  }).observe(document.body, { childList: true });
}"""


def play_until_a_computer_moves(page: Page, deadline_s: float = 40) -> None:
    """Pass the ¡Compro! windows and play the player's own turns until the ticker tells of a
    computer player's draw or discard."""
    names = page.locator(".solo-seat:not(.you) .solo-seat-name").all_text_contents()
    bots = [n.strip() for n in names]
    ticker = page.locator(".fc-ticker")
    overlay_pass = page.locator(".fc-buy:not(.hidden) .paso")
    draw = page.locator('.fc-actions [data-act="draw"]')
    end = time.monotonic() + deadline_s
    while time.monotonic() < end:
        said = ticker.text_content() or ""
        if any(said.startswith(name) for name in bots) and ("roba" in said or "descarta" in said):
            return
        if overlay_pass.count() and overlay_pass.is_enabled():
            try:
                overlay_pass.click(timeout=1000)
            except Exception:
                pass
        elif draw.count() and draw.is_enabled():
            play_until_own_turn_done(page, 30)
        page.wait_for_timeout(100)
    raise AssertionError("no computer player moved")


def test_the_computers_draws_and_discards_are_seen_flying(laptop, host):
    """A computer player's turn shows its cards moving between the piles and its seat."""
    page = laptop
    start_with_defaults(page, host.url)
    expect(page.locator(".solo-seat")).to_have_count(3)
    page.evaluate(WATCH_FLIGHTS)
    play_until_a_computer_moves(page)
    page.wait_for_function("() => window.flights.length >= 1", timeout=3000)
    # Each flight is gone once it has landed.
    page.wait_for_function("() => !document.querySelector('.flying-card')", timeout=3000)


def test_nothing_flies_for_someone_who_asked_for_reduced_motion(browser, host):
    context = browser.new_context(viewport=LAPTOP, reduced_motion="reduce")
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    try:
        start_with_defaults(page, host.url)
        expect(page.locator(".solo-seat")).to_have_count(3)
        page.evaluate(WATCH_FLIGHTS)
        play_until_a_computer_moves(page)
        page.wait_for_timeout(800)
        assert page.evaluate("window.flights.length") == 0
    finally:
        context.close()


@pytest.mark.parametrize("size", [(1024, 768), (768, 1024), (1920, 1080)],
                         ids=["tablet-landscape", "tablet-portrait", "big-laptop"])
def test_the_solo_screen_fits_a_tablet_either_way_round_and_a_big_laptop(browser, host, size):
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height},
                                  has_touch=width < 1100)
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    try:
        start_with_defaults(page, host.url, "Abuelo")
        expect(page.locator(".fc-table-tv .player-row")).to_have_count(3)   # as on the TV
        expect(page.locator(".fc-hand .hand-card").first).to_be_visible()
        for part in (".solo-bar", ".fc-hand", ".fc-actions", ".fc-table-tv"):
            box = page.locator(part).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= width + 1, (part, box)
            assert box["y"] >= 0 and box["y"] + box["height"] <= height + 1, (part, box)
        # Nothing is cut off: the seats and the controls fit their bar, the page does not
        # scroll sideways, and every seat shows its name, cards and points.
        fits = page.evaluate("""() => [...document.querySelectorAll(
            '.solo-seats, .solo-controls, body')].every(n => n.scrollWidth <= n.clientWidth + 1)""")
        assert fits
        # (read in one go: the bar is drawn again with every state) Each name whole: on a
        # tablet held upright «Abuelo (tú)» and «Robotina» were cut beside the controls.
        seats = page.evaluate("""() => [...document.querySelectorAll('.solo-seat')].map(s => ({
            right: s.getBoundingClientRect().right,
            score: (s.querySelector('.solo-score')?.offsetWidth || 0) > 0,
            name: [...s.querySelectorAll('.solo-seat-name')].every(
                n => n.scrollWidth <= n.clientWidth + 1)}))""")
        assert len(seats) == 3 and all(s["right"] <= width and s["score"] and s["name"]
                                       for s in seats), seats
    finally:
        context.close()


def test_a_phone_alone_draws_canastas_table_as_the_phone_page_does(browser, host):
    """The one-device page links the TV's table styles for laptops: on a phone, Canasta's table
    is the phone's one row per player (its names were TV-sized, running into the counters, and
    the kitty's count sat on its picture): the kitty said in words, in the phone's type."""
    with page_in(browser, 10000, **browser.devices["Pixel 7"]) as page:
        page.goto(host.url + "/solo")
        page.locator('.tile[data-game="canasta"]').click()
        page.locator("#solo-start").click()
        expect(page.locator(".canasta-table-phone .ct-seat")).to_have_count(3)
        looks = page.evaluate("""() => {
            const style = (s) => getComputedStyle(document.querySelector(s));
            return {name: parseFloat(style('.canasta-table-phone .ct-name').fontSize),
                    kitty: document.querySelector('.canasta-table-phone [data-kitty]').textContent,
                    kittyPx: parseFloat(style('.canasta-table-phone [data-kitty]').fontSize),
                    rows: [...document.querySelectorAll('.canasta-table-phone .ct-head')].map(
                        (e) => e.getBoundingClientRect().height)};
        }""")
        assert looks["name"] <= 20, looks
        assert looks["kitty"] == "Gatito: 11 cartas" and 14 <= looks["kittyPx"] <= 20, looks
        assert max(looks["rows"]) <= 56, looks


def test_a_phone_alone_leaves_ferrocarrils_counts_to_the_seats_bar(browser, host):
    """On a phone the one-device page draws Ferrocarril's table as the phone page does, without
    the others' cards in hand under their names: its seats bar has them."""
    with page_in(browser, 10000, **browser.devices["Pixel 7"]) as page:
        page.goto(host.url + "/solo")
        page.locator('.tile[data-game="ferrocarril"]').click()
        page.locator("#solo-start").click()
        expect(page.locator(".fc-table .trow")).to_have_count(3)
        expect(page.locator(".solo-seat .solo-cards").first).to_contain_text("cartas")
        expect(page.locator(".fc-table .tinfo .count")).to_have_count(0)
        expect(page.locator(".seat-strip, .strip-seat")).to_have_count(0)


def test_a_small_phone_says_manipulacions_round_and_target_whole(browser, host):
    """On a 360×640 phone Manipulación's header said «Ronda 1 · a 200 …»: the round and the
    target now go under the rule set's chip when there is no room beside it, whole."""
    device = {**browser.devices["Pixel 7"], "viewport": {"width": 360, "height": 640}}
    with page_in(browser, 10000, **device) as page:
        page.goto(host.url + "/solo")
        page.locator('.tile[data-game="manipulacion"]').click()
        page.locator("#solo-start").click()
        expect(page.locator(".mn-round")).to_have_text("Ronda 1 · a 200 puntos")
        cut = page.evaluate("""() => [...document.querySelectorAll('.mn-line1, .mn-line1 > *')]
            .filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.className)""")
        assert not cut, cut


SEAT_BAR = """() => {
    const seats = [...document.querySelectorAll('#solo-bar .solo-seat')];
    const bar = document.querySelector('#solo-bar .solo-seats').getBoundingClientRect();
    const spill = [];
    seats.forEach((seat, i) => {
        const box = seat.getBoundingClientRect();
        for (const part of seat.querySelectorAll('*')) {
            const r = part.getBoundingClientRect();
            if (r.width && (r.left < box.left - 0.5 || r.right > box.right + 0.5))
                spill.push(`seat ${i}: ${part.className.baseVal ?? part.className}`);
        }
        const next = seats[i + 1]?.getBoundingClientRect();
        if (next && next.left < box.right - 0.5) spill.push(`seat ${i} under seat ${i + 1}`);
    });
    const turn = document.querySelector('#solo-bar .solo-seat.turn')?.getBoundingClientRect();
    const controls = document.querySelector('#solo-bar .solo-controls').getBoundingClientRect();
    return { spill, seats: seats.length,
             turnInSight: !turn || (turn.left >= bar.left - 0.5 && turn.right <= bar.right + 0.5),
             allInSight: seats.every((s) => s.getBoundingClientRect().right <= bar.right + 0.5),
             underControls: bar.top >= controls.bottom - 0.5 };
}"""


@pytest.mark.parametrize("width", [360, 390, 412])
def test_a_small_phones_seat_bar_keeps_each_seat_whole(browser, host, width):
    """On a phone (360×640 and as wide as an iPhone 13 or a Pixel 7) the bar above the table
    holds each seat (initial, cards, points) and the controls: a seat is never squeezed so that
    its figures run over the next one (they did: "1‥ 0 p"), and three seats are never cut off
    under the controls (the third was, on a 390 px phone, until one scrolled the row): they go
    to a row of their own under the controls, each whole and in sight."""
    device = {**browser.devices["Pixel 7"], "viewport": {"width": width, "height": 640}}
    with page_in(browser, 10000, **device) as page:
        page.goto(host.url + "/solo")
        page.locator('.tile[data-game="canasta"]').click()
        page.locator("#solo-start").click()
        expect(page.locator(".canasta-table-phone .ct-seat")).to_have_count(3)
        expect(page.locator("#solo-bar .solo-seat")).to_have_count(3)
        found = page.evaluate(SEAT_BAR)
        assert not found["spill"] and found["turnInSight"], found
        assert found["allInSight"] and found["underControls"], found
        if width == 360 and os.environ.get("SOBREMESA_SCREENS"):
            page.screenshot(path=str(ROOT / "docs" / "screens"
                                     / "phone-canasta-solo-bar-360x640.png"))
