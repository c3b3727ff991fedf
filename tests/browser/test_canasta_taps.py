"""Canasta Ferroviaria's taps, counted on a Pixel 7 over a scripted game against one computer
player: every tap the test makes is a real Playwright tap, and every play is an action the phone
sent and the engine accepted (the Socket.IO frames: the "action" sent, its "ok" reply).

Turn 1, the first meld and the discard: Robar 2; «Bajar» opens the composer with the engine's
proposal (four Kings and three nines, 70 of the 50 needed); «Bajar todo»; the five; Descartar.
Turn 2, the common turn: Robar 2; the King (its meld lights up) and the meld; «Bajar» (the three
fours proposed) and «Bajar todo»; the Queen; Descartar.
Goal (issue 25): the first meld and its discard in 6 taps or fewer, 3 taps or fewer a play (a
play: an action the engine accepted; also counted without the draws, each a single tap).
Then the proposals and the kitty's choice, in sight on a Pixel 7 and an iPhone 13.

With SOBREMESA_SCREENS=1 they are saved to docs/screens/phone-canasta-*.png."""
from __future__ import annotations

import json
import os
import re
from collections import Counter as Tally

import pytest
from playwright.sync_api import Page, expect

from tests.browser.canasta_rooms import CanastaRoom, act, meld, stack
from tests.browser.pages import page_in
from tests.live import ROOT

WAIT_MS = 10000
BOT = "5h 6h 6d 8c 8d Jc Jd 10c 10s Ac Ad"
DEAL = {"hands": ["Kh Kd Ks Kc 9h 9d 9s Qc 5c 6d Jh", BOT], "stock": "4h 4d 7c 7d Kd 4c",
        "pile": "7s", "turn": 0, "dealer": 1, "fill": True}
FIRST_MELD_MOST = 6
PER_PLAY_MOST = 3


class TapCounter:
    """The taps the test makes and the plays the engine accepts, by type."""

    def __init__(self, page: Page):
        self.taps = 0
        self.asked: dict[str, str] = {}        # Socket.IO ack id -> the action's type
        self.plays: Tally[str] = Tally()
        page.on("websocket", self._watch)

    def _watch(self, ws) -> None:
        ws.on("framesent", self._sent)
        ws.on("framereceived", self._received)

    def _sent(self, frame) -> None:
        found = re.match(r'42(\d+)(\["action".*)', frame if isinstance(frame, str) else "", re.S)
        if found:
            self.asked[found.group(1)] = json.loads(found.group(2))[1]["action"]["type"]

    def _received(self, frame) -> None:
        found = re.match(r"43(\d+)(\[.*)", frame if isinstance(frame, str) else "", re.S)
        if found and found.group(1) in self.asked and json.loads(found.group(2))[0].get("ok"):
            self.plays[self.asked.pop(found.group(1))] += 1

    def tap(self, locator) -> None:
        self.taps += 1
        locator.tap()

    def played(self) -> int:
        return sum(self.plays.values())


def turn_over(page: Page, count: TapCounter, plays: int) -> None:
    """My turn has passed and the replies to its `plays` have come (a state may come first)."""
    expect(page.locator(".cn-turn.mine")).to_have_count(0)
    for _ in range(50):
        if count.played() >= plays:
            return
        page.wait_for_timeout(100)


def test_a_first_meld_and_a_common_turn_take_a_handful_of_taps(browser, host):
    with page_in(browser, WAIT_MS, **browser.devices["Pixel 7"]) as page:
        count = TapCounter(page)
        room = CanastaRoom(host, page, DEAL, players=2)
        expect(page.locator(".cn-turn.mine")).to_be_visible()
        # Turn 1: the first meld, proposed by the engine, and the discard.
        count.tap(act(page, "draw"))
        expect(stack(page, "4")).to_be_visible()
        count.tap(act(page, "meld"))
        composer = page.locator(".cn-composer")
        expect(composer.locator(".cn-progress")).to_have_text("Llevas 70 de 50: ¡ya llega!")
        count.tap(act(page, "send_meld"))
        expect(meld(page, 1)).to_have_attribute("title", "4 cartas de K")
        expect(meld(page, 2)).to_have_attribute("title", "3 cartas de 9")
        count.tap(stack(page, "5"))
        count.tap(act(page, "discard"))
        turn_over(page, count, 3)
        first, first_plays = count.taps, count.played()
        # Turn 2: draw, add the King to its meld, meld the three fours, discard.
        expect(page.locator(".cn-turn.mine")).to_be_visible(timeout=15000)
        count.tap(act(page, "draw"))
        expect(stack(page, "K")).to_be_visible()
        count.tap(stack(page, "K"))
        expect(meld(page, 1)).to_have_class(re.compile(r"\bpickable\b"))
        expect(meld(page, 2)).not_to_have_class(re.compile(r"\bpickable\b"))
        count.tap(meld(page, 1))
        expect(meld(page, 1)).to_have_attribute("title", "5 cartas de K")
        count.tap(act(page, "meld"))
        expect(composer.locator(".slot-card")).to_have_count(3)
        count.tap(act(page, "send_meld"))
        expect(meld(page, 3)).to_have_attribute("title", "3 cartas de 4")
        count.tap(stack(page, "Q"))
        count.tap(act(page, "discard"))
        turn_over(page, count, 7)
        expect(page.locator("#banner.error")).to_have_count(0)
        draws = count.plays["draw"]
        per_play = count.taps / count.played()
        per_move = (count.taps - draws) / (count.played() - draws)
        print(f"canasta taps (Pixel 7): first meld + discard {first} taps ({first_plays} plays); "
              f"two turns {count.taps} taps for {count.played()} plays {dict(count.plays)}: "
              f"{per_play:.2f} a play, {per_move:.2f} a play without the draws")
        assert first_plays == 3 and dict(count.plays) == \
            {"draw": 2, "meld": 2, "add": 1, "discard": 2}, count.plays
        assert first <= FIRST_MELD_MOST, \
            f"first meld + discard took {first} taps (goal {FIRST_MELD_MOST})"
        assert per_play <= PER_PLAY_MOST and per_move <= PER_PLAY_MOST, \
            f"{count.taps} taps for {count.played()} plays: {per_play:.2f} a play, " \
            f"{per_move:.2f} without the draws (goal {PER_PLAY_MOST})"
        room.close()


# What must be in sight, whole, on the phone's screen: [selector, its boxes].
IN_SIGHT = """sels => { const out = {};
  for (const s of sels) out[s] = [...document.querySelectorAll(s)].map(e => {
                const r = e.getBoundingClientRect();
                return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; });
    out.vw = innerWidth; out.vh = innerHeight; return out; }"""


def whole_in_sight(page: Page, selectors: list[str]) -> dict:
    """The boxes of `selectors`, each asserted inside the viewport (nothing cut off)."""
    found = page.evaluate(IN_SIGHT, selectors)
    for sel in selectors:
        assert found[sel], sel
        for box in found[sel]:
            assert box["left"] >= 0 and box["top"] >= 0 and box["right"] <= found["vw"] + 0.5 \
                and box["bottom"] <= found["vh"] + 0.5, (sel, box, found["vw"], found["vh"])
    return found


def shot(page: Page, name: str) -> None:
    if os.environ.get("SOBREMESA_SCREENS"):
        page.wait_for_timeout(400)
        page.screenshot(path=str(ROOT / "docs" / "screens" / f"phone-canasta-{name}.png"))


@pytest.mark.parametrize("device", ["Pixel 7", "iPhone 13"])
def test_the_proposals_and_the_kitty_choice_fit_two_phones(browser, host, device):
    """«Bajar» with nothing chosen: the composer holds the engine's first proposal (Kings and
    nines) and offers the other (with the Queens and the joker): both on one row, below the
    sticky head (not under it), 44 px tall or more; a tap on one fills the composer with it.
    Then, after the discard, the kitty's eleven cards and its two buttons. Each in sight, whole,
    on the phone's screen (figures in the assertions)."""
    kitty = "4h 4d 5s 5h 6c 6s 8s 8h Jd Js Qc"
    deal = {"hands": ["Kh Kd Ks Kc 9h 9d 9s Qc Qd * 5c 6d Jh", BOT], "stock": "4h 4d",
            "kitties": [kitty, ""], "kitty_seen": [0], "pile": "7s", "turn": 0, "dealer": 1,
            "fill": True}
    name = device.lower().replace(" ", "")
    with page_in(browser, WAIT_MS, **browser.devices[device]) as page:
        room = CanastaRoom(host, page, deal, players=2)
        act(page, "draw").click()
        expect(stack(page, "4")).to_be_visible()
        act(page, "meld").click()
        composer = page.locator(".cn-composer")
        chips = composer.locator(".cn-proposal")
        expect(chips).to_have_text(["K×4 · 9×3 (70)", "K×4 · 9×3 · Q×2 ★ (140)"])
        expect(chips.first).to_have_attribute("aria-pressed", "true")
        expect(composer.locator(".slot-card")).to_have_count(7)
        found = whole_in_sight(page, [".cn-proposal", ".composer-head", ".cn-composer .slot",
                                      ".cn-actions .btn"])
        heights = [b["bottom"] - b["top"] for b in found[".cn-proposal"]]
        assert min(heights) >= 44, heights
        head = found[".composer-head"][0]["bottom"]        # sticky: nothing may hide under it
        tops = [b["top"] for b in found[".cn-proposal"]]
        assert len(set(tops)) == 1 and tops[0] >= head - 0.5, (tops, head)
        shot(page, f"proposal-{name}")
        chips.nth(1).click()
        expect(composer.locator(".slot-card")).to_have_count(10)
        expect(composer.locator(".cn-progress")).to_have_text("Llevas 140 de 50: ¡ya llega!")
        act(page, "send_meld").click()
        expect(meld(page, 3)).to_have_attribute("title", "3 cartas de Q")
        stack(page, "5").click()
        act(page, "discard").click()
        choice = page.locator('.cn-prompt[data-kitty="choice"]')
        expect(choice.locator(".mini")).to_have_count(11)
        found = whole_in_sight(page, ['.cn-prompt[data-kitty="choice"] .mini',
                                      ".cn-actions .act"])
        take, leave = found[".cn-actions .act"]
        assert take["right"] <= leave["left"] or take["bottom"] <= leave["top"], (take, leave)
        shot(page, f"kitty-choice-{name}")
        act(page, "leave_kitty").click()
        expect(page.locator('.ct-seat.you [data-kitty]')).to_have_text("Gatito dejado: 11 cartas")
        room.close()
