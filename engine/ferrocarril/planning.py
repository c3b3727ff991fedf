"""Hand analysis shared by the Ferrocarril bots: the hand and the table as seen in a view, how
far a hand is from the round's contract, the melds to go down with, and what fits where.

Cards are plain ints here (``suit * 16 + rank``, the joker is 0); ranks and suits are taken with
``c & 15`` and ``c >> 4``. These helpers run for every bot decision, so they stay cheap.
"""
from __future__ import annotations

from engine.cards import ALL_CARDS, JOKER, SPANISH, Card, card, circular_rank, from_code
from engine.ferrocarril.melds import MAX_GROUP_REALS, MAX_RUN, MIN_GROUP, MIN_RUN
from engine.ferrocarril.rules import card_points

CARD = {SPANISH.format(c): c for c in (*ALL_CARDS, JOKER)}
NAME = {c: n for n, c in CARD.items()}
POINTS = [0] * 64
for _c in CARD.values():
    POINTS[_c] = card_points(_c)
RANK_POINTS = [0] + [card_points(card(r, 0)) for r in range(1, 14)]


def rank_bit(rank: int) -> int:
    return 1 << (rank - 1)


def _window(start: int, length: int) -> int:
    mask = 0
    for i in range(length):
        mask |= rank_bit(circular_rank(start + i))
    return mask


WINDOWS7 = tuple(_window(start, MIN_RUN) for start in range(1, 14))
WINDOWS_WITH = [()] + [tuple(w for w in WINDOWS7 if w & rank_bit(r)) for r in range(1, 14)]


def _best_windows() -> tuple[list[int], list[int]]:
    """For every set of ranks of one suit: the most of them inside 7 consecutive ranks, and
    the ranks covered by the windows holding that many."""
    best, union = [0] * (1 << 13), [0] * (1 << 13)
    for mask in range(1 << 13):
        counts = [(mask & w).bit_count() for w in WINDOWS7]
        top = max(counts)
        best[mask] = top
        for w, n in zip(WINDOWS7, counts, strict=True):
            if n == top:
                union[mask] |= w
    return best, union


RUN_BEST, RUN_BEST_UNION = _best_windows()      # about 10 ms once, at import


def cards_of(names) -> list[Card]:
    return [CARD[n] for n in names]


def names_of(cards) -> list[str]:
    return [NAME[c] for c in cards]


class Hand:
    """A hand's cards with their counts by rank, built once per decision."""
    __slots__ = ("cards", "counts", "jokers", "_masks", "_run")

    def __init__(self, cards: list[Card]):
        counts = [0] * 14
        jokers = 0
        for c in cards:
            if c:
                counts[c & 15] += 1
            else:
                jokers += 1
        self.cards = cards
        self.counts = counts
        self.jokers = jokers
        self._masks: list[int] | None = None
        self._run: int | None = None

    def __len__(self) -> int:
        return len(self.cards)

    def of_rank(self, rank: int) -> list[Card]:
        return [c for c in self.cards if c and (c & 15) == rank]

    def masks(self) -> list[int]:
        """For each suit, a bit per rank held (rank 1 is bit 0)."""
        if self._masks is None:
            masks = [0, 0, 0, 0]
            for c in self.cards:
                if c:
                    masks[c >> 4] |= 1 << ((c & 15) - 1)
            self._masks = masks
        return self._masks

    def run_best(self) -> int:
        """The most distinct cards of one suit inside any 7 consecutive ranks."""
        if self._run is None:
            self._run = run_best(self.masks())
        return self._run

    def swapped(self, out: Card, into: Card) -> "Hand":
        cards = list(self.cards)
        cards.remove(out)
        cards.append(into)
        return Hand(cards)


# ----- the table ----------------------------------------------------------------------------

class TableMeld:
    """What a bot needs to know about one combination on the table."""
    __slots__ = ("id", "run", "rank", "suit", "size", "reals", "joker", "joker_for",
                 "low", "high")

    def __init__(self, data: dict):
        names = data["cards"]
        self.id = data["id"]
        self.run = data["kind"] == "run"
        self.size = len(names)
        self.joker = "joker_for" in data
        self.reals = self.size - self.joker
        if self.run:
            offset = 1 if names[0] == "*" else 0
            first = CARD[names[offset]]
            self.suit = first >> 4
            self.rank = circular_rank((first & 15) - offset)     # the run's first rank
            room = self.size < MAX_RUN
            self.low = card(circular_rank(self.rank - 1), self.suit) if room else None
            self.high = card(circular_rank(self.rank + self.size), self.suit) if room else None
            self.joker_for: int | None = CARD[data["joker_for"]] if self.joker else None
        else:
            self.rank = CARD[names[1] if names[0] == "*" else names[0]] & 15
            self.suit = -1
            self.low = self.high = None
            self.joker_for = self.rank if self.joker else None

    def takes_joker(self) -> bool:
        if self.joker:
            return False
        return self.low is not None if self.run else True

    def steal_card(self, hand: Hand) -> Card | None:
        """A card of the hand that frees this meld's joker, if any."""
        if not self.joker:
            return None
        if self.run:
            return from_code(self.joker_for) if self.joker_for in hand.cards else None
        if hand.counts[self.rank]:
            return hand.of_rank(self.rank)[0]
        return None


class TableCache:
    """Each meld parsed once. The engine keeps a meld's public dict until the meld changes, so
    the dict itself is the key; we hold a reference so its id cannot be reused meanwhile."""

    def __init__(self):
        self.melds: dict = {}

    def parse(self, table: list[dict]) -> list[TableMeld]:
        melds = self.melds
        out = []
        for data in table:
            entry = melds.get(id(data))
            if entry is None or entry[0] is not data:
                entry = melds[id(data)] = (data, TableMeld(data))
            out.append(entry[1])
        return out

    def clear(self) -> None:
        self.melds.clear()


# ----- group contracts (rounds 1-6) -----------------------------------------------------------

def group_distance(counts: list[int], jokers: int, size: int, melds: int) -> int:
    """Cards still missing for `melds` groups of `size` (one joker may fill one gap)."""
    top = sorted(counts, reverse=True)[:melds]
    missing = sum(size - c for c in top if c < size)
    if missing and jokers:
        missing -= 1
    return missing


def group_salir(hand: Hand, size: int, melds: int) -> list[list[Card]] | None:
    """The groups to go down with (every copy of each chosen rank), or None.

    At most one group carries a joker (rounds with two groups need one clean), and at least
    one card stays in the hand."""
    counts = hand.counts
    if max(counts) + (hand.jokers > 0) < size:
        return None
    clean = sorted((r for r in range(1, 14) if counts[r] >= size), key=lambda r: -counts[r])
    ranks = clean[:melds]
    dirty = None
    if len(ranks) < melds:
        near = [r for r in range(1, 14) if counts[r] == size - 1]
        if not hand.jokers or len(ranks) + 1 < melds or not near:
            return None
        dirty = max(near, key=RANK_POINTS.__getitem__)    # the costliest cards go down
    plan = [hand.of_rank(r)[:MAX_GROUP_REALS] for r in ranks]
    if dirty is not None:
        plan.append(hand.of_rank(dirty) + [JOKER])
    if sum(len(m) for m in plan) >= len(hand):
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
    return max(RUN_BEST[m] for m in masks)


def run_best_windows(hand: Hand) -> list[int]:
    """For each suit, the ranks (as bits) inside the hand's best 7-windows; 0 for other suits."""
    best = hand.run_best()
    return [RUN_BEST_UNION[m] if RUN_BEST[m] == best else 0 for m in hand.masks()]


def run_distance(hand: Hand) -> int:
    return max(0, MIN_RUN - hand.run_best() - (hand.jokers > 0))


def run_card_value(c: int, masks: list[int]) -> int:
    """How many cards of the best 7-window through `c` the hand holds (c included)."""
    mask = masks[c >> 4] | (1 << ((c & 15) - 1))
    best = 0
    for w in WINDOWS_WITH[c & 15]:
        n = (mask & w).bit_count()
        if n > best:
            best = n
    return best


def run_salir(hand: Hand) -> list[Card] | None:
    """The longest escalera the hand can lay down (in order, at most one joker), or None."""
    jokers = 1 if hand.jokers else 0
    masks = hand.masks()
    best = None
    for suit, mask in enumerate(masks):
        if mask.bit_count() + jokers < MIN_RUN:
            continue
        for start in range(1, 14):
            missing = length = 0
            while length < MAX_RUN:
                if not mask & rank_bit(circular_rank(start + length)):
                    if missing == jokers:
                        break
                    missing += 1
                length += 1
            if length >= MIN_RUN and (best is None or length > best[0]):
                best = (length, suit, start)
    if best is None:
        return None
    length, suit, start = best
    length = min(length, len(hand) - 1)        # one card stays in the hand
    if length < MIN_RUN:
        return None
    cards = []
    for i in range(length):
        r = circular_rank(start + i)
        cards.append(card(r, suit) if masks[suit] & rank_bit(r) else JOKER)
    return cards


# ----- after going down -----------------------------------------------------------------------

def group_to_meld(hand: Hand) -> list[Card] | None:
    """Three or more cards of one rank to lay down as a new group (keeping one card)."""
    counts = hand.counts
    best = max(range(1, 14), key=counts.__getitem__)
    if counts[best] < MIN_GROUP:
        return None
    cards = hand.of_rank(best)[:MAX_GROUP_REALS]
    if len(cards) >= len(hand):
        cards.pop()
        if len(cards) < MIN_GROUP:
            return None
    return cards


def pair_with_joker(hand: Hand) -> list[Card] | None:
    """A pair plus the joker as a new group, when that leaves a card in the hand."""
    if not hand.jokers or len(hand) < 4:
        return None
    pairs = [r for r in range(1, 14) if hand.counts[r] == 2]
    if not pairs:
        return None
    return hand.of_rank(max(pairs, key=RANK_POINTS.__getitem__)) + [JOKER]


def addition(hand: Hand, melds: list[TableMeld]) -> dict | None:
    """The first real card(s) of the hand that join a table meld, as an 'add' action."""
    if len(hand) < 2:
        return None
    cards, counts = hand.cards, hand.counts
    for m in melds:
        if m.run:
            if m.low in cards:
                return {"type": "add", "meld": m.id, "cards": [NAME[m.low]], "end": "low"}
            if m.high in cards:
                return {"type": "add", "meld": m.id, "cards": [NAME[m.high]], "end": "high"}
        elif counts[m.rank] and m.reals < MAX_GROUP_REALS:
            fits = hand.of_rank(m.rank)[:MAX_GROUP_REALS - m.reals]
            if len(fits) >= len(hand):
                fits.pop()
            return {"type": "add", "meld": m.id, "cards": names_of(fits)}
    return None


def joker_addition(hand: Hand, melds: list[TableMeld]) -> dict | None:
    """Lay a joker on the table, in the fullest group (the hardest to take it back from)."""
    if not hand.jokers or len(hand) < 2:
        return None
    best, most = None, -1
    for m in melds:
        reals = 0 if m.run else m.reals
        if reals > most and m.takes_joker():
            best, most = m, reals
    if best is None:
        return None
    action = {"type": "add", "meld": best.id, "cards": ["*"]}
    if best.run:
        action["end"] = "high"
    return action
