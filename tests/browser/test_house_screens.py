"""The house's screens in a real browser: the laptop's TV takes the house key from the link
`sobremesa` opens (and out of the address bar), gives a code, and a TV in another browser that
types it becomes the house's too; typing is not lost to the table's redraws meanwhile."""
import re

import socketio
from playwright.sync_api import expect

from tests.browser.pages import page_in

WAIT_MS = 8000


def open_menu(tv):
    tv.locator("#host-menu-btn").click()
    expect(tv.locator(".host-menu")).to_be_visible()


def test_another_tv_is_paired_with_the_code_the_laptops_tv_gives(browser, host):
    tv_size = {"viewport": {"width": 1920, "height": 1080}}
    with page_in(browser, WAIT_MS, **tv_size) as laptop, \
            page_in(browser, WAIT_MS, **tv_size) as other:
        laptop.goto(host.tv_url)
        expect(laptop).to_have_url(host.url + "/")                    # the key leaves the bar
        assert laptop.evaluate("() => localStorage.getItem('sobremesa.house')") == host.house_key
        open_menu(laptop)
        expect(laptop.locator(".menu-pair strong")).to_have_text("Otra pantalla de casa")
        laptop.locator(".pair-new").click()
        shown = laptop.locator(".pair-code")
        expect(shown).to_have_text(re.compile(r"^\d{3} \d{3}$"))
        code = shown.inner_text()

        other.goto(host.url + "/")
        join_text = other.locator(".join-panel .join-url strong")
        expect(join_text).to_have_text(re.compile(r"/j/[A-Z]{4}$"))
        open_menu(other)
        expect(other.locator(".menu-pair strong")).to_have_text("¿Es la tele de casa?")
        box = other.locator(".menu-pair").bounding_box()
        assert box["x"] + box["width"] <= 1920 and box["height"] < 200
        field = other.locator(".pair-input")
        wrong = f"{(int(code.replace(' ', '')) + 1) % 10**6:06d}"
        field.fill(wrong)
        other.locator(".pair-go").click()
        expect(other.locator(".pair-error")).to_contain_text("no vale o ha caducado")
        field.click()
        field.type(code[:3])
        phone = socketio.Client()                        # somebody joins: a redraw mid-typing
        phone.connect(host.url, transports=["websocket"], wait_timeout=5)
        try:
            room = join_text.inner_text().rsplit("/", 1)[1]
            assert phone.call("join", {"room": room, "name": "Primo"}, timeout=5)["ok"]
            expect(other.locator(".seats-panel .seat-name")).to_have_text(["Primo"])
        finally:
            phone.disconnect()
        field.type(code[3:])
        expect(field).to_have_value(code)
        field.press("Enter")
        expect(other.locator(".toast")).to_contain_text("Esta pantalla ya es de casa")
        expect(other.locator(".menu-pair strong")).to_have_text("Otra pantalla de casa")
        assert other.evaluate("() => localStorage.getItem('sobremesa.house')") == host.house_key
        other.reload()                                    # kept by that browser
        open_menu(other)
        expect(other.locator(".menu-pair strong")).to_have_text("Otra pantalla de casa")
