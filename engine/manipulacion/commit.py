"""Checking a play: the table as the player left it against the table as it was.

`check_play` is pure (no game state): the game calls it for Listo, Cerrar and `set_table`, and
the bots call it on their own view before they propose a table. Every rule about a whole play
lives here — cards kept, at least one card from the hand, every group valid, jokers named — or
is asked of the rule set: its joker policy (jokers.py) and its first-play rule (rulesets.py).

Cards are table ints (see `melds`): real cards, `JOKER` (unnamed) and named jokers.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import product
from typing import Sequence

from engine.cards import JOKER
from engine.game import IllegalAction
from engine.manipulacion.jokers import physical
from engine.manipulacion.melds import (
    arrange,
    card_words,
    cards_words,
    check_group,
    fmt,
    is_joker,
    joker_names,
    named,
)
from engine.manipulacion.messages import WHY_INVALID, group_words
from engine.manipulacion.rulesets import RuleSet
from engine.messages import Or, refuse, texts

__all__ = ["NeedsChoice", "Played", "check_play", "physical"]


class NeedsChoice(IllegalAction):
    """A refusal that carries data for the phone (the joker names to choose from, a hint):
    ``NeedsChoice(code, data, **params)``, its texts from the catalogue."""

    def __init__(self, code: str, data: dict, **params):
        super().__init__(code, *texts(code, **params))
        self.data = data

    def to_dict(self) -> dict:
        return {**super().to_dict(), "data": self.data}


@dataclass
class Played:
    groups: list[list[int]]      # the new table, jokers named, each group in display order
    hand: list[int]              # what is left in the hand
    loose: list[int]             # Tahití's loose cards still single
    placed: list[int]            # the cards that left the hand (jokers as JOKER)


def check_play(rules: RuleSet, table: Sequence[Sequence[int]], loose: Sequence[int],
               hand: Sequence[int], groups: Sequence[Sequence[int]],
               new_loose: Sequence[int] | None = None, opened: bool = True) -> Played:
    """The play that turns `table` (+ `loose`) into `groups` (+ `new_loose`) with cards from
    `hand`, or IllegalAction saying what is wrong. Empty groups are dropped."""
    new_loose = list(loose) if new_loose is None else list(new_loose)
    groups = [list(g) for g in groups if g]

    # Cards: nothing from the table may go anywhere but the table; the rest comes from the hand.
    before = Counter(physical(x) for g in table for x in g) + Counter(loose)
    after = Counter(physical(x) for g in groups for x in g) + Counter(new_loose)
    if Counter(new_loose) - Counter(loose):
        raise refuse("not_loose")
    missing = before - after
    if missing:
        gone = next(iter(missing))
        raise refuse("table_card_missing", card=card_words(gone))
    placed = after - before
    short = placed - Counter(hand)
    if short:
        card = next(iter(short))
        raise refuse("card_not_in_hand", card=card_words(card))
    if not placed:
        raise refuse("must_add_from_hand")

    # Groups: each valid; unnamed jokers named when only one name fits, else asked for.
    limit = rules.max_jokers_per_group
    needs = []
    done: list[list[int]] = []
    needs_at: list[int] = []
    for i, g in enumerate(groups):
        if limit is not None and sum(1 for x in g if is_joker(x)) > limit:
            raise refuse("too_many_jokers")
        if JOKER in g:
            options = joker_names(g, rules.ace)
            if not options:
                raise refuse("invalid_group", group=group_words(i), cards=cards_words(g),
                             reason=WHY_INVALID["no_joker_name"])
            if len(options) == 1:
                g = _fill(g, options[0])
            else:
                needs_at.append(i)
                needs.append({"group": i, "cards": [fmt(x) for x in g],
                              "options": [[fmt(c) for c in option] for option in options]})
        else:
            check_group(g, rules.ace, limit, index=i)
        done.append(list(g))
    if needs:
        allowed = _names_allowed(rules, table, done, needs_at, placed)
        if all(len(allowed[i]) == 1 for i in needs_at):
            for i in needs_at:                  # the joker rules leave one name each
                done[i] = _fill(done[i], allowed[i][0])
        else:
            for i, need in zip(needs_at, needs, strict=True):
                need["options"] = [[fmt(c) for c in option] for option in allowed[i]]
            first = needs_at[0]
            raise NeedsChoice("joker_needs_name", {"groups": needs}, group=group_words(first),
                              choices=Or([cards_words(option) for option in allowed[first][:6]]))

    rules.joker_policy.check_play(table, done, placed)
    rules.initial_meld.check(rules.ace, placed, opened)

    left = list(hand)
    for card, n in placed.items():
        for _ in range(n):
            left.remove(card)
    return Played([arrange(g, rules.ace) for g in done], left, new_loose,
                  sorted(placed.elements()))


NAMINGS_TRIED = 256        # beyond this many combinations the choice is offered unfiltered


def _names_allowed(rules: RuleSet, table, done: list[list[int]], needs_at: list[int],
                   placed) -> dict[int, list]:
    """For each group that asks for names, the names its jokers may take: those for which some
    choice in the other asking groups passes the joker rules (a freed joker is never offered
    its old card where it may not keep it). When no choice passes, the joker rules' refusal
    for the first choice is raised: no name would do."""
    options = {i: joker_names(done[i], rules.ace) for i in needs_at}
    combos = 1
    for i in needs_at:
        combos *= len(options[i])
    if combos > NAMINGS_TRIED:
        return options
    allowed: dict[int, set] = {i: set() for i in needs_at}
    first_refusal = None
    for pick in product(*(range(len(options[i])) for i in needs_at)):
        filled = list(done)
        for i, k in zip(needs_at, pick, strict=True):
            filled[i] = _fill(done[i], options[i][k])
        try:
            rules.joker_policy.check_play(table, filled, placed)
        except IllegalAction as refusal:
            first_refusal = first_refusal or refusal
            continue
        for i, k in zip(needs_at, pick, strict=True):
            allowed[i].add(k)
    if first_refusal is not None and not any(allowed.values()):
        raise first_refusal
    return {i: [options[i][k] for k in sorted(allowed[i])] for i in needs_at}


def _fill(cards: Sequence[int], names) -> list[int]:
    it = iter(names)
    return [named(next(it)) if x == JOKER else x for x in cards]
