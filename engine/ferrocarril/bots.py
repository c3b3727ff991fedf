"""Computer players for Ferrocarril. A bot sees only its own seat's view, never the game state.

`choose(view)` returns the bot's next action as a JSON dict, or None when it has nothing to do.
"""
from __future__ import annotations

import random
from collections import Counter

from engine.cards import JOKER, SPANISH, Card
from engine.ferrocarril.rules import card_points

LEVELS = ("facil", "normal")


def cards_of(names) -> list[Card]:
    return [SPANISH.parse(n) for n in names]


def names_of(cards) -> list[str]:
    return [SPANISH.format(c) for c in cards]


class EasyBot:
    """Plays its own groups when it can, never buys or steals, discards its least useful card."""

    level = "facil"

    def __init__(self, seat: int, seed: int = 0):
        self.seat = seat
        self.rng = random.Random(seed * 31 + seat)

    def choose(self, view: dict) -> dict | None:
        allowed = view.get("allowed") or []
        if not allowed:
            return None
        if "next_round" in allowed:
            return {"type": "next_round"}
        if "pass" in allowed:
            return {"type": "pass"}
        if "draw" in allowed:
            return {"type": "draw"}
        if "close" in allowed:
            return {"type": "close"}
        hand = cards_of(view["hand"])
        if "salir" in allowed:
            melds = self.contract_melds(hand, view["contract"])
            if melds:
                return {"type": "salir", "melds": [names_of(m) for m in melds]}
        if "meld" in allowed:
            group = self.any_group(hand)
            if group:
                return {"type": "meld", "cards": names_of(group)}
        if "add" in allowed:
            move = self.addition(hand, view["table"])
            if move:
                return move
        return {"type": "discard", "card": SPANISH.format(self.discard_choice(hand))}

    # --- planning helpers -------------------------------------------------------------------

    @staticmethod
    def contract_melds(hand: list[Card], contract: dict) -> list[list[Card]] | None:
        if contract["kind"] != "group":
            return None
        size, needed = contract["size"], contract["melds"]
        by_rank = Counter(c.rank for c in hand if c != JOKER)
        jokers = hand.count(JOKER)
        melds = []
        for rank, count in sorted(by_rank.items(), key=lambda rc: -rc[1]):
            if len(melds) == needed:
                break
            cards = [c for c in hand if c != JOKER and c.rank == rank]
            if count >= size:
                melds.append(cards[:max(size, count)])
            elif count == size - 1 and jokers and not any(JOKER in m for m in melds) \
                    and needed - len(melds) >= 1:
                melds.append(cards + [JOKER])
                jokers -= 1
        if len(melds) < needed:
            return None
        if len(hand) - sum(len(m) for m in melds) < 1:
            melds[-1] = melds[-1][:-1] if len(melds[-1]) > size else melds[-1]
            if len(hand) - sum(len(m) for m in melds) < 1:
                return None
        return melds

    @staticmethod
    def any_group(hand: list[Card]) -> list[Card] | None:
        by_rank = Counter(c.rank for c in hand if c != JOKER)
        for rank, count in by_rank.items():
            if count >= 3 and len(hand) > count:
                return [c for c in hand if c != JOKER and c.rank == rank]
        return None

    @staticmethod
    def addition(hand: list[Card], table: list[dict]) -> dict | None:
        if len(hand) < 2:
            return None
        for meld in table:
            if meld["kind"] != "group":
                continue
            rank = SPANISH.parse(meld["cards"][0] if meld["cards"][0] != "*"
                                 else meld["cards"][1]).rank
            real = sum(1 for n in meld["cards"] if n != "*")
            fits = [c for c in hand if c != JOKER and c.rank == rank][:8 - real]
            if fits and len(hand) > len(fits):
                return {"type": "add", "meld": meld["id"], "cards": names_of(fits)}
        return None

    def discard_choice(self, hand: list[Card]) -> Card:
        counts = Counter(c.rank for c in hand if c != JOKER)
        loose = [c for c in hand if c != JOKER and counts[c.rank] == 1]
        pool = loose or [c for c in hand if c != JOKER] or hand
        return self.rng.choice(pool)


BOTS = {"facil": EasyBot}


def make_bot(level: str, seat: int, seed: int = 0):
    return BOTS[level](seat, seed)
