"""The phone, in one hand: a Pixel 7 (and a 390×844 screen) in each game, at every moment of a
turn (tests/browser/phone_states.py), measured as a finger and an eye meet it (phone_measure.js):
every tap target shows at least 44×44 CSS px, every text is at least 14 px, everyone at the table
is on the screen and so are the hand and its buttons. Prints the smallest tap target and the
smallest text found."""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser import phone_states
from tests.browser.pages import page_in
from tests.live import ROOT

MIN_TARGET = 44
MIN_FONT = 14
MEASURE = (Path(__file__).parent / "phone_measure.js").read_text()

# The texts of the players' chips (the strip's, or the rows' heads) that are not whole inside the
# screen and every box that clips.
CUT_CHIPS = """(selector) => {
    const vw = document.documentElement.clientWidth, vh = innerHeight;
    const within = (r, q) => r.left >= q.left - 0.5 && r.right <= q.right + 0.5
        && r.top >= q.top - 0.5 && r.bottom <= q.bottom + 0.5;
    return [...document.querySelectorAll(selector)].filter(chip => {
        const r = chip.getBoundingClientRect();
        if (!within(r, {left: 0, top: 0, right: vw, bottom: vh})) return true;
        for (let p = chip.parentElement; p && p !== document.body; p = p.parentElement) {
            const s = getComputedStyle(p);
            const clips = s.overflowX !== 'visible' || s.overflowY !== 'visible';
            if (clips && !within(r, p.getBoundingClientRect())) return true;
        }
        return false;
    }).map(chip => chip.innerText.replace(/\\s+/g, ' '));
}"""

# How many hand cards and action buttons there are, and those not whole inside the screen.
OFF_SCREEN = """() => {
    const vw = document.documentElement.clientWidth, vh = innerHeight;
    const parts = [...document.querySelectorAll('.fc-hand .hand-card, .mn-hand .hand-card, '
        + '.tr-hand .hand-card, .cn-hand .hand-card, .fc-actions button, .mn-actions button, '
        + '.tr-actions button, .cn-actions button')]
        .filter(el => el.getClientRects().length);
    return [parts.length, parts.filter(el => {
        const r = el.getBoundingClientRect();
        return r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5;
    }).map(el => el.dataset.id || el.dataset.act)];
}"""


@pytest.fixture
def patient_expect():
    expect.set_options(timeout=phone_states.WAIT_MS)
    yield
    expect.set_options(timeout=5000)


class Ruler:
    """Measures the phone at each moment; keeps what falls short and the smallest of each."""

    def __init__(self, game: str, page, chips: int, seats: str = ".seat-strip .strip-seat",
                 unseated: tuple[str, ...] = ()):
        self.game = game
        self.chips = chips
        self.seats = seats              # what names each player on the screen
        self.unseated = unseated        # moments that show no players (a composer instead)
        self.page = page
        self.moments: list[str] = []
        self.short: list[str] = []
        self.smallest_target = None      # (side, w, h, moment, what)
        self.smallest_text = None        # (px, moment, what)
        self.seconds = 0.0

    def __call__(self, moment: str) -> None:
        self.page.wait_for_timeout(250)             # a redraw after the last state push
        started = time.monotonic()
        found = self.page.evaluate(MEASURE)
        self.seconds += time.monotonic() - started
        assert found["targets"], f"{moment}: no tap target measured"
        self.moments.append(moment)
        for target in found["targets"]:
            side = min(target["w"], target["h"])
            if self.smallest_target is None or side < self.smallest_target[0]:
                self.smallest_target = (side, target["w"], target["h"], moment, target["what"])
            if side < MIN_TARGET:
                self.short.append(f"{moment}: {target['w']}×{target['h']} {target['what']}")
        for text in found["texts"]:
            if self.smallest_text is None or text["px"] < self.smallest_text[0]:
                self.smallest_text = (text["px"], moment, text["what"])
            if text["px"] < MIN_FONT:
                self.short.append(f"{moment}: {text['px']} px text {text['what']}")
        if moment not in ("join", "lobby", "round_end"):
            self.everyone_on_screen(moment)
            self.hand_in_reach(moment)

    def everyone_on_screen(self, moment: str) -> None:
        """Every chip of the players' strip (Ferrocarril: the others, Manipulación: everyone)
        or every head of Canasta's rows, whole and inside the screen."""
        if moment in self.unseated:
            return
        cut = self.page.evaluate(CUT_CHIPS, self.seats)
        chips = self.page.locator(self.seats)
        if moment != "compro":                      # under the window: drawn, not measured
            expect(chips).to_have_count(self.chips)
        self.short.extend(f"{moment}: seat cut off: {text}" for text in cut)

    def hand_in_reach(self, moment: str) -> None:
        """The hand and its buttons whole on the screen, none pushed off it."""
        off = self.page.evaluate(OFF_SCREEN)
        count, outside = off
        assert count, f"{moment}: no hand or buttons found"
        self.short.extend(f"{moment}: off the screen: {what}" for what in outside)

    def report(self) -> str:
        side, w, h, moment, what = self.smallest_target
        px, text_moment, text_what = self.smallest_text
        return (f"{self.game}: smallest tap target {w}×{h} px ({moment}: {what}); "
                f"smallest text {px} px ({text_moment}: {text_what}); "
                f"measured in {self.seconds:.1f} s")


SCREENS = {"pixel7": {}, "390x844": {"viewport": {"width": 390, "height": 844}}}


@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("game", ["ferrocarril", "manipulacion"])
def test_every_tap_target_and_text_on_the_phone_is_big_enough(game, screen, browser, host, tv,
                                                              patient_expect):
    # A Pixel 7, and the same phone with a 390×844 screen (an iPhone 13's size).
    device = {**browser.devices["Pixel 7"], **SCREENS[screen]}
    with page_in(browser, phone_states.WAIT_MS, **device) as phone:
        # Five at the table: Ferrocarril's strip shows the four others (your own row heads the
        # table), Manipulación's everyone.
        chips = {"ferrocarril": 4, "manipulacion": 5}[game]
        ruler = Ruler(f"{game} {screen}", phone, chips)
        getattr(phone_states, game)(host, tv, phone, ruler)
    print("\n" + ruler.report())
    assert ruler.moments == {
        "ferrocarril": ["join", "lobby", "compro", "turn", "drawn", "selected", "salir", "add",
                        "round_end"],
        "manipulacion": ["join", "lobby", "turn", "reminder", "drawn", "editing", "group_card",
                         "joining", "round_end"],
    }[game]
    assert not ruler.short, "\n".join([ruler.report(), *ruler.short])


TREN_SCREENS = {"pixel7": {}, "360x640": {"viewport": {"width": 360, "height": 640}}}


@pytest.mark.parametrize("screen", list(TREN_SCREENS))
def test_tren_on_the_phone_in_one_hand_with_fifteen_tiles(screen, browser, host, tv,
                                                           patient_expect):
    """Tren Mexicano with four at the table and 15 tiles in hand, on a Pixel 7 and on a small
    360×640 phone: every tile whole (wrapped in rows, no sideways scrolling) and every target
    and text big enough, at each moment of a turn."""
    device = {**browser.devices["Pixel 7"], **TREN_SCREENS[screen]}
    with page_in(browser, phone_states.WAIT_MS, **device) as phone:
        ruler = Ruler(f"tren {screen}", phone, 3)      # the strip lists the three others

        def at(moment):
            ruler(moment)
            if moment == "selected":
                sideways = phone.evaluate(
                    "() => document.documentElement.scrollWidth > innerWidth"
                    " || [...document.querySelectorAll('.tr-hand')].some("
                    "e => e.scrollWidth > e.clientWidth + 0.5)")
                assert not sideways, "the hand scrolls sideways"
                if os.environ.get("SOBREMESA_SCREENS"):
                    picture = ROOT / "docs" / "screens" / f"phone-tren-{screen}.png"
                    phone.screenshot(path=str(picture))
        phone_states.tren(host, tv, phone, at)
    print("\n" + ruler.report())
    assert ruler.moments == ["join", "lobby", "turn", "selected", "played"]
    assert not ruler.short, "\n".join([ruler.report(), *ruler.short])


@pytest.mark.parametrize("screen", list(TREN_SCREENS))
def test_canasta_on_the_phone_in_one_hand_with_41_cards(screen, browser, host, tv,
                                                         patient_expect):
    """Canasta Ferroviaria with three at the table, taking a pile of 33 cards (41 in hand after),
    on a Pixel 7 and on a small 360×640 phone: the hand in rank stacks, every stack and button
    on the screen, nothing scrolling sideways, every target and text big enough; the three
    players' rows (the table's, the only list of players) on the screen but while she composes
    (the composer takes the table's place)."""
    device = {**browser.devices["Pixel 7"], **TREN_SCREENS[screen]}
    with page_in(browser, phone_states.WAIT_MS, **device) as phone:
        ruler = Ruler(f"canasta {screen}", phone, 3, seats=".canasta-table-phone .ct-head",
                      unseated=("pile",))

        def at(moment):
            ruler(moment)
            if moment in ("pile", "taken"):
                sideways = phone.evaluate(
                    "() => document.documentElement.scrollWidth > innerWidth"
                    " || [...document.querySelectorAll('.cn-hand')].some("
                    "e => e.scrollWidth > e.clientWidth + 0.5)")
                assert not sideways, "the hand scrolls sideways"
                if os.environ.get("SOBREMESA_SCREENS"):
                    picture = ROOT / "docs" / "screens" / f"phone-canasta-{moment}-{screen}.png"
                    phone.screenshot(path=str(picture))
        phone_states.canasta(host, tv, phone, at)
    print("\n" + ruler.report())
    assert ruler.moments == ["join", "lobby", "turn", "pile", "taken", "add"]
    assert not ruler.short, "\n".join([ruler.report(), *ruler.short])


EIGHT = ["Abuela", "Abuelo", "Tío Paco", "Tía Rosa", "Nieta", "Primo", "Mamá", "Papá"]

# The strip drawn on the page for these names, and what each chip shows.
STRIP = """async (names) => {
    const { seatStrip } = await import('/static/js/shell/phone-kit.js');
    const strip = document.createElement('ol');
    document.body.prepend(strip);
    const colors = ['#e63946', '#1d70c8', '#2a9d8f', '#f4a261', '#8e44ad', '#e9c46a', '#6c757d',
                    '#43aa8b'];
    seatStrip(strip, names.map((name, seat) => ({
        seat, name, color: colors[seat], you: seat === 0, turn: seat === 3,
        info: ['13 cartas', '+120 pts'], mark: seat % 2 ? '✓ Salió' : null })));
    const box = strip.getBoundingClientRect();
    const chips = [...strip.children].map((chip) => {
        const r = chip.getBoundingClientRect();
        const name = chip.querySelector('.strip-seat-name');
        const leaves = [...chip.querySelectorAll('*')].filter((n) => !n.childElementCount);
        return {
            whole: r.left >= box.left && r.right <= box.right + 0.5 && r.top >= box.top
                && r.bottom <= box.bottom + 0.5 && r.right <= innerWidth,
            top: Math.round(r.top), cut: name.scrollWidth > name.clientWidth + 0.5,
            fonts: leaves.map((n) => parseFloat(getComputedStyle(n).fontSize)),
        };
    });
    return { chips, height: box.height, scroll: strip.scrollHeight > strip.clientHeight + 0.5 };
}"""


@pytest.mark.parametrize("seats", [2, 5, 7, 8])
def test_the_players_strip_holds_up_to_eight_seats_whole_and_legible(seats, browser, host):
    """phone-kit's seatStrip, as the next games will use it (Tren Mexicano seats 8): on a
    390-px-wide phone every chip shows whole, in at most two rows, names of up to eight letters
    uncut, no text under 14 px."""
    with page_in(browser, 10000, **{**browser.devices["Pixel 7"],
                                    "viewport": {"width": 390, "height": 844}}) as page:
        page.goto(host.url + "/j")
        found = page.evaluate(STRIP, EIGHT[:seats])
    chips = found["chips"]
    assert len(chips) == seats
    assert all(chip["whole"] for chip in chips), chips
    assert len({chip["top"] for chip in chips}) == (1 if seats <= 4 else 2), chips
    assert not any(chip["cut"] for chip in chips), chips
    assert min(min(chip["fonts"]) for chip in chips) >= MIN_FONT, chips
    assert not found["scroll"]
    assert found["height"] < 180, found["height"]
