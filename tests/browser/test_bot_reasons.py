"""Why a computer player did it (issue 26): the TV's feed shows a computer player's reason line
under its notable move, in the reader's language; /solo, which has no feed, shows the newest
one over its table for a few seconds.

With SOBREMESA_SCREENS=1 the TV is saved to docs/screens/tv-tren-reason.png (and
tv-ferrocarril-reason.png) and /solo to
docs/screens/solo-tren-reason-1366x768.png."""
from __future__ import annotations

import json
import os
import re

import pytest
import socketio
from playwright.sync_api import expect

from tests.browser.pages import host_command, page_in, seat_at_tv
from tests.browser.solo_games import open_solo_game
from tests.live import ROOT

WAIT_MS = 90_000            # computer players at the host's --bot-delay, two tests at a time
BOTS = ("Robotina", "Chispas", "Tuerca", "Bombilla")
SCREENS = ROOT / "docs" / "screens"
NAMES = "|".join(BOTS)
# The whole line (/solo) and the why alone (the TV, under the move it explains).
SPANISH = re.compile(r"^(%s) (pone el doble|empieza el tren mexicano|juega en el tren de)" % NAMES)
# The why alone, as the TV's feed shows it under the move: per game, in Spanish and in English.
WHY = {
    "tren": (r"^(Se quita \d+ puntos y vuelve a jugar|Desde ahora todos pueden jugar en él"
             r"|A (%s) solo le queda)" % NAMES,
             r"^(\d+ points off the hand, and plays again"
             r"|From now on anyone may play on it|(%s) has only)" % NAMES),
    "ferrocarril": (r"^(Aún no ha salido y la ronda pide \d|A (%s) solo le queda"
                    r"|Encaja en cualquier combinación|Vale por cualquier carta"
                    r"|Quien no ha salido se apunta toda su mano|(%s).* ya han? salido$)"
                    % (NAMES, NAMES),
                    r"^(Not down yet, and the round asks for \d|(%s) has only"
                    r"|It fits any combination|It stands for any card"
                    r"|Whoever has not gone down scores the whole hand"
                    r"|(%s).* (is|are) already down$)"
                    % (NAMES, NAMES)),
}
OPTIONS = {"tren": {"rounds": 3}, "ferrocarril": {}}


@pytest.mark.parametrize("game", ["tren", "ferrocarril"])
def test_the_tv_feed_says_why_a_computer_player_made_its_move(host, tv, game):
    spanish, english = (re.compile(pattern) for pattern in WHY[game])
    seat_at_tv(host, tv, game, [], 4, OPTIONS[game], bot_level="Normal")
    why = tv.locator(".feed .feed-item.has-why .why")
    expect(why.first).to_have_text(spanish, timeout=WAIT_MS)
    session = json.loads(tv.evaluate("() => localStorage.getItem('sobremesa.tv')"))
    assert host_command(host.url, session["room"], session["host_token"], "pause", {})["ok"]
    # under the move it explains, in the same item: a computer player's move
    move = tv.locator(".feed .feed-item.has-why").first.locator(".text").inner_text()
    assert re.match(r"^¡?(%s)[ :]" % NAMES, move), move
    if os.environ.get("SOBREMESA_SCREENS"):
        tv.wait_for_timeout(4000)                 # the paused table, its toasts gone
        tv.screenshot(path=str(SCREENS / f"tv-{game}-reason.png"))
    tv.locator("#lang").click()
    expect(why.first).to_have_text(english)
    for text in why.all_inner_texts():
        assert "{" not in text and not re.search(r"\b\d+-\d+\b", text), text   # no tile code


def test_solo_shows_the_newest_line_over_the_table(browser, host):
    client = socketio.Client()
    client.connect(host.url, transports=["websocket"], wait_timeout=5)
    try:
        reply = client.call("create_solo", {"game": "tren", "name": "Abuela",
                                            "bots": ["normal"] * 3, "fast": True}, timeout=5)
        assert reply["ok"], reply
    finally:
        client.disconnect()
    # the computer plays Abuela's seat too (no line for her: they are not her reasons)
    handed = host_command(host.url, reply["room"], reply["host_token"], "to_bot",
                          {"seat": reply["seat_id"]})
    assert handed == {"ok": True}, handed
    entry = {"room": reply["room"], "token": reply["token"], "host_token": reply["host_token"],
             "game": "tren"}
    with page_in(browser, 10_000, viewport={"width": 1366, "height": 768}) as page:
        open_solo_game(page, host, entry)
        line = page.locator("#solo-why")
        expect(line).to_have_text(SPANISH, timeout=WAIT_MS)
        expect(line).not_to_have_text(re.compile("^Abuela"))
        if os.environ.get("SOBREMESA_SCREENS"):
            page.screenshot(path=str(SCREENS / "solo-tren-reason-1366x768.png"))
        expect(line).to_be_hidden(timeout=WAIT_MS)           # it goes after a few seconds
