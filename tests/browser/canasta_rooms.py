"""A Canasta Ferroviaria table for the browser tests, made without the TV's page: a Socket.IO
client creates the room and keeps it (the host's token), Abuela's phone sits down at /j/<code>,
the host adds computer players, sets an explicit deal (engine/canasta/deal.py; the host runs
with --allow-test-deals) and starts. The computer players play at the host's --bot-delay."""
from __future__ import annotations

from playwright.sync_api import Page

from tests.browser.pages import PhoneRoom


class CanastaRoom(PhoneRoom):
    game = "canasta"
    bot_level = "facil"
    hand_cards = ".cn-hand .hand-card"


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
