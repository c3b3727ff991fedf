"""A phone walked through known moments of each game, for the size test and the screenshots:
the TV opens a room, Abuela's phone sits down, computer players fill the table, a known deal,
Empezar; then Abuela plays a turn that ends the round. At each moment `at(name)` is called
with the phone's page (to measure it or to take its picture).

Ferrocarril (Abuela and 4 computer players; the others have a combination each on the table,
so the first pass round is over):
  join (the name to type), lobby, compro (the ¡Compro! window on the upturned card), turn
  (before the draw), drawn, selected (three cards held: Quitar shows), salir (the Salir
  composer), add (after going down, the add picker over the table), round_end (she lays three
  more groups and closes with the card she drew).
Rummy Manipulación (Ana and 4 computer players, rule set Manipulación):
  join, lobby, turn, reminder (Robar with a play in hand), drawn (Robar igualmente: Ks),
  editing (Kd Kh Ks laid as a new group, 4s held), group_card (a table card held: the split
  tools), joining (Unir pressed), round_end (4s 5s onto 6s 7s 8s: her hand is empty, Listo).
"""
from __future__ import annotations

import json
import re

from playwright.sync_api import Error as PlaywrightError, Page, expect

from engine.cards import SPANISH, deck
from engine.manipulacion.game import Manipulacion
from engine.manipulacion.melds import fmt
from tests.browser.pages import choose_game, host_command

WAIT_MS = 10000
CARD_SPOT = {"x": 8, "y": 30}   # overlapping cards: tap near the left edge

FC_HAND = "3o 3c 3e 4o 4c 4e 5o 5c 5e 6o 6c 6e 6b"
FC_DRAWN, FC_UPTURNED = "9b", "8b"
FC_TABLE = ["7o 7c 7e", "Rb Ro Rc", "Sb So Sc", "Ab Ao Ac", "2o 2c 2e", "Co Cc Ce"]
MN_HAND = "Kd Kh 4s 5s"
MN_TABLE = ["6s 7s 8s", "5h 6h 7h", "Qs Qd Qc", "9c 10c Jc"]


def cards_left(*dealt: str) -> list[str]:
    """Ferrocarril's 108 cards by name, less those `dealt` (texts of names), in deck order."""
    rest = [SPANISH.format(c) for c in deck(2, 4)]
    for name in " ".join(dealt).split():
        rest.remove(name)
    return rest


def ferrocarril_deal(players: int) -> dict:
    """Abuela (seat 0, first to play) holds three tríos and a cuarteto and draws 9b; 8b is
    upturned; every other seat owns a combination on the table (so the first pass round is
    over); their hands are the rest of the packs in order."""
    rest = [SPANISH.format(c) for c in deck(2, 4)]
    table = [[seat, FC_TABLE[seat]] for seat in range(1, players)]
    for name in " ".join([FC_HAND, FC_DRAWN, FC_UPTURNED, *(m for _, m in table)]).split():
        rest.remove(name)
    hands = [FC_HAND] + [" ".join(rest[13 * k:13 * k + 13]) for k in range(players - 1)]
    rest = rest[13 * (players - 1):]
    return {"dealer": players - 1, "hands": hands, "discard": FC_UPTURNED,
            "stock": " ".join([FC_DRAWN, *rest]), "table": table}


def manipulacion_deal(players: int) -> dict:
    """Ana (seat 0, first to play) holds Kd Kh 4s 5s, the stock starts with Ks; the table holds
    four groups; the others' hands (7 cards) are the rest of the packs in order."""
    rest = [fmt(c) for c in Manipulacion(players, {"ruleset": "manipulacion"}).full_deck()]
    for name in " ".join([MN_HAND, "Ks", *MN_TABLE]).split():
        rest.remove(name)
    hands = [MN_HAND] + [" ".join(rest[7 * k:7 * k + 7]) for k in range(players - 1)]
    rest = rest[7 * (players - 1):]
    return {"dealer": players - 1, "hands": hands, "stock": " ".join(["Ks", *rest]),
            "table": MN_TABLE}


def open_room(host, tv: Page, phone: Page, game: str, players: int, name: str, deal: dict,
              options: dict | None = None, at=lambda moment: None) -> None:
    """The TV opens a room for `game`, `name` sits down on `phone` (`at("join")` before she
    types), the TV adds computer players up to `players` and sets the deal (not started)."""
    tv.set_default_timeout(WAIT_MS)
    phone.set_default_timeout(WAIT_MS)
    tv.goto(host.url + "/")
    join_text = tv.locator(".join-panel .join-url strong")
    expect(join_text).to_have_text(re.compile(r"/j/[A-Z]{4}$"))
    join_url = "http://" + join_text.inner_text()
    code = join_url.rsplit("/", 1)[1]
    if game != "ferrocarril":
        choose_game(tv, game)
    phone.goto(join_url)
    expect(phone.locator("#name-input")).to_be_visible()
    at("join")
    phone.locator("#name-input").fill(name)
    phone.locator("#join-btn").click()
    expect(phone.locator("body")).to_have_attribute("data-screen", "lobby")
    seats = tv.locator(".seats-panel .seat-name")
    for n in range(2, players + 1):
        tv.locator(".add-bot .add").click()
        expect(seats).to_have_count(n)
    expect(phone.locator("#lobby-seats .seat")).to_have_count(players)
    session = json.loads(tv.evaluate("() => localStorage.getItem('sobremesa.tv')"))
    reply = host_command(host.url, code, session["host_token"], "set_options",
                         {"options": {**(options or {}), "_deal": deal}})
    assert reply == {"ok": True}, reply


def start(tv: Page, phone: Page) -> None:
    tv.locator("#start").click()
    expect(phone.locator("body")).to_have_attribute("data-screen", "game")


def tap_card(page: Page, card) -> None:
    """Tap an overlapping card near its left edge until it shows as held (a state push may
    redraw it between the press and the release)."""
    for _ in range(3):
        card.click(position=CARD_SPOT)
        try:
            expect(card).to_have_attribute("aria-pressed", "true", timeout=1500)
            return
        except AssertionError:
            continue
    expect(card).to_have_attribute("aria-pressed", "true")


# ----- Ferrocarril -------------------------------------------------------------------------------


def ferrocarril(host, tv: Page, phone: Page, at, players: int = 5) -> None:
    open_room(host, tv, phone, "ferrocarril", players, "Abuela", ferrocarril_deal(players),
              {"buy_seconds": 10}, at)
    at("lobby")
    start(tv, phone)
    window = phone.locator(".fc-buy:not(.hidden)")
    expect(window.locator(".compro")).to_be_visible()
    phone.wait_for_timeout(300)              # past the card's entrance
    at("compro")
    try:
        window.locator(".paso").click(timeout=3000)
    except PlaywrightError:
        pass                                 # the window's own time ran out first
    expect(phone.locator(".fc-buy")).to_be_hidden()
    draw = phone.locator('.fc-actions [data-act="draw"]')
    expect(draw).to_be_enabled()
    at("turn")
    draw.click()
    expect(phone.locator(".fc-hand .hand-card")).to_have_count(14)
    at("drawn")

    def hand_card(code: str):
        return phone.locator(f'.fc-hand .hand-card[data-id="{code}#0"]')

    for code in ("3o", "3c", "3e"):
        tap_card(phone, hand_card(code))
    expect(phone.locator(".fc-clear")).to_be_visible()
    at("selected")
    phone.locator('.fc-actions [data-act="salir"]').click()
    expect(phone.locator(".salir .slot-card")).to_have_count(3)
    at("salir")
    phone.locator('.fc-actions [data-act="send_salir"]').click()
    expect(phone.locator(".fc-hand .hand-card")).to_have_count(11)
    tap_card(phone, hand_card("6b"))
    phone.locator('.fc-actions [data-act="add"]').click()
    expect(phone.locator(".fc-middle .meld.pickable").first).to_be_visible()
    at("add")
    phone.locator('.fc-actions [data-act="cancel"]').click()
    expect(phone.locator(".fc-prompt")).to_have_count(0)
    phone.locator(".fc-clear").click()
    expect(phone.locator(".fc-hand .hand-card.selected")).to_have_count(0)
    for group in ("4o 4c 4e", "5o 5c 5e", "6o 6c 6e 6b"):
        for code in group.split():
            tap_card(phone, hand_card(code))
        phone.locator('.fc-actions [data-act="meld"]').click()
        expect(hand_card(code)).to_have_count(0)
    phone.locator('.fc-actions [data-act="close"]').click()
    expect(phone.locator(".results")).to_be_visible()
    expect(phone.locator('[data-act="next_round"]')).to_be_visible()
    at("round_end")


# ----- Rummy Manipulación ------------------------------------------------------------------------


def manipulacion(host, tv: Page, phone: Page, at, players: int = 5) -> None:
    open_room(host, tv, phone, "manipulacion", players, "Ana", manipulacion_deal(players),
              {"ruleset": "manipulacion"}, at)
    at("lobby")
    start(tv, phone)
    draw = phone.locator('.mn-actions [data-act="draw"]')
    expect(draw).to_be_enabled()
    at("turn")
    draw.click()
    reminder = phone.locator(".mn-reminder")
    expect(reminder).to_be_visible()
    at("reminder")
    reminder.locator('[data-act="draw_confirm"]').click()
    expect(phone.locator('.mn-hand .hand-card[data-code="Ks"]')).to_have_count(1)
    at("drawn")
    for code in ("Kd", "Kh", "Ks"):
        tap_card(phone, phone.locator(f'.mn-hand .hand-card[data-code="{code}"]'))
    phone.locator(".mn-bar [data-new]").click()
    groups = phone.locator(".mn-groups .mg")
    expect(groups).to_have_count(len(MN_TABLE) + 1)
    tap_card(phone, phone.locator('.mn-hand .hand-card[data-code="4s"]'))
    at("editing")
    phone.locator('.mn-bar [data-tool="cancel"]').click()
    tap_card(phone, phone.locator('.mn-groups .mc[data-g="0"][data-i="1"]'))
    expect(phone.locator('.mn-bar [data-tool="split_after"]')).to_be_visible()
    at("group_card")
    phone.locator('.mn-bar [data-tool="cancel"]').click()
    phone.locator('.mn-groups [data-join="1"]').click()
    joining = re.compile(r"\bjoining\b")
    expect(phone.locator('.mn-groups .mg[data-group="1"]')).to_have_class(joining)
    at("joining")
    phone.locator('.mn-bar [data-tool="cancel"]').click()
    for code in ("4s", "5s"):
        tap_card(phone, phone.locator(f'.mn-hand .hand-card[data-code="{code}"]'))
    phone.locator('.mn-groups .mg[data-group="0"] .mc').first.click(position=CARD_SPOT)
    expect(phone.locator(".mn-hand .hand-card")).to_have_count(0)
    phone.locator('.mn-actions [data-act="done"]').click()
    expect(phone.locator(".results")).to_be_visible()
    expect(phone.locator('[data-act="next_round"]')).to_be_visible()
    at("round_end")


# ----- Tren Mexicano -----------------------------------------------------------------------------

# Abuela (seat 0, first to play) holds 15 tiles; four trains started from the double 12, the
# second seat's marker out; the Mexican train asks for a 6.
TR_HAND = "6-5 5-1 3-2 8-7 10-9 11-4 9-2 11-11 7-7 4-1 2-0 9-1 11-7 10-4 8-1"
TR_DEAL = {"hands": [TR_HAND, "4-0 7-0 11-0", "4-3 7-3 11-3", "9-3 8-3 6-3"],
           "trains": ["12-5", "12-3", "12-8", "12-10"], "mexican": "12-6", "markers": [1],
           "turn": 0, "dealer": 3, "first_turns_over": True, "fill": True}


def tren(host, tv: Page, phone: Page, at, players: int = 4) -> None:
    """join, lobby, turn (15 tiles), selected (6-5 held: her train and the Mexican train lit),
    played (6-5 on the Mexican train; the others' turns)."""
    from tests.browser.tren_rooms import TrenRoom
    room = TrenRoom(host, phone, TR_DEAL, players, at=at, timeout_ms=WAIT_MS)
    try:
        expect(phone.locator(".tr-hand .hand-card")).to_have_count(15)
        expect(phone.locator(".tr-turn.mine")).to_be_visible()
        at("turn")
        phone.locator('.tr-hand .hand-card[data-id="6-5"]').click()
        expect(phone.locator(".tr-lanes .tr-lane.fits")).to_have_count(2)
        at("selected")
        phone.locator('.tr-lanes .tr-lane[data-train="mexican"]').click()
        expect(phone.locator(".tr-hand .hand-card")).to_have_count(14)
        at("played")
    finally:
        room.close()


# Canasta: Abuela may take a pile of 33 cards with her two Queens, and meld three Aces for her
# first meld's 50; then she holds 41 cards.
CN_PILE = ("4c 4d 5s 5h 6c 6s 7c 7d 8s 8c 9c 10s 10c Js Jc Ks Kd 2c * 4h 5d 6h 7h 8d 10d Jd "
           "Kh Ah 4s 5c 6d 8h Qh")
CN_DEAL = {"hands": ["Qs Qd As Ad Ac 9h 9d 9s 5c 6d Jh 8h 10h Kc", "4s 5s 6s", "4s 5s 6s"],
           "pile": CN_PILE, "turn": 0, "dealer": 2, "fill": True}


def canasta(host, tv: Page, phone: Page, at, players: int = 3) -> None:
    """join, lobby, turn (14 cards, the pile offered), pile (the composer: the two Queens and
    the three Aces the engine proposes, the progress), taken (41 cards in rank stacks), add (a
    King chosen, the melds lit)."""
    from tests.browser.canasta_rooms import CanastaRoom, act, stack
    room = CanastaRoom(host, phone, CN_DEAL, players, at=at, timeout_ms=WAIT_MS)
    try:
        expect(phone.locator(".cn-turn.mine")).to_be_visible()
        at("turn")
        act(phone, "take_pile").click()          # the three Aces proposed with the Queens
        expect(phone.locator(".cn-progress")).to_contain_text("Llevas 90 de 50")
        at("pile")
        act(phone, "send_pile").click()
        expect(act(phone, "discard")).to_be_visible()
        cards = phone.locator(".cn-hand .cn-stack").evaluate_all(
            "ss => ss.reduce((n, s) => n + Number((s.querySelector('.cn-count')"
            "?.textContent || '×1').slice(1)), 0)")
        assert cards == 41, cards
        at("taken")
        stack(phone, "K").click()
        act(phone, "add").click()
        expect(phone.locator(".cn-middle .pickable").first).to_be_visible()
        at("add")
    finally:
        room.close()
