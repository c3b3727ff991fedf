"""The one-device page's best moments: after a game against the computer, a laptop offers
«Ver los mejores momentos» beside the player's record. They play on a page of their own
(/replay, drawn by the game's TV screen, as the TV's slideshow is), and «Ir al podio» leads
back to that game's podium. A phone, whose screen is too small for the TV's table, does not
offer them.

With SOBREMESA_SCREENS=1 the record and a moment are saved to docs/screens/solo-replay-*.png."""
import json
import os
import urllib.request
from pathlib import Path

from playwright.sync_api import expect

from tests.browser.axe import axe_violations
from tests.browser.pages import page_in
from tests.browser.solo_games import finished_solo_game, open_solo_game

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
LAPTOP = {"width": 1366, "height": 768}


def shot(page, name: str) -> None:
    if os.environ.get("SOBREMESA_SCREENS"):
        SCREENS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENS / f"{name}.png"))


def test_a_laptop_alone_replays_its_games_best_moments_and_returns_to_the_podium(browser, host):
    entry = finished_solo_game(host)
    with urllib.request.urlopen(f"{host.url}/api/replays/room/{entry['room']}") as reply:
        moments = json.load(reply)["moments"]
    assert moments and moments[-1]["kind"] == "closing"
    with page_in(browser, 10000, viewport=LAPTOP) as page:
        open_solo_game(page, host, entry)
        record = page.locator("#my-record")
        link = record.locator(".record-moments")
        expect(link).to_have_text("★ Ver los mejores momentos")
        words = record.evaluate("""bar => Math.max(...[...bar.children]
            .filter((el) => !el.classList.contains('record-moments')).map((el) => {
                const range = document.createRange();
                range.selectNodeContents(el);
                return range.getBoundingClientRect().right; }))""")
        box = link.bounding_box()
        assert box["x"] > words, (box, words)                 # beside the words, not on them
        assert box["y"] + box["height"] <= LAPTOP["height"] and box["height"] >= 48
        shot(page, "solo-replay-record")
        link.click()

        layer = page.locator(".replay-layer.replay-moments")
        expect(layer).to_be_visible()
        assert page.url.endswith(f"/replay?room={entry['room']}")
        caption = layer.locator(".replay-caption .replay-words")
        expect(caption).to_have_text(moments[0]["es"])
        expect(layer.locator(".replay-count")).to_have_text(f"1 de {len(moments)}")
        layer.locator(".replay-play").click()                 # paused: read at leisure
        expect(layer.locator(".replay-play")).to_have_attribute("aria-pressed", "false")
        expect(layer.locator(".replay-stage table")).to_be_visible()        # the TV's round end
        # the last closing: the round's end, the table as the TV shows it, fitting the laptop
        for n in range(2, len(moments) + 1):
            layer.locator(".replay-forward").click()
            expect(layer.locator(".replay-count")).to_have_text(f"{n} de {len(moments)}")
        expect(layer.locator(".replay-stage")).to_have_attribute("data-phase", "round_over")
        cut = page.evaluate("""() => [...document.querySelectorAll('.replay-layer *')]
            .filter((el) => { const r = el.getBoundingClientRect();
                return r.width && (r.right > innerWidth + 1 || r.bottom > innerHeight + 1); })
            .map((el) => el.className).slice(0, 5)""")
        assert not cut, cut
        shot(page, "solo-replay-moment")
        found = axe_violations(page, "solo best moments")
        assert not found, found

        layer.locator(".replay-close").click()                # «Ir al podio»
        expect(page.locator("#my-record .record-wins")).to_be_visible()
        assert page.url.endswith("/solo"), page.url


def test_a_phone_alone_does_not_offer_the_tvs_moments_and_a_bad_room_leads_back(browser, host):
    entry = finished_solo_game(host)
    with page_in(browser, 10000, **browser.devices["Pixel 7"]) as page:
        open_solo_game(page, host, entry)
        expect(page.locator("#my-record .record-wins")).to_be_visible()
        expect(page.locator(".record-moments")).to_have_count(0)
    with page_in(browser, 10000, viewport=LAPTOP) as page:
        page.goto(host.url + "/replay?room=ZZZZ")
        message = page.locator(".replay-message[role=alert]")
        expect(message).to_be_visible()
        expect(message).not_to_be_empty()
        page.locator(".replay-close").click()
        expect(page.locator("#screen-entry")).to_be_visible()
        assert page.url.endswith("/solo?room=ZZZZ"), page.url
