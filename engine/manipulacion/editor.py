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
from engine.game import IllegalAction
from engine.manipulacion.jokers import physical
from engine.manipulacion.melds import (
    HIGH, arrange, classify, fmt, is_joker, named, stands_for,
)
from engine.manipulacion.rulesets import RuleSet


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
            raise IllegalAction("same_place", "La carta ya está ahí.",
                                "The card is already there.")
        if isinstance(target, int):
            self._group_index(target)
        free = source == "hand" or self.jokers.free(self, x)
        # Take the card.
        if source == "hand":
            if physical(x) not in cp.hand:
                raise IllegalAction("card_not_in_hand", f"No tienes {fmt(physical(x))} en la mano.",
                                    f"You do not hold {fmt(physical(x))}.")
            if target == "loose":
                raise IllegalAction("not_loose", "Una carta de tu mano no va a las sueltas.",
                                    "A card from your hand does not go to the loose cards.")
            cp.hand.remove(physical(x))
        elif source == "loose":
            if x not in cp.loose:
                raise IllegalAction("card_not_there", f"{fmt(x)} no está entre las sueltas.",
                                    f"{fmt(x)} is not among the loose cards.")
            cp.loose.remove(x)
        else:
            k = self._group_index(source)
            if x not in cp.groups[k]:
                raise IllegalAction("card_not_there", f"{fmt(x)} no está en ese grupo.",
                                    f"{fmt(x)} is not in that group.")
            if self.jokers.frozen(self, k):
                after = list(cp.groups[k])
                after.remove(x)
                if Counter(self.table[cp.origin[k]]) - Counter(after):
                    _refuse_frozen()
            if not free and self.jokers.stays(self, x):
                _refuse_joker_stays(x)
            cp.groups[k].remove(x)
        # Put it down.
        if target == "hand":
            if not free:
                _refuse_never_to_hand()
            if cp.hand.count(physical(x)) >= self.hand.count(physical(x)):
                _refuse_never_to_hand()
            cp.hand.append(physical(x))
        elif target == "loose":
            if cp.loose.count(physical(x)) >= self.loose.count(physical(x)):
                raise IllegalAction("not_loose", "Solo vuelven a las sueltas las que lo eran.",
                                    "Only cards that were loose go back there.")
            cp.loose.append(physical(x))
        elif target == "new":
            cp.groups.append([x])
            cp.origin.append(None)
        else:
            if self.jokers.frozen(self, target) and (
                    source == "loose" or not self.placed()[physical(x)]):
                _refuse_frozen()
            cp.groups[target].append(x)
        return self._finish([t for t in (source, target) if isinstance(t, int)])

    def split(self, group, at) -> Copy:
        cp = self.copy
        k = self._group_index(group)
        cards = cp.groups[k]
        if not 0 < at < len(cards):
            raise IllegalAction("bad_split", "Separa el grupo entre dos de sus cartas.",
                                "Split the group between two of its cards.")
        if self.jokers.frozen(self, k):
            _refuse_frozen()
        cp.groups[k:k + 1] = [cards[:at], cards[at:]]
        cp.origin.insert(k + 1, None)
        return self._finish([k, k + 1])

    def join(self, group, other) -> Copy:
        cp = self.copy
        k = self._group_index(group)
        other = self._group_index(other)
        if k == other:
            raise IllegalAction("same_place", "Es el mismo grupo.", "That is the same group.")
        if self.jokers.frozen(self, other):
            _refuse_frozen()
        if self.jokers.frozen(self, k) and \
                Counter(physical(x) for x in cp.groups[other]) - self.placed():
            _refuse_frozen()
        cp.groups[k] = cp.groups[k] + cp.groups[other]
        cp.groups[other] = []
        return self._finish([k])

    def name(self, group, x: int, name) -> Copy:
        if not self.jokers.has_jokers:
            raise IllegalAction("no_jokers", "Estas reglas no tienen comodines.",
                                "These rules have no jokers.")
        cp = self.copy
        k = self._group_index(group)
        if not is_joker(x) or x not in cp.groups[k]:
            raise IllegalAction("card_not_there", "Ese comodín no está en ese grupo.",
                                "That joker is not in that group.")
        if not self.jokers.free(self, x):
            card = fmt(stands_for(x))
            raise IllegalAction("joker_not_free",
                                f"El comodín que hace de {card} solo cambia de carta cuando el "
                                f"{card} de verdad está en la mesa.",
                                f"The joker standing for {card} changes its card only once the "
                                f"real {card} is on the table.")
        cards = cp.groups[k]
        cards[cards.index(x)] = JOKER if name == JOKER else named(name)
        return self._finish([k])

    # ----- helpers -----------------------------------------------------------------------------

    def _group_index(self, index) -> int:
        if not isinstance(index, int) or not 0 <= index < len(self.copy.groups):
            raise IllegalAction("no_such_group", "Ese grupo no existe.",
                                "There is no such group.")
        return index

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


def _refuse_frozen() -> None:
    raise IllegalAction("group_frozen",
                        "Un grupo con comodín no se reorganiza: solo admite cartas de tu "
                        "mano, hasta que pongas desde la mano la carta real del comodín.",
                        "A group with a joker cannot be rearranged: it takes only cards from "
                        "your hand, until you put the joker's real card down from your hand.")


def _refuse_joker_stays(x: int) -> None:
    card = fmt(stands_for(x))
    raise IllegalAction("joker_stays",
                        f"Este comodín ({card}) no se mueve de su grupo hasta que el {card} "
                        "de verdad esté en la mesa.",
                        f"This joker ({card}) stays in its group until the real {card} is "
                        "on the table.")


def _refuse_never_to_hand() -> None:
    raise IllegalAction("never_to_hand",
                        "Una carta de la mesa nunca va a la mano; solo vuelven las que "
                        "pusiste tú en este turno.",
                        "A card from the table never goes to a hand; only the ones you put "
                        "down this turn come back.")
