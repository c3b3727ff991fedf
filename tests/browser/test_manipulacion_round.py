"""Rummy Manipulación in headless Chromium: a TV and two phones (Ana, Beto) play a Carrusel round
and a Manipulación round to their end through the phones' UI only, from known deals.

Seats (join order): Ana 0, Beto 1. Beto deals, so Ana plays first.

Carrusel (52 cards + 1 joker for two players):
  Ana   draws Ac; lays 7h 8h + the joker: Listo asks which card the joker is (6h or 9h): 9h
  Beto  draws Jc; starts a group with Qs, thinks better of it (Deshacer); lays 9c 10c Jc
  Ana   draws 2d; lays 5s 5d, then 5c in a group of its own and joins the two; lays Kc Kd Ks;
        2 points + 1 + 2 = 5 left, so Robar has become Cerrar: she knocks
  Ana 5 points in hand, Beto 53: Ana wins the round and scores 53 - 5 = 48.

Manipulación (104 cards, "Bajar es obligatorio: recordar, con pista"):
  Ana   taps Robar holding 7h 8h 9h: the reminder hints a card; she draws anyway (Kd), then lays
        7h 8h 9h and 5s 5d 5c
  Beto  taps Robar holding 2c 3c 4c: the reminder again; "Voy a jugar" puts the hinted card in
        his fingers; a group of that card alone is refused on Listo; he completes the run
  Ana   taps Robar holding Kc Kd (no play: no reminder), draws Ks and goes out with Kc Kd Ks
  Beto keeps 10s Js 6d 4h: 10 + 10 + 5 + 5 = 30 points.
"""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from engine.manipulacion.game import Manipulacion
from engine.manipulacion.melds import fmt
from tests.browser.pages import choose_game, host_command

WAIT_MS = 8000
CARD_SPOT = {"x": 8, "y": 30}   # overlapping cards: tap near the left edge


def explicit_deal(ruleset: str, hands: list[str], stock_top: str = "", loose: str = "",
                  dealer: int = 1) -> dict:
    """A `_deal` option: these hands (and loose cards), the stock starting with `stock_top`
    and then the rest of the rule set's cards in pack order."""
    rest = [fmt(c) for c in Manipulacion(len(hands), {"ruleset": ruleset}).full_deck()]
    for name in " ".join([*hands, stock_top, loose]).split():
        rest.remove(name)
    return {"dealer": dealer, "hands": hands, "stock": " ".join([*stock_top.split(), *rest]),
            "loose": loose}



class Phone:
    """One player's phone, driven through its UI only."""

    def __init__(self, page: Page, name: str):
        self.page = page
        self.name = name

    def card(self, code: str):
        return self.page.locator(f'.mn-hand .hand-card[data-code="{code}"]')

    def pick(self, *codes: str):
        """Tap hand cards to hold them (several may be held at once)."""
        for code in codes:
            card = self.card(code)
            card.click(position=CARD_SPOT)
            try:
                expect(card).to_have_attribute("aria-pressed", "true", timeout=1500)
            except AssertionError:
                # A state push redrew the hand between the press and the release: tap again.
                card.click(position=CARD_SPOT)
                expect(card).to_have_attribute("aria-pressed", "true")

    def new_group(self, *codes: str, groups_after: int):
        self.pick(*codes)
        self.page.locator(".mn-bar [data-new]").click()
        expect(self.groups()).to_have_count(groups_after)

    def groups(self):
        return self.page.locator(".mn-groups .mg")

    def group(self, index: int):
        return self.page.locator(f'.mn-groups .mg[data-group="{index}"]')

    def group_cards(self, index: int) -> list[str]:
        return self.group(index).locator("svg.card").evaluate_all(
            "cards => cards.map(c => c.dataset.card)")

    def button(self, act: str):
        return self.page.locator(f'.mn-actions [data-act="{act}"]')

    def press(self, act: str):
        self.button(act).click()

    def expect_hand(self, cards: str):
        want = sorted(cards.split())
        try:
            self.page.wait_for_function(
                """want => JSON.stringify([...document.querySelectorAll('.mn-hand .hand-card')]
                    .map(c => c.dataset.code).sort()) === JSON.stringify(want)""",
                arg=want, timeout=WAIT_MS)
        except Exception:
            got = self.page.locator(".mn-hand .hand-card").evaluate_all(
                "cards => cards.map(c => c.dataset.code)")
            raise AssertionError(
                f"{self.name}'s hand: wanted {want}, shows {sorted(got)}") from None

    def expect_my_turn(self):
        expect(self.page.locator(".mn-turn .mn-yours")).to_have_text("¡Te toca!")


class Table:
    def __init__(self, tv: Page):
        self.tv = tv

    def expect_turn(self, seat: int):
        expect(self.tv.locator(".mplayer.turn")).to_have_attribute("data-seat", str(seat))

    def groups(self) -> list[list[str]]:
        return self.tv.locator(".mani-lanes .mgroup").evaluate_all(
            "groups => groups.map("
            "g => [...g.querySelectorAll('svg.card')].map(c => c.dataset.card))")

    def expect_groups(self, *groups: str):
        want = sorted(sorted(g.split()) for g in groups)
        try:
            self.tv.wait_for_function(
                """want => JSON.stringify([...document.querySelectorAll('.mani-lanes .mgroup')]
                    .map(g => [...g.querySelectorAll('svg.card')].map(c => c.dataset.card).sort())
                    .sort()) === JSON.stringify(want)""", arg=want, timeout=WAIT_MS)
        except Exception:
            raise AssertionError(f"TV table: wanted {want}, shows {self.groups()}") from None


@pytest.fixture
def patient_expect():
    expect.set_options(timeout=WAIT_MS)
    yield
    expect.set_options(timeout=5000)


def open_table(host, tv: Page, new_phone, ruleset: str, deal: dict, option_labels: list[str],
               options: dict | None = None):
    """The TV picks Rummy Manipulación and the rule set in its lobby (which then shows only the
    options of that rule set); Ana and Beto sit down; the deal is set over Socket.IO with the
    TV's host token; Empezar."""
    tv.set_default_timeout(WAIT_MS)
    tv.goto(host.url + "/")
    join_text = tv.locator(".join-panel .join-url strong")
    expect(join_text).to_have_text(re.compile(r"/j/[A-Z]{4}$"))
    join_url = "http://" + join_text.inner_text()
    code = join_url.rsplit("/", 1)[1]

    choose_game(tv, "manipulacion")
    tv.locator(f'.choice-grid [data-option="ruleset"][data-value="{ruleset}"]').click()
    expect(tv.locator('.choice-grid [data-option="ruleset"].on')).to_have_attribute(
        "data-value", ruleset)
    expect(tv.locator(".options-card .option-label")).to_have_text(["Reglas", *option_labels])

    phones = []
    for name in ("Ana", "Beto"):
        page = new_phone()
        page.set_default_timeout(WAIT_MS)
        page.goto(join_url)
        page.locator("#name-input").fill(name)
        page.locator("#join-btn").click()
        expect(page.locator("body")).to_have_attribute("data-screen", "lobby")
        phones.append(Phone(page, name))
    expect(tv.locator(".seats-panel .seat-list .seat-name")).to_have_text(["Ana", "Beto"])

    session = json.loads(tv.evaluate("() => localStorage.getItem('sobremesa.tv')"))
    reply = host_command(host.url, code, session["host_token"], "set_options",
                         {"options": {"ruleset": ruleset, **(options or {}), "_deal": deal}})
    assert reply == {"ok": True}, reply
    tv.locator("#start").click()
    for phone in phones:
        expect(phone.page.locator("body")).to_have_attribute("data-screen", "game")
        expect(phone.page.locator(".mn")).to_be_visible()
    return phones


def next_round(tv: Page, phones: list[Phone]):
    """Both phones tap Seguir; the TV deals round 2."""
    for phone in phones:
        phone.press("next_round")
    expect(tv.locator("#topbar .pill.round")).to_have_text("Ronda 2")
    for phone in phones:
        expect(phone.page.locator(".mn-round")).to_contain_text("Ronda 2")


def test_a_carrusel_round_on_two_phones(host, tv, new_phone, patient_expect):
    hands = ["* 7h 8h 5s 5d 5c Kc Kd Ks 2s", "9c 10c Jd 3h 4s 6c 7d 9s Qs 4d"]
    deal = explicit_deal("carrusel", hands, stock_top="Ac Jc 2d", dealer=1)
    ana, beto = open_table(host, tv, new_phone, "carrusel", deal, [])
    table = Table(tv)
    expect(tv.locator("#topbar .pill.ruleset")).to_have_text("Carrusel")
    table.expect_turn(0)
    ana.expect_hand(hands[0])
    beto.expect_hand(hands[1])
    expect(tv.locator(".mani-stock .stock-count")).to_have_text("33")

    # Ana: Carrusel starts with a draw; only Robar is on, and a tap on another button says why.
    ana.expect_my_turn()
    expect(ana.button("done")).to_be_disabled()
    expect(ana.button("done")).to_have_attribute("data-at-rest", "")
    ana.button("done").click(force=True)          # (Playwright waits for aria-disabled ones)
    expect(ana.page.locator("#banner")).to_have_text("Primero roba una carta.")
    ana.press("draw")
    ana.expect_hand(hands[0] + " Ac")
    expect(tv.locator(".mani-stock .draws")).to_have_text("Robo 1 de 3")

    # 7h 8h and the joker: the copy marks the group as waiting for the joker's name.
    ana.new_group("*", "7h", "8h", groups_after=1)
    expect(ana.group(0)).to_have_class(re.compile(r"\bneeds-name\b"))
    expect(tv.locator('.mplayer.thinking')).to_have_attribute("data-seat", "0")
    expect(tv.locator("#topbar .turn-thinking")).to_have_text("pensando…")
    assert table.groups() == []          # the TV never sees the copy
    ana.press("done")
    naming = ana.page.locator(".mn-naming")
    expect(naming).to_be_visible()
    expect(naming.locator(".naming-text")).to_have_text(["6♥", "9♥"])
    naming.locator(".naming-option", has_text="9♥").click()
    table.expect_groups("7h 8h *9h")
    ana.expect_hand("5s 5d 5c Kc Kd Ks 2s Ac")
    table.expect_turn(1)

    # Beto draws, starts a group he does not want, takes it all back with Deshacer.
    beto.expect_my_turn()
    beto.press("draw")
    beto.expect_hand(hands[1] + " Jc")
    beto.new_group("Qs", groups_after=2)
    expect(beto.group(1)).to_have_class(re.compile(r"\binvalid\b"))
    expect(beto.button("undo")).to_have_text("Deshacer")
    beto.press("undo")
    expect(beto.groups()).to_have_count(1)
    beto.expect_hand(hands[1] + " Jc")
    expect(tv.locator(".mplayer.thinking")).to_have_count(0)
    beto.new_group("9c", "10c", "Jc", groups_after=2)
    expect(beto.group(1)).to_have_class(re.compile(r"\bvalid\b"))
    beto.press("done")
    table.expect_groups("7h 8h *9h", "9c 10c Jc")
    beto.expect_hand("Jd 3h 4s 6c 7d 9s Qs 4d")
    table.expect_turn(0)

    # Ana: 5s 5d, then 5c apart, joined; Kc Kd Ks; 5 points left: Cerrar.
    ana.press("draw")
    ana.expect_hand("5s 5d 5c Kc Kd Ks 2s Ac 2d")
    ana.new_group("5s", "5d", groups_after=3)
    ana.new_group("5c", groups_after=4)
    ana.page.locator('.mn-groups [data-join="3"]').click()    # beside group 4, outside its tap area
    expect(ana.group(3)).to_have_class(re.compile(r"\bjoining\b"))
    ana.group(2).click()
    expect(ana.groups()).to_have_count(3)
    assert sorted(ana.group_cards(2)) == ["5c", "5d", "5s"]
    expect(ana.group(2)).to_have_class(re.compile(r"\bvalid\b"))
    ana.new_group("Kc", "Kd", "Ks", groups_after=4)
    ana.expect_hand("2s Ac 2d")
    expect(ana.button("close")).to_have_text("Cerrar")
    ana.press("close")

    # The end of the round: Ana knocked with 5, Beto holds 53.
    expect(tv.locator(".mani-over .ro-title h1")).to_have_text("Fin de la ronda 1")
    expect(tv.locator(".mani-over .ro-closer")).to_have_text("Ana ha cerrado · Gana la ronda: Ana")
    rows = tv.locator(".mani-hands .mani-hand")
    expect(rows.locator(".hand-points")).to_have_text(["+48", "0"])
    expect(rows.locator(".hand-worth")).to_have_text(["5 puntos", "53 puntos"])
    expect(tv.locator(".mani-standings tbody tr .total")).to_have_text(["48", "0"])
    expect(ana.page.locator(".results .my-points b")).to_have_text("+48")
    expect(beto.page.locator(".results .my-points b")).to_have_text("0")
    next_round(tv, [ana, beto])


def test_a_manipulacion_round_on_two_phones(host, tv, new_phone, patient_expect):
    hands = ["7h 8h 9h 5s 5d 5c Kc", "2c 3c 4c 10s Js 6d 4h"]
    deal = explicit_deal("manipulacion", hands, stock_top="Kd Ks", dealer=1)
    ana, beto = open_table(host, tv, new_phone, "manipulacion", deal,
                           ["Bajar es obligatorio", "Jugar hasta"])
    table = Table(tv)
    expect(tv.locator("#topbar .pill.ruleset")).to_have_text("Manipulación")
    expect(tv.locator("#topbar .mani-goal")).to_have_text("a 200 puntos")
    table.expect_turn(0)
    ana.expect_hand(hands[0])

    # Ana taps Robar with a play in hand: the reminder, with a hinted card; she draws anyway.
    ana.press("draw")
    reminder = ana.page.locator(".mn-reminder")
    expect(reminder).to_be_visible()
    expect(reminder.locator(".rem-title")).to_have_text("Tienes jugada")
    expect(ana.page.locator(".mn-hand .hand-card.hinted")).to_have_count(1)
    expect(ana.button("draw")).to_have_text("Robar igualmente")
    reminder.locator('[data-act="draw_confirm"]').click()
    expect(reminder).to_have_count(0)
    ana.expect_hand(hands[0] + " Kd")
    ana.expect_my_turn()                 # drawing does not end the turn: she must play

    ana.new_group("7h", "8h", "9h", groups_after=1)
    ana.new_group("5s", "5d", "5c", groups_after=2)
    ana.press("done")
    table.expect_groups("7h 8h 9h", "5s 5d 5c")
    ana.expect_hand("Kc Kd")
    table.expect_turn(1)
    # The feed names the cards in words, not as symbols ("7♥").
    expect(tv.locator(".feed-item.latest .text")).to_have_text(
        "Ana baja el 5 de picas, el 7 de corazones, el 8 de corazones, el 9 de corazones, "
        "el 5 de diamantes y el 5 de tréboles")

    # Beto: the reminder; "Voy a jugar" holds the hinted card for him.
    beto.press("draw")
    expect(beto.page.locator(".mn-reminder")).to_be_visible()
    beto.page.locator('.mn-reminder [data-act="play_instead"]').click()
    held = beto.page.locator(".mn-hand .hand-card.selected")
    expect(held).to_have_count(1)
    hinted = held.get_attribute("data-code")
    assert hinted in ("2c", "3c", "4c"), hinted
    beto.page.locator(".mn-bar [data-new]").click()
    expect(beto.groups()).to_have_count(3)
    expect(beto.group(2)).to_have_class(re.compile(r"\binvalid\b"))
    # A refused Listo says which group is wrong, in the engine's words.
    beto.press("done")
    expect(beto.page.locator("#banner")).to_contain_text("El grupo 3 no es válido")
    expect(beto.group(2)).to_have_class(re.compile(r"\binvalid\b"))
    rest = [c for c in ("2c", "3c", "4c") if c != hinted]
    beto.pick(*rest)
    beto.group(2).click()
    expect(beto.group(2)).to_have_class(re.compile(r"\bvalid\b"))
    assert sorted(beto.group_cards(2)) == ["2c", "3c", "4c"]
    beto.press("done")
    table.expect_groups("7h 8h 9h", "5s 5d 5c", "2c 3c 4c")
    beto.expect_hand("10s Js 6d 4h")
    table.expect_turn(0)

    # Ana has no play: Robar draws at once; then she goes out.
    ana.press("draw")
    ana.expect_hand("Kc Kd Ks")
    expect(ana.page.locator(".mn-reminder")).to_have_count(0)
    ana.new_group("Kc", "Kd", "Ks", groups_after=4)
    ana.press("done")

    expect(tv.locator(".mani-over .ro-title h1")).to_have_text("Fin de la ronda 1")
    expect(tv.locator(".mani-over .ro-closer")).to_have_text("Ana se ha quedado sin cartas")
    rows = tv.locator(".mani-hands .mani-hand")
    expect(rows.locator(".hand-points")).to_have_text(["0", "30"])
    expect(tv.locator(".mani-standings tbody tr .who .name")).to_have_text(["Ana", "Beto"])
    expect(tv.locator(".mani-standings tbody tr .total")).to_have_text(["0", "30"])
    expect(ana.page.locator(".results .closer").first).to_have_text("¡Te has quedado sin cartas!")
    expect(beto.page.locator(".results .my-points b")).to_have_text("30")
    expect(beto.page.locator(".results .left-cards svg.card")).to_have_count(4)
    next_round(tv, [ana, beto])
