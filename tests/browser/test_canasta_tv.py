"""Canasta Ferroviaria's TV read from the sofa (1920x1080): with three and with six players well
into a round, every player's area on screen with every meld whole inside it and its rank large
enough to read from 3 m, the canastas of each kind as squared piles, red 3s, each kitty down,
seen or taken, the frozen pile's top card turned sideways with its mark, the black-3 block;
cards named in words only; the end of a round with a breakdown that adds up to the engine's."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from engine.canasta import Canasta
from tests.browser.canasta_table import ENDING, LOG, SIX, THREE, engine_round_end, open_room

WAIT_MS = 10000
SMALLEST_RANK = 22.0            # px: the inked height of a meld's rank on its top card

# Each seat's area, its melds' area and every meld's box, with the rank drawn on its face.
AREAS = """() => [...document.querySelectorAll('.canasta-table-tv [data-seat]')].map((el) => {
  const box = (node) => { const r = node.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,
            width: r.width, height: r.height}; };
  return {seat: Number(el.dataset.seat), box: box(el),
          melds_box: box(el.querySelector('.ct-melds')),
          kitty: el.querySelector('[data-kitty]').dataset.state,
          kitty_text: el.querySelector('[data-kitty]').innerText,
          red3s: Number((el.querySelector('.ct-red3s') || {dataset: {n: 0}}).dataset.n),
          melds: [...el.querySelectorAll('[data-meld]')].map((m) => ({
            id: Number(m.dataset.meld), kind: m.dataset.kind,
            canasta: m.classList.contains('canasta'),
            count: m.querySelector('.ct-count').textContent, box: box(m),
            rank: (m.querySelector('svg.card text[data-rank]') || m)
              .getBoundingClientRect().height}))};
})"""

# A card's code on its own ("7h", "10s", "Qd", "*"): the TV names cards in words only.
CARD_CODE = re.compile(r"(?<![\w.])(?:10|[2-9AJQK])[shdc](?!\w)|(?<!\S)\*(?!\S)")


def areas_on(tv: Page) -> list[dict]:
    return tv.evaluate(AREAS)


def assert_table_legible(tv: Page, deal: dict, players: int) -> None:
    areas = areas_on(tv)
    assert [a["seat"] for a in areas] == list(range(players))
    smallest = 99.0
    for area in areas:
        box, melds_box = area["box"], area["melds_box"]
        assert box["left"] >= 0 and box["top"] >= 0, area                 # inside the viewport
        assert box["right"] <= 1920 and box["bottom"] <= 1080, area
        laid = [cards.split() for owner, cards in deal["melds"] if owner == area["seat"]]
        assert len(area["melds"]) == len(laid), area
        assert sorted(int(m["count"]) for m in area["melds"]) == sorted(map(len, laid))
        for meld in area["melds"]:                                         # nothing spills
            b = meld["box"]
            assert melds_box["left"] - 1 <= b["left"] and b["right"] <= melds_box["right"] + 1, meld
            assert melds_box["top"] - 1 <= b["top"] and b["bottom"] <= melds_box["bottom"] + 1, meld
            smallest = min(smallest, meld["rank"])
        threes = deal["red_threes"][area["seat"]].split()
        assert area["red3s"] == len(threes), area
        seat = area["seat"]
        expected = ("taken" if seat in deal.get("kitty_taken", []) else
                    "seen" if seat in deal.get("kitty_seen", []) else "down")
        assert area["kitty"] == expected, area
        if expected != "taken":
            assert str(len(deal["kitties"][seat].split())) in area["kitty_text"], area
    card = tv.locator(".canasta-table-tv").get_attribute("data-card-h")
    print(f"smallest rank on a meld: {smallest:.1f} px, cards {card} px high")
    assert smallest >= SMALLEST_RANK


def assert_canastas(tv: Page, seat: int, kinds: list[str]) -> None:
    area = tv.locator(f'.canasta-table-tv [data-seat="{seat}"]')
    expect(area.locator(".ct-meld.canasta")).to_have_count(len(kinds))
    for kind in set(kinds):
        piles = area.locator(f".ct-meld.canasta.kind-{kind}")
        expect(piles).to_have_count(kinds.count(kind))
        expect(piles.first.locator(".ct-count")).to_have_text("7")
        expect(area.locator(f'.ct-kind-box[data-kind="{kind}"]')).to_have_text(str(kinds.count(kind)))


def assert_frozen_pile(tv: Page, top: str) -> None:
    pile = tv.locator('[data-pile="pile"]')
    expect(pile).to_have_class(re.compile(r"\bfrozen\b"))
    card = pile.locator("svg.card.pile-top")
    expect(card).to_have_attribute("data-card", top)
    box = card.bounding_box()
    assert box["width"] > box["height"] > 80, box                    # turned sideways, large
    mark = tv.locator(".frozen-mark b")
    expect(mark).to_contain_text("Congelado")
    assert mark.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)") >= 36


def assert_words_only(tv: Page) -> None:
    for lang in ("es", "en"):
        text = tv.locator("body").inner_text()
        assert not CARD_CODE.findall(text), (lang, CARD_CODE.findall(text))
        assert "canasta." not in text, lang                       # no string key shown
        if lang == "es":
            tv.locator("#lang").click()
            expect(tv.locator(".canasta-call .call-title")).to_have_text("Abuela's turn")


def test_six_players_every_area_and_meld_read_from_the_sofa(tv, host, new_phone):
    abuela = new_phone()
    open_room(host, tv, abuela, 6, SIX, timeout_ms=WAIT_MS)
    assert_table_legible(tv, SIX, 6)
    assert_canastas(tv, 0, ["red", "black", "wild", "sevens"])
    assert_canastas(tv, 1, ["red", "black", "sevens"])
    assert_canastas(tv, 2, ["red", "wild"])
    assert_canastas(tv, 3, [])
    assert_frozen_pile(tv, "3s")
    expect(tv.locator(".pile-name")).to_have_text("El 3 de picas")
    expect(tv.locator(".blocked-mark")).to_contain_text("Bloqueado por un 3 negro")
    expect(tv.locator(".blocked-mark")).to_contain_text("Abuela no puede coger el montón")
    stock = Canasta.new(6, {"_deal": SIX}).view(None)["stock"]
    expect(tv.locator('[data-pile="stock"] .stock-count')).to_have_text(str(stock))
    expect(tv.locator('.canasta-table-tv [data-seat="0"]')).to_have_class(re.compile(r"\bturn\b"))
    expect(tv.locator('.canasta-table-tv [data-seat="4"] .ct-score')).to_have_text("15.010 pts")
    expect(tv.locator('.canasta-table-tv [data-seat="4"] .ct-need')).to_have_text("Bajada: 150")
    expect(tv.locator('.canasta-table-tv [data-seat="2"] .ct-score')).to_have_text("−240 pts")
    assert_words_only(tv)


def test_three_players_frozen_pile_kitties_and_requirement(tv, host, new_phone):
    abuela = new_phone()
    open_room(host, tv, abuela, 3, THREE, timeout_ms=WAIT_MS)
    assert_table_legible(tv, THREE, 3)
    assert_canastas(tv, 0, ["red", "black", "wild", "sevens"])
    assert_canastas(tv, 1, ["red"])
    assert_frozen_pile(tv, "Jd")
    expect(tv.locator(".pile-name")).to_have_text("La Jota de diamantes")
    expect(tv.locator(".blocked-mark")).to_have_count(0)
    expect(tv.locator('[data-pile="pile"] .pile-count')).to_have_text("6 cartas")
    seat = lambda s: tv.locator(f'.canasta-table-tv [data-seat="{s}"]')  # noqa: E731
    expect(seat(1).locator("[data-kitty]")).to_contain_text("puede mirarlo")
    expect(seat(0).locator("[data-kitty]")).to_have_text("Gatito cogido")
    expect(seat(1).locator(".ct-red3s svg.card")).to_have_attribute("data-card", "3h")
    expect(seat(0).locator(".ct-need")).to_have_text("Ya ha bajado")
    expect(seat(2).locator(".ct-score")).to_have_text("−240 pts")
    expect(seat(2).locator(".ct-need")).to_have_text("Bajada: 15")     # negative: 15 to meld
    expect(seat(2).locator(".ct-none")).to_have_text("Aún no ha bajado")
    assert_words_only(tv)


def test_a_pile_of_one_card_and_one_wild_card_read_in_the_singular(tv, host, new_phone):
    """Under the pile «1 carta» (it said «1 cartas»), «1 card» in English; a combination with
    one wild card is «1 comodín» / «1 wild card» where two are «2 comodines»."""
    abuela = new_phone()
    open_room(host, tv, abuela, 3, {**THREE, "pile": "Jd"}, timeout_ms=WAIT_MS)
    count = tv.locator('[data-pile="pile"] .pile-count')
    expect(count).to_have_text("1 carta")
    wilds = lambda n: tv.locator(".canasta-table-tv .ct-wilds", has_text=f"{n}★").first  # noqa: E731
    expect(wilds(1)).to_have_attribute("title", "1 comodín")
    expect(wilds(2)).to_have_attribute("title", "2 comodines")
    tv.locator("#lang").click()
    expect(count).to_have_text("1 card")
    expect(wilds(1)).to_have_attribute("title", "1 wild card")
    expect(wilds(2)).to_have_attribute("title", "2 wild cards")


def test_a_smaller_screen_refits_the_cards(tv, host, new_phone):
    """The cards are as large as the fullest area lets them: on a smaller window they are
    refitted smaller, and every meld still shows whole."""
    abuela = new_phone()
    open_room(host, tv, abuela, 3, THREE, timeout_ms=WAIT_MS)
    three = int(tv.locator(".canasta-table-tv").get_attribute("data-card-h"))
    tv.set_viewport_size({"width": 1280, "height": 720})            # a smaller screen, refitted
    tv.wait_for_timeout(300)
    small = int(tv.locator(".canasta-table-tv").get_attribute("data-card-h"))
    assert small < three, (small, three)
    for area in areas_on(tv):
        for meld in area["melds"]:
            assert meld["box"]["bottom"] <= area["melds_box"]["bottom"] + 1, meld


def test_round_end_breakdown_adds_up_to_the_engines_figures(tv, host, new_phone):
    abuela = new_phone()
    engine = engine_round_end(ENDING)
    open_room(host, tv, abuela, 3, ENDING, timeout_ms=WAIT_MS)
    over = tv.locator(".round-over.canasta-over")
    expect(over).to_be_visible(timeout=3 * WAIT_MS)                # Robotina discards and goes out
    expect(over.locator("h1")).to_have_text("Fin de la ronda 1")
    expect(over.locator(".ro-closer")).to_contain_text("Robotina cierra (+100)")
    rows = over.locator(".canasta-breakdown tbody tr")
    expect(rows).to_have_count(3)
    order = sorted(range(3), key=lambda s: (-engine["totals"][s], s))
    expect(rows.first).to_have_attribute("data-seat", str(order[0]))       # highest total first
    for i, seat in enumerate(order):
        row = rows.nth(i)
        assert row.get_attribute("data-seat") == str(seat)
        parts = {p: int(row.locator(f'[data-part="{p}"]').get_attribute("data-value"))
                 for p in ("melds", "bonuses", "red_threes", "going_out", "hand", "kitty")}
        wanted = {k: v for k, v in engine["breakdown"][seat].items() if k != "total"}
        assert parts == wanted, (seat, parts, wanted)
        shown = int(row.locator("td.round-pts").get_attribute("data-value"))
        assert shown == sum(parts.values()) == engine["points"][seat]
        assert int(row.locator("td.total").get_attribute("data-value")) == engine["totals"][seat]
    robotina = rows.nth(order.index(1))
    expect(robotina.locator('[data-part="going_out"]')).to_have_text("+100")
    expect(robotina.locator('[data-part="bonuses"]')).to_have_text("+3.300")
    chispas = rows.nth(order.index(2))
    expect(chispas.locator('[data-part="kitty"]')).to_have_text(f"−{-engine['breakdown'][2]['kitty']}")
    expect(chispas.locator("td.total")).to_have_text(f"−{-engine['totals'][2]}")
    text = tv.locator("body").inner_text()
    assert not CARD_CODE.findall(text), CARD_CODE.findall(text)


def test_the_log_names_the_cards_in_words(tv, host, new_phone):
    abuela = new_phone()
    open_room(host, tv, abuela, 3, LOG, timeout_ms=WAIT_MS)
    call = tv.locator(".canasta-call .call-title")
    expect(call).to_have_text("Le toca a Abuela", timeout=3 * WAIT_MS)   # the two bots played
    feed = tv.locator(".feed .feed-item .text")
    expect(feed.filter(has_text="Robotina descarta")).to_have_count(1)
    said = feed.all_inner_texts()
    discard = next(line for line in said if line.startswith("Robotina descarta"))
    assert re.fullmatch(r"Robotina descarta (el 5 de corazones|el 8 de diamantes)", discard), said
    assert any(line.startswith("Chispas roba 2 del mazo") for line in said), said
    assert_words_only(tv)
    english = tv.locator(".feed .feed-item .text").all_inner_texts()
    said = r"Robotina discards the (5 of hearts|8 of diamonds)"
    assert any(re.fullmatch(said, line) for line in english), english
