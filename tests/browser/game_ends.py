"""Each game played to its end on a phone in a few moves, for the end-of-game tests and the
screenshots (test_phone_game_end.py with SOBREMESA_SCREENS=1). The TV opens the room (but for
Tren), the phone sits down, computer players fill the table, an explicit deal; the host must
run with --allow-test-deals. Before the move that ends a game the phone's table is scrolled to
its bottom, as a player reading the others' rows leaves it.

  ferrocarril: the last round (7): Abuela goes down with a run of oros, lays two tríos and
      closes with the card she draws (five at the table).
  manipulacion: Maquiavelo (one round): Ana lays her last two cards, 4s 5s, on 6s 7s 8s.
  tren: round 3 of a match of 3, eight at the table: Abuela plays her last tile on her train.
  canasta: a match to 5,000: Robotina goes out and Abuela, already past it, wins.
"""
from __future__ import annotations

from playwright.sync_api import Page, expect

from engine.cards import SPANISH, deck
from engine.manipulacion.game import Manipulacion
from engine.manipulacion.melds import fmt
from tests.browser import canasta_table, phone_states, tren_table
from tests.browser.night import pass_window
from tests.browser.pages import seat_at_tv

WAIT_MS = 10000

# Ferrocarril's last round (7: one run of seven).
FC_LAST_RUN, FC_LAST_GROUPS = "Ao 2o 3o 4o 5o 6o 7o", ["3c 3e 3b", "4c 4e 4b"]


def ferrocarril_last_round(players: int) -> dict:
    """Abuela (seat 0, first to play) holds the run and the two tríos and draws the 9b."""
    hand = " ".join([FC_LAST_RUN, *FC_LAST_GROUPS])
    rest = [SPANISH.format(c) for c in deck(2, 4)]
    for name in f"{hand} {phone_states.FC_DRAWN} {phone_states.FC_UPTURNED}".split():
        rest.remove(name)
    hands = [hand] + [" ".join(rest[13 * k:13 * k + 13]) for k in range(players - 1)]
    return {"dealer": players - 1, "hands": hands, "discard": phone_states.FC_UPTURNED,
            "stock": " ".join([phone_states.FC_DRAWN, *rest[13 * (players - 1):]]),
            "round": 7, "opening_done": True}


def lay(phone: Page, cards: str, act: str) -> None:
    for code in cards.split():
        phone_states.tap_card(phone, phone.locator(f'.fc-hand .hand-card[data-id="{code}#0"]'))
    phone.locator(f'.fc-actions [data-act="{act}"]').click()


def to_the_bottom(phone: Page, box: str) -> None:
    """The table's box scrolled to its bottom (where it scrolls at all)."""
    phone.locator(box).evaluate("box => { box.scrollTop = box.scrollHeight; }")


def ferrocarril(host, tv: Page, phone: Page, players: int = 5) -> None:
    phone_states.open_room(host, tv, phone, "ferrocarril", players, "Abuela",
                           ferrocarril_last_round(players), {"buy_seconds": 10})
    phone_states.start(tv, phone)
    expect(phone.locator(".fc-buy:not(.hidden)")).to_be_visible()
    pass_window(phone)
    draw = phone.locator('.fc-actions [data-act="draw"]')
    expect(draw).to_be_enabled()
    draw.click()
    expect(phone.locator(".fc-hand .hand-card")).to_have_count(14)
    lay(phone, FC_LAST_RUN, "salir")
    phone.locator('.fc-actions [data-act="send_salir"]').click()
    expect(phone.locator(".fc-hand .hand-card")).to_have_count(7)
    for group in FC_LAST_GROUPS:
        lay(phone, group, "meld")
    expect(phone.locator(".fc-hand .hand-card")).to_have_count(1)
    to_the_bottom(phone, ".fc-middle")
    phone.locator('.fc-actions [data-act="close"]').click()


MN_HAND = "4s 5s"


def manipulacion_last_play(players: int) -> dict:
    """Maquiavelo: Ana (seat 0, first to play) holds 4s 5s; 6s 7s 8s and three more groups on
    the table; the others hold seven cards each."""
    rest = [fmt(c) for c in Manipulacion(players, {"ruleset": "maquiavelo"}).full_deck()]
    for name in " ".join([MN_HAND, *phone_states.MN_TABLE]).split():
        rest.remove(name)
    hands = [MN_HAND] + [" ".join(rest[7 * k:7 * k + 7]) for k in range(players - 1)]
    return {"dealer": players - 1, "hands": hands, "stock": " ".join(rest[7 * (players - 1):]),
            "table": phone_states.MN_TABLE}


def manipulacion(host, tv: Page, phone: Page, players: int = 5) -> None:
    phone_states.open_room(host, tv, phone, "manipulacion", players, "Ana",
                           manipulacion_last_play(players), {"ruleset": "maquiavelo"})
    phone_states.start(tv, phone)
    expect(phone.locator('.mn-actions [data-act="draw"]')).to_be_enabled()
    for code in MN_HAND.split():
        phone_states.tap_card(phone, phone.locator(f'.mn-hand .hand-card[data-code="{code}"]'))
    phone.locator('.mn-groups .mg[data-group="0"] .mc').first.click(position=phone_states.CARD_SPOT)
    expect(phone.locator(".mn-hand .hand-card")).to_have_count(0)
    to_the_bottom(phone, ".mn-middle")
    phone.locator('.mn-actions [data-act="done"]').click()


# Eight at the table, the match's last round: Abuela holds one tile, which fits her own train.
TR_LAST = tren_table._ending(
    tren_table.deal_for(8, [6, 3, 8, 2, 5, 1, 4, 3], 5, 5, turn=0,
                        scores=[20, 35, 11, 40, 26, 8, 51, 17]), seat=0)


def tren(host, tv: Page, phone: Page, players: int = 8) -> None:
    from tests.browser.tren_rooms import TrenRoom, tile
    room = TrenRoom(host, phone, TR_LAST, players, options={"rounds": 3}, timeout_ms=WAIT_MS)
    try:
        last = tile(phone, TR_LAST["hands"][0])
        last.click()                               # her train lit (and scrolled into sight)
        to_the_bottom(phone, ".tr-middle")
        last.click()                               # the second tap lays it on her own train
        expect(phone.locator(".results")).to_be_visible()
    finally:
        room.close()


def canasta(host, tv: Page, phone: Page, players: int = 3) -> None:
    tv.set_default_timeout(WAIT_MS)
    phone.set_default_timeout(WAIT_MS)
    seat_at_tv(host, tv, "canasta", [(phone, "Abuela")], players,
               {"target": 5000, "_deal": canasta_table.ENDING})


GAMES = {"ferrocarril": ferrocarril, "manipulacion": manipulacion, "tren": tren,
         "canasta": canasta}


def play_to_the_end(game: str, host, tv: Page, phone: Page) -> None:
    """The game played to its end; returns on the phone's final results with its record."""
    GAMES[game](host, tv, phone)
    expect(phone.locator(".results h2")).to_be_visible(timeout=3 * WAIT_MS)
    expect(phone.locator("body")).to_have_attribute("data-status", "finished")
    expect(phone.locator("#my-record")).to_be_visible(timeout=3 * WAIT_MS)
