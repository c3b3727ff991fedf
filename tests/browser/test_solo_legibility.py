"""The one-device page on a laptop (1366×768) read at arm's length: Ferrocarril's rows (the TV's
rows scaled by 0.62) with four and five players keep every badge («Ordenador», «Reparte»,
«Sin salir») at 12 px or more, each row's facts in two lines, whole and apart, even with the
widest figures a game reaches; the other three games show no word under 12 px either; Tren's
«Tren mexicano» stays inside its box; counts of one read in the singular and a sentence that
starts with a tile starts with a capital."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser import canasta_table, tren_table
from tests.browser.pages import page_in
from tests.browser.tren_table import assert_mexican_label_fits

WAIT_MS = 10000
LAPTOP = {"width": 1366, "height": 768}
SMALLEST_TEXT = 12.0          # px, once scaled

# Ferrocarril in round 1 with the first pass round over: Robotina (1) and Tuerca (3) have gone
# down, Chispas (2) holds one card; a computer player deals (its row carries «Reparte» beside
# «Ordenador»). Seat 0 plays first and the game waits for it.
FC_HANDS = {
    4: ["7o 7c 8e 9o 9c 2e Ao Ac 4b 5b 6e Sb Cc", "4o 4c 4e Ro Rc Re Co Ce Se So",
        "5o", "6o 6c 6b 2o 2c 2b Se Sc Cb Ab"],
    5: ["7o 7c 8e 9o 9c 2e Ao Ac 4b 5b 6e Sb Cc", "4o 4c 4e Ro Rc Re Co Ce Se So",
        "5o", "6o 6c 6b 2o 2c 2b Se Sc Cb Ab", "7e 7b 8o 8c 8b 9e 9b Ae Ab 7e 7b 4o 4c"],
}


def fc_deal(players: int) -> dict:
    return {"dealer": players - 1, "hands": FC_HANDS[players], "discard": "2e",
            "table": [[1, "3o 3c 3e"], [3, "Ro Rc Rb"]], "fill": True}


def start_dealt(page: Page, url: str, game: str, bots: int, options: dict,
                name: str = "Abuelita Remedios") -> None:
    """/solo with this game, this many computer players and these options (a test deal: the
    host runs with --allow-test-deals), started from the entry."""
    last = {"game": game, "bots": bots, "level": "facil", "options": options}
    page.goto(url + "/solo")
    page.evaluate("last => localStorage.setItem('sobremesa.solo.last', JSON.stringify(last))", last)
    page.reload()
    expect(page.locator(f'.tile[data-game="{game}"]')).to_have_attribute("aria-pressed", "true")
    page.locator("#solo-name").fill(name)
    page.locator("#solo-start").click()
    expect(page.locator("body")).to_have_attribute("data-screen", "game")


# Effective size: the computed font size times every `zoom` above (the rows are scaled).
EFFECTIVE_PX = """(el) => { let z = 1;
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
      z *= parseFloat(getComputedStyle(n).zoom) || 1;
    }
    return parseFloat(getComputedStyle(el).fontSize) * z; }"""

# Each row's facts: the badges' and units' sizes, whether a fact is cut by its box or lies on
# another, how many lines they take, and whether the facts reach into the combinations.
# `widest` first writes the widest figures a game reaches into the first row.
ROWS = """(widest) => {
  const px = """ + EFFECTIVE_PX + """;
  const rows = [...document.querySelectorAll('.fc-table-tv .player-row')];
  if (widest) {
    const info = rows[0].querySelector('.pinfo');
    info.querySelector('.stat.cards b').textContent = '24';
    info.querySelector('.score b').textContent = '−150';
    const salido = info.querySelector('.stat.salido');
    salido.className = 'stat salido yes';
    salido.textContent = '✓ Ha salido';
  }
  const table = document.querySelector('.fc-table-tv').getBoundingClientRect();
  return rows.map((row) => {
    const info = row.querySelector('.pinfo');
    const box = info.getBoundingClientRect();
    const melds = row.querySelector('.melds').getBoundingClientRect();
    const facts = [...info.querySelectorAll(
      '.turn-flag, .seat-chip, .name, .dealer-badge, .badge, .stat, .score')];
    const boxes = facts.map((el) => el.getBoundingClientRect());
    const outside = (r) => r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5
      || r.left < box.left - 0.5 || r.right > box.right + 0.5;
    const cut = facts.filter((el, i) => outside(boxes[i])).map((el) => el.className);
    const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
      && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const over = [];
    boxes.forEach((a, i) => boxes.forEach((b, j) => {
      if (j > i && meet(a, b)) over.push(`${facts[i].className} / ${facts[j].className}`);
    }));
    const words = [...info.querySelectorAll('.badge, .dealer-badge, .stat.salido, .unit')];
    const sizes = words.map((el) => [el.textContent.trim(), px(el)]);
    // a line's facts are centred on it: their centres a few px apart at most
    const centres = boxes.map((r) => (r.top + r.bottom) / 2).sort((a, b) => a - b);
    const lines = centres.filter((c, i) => i === 0 || c - centres[i - 1] > 4).length;
    return {seat: row.dataset.seat, sizes, cut, over, lines,
            spills: info.scrollHeight > info.clientHeight + 1
              || info.scrollWidth > info.clientWidth + 1,
            intoMelds: box.right > melds.left + 0.5,
            inTable: row.getBoundingClientRect().bottom <= table.bottom + 0.5};
  });
}"""


def assert_rows_whole(rows: list[dict], players: int) -> None:
    assert len(rows) == players, rows
    for row in rows:
        assert not row["cut"] and not row["over"] and not row["spills"], row
        assert row["lines"] <= 2 and not row["intoMelds"] and row["inTable"], row


@pytest.mark.parametrize("players", [4, 5])
def test_ferrocarrils_rows_keep_their_badges_at_12px_in_two_whole_lines(browser, host, players):
    with page_in(browser, WAIT_MS, viewport=LAPTOP) as page:
        start_dealt(page, host.url, "ferrocarril", players - 1, {"_deal": fc_deal(players)})
        expect(page.locator(".fc-table-tv .player-row")).to_have_count(players)
        expect(page.locator(".fc-table-tv .meld")).to_have_count(2)
        page.locator(".fc-buy:not(.hidden) .paso").click()       # the round's first card: no
        expect(page.locator('.fc-actions [data-act="draw"]:not([data-at-rest])')).to_be_visible()
        row = lambda seat: page.locator(f'.player-row[data-seat="{seat}"]')  # noqa: E731
        expect(row(players - 1).locator(".dealer-badge")).to_have_text("Reparte")
        expect(row(players - 1).locator(".badge.bot")).to_have_text("Ordenador")
        expect(row(0).locator(".stat.salido")).to_have_text("Sin salir")
        expect(row(1).locator(".stat.salido")).to_have_text("✓ Ha salido")
        rows = page.evaluate(ROWS, False)
        smallest = min(size for found in rows for _, size in found["sizes"])
        print(f"{players} players: smallest badge or unit {smallest:.1f} px")
        assert smallest >= SMALLEST_TEXT, f"a badge or unit reads at {smallest:.1f} px"
        assert_rows_whole(rows, players)
        # Chispas holds one card: «1 carta», not «1 cartas».
        expect(row(2).locator(".stat.cards .unit")).to_have_text("carta")
        # The widest figures (24 cards, −150 points, ✓ Ha salido) still keep to two lines.
        widest = page.evaluate(ROWS, True)
        assert_rows_whole(widest, players)
        page.locator("#solo-lang").click()
        expect(row(2).locator(".stat.cards .unit")).to_have_text("card")
        assert_rows_whole(page.evaluate(ROWS, False), players)


# Every word shown in the game under the seats bar, with its size once scaled.
SMALL_WORDS = """() => {
  const px = """ + EFFECTIVE_PX + """;
  const small = [];
  for (const el of document.querySelectorAll('#game-root *')) {
    const own = [...el.childNodes].filter((n) => n.nodeType === 3)
      .map((n) => n.textContent).join('').trim();
    if (!own || el.closest('svg') || !el.checkVisibility()) continue;
    const size = px(el);
    if (size < """ + str(SMALLEST_TEXT) + """) small.push([own, el.className, +size.toFixed(1)]);
  }
  return small;
}"""


@pytest.mark.parametrize("game, bots, options, ready", [
    ("canasta", 5, {"_deal": canasta_table.SIX}, ".canasta-table-tv[data-card-h] .ct-meld"),
    ("tren", 7, {"_deal": tren_table.EIGHT}, ".tren-table-tv .marker-badge"),
    ("manipulacion", 4, {}, ".mn-hand .hand-card"),
], ids=["canasta-6", "tren-8", "manipulacion-5"])
def test_the_other_games_show_no_word_under_12px_on_a_laptop(browser, host, game, bots, options,
                                                             ready):
    with page_in(browser, WAIT_MS, viewport=LAPTOP) as page:
        start_dealt(page, host.url, game, bots, options)
        expect(page.locator(ready).first).to_be_visible()
        page.wait_for_timeout(500)
        for lang in ("es", "en"):
            small = page.evaluate(SMALL_WORDS)
            assert not small, f"{game} ({lang}): words under {SMALLEST_TEXT} px: {small}"
            if lang == "es":
                page.locator("#solo-lang").click()


def test_tren_mexicano_fits_its_box_and_a_double_to_cover_starts_with_a_capital(browser, host):
    with page_in(browser, WAIT_MS, viewport=LAPTOP) as page:
        start_dealt(page, host.url, "tren", 7, {"_deal": tren_table.EIGHT})
        name = page.locator(".tren-table-tv .tren-arm.mexican .arm-name")
        expect(name).to_have_text("Tren mexicano")
        page.wait_for_timeout(300)                              # fitTrains after the first view
        print("es:", assert_mexican_label_fits(page))
        notice = page.locator(".tr-notice span")
        expect(notice).to_have_text("¡Hay que cubrir el doble 1! (Tren de Voltio)")
        page.locator("#solo-lang").click()
        expect(name).to_have_text("Mexican train")
        page.wait_for_timeout(300)
        print("en:", assert_mexican_label_fits(page))
        # The sentence starts with the tile's words: «The double 1», not «the double 1».
        expect(notice).to_have_text("The double 1 must be covered! (Voltio's train)")


def test_one_of_a_kind_reads_in_the_singular_on_a_laptop(browser, host):
    """Canasta's combination with one wild card says «1 comodín» (it said «1 comodines»); a
    game against one computer player is offered again as «against 1 computer player»."""
    with page_in(browser, WAIT_MS, viewport=LAPTOP) as page:
        start_dealt(page, host.url, "canasta", 2, {"_deal": canasta_table.THREE})
        wilds = page.locator(".canasta-table-tv .ct-wilds")
        one = wilds.filter(has_text=re.compile(r"^1★$")).first
        expect(one).to_have_attribute("title", "1 comodín")
        expect(wilds.filter(has_text=re.compile(r"^2★$")).first).to_have_attribute(
            "title", "2 comodines")
        page.locator("#solo-lang").click()
        expect(one).to_have_attribute("title", "1 wild card")
        page.goto(host.url + "/solo")                            # in English now
        page.locator('.tile[data-game="tren"]').click()
        page.locator('[data-stepper="bots"] .step').first.click()    # −: one computer player
        expect(page.locator('[data-stepper="bots"] .step-value')).to_have_text("1")
        page.locator("#solo-start").click()
        expect(page.locator(".tren-table-tv")).to_be_visible()
        page.reload()
        meta = page.locator(".resume-item", has_text="Tren").locator(".resume-meta")
        expect(meta).to_contain_text("against 1 computer player ·")
