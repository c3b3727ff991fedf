"""Replays on the TV (shell/tv-replay.js over /api/replays/…): at the end of a game the TV plays
its key moments before the podium, and offers them again from it; any finished game of the
family history is replayed step by step (play, pause, step, speed), and no tile hidden at the
table then is ever drawn before the round's end shows it.

With SOBREMESA_SCREENS=1 the slideshow and the step-by-step replay are saved to
docs/screens/tv-replay-*.png."""
import json
import os
import re
import sqlite3
from pathlib import Path

import pytest
from playwright.sync_api import expect

from engine.registry import GAMES
from server import history
from server.store import Store
from tests.browser.axe import axe_violations
from tests.browser.pages import host_command, page_in, seat_at_tv
from tests.live import Host

ROOT = Path(__file__).resolve().parents[2]
SCREENS = ROOT / "docs" / "screens"
WAIT_MS = 10000
TV = {"width": 1920, "height": 1080}
OLD_GAME = [("Lucía", 3), ("Abuela", 9)]


def shot(page, name: str) -> None:
    if os.environ.get("SOBREMESA_SCREENS"):
        SCREENS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENS / f"{name}.png"))


@pytest.fixture
def quick_host(tmp_path):
    """A host whose computer players move at once, with one game of an older host's file
    (recorded before replays were kept: it has no moves to replay)."""
    store = Store(tmp_path / "sobremesa.sqlite3")
    store.record_game({"room": "OLD1", "seed": 1, "game": "tren", "kind": "table", "options": {},
                       "started": 1, "finished": 2, "rounds": [[3, 9]],
                       "players": [{"seat": i, "name": name, "color": "#e63946", "bot": False,
                                    "score": score, "place": i + 1, "winner": i == 0}
                                   for i, (name, score) in enumerate(OLD_GAME)]})
    store.close()
    server = Host(tmp_path, "--bot-delay", "0", "--round-end-seconds", "0", "--allow-test-deals")
    yield server
    server.kill()
    assert "Traceback" not in server.log(), server.log()


def tiles_drawn(page, within: str) -> set[str]:
    codes = page.eval_on_selector_all(f"{within} svg.domino[data-tile]",
                                      "els => els.map(e => e.dataset.tile)")
    return {same_tile(code) for code in codes if code}


def same_tile(code) -> str:
    a, b = sorted(int(n) for n in str(code).split("-"))
    return f"{a}-{b}"


def recorded(data_dir: Path) -> tuple[dict, dict]:
    db = sqlite3.connect(data_dir / "sobremesa.sqlite3")
    try:
        newest = db.execute("SELECT id FROM played WHERE log IS NOT NULL "
                            "ORDER BY id DESC").fetchone()[0]
        found = history.replay_source(db, newest)
    finally:
        db.close()
    assert found is not None and found[1] is not None
    return found                                           # (played, source)


def test_the_slideshow_plays_before_the_podium_and_the_history_replays_a_game_step_by_step(
        browser, quick_host, tmp_path):
    with page_in(browser, WAIT_MS, viewport=TV) as tv:
        seat_at_tv(quick_host, tv, "tren", [], 2, {"rounds": 1})

        # ----- the end of the game: its moments, then the podium ---------------------------------
        layer = tv.locator(".replay-layer.replay-moments")
        expect(layer).to_be_visible(timeout=60_000)
        session = json.loads(tv.evaluate("() => localStorage.getItem('sobremesa.tv')"))
        summary = tv.request.get(f"{quick_host.url}/api/replays/room/{session['room']}").json()
        moments = summary["moments"]
        assert moments and moments[-1]["kind"] == "closing"
        caption = layer.locator(".replay-caption .replay-words")
        expect(caption).to_have_text(moments[0]["es"])
        expect(layer.locator(".replay-count")).to_have_text(f"1 de {len(moments)}")
        assert "{p" not in caption.inner_text()
        shot(tv, "tv-replay-moment")
        tv.locator(".replay-play").click()                  # held still while axe reads it
        found = axe_violations(tv, "tv replay, a moment")
        tv.locator(".replay-play").click()
        for n in range(2, len(moments) + 1):
            tv.keyboard.press("ArrowRight")
            expect(layer.locator(".replay-count")).to_have_text(f"{n} de {len(moments)}")
        expect(caption).to_have_text(moments[-1]["es"])
        # the last closing shows the round's end and the winner's last tiles, not the podium
        expect(layer.locator(".replay-stage")).to_have_attribute("data-phase", "round_over")
        shown = {same_tile(c) for c in moments[-1]["detail"]["shown"]}
        if moments[-1]["detail"]["closer"] is None:        # a blocked round: nobody's train
            expect(layer.locator(".replay-shown")).to_have_count(0)
        else:
            assert shown and shown <= tiles_drawn(tv, ".replay-shown")
        left = {same_tile(t) for hand in moments[-1]["view"]["last_round"]["hands"] for t in hand}
        assert left and left <= tiles_drawn(tv, ".replay-stage")    # hidden until now: shown
        shot(tv, "tv-replay-closing")
        expect(layer).to_be_hidden(timeout=12_000)          # the last moment ends the slideshow
        expect(tv.locator(".podium")).to_be_visible()

        offer = tv.locator(".replay-offer")
        expect(offer).to_have_text("★ Ver los mejores momentos")
        offer.click()
        expect(caption).to_have_text(moments[0]["es"])
        tv.locator(".replay-play").click()                   # paused: it stays on this moment
        expect(tv.locator(".replay-play")).to_have_attribute("aria-pressed", "false")
        tv.wait_for_timeout(1500)
        expect(layer.locator(".replay-count")).to_have_text(f"1 de {len(moments)}")
        tv.locator(".replay-close").click()
        expect(layer).to_be_hidden()
        expect(tv.locator(".podium")).to_be_visible()

        # ----- from the history, step by step --------------------------------------------------
        command = (quick_host.url, session["room"], session["host_token"])
        assert host_command(*command, "new_game", {})["ok"]
        latest = tv.locator(".recent-game").first
        expect(latest).to_have_attribute("data-game", "tren")
        expect(tv.locator('.recent-game[data-id="1"]')).to_have_count(1)
        old = tv.locator('.recent-game[data-id="1"]')
        expect(old.locator(".replay-game")).to_have_count(0)   # no moves kept
        latest.locator(".replay-game").click()
        steps = tv.locator(".replay-layer.replay-steps")
        expect(steps).to_be_visible()
        played, source = recorded(tmp_path)
        last = len(source["actions"])
        count = steps.locator(".replay-count")
        expect(count).to_have_text(f"Jugada 0 de {last} · Ronda 1")

        # Every step of the round: the tiles on screen are never ones the table hid then.
        cls = GAMES["tren"]
        game = cls.new(len(played["players"]), source["options"], played["seed"])
        for step in range(last + 1):
            if step:
                game.apply(*source["actions"][step - 1])
                tv.keyboard.press("ArrowRight")
            expect(count).to_contain_text(f"Jugada {step} de {last}")
            drawn = tiles_drawn(tv, ".replay-stage")
            if game.view(None)["phase"] == "play":
                hidden = {same_tile(t) for zone in game.hidden_zones(None) for t in zone}
                assert not drawn & hidden, (step, drawn & hidden)
                assert drawn, step
            if step == 10:
                shot(tv, "tv-replay-steps")
                found += axe_violations(tv, "tv replay, step by step")
        # the last move is the round's end, with the hands laid down; one more is the podium
        stage = steps.locator(".replay-stage")
        expect(stage).to_have_attribute("data-phase", "round_over")
        expect(steps.locator(".replay-caption .replay-words")).to_have_text(moments[-1]["es"])
        assert tiles_drawn(tv, ".replay-stage") >= left, "the hands left are shown"
        tv.keyboard.press("ArrowRight")
        expect(count).to_have_text("Fin de la partida: el podio")
        expect(stage).to_have_attribute("data-phase", "game_over")
        expect(stage.locator(".podium")).to_be_visible()
        expect(steps.locator(".replay-caption")).to_have_class(re.compile(r"\bempty\b"))
        expect(steps.locator(".replay-forward")).to_be_disabled()
        tv.keyboard.press("ArrowLeft")
        expect(count).to_contain_text(f"Jugada {last} de {last}")
        expect(stage).to_have_attribute("data-phase", "round_over")
        tv.keyboard.press("ArrowLeft")
        expect(count).to_contain_text(f"Jugada {last - 1} de {last}")

        # play, pause and speed
        tv.locator(".replay-start").click()
        expect(count).to_contain_text(f"Jugada 0 de {last}")
        fastest = tv.locator('.replay-speed[data-control="speed-8"]')
        fastest.click()
        expect(fastest).to_have_attribute("aria-pressed", "true")
        tv.locator(".replay-play").click()
        expect(count).to_contain_text(re.compile(r"Jugada ([4-9]|\d\d+) de"), timeout=5000)
        tv.locator(".replay-play").click()
        paused = count.inner_text()
        tv.wait_for_timeout(800)
        expect(count).to_have_text(paused)
        tv.keyboard.press("Escape")
        expect(steps).to_be_hidden()
        assert not found, found
