"""A solo game is a room of its own: it runs beside a family game on the TV without either
touching the other, each device sees only its own solo games, and closing the page and opening
it again carries on with the same game.

What each page is sent is read from its Socket.IO frames (every `state` push, with its room
code and version), what it shows from its DOM."""
from __future__ import annotations

import json
import re
import time
import urllib.request

import pytest
import socketio
from playwright.sync_api import Page, expect

from tests.browser.pages import open_table
from tests.browser.test_solo import hand_codes, play_until_own_turn_done, start_with_defaults

WAIT_MS = 10000
LAPTOP = {"width": 1366, "height": 768}
TABLET = {"width": 1024, "height": 768}
SOLO_KEY = "sobremesa.solo"


class Pushes:
    """Every `state` a page receives (Socket.IO event frames "42[...]")."""

    def __init__(self, page: Page):
        self.page = page
        self.states: list[dict] = []
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload):
        if not isinstance(payload, str) or not payload.startswith("42"):
            return
        try:
            event, data = json.loads(payload[2:])[:2]
        except (ValueError, TypeError):
            return
        if event == "state":
            self.states.append(data)

    def last(self) -> dict:
        self.page.wait_for_timeout(50)     # let Playwright deliver the frames that came
        assert self.states, "no state received"
        return self.states[-1]

    def rooms(self) -> set[str]:
        return {s["room"]["code"] for s in self.states}

    def wait(self, test, what: str, timeout_s: float = 30, since: int | None = None) -> dict:
        """The first state that passes `test` among those received from `since` on (an index
        into `states`; by default from the last one already received)."""
        seen = max(0, len(self.states) - 1) if since is None else since
        end = time.monotonic() + timeout_s
        while time.monotonic() < end:
            self.page.wait_for_timeout(100)
            for state in self.states[seen:]:
                if test(state):
                    return state
            seen = len(self.states)
        last = self.states[-1]["room"] if self.states else None
        raise AssertionError(f"{what}: the last state was {last}")


@pytest.fixture
def device(browser, host):
    """new(viewport) → a page in a context of its own (its own localStorage)."""
    contexts, errors = [], []

    def new(viewport=LAPTOP):
        context = browser.new_context(viewport=viewport)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page
    yield new
    for context in contexts:
        context.close()
    assert not errors, errors


def remembered(page: Page) -> list[dict]:
    return json.loads(page.evaluate(f"() => localStorage.getItem('{SOLO_KEY}')") or "[]")


def open_rooms(url: str) -> list[str]:
    with urllib.request.urlopen(url + "/api/rooms", timeout=5) as reply:
        return [room["code"] for room in json.load(reply)["rooms"]]


def solo_games(url: str, games: list[dict]) -> list[dict]:
    """The host's "Seguir la partida" answer for these {room, token} pairs, asked from outside
    any page."""
    client = socketio.Client()
    client.connect(url, transports=["websocket"], wait_timeout=5)
    try:
        reply = client.call("solo_games", {"games": games}, timeout=5)
    finally:
        client.disconnect()
    assert reply["ok"], reply
    return reply["games"]


def waiting_for_draw(state: dict, seat: int) -> bool:
    """The family game stands still: `seat` must draw and no window or timer runs."""
    game = state.get("game") or {}
    return (state["room"]["status"] == "playing" and not state["room"]["timers"]
            and game.get("turn") == seat and game.get("phase") == "draw")


def pass_windows_until_my_draw(phone: Page, tv_pushes: Pushes, seat: int, timeout_s: float = 60):
    """Tap Paso in every ¡Compro! window the phone is offered, until the family game waits for
    this phone's draw."""
    overlay_pass = phone.locator(".fc-buy:not(.hidden) .paso")
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        if waiting_for_draw(tv_pushes.last(), seat):
            expect(phone.locator('.fc-actions [data-act="draw"]')).to_be_enabled()
            return
        if overlay_pass.count() and overlay_pass.is_enabled():
            try:
                overlay_pass.click(timeout=1500)
            except Exception:
                pass         # the window closed under the tap
            continue
        phone.wait_for_timeout(150)
    raise AssertionError(
        f"the family game never waited for seat {seat}: {tv_pushes.last()['room']}")


def resume_list(page: Page) -> list[str]:
    items = page.locator(".resume-item")
    return items.evaluate_all("items => items.map(i => i.dataset.room)")


def test_a_solo_game_and_a_tv_game_run_at_once_without_touching_each_other(
        browser, host, tv, new_phone, device):
    # The family game: the TV opens a room, Abuela's phone sits down, a computer player, Empezar.
    tv_pushes = Pushes(tv)
    phones = []
    join_url, abuela = open_table(host, tv, new_phone, WAIT_MS,
                                  watch=lambda page: phones.append(Pushes(page)))
    phone_pushes = phones[0]
    family = join_url.rsplit("/", 1)[1]
    expect(abuela.locator(".fc-hand .hand-card").first).to_be_visible()

    # The laptop plays Ferrocarril alone against two computer players.
    laptop = device(LAPTOP)
    solo_pushes = Pushes(laptop)
    start_with_defaults(laptop, host.url)
    expect(laptop.locator(".solo-seat")).to_have_count(3)
    expect(laptop.locator(".fc-hand .hand-card").first).to_be_visible()
    [solo] = remembered(laptop)
    # A second device (a tablet) starts a solo game of its own.
    tablet = device(TABLET)
    tablet_pushes = Pushes(tablet)
    start_with_defaults(tablet, host.url)
    expect(tablet.locator(".fc-hand .hand-card").first).to_be_visible()
    [other] = remembered(tablet)
    assert len({family, solo["room"], other["room"]}) == 3

    # Only the family room is open to join: in /api/rooms and in a phone's room list.
    assert open_rooms(host.url) == [family]
    lister = new_phone()
    lister.set_default_timeout(WAIT_MS)
    lister.goto(host.url + "/j")
    expect(lister.locator(".room-item .room-code")).to_have_text([family])
    tv_text = tv.locator("body").inner_text()
    for code in (solo["room"], other["room"]):
        assert not re.search(rf"\b{code}\b", tv_text), code
    # Each solo device carries on with its own game only: the host itself says so for each
    # device's remembered pairs, and the tablet's "Seguir la partida" lists its game alone.
    assert [g["room"] for g in solo_games(host.url, [solo])] == [solo["room"]]
    assert [g["room"] for g in solo_games(host.url, [other])] == [other["room"]]
    stranger = {"room": solo["room"], "token": other["token"]}
    assert solo_games(host.url, [stranger]) == []
    tablet.locator("#solo-menu").click()
    expect(tablet.locator(".resume-item")).to_have_count(1)
    assert resume_list(tablet) == [other["room"]]

    # The family game waits for Abuela's draw; meanwhile the laptop plays a turn (it passes
    # the windows it is offered, draws and discards), then pauses its game.
    pass_windows_until_my_draw(abuela, tv_pushes, seat=0)
    standing = tv_pushes.last()["room"]["version"]
    solo_before = solo_pushes.last()["room"]["version"]
    done = play_until_own_turn_done(laptop)
    assert done["drew"] and done["discarded"], done
    laptop.locator("#solo-pause").click()
    expect(laptop.locator("#solo-paused")).to_be_visible()
    paused = solo_pushes.wait(lambda s: s["room"]["paused"], "the solo game paused")
    assert paused["room"]["paused_by"] == "host"
    assert paused["room"]["version"] > solo_before + 2     # its own moves went on
    # ... and the family game did not move, and is not paused.
    tv_now, phone_now = tv_pushes.last(), phone_pushes.last()
    assert tv_now["room"]["version"] == standing, tv_now["room"]
    assert phone_now["room"]["version"] == standing, phone_now["room"]
    assert not tv_now["room"]["paused"] and not phone_now["room"]["paused"]
    assert waiting_for_draw(tv_now, seat=0)
    expect(tv.locator(".player-row.turn")).to_have_attribute("data-seat", "0")

    # The family game plays on while the solo game is paused: Abuela draws and discards, the
    # turn passes to the computer, who plays its turn, and comes back to her.
    solo_paused_at = paused["room"]["version"]
    mark = len(tv_pushes.states)
    done = play_until_own_turn_done(abuela)
    assert done["drew"] and done["discarded"], done
    tv_pushes.wait(lambda s: s["game"]["turn"] == 1, "the family turn passes to Robotina", 20,
                   since=mark)
    pass_windows_until_my_draw(abuela, tv_pushes, seat=0)
    assert tv_pushes.last()["room"]["version"] > standing + 2
    assert phone_pushes.last()["room"]["version"] == tv_pushes.last()["room"]["version"]
    # The solo game did not move meanwhile: same version, still paused by its player.
    solo_now = solo_pushes.last()
    assert solo_now["room"]["version"] == solo_paused_at, solo_now["room"]
    assert solo_now["room"]["paused_by"] == "host"
    expect(laptop.locator("#solo-paused")).to_be_visible()

    # Seguir: the solo game moves again (a computer player's turn passes).
    turn = solo_now["game"]["turn"]
    laptop.locator("#solo-paused .btn").click()
    expect(laptop.locator("#solo-paused")).to_have_count(0)
    solo_pushes.wait(lambda s: not s["room"]["paused"] and s["game"]["turn"] != turn,
                     "the solo game goes on after Seguir", 30)

    # Every page was sent its own room only.
    assert tv_pushes.rooms() == {family}
    assert phone_pushes.rooms() == {family}
    assert solo_pushes.rooms() == {solo["room"]}
    assert tablet_pushes.rooms() == {other["room"]}
    # The laptop's "Seguir la partida" lists its own game alone.
    laptop.locator("#solo-menu").click()
    expect(laptop.locator(".resume-item")).to_have_count(1)
    assert resume_list(laptop) == [solo["room"]]
    assert open_rooms(host.url) == [family]


def test_closing_the_page_and_opening_it_again_carries_on_with_the_same_game(device, host):
    page = device(LAPTOP)
    start_with_defaults(page, host.url)
    expect(page.locator(".fc-hand .hand-card").first).to_be_visible()
    [solo] = remembered(page)
    hand = hand_codes(page)
    context = page.context

    # The page is closed (the browser tab, not a reload): the game waits for its player.
    page.close()
    deadline = time.monotonic() + 10
    while True:
        [game] = solo_games(host.url, [solo])
        if game["paused"] or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert game["paused"], game
    assert game["status"] == "playing"

    # A new page in the same browser: the entry offers this game, paused, and carries on with it.
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    pushes = Pushes(page)
    page.goto(host.url + "/solo")
    item = page.locator(".resume-item")
    expect(item).to_have_count(1)
    expect(item).to_have_attribute("data-room", solo["room"])
    expect(item.locator(".resume-title")).to_have_text("Ferrocarril")
    expect(item.locator(".resume-meta")).to_contain_text("en pausa")
    item.click()
    expect(page.locator(".solo-seat")).to_have_count(3)
    expect(page.locator(".fc-hand .hand-card").first).to_be_visible()
    assert hand_codes(page) == hand
    first = pushes.wait(lambda s: not s["room"]["paused"], "the game resumed on coming back", 10)
    assert first["room"]["code"] == solo["room"]
    expect(page.locator("#solo-paused")).to_have_count(0)
    # It plays on: the player's turn comes, a draw and a discard.
    done = play_until_own_turn_done(page)
    assert done["drew"] and done["discarded"], done
    assert not errors, errors
