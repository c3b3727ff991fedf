"""Every lesson, played through on a phone (Pixel 7) with taps, the way a learner is told to:
each step's bubble shows its number, the script has played before the learner taps, and the
lesson ends with its "¡Lección completada!". (The engine test checks each script's moves; this
checks that the screens let a learner do them.) Ferrocarril's first lesson has its own, fuller
test in test_lessons.py. The taps are in lesson_paths.py (test_lesson_taps.py replays Tren's
and Canasta's through the engine); Canasta's steps each have what they point at on the screen
and out from under the bubble."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.lesson_paths import CANASTA, FERROCARRIL, MANIPULACION, TREN
from tests.browser.pages import page_in
from tests.browser.test_lessons import OVERLAP
from tests.live import Host

WAIT_MS = 15000
SPOT = {"x": 8, "y": 30}

@pytest.fixture(scope="module")
def lesson_host(tmp_path_factory):
    server = Host(tmp_path_factory.mktemp("lessons"), "--bot-delay", "0.15")
    yield server
    server.kill()
    assert "Traceback" not in server.log(), server.log()


def tap_next(page: Page) -> None:
    """The guide's Seguir, tapped again if its step stays (under load the bubble can still be
    moving to its place when the tap lands: a flake of whole runs, never seen alone)."""
    count = page.locator(".lesson-count")
    before = count.inner_text()
    for _ in range(3):
        page.locator("[data-lesson-next]").tap()
        try:
            expect(count).not_to_have_text(before, timeout=5000)
            return
        except AssertionError:
            if not page.locator("[data-lesson-next]").count():
                return                     # the step moved on by itself (a computer's turn)
            continue


def shown(page: Page, selector: str):
    return page.locator(selector).locator("visible=true").first


def ferrocarril_tap(page: Page, move) -> None:
    kind = move[0]
    if kind == "buy":
        page.locator(f'.fc-buy:not(.hidden) [data-act="{move[1]}"]').tap()
    elif kind == "act":
        page.locator(f'.fc-actions [data-act="{move[1]}"]').tap()
    elif kind == "card":
        page.locator(f'.fc-hand .hand-card[data-id="{move[1]}#{move[2]}"]').tap(position=SPOT)
    elif kind == "meld":
        page.locator(f'.meld.pickable[data-meld="{move[1]}"]').first.tap()
    elif kind == "next":
        tap_next(page)
    if kind in ("buy", "act", "meld"):
        page.wait_for_timeout(250)


# The taps that only pick (a card of the hand, a card on the table): they send nothing and
# redraw at once. Every other tap sends a move, and the next waits a little for its answer (a
# second move of the same type while the first is in flight is taken for a double tap).
MANIPULACION_PICKS = {"c", "gc"}


def manipulacion_tap(page: Page, tap: str) -> None:
    kind, _, arg = tap.partition(":")
    if kind == "c":
        page.locator(f'.mn-hand .hand-card[data-code="{arg}"]:not(.selected)').first.tap(
            position=SPOT
        )
    elif kind == "new":
        shown(page, ".mn-bar [data-new]").tap()
    elif kind == "g":
        page.locator(f'.mg[data-group="{arg}"] .mg-n').tap()
    elif kind == "gc":
        g, i = arg.split(":")
        page.locator(f'.mc[data-g="{g}"][data-i="{i}"]').tap(position={"x": 6, "y": 20})
    elif kind == "t":
        shown(page, f'[data-tool="{arg}"]').tap()
    elif kind == "j":
        page.locator(f'[data-join="{arg}"]').tap()
    elif kind == "l":
        page.locator(f'[data-loose="{arg}"]').tap()
    elif kind == "a":
        shown(page, f'[data-act="{arg}"]').tap()
    elif kind == "next":
        tap_next(page)
    else:
        shown(page, f'.mn-actions [data-act="{kind}"]').tap()
    if kind not in MANIPULACION_PICKS:
        page.wait_for_timeout(200)


def tren_tap(page: Page, move) -> None:
    kind = move[0]
    if kind == "card":
        shown(page, f'.hand-card[data-id="{move[1]}"]').tap()
        page.held_tile = move[1]
    elif kind == "train":
        shown(page, f'[data-train="{move[1]}"]').tap()
        # The play's answer before the next tap (a tap while a play is on its way is not
        # taken): the tile leaves the hand, or the refusal shows.
        page.wait_for_function(
            """(code) => {
                const tile = document.querySelector(`.hand-card[data-id="${code}"]`);
                return !tile || !tile.offsetParent
                    || !!document.querySelector('#banner:not(.hidden)');
            }""", arg=page.held_tile)
    elif kind == "act":
        shown(page, f'[data-act="{move[1]}"]').tap()
        page.wait_for_timeout(200)
    elif kind == "next":
        tap_next(page)


def canasta_tap(page: Page, move) -> None:
    kind = move[0]
    if kind == "stack":
        page.locator(f'.cn-hand .cn-stack[data-rank="{move[1]}"]').tap()
    elif kind == "act":
        # The composer's button that sends the step's move is outlined like the step's own.
        sends = ".lesson-target" if move[1].startswith("send_") else ""
        page.locator(f'.cn-actions [data-act="{move[1]}"]{sends}').tap()
    elif kind == "meld":
        page.locator(f'.cn-middle [data-meld="{move[1]}"].pickable').tap()
    elif kind == "kitty":
        page.locator(f'[data-kitty="{move[1]}"]').tap()
    elif kind == "next":
        tap_next(page)
    if kind in ("act", "meld"):
        page.wait_for_timeout(250)


TABLES = {"ferrocarril": FERROCARRIL, "manipulacion": MANIPULACION, "tren": TREN,
          "canasta": CANASTA}
TAPS = {"ferrocarril": ferrocarril_tap, "manipulacion": manipulacion_tap, "tren": tren_tap,
        "canasta": canasta_tap}
CASES = [
    pytest.param(game, name, id=f"{game}/{name}")
    for game, table in TABLES.items()
    for name in table
]


# The games whose every step is checked for what it points at: all of it found on the screen,
# and none of it under the bubble.
IN_SIGHT = {"canasta"}


def points_in_sight(page: Page, point: dict) -> None:
    expect(page.locator(".lesson-target")).to_have_count(len(point))
    page.wait_for_timeout(300)                  # the bubble's move (0.2 s)
    covered = page.evaluate(OVERLAP)
    assert covered == [0] * len(point), (point, covered)


@pytest.mark.parametrize("game,name", CASES)
def test_every_lesson_plays_through_on_a_phone(browser, lesson_host, game, name):
    from engine.lessons import lesson_by_id

    steps = TABLES[game][name]
    tap = TAPS[game]
    lesson = lesson_by_id(f"{game}/{name}")
    with page_in(browser, WAIT_MS, **browser.devices["Pixel 7"]) as page:
        page.goto(lesson_host.url + "/solo#aprende")
        page.locator(f'[data-lesson="{game}/{name}"]').tap()
        for k, moves in enumerate(steps, 1):
            expect(page.locator(".lesson-count")).to_contain_text(f" {k} de {len(steps)}")
            expect(page.locator(".lesson-wait")).to_have_count(0)
            if game in IN_SIGHT:
                points_in_sight(page, lesson.steps[k - 1].point or {})
            for move in moves:
                tap(page, move)
        expect(page.locator(".lesson-bubble.finished")).to_be_visible()
        expect(page.locator(".lesson-bubble .lesson-say")).to_have_text("¡Lección completada!")


def test_every_lesson_has_a_path_here():
    from engine.lessons import lessons_of

    for game, table in TABLES.items():
        names = {lesson.id.split("/", 1)[1] for lesson in lessons_of(game)}
        assert names - set(table) <= {"01-robar-y-descartar"}, names - set(table)
        for name, steps in table.items():
            lesson = next(lesson for lesson in lessons_of(game) if lesson.id == f"{game}/{name}")
            assert len(steps) == len(lesson.steps), name
