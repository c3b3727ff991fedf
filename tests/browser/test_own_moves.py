"""A seat's own moves on its own screen read in the second person: «Pones el doble 12 en el
centro», «Descartas el 2 de bastos», «You discard …», never «Yo pone» (/solo's and the lessons'
default name is «Yo», «Me» in English). The TV, everyone's screen, keeps the names; a seat taken
over from the computer keeps the computer's earlier moves under the computer's name.

Every line a screen's last-move ticker shows is recorded (TICKERS), so that a computer player's
move right after the player's own cannot hide it."""
from __future__ import annotations

import json
import re
import time

import pytest
import socketio
from playwright.sync_api import Page, expect

from tests.browser.pages import host_command, page_in, take_over
from tests.browser.solo_games import open_solo_game
from tests.browser.test_action_reasons import button, open_table

WAIT_MS = 10000
LAPTOP = {"width": 1366, "height": 768}
TREN_LESSON = "tren/01-primer-turno"

TICKERS = """
window.__said = [];
new MutationObserver(() => {
  for (const el of document.querySelectorAll('.tr-ticker, .fc-ticker')) {
    const text = el.textContent.trim();
    if (text && window.__said[window.__said.length - 1] !== text) window.__said.push(text);
  }
}).observe(document, { subtree: true, childList: true, characterData: true });
"""

# Every text on the game's screen, one per element.
SHOWN = """() => {
  const texts = [];
  const stage = document.getElementById("solo-stage");
  const walk = document.createTreeWalker(stage, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (n.textContent.trim()) texts.push(n.textContent.trim());
  }
  return texts;
}"""

# A sentence with the player's name for its subject: «Yo pone…», «Me lays…».
NAMED = re.compile(r"(^|[^\w(])(Yo|Me) (?!\(tú\)|\(you\))\w", re.UNICODE)


def said(page: Page) -> list[str]:
    return page.evaluate("window.__said")


def test_tren_lesson_one_on_the_solo_page_says_you_put_the_double_in_the_hub(browser, host):
    with page_in(browser, WAIT_MS, viewport=LAPTOP) as page:
        page.goto(host.url + "/solo#aprende")
        page.locator(f'[data-lesson="{TREN_LESSON}"]').click()       # no name typed: «Yo»
        expect(page.locator(".solo-seat.you .solo-seat-name")).to_have_text("Yo (tú)")
        ticker = page.locator(".tr-ticker")
        expect(ticker).to_have_text("Pones el doble 12 en el centro")
        page.locator("#solo-lang").click()
        expect(ticker).to_have_text("You put the double 12 in the hub")


def test_ferrocarril_on_a_phone_your_draw_and_discard_and_the_tv_keeps_the_name(
        host, tv, new_phone):
    abuela = open_table(host, tv, new_phone)
    abuela.evaluate(TICKERS)
    abuela.locator(".fc-buy .paso").click()
    button(abuela, "draw").click()
    expect(abuela.locator(".fc-hand .hand-card")).to_have_count(14)
    abuela.locator(".lang-toggle").click()                            # the discard in English
    abuela.locator('.fc-hand .hand-card[data-id="2b#0"]').click(position={"x": 8, "y": 30})
    button(abuela, "discard").click()
    expect(tv.locator(".feed .text").filter(has_text="Robotina descarta")).to_have_count(1)
    lines = said(abuela)
    assert "Robas del mazo" in lines, lines
    assert "You discard the 2 of clubs" in lines, lines
    assert not any(line.startswith("Abuela") for line in lines), lines
    assert any(line.startswith("Robotina") for line in lines), lines    # the others: by name
    feed = tv.locator(".feed .text").all_inner_texts()
    assert "Abuela roba del mazo" in feed and "Abuela descarta el 2 de bastos" in feed, feed

    # Primo takes Robotina's seat, the game paused on her discard (nothing comes after it): her
    # moves before are hers, not his («Descartas»).
    session = json.loads(tv.evaluate("() => localStorage.getItem('sobremesa.tv')"))
    paused = host_command(host.url, session["room"], session["host_token"], "pause", {})
    assert paused == {"ok": True}, paused
    expect(abuela.locator(".fc-ticker")).to_have_text(re.compile(r"^Robotina discards "))
    primo = take_over(new_phone, abuela.join_url, tv, "Primo", WAIT_MS)
    expect(primo.locator(".fc-ticker")).to_have_text(re.compile(r"^Robotina descarta "))


def solo_game(host, game: str, name: str) -> dict:
    client = socketio.Client()
    client.connect(host.url, transports=["websocket"], wait_timeout=5)
    try:
        reply = client.call("create_solo", {"game": game, "name": name, "bots": ["facil"] * 2,
                                            "options": {}, "fast": True}, timeout=5)
    finally:
        client.disconnect()
    assert reply["ok"], reply
    return reply


# What each game's one-seat screen says of the player's own moves: Tren and Ferrocarril have a
# last-move ticker; Manipulación and Canasta narrate no moves there (only the TV has a feed).
OWN_WORDS = {
    "tren": re.compile(r"^(Pones|Robas|Pasas|Terminas|Sacas|Retiras|Cubres|You) "),
    "ferrocarril": re.compile(r"^(Robas|Descartas|Compras|Bajas|Colocas|Dices|Repartes|You) "),
    "canasta": None,
    "manipulacion": None,
}


@pytest.mark.parametrize("game", list(OWN_WORDS))
def test_on_the_solo_page_yo_never_does_anything_in_the_third_person(browser, host, game):
    """The computer plays the player's seat for a while (the host's «to_bot»): every text on
    the screen is read all along."""
    reply = solo_game(host, game, "Yo")
    entry = {key: reply[key] for key in ("room", "token", "host_token")} | {"game": game}
    with page_in(browser, WAIT_MS, viewport=LAPTOP) as page:
        page.add_init_script(TICKERS)
        open_solo_game(page, host, entry)
        expect(page.locator("#game-root svg").first).to_be_attached()
        handed = host_command(host.url, reply["room"], reply["host_token"], "to_bot",
                              {"seat": reply["seat_id"]})
        assert handed == {"ok": True}, handed
        own = OWN_WORDS[game]
        texts: set[str] = set()
        # where no ticker says when the seat has moved, a few turns round the table at «más
        # rápido» are read
        end = time.monotonic() + (25 if own else 12)
        while time.monotonic() < end:
            texts.update(page.evaluate(SHOWN))
            if own and any(own.match(line) for line in said(page)) and len(said(page)) > 6:
                break
            page.wait_for_timeout(150)
        lines = said(page)
        named = sorted(t for t in texts | set(lines) if NAMED.search(t))
        assert not named, named
        if own:
            assert any(own.match(line) for line in lines), lines
