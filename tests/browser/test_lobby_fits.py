"""The TV's start screen at 1920×1080 with every seat taken, for each game (and Rummy's rule sets
with most options): the options and the house rules whole without a scroll (a TV is not scrolled
from the sofa), no choice cut, every seat's name whole (beside any level's badge), and the
latest game still listed."""
import json
import re
import time

import pytest
import socketio
from playwright.sync_api import expect

from server.store import Store
from tests.browser.pages import choose_game, host_command
from tests.browser.test_history import past_night
from tests.live import Host

MEASURE = """() => {
  const panel = document.querySelector('.detail-panel');
  const cut = (root) => [...root.querySelectorAll('*')].filter((el) =>
      el.clientWidth > 0 && getComputedStyle(el).overflow !== 'visible'
      && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1))
    .map((el) => (el.className || el.tagName) + ': ' + el.textContent.slice(0, 40));
  const seatsCut = [...document.querySelectorAll('.seat-name')]
    .filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent);
  const small = [...panel.querySelectorAll('button, .option-label, li')]
    .map((el) => parseFloat(getComputedStyle(el).fontSize)).filter((px) => px < 15);
  return {scrolls: panel.scrollHeight > panel.clientHeight + 1, cut: cut(panel), seatsCut,
          recent: document.querySelectorAll('.recent-game').length, small};
}"""


@pytest.fixture(scope="module")
def family_host(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lobby")
    store = Store(folder / "sobremesa.sqlite3")
    past_night(store, 1, time.time() - 3600, "tren",
               [("Abuela", 34, "#2a9d8f"), ("Tío Paco", 61, "#e63946")])
    store.close()
    server = Host(folder, "--bot-delay", "1")
    yield server
    server.kill()


def start_screen(context, host):
    """The TV's start screen in `context`, its room open."""
    tv = context.new_page()
    tv.set_default_timeout(10000)
    tv.goto(host.url + "/")
    expect(tv.locator(".join-panel .join-url strong")).to_have_text(re.compile(r"/j/[A-Z]{4}$"))
    return tv


@pytest.mark.parametrize("game, options", [
    ("ferrocarril", {}), ("tren", {}), ("canasta", {}),
    ("manipulacion", {"ruleset": "manipulacion"}), ("manipulacion", {"ruleset": "tahiti"}),
])
def test_the_start_screen_fits_with_every_seat_taken(browser, family_host, game, options):
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    try:
        tv = start_screen(context, family_host)
        if game != "ferrocarril":
            choose_game(tv, game)
        if options:
            session = json.loads(tv.evaluate("() => localStorage.getItem('sobremesa.tv')"))
            assert host_command(family_host.url, session["room"], session["host_token"],
                                "set_options", {"options": options})["ok"]
        top = int(re.search(r"de (\d+)", tv.locator(".seats-panel .count").inner_text()).group(1))
        levels = tv.locator(".add-bot .segmented button")
        for n in range(top):
            levels.nth((n + 1) % levels.count()).click()    # every level's badge, the first too
            tv.locator(".add-bot .add").click()
            expect(tv.locator(".seats-panel .seat-name")).to_have_count(n + 1)
        tv.wait_for_timeout(300)
        found = tv.evaluate(MEASURE)
        assert not found["scrolls"] and found["cut"] == [], found
        assert found["seatsCut"] == [], found
        assert found["recent"] >= 1, found
        assert found["small"] == [], found           # 15 px and up: read from the sofa
    finally:
        context.close()


WATCHERS = ["Abuelo Fernando Gil", "Tía Carmen", "Pepe", "Lucía", "Marisol de la Vega",
            "Nico", "Tita", "Vecina Rosario Gómez", "Pablo", "Bea", "Javi", "Yaya"]
SEATS_HEAD = """() => { const h2 = document.querySelector('.seats-panel h2');
  return {cut: h2.scrollWidth > h2.clientWidth + 1, text: h2.textContent}; }"""


def test_the_start_screen_fits_with_the_most_watchers(browser, family_host):
    """Twelve phones watching (the most a room takes), with long names: with a few seats the
    panel names three and counts the others, on two lines at most; with six seats or more it
    only counts them beside the seats' count (the host menu names them), and the latest game
    still shows. Nothing cut."""
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    watchers = []
    try:
        tv = start_screen(context, family_host)
        choose_game(tv, "tren")
        code = json.loads(tv.evaluate("() => localStorage.getItem('sobremesa.tv')"))["room"]
        seats = tv.locator(".seats-panel .seat-name")
        for n in range(2):
            tv.locator(".add-bot .add").click()
            expect(seats).to_have_count(n + 1)
        for name in WATCHERS:
            client = socketio.Client()
            client.connect(family_host.url, transports=["websocket"], wait_timeout=5)
            assert client.call("watch", {"room": code, "name": name}, timeout=5)["ok"] \
                is not False
            watchers.append(client)
        line = tv.locator(".seats-panel .watchers")
        expect(line).to_have_text("👀 Mirando: Abuelo Fernando Gil, Tía Carmen, Pepe y 9 más")
        lines = line.evaluate("""el => Math.round(el.getBoundingClientRect().height
                                                  / parseFloat(getComputedStyle(el).lineHeight))""")
        assert lines <= 2
        for n in range(2, 8):
            tv.locator(".add-bot .add").click()
            expect(seats).to_have_count(n + 1)
        expect(line).to_have_count(0)
        expect(tv.locator(".seats-panel h2 .watchers-count")).to_have_text("👀 12 mirando")
        tv.wait_for_timeout(300)
        found = tv.evaluate(MEASURE)
        assert not found["scrolls"] and found["cut"] == [] and found["seatsCut"] == [], found
        assert found["recent"] >= 1, found
        assert tv.evaluate(SEATS_HEAD)["cut"] is False
    finally:
        for client in watchers:
            client.disconnect()
        context.close()
