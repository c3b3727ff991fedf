"""Canasta Ferroviaria at the table: the TV, two phones (Abuela and Tío) and a computer player
("normal") play a round to its end, every move a tap as a player would make it.

Abuela takes the pile with two Aces (the top Ace melded with them makes her first meld's 50),
adds the four Aces the pile and her hand give her (one tap on the stack, one on her meld, lit)
and completes a red canasta: the TV shows it, her phone offers her kitty, and after her discard
she takes it («Coger el gatito») while the TV says she is choosing. Tío draws and
discards, the computer plays its turn, Abuela draws and discards; then Tío, who holds a black,
a wild and a sevens canasta, draws, completes his red canasta of Kings, melds the rest (the
engine's proposal for «Bajar») and goes out on his last card. The TV shows the round's
breakdown, checked against the engine's own figures (the game replayed from the host's log).
Then the game's end: a match to 5,000 closes on the podium, highest total first.

With SOBREMESA_SCREENS=1 the TV's end of the round and podium are saved to
docs/screens/tv-canasta-night-*.png."""
from __future__ import annotations

import json
import os
import re
import sqlite3

from playwright.sync_api import Page, expect

from engine.canasta import Canasta
from tests.browser.canasta_rooms import act, hand_ranks, meld, stack
from tests.browser.canasta_table import BLACK, RED, SEVENS, WILD
from tests.browser.pages import page_in, seat_at_tv
from tests.browser.test_canasta_tv import CARD_CODE
from tests.live import ROOT

WAIT_MS = 10000
SCREENS = ROOT / "docs" / "screens"
NAMES = ["Abuela", "Tío"]
BOT = "Robotina"                 # seat 2, the first computer player's name
TIO_KINGS = 4                    # Tío's open meld of six Kings (the deal's fourth meld)
ABUELA_ACES = 5                  # the meld Abuela lays with the pile: the next id
PARTS = ("melds", "bonuses", "red_threes", "going_out", "hand", "kitty")

# Abuela holds four Aces; the pile's top is an Ace with two more under it. Tío has melded a
# black, a wild and a sevens canasta and six Kings, and holds the seventh. The stock is named
# from the top for the first four draws (Tío, Robotina, Abuela, Tío); Robotina cannot take the
# pile after Tío's five (she holds no pair of 5s) and has no meld for its top card.
NIGHT = {
    "hands": ["Ah Ac Ad As Kd Qs Jd 10c 9c 8h 6s 5d 4c", "Kc 8d 8s 8c 5c",
              "Kh Qc Jh 10h 9s 9d 8d 6h 6c 4d 4s Ac *"],
    "kitties": ["Kh Kc Qd Qh Jc Js 10d 9h 8c 6d 5s", "", "Ks Qd Jh 10s 9c 8s 6d 5h 5d 4h 4c"],
    "kitty_taken": [1],
    "melds": [[1, BLACK], [1, WILD], [1, SEVENS], [1, "Kh Kd Ks Kc Kh Kd"]],
    "red_threes": ["", "3h", ""],
    "pile": "6c Ah 9d As Ad",
    "stock": "Jh Jd 10s 4h 9s 5h Jc 6h",
    "fill": True, "dealer": 2, "turn": 0, "scores": [3150, 4600, 2800],
}

# A match to 5,000 about to end: Abuela holds the four kinds and one card. Discarding it she
# goes out and passes 5,000; Chispas (seat 2) ends above Robotina (seat 1).
LAST = {
    "hands": ["9c", "Kc Kd Qs 5h", "8c 4d"],
    "kitties": ["", "Ks Qd Jh 10s 9c 8s 6d 5h 5d 4h 4c", ""],
    "kitty_taken": [0, 2],
    "melds": [[0, RED], [0, BLACK], [0, WILD], [0, SEVENS], [0, "Ah Ad As"],
              [1, "9h 9d 9s"], [2, "Jh Jd Js Jc"]],
    "pile": "6c Jd",
    "fill": True, "dealer": 2, "turn": 0, "phase": "play", "scores": [3000, 4000, 4700],
}


def shot(tv: Page, name: str) -> None:
    if os.environ.get("SOBREMESA_SCREENS"):
        tv.wait_for_timeout(600)
        tv.screenshot(path=str(SCREENS / f"tv-canasta-night-{name}.png"))


def seat(tv: Page, s: int):
    return tv.locator(f'.canasta-table-tv [data-seat="{s}"]')


def tap(page: Page, rank: str, times: int = 1) -> None:
    for _ in range(times):
        stack(page, rank).click()


def pick_to_discard(page: Page, rank: str) -> None:
    """One card of `rank` chosen, seen by Descartar coming to life (a tap that met the hand
    while it was redrawn, on a loaded machine, is made again)."""
    discard = act(page, "discard")
    for _ in range(3):
        stack(page, rank).click()
        try:
            expect(discard).not_to_have_attribute("aria-disabled", "true", timeout=2000)
            return
        except AssertionError:
            continue
    expect(discard).not_to_have_attribute("aria-disabled", "true")


def assert_pile(tv: Page, top: str, name: str, cards: int) -> None:
    pile = tv.locator('[data-pile="pile"]')
    expect(pile.locator("svg.card.pile-top")).to_have_attribute("data-card", top)
    expect(tv.locator(".pile-name")).to_have_text(name)
    expect(pile.locator(".pile-count")).to_have_text("1 carta" if cards == 1 else f"{cards} cartas")


def assert_turn(tv: Page, phones: list[Page], s: int, names: list[str]) -> None:
    """The TV says whose turn it is and lights their area; that phone says "¡Te toca!", the
    others name the player in turn."""
    expect(tv.locator(".canasta-call .call-title")).to_have_text(f"Le toca a {names[s]}")
    expect(seat(tv, s)).to_have_class(re.compile(r"\bturn\b"))
    for i, page in enumerate(phones):
        if i == s:
            expect(page.locator(".cn-turn.mine")).to_have_text("¡Te toca!")
        else:
            expect(page.locator(".cn-turn")).to_have_text(f"Le toca a {names[s]}")


def draw_and_discard(page: Page, rank: str) -> None:
    act(page, "draw").click()
    expect(act(page, "discard")).to_be_visible()
    pick_to_discard(page, rank)
    act(page, "discard").click()
    expect(page.locator(".cn-turn.mine")).to_have_count(0)


def replayed(host) -> tuple[dict, dict]:
    """The room's record and the engine's own end of the round: the game replayed from that
    record (its seed, options and every move logged, the computer's included)."""
    db = sqlite3.connect(f"file:{host.data_dir / 'sobremesa.sqlite3'}?mode=ro", uri=True)
    try:
        code, text = db.execute(
            "SELECT code, record FROM rooms WHERE status = 'playing'").fetchone()
        moves = db.execute("SELECT seat, action FROM actions WHERE room = ? ORDER BY n",
                           (code,)).fetchall()
    finally:
        db.close()
    record = json.loads(text)
    game = Canasta.replay(len(record["seats"]), record["options"], record["seed"],
                          [(s, json.loads(a)) for s, a in moves])
    return record, game.view(None)["last_round"]


def breakdown_rows(over) -> dict[int, dict]:
    """Each row of the TV's breakdown, by seat: its parts, the round and the running total."""
    shown = {}
    rows = over.locator(".canasta-breakdown tbody tr")
    for i in range(rows.count()):
        row = rows.nth(i)
        parts = {p: int(row.locator(f'[data-part="{p}"]').get_attribute("data-value"))
                 for p in PARTS}
        shown[int(row.get_attribute("data-seat"))] = {
            **parts, "round": int(row.locator("td.round-pts").get_attribute("data-value")),
            "total": int(row.locator("td.total").get_attribute("data-value"))}
    return shown


def test_two_phones_and_a_computer_take_the_pile_complete_canastas_and_go_out(browser, host):
    phone = browser.devices["Pixel 7"]
    names = [*NAMES, BOT]
    with page_in(browser, WAIT_MS, viewport={"width": 1920, "height": 1080}) as tv, \
            page_in(browser, WAIT_MS, **phone) as abuela, \
            page_in(browser, WAIT_MS, **phone) as tio:
        phones = [abuela, tio]
        seat_at_tv(host, tv, "canasta", list(zip(phones, NAMES, strict=True)), 3,
                   {"_deal": NIGHT}, bot_level="Normal")
        expect(tv.locator(".canasta-table-tv [data-seat]")).to_have_count(3)
        for page in phones:
            expect(page.locator(".cn-hand .cn-stack").first).to_be_visible()

        # The start: an Ace on the pile, Abuela to play, the pile hers to take.
        assert_pile(tv, "Ad", "El As de diamantes", 5)
        assert_turn(tv, phones, 0, names)
        expect(abuela.locator(".ct-seat.you .ct-need")).to_have_text("1.ª bajada 50")
        expect(act(abuela, "draw")).not_to_have_attribute("data-at-rest", "")
        expect(act(abuela, "take_pile")).to_have_text("Coger el montón")
        expect(act(abuela, "take_pile")).not_to_have_attribute("data-at-rest", "")
        expect(act(tio, "draw")).to_have_attribute("data-at-rest", "")

        # Coger el montón: the two Aces and the top one make 60 of her 50.
        act(abuela, "take_pile").click()
        composer = abuela.locator(".cn-composer")
        expect(composer.locator('.slot[data-slot="0"] .slot-card')).to_have_count(2)
        expect(composer.locator(".cn-progress")).to_have_text("Llevas 60 de 50: ¡ya llega!")
        act(abuela, "send_pile").click()
        expect(meld(abuela, ABUELA_ACES)).to_have_attribute("title", "3 cartas de A")
        expect(tv.locator('[data-pile="pile"] .pile-none')).to_be_visible()     # the pile is hers
        expect(seat(tv, 0).locator(".ct-need")).to_have_text("Ya ha bajado")
        expect(tv.locator(".canasta-call .call-sub")).to_have_text("Baja y descarta")

        # The four other Aces (two from her hand, two from the pile) make a red canasta.
        tap(abuela, "A")
        expect(stack(abuela, "A").locator(".cn-picked")).to_have_text("4 de 4")
        meld(abuela, ABUELA_ACES).click()
        expect(meld(abuela, ABUELA_ACES)).to_have_attribute("title", "7 cartas de A")
        canasta = seat(tv, 0).locator(f'[data-meld="{ABUELA_ACES}"]')
        expect(canasta).to_have_class(re.compile(r"\bcanasta\b.*\bkind-red\b"))
        expect(canasta.locator(".ct-kind")).to_have_text("Roja")
        expect(canasta.locator(".ct-count")).to_have_text("7")
        expect(seat(tv, 0).locator('.ct-kind-box[data-kind="red"]')).to_have_text("1")
        expect(tv.locator("#toasts")).to_contain_text("¡Abuela: canasta roja!")
        # The phones name it in words on her row: hers, and Tío's (her row there too).
        for page in phones:
            expect(page.locator('.ct-seat[data-seat="0"] .ct-canastas')).to_have_text(
                "Canastas:1 roja")
            expect(page.locator('.ct-seat[data-seat="0"] .ct-canasta')).to_have_attribute(
                "data-kind", "red")
        # Her phone offers the kitty; she looks at it and closes it.
        expect(abuela.locator(".cn-hint")).to_have_text("¡Puedes mirar tu gatito!")
        abuela.locator('[data-kitty="open"]').click()
        expect(abuela.locator(".cn-kitty .mini")).to_have_count(11)
        abuela.locator('[data-kitty="close"]').click()
        expect(seat(tv, 0).locator("[data-kitty]")).to_contain_text("puede mirarlo")

        # She discards her 4 and takes the kitty; then it is Tío's turn.
        tap(abuela, "4")
        act(abuela, "discard").click()
        assert_pile(tv, "4c", "El 4 de tréboles", 1)
        expect(tv.locator(".canasta-call .call-sub")).to_have_text("Decide si coge su gatito")
        expect(tio.locator(".cn-turn")).to_have_text("Le toca a Abuela")
        act(abuela, "take_kitty").click()
        expect(seat(tv, 0).locator("[data-kitty]")).to_have_text("Gatito cogido")
        expect(abuela.locator('[data-kitty="open"]')).to_be_hidden()
        expect(tio.locator('.ct-seat[data-seat="0"] [data-kitty]')).to_have_text("Gatito cogido")
        expect(tio.locator('.ct-seat[data-seat="2"] [data-kitty]')).to_have_text(
            "Gatito: 11 cartas")
        expect(tio.locator('.ct-seat[data-seat="1"] [data-kitty]')).to_have_text("Gatito cogido")
        assert sum(hand_ranks(abuela).values()) == 10 + 11           # her 10 cards and the kitty
        assert_turn(tv, phones, 1, names)

        # Tío draws two and lets his 5 go; then the computer plays.
        draw_and_discard(tio, "5")
        feed = tv.locator(".feed .feed-item .text")
        expect(feed.filter(has_text="Tío descarta el 5 de tréboles")).to_have_count(1)
        assert_turn(tv, phones, 0, names)                  # Robotina has played her turn
        expect(feed.filter(has_text=f"{BOT} roba 2 del mazo")).to_have_count(1)
        expect(feed.filter(has_text=f"{BOT} descarta")).to_have_count(1)
        expect(tv.locator('[data-pile="pile"] .pile-count')).to_have_text("3 cartas")

        # Abuela draws and discards a 5; Tío's turn again.
        draw_and_discard(abuela, "5")
        assert_turn(tv, phones, 1, names)

        # Tío draws the Jack and six he needs: the seventh King makes his red canasta, then he
        # melds his 8s and Jacks and goes out on the six.
        act(tio, "draw").click()
        expect(act(tio, "discard")).to_be_visible()
        tap(tio, "K")
        act(tio, "add").click()
        meld(tio, TIO_KINGS).click()
        expect(meld(tio, TIO_KINGS)).to_have_attribute("title", "7 cartas de K")
        expect(seat(tv, 1).locator('.ct-kind-box[data-kind="red"]')).to_have_text("1")
        expect(seat(tv, 1).locator(".ct-meld.canasta")).to_have_count(4)
        act(tio, "meld").click()
        expect(tio.locator(".cn-composer .slot-card")).to_have_count(6)       # 8s and Jacks
        act(tio, "send_meld").click()
        expect(tio.locator(".cn-hand .cn-stack")).to_have_count(1)
        expect(act(tio, "discard")).to_be_visible()
        pick_to_discard(tio, "6")
        act(tio, "discard").click()

        # The round's end on the TV, against the engine's figures.
        over = tv.locator(".round-over.canasta-over")
        expect(over).to_be_visible()
        expect(over.locator("h1")).to_have_text("Fin de la ronda 1")
        expect(over.locator(".ro-closer")).to_contain_text("Tío cierra (+100)")
        expect(over.locator(".canasta-breakdown tbody tr")).to_have_count(3)
        record, engine = replayed(host)
        assert [seat["bot"] for seat in record["seats"]] == [None, None, "normal"]
        assert engine["out"] == 1
        shown = breakdown_rows(over)
        for s in range(3):
            parts = {k: v for k, v in engine["breakdown"][s].items() if k != "total"}
            assert shown[s] == {**parts, "round": engine["points"][s],
                                "total": engine["totals"][s]}, (s, shown[s], engine)
            assert shown[s]["round"] == sum(parts.values())
            assert shown[s]["total"] == NIGHT["scores"][s] + shown[s]["round"]
        # What the deal fixes, added up by hand: Tío's cards melded (black 120, wild 200,
        # sevens 35, Kings 70, 8s 30, Jacks 30), his four canastas, red 3 and going out;
        # Abuela's seven Aces and their red canasta, her kitty taken.
        assert {p: shown[1][p] for p in PARTS} == {
            "melds": 485, "bonuses": 3300, "red_threes": 100, "going_out": 100, "hand": 0,
            "kitty": 0}
        assert (shown[0]["melds"], shown[0]["bonuses"], shown[0]["kitty"]) == (140, 500, 0)
        order = [int(s) for s in over.locator(".canasta-breakdown tbody tr").evaluate_all(
            "rows => rows.map(r => r.dataset.seat)")]
        assert order == sorted(range(3), key=lambda s: -engine["totals"][s])   # highest first
        tio_row = over.locator('.canasta-breakdown tr[data-seat="1"]')
        expect(tio_row.locator('[data-part="bonuses"]')).to_have_text("+3.300")
        expect(tio_row.locator("td.total")).to_have_text("8.585")
        assert not CARD_CODE.findall(tv.locator("body").inner_text())
        shot(tv, "round-end")
        for page in phones:
            expect(page.locator(".results h2")).to_have_text("Fin de la ronda 1")
            expect(page.locator(".canasta-breakdown tbody tr")).to_have_count(3)


def test_a_match_to_5000_ends_on_the_podium_highest_total_first(browser, host):
    """Abuela discards her last card and goes out: past 5,000 the match is over, and the TV
    shows the podium with the engine's totals, highest first (not in seat order)."""
    engine = Canasta.new(3, {"target": 5000, "_deal": LAST})
    engine.apply(0, {"type": "discard", "card": "9c"})
    totals = engine.view(None)["result"]["scores"]
    assert totals[0] > totals[2] > totals[1] and totals[0] >= 5000
    with page_in(browser, WAIT_MS, viewport={"width": 1920, "height": 1080}) as tv, \
            page_in(browser, WAIT_MS, **browser.devices["Pixel 7"]) as abuela:
        seat_at_tv(host, tv, "canasta", [(abuela, "Abuela")], 3, {"target": 5000, "_deal": LAST})
        expect(tv.locator(".canasta-target")).to_contain_text("5.000")
        expect(act(abuela, "discard")).to_be_visible()
        pick_to_discard(abuela, "9")
        act(abuela, "discard").click()
        podium = tv.locator(".canasta-game-over .podium")
        expect(podium).to_be_visible()
        expect(tv.locator(".winner-line")).to_have_text("¡Gana Abuela!")
        for place, (s, name) in enumerate([(0, "Abuela"), (2, "Chispas"), (1, "Robotina")], 1):
            step = podium.locator(f".place-{place}")
            expect(step.locator(".podium-who")).to_contain_text(name)
            grouped = f"{totals[s]:,}".replace(",", ".")            # "6.885 pts", as the table
            expect(step.locator(".podium-score")).to_have_text(f"{grouped} pts")
        expect(tv.locator(".canasta-game-over .lowest")).to_have_text("1 ronda")
        expect(abuela.locator(".results .winner")).to_have_text("¡Has ganado!")
        tv.locator(".replay-layer .replay-close").click()    # the evening's moments play first
        expect(tv.locator(".replay-layer")).to_be_hidden()
        shot(tv, "podium")
