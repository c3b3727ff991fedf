"""Canasta Ferroviaria tables seen on the TV, set up with an explicit deal
(engine/canasta/deal.py): three and six players well into a round (canastas of each kind, open
melds, a player yet to meld, red 3s, kitties down, seen and taken, a frozen pile; with six a
black 3 on it too), and a round about to end (Robotina discards her last card and goes out).
Abuela's phone sits in seat 0 and computer players fill the other seats; the host must run
with --allow-test-deals. Used by tests/browser/test_canasta_tv.py and the screenshots
(tests/browser/screens.py --only canasta)."""
from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from engine.canasta import Canasta
from tests.browser.pages import add_bots, choose_game, host_command

# A canasta of each kind, and open melds of every size.
RED = "Kh Kd Ks Kc Kh Kd Ks"
BLACK = "Qh Qd Qs Qc 2c * Qh"
WILD = "* * 2h 2d 2s 2c 2h"
SEVENS = "7h 7d 7s 7c 7h 7d 7s"
OPEN = ["Ah Ad As", "Jh Jd Js 2h", "10h 10d 10s 10c 2s", "9h 9d 9s 2d", "8h 8d 8c",
        "6h 6d 6s 6c 2s 6h", "5h 5d 5s", "4h 4d 4c 4s"]

THREE = {
    "hands": ["9c 9c 5c Jc Ac Kc 8s 4d", "6c 6d Qc 10c 5d 8d Jc 4h 9d Ah Kd",
              "Ac 8h 5s 10d Js Qd 6s"],
    "kitties": ["", "Ks Kc Qs Qh 9s 9h 8s 8c 7c 6h 5h", "Kh Kd Qd Qc 9h 9d 8d 8h 6d 5c 4c"],
    "kitty_taken": [0], "kitty_seen": [1],
    "melds": [[0, RED], [0, BLACK], [0, WILD], [0, SEVENS], *[[0, m] for m in OPEN[:6]],
              [1, RED], [1, OPEN[0]], [1, OPEN[2]], [1, OPEN[4]]],
    "red_threes": ["3h 3d", "3h", ""],
    "pile": "6c 9s * Kc 4h Jd",
    "fill": True, "dealer": 2, "turn": 0, "scores": [5250, 1130, -240],
}

SIX = {
    "hands": ["9c 5c Jc Ac 8s 4d", "6c 6d Qc 10c 5d 8d Jc 4h 9d", "Ac 8h 5s 10d Js",
              "Kc Kd 9s 9c 5h 5d 4h 4d Qs Qh", "Jh Jd 10h 10s 8h", "Ad As Kh Ks Qd Qc 6h 6c"],
    "kitties": ["", "Ks Kc Qs Qh 9s 9h 8s 8c 7c 6h 5h", "", "Kh Kd Qd Qc 9h 9d 8d 8h 6d 5c 4c",
                "As Ac Jc Js 10c 10d 9c 9d 8c 8d 4s", ""],
    "kitty_taken": [0, 2, 5], "kitty_seen": [1],
    "melds": [[0, RED], [0, BLACK], [0, WILD], [0, SEVENS], *[[0, m] for m in OPEN[:6]],
              [1, RED], [1, BLACK], [1, SEVENS], *[[1, m] for m in OPEN[:7]],
              [2, WILD], [2, RED], *[[2, m] for m in OPEN[:8]],
              *[[3, m] for m in OPEN[:5]],
              [5, RED], [5, BLACK], [5, SEVENS], *[[5, m] for m in OPEN[1:8]]],
    "red_threes": ["3h 3d", "3h 3d 3h", "", "3d", "3h 3h 3d 3d", ""],
    "pile": "6c 9s 2d Kc 4h 3s",
    "fill": True, "dealer": 5, "turn": 0,
    "scores": [12450, 8730, -240, 3120, 15010, 4990],
}

# Five at the table: SIX without its fifth player (seat 4) and one black 3 fewer in the pile,
# one 2 fewer in a meld (the deck of five holds fewer); Bombilla (now seat 4) has melded.
_KEEP = [0, 1, 2, 3, 5]
FIVE = {
    **{key: [SIX[key][seat] for seat in _KEEP]
       for key in ("hands", "kitties", "red_threes", "scores")},
    "kitty_taken": [0, 2, 4], "kitty_seen": [1],
    "melds": [[_KEEP.index(seat), "10h 10d 10s 10c" if (seat, text) == (5, OPEN[2]) else text]
              for seat, text in SIX["melds"] if seat in _KEEP],
    "pile": "6c 9s Kc 4h 3s", "fill": True, "dealer": 4, "turn": 0,
}

# Robotina (seat 1) has a canasta of each kind and one card left: she discards it and goes out.
ENDING = {
    "hands": ["9c 9c 5c Jc Ac Kc 8s 4d *", "9s", "Ac 8h 5s 10d Js Qd 6s 2h"],
    "kitties": ["", "", "Kh Kd Qd Qc 9h 9d 8d 8h 6d 5c 4c"],
    "kitty_taken": [0, 1],
    "melds": [[0, "Ah Ad As 2c"], [0, "Jh Jd Js"],
              [1, RED], [1, BLACK], [1, WILD], [1, SEVENS],
              [1, "10h 10d 10s 10c *"], [1, "6h 6d 6s"],
              [2, "9h 9d 9s 9c 2d"]],
    "red_threes": ["3h", "3h 3d", ""],
    "pile": "6c 9s Kc 4h Jd",
    "fill": True, "dealer": 0, "turn": 1, "phase": "play", "scores": [5250, 1130, -240],
}


def engine_round_end(deal: dict, players: int = 3) -> dict:
    """The engine's own end of the ENDING round: Robotina's only card discarded."""
    game = Canasta.new(players, {"_deal": deal})
    card = game.view(1)["hand"][0]
    game.apply(1, {"type": "discard", "card": card})
    return game.view(None)["last_round"]


def open_room(host, tv: Page, abuela: Page, players: int, deal: dict, options=None,
              timeout_ms: int = 10000) -> None:
    """The TV opens a room for Canasta, Abuela's phone sits down, computer players fill the
    seats, the deal is set and the game starts."""
    tv.set_default_timeout(timeout_ms)
    abuela.set_default_timeout(timeout_ms)
    tv.goto(host.url + "/")
    join_text = tv.locator(".join-panel .join-url strong")
    expect(join_text).to_have_text(re.compile(r"/j/[A-Z]{4}$"))
    choose_game(tv, "canasta")
    abuela.goto("http://" + join_text.inner_text())
    abuela.locator("#name-input").fill("Abuela")
    abuela.locator("#join-btn").click()
    expect(abuela.locator("body")).to_have_attribute("data-screen", "lobby")
    add_bots(tv, players - 1, seated=1)
    expect(tv.locator(".seats-panel .seat-name")).to_have_count(players)
    session = json.loads(tv.evaluate("() => localStorage.getItem('sobremesa.tv')"))
    reply = host_command(host.url, session["room"], session["host_token"], "set_options",
                         {"options": {**(options or {}), "_deal": deal}})
    assert reply == {"ok": True}, reply
    tv.locator("#start").click()
    expect(tv.locator(".ct-seat, .round-over")).not_to_have_count(0)
    tv.wait_for_timeout(500)                 # the table fitted (fitTable after the last view)


# The same table with Robotina about to discard (she holds two cards she cannot meld) and
# Chispas to play after her: the log fills with their moves before Abuela's turn comes round.
LOG = {**THREE, "hands": [THREE["hands"][0], "5h 8d", THREE["hands"][2]], "stock": "4d 6h",
       "turn": 1, "phase": "play"}
