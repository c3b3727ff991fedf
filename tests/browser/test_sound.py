"""Sound (issue 27): the TV sounds the table's moments and the phones only their own, both from
the first tap on the page; the host menu's switch and volume and each phone's «Aa» switch
silence them, and a browser that refuses audio loses nothing else. The TV speaks the big moments
where the laptop has a voice, only when the host turns it on.

The audio layer (static/js/core/sound.js) lists each cue it synthesized in
`window.sobremesaSound.played`, and the TV's voice each line it said in
`window.sobremesaVoice.spoken`: the tests count those."""
from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from engine.registry import GAMES
from tests.browser.pages import host_command, open_table, page_in
from tests.browser.tren_rooms import TrenRoom, lane, tile

WAIT_MS = 10000
BUZZ = "navigator.vibrate = (p) => { (window.__buzz = window.__buzz || []).push(p); return true; };"
REFUSED = "window.AudioContext = function () { throw new Error('audio refused'); };"
# A laptop with a Spanish voice: the system's voices, and what it was asked to say.
VOICE = """
Object.defineProperty(window, 'speechSynthesis', { value: {
  getVoices: () => [{ name: 'Prueba', lang: 'es-ES' }, { name: 'Test', lang: 'en-GB' }],
  speak: (words) => { (window.__said = window.__said || []).push(words.text); },
  cancel: () => {}, addEventListener: () => {},
} });
window.SpeechSynthesisUtterance = function (text) { this.text = text; };
"""


def played(page: Page) -> list[str]:
    return page.evaluate("[...window.sobremesaSound.played]")


def wait_for_cues(page: Page, cues: list[str], timeout_ms: int = 3 * WAIT_MS) -> None:
    page.wait_for_function("cues => cues.every(c => window.sobremesaSound.played.includes(c))",
                           arg=cues, timeout=timeout_ms)


def events_seen(tv: Page) -> int:
    return tv.evaluate("(window.sobremesaTV.state?.game?.events || []).slice(-1)[0]?.n ?? -1")


def hand_to_the_computer(host, tv: Page, index: int) -> None:
    session = json.loads(tv.evaluate("() => localStorage.getItem('sobremesa.tv')"))
    seat = tv.evaluate(f"window.sobremesaTV.state.room.seats[{index}].id")
    assert host_command(host.url, session["room"], session["host_token"], "to_bot",
                        {"seat": seat}) == {"ok": True}


def open_host_menu(tv: Page):
    tv.locator("#host-menu-btn").click()
    menu = tv.locator(".host-menu")
    expect(menu).to_be_visible()
    return menu


def test_the_tv_sounds_the_table_the_phone_its_window_and_the_host_menu_silences_the_tv(
        browser, host, tv, new_phone):
    join_url, abuela = open_table(host, tv, new_phone, WAIT_MS)
    # The clicks that made the room and sat Abuela down let both pages sound.
    assert tv.evaluate("window.sobremesaSound.unlocked") and abuela.evaluate(
        "window.sobremesaSound.unlocked")
    # The round's first ¡Compro! window asks Abuela: a chime, then a tick in each of its last
    # two seconds, as she does not answer.
    wait_for_cues(abuela, ["ask", "tick"])
    abuela.wait_for_function("window.sobremesaSound.played.filter(c => c === 'tick').length === 2")
    # The TV: the deal, and a person's turn (Abuela's).
    wait_for_cues(tv, ["deal", "turn"])
    # With her seat played by the computer the game runs on: cards and the windows they open are
    # heard on the TV, and no phone sounds anyone else's moves.
    hand_to_the_computer(host, tv, 0)
    wait_for_cues(tv, ["card", "window"])
    assert set(played(abuela)) <= {"ask", "tick", "turn"}, played(abuela)
    # The host menu's switch: nothing more sounds while the game goes on.
    menu = open_host_menu(tv)
    # The open menu stays as drawn while the computers play on (a click between its press and
    # its release is not lost to a redraw): the same switch, several states later.
    menu.locator(".sound-switch").evaluate("el => { el.kept = true; }")
    seen = events_seen(tv)
    tv.wait_for_function("n => (window.sobremesaTV.state?.game?.events || []).slice(-1)[0]?.n >= n",
                         arg=seen + 3, timeout=3 * WAIT_MS)
    assert menu.locator(".sound-switch").evaluate("el => el.kept === true")
    menu.locator(".sound-switch").click()
    expect(menu.locator(".sound-switch")).to_have_attribute("aria-pressed", "false")
    expect(menu.locator(".menu-volume input")).to_be_disabled()
    heard, seen = len(played(tv)), events_seen(tv)
    tv.wait_for_function("n => (window.sobremesaTV.state?.game?.events || []).slice(-1)[0]?.n >= n",
                         arg=seen + 6, timeout=3 * WAIT_MS)
    assert len(played(tv)) == heard
    # Back on, at a lower volume, kept by this screen: a sample at the new level, then the table.
    menu.locator(".sound-switch").click()
    menu.locator(".menu-volume input").evaluate(
        "el => { el.value = '30'; el.dispatchEvent(new Event('change', { bubbles: true })); }")
    expect(menu.locator(".menu-volume output")).to_have_text("30 %")
    assert json.loads(tv.evaluate("localStorage.getItem('sobremesa.sound')")) == {
        "on": True, "volume": 0.3, "speak": False}
    heard = len(played(tv))
    tv.wait_for_function(f"window.sobremesaSound.played.length > {heard + 1}", timeout=3 * WAIT_MS)
    # Where the laptop has no voice, the menu offers none.
    expect(menu.locator(".speak-switch")).to_have_count(0)


def tren_hand(hand: str) -> dict:
    # Abuela's train asks for a 5, Robotina's (marker out) a 3, the third seat's an 8, the Mexican
    # train a 6; the computer players play after her.
    return {"hands": [hand, "4-0 7-0 11-0", "4-3 7-3 11-3"], "trains": ["12-5", "12-3", "12-8"],
            "mexican": "12-6", "boneyard": "", "markers": [1], "turn": 0, "dealer": 2,
            "first_turns_over": True, "fill": True}


def lay(page: Page, code: str, train) -> None:
    tile(page, code).click()
    lane(page, train).click()
    expect(tile(page, code)).to_have_count(0)


def test_the_phone_chimes_when_its_turn_comes_and_its_switch_silences_it(browser, host):
    # Reduced motion is about motion: it does not silence the phone.
    with page_in(browser, WAIT_MS, **browser.devices["Pixel 7"], reduced_motion="reduce") as page:
        page.add_init_script(BUZZ)
        room = TrenRoom(host, page, tren_hand("6-5 5-1 3-2 8-7 10-9 11-4 9-2"), players=3)
        expect(page.locator(".tr-turn.mine")).to_be_visible()
        assert played(page) == []              # her turn at the deal: nothing to call her to
        lay(page, "3-2", 1)
        expect(page.locator(".tr-turn.mine")).to_be_visible(timeout=3 * WAIT_MS)
        assert played(page) == ["turn"]         # the others' moves are the TV's to sound
        assert 400 in page.evaluate("window.__buzz")
        # «Aa»: Sonido off, kept by this phone; the next turn buzzes without a chime.
        page.locator("#display-btn").click()
        switch = page.locator('.display-option[data-option="sound"] input')
        expect(switch).to_be_checked()
        switch.uncheck()
        page.locator(".display-dialog .btn.primary").click()
        assert json.loads(page.evaluate("localStorage.getItem('sobremesa.sound')"))["on"] is False
        page.evaluate("window.__buzz = []")
        lay(page, "6-5", "mexican")
        expect(page.locator(".tr-turn.mine")).to_be_visible(timeout=3 * WAIT_MS)
        assert 400 in page.evaluate("window.__buzz")
        assert played(page) == ["turn"]
        room.close()


def test_a_browser_that_refuses_audio_plays_on_without_a_sound(browser, host):
    with page_in(browser, WAIT_MS, **browser.devices["iPhone 13"]) as page:   # fails on any error
        page.add_init_script(BUZZ + REFUSED)
        room = TrenRoom(host, page, tren_hand("6-5 5-1 3-2 8-7 10-9 11-4 9-2"), players=3)
        lay(page, "3-2", 1)
        expect(page.locator(".tr-turn.mine")).to_be_visible(timeout=3 * WAIT_MS)
        assert 400 in page.evaluate("window.__buzz")
        assert played(page) == [] and not page.evaluate("window.sobremesaSound.unlocked")
        lay(page, "6-5", "mexican")
        room.close()


def test_the_tv_speaks_the_big_moments_only_when_the_host_turns_it_on(browser, host, new_phone):
    with page_in(browser, WAIT_MS, viewport={"width": 1920, "height": 1080}) as tv:
        tv.add_init_script(VOICE)
        open_table(host, tv, new_phone, WAIT_MS)
        wait_for_cues(tv, ["deal"])
        assert tv.evaluate("window.__said || []") == []            # off by default
        menu = open_host_menu(tv)
        speak = menu.locator(".speak-switch")
        expect(speak).to_have_attribute("aria-pressed", "false")
        speak.click()
        expect(speak).to_have_attribute("aria-pressed", "true")
        menu.locator(".menu-close").click()
        hand_to_the_computer(host, tv, 0)
        # A few words for a big moment or a person's turn, in the reader's language.
        tv.wait_for_function("(window.__said || []).length > 0", timeout=3 * WAIT_MS)
        said = tv.evaluate("window.__said")
        assert all(line.startswith(("Le toca a ", "¡", "Fin de la")) for line in said), said
        assert said == tv.evaluate("[...window.sobremesaVoice.spoken]")
        # In the reader's language: in English the same moments in English words.
        tv.evaluate("window.__said = []")
        tv.locator("#lang").click()
        tv.wait_for_function("(window.__said || []).length > 0", timeout=3 * WAIT_MS)
        english = tv.evaluate("window.__said")
        assert all(line.endswith(("'s turn", "buys!", "by priority!", "a joker!", "round",
                                  "wins!", "game")) for line in english), english


def test_every_cue_is_short_but_the_podiums_fanfare(tv, host):
    tv.goto(host.url + "/")
    expect(tv.locator(".join-panel")).to_be_visible()
    lengths = tv.evaluate("""async (games) => {
        const cues = ['deal', 'card', 'turn', 'out', 'round_end', 'fanfare']
          .map(c => [c, window.sobremesaSound.cueLength(c)]);
        for (const game of games) {
          const own = (await import(`/static/js/games/${game}/tv.js`)).sounds?.cues || {};
          for (const [cue, notes] of Object.entries(own)) {
            const ends = notes.map(([, start, length]) => start + length);
            cues.push([`${game} ${cue}`, Math.max(...ends)]);
          }
        }
        return cues;
    }""", list(GAMES))
    assert len(lengths) >= 6 + 8                   # the shell's and the games' own
    for cue, seconds in lengths:
        assert 0 < seconds <= (2.0 if cue == "fanfare" else 1.0), (cue, seconds)
