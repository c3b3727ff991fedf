"""Keyboard play on the one-device page (/solo) at 1366×768: a round of Ferrocarril against two
computer players played with the keyboard only (page.keyboard: no click once the game is on),
with a ¡Compro! the player wins.

The deal makes every card the player sees known (the computer players are "facil": they buy
only a card that completes a group they hold all but one of, which this deal never offers
them, so the stock is drawn in order). The player, Abuela, is seat 0; seat 2 deals.
  upturned 7b      Abuela has the first priority: C (¡Compro!) buys it in her turn, with 8c 8e
                   from the stock in place of her draw; she discards Rb
  seats 1 and 2    draw 2o and 2c and discard; Abuela passes each window with P
  Abuela           R draws 7b; S, S goes down with the eight sevens; N lays six eights; A, →,
                   Enter adds the 8b to them; C closes with the Ao: the round ends, −10 for her
"""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import page_in
from tests.browser.test_game_night import explicit_deal

WAIT_MS = 10000
LAPTOP = {"width": 1366, "height": 768}
SCREENSHOT = "/tmp/solo-keyboard-1366x768.png"

HANDS = [
    "7o 7c 7e 7o 7c 7e 8o 8c 8e 8b 8o Rb Ao",        # Abuela
    "3o 3c 4o 4c 5o 5c 6o 6c So Sc Co Cc Ro",        # computer, seat 1
    "3e 3b 4e 4b 5e 5b 6e 6b Se Sb Ce Cb Re",        # computer, seat 2
]
UPTURNED = "7b"
STOCK_TOP = "8c 8e 2o 2c 7b"
SEVENS = ["7o#0", "7o#1", "7c#0", "7c#1", "7e#0", "7e#1", "7b#0", "7b#1"]
EIGHTS = ["8o#0", "8o#1", "8c#0", "8c#1", "8e#0", "8e#1"]

OVERLAY = ".fc-buy:not(.hidden)"
# Abuela's combinations on the table, drawn as on the phone or as on the TV.
MY_MELDS = '.fc-middle :is(.trow.me, .player-row[data-seat="0"]) .meld'


@pytest.fixture
def laptop(browser, host):
    with page_in(browser, WAIT_MS, viewport=LAPTOP) as page:
        yield page


# ----- the keyboard ------------------------------------------------------------------------------


def focused(page: Page) -> str | None:
    """The data-id of the focused element (a hand card), else None."""
    return page.evaluate("() => document.activeElement?.dataset?.id ?? null")


def hand_ids(page: Page) -> list[str]:
    return page.locator(".fc-hand .hand-card").evaluate_all("cards => cards.map(c => c.dataset.id)")


def card(page: Page, card_id: str):
    return page.locator(f'.fc-hand .hand-card[data-id="{card_id}"]')


def focus_card(page: Page, card_id: str):
    """Home, then → until the card has the focus."""
    page.keyboard.press("Home")
    for _ in range(len(hand_ids(page)) + 1):
        if focused(page) == card_id:
            return
        page.keyboard.press("ArrowRight")
    assert focused(page) == card_id, (card_id, focused(page), hand_ids(page))


def select(page: Page, card_id: str, key: str = "Space"):
    focus_card(page, card_id)
    page.keyboard.press(key)
    expect(card(page, card_id)).to_have_attribute("aria-pressed", "true")
    # The hand was drawn again: the focus stayed on the same card.
    assert focused(page) == card_id


def expect_hand_size(page: Page, n: int):
    page.wait_for_function(
        "n => document.querySelectorAll('.fc-hand .hand-card').length === n", arg=n)


def active(page: Page, script: str):
    """`script` (a function of the focused element) evaluated in the page."""
    return page.evaluate(f"() => ({script})(document.activeElement)")


def enabled(page: Page, act: str):
    """Wait until the engine allows the action button `act` (it may still say why the selection
    does not fit it)."""
    page.wait_for_function(
        "act => document.querySelector(`.fc-actions [data-act=\"${act}\"]:not([data-at-rest])`)",
        arg=act)


def pass_window(page: Page, seat: int):
    """P in the ¡Compro! window of `seat`'s discard."""
    name = page.locator(f'.solo-seat[data-seat="{seat}"] .solo-seat-name').text_content()
    overlay = page.locator(OVERLAY)
    expect(overlay.locator(".buy-sub")).to_have_text(f"La ha tirado {name}", timeout=20000)
    expect(overlay.locator(".paso")).to_have_attribute("data-key", "p")
    expect(overlay.locator(".paso")).to_be_enabled()
    page.keyboard.press("p")
    expect(page.locator(OVERLAY, has_text=f"La ha tirado {name}")).to_have_count(0)


# ----- the game ---------------------------------------------------------------------------------


def start_game(page: Page, url: str):
    """The entry with the deal kept as the last choice (the options a device remembers), then
    the name and Empezar."""
    deal = explicit_deal(HANDS, UPTURNED, STOCK_TOP, dealer=2)
    last = {"game": "ferrocarril", "bots": 2, "level": "facil",
            "options": {"buy_seconds": 10, "_deal": deal}}
    page.goto(url + "/solo")
    page.evaluate("last => localStorage.setItem('sobremesa.solo.last', JSON.stringify(last))", last)
    page.reload()
    expect(page.locator('.tile[data-game="ferrocarril"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator('[data-opponent="all"] [data-level="facil"]')).to_have_attribute(
        "aria-pressed", "true")
    page.locator("#solo-name").fill("Abuela")
    page.locator("#solo-start").click()
    expect(page.locator("body")).to_have_attribute("data-screen", "game")
    stored = json.loads(page.evaluate("() => localStorage.getItem('sobremesa.solo')"))
    assert stored[0]["game"] == "ferrocarril"


def test_a_round_of_ferrocarril_played_with_the_keyboard_only(laptop, host):
    page = laptop
    start_game(page, host.url)
    expect(page.locator(".solo-seat")).to_have_count(3)
    expect_hand_size(page, 13)
    assert "7b#0" not in hand_ids(page)

    # The upturned 7b is for sale. While the window is open only its keys count: the hand's
    # Space does nothing under it.
    overlay = page.locator(OVERLAY)
    expect(overlay.locator(".buy-card")).to_be_visible()
    expect(overlay.locator(".compro")).to_have_attribute("data-key", "c")
    page.keyboard.press("ArrowRight")           # the focus goes to the overlay's first button
    assert active(page, "el => el.dataset.act") == "buy"
    page.keyboard.press("ArrowDown")
    assert active(page, "el => el.dataset.act") == "pass"
    page.keyboard.press("c")                    # ¡Compro! (whatever has the focus)
    expect(overlay.locator(".buy-outcome.won")).to_have_text("¡Es tuya! Y 2 más del mazo")
    # The bought card arrived in the hand, with two more from the stock.
    expect(card(page, "7b#0")).to_have_count(1)
    expect(card(page, "8c#1")).to_have_count(1)
    expect(card(page, "8e#1")).to_have_count(1)
    expect_hand_size(page, 16)
    expect(page.locator(OVERLAY)).to_have_count(0)

    # In the player's turn, without drawing. D with no card chosen says why (the button can act
    # once one card is chosen); Alt+D, a key with a modifier, does nothing.
    discard = page.locator('.fc-actions [data-act="discard"]')
    expect(discard).to_have_attribute("data-key", "d")
    expect(discard).to_have_attribute("aria-disabled", "true")
    page.keyboard.press("d")
    expect(page.locator("#banner")).to_have_text("Elige una sola carta para descartar.")
    # Enter chooses a card too; Esc clears the choice.
    select(page, "Ao#0", key="Enter")
    page.keyboard.press("Alt+d")
    page.wait_for_timeout(300)
    expect_hand_size(page, 16)
    page.keyboard.press("Escape")
    expect(card(page, "Ao#0")).to_have_attribute("aria-pressed", "false")
    # ← and → move between the cards; Space chooses; D discards the Rey de bastos.
    select(page, "Rb#0")
    assert hand_ids(page)[-1] == "Rb#0"
    page.keyboard.press("ArrowLeft")
    assert focused(page) == "8b#0"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")            # the last card: the focus stays
    assert focused(page) == "Rb#0"
    page.keyboard.press("d")
    expect_hand_size(page, 15)
    expect(card(page, "Rb#0")).to_have_count(0)
    # The discarded card's place goes to its neighbour: keyboard play keeps its place.
    assert focused(page) == "8b#0"

    # The computer players' turns: the hand is drawn again with each state, the focus stays on
    # the same card; a Space under the window's overlay chooses nothing.
    focus_card(page, "Ao#0")
    expect(page.locator(OVERLAY)).to_be_visible(timeout=20000)   # seat 1's discard
    assert focused(page) == "Ao#0"
    page.keyboard.press("Space")
    expect(card(page, "Ao#0")).to_have_attribute("aria-pressed", "false")
    pass_window(page, 1)
    pass_window(page, 2)

    # Abuela's turn: R draws; a key typed in a field does nothing, and the key of a button at
    # rest (D before drawing) only says why.
    draw = page.locator('.fc-actions [data-act="draw"]')
    expect(draw).to_be_enabled(timeout=20000)
    expect(draw).to_have_attribute("data-key", "r")
    expect(discard).to_be_disabled()
    page.keyboard.press("d")
    expect(page.locator("#banner")).to_have_text("Primero roba una carta.")
    page.evaluate("""() => {
        const field = document.createElement('input');
        field.id = 'typing';
        document.getElementById('solo-stage').append(field);
        field.focus();
    }""")
    page.keyboard.type("r")
    page.wait_for_timeout(400)
    expect(draw).to_be_enabled()
    expect_hand_size(page, 15)
    page.evaluate("() => document.getElementById('typing').remove()")
    page.keyboard.press("r")
    expect_hand_size(page, 16)
    expect(card(page, "7b#1")).to_have_count(1)
    # ↓ goes to the (enabled) button below, ↑ back to the hand.
    page.keyboard.press("ArrowDown")
    assert active(page, "el => !!el.closest('.fc-actions')")
    page.keyboard.press("ArrowUp")
    assert focused(page) is not None

    # S (Salir) with the eight sevens chosen, then S (¡Salir!) in the composer.
    for card_id in SEVENS:
        select(page, card_id)
    page.screenshot(path=SCREENSHOT)
    salir = page.locator('.fc-actions [data-act="salir"]')
    expect(salir).to_have_attribute("data-key", "s")
    page.keyboard.press("s")
    send = page.locator('.fc-actions [data-act="send_salir"]')
    expect(send).to_be_enabled()
    expect(page.locator('.fc-actions [data-act="cancel"]')).to_have_attribute("data-key", "esc")
    expect(page.locator(".salir .slot-card")).to_have_count(8)
    page.keyboard.press("s")
    expect_hand_size(page, 8)
    expect(page.locator(MY_MELDS)).to_have_count(1)

    # N lays six eights (once Salir's answer is in: it clears the choice).
    enabled(page, "meld")
    for card_id in EIGHTS:
        select(page, card_id)
    page.keyboard.press("n")
    expect_hand_size(page, 2)
    mine = page.locator(MY_MELDS)
    expect(mine).to_have_count(2)

    # A (Añadir a…) with the 8b: the focus goes to the table's first combination; → to the
    # eights, Enter adds it there.
    enabled(page, "add")
    select(page, "8b#0")
    page.keyboard.press("a")
    expect(page.locator(".fc-middle .meld.pickable")).to_have_count(2)
    sevens, eights = (m.get_attribute("data-meld") for m in mine.all())
    page.wait_for_function("id => document.activeElement?.dataset.meld === id", arg=sevens)
    page.keyboard.press("ArrowRight")
    assert active(page, "el => el.dataset.meld") == eights
    page.keyboard.press("Enter")
    expect_hand_size(page, 1)
    expect(mine.nth(1).locator("svg.card")).to_have_count(7)

    # C closes with the last card: the round ends, Abuela closed it.
    close = page.locator('.fc-actions [data-act="close"]')
    expect(close).to_be_enabled()
    expect(close).to_have_attribute("data-key", "c")
    page.keyboard.press("c")
    expect(page.locator(".fc.ended")).to_have_count(1)
    expect(page.locator(".fc-turn")).to_have_text("Fin de la ronda 1")
    expect(page.locator(".fc-middle")).to_contain_text("¡Has cerrado! −10 puntos")
    # As on the TV, the computer players' hands show once the round is over, with their points.
    others = page.locator(".others-left .other-left")
    expect(others).to_have_count(2)
    for row in others.all():
        expect(row.locator(".left-cards .mini").first).to_be_visible()
        expect(row.locator(".other-points")).to_have_text(re.compile(r"^\+?\d+$"))
    expect(page.locator(".solo-seat.you .solo-score")).to_have_text("−10 pts")

    # S (Seguir) goes on to round 2.
    next_round = page.locator('.fc-actions [data-act="next_round"]')
    expect(next_round).to_have_attribute("data-key", "s")
    page.keyboard.press("s")
    expect(page.locator(".fc-round")).to_have_text("Ronda 2/7", timeout=20000)


def test_the_keys_show_on_the_buttons_in_the_players_language(laptop, host):
    """Every key on the screen is one character or Esc, none twice among the buttons shown;
    the badge is drawn from data-key; in English the keys are English words' letters."""
    page = laptop
    start_game(page, host.url)
    expect(page.locator(OVERLAY + " .paso")).to_be_visible()
    page.keyboard.press("p")                          # pass the upturned card
    expect(page.locator(OVERLAY)).to_have_count(0)
    draw = page.locator('.fc-actions [data-act="draw"]')
    expect(draw).to_be_enabled()

    def shown_keys():
        return page.evaluate("""() => [...document.querySelectorAll('#solo-stage [data-key]')]
            .filter(e => e.getClientRects().length).map(e => e.dataset.key).sort()""")

    assert shown_keys() == sorted(["r", "s", "d", "c", "n", "a", "m"])
    badge = page.evaluate("""() => getComputedStyle(
        document.querySelector('.fc-actions [data-act="draw"]'), '::after').content""")
    assert badge.startswith('"r"'), badge
    page.locator("#solo-lang").click()
    expect(draw).to_have_text("Draw")
    assert shown_keys() == sorted(["d", "g", "s", "c", "n", "a", "j"])
    expect(draw).to_have_attribute("data-key", "d")
    expect(page.locator('.fc-actions [data-act="discard"]')).to_have_attribute("data-key", "s")


def test_manipulacion_is_played_with_the_same_keys(laptop, host):
    """Rummy Manipulación's hand: Space picks a card, Esc puts it back, R (Robar) draws."""
    page = laptop
    page.goto(host.url + "/solo")
    page.locator('.tile[data-game="manipulacion"]').click()
    page.locator("#solo-start").click()
    draw = page.locator('.mn-actions [data-act="draw"]')
    expect(draw).to_be_enabled(timeout=60000)       # the computer players' turns first
    keys = page.evaluate("""() => [...document.querySelectorAll('.mn-actions [data-key]')]
        .map(e => `${e.dataset.act}:${e.dataset.key}`)""")
    assert keys == ["undo:d", "draw:r", "done:l"], keys
    cards = page.locator(".mn-hand .hand-card")
    before = cards.count()
    page.keyboard.press("Home")
    first = focused(page)
    page.keyboard.press("Space")
    expect(page.locator(f'.mn-hand .hand-card[data-id="{first}"]')).to_have_attribute(
        "aria-pressed", "true")
    assert focused(page) == first
    expect(page.locator('.mn-bar [data-key="n"]')).to_be_visible()    # + Nuevo grupo
    page.keyboard.press("Escape")
    expect(page.locator(f'.mn-hand .hand-card[data-id="{first}"]')).to_have_attribute(
        "aria-pressed", "false")
    page.keyboard.press("r")
    grew = "n => document.querySelectorAll('.mn-hand .hand-card').length > n"
    try:
        page.wait_for_function(grew, arg=before, timeout=3000)
    except Exception:
        # The reminder ("Tienes jugada"): R again, on the armed button, draws anyway.
        expect(page.locator('.mn-actions [data-act="draw"].armed')).to_have_attribute(
            "data-key", "r")
        page.keyboard.press("r")
        page.wait_for_function(grew, arg=before)


# ----- Tren Mexicano and Canasta ------------------------------------------------------------------


def start_dealt(page: Page, url: str, game: str, bots: int, deal: dict, hand: str):
    last = {"game": game, "bots": bots, "level": "facil", "options": {"_deal": deal}}
    page.goto(url + "/solo")
    page.evaluate("last => localStorage.setItem('sobremesa.solo.last', JSON.stringify(last))", last)
    page.reload()
    expect(page.locator(f'.tile[data-game="{game}"]')).to_have_attribute("aria-pressed", "true")
    page.locator("#solo-start").click()
    expect(page.locator("body")).to_have_attribute("data-screen", "game")
    expect(page.locator(f"{hand} .hand-card").first).to_be_visible()


def focus_on(page: Page, selector: str, keys: tuple[str, ...] = ("Home", "ArrowRight"),
             most: int = 20):
    """keys[0] once, then keys[1] until the focused element matches `selector`."""
    page.keyboard.press(keys[0])
    for _ in range(most):
        if page.evaluate("s => !!document.activeElement?.matches(s)", selector):
            return
        page.keyboard.press(keys[1])
    raise AssertionError(f"the focus never reached {selector}")


def test_tren_mexicano_played_with_the_keyboard(laptop, host):
    """6-5 fits Abuela's train (5) and the Mexican train (6): Space holds it, J says it fits two,
    ↑ reaches the lit Mexican train and Enter plays it there."""
    from tests.browser.phone_states import TR_DEAL
    page = laptop
    start_dealt(page, host.url, "tren", 3, TR_DEAL, ".tr-hand")
    tiles = page.locator(".tr-hand .hand-card")
    expect(tiles).to_have_count(15)
    focus_on(page, '.tr-hand .hand-card[data-id="6-5"]')
    page.keyboard.press("Space")
    held = page.locator('.tr-hand .hand-card[data-id="6-5"]')
    expect(held).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".tren-arm.fits")).to_have_count(2)
    page.keyboard.press("j")                      # Jugar at rest: which train?
    expect(page.locator("#banner")).not_to_be_empty()
    expect(tiles).to_have_count(15)
    focus_on(page, '.tren-arm.fits[data-train="mexican"]', ("ArrowUp", "ArrowUp"))
    page.keyboard.press("Enter")
    expect(tiles).to_have_count(14)
    expect(page.locator('.tren-arm[data-train="mexican"]')).to_have_attribute("data-open", "5")


CARDS_IN_HAND = """() => [...document.querySelectorAll('.cn-hand .cn-stack')].reduce((n, s) =>
    n + Number((s.querySelector('.cn-count')?.textContent || '×1').slice(1)), 0)"""


def test_canasta_played_with_the_keyboard(laptop, host):
    """M takes the pile (the two Queens go with its Qh, and the three Aces the engine proposes
    make the first meld's 50), M sends it; then Space on the Jacks holds the stack, D discards
    one of them and the turn passes."""
    from tests.browser.phone_states import CN_DEAL
    page = laptop
    start_dealt(page, host.url, "canasta", 2, CN_DEAL, ".cn-hand")
    expect(page.locator(".cn-turn.mine")).to_be_visible()
    expect(page.locator('.cn-actions [data-act="take_pile"]')).to_have_attribute("data-key", "m")
    page.keyboard.press("m")
    progress = page.locator(".cn-progress")
    expect(progress).to_contain_text("Llevas 90 de 50")
    page.keyboard.press("m")
    discard = page.locator('.cn-actions [data-act="discard"]')
    expect(discard).to_be_visible()
    assert page.evaluate(CARDS_IN_HAND) == 41
    focus_on(page, '.cn-hand .cn-stack[data-rank="J"]')
    page.keyboard.press("Space")
    expect(page.locator('.cn-hand .cn-stack[data-rank="J"] .cn-picked')).to_have_text("4 de 4")
    page.keyboard.press("d")
    expect(page.locator(".cn-turn.mine")).to_have_count(0)
    page.wait_for_function(f"() => ({CARDS_IN_HAND})() === 40")     # 41 after the pile, one gone


def test_canasta_kitty_left_with_the_keyboard_in_english(laptop, host):
    """After the discard that follows a red canasta the kitty's two buttons show their keys in
    the player's language; L leaves it: the table says it was left, its count still there."""
    page = laptop
    page.goto(host.url + "/solo")
    page.evaluate("() => localStorage.setItem('sobremesa.lang', 'en')")
    deal = {"hands": ["9h 9d 5c 6d Jh 8h", "4s 5s 6s 7s"], "kitties": ["4h 4d 5s Jd Qc", ""],
            "kitty_seen": [0], "pile": "7c", "turn": 0, "dealer": 1, "fill": True}
    start_dealt(page, host.url, "canasta", 1, deal, ".cn-hand")
    expect(page.locator(".cn-turn.mine")).to_be_visible()
    page.keyboard.press("d")                                   # Draw 2
    expect(page.locator('.cn-actions [data-act="discard"]')).to_be_visible()
    focus_on(page, '.cn-hand .cn-stack[data-rank="5"]')
    page.keyboard.press("Space")
    page.keyboard.press("d")                                   # Discard the five
    take = page.locator('.cn-actions [data-act="take_kitty"]')
    leave = page.locator('.cn-actions [data-act="leave_kitty"]')
    expect(take).to_have_text("Take the kitty")
    expect(take).to_have_attribute("data-key", "k")
    expect(leave).to_have_text("Leave it")
    expect(leave).to_have_attribute("data-key", "l")
    page.keyboard.press("d")              # a second press of Discard's key leaves nothing
    expect(leave).to_be_visible()
    page.keyboard.press("l")
    expect(leave).to_have_count(0)
    mine = page.locator('.ct-seat[data-seat="0"] [data-kitty]')
    expect(mine).to_have_attribute("data-state", "left")
    expect(mine).to_have_text("5Kitty · left")                 # its count, face down
    expect(page.locator(".cn-hint")).not_to_have_text("You may look at your kitty!")
