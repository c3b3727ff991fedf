"""Aprende jugando in a real browser: the first Ferrocarril lesson played through on a phone,
with its bubble, the outlined button, a wrong move explained (and nothing changed), the hint
after a pause, the tick on the entry once done; and the TV's start screen leading to it."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.pages import page_in

WAIT_MS = 10000
FIRST = "ferrocarril/01-robar-y-descartar"
CARD_SPOT = {"x": 8, "y": 30}


def bubble_says(page: Page, words: str):
    expect(page.locator(".lesson-bubble .lesson-say")).to_contain_text(words, timeout=WAIT_MS)


def tap_when_outlined(page: Page, selector: str):
    target = page.locator(f"{selector}.lesson-target")
    expect(target).to_be_visible(timeout=WAIT_MS)
    target.tap()


def test_the_first_ferrocarril_lesson_played_through_on_a_phone(browser, host):
    context = browser.new_context(**browser.devices["Pixel 7"])
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(host.url + "/solo#aprende")
        lesson = page.locator(f'[data-lesson="{FIRST}"]')
        expect(lesson).to_be_visible()
        expect(lesson.locator(".lesson-n")).to_have_text("1")
        lesson.tap()

        # Step 1: the window of the first card; the script passes for the others first.
        bubble_says(page, "pulsa Paso")
        expect(page.locator(".lesson-count")).to_have_text("Paso 1 de 7")
        tap_when_outlined(page, '.fc-buy:not(.hidden) [data-act="pass"]')

        # Step 2: draw.
        bubble_says(page, "pulsa Robar")
        hand = page.locator(".fc-hand .hand-card")
        before = hand.count()
        tap_when_outlined(page, '.fc-actions [data-act="draw"]')
        expect(hand).to_have_count(before + 1)

        # Step 3: discard the 2 of clubs. Another card is explained with the step's words.
        bubble_says(page, "2 de bastos")
        other = page.locator('.fc-hand .hand-card:not([data-id^="2b#"])').first
        if (other.get_attribute("aria-pressed") or "") != "true":
            other.tap(position=CARD_SPOT)
        page.locator('.fc-actions [data-act="discard"]').tap()
        expect(page.locator("#banner")).to_contain_text("Descarta el 2 de bastos")
        expect(hand).to_have_count(before + 1)               # nothing changed
        # The hint comes after a pause.
        expect(page.locator(".lesson-hint")).to_be_visible(timeout=12000)
        other.tap(position=CARD_SPOT)                         # put it back
        two = page.locator('.fc-hand .hand-card[data-id^="2b#"]')
        expect(two).to_have_class(re.compile(r"\blesson-target\b"))
        two.tap(position=CARD_SPOT)
        tap_when_outlined(page, '.fc-actions [data-act="discard"]')

        # Steps 4 and 5: the others play; Paso each time.
        bubble_says(page, "Robotina")
        tap_when_outlined(page, '.fc-buy:not(.hidden) [data-act="pass"]')
        bubble_says(page, "Chispas")
        tap_when_outlined(page, '.fc-buy:not(.hidden) [data-act="pass"]')

        # Step 6: the learner's own turn, draw then any discard.
        bubble_says(page, "Te toca otra vez")
        tap_when_outlined(page, '.fc-actions [data-act="draw"]')
        expect(hand).to_have_count(before + 1)
        hand.last.tap(position=CARD_SPOT)
        page.locator('.fc-actions [data-act="discard"]').tap()

        # Step 7: read, then Seguir; the lesson is done and offers the way on.
        bubble_says(page, "Bien hecho")
        page.locator("[data-lesson-next]").tap()
        expect(page.locator(".lesson-bubble.finished")).to_be_visible()
        real = page.locator('[data-lesson-end="real"]')
        expect(real).to_contain_text("Jugar una partida de verdad")
        real.tap()                      # a solo game of the same game, no guide over it
        expect(page.locator(".solo-seat")).to_have_count(3)
        expect(page.locator(".fc-hand .hand-card").first).to_be_visible()
        expect(page.locator(".lesson-bubble")).to_have_count(0)
        page.locator("#solo-menu").tap()
        expect(page.locator(f'[data-lesson="{FIRST}"].done .lesson-n')).to_have_text("✓")
        # The lesson is not among the games to carry on with; the real game is.
        expect(page.locator(".resume-item")).to_have_count(1)
        expect(page.locator(".resume-title")).to_have_text("Ferrocarril")
    finally:
        context.close()
    assert not errors, errors


def test_the_tv_start_screen_offers_aprende_jugando(tv, host):
    tv.goto(host.url + "/")
    link = tv.locator("a.learn-link")
    expect(link).to_be_visible(timeout=WAIT_MS)
    expect(link).to_contain_text("Aprende jugando")
    link.click()
    expect(tv).to_have_url(re.compile(r"/solo#aprende$"))
    expect(tv.locator(f'[data-lesson="{FIRST}"]')).to_be_in_viewport()


def test_a_phone_with_no_table_yet_offers_aprende_jugando(new_phone, host):
    phone = new_phone()
    phone.goto(host.url + "/j")
    link = phone.locator("#screen-rooms .learn-link")
    expect(link).to_be_visible(timeout=WAIT_MS)
    expect(link).to_have_text("¿Nuevo en el juego? Aprende jugando")
    link.tap()
    expect(phone).to_have_url(re.compile(r"/solo#aprende$"))
    expect(phone.locator(f'[data-lesson="{FIRST}"]')).to_be_visible()


def test_a_lesson_left_halfway_carries_on_at_its_step(browser, host):
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    try:
        page.goto(host.url + "/solo")
        page.locator(f'[data-lesson="{FIRST}"]').click()
        bubble_says(page, "pulsa Paso")
        page.locator('.fc-buy:not(.hidden) [data-act="pass"].lesson-target').click()
        bubble_says(page, "pulsa Robar")
        page.locator("#solo-menu").click()
        resume = page.locator(".resume-item")
        expect(resume).to_have_count(1)
        expect(resume.locator(".resume-title")).to_have_text("Lección: Robar y descartar")
        expect(resume.locator(".resume-meta")).to_contain_text("Paso 2 de 7")
        page.reload()
        page.locator(".resume-item").click()
        page.locator("#solo-paused .btn").click()       # Menú paused it
        bubble_says(page, "pulsa Robar")
        expect(page.locator(".lesson-count")).to_have_text("Paso 2 de 7")
        expect(page.locator('.fc-actions [data-act="draw"].lesson-target')).to_be_visible()
    finally:
        context.close()


def test_the_first_lesson_on_the_one_device_screen_with_the_keyboard_only(browser, host):
    """1366×768, no click once the lesson is open: P passes, R draws, the arrows and Space pick
    the 2 of clubs, D discards, S goes on from a step that is only read, M back to the menu."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    try:
        page.goto(host.url + "/solo")
        page.locator(f'[data-lesson="{FIRST}"]').click()
        keys = page.keyboard

        def bubble_ready(words):
            bubble_says(page, words)
            expect(page.locator(".lesson-wait")).to_have_count(0, timeout=WAIT_MS)

        bubble_ready("pulsa Paso")
        expect(page.locator('.fc-buy:not(.hidden) [data-act="pass"].lesson-target')).to_be_visible()
        keys.press("p")
        bubble_ready("pulsa Robar")
        keys.press("r")
        bubble_says(page, "2 de bastos")
        hand = page.locator(".fc-hand .hand-card")
        expect(hand).to_have_count(14)
        keys.press("Home")
        for _ in range(14):                            # along the hand to the 2 of clubs
            if (page.evaluate("() => document.activeElement?.dataset?.id || ''")).startswith("2b#"):
                break
            keys.press("ArrowRight")
        keys.press("Space")
        two = page.locator('.fc-hand .hand-card[data-id^="2b#"]')
        expect(two).to_have_attribute("aria-pressed", "true")
        keys.press("d")
        bubble_ready("Robotina")
        keys.press("p")
        bubble_ready("Chispas")
        keys.press("p")
        bubble_ready("Te toca otra vez")
        keys.press("r")
        expect(hand).to_have_count(14)
        keys.press("End")
        keys.press("Space")
        expect(page.locator('.fc-hand .hand-card[aria-pressed="true"]')).to_have_count(1)
        keys.press("d")
        bubble_ready("Bien hecho")
        keys.press("r")                                # a game key does nothing while reading
        expect(page.locator("#banner")).to_be_hidden()
        keys.press("s")
        expect(page.locator(".lesson-bubble.finished")).to_be_visible()
        keys.press("m")
        expect(page.locator(f'[data-lesson="{FIRST}"].done')).to_be_visible()
    finally:
        context.close()


def test_the_first_manipulacion_lesson_played_through_on_a_phone(browser, host):
    lesson_id = "manipulacion/01-trio-y-escalera"
    context = browser.new_context(**browser.devices["Pixel 7"])
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    def card(code):
        return page.locator(f'.mn-hand .hand-card[data-code="{code}"]').first

    def new_group():
        page.locator(".mn-bar [data-new]").locator("visible=true").first.tap()

    try:
        page.goto(host.url + "/solo#aprende")
        page.locator(f'[data-lesson="{lesson_id}"]').tap()
        bubble_says(page, "Toca tus tres 7")
        expect(card("7h")).to_have_class(re.compile(r"\blesson-target\b"))
        # A wrong move: the 9 of clubs into a new group is explained, and nothing changes.
        card("9c").tap(position=CARD_SPOT)
        new_group()
        expect(page.locator("#banner")).to_contain_text("Primero el trío")
        expect(page.locator(".mg")).to_have_count(0)
        if "selected" in (card("9c").get_attribute("class") or ""):
            card("9c").tap(position=CARD_SPOT)         # put it back
        for code in ("7h", "7s", "7d"):
            card(code).tap(position=CARD_SPOT)
        new_group()
        bubble_says(page, "Toca Listo")
        expect(page.locator(".mg")).to_have_count(1)
        page.locator('.mn-actions [data-act="done"].lesson-target').tap()
        bubble_says(page, "toca Robar")
        expect(page.locator(".lesson-wait")).to_have_count(0, timeout=WAIT_MS)
        page.locator('.mn-actions [data-act="draw"].lesson-target').tap()
        bubble_says(page, "Jota de tréboles")
        for code in ("9c", "10c", "Jc"):
            card(code).tap(position=CARD_SPOT)
        new_group()
        bubble_says(page, "escalera son 3 o más")
        page.locator('.mn-actions [data-act="done"].lesson-target').tap()
        bubble_says(page, "Muy bien")
        page.locator("[data-lesson-next]").tap()
        expect(page.locator(".lesson-bubble.finished")).to_be_visible()
        expect(page.locator(".mn-groups .mg")).to_have_count(4)       # the table as played
    finally:
        context.close()
    assert not errors, errors


OVERLAP = """() => {
  const b = document.querySelector('.lesson-bubble').getBoundingClientRect();
  return [...document.querySelectorAll('.lesson-target')].map((node) => {
    const r = node.getBoundingClientRect();
    return Math.max(0, Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top));
  });
}"""


def test_the_bubble_leaves_what_it_points_at_in_sight(browser, host):
    """Tren's doubles lesson on a phone points at a train near the top and a tile lower down:
    the bubble sits in between, over neither (it used to sit at the top, over the train)."""
    with page_in(browser, WAIT_MS, **browser.devices["Pixel 7"]) as page:
        page.goto(host.url + "/solo#aprende")
        page.locator('[data-lesson="tren/03-dobles"]').tap()
        expect(page.locator('[data-train="0"].lesson-target')).to_be_visible()
        expect(page.locator('.hand-card[data-id="9-9"].lesson-target')).to_be_visible()
        page.wait_for_timeout(300)                  # the bubble's move (0.2 s)
        overlaps = page.evaluate(OVERLAP)
        assert len(overlaps) == 2 and overlaps == [0, 0], overlaps
