"""What several browser tests open and check alike: a page that fails its test on any script
error, a family table (the TV's room, Abuela's phone and a computer player, started), and the
words a screen cuts off (`CUT`)."""
from __future__ import annotations

import json
import re
import time
from contextlib import contextmanager

import socketio
from playwright.sync_api import Page, expect

# Every element with text of its own that is wider than its box, where the box clips it or ends
# it with an ellipsis: its class and its words.
CUT = """() => [...document.querySelectorAll('body *')].filter((el) => {
    if (el.closest('.sr-only, .announce')) return false;
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height) return false;
    if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) return false;
    const style = getComputedStyle(el);
    return el.scrollWidth > el.clientWidth + 1
        && (style.overflowX !== 'visible' || style.textOverflow === 'ellipsis');
}).map((el) => `${el.className}: ${el.textContent.trim()}`)"""


@contextmanager
def page_in(browser, timeout_ms: int, **context):
    """A page in a new context; any uncaught script error on it fails the test."""
    opened = browser.new_context(**context)
    page = opened.new_page()
    page.set_default_timeout(timeout_ms)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        yield page
    finally:
        opened.close()
    assert not errors, errors


def tv_join_url(host, tv) -> str:
    """The TV opens a room; its join address as the TV shows it (http://…/j/CODE)."""
    tv.goto(host.url + "/")
    join_text = tv.locator(".join-panel .join-url strong")
    expect(join_text).to_have_text(re.compile(r"/j/[A-Z]{4}$"))
    return "http://" + join_text.inner_text()


def open_table(host, tv, new_phone, timeout_ms: int, watch=None):
    """The TV opens a room, Abuela's phone sits down (`watch(page)` first, if given), the host
    adds a computer player and starts. Returns the join address and Abuela's page."""
    tv.set_default_timeout(timeout_ms)
    join_url = tv_join_url(host, tv)
    abuela = new_phone()
    abuela.set_default_timeout(timeout_ms)
    if watch is not None:
        watch(abuela)
    abuela.goto(join_url)
    abuela.locator("#name-input").fill("Abuela")
    abuela.locator("#join-btn").click()
    expect(abuela.locator("body")).to_have_attribute("data-screen", "lobby")
    tv.locator(".add-bot .add").click()
    expect(tv.locator(".seats-panel .seat-name")).to_have_text(["Abuela", "Robotina"])
    tv.locator("#start").click()
    expect(abuela.locator("body")).to_have_attribute("data-screen", "game")
    return join_url, abuela


def add_bots(tv, n: int, seated: int = 0) -> None:
    """The host adds `n` computer players to the `seated` already on the TV, one click each,
    each seen seated before the next click (a click while the seats redraw could meet the
    button after it moved)."""
    seats = tv.locator(".seats-panel .seat-name")
    expect(seats).to_have_count(seated)
    for k in range(1, n + 1):
        tv.locator(".add-bot .add").click()
        expect(seats).to_have_count(seated + k)


def take_over(new_phone, join_url: str, tv, name: str, timeout_ms: int):
    """A new phone joins as `name` and takes over the computer's seat, the TV agreeing."""
    phone = new_phone()
    phone.set_default_timeout(timeout_ms)
    phone.goto(join_url)
    phone.locator("#name-input").fill(name)
    phone.locator("#join-btn").click()
    phone.locator(".takeover-seat").click()
    tv.locator(".requests .request .accept").click()
    return phone


def choose_game(tv, name: str, tries: int = 4) -> None:
    """The host picks a game on the TV's chooser (a click that meets the chooser while it is
    redrawn as the room arrives is made again)."""
    tile = tv.locator(f'.tile[data-game="{name}"]')
    for _ in range(tries):
        tile.click()
        try:
            expect(tv.locator(".tile.selected")).to_have_attribute("data-game", name, timeout=2000)
            return
        except AssertionError:
            continue
    expect(tv.locator(".tile.selected")).to_have_attribute("data-game", name)


def seat_at_tv(host, tv, game: str, phones: list, players: int, options: dict,
               bot_level: str | None = None) -> None:
    """The TV opens a room for `game`; each (page, name) in `phones` sits down in that order,
    computer players fill the seats up to `players` (at the level whose button on the TV reads
    `bot_level`, else the first), the host sets `options` (a test deal: the host runs with
    --allow-test-deals) and starts."""
    join_url = tv_join_url(host, tv)
    if game != "ferrocarril":                  # the chooser's first game is already chosen
        choose_game(tv, game)
    for page, name in phones:
        page.goto(join_url)
        page.locator("#name-input").fill(name)
        page.locator("#join-btn").click()
        expect(page.locator("body")).to_have_attribute("data-screen", "lobby")
    if bot_level is not None:
        level = tv.locator(".add-bot .segmented button", has_text=bot_level)
        level.click()
        expect(level).to_have_attribute("aria-pressed", "true")
    add_bots(tv, players - len(phones), seated=len(phones))
    session = json.loads(tv.evaluate("() => localStorage.getItem('sobremesa.tv')"))
    reply = host_command(host.url, session["room"], session["host_token"], "set_options",
                         {"options": options})
    assert reply == {"ok": True}, reply
    tv.locator("#start").click()


def host_command(url: str, room: str, host_token: str, command: str, args: dict) -> dict:
    """A host command sent over Socket.IO with the TV's host token (a test deal, options)."""
    client = socketio.Client()
    client.connect(url, transports=["websocket"], wait_timeout=5)
    try:
        return client.call("host", {"room": room, "host_token": host_token,
                                    "command": command, "args": args}, timeout=5)
    finally:
        client.disconnect()


class PhoneRoom:
    """A room made without the TV's page: a Socket.IO client creates it and keeps the host's
    token, the phone sits down at /j/<code>, `guests` (names) sit down over Socket.IO, the host
    adds computer players, sets an explicit deal (the host runs with --allow-test-deals) and
    starts. A guest plays only when a test moves for it (`guest_act`); those in `gone` leave
    before the start (disconnected seats).
    `state` is the newest state the host's client (the TV's view) was sent; `wait_for_game` waits
    for the game's view in it, `wait_for_event` for an event in any state it was sent. Each game
    names itself, its computer players' level and its hand's cards."""
    game = ""
    bot_level = "facil"
    hand_cards = ""

    def __init__(self, host, phone: Page, deal: dict, players: int, name: str = "Abuela",
                 options: dict | None = None, at=lambda moment: None, timeout_ms: int = 10000,
                 guests: tuple[str, ...] = (), gone: tuple[str, ...] = ()):
        self.state: dict = {}
        self.states: list[dict] = []
        self.client = socketio.Client()
        self.client.on("state", self._got)
        self.client.connect(host.url, transports=["websocket"], wait_timeout=5)
        created = self.client.call("create_room", {"game": self.game}, timeout=5)
        assert created.get("ok"), created
        self.code, self.token = created["room"], created["host_token"]
        phone.set_default_timeout(timeout_ms)
        phone.goto(f"{host.url}/j/{self.code}")
        expect(phone.locator("#name-input")).to_be_visible()
        at("join")
        phone.locator("#name-input").fill(name)
        phone.locator("#join-btn").click()
        expect(phone.locator("body")).to_have_attribute("data-screen", "lobby")
        self.guests = []
        self.guest_tokens = []
        for guest in guests:
            client = socketio.Client()
            client.connect(host.url, transports=["websocket"], wait_timeout=5)
            reply = client.call("join", {"room": self.code, "name": guest}, timeout=5)
            assert reply.get("ok"), reply
            self.guests.append(client)
            self.guest_tokens.append(reply["token"])
            if guest in gone:
                client.disconnect()
        for _ in range(players - 1 - len(guests)):
            self.command("add_bot", {"level": self.bot_level})
        expect(phone.locator("#lobby-seats .seat")).to_have_count(players)
        self.command("set_options", {"options": {**(options or {}), "_deal": deal}})
        at("lobby")
        self.command("start", {})
        expect(phone.locator("body")).to_have_attribute("data-screen", "game")
        expect(phone.locator(self.hand_cards).first).to_be_visible()

    def _got(self, state: dict) -> None:
        self.state = state
        self.states.append(state)

    def wait_for_event(self, found, timeout: float = 5.0) -> dict:
        """The first event for which `found` is true in the states sent to the host's client so
        far, waiting for it: the phone may show a move before the TV's state arrives, and the
        computer players' moves that follow may push it out of the view's recent events."""
        return self._wait(lambda: next((event for state in list(self.states)
                                        for event in _game_view(state).get("events", [])
                                        if found(event)), None), timeout)

    def wait_for_game(self, timeout: float = 5.0) -> dict:
        """The game's newest view sent to the host's client, once there is one (the phone may
        show the game before the TV's first state of it arrives)."""
        return self._wait(lambda: _game_view(self.state) or None, timeout)

    @staticmethod
    def _wait(found, timeout: float):
        deadline = time.monotonic() + timeout
        while (value := found()) is None:
            assert time.monotonic() < deadline, "not reached the host's client in time"
            time.sleep(0.05)
        return value

    def command(self, command: str, args: dict) -> None:
        reply = self.client.call("host", {"room": self.code, "host_token": self.token,
                                          "command": command, "args": args}, timeout=5)
        assert reply == {"ok": True}, (command, reply)

    def guest_act(self, index: int, action: dict) -> None:
        """Guest `index` makes this move (over its own connection, with its seat's token)."""
        seat = {"room": self.code, "token": self.guest_tokens[index]}
        reply = self.guests[index].call("action", {**seat, "action": action}, timeout=5)
        assert reply.get("ok"), (action, reply)

    def close(self) -> None:
        for client in (*self.guests, self.client):
            if client.connected:
                client.disconnect()


def _game_view(state: dict) -> dict:
    """The game's view in a room's state (before the start, "game" names the game)."""
    game = state.get("game")
    return game if isinstance(game, dict) else {}


def record_texts(page: Page, selector: str) -> None:
    """From now on, keep every text the element shows, so that a test can ask whether a line was
    shown at all, however soon another replaced it (window.__shownTexts)."""
    page.evaluate(
        """selector => {
            const node = document.querySelector(selector);
            const words = () => node.textContent.replace(/\\s+/g, " ").trim();
            window.__shownTexts = [words()];
            new MutationObserver(() => window.__shownTexts.push(words()))
                .observe(node, {childList: true, characterData: true, subtree: true});
        }""", selector)


def expect_text_shown(page: Page, text: str, timeout_ms: int) -> None:
    """The element record_texts watches has shown `text`, now or since it was watched."""
    page.wait_for_function("text => window.__shownTexts.includes(text)", arg=text,
                           timeout=timeout_ms)


def words_shown(count) -> str:
    """The words an element shows, not those only heard (its own text, not its spoken-only
    spans): "13 cartas", not "le quedan 13 cartas"."""
    expect(count).to_be_visible()
    return count.evaluate("el => [...el.childNodes].filter(n => n.nodeType === 3)"
                          ".map(n => n.textContent).join('')")


def assert_counts_shown(page: Page, room: PhoneRoom, shown, word, me: int = 0) -> dict[int, str]:
    """Every other seat's row shows what that seat holds as the engine counts it (the host's
    view, the TV's; waited for while the phone catches up): `shown(page, seat)` the row's words,
    `word(player)` the engine's player in words. Returns them."""
    deadline = time.monotonic() + 5
    while True:
        want = {p["seat"]: word(p) for p in room.wait_for_game()["players"] if p["seat"] != me}
        found = {seat: shown(page, seat) for seat in want}
        if found == want or time.monotonic() > deadline:
            break
        page.wait_for_timeout(100)
    assert found == want, (found, want)
    return found
