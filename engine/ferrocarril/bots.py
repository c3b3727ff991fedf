"""Computer players for Ferrocarril. A bot sees only its own seat's view, never the game state.

`choose(view)` returns the bot's next action as a JSON dict, or None when it has nothing to do.

- "facil" goes down as soon as it can, plays what fits, never steals, discards a random card
  it has no use for, and now and then buys an obvious card (the third of a pair in a round of
  tríos).
- "normal" plans the contract, buys the cards that complete it or bring it closer (keeping
  buys for the late contracts, and passing when a rival is about to close and the card could
  not help in time) and, down in the last round, one that makes a new group; it steals jokers
  it can use, sheds its costly cards when a rival is about to close, and plays out its hand
  quickly.
"""
from __future__ import annotations

import random

from engine.cards import JOKER, Card
from engine.ferrocarril import planning as P
from engine.ferrocarril.planning import CARD, NAME, POINTS, Hand, cards_of, names_of

LEVELS = ("facil", "normal")


def _discard(c: Card) -> dict:
    return {"type": "discard", "card": NAME[c]}


def _steal(meld: P.TableMeld, real: Card) -> dict:
    return {"type": "steal", "meld": meld.id, "card": NAME[real]}


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
        if first == "buy":               # (a card just sold is no window: nothing to answer)
            return self.on_buy_window(view) if view.get("buy_window") else None
        if first == "draw":
            return {"type": "draw"}
        if first == "next_round":
            return {"type": "next_round"}   # ready; the round waits for the people too
        if first == "close":
            return {"type": "close"}
        if view["round"] != self.round:
            self.round = view["round"]
            self.tables.clear()
        hand = Hand(cards_of(view["hand"]))
        if view["players"][self.seat]["salido"]:
            return self.play_after_salir(view, hand, allowed)
        return self.play_before_salir(view, hand, allowed)

    def on_buy_window(self, view: dict) -> dict:
        return {"type": "pass"}

    def melds(self, view: dict) -> list[P.TableMeld]:
        return self.tables.parse(view["table"])

    @staticmethod
    def salir_plan(view: dict, hand: Hand) -> list[list[Card]] | None:
        contract = view["contract"]
        if contract["kind"] == "run":
            if P.run_distance(hand):
                return None
            run = P.run_salir(hand)
            return [run] if run else None
        return P.group_salir(hand, contract["size"], contract["melds"])

    def play_before_salir(self, view, hand: Hand, allowed) -> dict:
        if "salir" in allowed:
            plan = self.salir_plan(view, hand)
            if plan:
                return {"type": "salir", "melds": [names_of(m) for m in plan]}
        return _discard(self.discard_before_salir(view, hand))

    def lay_down(self, view, hand: Hand) -> dict | None:
        """The next card(s) to lay on the table after going down, if any."""
        group = P.group_to_meld(hand) or P.pair_with_joker(hand)
        if group:
            return {"type": "meld", "cards": names_of(group)}
        melds = self.melds(view)
        return P.addition(hand, melds) or P.joker_addition(hand, melds)

    def play_after_salir(self, view, hand: Hand, allowed) -> dict:
        return self.lay_down(view, hand) or _discard(self.discard_after_salir(view, hand))

    @staticmethod
    def reals(hand: Hand) -> list[Card]:
        return [c for c in hand.cards if c] or hand.cards

    def discard_before_salir(self, view, hand: Hand) -> Card:
        raise NotImplementedError        # each level chooses its own discards

    def discard_after_salir(self, view, hand: Hand) -> Card:
        raise NotImplementedError


class EasyBot(BaseBot):
    """Goes down when it can and plays what fits; never steals; discards at random among the
    cards that do not help its contract. It buys only an obvious card, and then only some of
    the time: one that completes a group of the contract's size (the third card of a pair in
    a round of tríos), or the escalera, before it has gone down."""

    level = "facil"
    BUY_CHANCE = 0.5          # how often it notices the obvious card

    def on_buy_window(self, view: dict) -> dict:
        if self.obvious_buy(view) and self.rng.random() < self.BUY_CHANCE:
            return {"type": "buy"}
        return {"type": "pass"}

    def obvious_buy(self, view: dict) -> bool:
        if view["players"][self.seat]["salido"]:
            return False
        c = CARD[view["buy_window"]["card"]]
        if not c:
            return False                  # what a comodín is worth takes some thinking
        hand = Hand(cards_of(view["hand"]))
        contract = view["contract"]
        if contract["kind"] == "run":
            return P.run_distance(hand) == 1 and P.run_distance(Hand(hand.cards + [c])) == 0
        size, melds = contract["size"], contract["melds"]
        if hand.counts[c & 15] != size - 1:
            return False
        counts = list(hand.counts)
        before = P.group_distance(counts, hand.jokers, size, melds)
        counts[c & 15] += 1
        return P.group_distance(counts, hand.jokers, size, melds) < before

    def discard_before_salir(self, view, hand: Hand) -> Card:
        if view["contract"]["kind"] == "run":
            return self.rng.choice(self.off_run(hand) or self.reals(hand))
        return self.discard_after_salir(view, hand)

    def discard_after_salir(self, view, hand: Hand) -> Card:
        counts = hand.counts
        return self.rng.choice([c for c in hand.cards if c and counts[c & 15] == 1]
                               or self.reals(hand))

    @staticmethod
    def off_run(hand: Hand) -> list[Card]:
        """Cards outside the hand's best escalera windows, and second copies."""
        keep = P.run_best_windows(hand)
        seen = set()
        pool = []
        for c in hand.cards:
            if c and (c in seen or not keep[c >> 4] & (1 << ((c & 15) - 1))):
                pool.append(c)
            seen.add(c)
        return pool


# How many buys "normal" keeps for later rounds in rounds 1..7, one fewer when a buy brings it
# to one card from going down: the late contracts (two cuartetos, two quintetos) need the most.
BUY_RESERVE = (7, 6, 5, 4, 2, 1, 0)
# Still this many cards short after the buy while a rival can close next turn: the bought card
# (and, in turn, the two from the stock) would most likely be points to pay.
TOO_FAR_IN_TURN, TOO_FAR = 2, 3


class NormalBot(BaseBot):
    level = "normal"

    # ----- buying ---------------------------------------------------------------------------

    def on_buy_window(self, view: dict) -> dict:
        return {"type": "buy" if self.wants(view) else "pass"}

    def wants(self, view: dict) -> bool:
        """Buy a card that brings the contract closer; always the one that completes it.

        Out of turn a buy costs no card, and in turn the two cards from the stock are more
        to build with: in simulated games, passing on a useful card because the hand was big,
        or because the buy came in turn, lost points. What is weighed is the 10 buys of the
        game (the late contracts need them most) and the points a buy adds when a rival can
        close before the card helps."""
        me = view["players"][self.seat]
        c = CARD[view["buy_window"]["card"]]
        hand = Hand(cards_of(view["hand"]))
        in_turn = view["turn"] == self.seat
        if me["salido"]:
            return self.wants_after_salir(view, hand, c, in_turn)
        before = self.distance(view, hand)
        after = self.distance(view, Hand(hand.cards + [c]))
        if after >= before:
            return False                   # no closer: useless, whatever it costs
        if after == 0:
            return True                    # it goes down at its next turn, even on its last buy
        if self.danger(view) >= 2 and after >= (TOO_FAR_IN_TURN if in_turn else TOO_FAR):
            return False
        keep = BUY_RESERVE[view["round"] - 1] - (after == 1)
        return me["buys_left"] - 1 >= keep

    def wants_after_salir(self, view, hand: Hand, c: Card, in_turn: bool) -> bool:
        """Down already, a card that turns a pair into a new group sheds cards faster (one
        that fits a table meld goes straight back out: nothing gained). That is worth a buy
        only in the last round, when no later contract needs it (measured: earlier, those
        buys were missed later), and out of turn (in turn it brings two cards more)."""
        if in_turn or not c or view["round"] != view["rounds"]:
            return False
        return hand.counts[c & 15] == 2 and self.danger(view) < 2

    @staticmethod
    def distance(view, hand: Hand) -> int:
        contract = view["contract"]
        if contract["kind"] == "run":
            return P.run_distance(hand)
        return P.group_distance(hand.counts, hand.jokers, contract["size"], contract["melds"])

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

    def play_before_salir(self, view, hand: Hand, allowed) -> dict:
        if "salir" in allowed:
            plan = self.salir_plan(view, hand)
            if plan:
                return {"type": "salir", "melds": [names_of(m) for m in plan]}
            if "steal" in allowed:
                steal = self.steal_to_salir(view, hand)
                if steal:
                    return steal
        return _discard(self.discard_before_salir(view, hand))

    def steal_to_salir(self, view, hand: Hand) -> dict | None:
        for m in self.melds(view):
            real = m.steal_card(hand)
            if real is not None and self.salir_plan(view, hand.swapped(real, JOKER)):
                return _steal(m, real)
        return None

    def play_after_salir(self, view, hand: Hand, allowed) -> dict:
        stealing = "steal" in allowed and len(hand) >= 2
        if stealing and not hand.jokers and P.group_to_meld(hand) is None:
            steal = self.steal_for_pair(view, hand)
            if steal:
                return steal
        move = self.lay_down(view, hand)
        if move:
            return move
        if stealing:
            steal = self.steal_to_shed(view, hand)
            if steal:
                return steal
        return _discard(self.discard_after_salir(view, hand))

    def steal_for_pair(self, view, hand: Hand) -> dict | None:
        """Take a joker to turn a pair into a new group."""
        if len(hand) < 4:
            return None
        counts = hand.counts
        for m in self.melds(view):
            real = m.steal_card(hand)
            if real is not None and any(counts[r] - (r == (real & 15)) == 2
                                        for r in range(1, 14)):
                return _steal(m, real)
        return None

    def steal_to_shed(self, view, hand: Hand) -> dict | None:
        """Swap a card nothing else takes for a joker that goes straight back on the table."""
        melds = self.melds(view)
        for m in melds:
            real = m.steal_card(hand)
            if real is None:
                continue
            back = not m.run or m.low is not None
            if back or any(o is not m and o.takes_joker() for o in melds):
                return _steal(m, real)
        return None

    # ----- discarding -----------------------------------------------------------------------

    def point_weight(self, view) -> float:
        return (0.05, 0.6, 1.5)[int(self.danger(view))]

    def discard_before_salir(self, view, hand: Hand) -> Card:
        weight = self.point_weight(view)
        contract = view["contract"]
        melds = self.melds(view)
        if contract["kind"] == "run":
            value = self.run_values(hand, melds)
        else:
            value = self.group_values(hand, melds, contract["size"])
        best = None
        for c in set(hand.cards):
            if c:
                v = value(c) - POINTS[c] * weight
                if best is None or v < best[0]:
                    best = (v, c)
        return best[1] if best else hand.cards[0]

    @staticmethod
    def group_values(hand: Hand, melds, size: int):
        counts = hand.counts
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
    def run_values(hand: Hand, melds):
        masks, counts = hand.masks(), hand.counts
        copies: dict[Card, int] = {}
        for c in hand.cards:
            copies[c] = copies.get(c, 0) + 1
        fits_later: set[Card] = set()   # cards that will join a table meld once we have gone down
        open_ranks = set()
        for m in melds:
            if m.run:
                fits_later.update((m.low, m.high))
            elif m.reals < 8:
                open_ranks.add(m.rank)

        def value(c):
            v = P.run_card_value(c, masks) * 10 + counts[c & 15]
            if copies[c] > 1:
                v -= 25
            if c in fits_later or (c & 15) in open_ranks:
                v += 12
            return v
        return value

    @staticmethod
    def discard_after_salir(view, hand: Hand) -> Card:
        """The costliest card that is not part of a pair (a pair may still become a group)."""
        counts = hand.counts
        best = None
        for c in hand.cards:
            if c:
                v = counts[c & 15] * 12 - POINTS[c]
                if best is None or v < best[0]:
                    best = (v, c)
        return best[1] if best else hand.cards[0]


BOTS = {"facil": EasyBot, "normal": NormalBot}


def make_bot(level: str, seat: int, seed: int = 0):
    if level == "dificil":              # the search, imported only when a game asks for it
        from engine.ferrocarril.hard import DificilBot
        return DificilBot(seat, seed)
    return BOTS[level](seat, seed)
