"""Canasta Ferroviaria on a phone (a Pixel 7), in a real browser, with explicit deals (Abuela in
seat 0 plays first against one computer player): she draws two, melds in the composer with her
progress toward the first meld's requirement (refused below it in the engine's words, laid once
it is met; a tap on a stack takes it whole, the next one card fewer), adds to her meld with a
tap on it, discards; she takes the pile with the two naturals preselected and the further meld
the engine proposes for her requirement; a button at rest says the engine's reason; a kitty
that may be seen is shown, and after the discard taken or left. Six at the table on a 360×640
phone: one row per player says in words what the engine's view holds. Then the one-device page
at 360×640.

With SOBREMESA_SCREENS=1 the moments are saved to docs/screens/phone-canasta-*.png."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from engine.canasta import Canasta
from tests.browser import canasta_table
from tests.browser.canasta_rooms import CanastaRoom, act, hand_ranks, meld, stack
from tests.browser.pages import page_in
from tests.live import ROOT

WAIT_MS = 10000
SCREENS = ROOT / "docs" / "screens"
BOT = "4s 4c 5h 6h 6d 8c 8d Jc Jd 10c 10s"


def deal(hand: str, stock: str = "", pile: str = "7c", **more) -> dict:
    return {"hands": [hand, BOT], "stock": stock, "pile": pile, "turn": 0, "dealer": 1,
            "fill": True, **more}


def shot(page: Page, name: str) -> None:
    if os.environ.get("SOBREMESA_SCREENS"):
        page.wait_for_timeout(400)
        page.screenshot(path=str(SCREENS / f"phone-canasta-{name}.png"))


def phone(browser, small: bool = False):
    if small:
        return page_in(browser, WAIT_MS, viewport={"width": 360, "height": 640},
                       device_scale_factor=2, is_mobile=True, has_touch=True)
    return page_in(browser, WAIT_MS, **browser.devices["Pixel 7"])


def tap(page: Page, rank: str, times: int = 1) -> None:
    for _ in range(times):
        stack(page, rank).click()


def test_draw_meld_to_the_requirement_add_to_a_meld_and_discard(browser, host):
    with phone(browser) as page:
        room = CanastaRoom(host, page, deal("Kh Kd Ks Kc 9h 9d 9s Qc 5c 6d Jh", stock="4h 4d"),
                           players=2)
        expect(page.locator(".cn-turn.mine")).to_be_visible()
        # One row per player, the only list of players: hers without a card count (her cards
        # are her hand), Robotina's with her 11.
        expect(page.locator(".seat-strip")).to_have_count(0)
        expect(page.locator(".canasta-table-phone .ct-seat")).to_have_count(2)
        you = page.locator(".canasta-table-phone .ct-seat.you")
        expect(you).to_have_attribute("data-seat", "0")
        expect(you.locator(".ct-need")).to_have_text("1.ª bajada 50")
        expect(you.locator(".ct-score")).to_have_text("0 pts")
        expect(you.locator(".ct-hand")).to_have_count(0)
        robotina = page.locator('.canasta-table-phone .ct-seat[data-seat="1"]')
        expect(robotina.locator(".ct-name")).to_have_text("Robotina")
        expect(robotina.locator(".ct-hand")).to_have_text("11 cartas")
        expect(robotina.locator(".ct-score")).to_have_text("0 pts")
        expect(robotina.locator(".ct-need")).to_have_text("1.ª bajada 50")
        expect(robotina.locator(".ct-canasta, [data-kitty]")).to_have_count(0)   # none; kitty empty
        assert hand_ranks(page) == {"K": 4, "Q": 1, "J": 1, "9": 3, "6": 1, "5": 1}
        shot(page, "draw")
        act(page, "draw").click()
        expect(stack(page, "4")).to_be_visible()
        assert hand_ranks(page)["4"] == 2
        # Three Kings: a tap takes the whole stack, the next one card fewer.
        tap(page, "K")
        expect(stack(page, "K").locator(".cn-picked")).to_have_text("4 de 4")
        tap(page, "K")
        expect(stack(page, "K").locator(".cn-picked")).to_have_text("3 de 4")
        act(page, "meld").click()
        composer = page.locator(".cn-composer")
        expect(composer.locator(".cn-progress")).to_have_text("Llevas 30 de 50")
        expect(composer.locator('.slot[data-slot="0"] .slot-card')).to_have_count(3)
        shot(page, "compose-short")
        # Below the requirement: refused in the engine's words, nothing laid.
        act(page, "send_meld").click()
        expect(page.locator("#banner")).to_have_text(
            "Te faltan 20 puntos para tu primera bajada: necesitas 50.")
        # A second meld of nines makes it up: one tap puts the three in it.
        act(page, "another").click()
        tap(page, "9")
        expect(composer.locator(".cn-progress")).to_have_text("Llevas 60 de 50: ¡ya llega!")
        shot(page, "compose-enough")
        act(page, "send_meld").click()
        expect(meld(page, 1)).to_have_attribute("title", "3 cartas de K")
        expect(meld(page, 2)).to_have_attribute("title", "3 cartas de 9")
        expect(you.locator(".ct-need")).to_have_count(0)         # her melds say she has melded
        expect(robotina.locator(".ct-need")).to_have_text("1.ª bajada 50")
        # The fourth King onto its meld: chosen, its meld lights up at once; Añadir does the
        # same with a prompt.
        tap(page, "K")
        expect(meld(page, 1)).to_have_class(re.compile(r"\bpickable\b"))
        expect(meld(page, 2)).not_to_have_class(re.compile(r"\bpickable\b"))
        act(page, "add").click()
        expect(meld(page, 1)).to_have_class(re.compile(r"\bpickable\b"))
        expect(page.locator(".cn-prompt")).to_contain_text("Rey de tréboles")
        shot(page, "add")
        meld(page, 1).click()
        expect(meld(page, 1)).to_have_attribute("title", "4 cartas de K")
        expect(stack(page, "K")).to_have_count(0)
        # Discard the five: the turn goes to the computer.
        tap(page, "5")
        act(page, "discard").click()
        expect(stack(page, "5")).to_have_count(0)
        expect(page.locator(".cn-turn.mine")).to_have_count(0)
        expect(page.locator(".cn-pile")).to_have_attribute("data-pile", "pile")
        room.close()


def test_take_the_pile_with_two_naturals_and_the_melds_the_requirement_asks(browser, host):
    with phone(browser) as page:
        room = CanastaRoom(host, page, deal("Qs Qd As Ad Ac 9h 5c 6d Jh 8h 10h", pile="4c Qh"),
                           players=2)
        top = page.locator(".cn-pile .cn-pile-card")
        expect(top).to_have_attribute("title", "Reina de corazones")
        take = act(page, "take_pile")
        expect(take).not_to_have_attribute("data-at-rest", "")
        take.click()
        composer = page.locator(".cn-composer")
        # The two Queens chosen already, with the pile's Queen, and the three Aces the engine
        # proposes for the requirement.
        expect(composer.locator('.slot[data-slot="0"] .slot-card')).to_have_count(2)
        expect(composer.locator('.slot[data-slot="0"] .slot-top')).to_be_visible()
        expect(composer.locator('.slot[data-slot="1"] .slot-card')).to_have_count(3)
        expect(composer.locator(".cn-progress")).to_have_text("Llevas 90 de 50: ¡ya llega!")
        expect(stack(page, "Q")).to_have_count(0)
        expect(stack(page, "A")).to_have_count(0)
        # Taken out (a tap each), the requirement is not met; a tap on the stack puts all back.
        for _ in range(3):
            composer.locator('.slot[data-slot="1"] .slot-card').first.click()
        expect(composer.locator(".cn-progress")).to_have_text("Llevas 30 de 50")
        shot(page, "pile-short")
        tap(page, "A")
        expect(composer.locator(".cn-progress")).to_have_text("Llevas 90 de 50: ¡ya llega!")
        shot(page, "pile-enough")
        act(page, "send_pile").click()
        expect(meld(page, 1)).to_have_attribute("title", "3 cartas de Q")
        expect(meld(page, 2)).to_have_attribute("title", "3 cartas de A")
        expect(stack(page, "4")).to_be_visible()          # the pile's other card, in the hand
        expect(page.locator(".cn-pile")).to_contain_text("Montón vacío")
        assert act(page, "discard").is_visible()
        room.close()


def test_a_button_at_rest_says_the_engines_reason_and_the_top_card_joins_your_meld(browser, host):
    with phone(browser) as page:
        room = CanastaRoom(host, page, deal("9h 5c 6d Jh 8h", pile="4c Kc",
                                            melds=[[0, "Kh Kd Ks"]]), players=2)
        take = act(page, "take_pile")
        expect(take).to_have_attribute("data-at-rest", "")
        expect(page.locator(".cn-hint")).to_have_text("Roba 2 cartas o coge la de arriba")
        take.click(force=True)                     # at rest: aria-disabled, still tappable
        expect(page.locator("#banner")).to_have_text(
            "Para coger el montón necesitas dos cartas naturales de Reyes en la mano.")
        act(page, "take_top").click()
        expect(meld(page, 1)).to_have_attribute("title", "4 cartas de K")
        expect(act(page, "discard")).to_be_visible()
        # Discarding with two cards chosen: the hand says to choose one.
        tap(page, "9")
        tap(page, "8")
        act(page, "discard").click(force=True)     # aria-disabled until one card is chosen
        expect(page.locator("#banner")).to_have_text("Elige una sola carta para descartar")
        room.close()


def test_a_kitty_that_may_be_seen_is_offered_and_shown(browser, host):
    kitty = "4h 4d 5s 5h 6c 6s 8s 8h Jd Js Qc"
    with phone(browser) as page:
        room = CanastaRoom(host, page, deal("9h 5c 6d Jh 8h", kitties=[kitty, ""],
                                            kitty_seen=[0]), players=2)
        expect(page.locator(".cn-hint")).to_have_text("¡Puedes mirar tu gatito!")
        page.locator('[data-kitty="open"]').click()
        box = page.locator(".cn-kitty")
        expect(box).to_contain_text("Tu gatito (11 cartas)")
        expect(box.locator(".mini")).to_have_count(11)
        shot(page, "kitty")
        box.locator('[data-kitty="close"]').click()
        expect(box).to_have_count(0)
        room.close()


def test_after_the_discard_the_kitty_is_taken_or_left_on_the_phone(browser, host):
    """The discard that follows a non-black canasta offers the kitty: its cards over «Coger el
    gatito» and «Dejarlo», nothing else to press; taken, its cards join the hand (in English
    too, the words are the player's)."""
    kitty = "4h 4d 5s 5h 6c 6s 8s 8h Jd Js Qc"
    with phone(browser) as page:
        room = CanastaRoom(host, page, deal("9h 5c 6d Jh 8h", stock="10h 10d",
                                            kitties=[kitty, ""], kitty_seen=[0]), players=2)
        act(page, "draw").click()
        expect(stack(page, "10")).to_be_visible()
        tap(page, "9")
        act(page, "discard").click()
        choice = page.locator('.cn-prompt[data-kitty="choice"]')
        expect(choice).to_contain_text("Tu gatito, 11 cartas:")
        expect(choice.locator(".mini")).to_have_count(11)
        expect(page.locator(".cn-actions .act")).to_have_text(["Coger el gatito", "Dejarlo"])
        expect(page.locator(".cn-hint")).to_have_text(
            "¿Coges tu gatito? Si lo dejas, cuenta en contra al final")
        expect(page.locator('.cn-kitty-btn')).to_be_hidden()
        before = sum(hand_ranks(page).values())
        act(page, "take_kitty").click()
        expect(choice).to_have_count(0)
        expect(page.locator(".cn-turn.mine")).to_have_count(0)
        expect(page.locator('.ct-seat.you [data-kitty]')).to_have_text("Gatito cogido")
        page.wait_for_function(
            f"() => [...document.querySelectorAll('.cn-hand .cn-stack')].reduce((n, s) => n + "
            f"Number((s.querySelector('.cn-count')?.textContent || '×1').slice(1)), 0) === "
            f"{before + 11}")
        room.close()


KINDS = {"red": ("roja", "rojas"), "black": ("negra", "negras"), "wild": ("de comodines",) * 2,
         "sevens": ("de sietes",) * 2}
MEASURE = (Path(__file__).parent / "phone_measure.js").read_text()

# Each row as drawn: its seat, the words in its head and chips, and whatever of it (or of the
# page) runs past its edges.
ROWS = """() => [...document.querySelectorAll('.canasta-table-phone .ct-seat')].map((row) => {
    const box = row.getBoundingClientRect();
    const text = (sel) => [...row.querySelectorAll(sel)].map((e) => e.textContent);
    const parts = row.querySelectorAll('.ct-head > *, .ct-fact, .ct-canastas > *');
    const out = [...parts].filter((e) => {
        const r = e.getBoundingClientRect();
        return r.left < box.left - 0.5 || r.right > box.right + 0.5
            || e.scrollWidth > e.clientWidth + 1;
    }).map((e) => e.textContent);
    return {seat: Number(row.dataset.seat), name: text('.ct-name')[0], hand: text('.ct-hand'),
            score: text('.ct-score'), need: text('.ct-need'), kitty: text('[data-kitty]'),
            red3s: text('.ct-red3s'), label: text('.ct-canastas-label'),
            canastas: [...row.querySelectorAll('.ct-canasta')].map(
                (e) => [e.dataset.kind, e.textContent]),
            out, wide: row.scrollWidth > row.clientWidth + 1};
})"""


def expected_row(player: dict, you: bool) -> dict:
    """What a row says of the engine's view of one player, in the phone's Spanish words."""
    def pts(n: int) -> str:
        return ("−" if n < 0 else "") + f"{abs(n):,}".replace(",", ".")
    kinds = [(k, f"{n} {KINDS[k][n > 1]}") for k, n in player["canastas"].items() if n]
    need = [] if player["melded"] else [f"1.ª bajada {pts(player['requirement'])}"]
    kitty = ["Gatito cogido"] if player["kitty_taken"] \
        else [f"Gatito: {player['kitty']} cartas"] if player["kitty"] else []
    threes = len(player["red_threes"])
    return {"seat": player["seat"], "hand": [] if you else [f"{player['cards']} cartas"],
            "score": [f"{pts(player['score'])} pts"], "need": need, "kitty": kitty,
            "red3s": [f"{threes} treses rojos" if threes > 1 else "1 tres rojo"] if threes else [],
            "label": ["Canastas:"] if kinds else [], "canastas": [list(k) for k in kinds]}


def test_six_at_the_table_one_row_each_in_words_on_a_small_phone(browser, host, tv):
    """Canasta's most players on a 360×640 phone: one row per player, hers first, each saying
    what the engine's view holds (cards held, points, the first meld's requirement until
    melded, canastas done by kind, kitty, red 3s) in Spanish words; no row runs past the
    screen's edge, no text under 14 px, the hand and its buttons whole on the screen with more
    room than the list of players above the table left it (182 px of the screen's height)."""
    view = Canasta.new(6, {"_deal": canasta_table.SIX}).view(None)
    with phone(browser, small=True) as page:
        canasta_table.open_room(host, tv, page, 6, canasta_table.SIX)
        expect(page.locator(".cn-turn.mine")).to_be_visible()
        expect(page.locator(".canasta-table-phone .ct-seat")).to_have_count(6)
        page.wait_for_timeout(300)
        rows = page.evaluate(ROWS)
        assert [r["seat"] for r in rows] == [0, 1, 2, 3, 4, 5]
        assert [r["name"] for r in rows] == ["Abuela", "Robotina", "Chispas", "Tuerca",
                                             "Bombilla", "Pixel"]
        for row, player in zip(rows, view["players"], strict=True):
            drawn = {k: row[k] for k in ("seat", "hand", "score", "need", "kitty", "red3s",
                                         "label", "canastas")}
            assert drawn == expected_row(player, player["seat"] == 0), row
            assert not row["out"] and not row["wide"], row
        # (the deal is read right: a kitty face down, one taken, none; canastas named)
        assert rows[1]["kitty"] == ["Gatito: 11 cartas"] and rows[2]["kitty"] == ["Gatito cogido"]
        assert rows[0]["canastas"] == [["red", "1 roja"], ["black", "1 negra"],
                                       ["wild", "1 de comodines"], ["sevens", "1 de sietes"]]
        assert rows[3]["canastas"] == [] and rows[4]["need"] == ["1.ª bajada 150"]
        found = page.evaluate(MEASURE)
        small = [x for x in found["texts"] if x["px"] < 14]
        assert not small, small
        sideways = page.evaluate("() => document.documentElement.scrollWidth > innerWidth")
        assert not sideways
        hand = page.evaluate("""() => {
            const parts = [...document.querySelectorAll('.cn-hand .hand-card, .cn-actions button')];
            const bar = document.querySelector('.cn-handbar').getBoundingClientRect();
            const off = parts.filter((e) => {
                const r = e.getBoundingClientRect();
                return r.top < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5;
            });
            return {room: innerHeight - bar.top, off: off.length, n: parts.length};
        }""")
        assert hand["n"] == 6 + 3 and hand["off"] == 0 and hand["room"] > 182, hand
        shot(page, "six-360x640")


def test_the_round_end_on_a_small_phone_shows_every_total_in_sight(browser, host, tv):
    """Robotina goes out: the phone's breakdown puts the round's points and the total beside
    each name (the round's parts in words under it), the engine's totals, whole on a 360×640
    screen."""
    last = canasta_table.engine_round_end(canasta_table.ENDING)
    with phone(browser, small=True) as page:
        canasta_table.open_room(host, tv, page, 3, canasta_table.ENDING)
        rows = page.locator(".canasta-breakdown tbody tr")
        expect(rows).to_have_count(3, timeout=30000)
        page.wait_for_timeout(300)
        cells = rows.evaluate_all("""rows => rows.map((row) => ({
            seat: Number(row.dataset.seat),
            order: [...row.cells].slice(1, 3).map((c) => c.classList[0]),
            total: row.querySelector('.total').textContent,
            right: row.querySelector('.total').getBoundingClientRect().right}))""")
        width = page.evaluate("() => innerWidth")
        for row in cells:
            total = last["totals"][row["seat"]]
            words = ("−" if total < 0 else "") + f"{abs(total):,}".replace(",", ".")
            assert row["order"] == ["round-pts", "total"], row
            assert row["total"] == words, row
            assert row["right"] <= width, row


SOLO_SCREENS = {"360x640": {"width": 360, "height": 640},
                "1366x768": {"width": 1366, "height": 768}}


@pytest.mark.parametrize("screen", list(SOLO_SCREENS))
def test_a_game_against_the_computer_on_one_device_plays_a_few_turns(browser, host, screen):
    """The one-device page on a small phone and on a laptop: the seats bar instead of the strip,
    the same hand; on the laptop the TV's table (every player's area inside the page). Draw two
    and discard, a few turns, the computer playing in between."""
    size = SOLO_SCREENS[screen]
    small = size["width"] < 1000
    opened = phone(browser, small=True) if small else page_in(browser, WAIT_MS, viewport=size)
    with opened as page:
        page.goto(host.url + "/solo")
        page.locator('.tile[data-game="canasta"]').click()
        page.locator("#solo-start").click()
        expect(page.locator(".cn-hand .cn-stack").first).to_be_visible()
        expect(page.locator(".seat-strip")).to_have_count(0)
        seats = page.locator(".solo-seat").count()
        assert seats >= 2, seats
        if small:       # the phone's rows: cards held by the others, everyone's points
            rows = page.locator(".canasta-table-phone .ct-seat")
            expect(rows).to_have_count(seats)
            expect(rows.locator(".ct-hand")).to_have_count(seats - 1)
            expect(rows.locator(".ct-score")).to_have_count(seats)
        if not small:
            expect(page.locator(".canasta-table-tv .ct-seat")).to_have_count(seats)
            # (read in one go: the table is drawn again as the computer plays)
            boxes = page.locator(".canasta-table-tv .ct-seat").evaluate_all(
                "areas => areas.map(a => a.getBoundingClientRect().toJSON())")
            for box in boxes:
                assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 1, box
                assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 1, box
        turns = 0
        while turns < 3:
            expect(page.locator(".cn-turn.mine")).to_be_visible(timeout=3 * WAIT_MS)
            before = sum(hand_ranks(page).values())
            act(page, "draw").click()
            expect(act(page, "discard")).to_be_visible()
            # Two more (a red 3 drawn is laid apart and replaced).
            assert sum(hand_ranks(page).values()) == before + 2
            if turns == 0 and small:
                shot(page, f"solo-{screen}")
            elif turns == 0 and os.environ.get("SOBREMESA_SCREENS"):
                page.wait_for_timeout(400)
                page.screenshot(path=str(SCREENS / f"solo-canasta-{screen}.png"))
            page.locator('.cn-hand .cn-stack:not([data-rank="7"])').first.click()   # 7s stay
            act(page, "discard").click()
            expect(act(page, "draw")).to_be_visible()
            turns += 1
        expect(page.locator(".cn-stock")).to_contain_text("Mazo")
