"""The working copy: the player in turn rearranges a private copy of the table one step at a
time (move, split, join, name) and then commits it with Listo (the game checks the whole play
with `commit.check_play`).

An `Editor` stands over the committed state (table, the player's hand, loose cards) and the
copy so far; each step checks everything first and returns the new copy, leaving the old one
and the game untouched, so a refused step changes nothing. What jokers allow comes from the
rule set's joker policy (jokers.py).
"""
from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from engine.cards import JOKER
from engine.manipulacion.jokers import physical
from engine.manipulacion.melds import (
    HIGH,
    arrange,
    card_words,
    cards_words,
    classify,
    is_joker,
    named,
    stands_for,
)
from engine.manipulacion.messages import PLACES
from engine.manipulacion.rulesets import RuleSet
from engine.messages import Words, refuse


@dataclass
class Copy:
    """The player's private working copy of the table."""
    groups: list[list[int]]
    origin: list[int | None]     # the committed group each copy group started as (None: new)
    hand: list[int]
    loose: list[int]
    steps: int = 0


def fresh_copy(table: Sequence[Sequence[int]], hand: Sequence[int],
               loose: Sequence[int]) -> Copy:
    return Copy([list(g) for g in table], list(range(len(table))), list(hand), list(loose))


def changed(cp: Copy, table: Sequence[Sequence[int]], loose: Sequence[int]) -> bool:
    """Does the copy differ from the committed table (and loose cards)?"""
    return (sorted(sorted(g) for g in cp.groups) != sorted(sorted(g) for g in table)
            or sorted(cp.loose) != sorted(loose))


def placed(hand: Sequence[int], cp: Copy) -> Counter:
    """The cards of `hand` that the copy has put on the table."""
    return Counter(hand) - Counter(cp.hand)


class Editor:
    def __init__(self, rules: RuleSet, table: Sequence[Sequence[int]], hand: Sequence[int],
                 loose: Sequence[int], current: Copy | None):
        self.rules = rules
        self.table = table
        self.hand = hand
        self.loose = loose
        self.copy = copy.deepcopy(current) if current is not None \
            else fresh_copy(table, hand, loose)
        self.jokers = rules.joker_policy

    # ----- what the joker policies ask ------------------------------------------------------

    def placed(self) -> Counter:
        return placed(self.hand, self.copy)

    def real_on_copy(self, card) -> int:
        return sum(g.count(card) for g in self.copy.groups)

    def joker_is_new(self, x: int) -> bool:
        """A named joker that the player put down this turn (more of it than on the table)."""
        return sum(g.count(x) for g in self.copy.groups) > sum(g.count(x) for g in self.table)

    # ----- the steps -------------------------------------------------------------------------

    def move(self, x: int, source, target) -> Copy:
        cp = self.copy
        if source == target:
            raise refuse("same_place")
        if isinstance(target, int):
            self._group_index(target)
        free = source == "hand" or self.jokers.free(self, x)
        # A freed joker leaving its place goes on unnamed (Listo names it).
        landing = [] if target == "new" else cp.groups[target] if isinstance(target, int) else None
        lands_as: int = x
        if landing is not None and isinstance(source, int) \
                and self.jokers.loses_name(self, x, landing):
            lands_as = JOKER
        # Take the card.
        if source == "hand":
            if physical(x) not in cp.hand:
                raise refuse("card_not_in_hand", card=card_words(physical(x)))
            if target == "loose":
                raise refuse("not_loose")
            cp.hand.remove(physical(x))
        elif source == "loose":
            if x not in cp.loose:
                raise refuse("card_not_there", card=card_words(x), place=PLACES["loose"])
            cp.loose.remove(x)
        else:
            k = self._group_index(source)
            if x not in cp.groups[k]:
                raise refuse("card_not_there", card=card_words(x), place=PLACES["group"])
            if self.jokers.frozen(self, k):
                after = list(cp.groups[k])
                after.remove(x)
                if Counter(self.table[_origin(cp, k)]) - Counter(after):
                    self._refuse_frozen(k)
            if not free and self.jokers.stays(self, x):
                raise refuse("joker_stays", card=card_words(stands_for(x)))
            cp.groups[k].remove(x)
        # Put it down.
        if target == "hand":
            if not free or cp.hand.count(physical(x)) >= self.hand.count(physical(x)):
                raise refuse("never_to_hand")
            cp.hand.append(physical(x))
        elif target == "loose":
            if cp.loose.count(physical(x)) >= self.loose.count(physical(x)):
                raise refuse("not_loose")
            cp.loose.append(physical(x))
        elif target == "new":
            cp.groups.append([lands_as])
            cp.origin.append(None)
        else:
            if self.jokers.frozen(self, target) and (
                    source == "loose" or not self.placed()[physical(x)]):
                self._refuse_frozen(target)
            cp.groups[target].append(lands_as)
        return self._finish([t for t in (source, target) if isinstance(t, int)])

    def split(self, group, at) -> Copy:
        cp = self.copy
        k = self._group_index(group)
        cards = cp.groups[k]
        if not 0 < at < len(cards):
            raise refuse("bad_split")
        if self.jokers.frozen(self, k):
            self._refuse_frozen(k)
        cp.groups[k:k + 1] = [cards[:at], cards[at:]]
        cp.origin.insert(k + 1, None)
        return self._finish([k, k + 1])

    def join(self, group, other) -> Copy:
        cp = self.copy
        k = self._group_index(group)
        other = self._group_index(other)
        if k == other:
            raise refuse("same_place")
        # A frozen group may gain cards from the hand only, whichever side of the join it is
        # on; the joined group is then that frozen group, grown.
        frozen = [g for g in (k, other) if self.jokers.frozen(self, g)]
        for g in frozen:
            added = other if g == k else k
            if len(frozen) > 1 or Counter(physical(x) for x in cp.groups[added]) - self.placed():
                self._refuse_frozen(g)
        if frozen:
            cp.origin[k] = cp.origin[frozen[0]]
        cp.groups[k] = cp.groups[k] + cp.groups[other]
        cp.groups[other] = []
        return self._finish([k])

    def name(self, group, x: int, name) -> Copy:
        if not self.jokers.has_jokers:
            raise refuse("no_jokers")
        cp = self.copy
        k = self._group_index(group)
        if not is_joker(x) or x not in cp.groups[k]:
            raise refuse("card_not_there", card=Words("ese comodín", "that joker"),
                         place=PLACES["group"])
        if not self.jokers.free(self, x):
            raise refuse(self.jokers.not_free, card=card_words(stands_for(x)))
        cards = cp.groups[k]
        cards[cards.index(x)] = JOKER if name == JOKER else named(name)
        return self._finish([k])

    # ----- helpers -----------------------------------------------------------------------------

    def _group_index(self, index) -> int:
        if not isinstance(index, int) or not 0 <= index < len(self.copy.groups):
            raise refuse("no_such_group")
        return index

    def _refuse_frozen(self, k: int) -> None:
        raise refuse("group_frozen", cards=cards_words(self.table[_origin(self.copy, k)]))

    def _finish(self, touched) -> Copy:
        cp = self.copy
        for k in sorted(set(touched)):
            if 0 <= k < len(cp.groups):
                cp.groups[k] = tidy(cp.groups[k], self.rules.ace)
        keep = [k for k, g in enumerate(cp.groups) if g]
        cp.groups = [cp.groups[k] for k in keep]
        cp.origin = [cp.origin[k] for k in keep]
        cp.steps += 1
        return cp


def _origin(cp: Copy, k: int) -> int:
    """The committed group a frozen copy group started as (a frozen group always has one)."""
    origin = cp.origin[k]
    assert origin is not None
    return origin


def tidy(group: list[int], ace: str) -> list[int]:
    """A group in display order: a valid one as it is laid out, any other by suit and rank
    (unnamed jokers last)."""
    if classify(group, ace):
        return arrange(group, ace)
    high = ace == HIGH

    def key(x):
        if x == JOKER:
            return (9, 99)
        card = stands_for(x)
        rank = 14 if high and card.rank == 1 else card.rank
        return (card.suit, rank)
    return sorted(group, key=key)
