"""The one-device page on a laptop (1366×768) keeps every word and pile of a crowded table in
sight: Canasta with five and six players (the kind named under each canasta, «Gatito», the
second row of a player's melds), the pile's top card in the header upright and large enough to
read, and Tren with three players, whose short table left «Aún sin empezar» under the Mexican
train half cut."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser import canasta_table, tren_table
from tests.browser.pages import page_in
from tests.browser.test_solo_legibility import LAPTOP, start_dealt

WAIT_MS = 10000

# Every word and every pile of the table against the boxes that clip it: its player's area and,
# for what lies among the melds, the melds' own box. Each entry: what, whose area, by how many
# px it runs out (bottom, right). Also the smallest card drawn and the hand's card width.
CLIPPED = """(sel) => {
  const table = document.querySelector(sel.table);
  const clipped = [];
  const out = (r, box) => [r.bottom - box.bottom, r.right - box.right,
                           box.top - r.top, box.left - r.left];
  for (const el of table.querySelectorAll('*')) {
    if (el.closest('svg') || !el.checkVisibility()) continue;
    const words = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!words && !el.matches(sel.pieces)) continue;
    const r = el.getBoundingClientRect();
    for (const box of [el.closest(sel.area), el.parentElement.closest(sel.inner)].filter(Boolean)) {
      const by = Math.max(...out(r, box.getBoundingClientRect()));
      if (by > 0.5) clipped.push([el.className.baseVal ?? el.className,
        el.textContent.trim().slice(0, 24), box.className, +by.toFixed(1)]);
    }
    // a word cut inside its own box (an ellipsis, a line hidden)
    if (words && getComputedStyle(el).overflow !== 'visible'
        && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)) {
      clipped.push([el.className, el.textContent.trim().slice(0, 24), 'itself',
                    el.scrollWidth - el.clientWidth]);
    }
  }
  const hand = document.querySelector('.cn-hand');
  return {clipped, cardH: Number(table.dataset.cardH || 0),
          handCardW: hand ? parseFloat(getComputedStyle(hand).getPropertyValue('--card-w')) : null};
}"""
CANASTA = {"table": ".canasta-table-tv", "area": ".ct-seat", "inner": ".ct-melds",
           "pieces": ".ct-stack, .ct-kitty .ct-back, .ct-red3s svg.card"}
TREN = {"table": ".tren-table-tv", "area": ".tren-arm", "inner": ".arm-tiles",
        "pieces": "svg.domino:not(.folded)"}

# The pile's top card in the header: its drawn size and whether it lies turned.
PILE_CARD = """() => {
  const card = document.querySelector('.cn-pile-card');
  const r = card.querySelector('svg.card').getBoundingClientRect();
  return {width: r.width, height: r.height, transform: getComputedStyle(card).transform,
          frozen: card.closest('.cn-pile').classList.contains('frozen')};
}"""


@pytest.mark.parametrize("players, deal", [(5, canasta_table.FIVE), (6, canasta_table.SIX)],
                         ids=["five", "six"])
def test_a_crowded_canasta_table_shows_every_word_and_pile_whole(browser, host, players, deal):
    with page_in(browser, WAIT_MS, viewport=LAPTOP) as page:
        start_dealt(page, host.url, "canasta", players - 1, {"_deal": deal}, name="Abuela")
        expect(page.locator(".canasta-table-tv .ct-seat")).to_have_count(players)
        expect(page.locator(".canasta-table-tv[data-card-h] .ct-meld").first).to_be_visible()
        expect(page.locator(".ct-meld.canasta .ct-kind").first).to_be_visible()
        page.wait_for_timeout(500)                   # refitted once the hand took its room
        for lang in ("es", "en"):
            found = page.evaluate(CLIPPED, CANASTA)
            print(f"{players} players ({lang}): cards {found['cardH']} px high, "
                  f"hand's cards {found['handCardW']} px wide, clipped {found['clipped']}")
            assert not found["clipped"], f"cut at 1366x768 with {players}: {found['clipped']}"
            # the canastas' names and the kitties are among what was measured
            assert page.locator(".ct-kind:visible").count() >= 8
            assert page.locator(".ct-kitty-word:visible").count() == players
            # the hand keeps cards a family reads at arm's length
            assert found["handCardW"] >= 50, found
            if lang == "es":
                page.locator("#solo-lang").click()
                expect(page.locator(".ct-kitty-word").first).not_to_contain_text("Gatito")
                page.wait_for_timeout(300)


def test_canastas_pile_card_in_the_header_is_upright_and_readable(browser, host):
    with page_in(browser, WAIT_MS, viewport=LAPTOP) as page:
        start_dealt(page, host.url, "canasta", 5, {"_deal": canasta_table.SIX}, name="Abuela")
        expect(page.locator(".cn-pile.frozen .cn-pile-card")).to_be_visible()
        pile = page.evaluate(PILE_CARD)
        print("pile card:", pile)
        assert pile["frozen"], pile              # a wild card in SIX's pile: frozen
        assert pile["transform"] == "none", f"the pile's card lies turned: {pile}"
        assert pile["width"] >= 36 and pile["height"] >= 50, f"the pile's card is {pile}"
        assert pile["height"] > pile["width"], pile
        expect(page.locator(".cn-pile .cn-mark.frozen")).to_have_text("congelado")


# Three at the table with full hands (15 tiles: three rows of the hand), the Mexican train and
# Robotina's not started.
TREN_THREE = tren_table.deal_for(3, [6, 0, 9], 0, 15, turn=0, scores=[12, 30, 5])


@pytest.mark.parametrize("height", [768, 650])
def test_tren_with_three_keeps_not_started_whole_under_the_mexican_train(browser, host, height):
    with page_in(browser, WAIT_MS, viewport={"width": 1366, "height": height}) as page:
        start_dealt(page, host.url, "tren", 2, {"_deal": TREN_THREE}, name="Abuela")
        empty = page.locator(".tren-arm.mexican .arm-empty")
        expect(empty).to_have_text("Aún sin empezar")
        page.wait_for_timeout(500)                   # refitted once the hand took its room
        box = page.evaluate("""() => {
          const arm = document.querySelector('.tren-arm.mexican');
          const area = arm.querySelector('.arm-tiles').getBoundingClientRect();
          const words = arm.querySelector('.arm-empty');
          const r = words.getBoundingClientRect();
          return {area: [area.top, area.bottom], words: [r.top, r.bottom],
                  px: parseFloat(getComputedStyle(words).fontSize)};
        }""")
        print(f"1366x{height}:", box)
        assert box["words"][1] <= box["area"][1] + 0.5, f"«Aún sin empezar» cut: {box}"
        assert box["px"] >= 12, box
        found = page.evaluate(CLIPPED, TREN)
        print("clipped:", found["clipped"])
        assert not found["clipped"], found["clipped"]


# Every seat's chip in the bar whole, the bar not scrolled.
SEATS_BAR = """() => {
  const bar = document.querySelector('.solo-seats');
  const chips = [...bar.querySelectorAll('.solo-seat')].map((el) => {
    const r = el.getBoundingClientRect();
    return [el.dataset.seat, Math.round(r.left), Math.round(r.right)];
  });
  const box = bar.getBoundingClientRect();
  return {scrolls: bar.scrollWidth > bar.clientWidth + 1, chips,
          out: chips.filter(([, left, right]) => left < box.left - 1 || right > box.right + 1)};
}"""


@pytest.mark.parametrize("game, bots, deal", [
    ("canasta", 5, canasta_table.SIX), ("tren", 7, tren_table.EIGHT), ("tren", 3, tren_table.FOUR),
], ids=["canasta-6", "tren-8", "tren-4"])
def test_every_seat_in_the_bar_shows_whole_without_a_scroll(browser, host, game, bots, deal):
    """The bar over the table: with four seats each says its name, cards and points; with more
    each is its initial with its cards and points (the table below names them), all in sight;
    Canasta's points grouped in thousands there too («12.450»)."""
    with page_in(browser, WAIT_MS, viewport=LAPTOP) as page:
        start_dealt(page, host.url, game, bots, {"_deal": deal}, name="Abuela")
        expect(page.locator(".solo-seats .solo-seat")).to_have_count(bots + 1)
        page.wait_for_timeout(300)
        found = page.evaluate(SEATS_BAR)
        print(game, bots + 1, found)
        assert not found["scrolls"] and not found["out"], found
        names = page.locator(".solo-seats .solo-seat-name:visible")
        expect(names).to_have_count(bots + 1 if bots + 1 <= 4 else 0)
        if game == "canasta":           # its points grouped, as the table below writes them
            scores = page.locator(".solo-seats .solo-score")
            expect(scores.first).to_have_text("12.450 pts")
            expect(scores.nth(2)).to_have_text("−240 pts")
            expect(page.locator(".ct-seat").first).to_contain_text("12.450")
