"""Computer players for Ferrocarril. A bot sees only its own seat's view, never the game state.

`choose(view)` returns the bot's next action as a JSON dict, or None when it has nothing to do.

- "facil" goes down as soon as it can, plays what fits, never buys or steals, and discards a
  random card it has no use for.
- "normal" plans the contract, buys cards that bring it closer, steals jokers it can use,
  sheds its costly cards when a rival is about to close, and plays out its hand quickly.
"""
from __future__ import annotations

import random

from engine.cards import JOKER, Card
from engine.ferrocarril import planning as P
from engine.ferrocarril.planning import CARD, NAME, POINTS

LEVELS = ("facil", "normal")


def cards_of(names) -> list[Card]:
    return [CARD[n] for n in names]


def names_of(cards) -> list[str]:
    return [NAME[c] for c in cards]


def _discard(c) -> dict:
    return {"type": "discard", "card": NAME[c]}


class BaseBot:
    """The parts both levels share: answering the simple prompts and laying cards down."""

    level = ""

    def __init__(self, seat: int, seed: int = 0):
        self.seat = seat
        self.rng = random.Random(seed * 31 + seat)
        self.tables = P.TableCache()
        self.round = 0

    def choose(self, view: dict) -> dict | None:
        allowed = view.get("allowed")
        if not allowed:
            return None
        first = allowed[0]
        if first == "buy":
            return self.on_buy_window(view)
        if first == "draw":
            return {"type": "draw"}
        if first == "next_round":
            return {"type": "next_round"}
        if view["round"] != self.round:
            self.round = view["round"]
            self.tables.clear()
        hand = cards_of(view["hand"])
        melds = self.tables.parse(view["table"])
        if first == "close":
            return self.with_one_card(view, hand, melds)
        if view["players"][self.seat]["salido"]:
            return self.play_after_salir(view, hand, melds, allowed)
        return self.play_before_salir(view, hand, melds, allowed)

    def on_buy_window(self, view: dict) -> dict:
        return {"type": "pass"}

    def with_one_card(self, view, hand, melds) -> dict:
        return {"type": "close"}

    def salir_plan(self, view: dict, hand: list[Card]) -> list[list[Card]] | None:
        contract = view["contract"]
        if contract["kind"] == "run":
            if P.run_distance(P.suit_masks(hand), JOKER in hand):
                return None
            run = P.run_salir(hand)
            return [run] if run else None
        return P.group_salir(hand, contract["size"], contract["melds"])

    def play_before_salir(self, view, hand, melds, allowed) -> dict:
        if "salir" in allowed:
            plan = self.salir_plan(view, hand)
            if plan:
                return {"type": "salir", "melds": [names_of(m) for m in plan]}
        return _discard(self.discard_before_salir(view, hand, melds))

    def lay_down(self, hand, melds) -> dict | None:
        """The next card(s) to lay on the table after going down, if any."""
        group = P.groups_to_meld(hand)
        if group:
            return {"type": "meld", "cards": names_of(group)}
        group = P.pair_with_joker(hand)
        if group:
            return {"type": "meld", "cards": names_of(group)}
        return P.addition(hand, melds) or P.joker_addition(hand, melds)

    def play_after_salir(self, view, hand, melds, allowed) -> dict:
        move = self.lay_down(hand, melds)
        if move:
            return move
        return _discard(self.discard_after_salir(view, hand, melds))

    @staticmethod
    def reals(hand: list[Card]) -> list[Card]:
        return [c for c in hand if c] or hand


class EasyBot(BaseBot):
    """Goes down when it can and plays what fits; never buys or steals; discards at random
    among the cards that do not help its contract."""

    level = "facil"

    def discard_before_salir(self, view, hand, melds) -> Card:
        if view["contract"]["kind"] == "run":
            masks = P.suit_masks(hand)
            best = P.run_best(masks)
            value = {c: P.run_card_value(c, masks) for c in set(hand) if c}
            pool = [c for c in hand if c and (value[c] < best or hand.count(c) > 1)]
        else:
            counts, _ = P.rank_counts(hand)
            pool = [c for c in hand if c and counts[c & 15] == 1]
        return self.rng.choice(pool or self.reals(hand))

    def discard_after_salir(self, view, hand, melds) -> Card:
        counts, _ = P.rank_counts(hand)
        pool = [c for c in hand if c and counts[c & 15] == 1]
        return self.rng.choice(pool or self.reals(hand))


# How many buys "normal" keeps for later rounds (by round, 1-based) unless a buy goes down.
BUY_RESERVE = (None, 6, 5, 4, 3, 2, 1, 0)


class NormalBot(BaseBot):
    level = "normal"

    # ----- buying ---------------------------------------------------------------------------

    def on_buy_window(self, view: dict) -> dict:
        return {"type": "buy" if self.wants(view) else "pass"}

    def wants(self, view: dict) -> bool:
        me = view["players"][self.seat]
        if me["salido"]:
            return False
        c = CARD[view["buy_window"]["card"]]
        hand = cards_of(view["hand"])
        before, after = self.distance(view, hand), self.distance(view, hand + [c])
        if after >= before and c:
            return False
        if after == 0:
            return True
        if self.danger(view) >= 1:
            return False
        return me["buys_left"] > BUY_RESERVE[view["round"]]

    @staticmethod
    def distance(view, hand) -> int:
        contract = view["contract"]
        if contract["kind"] == "run":
            return P.run_distance(P.suit_masks(hand), JOKER in hand)
        counts, jokers = P.rank_counts(hand)
        return P.group_distance(counts, jokers, contract["size"], contract["melds"])

    def danger(self, view) -> float:
        """How close a rival is to closing: 0 (far) .. 2 (could close next turn)."""
        level = 0.0
        for p in view["players"]:
            if p["seat"] != self.seat and p["salido"]:
                if p["cards"] <= 2:
                    return 2.0
                if p["cards"] <= 4:
                    level = 1.0
        return level

    # ----- playing --------------------------------------------------------------------------

    def play_before_salir(self, view, hand, melds, allowed) -> dict:
        if "salir" in allowed:
            plan = self.salir_plan(view, hand)
            if plan:
                return {"type": "salir", "melds": [names_of(m) for m in plan]}
            if "steal" in allowed:
                steal = self.steal_to_salir(view, hand, melds)
                if steal:
                    return steal
        return _discard(self.discard_before_salir(view, hand, melds))

    def steal_to_salir(self, view, hand, melds) -> dict | None:
        hand_set = set(hand)
        for m in melds:
            real = m.steal_card(hand_set)
            if real is None:
                continue
            after = list(hand)
            after.remove(real)
            after.append(JOKER)
            if self.salir_plan(view, after):
                return {"type": "steal", "meld": m.id, "card": NAME[real]}
        return None

    def play_after_salir(self, view, hand, melds, allowed) -> dict:
        if "steal" in allowed and JOKER not in hand and P.groups_to_meld(hand) is None:
            steal = self.steal_for_pair(hand, melds)
            if steal:
                return steal
        move = self.lay_down(hand, melds)
        if move:
            return move
        if "steal" in allowed and len(hand) >= 2:
            steal = self.steal_to_shed(hand, melds)
            if steal:
                return steal
        return _discard(self.discard_after_salir(view, hand, melds))

    def steal_for_pair(self, hand, melds) -> dict | None:
        """Take a joker to turn a pair into a new group."""
        if len(hand) < 4:
            return None
        counts, _ = P.rank_counts(hand)
        hand_set = set(hand)
        for m in melds:
            real = m.steal_card(hand_set)
            if real is None:
                continue
            if any(counts[r] - (r == real & 15) == 2 for r in range(1, 14)):
                return {"type": "steal", "meld": m.id, "card": NAME[real]}
        return None

    def steal_to_shed(self, hand, melds) -> dict | None:
        """Swap a card nothing else takes for a joker that goes straight back on the table."""
        hand_set = set(hand)
        for m in melds:
            real = m.steal_card(hand_set)
            if real is None:
                continue
            back = (not m.run) or m.low is not None
            if back or any(o is not m and o.takes_joker() for o in melds):
                return {"type": "steal", "meld": m.id, "card": NAME[real]}
        return None

    # ----- discarding -----------------------------------------------------------------------

    def point_weight(self, view) -> float:
        return (0.05, 0.6, 1.5)[int(self.danger(view))]

    def discard_before_salir(self, view, hand, melds) -> Card:
        weight = self.point_weight(view)
        contract = view["contract"]
        if contract["kind"] == "run":
            value = self.run_values(hand, melds)
        else:
            value = self.group_values(hand, melds, contract["size"])
        stolen = view.get("stolen_jokers", 0)
        best = None
        for c in set(hand):
            if not c:
                continue
            v = value(c) - POINTS[c] * weight
            if best is None or v < best[0]:
                best = (v, c)
        if best is None:
            return hand[0] if not stolen else next(c for c in hand if c)
        return best[1]

    @staticmethod
    def group_values(hand, melds, size):
        counts, _ = P.rank_counts(hand)
        on_table = [0] * 14
        open_group = [False] * 14
        for m in melds:
            if not m.run:
                on_table[m.rank] += m.reals
                if m.reals < 8:
                    open_group[m.rank] = True

        def value(c):
            r = c & 15
            n = counts[r]
            live = 8 - n - on_table[r]
            v = n * 10 + live * 0.5
            if n + live + 1 < size:       # this rank can no longer make the contract
                v -= n * 6
            if open_group[r]:
                v += 8
            return v
        return value

    @staticmethod
    def run_values(hand, melds):
        masks = P.suit_masks(hand)
        counts, _ = P.rank_counts(hand)
        copies = {}
        for c in hand:
            copies[c] = copies.get(c, 0) + 1
        ends = set()
        for m in melds:
            if m.run:
                ends.add(m.low)
                ends.add(m.high)

        def value(c):
            v = P.run_card_value(c, masks) * 10 + counts[c & 15]
            if copies[c] > 1:
                v -= 25
            if c in ends:
                v += 12
            return v
        return value

    def discard_after_salir(self, view, hand, melds) -> Card:
        counts, _ = P.rank_counts(hand)
        best = None
        for c in hand:
            if not c:
                continue
            v = counts[c & 15] * 12 - POINTS[c]
            if best is None or v < best[0]:
                best = (v, c)
        return best[1] if best else hand[0]


BOTS = {"facil": EasyBot, "normal": NormalBot}


def make_bot(level: str, seat: int, seed: int = 0):
    return BOTS[level](seat, seed)
