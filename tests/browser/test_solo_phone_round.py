"""A whole round of Rummy Manipulación, Carrusel rule set, against two computer players on a
390×844 phone held upright, with touch only (taps and a touch scroll), started from /solo.

The deal is known (the `_deal` test option, which the solo page sends with the options it
remembers from the last game started on this device). Carrusel with three players: two packs
and two jokers, ten cards each. Chispas (seat 2) deals, so the player (seat 0) starts:

  Ana (you)  draws Ks; lays 9s 10s Js Qs Ks and 8h 8d 8c; Listo. Kc Kd Kh left (30 points).
  Robotina   holds 2h 3h 4h and 5c 6c 7c (and Jh Qd 9d 10h, which fit nowhere)
  Chispas    holds 4d 5d 6d and 3s 4s 5s (and Jc Qh 9h 10c, likewise)
  Ana        draws one of the low cards on top of the stock (an ace, a two or a three: how many
             the computer players drew first decides which), lays Kc Kd Kh: Robar has become
             Cerrar (3 points or fewer in hand): she knocks and wins the round.

On the way: the hand and the buttons stay inside the screen while the table grows and scrolls,
and the page never holds a card of the computer players' hands until the round is over, except
the ones they have put on the table.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import page_in
from tests.browser.test_manipulacion_round import CARD_SPOT, explicit_deal

WAIT_MS = 10000
COMPUTER_TURNS_MS = 60000           # two computer turns at the test host's pace, under load
PHONE = {"width": 390, "height": 844}
LAST_KEY = "sobremesa.solo.last"    # what /solo remembers of the last game started

ANA = "9s 10s Js Qs 8h 8d 8c Kc Kd Kh"
ROBOTINA = "2h 3h 4h 5c 6c 7c Jh Qd 9d 10h"
CHISPAS = "4d 5d 6d 3s 4s 5s Jc Qh 9h 10c"
STOCK_TOP = "Ks Ac 2d 3h Ad 2s 3c Ah"      # Ana's first draw, then low cards only
LOW = set(STOCK_TOP.split()[1:])
# The codes only the computer players hold at the deal (none of them is in Ana's hand, and
# none is among the cards on top of the stock that Ana may draw).
SECRET = sorted(set(f"{ROBOTINA} {CHISPAS}".split()) - set(f"{ANA} {STOCK_TOP}".split()))

# Every occurrence of a SECRET code in the page (attribute values and text) but those on the
# table: a card on the table is public, and may be shown elsewhere too (flying to the table).
FIND_SECRETS = """([codes, table]) => {
    const onTable = new Set(table
        ? [...document.querySelectorAll(`${table} [data-card]`)].map(c => c.dataset.card) : []);
    const secret = codes.filter(code => !onTable.has(code));
    if (!secret.length) return [];
    const token = new RegExp(`(^|[^0-9A-Za-z])(${secret.join("|")})(?![0-9A-Za-z])`);
    const found = [];
    for (const el of document.querySelectorAll("*")) {
        for (const attr of el.attributes) {
            const m = attr.value.match(token);
            if (m) found.push(`${el.tagName}.${el.getAttribute("class")} @${attr.name}=${m[2]}`);
        }
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const m = node.textContent.match(token);
        if (m) found.push(`text in ${node.parentElement.className}: ${m[2]}`);
    }
    return found;
}"""


@pytest.fixture
def phone(browser, host):
    device = {**browser.devices["Pixel 7"], "viewport": PHONE}
    assert device["has_touch"] and device["is_mobile"]
    with page_in(browser, WAIT_MS, **device) as page:
        yield page


@pytest.fixture
def patient_expect():
    expect.set_options(timeout=WAIT_MS)
    yield
    expect.set_options(timeout=5000)


def hand(page: Page) -> list[str]:
    return sorted(page.locator(".mn-hand .hand-card").evaluate_all(
        "cards => cards.map(c => c.dataset.code)"))


def expect_hand(page: Page, cards: str):
    want = sorted(cards.split())
    try:
        page.wait_for_function(
            """want => JSON.stringify([...document.querySelectorAll('.mn-hand .hand-card')]
                .map(c => c.dataset.code).sort()) === JSON.stringify(want)""", arg=want)
    except Exception:
        raise AssertionError(f"the hand: wanted {want}, shows {hand(page)}") from None


def card(page: Page, code: str):
    return page.locator(f'.mn-hand .hand-card[data-code="{code}"]')


def button(page: Page, act: str):
    return page.locator(f'.mn-actions [data-act="{act}"]')


def new_group(page: Page, *codes: str, groups_after: int):
    """Tap the cards to hold them, then "new group" in the bar."""
    for code in codes:
        target = card(page, code)
        target.tap(position=CARD_SPOT)
        try:
            expect(target).to_have_attribute("aria-pressed", "true", timeout=1500)
        except AssertionError:      # a state push redrew the hand between the touch and its end
            target.tap(position=CARD_SPOT)
            expect(target).to_have_attribute("aria-pressed", "true")
    page.locator(".mn-bar [data-new]").tap()
    expect(page.locator(".mn-groups .mg")).to_have_count(groups_after)


def expect_on_screen(page: Page, *parts: str):
    """Each part is wholly inside the 390×844 screen, and the page itself does not scroll."""
    for part in parts:
        box = page.locator(part).bounding_box()
        assert box, part
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 0.5, (part, box)
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"] + 0.5, (part, box)
    page_height = page.evaluate("() => document.scrollingElement.scrollHeight")
    assert page_height <= PHONE["height"], page_height


def swipe_up(page: Page, box: dict):
    """A finger dragged up over the box (raw touch events: Chromium's synthesized touch
    scroll gesture does nothing when headless)."""
    cdp = page.context.new_cdp_session(page)

    def touch(kind: str, y: float | None = None):
        points = [] if y is None else [{"x": box["x"] + box["width"] / 2, "y": y}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
    start, end = box["y"] + box["height"] * 0.8, box["y"] + box["height"] * 0.2
    touch("touchStart", start)
    steps = 12
    for k in range(1, steps + 1):
        touch("touchMove", start + (end - start) * k / steps)
    touch("touchEnd")
    cdp.detach()


def expect_no_secrets(page: Page, table: str | None = None):
    """No card of the computer players' hands in the page, but those in `table`'s groups."""
    found = page.evaluate(FIND_SECRETS, [SECRET, table])
    assert not found, f"computer players' cards in the page: {found}"


def test_a_carrusel_round_alone_on_a_phone_with_touch(phone, host, patient_expect):
    page = phone
    deal = explicit_deal("carrusel", [ANA, ROBOTINA, CHISPAS], stock_top=STOCK_TOP, dealer=2)
    page.goto(host.url + "/solo")
    # The solo page offers the options of the last game started here: this one, with the deal.
    page.evaluate("([key, deal]) => localStorage.setItem(key, JSON.stringify({game: 'manipulacion',"
                  " bots: 2, level: 'normal', options: {ruleset: 'manipulacion', _deal: deal}}))",
                  [LAST_KEY, deal])
    page.reload()

    # Choose the game, then its Carrusel rule set (the deal holds jokers: under the default
    # rule set, without jokers, the host would refuse it), a name, Empezar.
    page.locator('.tile[data-game="manipulacion"]').tap()
    carrusel = page.locator('.solo-setup [data-option="ruleset"][data-value="carrusel"]')
    expect(carrusel).to_have_attribute("aria-pressed", "false")
    carrusel.tap()
    expect(carrusel).to_have_attribute("aria-pressed", "true")
    expect(page.locator('[data-stepper="bots"] .step-value')).to_have_text("2")
    page.locator("#solo-name").fill("Ana")
    page.locator("#solo-start").tap()

    # One screen: the three seats, the Carrusel table, Ana's hand; her turn, Robar first.
    seats = page.locator(".solo-seat")
    expect(seats).to_have_count(3)
    expect(seats.locator(".solo-cards")).to_have_text([re.compile(r"^10 cartas")] * 3)
    expect(page.locator(".mn-ruleset")).to_have_text("Carrusel")
    expect_hand(page, ANA)
    expect(page.locator(".mn-turn .mn-yours")).to_have_text("¡Te toca!")
    expect(page.locator(".solo-seat.you")).to_have_class(re.compile(r"\bturn\b"))
    expect(button(page, "done")).to_be_disabled()
    expect_on_screen(page, ".mn-hand", ".mn-actions", ".solo-bar")
    expect_no_secrets(page)

    # Turn 1: Robar (Ks), two groups, Listo.
    button(page, "draw").tap()
    expect_hand(page, ANA + " Ks")
    new_group(page, "9s", "10s", "Js", "Qs", "Ks", groups_after=1)
    new_group(page, "8h", "8d", "8c", groups_after=2)
    expect(page.locator(".mn-groups .mg.valid")).to_have_count(2)
    expect_on_screen(page, ".mn-hand", ".mn-actions")
    stock = page.locator(".mn-stock-n")
    expect(stock).to_have_text("75")
    button(page, "done").tap()
    expect_hand(page, "Kc Kd Kh")
    expect(page.locator('.solo-seat[data-seat="0"] .solo-cards')).to_have_text(
        re.compile(r"^3 cartas"))

    # The computer players' turns: each draws (one card at least) and lays its runs; then Ana's
    # turn again. The page shows their cards only once they are on the table.
    page.wait_for_function(
        """() => Number(document.querySelector('.mn-stock-n').textContent) <= 73
            && document.querySelector('.mn-turn .mn-yours')""", timeout=COMPUTER_TURNS_MS)
    expect(page.locator(".mn-turn .mn-yours")).to_have_text("¡Te toca!")
    expect_no_secrets(page, table=".mn-groups")
    groups = page.locator(".mn-groups .mg")
    assert groups.count() >= 4, groups.count()
    for seat in ("1", "2"):
        left = page.locator(f'.solo-seat[data-seat="{seat}"] .solo-cards').text_content()
        assert int(re.match(r"\d+", left).group()) >= 5, (seat, left)   # nobody could go out

    # The table no longer fits above the hand: it scrolls (a touch swipe), the hand and its
    # buttons stay where they are.
    middle = page.locator(".mn-middle")
    sizes = middle.evaluate("e => [e.scrollHeight, e.clientHeight]")
    assert sizes[0] > sizes[1] + 40, f"the table does not overflow: {sizes}"
    expect_on_screen(page, ".mn-hand", ".mn-actions", ".solo-bar")
    hand_box = page.locator(".mn-hand").bounding_box()
    actions_box = page.locator(".mn-actions").bounding_box()
    swipe_up(page, middle.bounding_box())
    page.wait_for_function("() => document.querySelector('.mn-middle').scrollTop > 0")
    expect_on_screen(page, ".mn-hand", ".mn-actions", ".solo-bar")
    assert page.locator(".mn-hand").bounding_box() == hand_box
    assert page.locator(".mn-actions").bounding_box() == actions_box

    # Turn 2: Robar gives one low card; Kc Kd Kh go down; Robar has become Cerrar.
    button(page, "draw").tap()
    page.wait_for_function("() => document.querySelectorAll('.mn-hand .hand-card').length === 4")
    drawn = [c for c in hand(page) if c not in ("Kc", "Kd", "Kh")]
    assert len(drawn) == 1 and drawn[0] in LOW, hand(page)
    count = groups.count()
    new_group(page, "Kc", "Kd", "Kh", groups_after=count + 1)
    expect_hand(page, drawn[0])
    expect_on_screen(page, ".mn-hand", ".mn-actions")
    expect(button(page, "close")).to_have_text("Cerrar")
    expect_no_secrets(page, table=".mn-groups")
    button(page, "close").tap()

    # The end of the round: Ana knocked with the fewest points and scores what the others hold
    # beyond hers; the seats show the new score.
    results = page.locator(".results")
    expect(results).to_be_visible()
    expect(page.locator(".mn-turn")).to_have_text("Fin de la ronda 1")
    expect(results.locator(".closer")).to_have_text(["Has cerrado", "Gana la ronda: Tú"])
    points = results.locator(".my-points b")
    expect(points).to_have_text(re.compile(r"^\+\d+$"))
    won = int(points.text_content())
    assert 40 <= won < 150, won          # two hands of 5 cards or more, and not the game's end
    rows = results.locator(".standings tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.first).to_have_class("me")
    expect(rows.first.locator("b")).to_have_text(str(won))
    expect(rows.nth(1).locator("b")).to_have_text("0")
    expect(page.locator(".solo-seat.you .solo-score")).to_have_text(f"{won} pts")
    expect(results.locator(".left-cards svg.card")).to_have_attribute("data-card", drawn[0])
    expect_on_screen(page, ".solo-bar")
