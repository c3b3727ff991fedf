"""Ferrocarril's stock is turned over twice a round at most (docs/rules/ferrocarril.md,
interpretation 8): after the second turn the TV says so under the stock («Última vuelta») and in
the feed, and when that stock runs out too the round ends with nobody closing. Played on two
phones from a test deal where every card but the jokers and two reyes de oros is laid, so the
stock runs out at once (and the phone's row shows the long escaleras whole). With
SOBREMESA_SCREENS set, the TV with the notice and Abuela's phone are saved under docs/screens/."""
from __future__ import annotations

import os
from itertools import pairwise

from playwright.sync_api import expect

from engine.cards import SPANISH, deck
from tests.browser.pages import seat_at_tv
from tests.browser.test_game_night import Phone
from tests.live import ROOT

WAIT_MS = 10000
SCREENS = ROOT / "docs" / "screens"
RANKS = "A 2 3 4 5 6 7 8 9 10 S C R".split()


def laid_deal() -> dict:
    """Round 7: both packs laid in eight escaleras but two reyes de oros (one upturned, one the
    whole stock); each hand two jokers, which no full escalera takes."""
    runs = [" ".join(r + s for r in RANKS) for s in "cceebb"]
    runs += [" ".join(r + "o" for r in RANKS[:-1])] * 2
    deal = {"dealer": 1, "round": 7, "hands": ["* *", "* *"], "discard": "Ro", "stock": "Ro",
            "table": [[k % 2, cards] for k, cards in enumerate(runs)]}
    laid = sorted(SPANISH.parse_all(" ".join(
        [*deal["hands"], deal["discard"], deal["stock"], *(c for _, c in deal["table"])])))
    assert laid == sorted(deck(2, 4))
    return deal


def discard_the_rey(phone: Phone) -> None:
    expect(phone.page.locator('.fc-hand .hand-card[data-id^="Ro#"]')).to_have_count(1)
    card = next(i for i in phone.hand_ids() if i.startswith("Ro#"))
    phone.discard(card)


def test_the_stock_is_turned_over_twice_and_then_the_round_ends(host, tv, new_phone):
    pages = [new_phone(), new_phone()]
    for page in pages:
        page.set_default_timeout(WAIT_MS)
    tv.set_default_timeout(WAIT_MS)
    seat_at_tv(host, tv, "ferrocarril", [(pages[0], "Abuela"), (pages[1], "Beto")], players=2,
               options={"_deal": laid_deal()})
    abuela, beto = Phone(pages[0], "Abuela"), Phone(pages[1], "Beto")
    # Thirteen-card escaleras fit the phone's row, every card's rank in sight.
    expect(abuela.page.locator(".tmelds .meld")).to_have_count(8)
    cards = abuela.page.evaluate("""() => [...document.querySelectorAll('.tmelds .meld')].map(
        meld => [...meld.querySelectorAll('.mini')].map(c => c.getBoundingClientRect()))""")
    for meld in cards:
        assert meld[-1]["right"] <= abuela.page.viewport_size["width"]
        assert all(b["left"] - a["left"] >= 11 for a, b in pairwise(meld))
    abuela.pass_window()                        # the upturned rey: nobody buys it
    beto.pass_window()
    abuela.draw()                               # the stock's only card
    expect(tv.locator(".stock-count")).to_have_text("0")
    discard_the_rey(abuela)
    beto.pass_window()
    beto.draw()                 # the discards but the top make a new stock: the other rey
    expect(tv.locator(".feed").first).to_contain_text(
        "Se baraja el descarte: 1 carta al mazo")
    expect(tv.locator(".stock-last")).to_have_count(0)      # one more turn to come
    discard_the_rey(beto)
    abuela.pass_window()
    abuela.draw()                               # the second and last turn
    expect(tv.locator(".stock-last")).to_have_text("Última vuelta")
    expect(tv.locator(".feed").first).to_contain_text(
        "Se baraja el descarte por última vez: 1 carta al mazo")
    if os.environ.get("SOBREMESA_SCREENS"):
        tv.screenshot(path=str(SCREENS / "tv-ferrocarril-last-stock.png"))
        abuela.page.screenshot(path=str(SCREENS / "phone-ferrocarril-last-stock.png"))
    discard_the_rey(abuela)
    beto.pass_window()
    beto.draw()                                 # nothing more to draw: the round is over
    tv.wait_for_function("window.sobremesaTV.state?.game?.phase === 'game_over'")
    result = tv.evaluate("window.sobremesaTV.state.game.last_round")
    assert result["closer"] is None and result["points"] == [100, 100]
