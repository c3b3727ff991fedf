"""A Tren Mexicano table for the browser tests, made without the TV's page: a Socket.IO client
creates the room and keeps it (the host's token), Abuela's phone sits down at /j/<code>, the
host adds computer players, sets an explicit deal (engine/tren/deal.py; the host runs with
--allow-test-deals) and starts. The computer players play at the host's --bot-delay."""
from __future__ import annotations

import socketio
from playwright.sync_api import Page, expect


class TrenRoom:
    def __init__(self, host, phone: Page, deal: dict, players: int, name: str = "Abuela",
                 options: dict | None = None, at=lambda moment: None, timeout_ms: int = 10000):
        self.client = socketio.Client()
        self.client.connect(host.url, transports=["websocket"], wait_timeout=5)
        created = self.client.call("create_room", {"game": "tren"}, timeout=5)
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
            self.command("add_bot", {"level": "normal"})
        expect(phone.locator("#lobby-seats .seat")).to_have_count(players)
        self.command("set_options", {"options": {**(options or {}), "_deal": deal}})
        at("lobby")
        self.command("start", {})
        expect(phone.locator("body")).to_have_attribute("data-screen", "game")
        expect(phone.locator(".tr-hand .hand-card").first).to_be_visible()

    def command(self, command: str, args: dict) -> None:
        reply = self.client.call("host", {"room": self.code, "host_token": self.token,
                                          "command": command, "args": args}, timeout=5)
        assert reply == {"ok": True}, (command, reply)

    def close(self) -> None:
        self.client.disconnect()


def lane(page: Page, train) -> object:
    return page.locator(f'.tr-lanes .tr-lane[data-train="{train}"]')


def tile(page: Page, code: str):
    return page.locator(f'.tr-hand .hand-card[data-id="{code}"]')


def lit_trains(page: Page, count: int | None = None) -> list[str]:
    """The trains lit, in the order shown (after waiting for `count` of them, if given)."""
    if count is not None:
        expect(page.locator(".tr-lanes .tr-lane.fits")).to_have_count(count)
    return page.locator(".tr-lanes .tr-lane.fits").evaluate_all(
        "rows => rows.map(row => row.dataset.train)")


def train_end(page: Page, train) -> str:
    """The tile at the open end of a train, as drawn (its code, oriented)."""
    return lane(page, train).locator("svg.tr-end").get_attribute("data-tile")
