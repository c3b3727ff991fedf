"""Screenshots for docs/screens/: the host's controls (TV 1920x1080, phones as a Pixel 7) and the
one-device screen (/solo on a laptop, a tablet either way round and a phone, and full tables
dealt on the laptop) and its lessons.

    .venv/bin/python -m tests.browser.screens [--out docs/screens]
        [--only host|sound|damaged|solo|lessons|night|phone|tren|canasta|house|lobby]
        [--suffix=-before]

Starts real hosts on loopback, plays the moments through the pages, and saves one PNG each.
"""
from __future__ import annotations

import argparse
import json
import re
import sqlite3
import tempfile
import time
from pathlib import Path

import socketio
from playwright.sync_api import expect, sync_playwright

from server.store import Store
from tests.browser import canasta_table, phone_states
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.browser.night import abuela_closes, five_at_the_table
from tests.browser.pages import add_bots, choose_game, tv_join_url
from tests.browser.test_history import past_night
from tests.browser.test_lobby_fits import WATCHERS
from tests.browser.tren_table import EIGHT, ENDING, ENDING_8, FOUR, open_room
from tests.live import ROOT, Host


def tv_page(browser):
    page = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    page.set_default_timeout(10000)
    return page


def phone_page(browser, devices):
    page = browser.new_context(**devices["Pixel 7"]).new_page()
    page.set_default_timeout(10000)
    return page


def join(page, url, name):
    page.goto(url)
    page.locator("#name-input").fill(name)
    page.locator("#join-btn").click()


def host_controls(browser, devices, out: Path, data: Path) -> None:
    host = Host(data, "--bot-delay", "1.5")
    try:
        tv = tv_page(browser)
        tv.goto(host.url + "/")
        join_text = tv.locator(".join-panel .join-url strong")
        expect(join_text).to_have_text(re.compile(r"/j/[A-Z]{4}$"))
        url = "http://" + join_text.inner_text()
        abuela = phone_page(browser, devices)
        join(abuela, url, "Abuela")
        expect(abuela.locator("body")).to_have_attribute("data-screen", "lobby")
        tio = phone_page(browser, devices)
        join(tio, url, "Tío")
        add_bots(tv, 2, seated=2)
        tv.locator("#start").click()
        expect(abuela.locator("body")).to_have_attribute("data-screen", "game")

        primo = phone_page(browser, devices)
        join(primo, url, "Primo")
        primo.locator(".takeover-seat").first.click()
        expect(primo.locator("#takeover-msg")).to_contain_text("Esperando")
        primo.screenshot(path=out / "phone-takeover-waiting.png")
        expect(tv.locator(".requests .request")).to_be_visible()
        tv.wait_for_timeout(600)                 # past the slide-in
        tv.screenshot(path=out / "tv-takeover-request.png")
        tv.locator(".requests .accept").click()
        expect(primo.locator("#takeover")).to_be_hidden()

        tv.locator("#host-menu-btn").click()
        seat = tv.locator(".menu-seat", has=tv.locator(".menu-name", has_text="Abuela"))
        seat.get_by_role("button", name="Pasar al ordenador").click()
        expect(abuela.locator("#autoplay-bar")).to_be_visible()
        tv.screenshot(path=out / "tv-host-menu.png")
        abuela.screenshot(path=out / "phone-autoplay-bar.png")
    finally:
        host.kill()


def sound(browser, devices, out: Path, data: Path) -> None:
    """The host menu's sound, volume and voice (on a laptop with a Spanish voice), and a phone's
    «Aa» with its sound switch, as a Pixel 7 and as an iPhone 13."""
    from tests.browser.test_sound import VOICE
    host = Host(data, "--bot-delay", "1.5")
    try:
        tv = tv_page(browser)
        tv.add_init_script(VOICE)
        url = tv_join_url(host, tv)
        phones = {}
        for name, device in (("pixel7", "Pixel 7"), ("iphone13", "iPhone 13")):
            page = browser.new_context(**devices[device]).new_page()
            page.set_default_timeout(10000)
            join(page, url, "Abuela" if name == "pixel7" else "Tío")
            expect(page.locator("body")).to_have_attribute("data-screen", "lobby")
            phones[name] = page
        add_bots(tv, 1, seated=2)
        tv.locator("#start").click()
        expect(phones["pixel7"].locator("body")).to_have_attribute("data-screen", "game")
        tv.locator("#host-menu-btn").click()
        tv.locator(".host-menu .speak-switch").click()
        expect(tv.locator(".host-menu .speak-switch")).to_have_attribute("aria-pressed", "true")
        tv.screenshot(path=out / "tv-host-menu-sound.png")
        for name, page in phones.items():
            page.locator("#display-btn").click()
            expect(page.locator('.display-option[data-option="sound"]')).to_be_visible()
            page.wait_for_timeout(300)
            page.screenshot(path=out / f"phone-aa-sound-{name}.png")
    finally:
        host.kill()


def damaged(browser, out: Path, data: Path) -> None:
    db = sqlite3.connect(data / "sobremesa.sqlite3")
    db.executescript("CREATE TABLE rooms (code TEXT PRIMARY KEY, record TEXT NOT NULL, "
                     "status TEXT NOT NULL, updated REAL NOT NULL DEFAULT (julianday('now')));")
    db.execute("INSERT INTO rooms (code, record, status) VALUES ('KMTZ', ?, 'playing')",
               (json.dumps({"code": "KMTZ", "game": "ferrocarril",
                            "seats": [{"name": n} for n in ("Abuela", "Tío", "Nieta")]}),))
    db.commit()
    db.close()
    host = Host(data, "--bot-delay", "1")
    try:
        tv = tv_page(browser)
        tv.goto(host.tv_url)
        tv.locator("#host-menu-btn").click()
        expect(tv.locator(".menu-damaged")).to_be_visible()
        tv.screenshot(path=out / "tv-damaged-games.png")
    finally:
        host.kill()
    garbled = data.parent / "garbled"
    garbled.mkdir()
    (garbled / "sobremesa.sqlite3").write_bytes(b"not a database " * 400)
    host = Host(garbled, "--bot-delay", "1")
    try:
        tv = tv_page(browser)
        tv.goto(host.tv_url)
        expect(tv.locator(".house-notice")).to_be_visible()
        tv.screenshot(path=out / "tv-damaged-file-notice.png")
    finally:
        host.kill()


def solo_turn(page) -> None:
    """Pass the ¡Compro! windows until it is the player's turn, then draw (a calm moment)."""
    draw = page.locator('.fc-actions [data-act="draw"]')
    overlay_pass = page.locator(".fc-buy:not(.hidden) .paso")
    for _ in range(600):
        if overlay_pass.count() and overlay_pass.is_enabled():
            try:
                overlay_pass.click(timeout=1500)
            except Exception:
                pass
        elif draw.count() and draw.is_enabled():
            draw.click()
            expect(page.locator('.fc-actions [data-act="discard"]')).to_be_visible()
            page.wait_for_timeout(600)
            return
        page.wait_for_timeout(150)


SOLO_SIZES = (("1366x768", {"width": 1366, "height": 768}),
              ("1920x1080", {"width": 1920, "height": 1080}),
              ("1024x768", {"width": 1024, "height": 768}),
              ("768x1024", {"width": 768, "height": 1024}),
              ("390x844", {"width": 390, "height": 844}))


def solo(browser, out: Path, data: Path) -> None:
    """The one-device screen (/solo): the entry and a game of Ferrocarril on a laptop, a tablet
    either way round and a phone; the ¡Compro! window and Manipulación on the laptop."""
    host = Host(data, "--bot-delay", "0.4")
    try:
        for name, viewport in SOLO_SIZES:
            touch = viewport["width"] < 1100
            page = browser.new_context(viewport=viewport, has_touch=touch).new_page()
            page.set_default_timeout(10000)
            page.goto(host.url + "/solo")
            page.locator('.tile[data-game="ferrocarril"]').click()
            page.locator("#solo-name").fill("Abuelo")
            if name in ("1366x768", "390x844"):
                page.screenshot(path=out / f"solo-entry-{name}.png")
            page.locator("#solo-start").click()
            expect(page.locator(".fc-hand .hand-card").first).to_be_visible()
            if name == "1366x768":
                expect(page.locator(".fc-buy:not(.hidden) .compro")).to_be_visible()
                page.wait_for_timeout(300)
                page.screenshot(path=out / "solo-compro-1366x768.png")
            solo_turn(page)
            page.screenshot(path=out / f"solo-game-{name}.png")
            if name == "1366x768":
                page.reload()
                expect(page.locator(".resume-item")).to_be_visible()
                page.screenshot(path=out / "solo-resume-1366x768.png")
            page.context.close()
        page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
        page.set_default_timeout(10000)
        page.goto(host.url + "/solo")
        page.locator('.tile[data-game="manipulacion"]').click()
        page.locator("#solo-name").fill("Abuelo")
        page.locator("#solo-start").click()
        expect(page.locator('[data-act="draw"]:not([disabled]):not([data-at-rest])')).to_be_visible(
            timeout=60000)
        page.wait_for_timeout(400)
        page.screenshot(path=out / "solo-manipulacion-1366x768.png")
        page.context.close()
    finally:
        host.kill()
    solo_dealt(browser, out, data)


def solo_dealt(browser, out: Path, data: Path) -> None:
    """Full tables on the laptop, from explicit deals: Ferrocarril with five players (each row's
    badges), Canasta with three (counts on the stacks) and six (a crowded table), Tren with
    eight (the Mexican train)."""
    from tests.browser.test_solo_legibility import fc_deal, start_dealt
    (data / "dealt").mkdir()
    host = Host(data / "dealt", "--bot-delay", "30", "--allow-test-deals")
    shots = [("solo-ferrocarril-5-1366x768.png", "ferrocarril", 4, fc_deal(5), ".fc-buy .paso"),
             ("solo-canasta-3-1366x768.png", "canasta", 2, canasta_table.THREE,
              ".canasta-table-tv[data-card-h] .ct-meld"),
             ("solo-canasta-6-1366x768.png", "canasta", 5, canasta_table.SIX,
              ".canasta-table-tv[data-card-h] .ct-meld"),
             ("solo-tren-8-1366x768.png", "tren", 7, EIGHT, ".tren-table-tv .marker-badge")]
    try:
        for name, game, bots, deal, ready in shots:
            page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
            page.set_default_timeout(10000)
            start_dealt(page, host.url, game, bots, {"_deal": deal}, name="Abuela")
            expect(page.locator(ready).first).to_be_visible()
            if game == "ferrocarril":
                page.locator(".fc-buy .paso").click()
                draw = page.locator('.fc-actions [data-act="draw"]:not([data-at-rest])')
                # the draw waits for the computer players' answers to the window: on a busy
                # machine (a bench on both cores) once longer than the page's ten seconds
                expect(draw).to_be_visible(timeout=30000)
            page.wait_for_timeout(600)
            page.screenshot(path=out / name)
            page.context.close()
    finally:
        host.kill()


def lessons(browser, devices, out: Path, data: Path) -> None:
    """Aprende jugando: the lessons on the entry, a step with its hint and a wrong move on a
    phone, Manipulación's first step, and a lesson on the laptop, at work and done."""
    host = Host(data, "--bot-delay", "0.3")
    first = '[data-lesson="ferrocarril/01-robar-y-descartar"]'
    try:
        page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
        page.set_default_timeout(10000)
        page.goto(host.url + "/solo#aprende")
        expect(page.locator(first)).to_be_in_viewport()
        page.screenshot(path=out / "solo-lessons-1366x768.png")
        page.locator(first).click()
        expect(page.locator('.fc-buy:not(.hidden) [data-act="pass"].lesson-target')).to_be_visible()
        page.wait_for_timeout(400)
        page.screenshot(path=out / "lesson-compro-1366x768.png")
        page.context.close()

        phone = browser.new_context(**devices["Pixel 7"]).new_page()
        phone.set_default_timeout(10000)
        phone.goto(host.url + "/solo#aprende")
        phone.locator(first).tap()
        phone.locator('.fc-buy:not(.hidden) [data-act="pass"].lesson-target').tap()
        phone.locator('.fc-actions [data-act="draw"].lesson-target').tap()
        expect(phone.locator(".lesson-say")).to_contain_text("2 de bastos")
        other = phone.locator('.fc-hand .hand-card:not([data-id^="2b#"])').first
        other.tap(position={"x": 8, "y": 30})
        phone.locator('.fc-actions [data-act="discard"]').tap()
        expect(phone.locator("#banner")).to_be_visible()
        phone.screenshot(path=out / "lesson-wrong-move-phone.png")
        expect(phone.locator(".lesson-hint")).to_be_visible(timeout=12000)
        phone.screenshot(path=out / "lesson-hint-phone.png")
        phone.context.close()

        phone = browser.new_context(**devices["Pixel 7"]).new_page()
        phone.set_default_timeout(10000)
        phone.goto(host.url + "/solo#aprende")
        phone.locator('[data-lesson="manipulacion/01-trio-y-escalera"]').tap()
        expect(phone.locator(".lesson-target").first).to_be_visible()
        phone.wait_for_timeout(400)
        phone.screenshot(path=out / "lesson-manipulacion-phone.png")
        phone.context.close()

        phone = browser.new_context(**devices["Pixel 7"]).new_page()
        phone.set_default_timeout(10000)
        phone.goto(host.url + "/solo#aprende")
        phone.locator('[data-lesson="tren/03-dobles"]').tap()
        expect(phone.locator(".lesson-target").first).to_be_visible()
        phone.wait_for_timeout(400)
        phone.screenshot(path=out / "lesson-tren-phone.png")
        phone.context.close()

        # Canasta's first meld: «Bajar» opens the composer with the Kings and the eights the
        # engine proposes, two melds at once.
        phone = browser.new_context(**devices["Pixel 7"]).new_page()
        phone.set_default_timeout(10000)
        phone.goto(host.url + "/solo#aprende")
        phone.locator('[data-lesson="canasta/02-primera-bajada"]').tap()
        phone.locator("[data-lesson-next]").tap()
        phone.locator('.cn-actions [data-act="draw"].lesson-target').tap()
        expect(phone.locator(".lesson-count")).to_contain_text(" 3 de 5")
        phone.locator('.cn-actions [data-act="meld"].lesson-target').tap()
        expect(phone.locator(".cn-progress")).to_have_text("Llevas 60 de 50: ¡ya llega!")
        phone.wait_for_timeout(400)
        phone.screenshot(path=out / "lesson-canasta-phone.png")
        phone.context.close()

        page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
        page.set_default_timeout(10000)
        page.goto(host.url + "/solo#aprende")
        page.locator('[data-lesson="tren/04-marcadores"]').click()
        expect(page.locator(".lesson-target").first).to_be_visible()
        page.wait_for_timeout(400)
        page.screenshot(path=out / "lesson-tren-1366x768.png")
        page.context.close()
    finally:
        host.kill()


def night(browser, devices, out: Path, data: Path, suffix: str = "") -> None:
    """The TV from the sofa: a five-player Ferrocarril table halfway through a round, and the
    round's end with the closer's row."""
    host = Host(data, "--bot-delay", "1", "--allow-test-deals")
    try:
        tv = tv_page(browser)
        tv.goto(host.url + "/")
        expect(tv.locator(".tiles .tile-emblem")).to_have_count(4)
        tv.wait_for_timeout(400)
        tv.screenshot(path=out / f"tv-lobby-chooser{suffix}.png")
        abuela, tio = phone_page(browser, devices), phone_page(browser, devices)
        five_at_the_table(host, tv, abuela, tio=tio)
        tv.screenshot(path=out / f"tv-table-5{suffix}.png")
        abuela_closes(tv, abuela)
        abuela.locator('[data-act="next_round"]').first.tap()
        expect(tv.locator(".round-over .hand-row.closer .ready-badge")).to_be_visible()
        tv.wait_for_timeout(600)
        tv.screenshot(path=out / f"tv-round-end{suffix}.png")
    finally:
        host.kill()


def tren(browser, devices, out: Path, data: Path, suffix: str = "") -> None:
    """Tren Mexicano on the TV (tests/browser/tren_table.py): four and eight players halfway
    through a round with a double to cover and markers out, with pips and with digits, and the
    end of a round."""
    shots = [("4", 4, FOUR, None), ("8", 8, EIGHT, None),
             ("8-digits", 8, EIGHT, {"faces": "digits"}),
             ("4-round-end", 4, ENDING, None), ("8-round-end", 8, ENDING_8, None)]
    for i, (name, players, deal, options) in enumerate(shots):
        (data / str(i)).mkdir()
        host = Host(data / str(i), "--bot-delay", "0.3", "--allow-test-deals")
        try:
            tv, abuela = tv_page(browser), phone_page(browser, devices)
            open_room(host, tv, abuela, players, deal, options)
            if "round-end" in name:
                expect(tv.locator(".round-over")).to_be_visible(timeout=30000)
            tv.wait_for_timeout(800)
            tv.screenshot(path=out / f"tv-tren-{name}{suffix}.png")
            tv.context.close()
            abuela.context.close()
        finally:
            host.kill()


def canasta(browser, devices, out: Path, data: Path, suffix: str = "") -> None:
    """Canasta Ferroviaria on the TV (tests/browser/canasta_table.py): three and six players well
    into a round (canastas of each kind, red 3s, kitties, a frozen pile; with six a black 3 on
    it), and the end of a round with its breakdown."""
    shots = [("3", 3, canasta_table.THREE), ("6", 6, canasta_table.SIX),
             ("3-round-end", 3, canasta_table.ENDING)]
    for i, (name, players, deal) in enumerate(shots):
        (data / str(i)).mkdir()
        host = Host(data / str(i), "--bot-delay", "0.3", "--allow-test-deals")
        try:
            tv, abuela = tv_page(browser), phone_page(browser, devices)
            canasta_table.open_room(host, tv, abuela, players, deal)
            if "round-end" in name:
                expect(tv.locator(".round-over")).to_be_visible(timeout=30000)
            tv.wait_for_timeout(800)
            tv.screenshot(path=out / f"tv-canasta-{name}{suffix}.png")
            tv.context.close()
            abuela.context.close()
        finally:
            host.kill()


PHONE_MOMENTS = {"ferrocarril": ("turn", "compro"), "manipulacion": ("editing",)}


def phone(browser, devices, out: Path, data: Path, suffix: str = "") -> None:
    """A Pixel 7 at a table of five (tests/browser/phone_states.py): Ferrocarril in its own turn
    and in the ¡Compro! window, Manipulación while a play is being made."""
    for game, moments in PHONE_MOMENTS.items():
        (data / game).mkdir()
        host = Host(data / game, "--bot-delay", "0.3", "--allow-test-deals")
        try:
            tv = tv_page(browser)
            page = phone_page(browser, devices)

            def at(moment, page=page, game=game, moments=moments):
                if moment in moments:
                    page.wait_for_timeout(400)
                    page.screenshot(path=out / f"phone-{game}-{moment}{suffix}.png")
            getattr(phone_states, game)(host, tv, page, at)
            tv.context.close()
            page.context.close()
        finally:
            host.kill()


def house(browser, out: Path, data: Path) -> None:
    """The house's screens: the laptop's TV giving a code, another TV asking for one, and the
    notices of a full disk and of a folder where nothing is kept."""
    host = Host(data, "--bot-delay", "0.05")
    try:
        laptop, other = tv_page(browser), tv_page(browser)
        laptop.goto(host.tv_url)
        laptop.locator("#host-menu-btn").click()
        laptop.locator(".pair-new").click()
        expect(laptop.locator(".pair-code")).to_be_visible()
        laptop.screenshot(path=out / "tv-house-pair-code.png")
        other.goto(host.url + "/")
        expect(other.locator(".join-panel .join-url strong")).to_be_visible()
        other.locator("#host-menu-btn").click()
        other.locator(".pair-input").fill("123 4")
        other.screenshot(path=out / "tv-pair-this-screen.png")
    finally:
        host.kill()
    from tests import disks
    with disks.small_disk(data / "disk") as folder:
        host = Host(folder, "--bot-delay", "0.05")
        try:
            tv = tv_page(browser)
            tv.goto(host.tv_url)
            add_bots(tv, 2)
            tv.locator("#start").click()
            filler = disks.fill(folder)
            expect(tv.locator(".storage-notice")).to_be_visible(timeout=30000)
            tv.screenshot(path=out / "tv-disk-full.png")
            filler.unlink()
        finally:
            host.kill()


def lobby(browser, out: Path, data: Path) -> None:
    """The TV's start screen with eight seats taken, Tren Mexicano chosen (its computer players
at all three levels), after a past night; then with twelve phones watching."""
    store = Store(data / "sobremesa.sqlite3")
    past_night(store, 1, time.time() - 3600, "tren",
               [("Abuela", 34, "#2a9d8f"), ("Tío Paco", 61, "#e63946")])
    store.close()
    host = Host(data, "--bot-delay", "1")
    watching = []
    try:
        tv = tv_page(browser)
        tv.goto(host.url + "/")
        expect(tv.locator(".join-panel .join-url strong")).to_have_text(
            re.compile(r"/j/[A-Z]{4}$"))
        choose_game(tv, "tren")
        levels = tv.locator(".add-bot .segmented button")
        expect(levels).to_have_count(3)
        for n in range(8):
            levels.nth((n + 1) % 3).click()
            tv.locator(".add-bot .add").click()
            expect(tv.locator(".seats-panel .seat-name")).to_have_count(n + 1)
        expect(tv.locator(".seats-panel .badge.bot", has_text="Difícil")).to_have_count(3)
        tv.wait_for_timeout(600)
        tv.screenshot(path=out / "tv-lobby-tren-8.png")
        code = json.loads(tv.evaluate("() => localStorage.getItem('sobremesa.tv')"))["room"]
        for name in WATCHERS:
            client = socketio.Client()
            client.connect(host.url, transports=["websocket"], wait_timeout=5)
            client.call("watch", {"room": code, "name": name}, timeout=5)
            watching.append(client)
        expect(tv.locator(".seats-panel .watchers-count")).to_contain_text("12")
        tv.wait_for_timeout(300)
        tv.screenshot(path=out / "tv-lobby-tren-8-watchers.png")
    finally:
        for client in watching:
            client.disconnect()
        host.kill()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.browser.screens")
    parser.add_argument("--out", default=str(ROOT / "docs" / "screens"))
    parser.add_argument("--only", choices=["host", "sound", "damaged", "solo", "lessons", "night",
                                           "phone", "tren", "canasta", "house", "lobby"],
                        help="take only this group of screenshots")
    parser.add_argument("--suffix", default="",
                        help="added to the night and phone groups' names (-before: to compare)")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as tmp:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for sub in "abcdefghijk":
            (Path(tmp) / sub).mkdir()
        if args.only in (None, "host"):
            host_controls(browser, playwright.devices, out, Path(tmp) / "a")
        if args.only in (None, "sound"):
            sound(browser, playwright.devices, out, Path(tmp) / "k")
        if args.only in (None, "damaged"):
            damaged(browser, out, Path(tmp) / "b")
        if args.only in (None, "solo"):
            solo(browser, out, Path(tmp) / "c")
        if args.only in (None, "lessons"):
            lessons(browser, playwright.devices, out, Path(tmp) / "d")
        if args.only in (None, "night"):
            night(browser, playwright.devices, out, Path(tmp) / "e", args.suffix)
        if args.only in (None, "phone"):
            phone(browser, playwright.devices, out, Path(tmp) / "f", args.suffix)
        if args.only in (None, "tren"):
            tren(browser, playwright.devices, out, Path(tmp) / "g", args.suffix)
        if args.only in (None, "canasta"):
            canasta(browser, playwright.devices, out, Path(tmp) / "h", args.suffix)
        if args.only in (None, "house"):
            house(browser, out, Path(tmp) / "i")
        if args.only in (None, "lobby"):
            lobby(browser, out, Path(tmp) / "j")
        browser.close()
    for png in sorted(out.glob("*.png")):
        print(png.relative_to(ROOT) if png.is_relative_to(ROOT) else png)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
