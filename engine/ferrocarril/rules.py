"""Ferrocarril's numbers: the seven contracts, prizes, card points and limits."""
from __future__ import annotations

from dataclasses import dataclass

from engine.cards import ACE, JOKER, Card
from engine.ferrocarril.melds import GROUP, RUN

MIN_PLAYERS, MAX_PLAYERS = 2, 5
HAND_SIZE = 13
BUYS_PER_GAME = 10
PACKS, JOKERS = 2, 4                      # 2 x 52 + 4 = 108 cards
BUY_SECONDS_DEFAULT, BUY_SECONDS_MIN, BUY_SECONDS_MAX = 5, 3, 10
CARDS_FROM_STOCK_WHEN_TURN_BUYS = 2
# The discard pile is turned into a new stock at most this many times a round: then the round
# ends with nobody closing (docs/rules/ferrocarril.md, interpretation 8). Games saved before
# the limit were played without one (the hidden option `stock_turns`, UNLIMITED_TURNS).
STOCK_TURNS = 2
UNLIMITED_TURNS = 0
# The round's first ¡Compro! window opens with the deal: its timer runs these seconds longer,
# and the phones show the window only once the new hand has been in sight that long.
DEAL_SHOW_SECONDS = 3


@dataclass(frozen=True)
class Contract:
    melds: int
    size: int          # the least cards in each combination
    kind: str
    prize: int
    es: str
    en: str

    def to_dict(self) -> dict:
        return {"melds": self.melds, "size": self.size, "kind": self.kind,
                "prize": self.prize, "es": self.es, "en": self.en}


CONTRACTS = (
    Contract(1, 3, GROUP, -10, "1 trío", "1 set of three"),
    Contract(2, 3, GROUP, -20, "2 tríos", "2 sets of three"),
    Contract(1, 4, GROUP, -30, "1 cuarteto", "1 set of four"),
    Contract(2, 4, GROUP, -40, "2 cuartetos", "2 sets of four"),
    Contract(1, 5, GROUP, -50, "1 quinteto", "1 set of five"),
    Contract(2, 5, GROUP, -60, "2 quintetos", "2 sets of five"),
    Contract(1, 7, RUN, -70, "1 escalera", "1 run of seven"),
)
ROUNDS = len(CONTRACTS)


def card_points(c: Card) -> int:
    """What a card left in the hand costs when someone else closes."""
    if c == JOKER:
        return 50
    rank = c & 15
    if rank == ACE:
        return 20
    return 10 if rank >= 10 else rank


def hand_points(cards) -> int:
    return sum(card_points(c) for c in cards)
