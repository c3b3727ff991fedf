"""Ferrocarril combinations on the table: groups of one rank and round 7's escalera.

Every check here raises `IllegalAction` with a stable code and changes nothing; the game applies
the returned values only once everything has been checked.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from engine.cards import JOKER, SPANISH, Card, card, circular_rank, from_code, left_over
from engine.messages import Words, refuse

GROUP, RUN = "group", "run"
MAX_GROUP_REALS = 8      # 4 suits x 2 packs
MIN_GROUP = 3
MIN_RUN = 7
MAX_RUN = 13             # every rank of one suit once; the ace joins king and two




@dataclass
class Meld:
    id: int
    owner: int
    kind: str
    cards: list[Card]        # a run: in order, lowest position first; a group: any order
    rank: int                # a group's rank; a run's first rank (position 0)
    suit: int = -1           # a run's suit
    _public: dict | None = field(default=None, repr=False, compare=False)
    _audited: list | None = field(default=None, repr=False, compare=False)

    @property
    def has_joker(self) -> bool:
        return JOKER in self.cards

    def rank_at(self, position: int) -> int:
        return circular_rank(self.rank + position)

    def joker_stands_for(self) -> Card | int | None:
        """The card a run's joker replaces, or the rank a group's joker replaces."""
        if not self.has_joker:
            return None
        if self.kind == GROUP:
            return self.rank
        return card(self.rank_at(self.cards.index(JOKER)), self.suit)

    def changed(self) -> None:
        self._public = None

    def public(self) -> dict:
        """JSON-ready description (cached until the meld changes)."""
        if self._public is None:
            data = {"id": self.id, "owner": self.owner, "kind": self.kind,
                    "cards": [SPANISH.format(c) for c in self.cards]}
            stands = self.joker_stands_for()
            if self.kind == RUN:
                data["suit"] = SPANISH.suit_letters[self.suit]
                if stands is not None:
                    data["joker_for"] = SPANISH.format(from_code(stands))
            else:
                data["rank"] = SPANISH.rank_names[self.rank - 1]
                if stands is not None:
                    data["joker_for"] = SPANISH.rank_names[self.rank - 1]
            self._public = data
        return self._public

    def copy(self) -> "Meld":
        return Meld(self.id, self.owner, self.kind, list(self.cards), self.rank, self.suit)


def _names(cards: Sequence[Card]) -> list[Words]:
    return [SPANISH.words(c) for c in cards]


def _count_jokers(cards: Sequence[Card]) -> int:
    jokers = sum(1 for c in cards if c == JOKER)
    if jokers > 1:
        raise refuse("too_many_jokers")
    return jokers


def is_run(cards) -> bool:
    """Whether cards laid where escaleras may be are one (else they are a group)."""
    return len(cards) >= 7 and len({c.rank for c in cards if c != JOKER}) > 1


def check_group(cards: Sequence[Card], min_size: int = MIN_GROUP) -> int:
    """The rank of a valid group made of `cards`; raises otherwise."""
    _count_jokers(cards)
    reals = [c for c in cards if c != JOKER]
    ranks = {c.rank for c in reals}
    if len(ranks) > 1:
        raise refuse("group_mixed_ranks", cards=_names(cards))
    if len(cards) < min_size:
        raise refuse("group_too_small", least=min_size, cards=_names(cards))
    if not reals:
        raise refuse("group_needs_real_cards")
    if len(reals) > MAX_GROUP_REALS:
        raise refuse("group_too_big")
    return reals[0].rank


def _run_windows(cards: Sequence[Card]) -> tuple[int, list[int]]:
    """The suit and every first rank for which `cards` fill len(cards) consecutive positions."""
    jokers = _count_jokers(cards)
    reals = [c for c in cards if c != JOKER]
    if not reals:
        raise refuse("run_needs_real_cards")
    suits = {c.suit for c in reals}
    if len(suits) > 1:
        raise refuse("run_mixed_suits", cards=_names(cards))
    if len(cards) > MAX_RUN:
        raise refuse("run_too_long")
    ranks = {c.rank for c in reals}
    if len(ranks) != len(reals):
        raise refuse("run_repeats_rank", cards=_names(cards))
    size = len(cards)
    starts = []
    for start in range(1, 14):
        window = {circular_rank(start + i) for i in range(size)}
        if ranks <= window and size - len(ranks) == jokers:
            starts.append(start)
    if not starts:
        raise refuse("run_not_consecutive", cards=_names(cards))
    return suits.pop(), starts


def _lay_out(cards: Sequence[Card], start: int, suit: int) -> list[Card]:
    by_rank = {c.rank: c for c in cards if c != JOKER}
    return [by_rank.get(circular_rank(start + i), JOKER) for i in range(len(cards))]


def arrange_run(cards: Sequence[Card], min_size: int = MIN_RUN) -> tuple[int, int, list[Card]]:
    """(first rank, suit, ordered cards) of a valid run made of `cards`; raises otherwise.

    The cards may come in any order. When the joker could stand at either end, the order
    given wins if it is a valid run; otherwise the joker goes to the high end."""
    if len(cards) < min_size:
        raise refuse("run_too_short", least=min_size)
    suit, starts = _run_windows(cards)
    for start in starts:
        ordered = _lay_out(cards, start, suit)
        if ordered == list(cards):
            return start, suit, ordered
    reals = [c for c in cards if c != JOKER]
    # Prefer the layout whose first position holds a real card (joker at the high end).
    for start in starts:
        ordered = _lay_out(cards, start, suit)
        if ordered[0] != JOKER:
            # For a full circle, begin at the lowest real rank so the layout is stable.
            if len(starts) == 13 and start != min(c.rank for c in reals):
                continue
            return start, suit, ordered
    start = starts[0]
    return start, suit, _lay_out(cards, start, suit)


def extend_group(meld: Meld, cards: Sequence[Card]) -> list[Card]:
    """The group's cards after adding `cards`; raises if the group would not stay valid."""
    new = list(meld.cards) + list(cards)
    for c in cards:
        if c != JOKER and c.rank != meld.rank:
            raise refuse("wrong_rank_for_group", rank=SPANISH.rank_words(meld.rank),
                         card=SPANISH.words(c))
    check_group(new)
    return new


def extend_run(meld: Meld, cards: Sequence[Card], end: str | None) -> tuple[int, list[Card]]:
    """(new first rank, new ordered cards) after adding `cards` at one or both ends.

    `end` is "low", "high" or None (let the cards decide; refused when more than one
    placement fits)."""
    cards = list(cards)
    jokers = sum(1 for c in cards if c == JOKER)
    if jokers + meld.has_joker > 1:
        raise refuse("too_many_jokers")
    for c in cards:
        if c != JOKER and c.suit != meld.suit:
            raise refuse("run_wrong_suit", suit=SPANISH.suit_words(meld.suit))
    total = len(meld.cards) + len(cards)
    if total > MAX_RUN:
        raise refuse("run_too_long")
    reals = sorted(c.rank for c in cards if c != JOKER)
    placements = []
    for low in range(len(cards) + 1):
        high = len(cards) - low
        if end == "low" and high or end == "high" and low:
            continue
        wanted = [circular_rank(meld.rank - i) for i in range(1, low + 1)]
        wanted += [circular_rank(meld.rank + len(meld.cards) + i) for i in range(high)]
        missing = left_over(wanted, reals)
        if missing is not None and len(missing) == jokers:
            placements.append((low, high))
    if not placements:
        raise refuse("cannot_place", cards=_names(cards))
    if len(placements) > 1 and total == MAX_RUN:
        placements = [p for p in placements if p[0] == 0]   # a full circle: both ends meet
    if len(placements) > 1:
        raise refuse("ambiguous_placement")
    low, _ = placements[0]
    start = circular_rank(meld.rank - low)
    by_rank = {c.rank: c for c in cards if c != JOKER}
    ordered = []
    for i in range(total):
        rank = circular_rank(start + i)
        if low <= i < low + len(meld.cards):
            ordered.append(meld.cards[i - low])
        else:
            ordered.append(by_rank.get(rank, JOKER))
    return start, ordered


def check_steal(meld: Meld, real: Card) -> int:
    """Index of the joker that `real` may replace in `meld`; raises otherwise."""
    if not meld.has_joker:
        raise refuse("no_joker_there")
    if real == JOKER:
        raise refuse("joker_for_real_card")
    stands = meld.joker_stands_for()
    assert stands is not None           # the meld has a joker
    if meld.kind == GROUP:
        if real.rank != stands:
            raise refuse("joker_needs_rank", rank=SPANISH.a_rank_words(stands))
    elif real != stands:
        raise refuse("joker_needs_card", card=SPANISH.words(from_code(stands)))
    return meld.cards.index(JOKER)
