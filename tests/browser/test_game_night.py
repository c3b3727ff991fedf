"""A whole game night in headless Chromium: the TV opens a room, three phones join through the
URL the TV shows, and round 1 of Ferrocarril is played to the close through the phones' UI only,
with a ¡Compro! settled by priority, a phone reload and a hard restart of the host on the way.

Seats (join order): Abuela 0, Tío 1, Nieta 2. Nieta deals, so Abuela plays first.

The round, card by card (the deal below makes every card known):
  upturned Rc        everyone passes
  Abuela             draws 5c, discards 2b                 (Tío, Nieta pass)
  Tío                draws 3b, discards 3b                 (Nieta, Abuela pass)
  Nieta              draws 2e, discards 7b                 Tío presses ¡Compro! first, then Abuela:
                     Abuela has priority, and being in turn she gets 7b plus 8b 9b from the stock
  (Abuela's phone is reloaded)
  Abuela             Salir 7o 7c 7e, melds 8o 8c 8e 8b and 9o 9c 9e, adds 9b to the nueves,
                     melds 10o 10c 10e, discards 5c: one card (7b) left     (Tío, Nieta pass)
  (the host is killed and restarted)
  Tío                draws Se, discards Se                 (Nieta, Abuela pass)
  Nieta              draws Cb, discards Cb                 (Abuela, Tío pass)
  Abuela             draws 4e, adds 7b to the sietes, closes with 4e face down: −10
"""
from __future__ import annotations

import json
import re
import time
import urllib.request

import pytest
from playwright.sync_api import Page, expect

from engine.cards import SPANISH, deck
from server import qr
from tests.browser.pages import host_command

WAIT_MS = 8000             # any single UI change
RECONNECT_MS = 20000       # a page noticing the restarted host and binding again
CARD_SPOT = {"x": 8, "y": 30}   # hand cards overlap: tap near the left edge

HANDS = [
    "7o 7c 7e 8o 8c 8e 9o 9c 9e 10o 10c 10e 2b",     # Abuela
    "3o 3c 4c 5o 6o 6e So Sc Ce Rb Rb Ao 2o",         # Tío
    "7b 3e 4o 5e 6c Sb Co Ro Ac 2c 4b 6b Ce",         # Nieta
]
UPTURNED = "Rc"
STOCK_TOP = "5c 3b 2e 8b 9b Se Cb 4e"                # drawn in this order
POINTS = {"3": 3, "2": 2, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "A": 20}


def explicit_deal(hands: list[str], upturned: str, stock_top: str, dealer: int) -> dict:
    """A `_deal` option: these hands, this upturned card, the stock starting with `stock_top`
    and then the rest of the 108 cards in pack order."""
    rest = [SPANISH.format(c) for c in deck(2, 4)]
    for name in " ".join([*hands, upturned, stock_top]).split():
        rest.remove(name)
    return {"dealer": dealer, "hands": hands, "discard": upturned,
            "stock": " ".join([*stock_top.split(), *rest])}


def hand_points(cards: str) -> int:
    return sum(POINTS.get(c[:-1], 10) for c in cards.split())


# ----- driving the pages -------------------------------------------------------------------------


class Phone:
    """One player's phone, driven through its UI only."""

    def __init__(self, page: Page, name: str):
        self.page = page
        self.name = name

    def card(self, card_id: str):
        return self.page.locator(f'.fc-hand .hand-card[data-id="{card_id}"]')

    def select(self, *card_ids: str):
        for card_id in card_ids:
            card = self.card(card_id)
            card.click(position=CARD_SPOT)
            try:
                expect(card).to_have_attribute("aria-pressed", "true", timeout=1500)
            except AssertionError:
                # The tap is handled synchronously, so it was lost: the hand was redrawn between
                # the press and the release (a state push). A person would tap again.
                card.click(position=CARD_SPOT)
                expect(card).to_have_attribute("aria-pressed", "true")

    def press(self, act: str):
        self.page.locator(f'.fc-actions [data-act="{act}"]').click()

    def draw(self):
        self.press("draw")

    def discard(self, card_id: str):
        self.select(card_id)
        self.press("discard")

    def meld(self, *card_ids: str):
        self.select(*card_ids)
        self.press("meld")

    def add(self, meld_id: int, *card_ids: str):
        self.select(*card_ids)
        self.press("add")
        self.page.locator(f'.fc-middle .meld.pickable[data-meld="{meld_id}"]').click()

    def pass_window(self):
        self.page.locator(".fc-buy .paso").click()
        expect(self.page.locator(".fc-buy")).to_be_hidden()

    def compro(self):
        self.page.locator(".fc-buy .compro").click()

    def hand_ids(self) -> list[str]:
        return self.page.locator(".fc-hand .hand-card").evaluate_all(
            "cards => cards.map(card => card.dataset.id)")

    def expect_hand(self, cards: str, timeout: int = WAIT_MS):
        """Wait until the hand holds exactly these cards (any order)."""
        want = sorted(cards.split())
        try:
            self.page.wait_for_function(
                """want => {
                    const got = [...document.querySelectorAll('.fc-hand .hand-card')]
                        .map(card => card.dataset.id.slice(0, card.dataset.id.lastIndexOf('#')))
                        .sort();
                    return JSON.stringify(got) === JSON.stringify(want);
                }""", arg=want, timeout=timeout)
        except Exception:
            raise AssertionError(f"{self.name}'s hand: wanted {want}, "
                                 f"shows {sorted(self.hand_ids())}") from None

    def expect_stock(self, n: int):
        expect(self.page.locator(".fc-stock-label")).to_have_text(re.compile(rf"\b{n}\b"))


class Table:
    def __init__(self, tv: Page, phones: list[Phone]):
        self.tv = tv
        self.phones = phones

    def expect_turn(self, seat: int):
        expect(self.tv.locator(".player-row.turn")).to_have_attribute("data-seat", str(seat))

    def nobody_buys(self, discarder: int):
        """The seats after the discarder tap Paso; the window closes at once."""
        n = len(self.phones)
        for k in range(1, n):
            self.phones[(discarder + k) % n].pass_window()
        expect(self.tv.locator(".buy-panel.live")).to_have_count(0)

    def melds(self) -> list[list]:
        """The TV's table: (owner seat, meld id, cards) for every combination."""
        return self.tv.locator(".player-row .meld").evaluate_all(
            """melds => melds.map(m => [m.closest('.player-row').dataset.seat, m.dataset.meld,
                [...m.querySelectorAll('svg.card')].map(c => c.dataset.card)])""")

    def expect_stock(self, n: int):
        expect(self.tv.locator(".stock-count")).to_have_text(str(n))
        for phone in self.phones:
            phone.expect_stock(n)


def watch_connection(page: Page, selector: str):
    """Note on the page when the connection banner shows, so a reconnection can be awaited."""
    page.evaluate(
        """selector => {
            const node = document.querySelector(selector);
            window.__wentOffline = false;
            new MutationObserver(() => {
                if (!node.classList.contains('hidden')) window.__wentOffline = true;
            }).observe(node, {attributes: true, attributeFilter: ['class']});
        }""", selector)


def expect_reconnected(page: Page, selector: str):
    page.wait_for_function(
        """selector => window.__wentOffline
            && document.querySelector(selector).classList.contains('hidden')""",
        arg=selector, timeout=RECONNECT_MS)



# ----- the game night ----------------------------------------------------------------------------


@pytest.fixture
def patient_expect():
    expect.set_options(timeout=WAIT_MS)
    yield
    expect.set_options(timeout=5000)    # Playwright's default, for the other tests


def test_a_round_of_ferrocarril_on_the_tv_and_three_phones(host, tv, new_phone, patient_expect):
    tv.set_default_timeout(WAIT_MS)

    # 1. The TV opens a room and shows its join URL and QR code.
    tv.goto(host.url + "/")
    join_text = tv.locator(".join-panel .join-url strong")
    expect(join_text).to_have_text(re.compile(r"/j/[A-Z]{4}$"))
    join_url = "http://" + join_text.inner_text()
    code = join_url.rsplit("/", 1)[1]
    assert join_url == f"{host.url}/j/{code}"
    expect(tv.locator(".room-code .code")).to_have_text(code)
    qr_img = tv.locator(".join-panel img.qr")
    expect(qr_img).to_have_attribute("src", f"/qr/{code}.svg")
    expect(qr_img).to_have_attribute("alt", join_url)
    tv.wait_for_function("() => document.querySelector('.join-panel img.qr').naturalWidth > 0")
    with urllib.request.urlopen(f"{host.url}/qr/{code}.svg", timeout=5) as reply:
        assert reply.headers.get_content_type() == "image/svg+xml"
        assert reply.read().decode() == qr.svg(join_url)

    # 2. Three phones open that URL and sit down; the TV lists them in join order.
    names = ["Abuela", "Tío", "Nieta"]
    phones = []
    seat_names = tv.locator(".seats-panel .seat-list .seat-name")
    for name in names:
        page = new_phone()
        page.set_default_timeout(WAIT_MS)
        page.goto(join_url)
        expect(page.locator("#join-code")).to_have_text(code)
        page.locator("#name-input").fill(name)
        page.locator("#join-btn").click()
        expect(page.locator("body")).to_have_attribute("data-screen", "lobby")
        expect(page.locator("#me-name")).to_have_text(name)
        phones.append(Phone(page, name))
        expect(seat_names).to_have_text(names[:len(phones)], timeout=3000)
    abuela, tio, nieta = phones
    table = Table(tv, phones)

    # 3. A known deal (host command over Socket.IO with the TV's host token), then Empezar.
    session = json.loads(tv.evaluate("() => localStorage.getItem('sobremesa.tv')"))
    assert session["room"] == code
    dealer = 2
    deal = explicit_deal(HANDS, UPTURNED, STOCK_TOP, dealer)
    reply = host_command(host.url, code, session["host_token"], "set_options",
                         {"options": {"buy_seconds": 10, "_deal": deal}})
    assert reply == {"ok": True}, reply
    expect(tv.locator('.step-value[data-option="buy_seconds"]')).to_have_text("10")
    tv.locator("#start").click()
    for phone in phones:
        expect(phone.page.locator("body")).to_have_attribute("data-screen", "game")
    expect(tv.locator(".player-row.dealer")).to_have_attribute("data-seat", str(dealer))
    expect(tv.locator(".player-row.dealer .name")).to_have_text("Nieta")
    table.expect_turn(0)
    expect(abuela.page.locator(".fc-turn")).to_have_text("¡Te toca!")
    for phone, hand in zip(phones, HANDS, strict=True):
        phone.expect_hand(hand)
    table.expect_stock(68)

    # 4. The upturned card: nobody buys it (the window closes once everyone has passed).
    expect(tv.locator(".buy-panel.live .what")).to_have_text("Rey de copas")
    for phone in phones:
        phone.pass_window()
    expect(tv.locator(".buy-panel.result.none")).to_contain_text("Nadie compra")

    # The opening lap: a draw and a discard each.
    abuela.draw()
    abuela.expect_hand(HANDS[0] + " 5c")
    abuela.discard("2b#0")
    abuela.expect_hand("7o 7c 7e 8o 8c 8e 9o 9c 9e 10o 10c 10e 5c")
    table.nobody_buys(0)

    table.expect_turn(1)
    tio.draw()
    tio.expect_hand(HANDS[1] + " 3b")
    tio.discard("3b#0")
    table.nobody_buys(1)

    table.expect_turn(2)
    nieta.draw()
    nieta.expect_hand(HANDS[2] + " 2e")
    nieta.discard("7b#0")
    nieta.expect_hand("3e 4o 5e 6c Sb Co Ro Ac 2c 4b 6b Ce 2e")
    table.expect_stock(65)

    # 5. ¡Compro! on Nieta's 7b: Tío presses first, then Abuela, who comes first in priority.
    live = tv.locator(".buy-panel.live")
    expect(live.locator(".what")).to_have_text("7 de bastos")
    expect(live.locator(".prio-seat .name")).to_have_text(["Abuela", "Tío"])
    tio.compro()
    expect(live.locator(".prio-seat.pressed .name")).to_have_text(["Tío"])
    expect(tio.page.locator(".fc-buy .compro.waiting")).to_be_visible()
    expect(abuela.page.locator(".fc-buy .compro")).to_be_visible()
    abuela.compro()
    # Abuela was in turn: the card plus 2 from the stock, in place of her draw.
    abuela.expect_hand("7o 7c 7e 8o 8c 8e 9o 9c 9e 10o 10c 10e 5c 7b 8b 9b")
    expect(abuela.card("7b#0")).to_be_visible()
    expect(abuela.page.locator(".fc-buy .buy-outcome.won")).to_have_text(
        "¡Es tuya! Y 2 más del mazo")
    expect(tio.page.locator(".fc-buy .buy-outcome")).to_have_text(
        "Se la lleva Abuela: tenía más prioridad")
    tio.expect_hand(HANDS[1])
    result = tv.locator(".buy-panel.result")
    expect(result.locator(".headline")).to_have_text("Abuela se lleva el 7 de bastos")
    # Told once, in the panel: no toast over the players' rows as well.
    expect(tv.locator(".toast")).to_have_count(0)
    expect(result.locator(".why.priority")).to_have_text("por prioridad de turno: va antes que Tío")
    expect(tv.locator(".feed")).to_contain_text(
        "Abuela compra el 7 de bastos por prioridad de turno")
    expect(tv.locator('.player-row[data-seat="0"] .stat.buys b')).to_have_text("9")
    table.expect_stock(63)
    table.expect_turn(0)

    # 6. Abuela's phone is reloaded mid-round: same seat, same hand, by itself.
    before = abuela.hand_ids()
    assert len(before) == 16
    abuela.page.reload()
    expect(abuela.page.locator("body")).to_have_attribute("data-screen", "game")
    expect(abuela.page.locator(".fc-hand .hand-card")).to_have_count(16)
    assert abuela.hand_ids() == before
    expect(abuela.page.locator(".fc-turn")).to_have_text("¡Te toca!")
    expect(abuela.page.locator(".fc-table .trow.me .who")).to_have_text("Tú")
    expect(tv.locator(".player-row .badge.away")).to_have_count(0)

    # Salir with a trío composed in the Salir slot, then new combinations and an addition.
    abuela.press("salir")
    for card_id in ("7o#0", "7c#0", "7e#0"):
        abuela.card(card_id).click(position=CARD_SPOT)
        expect(abuela.page.locator(f'.salir .slot-card[data-slot-id="{card_id}"]')).to_be_visible()
    abuela.press("send_salir")
    abuela.expect_hand("8o 8c 8e 9o 9c 9e 10o 10c 10e 5c 7b 8b 9b")
    abuela.meld("8o#0", "8c#0", "8e#0", "8b#0")
    abuela.expect_hand("9o 9c 9e 10o 10c 10e 5c 7b 9b")
    abuela.meld("9o#0", "9c#0", "9e#0")
    abuela.expect_hand("10o 10c 10e 5c 7b 9b")
    abuela.add(3, "9b#0")
    abuela.expect_hand("10o 10c 10e 5c 7b")
    abuela.meld("10o#0", "10c#0", "10e#0")
    abuela.expect_hand("5c 7b")
    abuela.discard("5c#0")
    abuela.expect_hand("7b")
    table_before = [
        ["0", "1", ["7o", "7c", "7e"]],
        ["0", "2", ["8o", "8c", "8e", "8b"]],
        ["0", "3", ["9o", "9c", "9e", "9b"]],
        ["0", "4", ["10o", "10c", "10e"]],
    ]
    expect(tv.locator('.player-row[data-seat="0"] .meld')).to_have_count(4)
    assert table.melds() == table_before
    expect(tv.locator('.player-row[data-seat="0"] .stat.salido')).to_have_class(
        re.compile(r"\byes\b"))
    table.nobody_buys(0)
    table.expect_turn(1)

    # 7. The host dies (SIGKILL) and starts again: every page comes back by itself.
    hands_before = [phone.hand_ids() for phone in phones]
    for phone in phones:
        watch_connection(phone.page, "#conn")
    watch_connection(tv, "#conn")
    killed_at = time.time()
    host.restart()
    expect_reconnected(tv, "#conn")
    for phone in phones:
        expect_reconnected(phone.page, "#conn")
    # The TV shows the restarted host's state: same table, same turn, every phone back.
    tv.wait_for_function("t => window.sobremesaTV.state.server_time > t", arg=killed_at)
    assert tv.evaluate("() => window.sobremesaTV.state.host") is True
    expect(tv.locator(".player-row .badge.away")).to_have_count(0, timeout=RECONNECT_MS)
    table.expect_turn(1)
    assert table.melds() == table_before
    table.expect_stock(63)

    # Play goes on, and every page follows the restarted host: same hands as before the kill.
    tio.draw()
    tio.expect_hand(HANDS[1] + " Se")
    table.expect_stock(62)
    for phone, before in zip(phones, hands_before, strict=True):
        if phone is not tio:
            assert phone.hand_ids() == before, phone.name
    assert [i for i in tio.hand_ids() if i != "Se#0"] == hands_before[1]
    assert table.melds() == table_before
    tio.discard("Se#0")
    table.nobody_buys(1)

    table.expect_turn(2)
    nieta.draw()
    nieta.discard("Cb#0")
    table.nobody_buys(2)

    # Abuela draws 4e, adds her 7b to the sietes and closes with the 4e.
    table.expect_turn(0)
    abuela.draw()
    abuela.expect_hand("7b 4e")
    abuela.add(1, "7b#0")
    abuela.expect_hand("4e")
    expect(abuela.page.locator('.fc-actions [data-act="discard"]')).to_be_disabled()
    abuela.press("close")

    # The TV shows the end of the round: the closer, everyone's points and the totals.
    tio_points = hand_points(HANDS[1])
    nieta_points = hand_points("3e 4o 5e 6c Sb Co Ro Ac 2c 4b 6b Ce 2e")
    round_over = tv.locator(".round-over")
    expect(round_over.locator(".ro-title h1")).to_have_text("Fin de la ronda 1")
    expect(round_over.locator(".ro-closer")).to_have_text("Abuela cierra: −10 puntos")
    rows = round_over.locator(".ro-hands .hand-row")
    expect(rows.locator(".hand-name .who")).to_have_text(names)
    expect(rows.locator(".hand-points")).to_have_text(["−10", str(tio_points), str(nieta_points)])
    expect(rows.nth(0).locator(".prize-badge")).to_be_visible()
    expect(rows.nth(1).locator("svg.card")).to_have_count(13)
    standings = round_over.locator(".ro-standings tbody tr")
    assert nieta_points < tio_points
    expect(standings.locator(".who .name")).to_have_text(["Abuela", "Nieta", "Tío"])
    expect(standings.first.locator(".total")).to_have_text("−10")
    expect(round_over.locator(".auto-next")).to_have_text(
        re.compile(r"^La siguiente ronda empieza en \d+ s$"))
    # The phones see it too.
    expect(abuela.page.locator(".results .closer")).to_have_text("¡Has cerrado! −10 puntos")
    expect(tio.page.locator(".results .closer")).to_have_text("Abuela cierra: −10 puntos")
    expect(nieta.page.locator(".results .my-points b")).to_have_text(f"+{nieta_points}")
