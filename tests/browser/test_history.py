"""The family history in the browser: a game of Tren Mexicano played to its end (by the
computer, for speed) appears in the TV's "Últimas partidas" after a `kill -9` and restart of
the host; the phone shows its player's own record after the podium, and so does the one-device
page after a game against the computer.

With SOBREMESA_SCREENS=1 the lobby, the table of honour and the phone's record are saved to
docs/screens/tv-history-*.png and docs/screens/phone-history-record.png."""
import json
import os
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from server.store import Store
from tests.browser.pages import choose_game, host_command, page_in
from tests.browser.solo_games import finished_solo_game, open_solo_game
from tests.live import Host

ROOT = Path(__file__).resolve().parents[2]
SCREENS = ROOT / "docs" / "screens"
DAY = 24 * 60 * 60


def past_night(store: Store, n: int, when: float, game: str, players: list[tuple]) -> None:
    """A game of an earlier night, written straight into the file before the host starts."""
    best = max(p[1] for p in players) if game == "canasta" else min(p[1] for p in players)
    store.record_game({
        "room": f"OLD{n}", "seed": n, "game": game, "kind": "table", "options": {},
        "started": when - 3600, "finished": when,
        "players": [{"seat": i, "name": name, "color": color, "bot": False, "score": score,
                     "place": 1 if score == best else 2, "winner": score == best}
                    for i, (name, score, color) in enumerate(players)],
        "rounds": [[p[1] for p in players]]})


@pytest.fixture
def history_host(tmp_path):
    store = Store(tmp_path / "sobremesa.sqlite3")
    now = time.time()
    past_night(store, 1, now - 7 * DAY, "canasta",
               [("Abuela", 5230, "#e63946"), ("Tío Paco", 4180, "#457b9d")])
    past_night(store, 2, now - 7 * DAY + 600, "ferrocarril",
               [("abuela", 212, "#e63946"), ("Tío Paco", 96, "#457b9d"), ("Lucía", 180, "#2a9d8f")])
    past_night(store, 3, now - 14 * DAY, "tren",
               [("Lucía", 34, "#2a9d8f"), ("Abuela", 61, "#e63946")])
    store.close()
    server = Host(tmp_path, "--bot-delay", "0", "--round-end-seconds", "0")
    yield server
    server.kill()
    assert "Traceback" not in server.log(), server.log()


def shot(page, name: str) -> None:
    if os.environ.get("SOBREMESA_SCREENS"):
        SCREENS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENS / f"{name}.png"))


def test_a_game_played_to_its_end_is_in_the_latest_games_after_a_restart(browser, history_host):
    host = history_host
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    phone_context = browser.new_context(**browser.devices["Pixel 7"])
    try:
        tv, phone = context.new_page(), phone_context.new_page()
        tv.goto(host.url + "/")
        join_text = tv.locator(".join-panel .join-url strong")
        expect(join_text).to_have_text(re.compile(r"/j/[A-Z]{4}$"))
        expect(tv.locator(".recent-game")).not_to_have_count(0)   # earlier nights already
        choose_game(tv, "tren")
        phone.goto("http://" + join_text.inner_text())
        phone.locator("#name-input").fill("Abuela")
        phone.locator("#join-btn").click()
        tv.locator(".add-bot .add").click()
        expect(tv.locator(".seats-panel .seat-name")).to_have_count(2)
        session = json.loads(tv.evaluate("() => localStorage.getItem('sobremesa.tv')"))
        command = (host.url, session["room"], session["host_token"])
        abuela = tv.locator(".seats-panel .seat").first.get_attribute("data-id")
        assert host_command(*command, "set_options", {"options": {"rounds": 1}})["ok"]
        assert host_command(*command, "to_bot", {"seat": abuela})["ok"]   # the computer plays
        tv.locator("#start").click()
        record = phone.locator("#my-record")
        expect(record).to_be_visible(timeout=60_000)          # the podium, and her record
        expect(record).to_contain_text("Tren Mexicano")
        expect(record.locator(".record-wins")).to_contain_text("de 2 partidas")
        if os.environ.get("SOBREMESA_SCREENS"):
            expect(phone.locator("#banner")).to_be_hidden(timeout=20_000)
        shot(phone, "phone-history-record")

        host.restart()
        assert host_command(*command, "new_game", {})["ok"]   # the TV comes back to its room
        latest = tv.locator(".recent-game").first
        expect(latest).to_have_attribute("data-game", "tren")
        expect(latest).to_contain_text("Abuela")
        expect(latest.locator(".recent-title")).to_have_text("Tren Mexicano")
        shot(tv, "tv-history-lobby")

        tv.locator(".honour-open").click()
        tabs = tv.locator(".honour-tabs button")
        expect(tabs.filter(has_text="Tren Mexicano")).to_have_attribute("aria-pressed", "true")
        names = tv.locator(".honour-row .name")
        expect(names).to_have_count(2)
        assert sorted(names.all_inner_texts()) == ["Abuela", "Lucía"]
        shot(tv, "tv-history-honour")
        tabs.filter(has_text="Ferrocarril").click()
        expect(tv.locator(".honour-row").first.locator(".name")).to_have_text("Tío Paco")
        expect(tv.locator(".export-link", has_text="CSV")).to_have_attribute("href", "/history.csv")
    finally:
        context.close()
        phone_context.close()


def test_the_one_device_page_shows_its_players_record_after_the_podium(browser, host):
    """A game alone against the computer ("Contra el ordenador") counts in the family history
    too, and the one-device page shows its player's record under the podium, as a phone does."""
    entry = finished_solo_game(host)
    with page_in(browser, 10000, viewport={"width": 1366, "height": 768}) as page:
        open_solo_game(page, host, entry)
        record = page.locator("#my-record")
        expect(record).to_be_visible()
        expect(record).to_contain_text("Tu historial en Canasta Ferroviaria")
        expect(record.locator(".record-wins")).to_have_text("Primera partida, primera victoria")
        expect(record.locator(".record-best")).to_have_text("Tu mejor puesto: 1.º")
        shot(page, "solo-history-record")
