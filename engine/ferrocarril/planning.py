"""Hand analysis shared by the Ferrocarril bots: cards from names, the table as seen in a view,
how far a hand is from the round's contract, the melds to go down with, and what fits where.

Cards are plain ints here (``suit * 16 + rank``, the joker is 0) and ranks/suits are taken with
``c & 15`` / ``c >> 4``: these helpers run for every bot decision, so they stay cheap.
"""
from __future__ import annotations

from engine.cards import ALL_CARDS, JOKER, SPANISH, Card, card, circular_rank
from engine.ferrocarril.melds import MAX_GROUP_REALS, MAX_RUN, MIN_GROUP
from engine.ferrocarril.rules import card_points

CARD = {SPANISH.format(c): c for c in (*ALL_CARDS, JOKER)}
NAME = {c: n for n, c in CARD.items()}
POINTS = [0] * 64
for _c in CARD.values():
    POINTS[_c] = card_points(_c)

FULL = (1 << 13) - 1


def rank_bit(rank: int) -> int:
    return 1 << (rank - 1)


def window_mask(start: int, length: int) -> int:
    mask = 0
    for i in range(length):
        mask |= rank_bit(circular_rank(start + i))
    return mask


WINDOWS7 = tuple((start, window_mask(start, 7)) for start in range(1, 14))
# For each rank, the 7-card windows that hold it.
WINDOWS_WITH = {r: tuple(m for _, m in WINDOWS7 if m & rank_bit(r)) for r in range(1, 14)}


def cards_of(names) -> list[Card]:
    return [CARD[n] for n in names]


def names_of(cards) -> list[str]:
    return [NAME[c] for c in cards]


def rank_counts(hand) -> tuple[list[int], int]:
    counts = [0] * 14
    jokers = 0
    for c in hand:
        if c:
            counts[c & 15] += 1
        else:
            jokers += 1
    return counts, jokers


def suit_masks(hand) -> list[int]:
    masks = [0, 0, 0, 0]
    for c in hand:
        if c:
            masks[c >> 4] |= 1 << ((c & 15) - 1)
    return masks


# ----- the table ----------------------------------------------------------------------------

class TableMeld:
    """What a bot needs to know about one combination on the table."""
    __slots__ = ("id", "owner", "run", "rank", "suit", "size", "reals", "joker", "joker_for",
                 "low", "high")

    def __init__(self, data: dict):
        names = data["cards"]
        self.id = data["id"]
        self.owner = data["owner"]
        self.run = data["kind"] == "run"
        self.size = len(names)
        self.joker = "joker_for" in data
        self.reals = self.size - self.joker
        if self.run:
            first = CARD[names[0]] or CARD[names[1]]
            offset = 0 if CARD[names[0]] else 1
            self.suit = first >> 4
            self.rank = circular_rank((first & 15) - offset)     # the run's first rank
            room = self.size < MAX_RUN
            self.low = card(circular_rank(self.rank - 1), self.suit) if room else None
            self.high = card(circular_rank(self.rank + self.size), self.suit) if room else None
            self.joker_for = CARD[data["joker_for"]] if self.joker else None
        else:
            real = next(CARD[n] for n in names if n != "*")
            self.rank = real & 15
            self.suit = -1
            self.low = self.high = None
            self.joker_for = self.rank if self.joker else None

    def takes_joker(self) -> bool:
        if self.joker:
            return False
        return self.low is not None if self.run else True

    def fits(self, c: int) -> str | None:
        """'' if a real card joins this group, 'low'/'high' for a run's end, else None."""
        if self.run:
            if c == self.low:
                return "low"
            if c == self.high:
                return "high"
            return None
        if (c & 15) == self.rank and self.reals < MAX_GROUP_REALS:
            return ""
        return None

    def steal_card(self, hand_set) -> int | None:
        """A card of `hand_set` that frees this meld's joker, if any."""
        if not self.joker:
            return None
        if self.run:
            return self.joker_for if self.joker_for in hand_set else None
        for c in hand_set:
            if c and (c & 15) == self.rank:
                return c
        return None


class TableCache:
    """Parses each table meld once per content (a meld changes rarely, the table is read often)."""

    def __init__(self):
        self.melds: dict = {}

    def parse(self, table: list[dict]) -> list[TableMeld]:
        melds = self.melds
        out = []
        for data in table:
            key = (data["id"], *data["cards"])
            meld = melds.get(key)
            if meld is None:
                meld = melds[key] = TableMeld(data)
            out.append(meld)
        return out

    def clear(self) -> None:
        self.melds.clear()


def playable(c: int, melds: list[TableMeld]) -> bool:
    if not c:
        return any(m.takes_joker() for m in melds)
    for m in melds:
        if m.fits(c) is not None:
            return True
    return False


# ----- group contracts (rounds 1-6) -----------------------------------------------------------

def group_distance(counts: list[int], jokers: int, size: int, melds: int) -> int:
    """Cards still missing for `melds` groups of `size` (one joker may fill one gap)."""
    top = sorted(counts, reverse=True)[:melds]
    missing = sum(size - c for c in top if c < size)
    if missing and jokers:
        missing -= 1
    return missing


def group_salir(hand: list[Card], size: int, melds: int) -> list[list[Card]] | None:
    """The groups to go down with (every copy of each chosen rank), or None.

    At most one group carries a joker (rounds with two groups need one clean), and at least
    one card stays in the hand."""
    counts, jokers = rank_counts(hand)
    clean = sorted((r for r in range(1, 14) if counts[r] >= size), key=lambda r: -counts[r])
    ranks = clean[:melds]
    dirty = None
    if len(ranks) < melds:
        if not jokers:
            return None
        near = [r for r in range(1, 14) if counts[r] == size - 1]
        if len(ranks) + 1 < melds or not near:
            return None
        dirty = max(near, key=lambda r: POINTS[card(r, 0)])
    plan = [[c for c in hand if c and (c & 15) == r][:MAX_GROUP_REALS] for r in ranks]
    if dirty is not None:
        plan.append([c for c in hand if c and (c & 15) == dirty] + [JOKER])
    used = sum(len(m) for m in plan)
    if used >= len(hand):
        for m in plan:
            if len(m) > size and m[-1] != JOKER:
                m.pop()
                break
        else:
            return None
    return plan


# ----- the escalera (round 7) -----------------------------------------------------------------

def run_best(masks: list[int]) -> int:
    """The most distinct cards of one suit inside any 7 consecutive ranks."""
    best = 0
    for mask in masks:
        if mask.bit_count() <= best:
            continue
        for _, w in WINDOWS7:
            n = (mask & w).bit_count()
            if n > best:
                best = n
    return best


def run_distance(masks: list[int], jokers: int) -> int:
    return max(0, 7 - run_best(masks) - (1 if jokers else 0))


def run_card_value(c: int, masks: list[int]) -> int:
    """How many cards of the best 7-window through `c` the hand holds (c included)."""
    mask = masks[c >> 4] | (1 << ((c & 15) - 1))
    best = 0
    for w in WINDOWS_WITH[c & 15]:
        n = (mask & w).bit_count()
        if n > best:
            best = n
    return best


def run_salir(hand: list[Card]) -> list[Card] | None:
    """The longest escalera the hand can lay down (in order, at most one joker), or None."""
    jokers = 1 if JOKER in hand else 0
    masks = suit_masks(hand)
    best = None
    for suit, mask in enumerate(masks):
        if mask.bit_count() + jokers < 7:
            continue
        for start in range(1, 14):
            missing = 0
            length = 0
            while length < MAX_RUN:
                if not mask & rank_bit(circular_rank(start + length)):
                    if missing == jokers:
                        break
                    missing += 1
                length += 1
            # A joker past the last real card only lengthens the run; keep it if it fits.
            if length >= 7 and (best is None or length > best[0]):
                best = (length, suit, start, missing)
    if best is None:
        return None
    length, suit, start, _ = best
    if length >= len(hand):
        length = len(hand) - 1
        if length < 7:
            return None
    cards = []
    used_joker = False
    for i in range(length):
        r = circular_rank(start + i)
        if masks[suit] & rank_bit(r):
            cards.append(card(r, suit))
        elif not used_joker and jokers:
            cards.append(JOKER)
            used_joker = True
        else:
            return None
    if cards[0] == JOKER and cards[-1] == JOKER:
        return None
    return cards


# ----- after going down -----------------------------------------------------------------------

def groups_to_meld(hand: list[Card]) -> list[Card] | None:
    """Three or more cards of one rank to lay down as a new group (keeping one card)."""
    counts, _ = rank_counts(hand)
    best = max(range(1, 14), key=lambda r: counts[r])
    if counts[best] < MIN_GROUP:
        return None
    cards = [c for c in hand if c and (c & 15) == best][:MAX_GROUP_REALS]
    if len(cards) >= len(hand):
        cards.pop()
        if len(cards) < MIN_GROUP:
            return None
    return cards


def pair_with_joker(hand: list[Card]) -> list[Card] | None:
    """A pair plus the joker as a new group, when that leaves a card in the hand."""
    if JOKER not in hand or len(hand) < 4:
        return None
    counts, _ = rank_counts(hand)
    pairs = [r for r in range(1, 14) if counts[r] == 2]
    if not pairs:
        return None
    r = max(pairs, key=lambda r: POINTS[card(r, 0)])
    return [c for c in hand if c and (c & 15) == r] + [JOKER]


def addition(hand: list[Card], melds: list[TableMeld]) -> dict | None:
    """The first real card(s) of the hand that join a table meld, as an 'add' action."""
    if len(hand) < 2:
        return None
    for m in melds:
        if m.run:
            for c in hand:
                if c and (c == m.low or c == m.high):
                    return {"type": "add", "meld": m.id, "cards": [NAME[c]],
                            "end": "low" if c == m.low else "high"}
        elif m.reals < MAX_GROUP_REALS:
            fits = [c for c in hand if c and (c & 15) == m.rank][:MAX_GROUP_REALS - m.reals]
            if fits:
                if len(fits) >= len(hand):
                    fits.pop()
                return {"type": "add", "meld": m.id, "cards": names_of(fits)}
    return None


def joker_addition(hand: list[Card], melds: list[TableMeld]) -> dict | None:
    """Lay a joker on the table meld where it is hardest to take back (fullest group first)."""
    if JOKER not in hand or len(hand) < 2:
        return None
    best = None
    for m in melds:
        if not m.takes_joker():
            continue
        score = m.reals if not m.run else 0
        if best is None or score > best[0]:
            best = (score, m)
    if best is None:
        return None
    m = best[1]
    action = {"type": "add", "meld": m.id, "cards": ["*"]}
    if m.run:
        action["end"] = "high"
    return action
