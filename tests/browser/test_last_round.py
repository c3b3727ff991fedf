"""«Última ronda» on the TV (issue 27, point 4): the host menu's button (a second tap confirms)
calls it; the TV says so in the engine's words, with its sound, keeps a small «Última ronda» in
the corner while the round is played, and the podium comes after that round; the phones read
it too. Then «Otra partida» on the podium deals the next game at once. With SOBREMESA_SCREENS set,
the TV with the notice and the podium's two buttons are saved under docs/screens/."""
from __future__ import annotations

import json
import os

from playwright.sync_api import expect

from tests.browser.pages import expect_text_shown, host_command, record_texts, seat_at_tv
from tests.live import ROOT

WAIT_MS = 10000
SCREENS = ROOT / "docs" / "screens"


def test_the_host_calls_the_last_round_and_the_podium_follows_it(browser, host, tv, new_phone):
    abuela = new_phone()
    abuela.set_default_timeout(WAIT_MS)
    seat_at_tv(host, tv, "tren", [(abuela, "Abuela")], players=2, options={"rounds": 7})
    expect(abuela.locator("body")).to_have_attribute("data-screen", "game")
    session = json.loads(tv.evaluate("() => localStorage.getItem('sobremesa.tv')"))
    seat = tv.evaluate("window.sobremesaTV.state.room.seats[0].id")
    assert host_command(host.url, session["room"], session["host_token"], "to_bot",
                        {"seat": seat}) == {"ok": True}
    tv.locator("#host-menu-btn").click()
    button = tv.locator(".host-menu .last-round")
    expect(button).to_have_text("⏳ Última ronda")
    button.click()
    expect(button).to_have_text("¿Seguro? Toca otra vez")     # one tap alone calls nothing
    assert tv.evaluate("window.sobremesaTV.state.game.final_round") is None
    record_texts(abuela, "#banner")       # her seat's computer may draw and say so right after
    button.click()
    expect(tv.locator(".host-menu .last-round")).to_have_count(0)   # called: no more button
    tv.locator(".menu-close").click()
    told = "Última ronda: la partida termina al acabar esta."
    expect(tv.locator("#toasts .toast-line.final")).to_have_text(told)
    expect(tv.locator(".final-pill")).to_have_text("⏳ Última ronda")
    expect(tv.locator(".feed").first).to_contain_text(told)
    tv.wait_for_function("window.sobremesaSound.played.includes('last_round')")
    expect_text_shown(abuela, told, WAIT_MS)
    if os.environ.get("SOBREMESA_SCREENS"):
        tv.screenshot(path=str(SCREENS / "tv-last-round.png"))
    # The round is played out by the computers at «más rápido» (set only now: at that pace the
    # round could end before the call); then the podium, and the notice is gone.
    assert host_command(host.url, session["room"], session["host_token"], "set_pace",
                        {"fast": True}) == {"ok": True}
    tv.wait_for_function("window.sobremesaTV.state?.game?.phase === 'game_over'",
                         timeout=12 * WAIT_MS)
    state = tv.evaluate("window.sobremesaTV.state.game")
    assert state["round"] == 1 and len(state["result"]["scores"]) == 2
    expect(tv.locator(".final-pill")).to_be_hidden()
    # «Otra partida» on the podium (issue 27, point 6): one tap deals the next game at once, the
    # same seats and options, the first round dealt by the next seat.
    first_dealer = state["dealer"]                          # the one round's, the first
    layer = tv.locator(".replay-layer")
    layer.locator(".replay-close").or_(tv.locator(".new-game .rematch")).first.wait_for()
    if layer.is_visible():
        layer.locator(".replay-close").click()            # the evening's moments play first
    expect(tv.locator(".new-game .other-game")).to_have_text("Cambiar de juego")
    if os.environ.get("SOBREMESA_SCREENS"):
        tv.screenshot(path=str(SCREENS / "tv-podium-rematch.png"))
    tv.locator(".new-game .rematch").click()
    tv.wait_for_function("window.sobremesaTV.state?.game?.phase === 'play'")
    again = tv.evaluate("window.sobremesaTV.state")
    assert again["game"]["rounds"] == 7 and again["game"]["dealer"] == (first_dealer + 1) % 2
    assert [s["name"] for s in again["room"]["seats"]] == ["Abuela", "Robotina"]
    expect(abuela.locator(".tr-hand .hand-card").first).to_be_visible()
