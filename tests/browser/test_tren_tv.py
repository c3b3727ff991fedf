"""Tren Mexicano's TV read from the sofa (1920x1080): every train on screen with its open end
whole and its pips large enough to count from 3 m, the marker a train in its owner's colour, a
double to cover announced (once: no toast besides), a last tile toasted, tiles named in words
only; digits instead of pips with that option;
the end of a round with the tiles left in each hand and their points."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.tren_rooms import tile as hand_tile
from tests.browser.tren_table import (
    EIGHT,
    ENDING,
    FOUR,
    FULL_8,
    assert_mexican_label_fits,
    open_room,
)

WAIT_MS = 10000
SMALLEST_PIP = 12.0             # px: a pip's diameter on the open end of every train
SMALLEST_SHARE = 0.045          # a tile's short side against the TV's height, as on the table

# Each train's element, its box, its open end tile's box and the diameters of that tile's pips
# (or the inked height of its digits), as drawn.
TRAINS = """() => [...document.querySelectorAll('.tren-table-tv [data-train]')].map((el) => {
  const box = (node) => { const r = node.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,
            width: r.width, height: r.height}; };
  const end = el.querySelector('svg.domino.open-end');
  const sizes = (selector, side) => end
    ? [...end.querySelectorAll(selector)].map((node) => node.getBoundingClientRect()[side]) : [];
  const pips = sizes('circle', 'width');
  const digits = sizes('text[data-number]', 'height');
  const visible = end ? getComputedStyle(end).display !== 'none' : false;
  return {key: el.dataset.train, hidden: Number(el.dataset.hidden || 0), box: box(el),
          end: end && box(end), visible, pips, digits,
          tiles: el.querySelectorAll('svg.domino').length,
          area: box(el.querySelector('.arm-tiles'))};
})"""

# A tile's code on its own ("7-12", "10-10"): in words a tile is always "el 12-7" / "the 12-7".
BARE_CODE = re.compile(r"(?<!\bel )(?<!\bthe )(?<![\d-])\d{1,2}-\d{1,2}(?![\d-])")


def trains_on(tv: Page) -> list[dict]:
    return tv.evaluate(TRAINS)


def assert_legible(tv: Page, players: int) -> float:
    trains = trains_on(tv)
    assert sorted(t["key"] for t in trains) == sorted([*map(str, range(players)), "mexican"])
    smallest = 99.0
    for train in trains:
        box = train["box"]
        assert box["left"] >= 0 and box["top"] >= 0, train        # inside the viewport
        assert box["right"] <= 1920 and box["bottom"] <= 1080, train
        if not train["tiles"]:
            continue
        end = train["end"]
        assert train["visible"] and end["width"] > 0, train
        area = train["area"]                                       # the open end whole
        assert area["left"] - 1 <= end["left"] and end["right"] <= area["right"] + 1, train
        assert area["top"] - 1 <= end["top"] and end["bottom"] <= area["bottom"] + 1, train
        if train["pips"]:
            smallest = min(smallest, *train["pips"])
    print(f"smallest pip on an open end: {smallest:.1f} px")
    assert smallest >= SMALLEST_PIP
    return smallest


def test_eight_players_every_train_and_its_open_end_read_from_the_sofa(tv, host, new_phone):
    abuela = new_phone()
    open_room(host, tv, abuela, 8, EIGHT, timeout_ms=WAIT_MS)
    assert_legible(tv, 8)
    # A long train is folded: its earlier part counted, its last tiles shown.
    trains = {t["key"]: t for t in trains_on(tv)}
    assert trains["2"]["hidden"] > 0
    expect(tv.locator('[data-train="2"] .arm-more')).to_have_text(f'+{trains["2"]["hidden"]}')
    expect(tv.locator("[data-hub]")).to_have_attribute("data-hub", "10-10")
    # The markers: a little train in the owner's colour, on seats 2 and 5 only.
    expect(tv.locator(".tren-arm.marker")).to_have_count(2)
    for seat in (2, 5):
        colours = tv.evaluate("""(seat) => {
            const el = document.querySelector(`[data-train="${seat}"]`);
            const body = el.querySelector('.marker-badge svg.loco .loco-body');
            const chip = el.querySelector('.arm-label .seat-chip');
            return [getComputedStyle(body).fill, getComputedStyle(chip).backgroundColor];
        }""", seat)
        assert colours[0] == colours[1] and colours[0] not in ("none", "rgb(0, 0, 0)"), colours
        icon = tv.locator(f'[data-train="{seat}"] .marker-badge svg.loco')
        assert icon.bounding_box()["height"] >= 40                # drawn big, at the station
    # The double to cover, big, with who must cover it.
    call = tv.locator(".tren-call.cover")
    expect(call.locator(".call-title")).to_have_text("¡Hay que cubrir el doble 1!")
    expect(call.locator(".call-who")).to_have_text("Le toca cubrirlo a Abuela")
    font = call.locator(".call-title").evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)")
    assert font >= 50
    expect(tv.locator('[data-train="7"]')).to_have_class(re.compile(r"\bopen-double\b"))
    # The header: the round, the double in the hub, the boneyard.
    expect(tv.locator("#topbar .pill.round")).to_have_text("Ronda 3 de 13")
    expect(tv.locator('#topbar [data-pile="boneyard"] .boneyard-count')).to_have_text("7")
    expect(tv.locator("#topbar .tren-engine svg.domino")).to_have_attribute("data-tile", "10-10")
    # Tiles are named in words only, in both languages.
    for lang in ("es", "en"):
        text = tv.locator("body").inner_text()
        assert not BARE_CODE.findall(text), (lang, BARE_CODE.findall(text))
        assert "tren." not in text, lang                         # no string key shown
        if lang == "es":
            tv.locator("#lang").click()
            expect(call.locator(".call-title")).to_have_text("The double 1 must be covered!")


def test_the_mexican_trains_name_stays_in_its_box(tv, host, new_phone):
    """With eight players the middle column is two tiles wide: «Tren mexicano» ran 11 px out of
    it beside its star; the star now leads the first line and each word has the column's
    width, in both languages."""
    abuela = new_phone()
    open_room(host, tv, abuela, 8, EIGHT, timeout_ms=WAIT_MS)
    name = tv.locator(".tren-arm.mexican .arm-name")
    expect(name).to_have_text("Tren mexicano")
    print("es:", assert_mexican_label_fits(tv))
    tv.locator("#lang").click()
    expect(name).to_have_text("Mexican train")
    tv.wait_for_timeout(300)                               # fitTrains after the new words
    print("en:", assert_mexican_label_fits(tv))


def test_four_players_tiles_show_digits_with_that_option(tv, host, new_phone):
    abuela = new_phone()
    open_room(host, tv, abuela, 4, FOUR, options={"faces": "digits"}, timeout_ms=WAIT_MS)
    trains = trains_on(tv)
    assert len(trains) == 5
    for train in trains:
        if train["tiles"]:
            assert not train["pips"] and train["digits"], train      # digits, no pips
            assert min(train["digits"]) >= 24, train
    numbers = tv.locator('[data-train="3"] svg.domino.open-end text[data-number]')
    expect(numbers).to_have_text(["6", "6"])                             # the double 6 to cover
    expect(tv.locator(".tren-call.cover .call-title")).to_have_text("¡Hay que cubrir el doble 6!")


def test_four_players_with_pips_are_legible(tv, host, new_phone):
    abuela = new_phone()
    open_room(host, tv, abuela, 4, FOUR, timeout_ms=WAIT_MS)
    assert assert_legible(tv, 4) >= SMALLEST_PIP


def test_round_end_shows_the_tiles_left_in_each_hand_and_their_points(tv, host, new_phone):
    abuela = new_phone()
    open_room(host, tv, abuela, 4, ENDING, timeout_ms=WAIT_MS)
    over = tv.locator(".round-over.tren-over")
    expect(over).to_be_visible(timeout=3 * WAIT_MS)               # Robotina plays her last tile
    expect(over.locator("h1")).to_have_text("Fin de la ronda 3 de 13")
    expect(over.locator(".ro-closer")).to_contain_text("se queda sin fichas")
    rows = over.locator(".tren-standings .tren-hand")
    expect(rows).to_have_count(4)
    hands = [h.split() for h in ENDING["hands"]]
    for seat in (0, 2, 3):
        row = over.locator(f'.tren-hand[data-seat="{seat}"]')
        tiles = row.locator("svg.domino")
        expect(tiles).to_have_count(len(hands[seat]))
        points = sum(int(n) for tile in hands[seat] for n in tile.split("-"))
        expect(row.locator("td.round-pts")).to_have_text(f"+{points}")
        for tile in tiles.all():                                  # each shows whole in its row
            box, row_box = tile.bounding_box(), row.bounding_box()
            assert box["width"] > 10
            assert box["x"] + box["width"] <= row_box["x"] + row_box["width"] + 1
    robotina = over.locator('.tren-hand[data-seat="1"]')
    expect(robotina.locator(".prize-badge")).to_have_text("¡Sin fichas!")
    expect(robotina.locator("td.round-pts")).to_have_text("+0")
    # One row a player, in the order of the running total: Robotina's 35 unchanged, the others'
    # points added.
    totals = [20 + sum(int(n) for t in hands[0] for n in t.split("-")), 35,
              11 + sum(int(n) for t in hands[2] for n in t.split("-")),
              40 + sum(int(n) for t in hands[3] for n in t.split("-"))]
    expect(rows.locator("td.total")).to_have_text([str(x) for x in sorted(totals)])
    text = tv.locator("body").inner_text()
    assert not BARE_CODE.findall(text), BARE_CODE.findall(text)


# Each row of the round's end: its seat, its box, its tiles' boxes and the diameters of their
# pips; the panel's box and whether its content spills out of it.
HANDS_LEFT = """() => {
  const box = (node) => { const r = node.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
  const panel = document.querySelector('.round-over .tren-ro');
  return {panel: box(panel), spills: panel.scrollHeight > panel.clientHeight + 1,
    rows: [...panel.querySelectorAll('.tren-hand')].map((row) => ({
      seat: Number(row.dataset.seat), box: box(row),
      tiles: [...row.querySelectorAll('svg.domino')].map(box),
      pips: [...row.querySelectorAll('svg.domino circle')]
        .map((c) => c.getBoundingClientRect().width)}))};
}"""


def test_eight_full_hands_at_the_round_end_read_from_the_sofa(tv, host, new_phone):
    """Eight at the table, ten tiles left in each hand and fourteen in one: every tile lies as on
    the table, its short side at least 4.5% of the TV's height, whole inside its row, the rows
    apart and inside the screen."""
    abuela = new_phone()
    open_room(host, tv, abuela, 8, FULL_8, timeout_ms=WAIT_MS)
    expect(tv.locator(".round-over.tren-over")).to_be_visible(timeout=3 * WAIT_MS)
    tv.wait_for_timeout(500)                   # fitted (fitHands after the last view)
    found = tv.evaluate(HANDS_LEFT)
    rows = sorted(found["rows"], key=lambda row: row["seat"])
    assert [len(row["tiles"]) for row in rows] == [10, 0, 10, 14, 10, 10, 10, 10]
    tiles = [tile for row in rows for tile in row["tiles"]]
    short = min(min(t["right"] - t["left"], t["bottom"] - t["top"]) for t in tiles)
    pip = min(p for row in rows for p in row["pips"])
    print(f"\nthe smallest tile left in a hand: {short:.1f} px = {short / 1080:.1%} of the "
          f"height; the smallest pip {pip:.1f} px")
    assert short >= SMALLEST_SHARE * 1080, short
    assert not found["spills"], found["panel"]
    ordered = sorted(rows, key=lambda row: row["box"]["top"])
    for above, below in zip(ordered, ordered[1:], strict=False):
        assert above["box"]["bottom"] <= below["box"]["top"] + 0.5, (above, below)
    for row in rows:
        r = row["box"]
        assert 0 <= r["left"] and r["right"] <= 1920 and 0 <= r["top"] and r["bottom"] <= 1080, row
        assert r["bottom"] <= found["panel"]["bottom"] + 0.5, (row, found["panel"])
        for t in row["tiles"]:
            assert r["left"] - 0.5 <= t["left"] and t["right"] <= r["right"] + 0.5, (row["seat"], t)
            assert r["top"] - 0.5 <= t["top"] and t["bottom"] <= r["bottom"] + 0.5, (row["seat"], t)


def test_the_last_round_ends_on_the_podium(tv, host, new_phone):
    """The match's last round (3 of 3 here): the TV goes to the podium, lowest total first, and
    the fourth place is listed under it."""
    abuela = new_phone()
    open_room(host, tv, abuela, 4, ENDING, options={"rounds": 3}, timeout_ms=WAIT_MS)
    podium = tv.locator(".podium")
    expect(podium).to_be_visible(timeout=3 * WAIT_MS)              # Robotina plays her last tile
    expect(tv.locator(".podium .place-1 .podium-who")).to_contain_text("Robotina")
    expect(tv.locator(".podium .place-1 .podium-score")).to_have_text("35 pts")
    expect(tv.locator("ol.rest li")).to_have_count(1)
    expect(tv.locator("ol.rest li .score")).to_contain_text(re.compile(r"^\d+ pts$"))


def test_a_double_played_is_called_once_and_a_last_tile_gets_its_toast(tv, host, new_phone):
    """A double laid: the big call at the side says who must cover it (no toast besides, which
    had said it a third time with the feed); a player down to one tile gets the toast."""
    abuela = new_phone()
    deal = {"hands": ["5-5 5-1 8-7", "4-0 7-0 11-0", "4-3 7-3 11-3"],
            "trains": ["12-5", "12-3", "12-8"], "mexican": "12-6", "boneyard": "", "turn": 0,
            "dealer": 2, "first_turns_over": True, "fill": True}
    open_room(host, tv, abuela, 3, deal, timeout_ms=WAIT_MS)
    hand_tile(abuela, "5-5").click()
    hand_tile(abuela, "5-5").click()                      # her double, on her own train
    expect(tv.locator(".tren-call.cover")).to_contain_text("Le toca cubrirlo a Abuela")
    tv.wait_for_timeout(600)
    assert tv.locator(".toast-line").count() == 0     # now, not after a toast's three seconds
    hand_tile(abuela, "5-1").click()
    hand_tile(abuela, "5-1").click()                      # covered: one tile left
    expect(tv.locator(".toast-line")).to_have_text("¡A Abuela le queda una ficha!")
