"""Words cut off, on the one-device page (/solo), which draws each game's phone screen: each game
at the start of a game on a small phone (360×640), an iPhone's (390×844) and a tablet either way
round, with the player's name a family would type; and the entry's choices of every game, from a
laptop to a small phone; each in Spanish and in English. No text runs wider than a box that clips
it or ends it in «…» (the texts only a screen reader hears aside). Found this way, and mended:
the seats bar's third seat under the pause button, the tablet's names in the seats bar,
Ferrocarril's contract and «Turno de Abuela», Manipulación's round and target, Tren's turn beside
its boneyard, the names on Tren's trains and on Canasta's areas on a tablet, and on the entry
«Manipula…» on a laptop, «13 …» and options out of their panel on an upright tablet."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.pages import CUT, page_in

SIZES = {"360x640": (360, 640), "390x844": (390, 844), "768x1024": (768, 1024),
         "1024x768": (1024, 768), "1366x768": (1366, 768)}
GAMES = ["ferrocarril", "manipulacion", "tren", "canasta"]


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("size", ["360x640", "390x844", "768x1024", "1024x768"])
@pytest.mark.parametrize("game", GAMES)
def test_no_words_are_cut_off_on_a_phone_or_a_tablet(game, size, lang, browser, host):
    width, height = SIZES[size]
    with page_in(browser, 10000, viewport={"width": width, "height": height},
                 has_touch=True) as page:
        page.goto(host.url + "/solo")
        page.evaluate("(lang) => localStorage.setItem('sobremesa.lang', lang)", lang)
        page.reload()
        page.locator(f'.tile[data-game="{game}"]').click()
        page.locator("#solo-name").fill("Abuelo")
        page.locator("#solo-start").click()
        expect(page.locator("#solo-bar .solo-seat")).to_have_count(3)
        expect(page.locator(".hand-card").first).to_be_visible()
        for moment in range(2):                 # as the game starts, and a few moves on
            page.wait_for_timeout(1500 * moment + 500)
            cut = page.evaluate(CUT)
            assert not cut, (moment, cut)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lang", ["es", "en"])
def test_no_choice_on_the_entry_is_cut_off(lang, size, browser, host):
    width, height = SIZES[size]
    with page_in(browser, 10000, viewport={"width": width, "height": height},
                 has_touch=width < 1100) as page:
        page.goto(host.url + "/solo")
        page.evaluate("(lang) => localStorage.setItem('sobremesa.lang', lang)", lang)
        page.reload()
        for game in GAMES:
            page.locator(f'.tile[data-game="{game}"]').click()
            expect(page.locator(f'.tile.selected[data-game="{game}"]')).to_have_count(1)
            cut = page.evaluate(CUT)
            assert not cut, (game, cut)
