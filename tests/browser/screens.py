"""Screenshots of the host's controls for docs/screens/ (TV 1920x1080, phones as a Pixel 7).

    .venv/bin/python -m tests.browser.screens [--out docs/screens]

Starts real hosts on loopback, plays the moments through the pages, and saves one PNG each.
"""
from __future__ import annotations

import argparse
import json
import re
import sqlite3
import tempfile
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
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
        for _ in range(2):
            tv.locator(".add-bot .add").click()
        expect(tv.locator(".seats-panel .seat-name")).to_have_count(4)
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
        tv.goto(host.url + "/")
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
        tv.goto(host.url + "/")
        expect(tv.locator(".house-notice")).to_be_visible()
        tv.screenshot(path=out / "tv-damaged-file-notice.png")
    finally:
        host.kill()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.browser.screens")
    parser.add_argument("--out", default=str(ROOT / "docs" / "screens"))
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as tmp:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        (Path(tmp) / "a").mkdir()
        (Path(tmp) / "b").mkdir()
        host_controls(browser, playwright.devices, out, Path(tmp) / "a")
        damaged(browser, out, Path(tmp) / "b")
        browser.close()
    for png in sorted(out.glob("*.png")):
        print(png.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
