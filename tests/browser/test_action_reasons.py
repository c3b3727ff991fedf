"""The phone in one hand, in a real browser: a button at rest says why when it is tapped (in the
engine's words, in the reader's language, read out by the banner's live region), and it stays
readable; the round's first ¡Compro! asks only once the new hand has been in sight; and the TV's
log keeps the computer's moves under its name after a newcomer takes its seat, with its cards
in words.

Seats: Abuela 0 (a phone), Robotina 1 (the computer), who deals: Abuela plays first and has
the first word on every card for sale but her own."""
from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from engine.ferrocarril.rules import DEAL_SHOW_SECONDS
from tests.browser.pages import take_over
from tests.browser.test_game_night import explicit_deal, host_command
from tests.engine.test_messages import CARD_CODE

WAIT_MS = 10000
HANDS = ["7o 7c 7e 8o 8c 8e 9o 9c 9e 10o 10c 10e 2b",      # Abuela
         "3o 3c 4c 5o 6o 6e So Sc Ce Rb Rb Ao 2o"]        # Robotina
BUY_SECONDS = 6

# When the phone received the state that opened the round's first window, when it first showed
# a hand card and when its ¡Compro! window (performance.now()).
TIMELINE = """
window.__seen = {};
const Socket = window.WebSocket;
window.WebSocket = class extends Socket {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', (event) => {
      const text = typeof event.data === 'string' ? event.data : '';
      const opens = /"shown_after":\\s*3\\b/.test(text);
      if (!window.__seen.state && opens) window.__seen.state = performance.now();
    });
  }
};
new MutationObserver(() => {
  const now = performance.now();
  const seen = window.__seen;
  if (!seen.hand && document.querySelector('.fc-hand .hand-card')) seen.hand = now;
  const buy = document.querySelector('.fc-buy');
  if (!seen.buy && buy && !buy.classList.contains('hidden')) seen.buy = now;
}).observe(document, { subtree: true, childList: true, attributes: true });
"""

# The contrast ratio of a button's text on its background (WCAG), the background composited
# on the action bar's.
# Read in one go from a live query: the hand redraws at every state, so a button found first and
# read after may have been replaced in between.
CONTRAST = """selector => {
  const button = document.querySelector(selector);
  const rgb = (text) => text.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => {
    const c = [r, g, b].map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const style = getComputedStyle(button);
  const bar = rgb(getComputedStyle(button.parentElement).backgroundColor);
  const [r, g, b, a = 1] = rgb(style.backgroundColor);
  const back = [r, g, b].map((v, i) => v * a + bar[i] * (1 - a));
  const [l1, l2] = [lum(rgb(style.color)), lum(back)].sort((x, y) => y - x);
  const ratio = (l1 + 0.05) / (l2 + 0.05);
  return { ratio, background: style.backgroundColor, opacity: style.opacity };
}"""


def open_table(host, tv: Page, new_phone) -> Page:
    """The TV's room, Abuela's phone, Robotina; the known deal (Robotina deals); started.
    Returns Abuela's page (the join address in `join_url` on it)."""
    tv.set_default_timeout(WAIT_MS)
    tv.goto(host.url + "/")
    join_text = tv.locator(".join-panel .join-url strong")
    expect(join_text).to_have_text(re.compile(r"/j/[A-Z]{4}$"))
    abuela = new_phone()
    abuela.set_default_timeout(WAIT_MS)
    abuela.add_init_script(TIMELINE)
    abuela.join_url = "http://" + join_text.inner_text()
    abuela.goto(abuela.join_url)
    abuela.locator("#name-input").fill("Abuela")
    abuela.locator("#join-btn").click()
    expect(abuela.locator("body")).to_have_attribute("data-screen", "lobby")
    tv.locator(".add-bot .add").click()
    expect(tv.locator(".seats-panel .seat-name")).to_have_text(["Abuela", "Robotina"])
    session = json.loads(tv.evaluate("() => localStorage.getItem('sobremesa.tv')"))
    deal = explicit_deal(HANDS, "Rc", "5c 3b 2e 8b", dealer=1)
    reply = host_command(host.url, session["room"], session["host_token"], "set_options",
                         {"options": {"buy_seconds": BUY_SECONDS, "_deal": deal}})
    assert reply == {"ok": True}, reply
    tv.locator("#start").click()
    expect(abuela.locator("body")).to_have_attribute("data-screen", "game")
    return abuela


def button(page: Page, act: str):
    return page.locator(f'.fc-actions [data-act="{act}"]')


def tap_at_rest(page: Page, act: str, says: str):
    """A tap on a button at rest (Playwright waits for an aria-disabled one: force) shows the
    engine's reason in the banner, a live region."""
    target = button(page, act)
    expect(target).to_have_attribute("data-at-rest", "")
    expect(target).to_have_attribute("aria-disabled", "true")
    assert target.evaluate("b => b.disabled") is False      # so that the tap reaches the screen
    target.click(force=True)
    banner = page.locator("#banner")
    expect(banner).to_have_text(says)
    expect(banner).to_have_attribute("role", "alert")
    banner.click()                                           # a tap puts it away
    expect(banner).to_be_hidden()


def test_the_first_window_asks_once_the_hand_has_been_seen(host, tv, new_phone):
    abuela = open_table(host, tv, new_phone)
    overlay = abuela.locator(".fc-buy")
    expect(overlay.locator(".compro")).to_be_visible()
    seen = abuela.evaluate("() => window.__seen")
    # The hand came first; the window asked DEAL_SHOW_SECONDS after the state that opened it
    # (on the phone's clock, however slow the page was to draw).
    assert seen["state"] <= seen["hand"] < seen["buy"], seen
    assert seen["buy"] - seen["state"] >= DEAL_SHOW_SECONDS * 1000 - 100, seen
    # The ring counts the time to answer, not the deal's.
    assert int(overlay.locator(".ring text").text_content()) <= BUY_SECONDS
    # The TV offers the card all along.
    expect(tv.locator(".buy-panel.live .what")).to_have_text("Rey de copas")


def test_a_tap_on_a_button_at_rest_says_why_in_the_readers_language(host, tv, new_phone):
    abuela = open_table(host, tv, new_phone)
    abuela.locator(".fc-buy .paso").click()
    expect(abuela.locator(".fc-buy")).to_be_hidden()
    expect(abuela.locator(".fc-turn")).to_have_text("¡Te toca!")
    expect(button(abuela, "draw")).not_to_have_attribute("data-at-rest", "")

    # At rest, yet readable; and clearly not like the way on (Robar, bright).
    resting = abuela.evaluate(CONTRAST, '.fc-actions [data-act="discard"]')
    assert resting["ratio"] >= 4.5 and resting["opacity"] == "1", resting
    way_on = abuela.evaluate(CONTRAST, '.fc-actions [data-act="draw"]')
    assert resting["background"] != way_on["background"]
    tap_at_rest(abuela, "discard", "Primero roba una carta.")

    button(abuela, "draw").click()
    expect(abuela.locator(".fc-hand .hand-card")).to_have_count(14)
    expect(button(abuela, "discard")).not_to_have_attribute("data-at-rest", "")
    tap_at_rest(abuela, "salir",
                "En la primera vuelta nadie puede Salir: antes juegan todos un turno.")
    tap_at_rest(abuela, "add", "Para añadir cartas tienes que haber salido.")
    tap_at_rest(abuela, "steal", "No hay ningún comodín en la mesa.")

    abuela.locator(".lang-toggle").click()
    expect(button(abuela, "add")).to_have_text(re.compile("Add"))
    tap_at_rest(abuela, "add", "You have to go down (Salir) before you add cards.")


def test_after_a_take_over_the_log_keeps_the_computers_moves_under_its_name(host, tv, new_phone):
    abuela = open_table(host, tv, new_phone)
    abuela.locator(".fc-buy .paso").click()
    button(abuela, "draw").click()
    abuela.locator('.fc-hand .hand-card[data-id="2b#0"]').click(position={"x": 8, "y": 30})
    button(abuela, "discard").click()
    feed = tv.locator(".feed .text")
    expect(feed.filter(has_text="Robotina descarta")).to_have_count(1)   # her turn is played

    primo = take_over(new_phone, abuela.join_url, tv, "Primo", WAIT_MS)
    expect(tv.locator(".player-row .name")).to_have_text(["Abuela", "Primo"])
    expect(primo.locator(".fc-hand .hand-card")).not_to_have_count(0)

    lines = feed.all_inner_texts()
    assert any(line.startswith("Robotina descarta") for line in lines), lines
    assert not any(line.startswith("Primo") for line in lines), lines
    # The log names its cards in words, in either language.
    assert not any(CARD_CODE.search(line) for line in lines), lines
    tv.locator("#lang").click()
    expect(feed.filter(has_text="Robotina discards")).to_have_count(1)
    lines = feed.all_inner_texts()
    assert not any(CARD_CODE.search(line) for line in lines), lines
