"""A Canasta Ferroviaria table for the browser tests, made without the TV's page: a Socket.IO
client creates the room and keeps it (the host's token), Abuela's phone sits down at /j/<code>,
the host adds computer players, sets an explicit deal (engine/canasta/deal.py; the host runs
with --allow-test-deals) and starts. The computer players play at the host's --bot-delay."""
from __future__ import annotations

import socketio
from playwright.sync_api import Page, expect


class CanastaRoom:
    def __init__(self, host, phone: Page, deal: dict, players: int, name: str = "Abuela",
                 options: dict | None = None, at=lambda moment: None, timeout_ms: int = 10000):
        self.client = socketio.Client()
        self.client.connect(host.url, transports=["websocket"], wait_timeout=5)
        created = self.client.call("create_room", {"game": "canasta"}, timeout=5)
        assert created.get("ok"), created
        self.code, self.token = created["room"], created["host_token"]
        phone.set_default_timeout(timeout_ms)
        phone.goto(f"{host.url}/j/{self.code}")
        expect(phone.locator("#name-input")).to_be_visible()
        at("join")
        phone.locator("#name-input").fill(name)
        phone.locator("#join-btn").click()
        expect(phone.locator("body")).to_have_attribute("data-screen", "lobby")
        for _ in range(players - 1):
            self.command("add_bot", {"level": "facil"})
        expect(phone.locator("#lobby-seats .seat")).to_have_count(players)
        self.command("set_options", {"options": {**(options or {}), "_deal": deal}})
        at("lobby")
        self.command("start", {})
        expect(phone.locator("body")).to_have_attribute("data-screen", "game")
        expect(phone.locator(".cn-hand .hand-card").first).to_be_visible()

    def command(self, command: str, args: dict) -> None:
        reply = self.client.call("host", {"room": self.code, "host_token": self.token,
                                          "command": command, "args": args}, timeout=5)
        assert reply == {"ok": True}, (command, reply)

    def close(self) -> None:
        self.client.disconnect()


def stack(page: Page, rank: str):
    """The hand's stack of one rank ("K", "10", "*")."""
    return page.locator(f'.cn-hand .cn-stack[data-rank="{rank}"]')


def act(page: Page, name: str):
    return page.locator(f'.cn-actions [data-act="{name}"]')


def meld(page: Page, meld_id: int):
    return page.locator(f'.cn-middle [data-meld="{meld_id}"]')


def hand_ranks(page: Page) -> dict[str, int]:
    """Each stack's rank and how many cards it holds, as drawn."""
    return page.locator(".cn-hand .cn-stack").evaluate_all(
        "ss => Object.fromEntries(ss.map(s => [s.dataset.rank,"
        " Number((s.querySelector('.cn-count')?.textContent || '×1').slice(1))]))")
