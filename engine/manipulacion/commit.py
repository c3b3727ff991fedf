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
from typing import Sequence

from engine.cards import JOKER
from engine.game import IllegalAction
from engine.manipulacion.jokers import physical
from engine.manipulacion.melds import (
    arrange, check_group, fmt, fmt_all, is_joker, joker_names, named,
)
from engine.manipulacion.rulesets import RuleSet

__all__ = ["NeedsChoice", "Played", "check_play", "physical"]


class NeedsChoice(IllegalAction):
    """A refusal that carries data for the phone (the joker names to choose from, a hint)."""

    def __init__(self, code: str, es: str, en: str, data: dict):
        super().__init__(code, es, en)
        self.data = data

    def to_dict(self) -> dict:
        return {**super().to_dict(), "data": self.data}


@dataclass
class Played:
    groups: list[list[int]]      # the new table, jokers named, each group in display order
    hand: list[int]              # what is left in the hand
    loose: list[int]             # Tahití's loose cards still single
    placed: list[int]            # the cards that left the hand (jokers as JOKER)


def label(i: int) -> str:
    return f"{i + 1}"


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
        extra = next(iter(Counter(new_loose) - Counter(loose)))
        raise IllegalAction("not_loose",
                            f"{fmt(extra)} no era una carta suelta de la mesa.",
                            f"{fmt(extra)} was not a loose card on the table.")
    missing = before - after
    if missing:
        gone = next(iter(missing))
        raise IllegalAction("table_card_missing",
                            f"Falta {fmt(gone)}: una carta de la mesa nunca vuelve a la mano.",
                            f"{fmt(gone)} is missing: a card on the table never goes back "
                            "to a hand.")
    placed = after - before
    short = placed - Counter(hand)
    if short:
        card = next(iter(short))
        raise IllegalAction("card_not_in_hand", f"No tienes {fmt(card)} en la mano.",
                            f"You do not hold {fmt(card)}.")
    if not placed:
        raise IllegalAction("must_add_from_hand",
                            "Tienes que añadir al menos una carta de tu mano.",
                            "You must add at least one card from your hand.")

    # Groups: each valid; unnamed jokers named when only one name fits, else asked for.
    limit = rules.max_jokers_per_group
    needs = []
    done: list[list[int]] = []
    for i, g in enumerate(groups):
        if limit is not None and sum(1 for x in g if is_joker(x)) > limit:
            raise IllegalAction(
                "too_many_jokers",
                f"Un grupo lleva como mucho {limit} comodín (grupo {label(i)}): {fmt_all(g)}.",
                f"A group holds at most {limit} joker (group {label(i)}): {fmt_all(g)}.")
        if JOKER in g:
            options = joker_names(g, rules.ace)
            if not options:
                raise IllegalAction(
                    "invalid_group",
                    f"El grupo {label(i)} no es válido: {fmt_all(g)} — ninguna carta para "
                    "el comodín lo hace un trío o una escalera.",
                    f"Group {label(i)} is not valid: {fmt_all(g)} — no card for the joker "
                    "makes it a trío or a run.")
            if len(options) == 1:
                g = _fill(g, options[0])
            else:
                needs.append({"group": i, "cards": [fmt(x) for x in g],
                              "options": [[fmt(c) for c in option] for option in options]})
        else:
            try:
                check_group(g, rules.ace, limit)
            except IllegalAction as error:
                raise IllegalAction(
                    error.code,
                    error.es.replace("Grupo no válido", f"El grupo {label(i)} no es válido", 1),
                    error.en.replace("Invalid group", f"Group {label(i)} is not valid", 1),
                ) from None
        done.append(g)
    if needs:
        first = needs[0]
        shown = ", ".join(" ".join(o) for o in first["options"][:6])
        raise NeedsChoice("joker_needs_name",
                          f"Di qué carta es el comodín (grupo {label(first['group'])}): {shown}.",
                          f"Name the joker's card (group {label(first['group'])}): {shown}.",
                          {"groups": needs})

    rules.joker_policy.check_play(table, done, placed)
    rules.initial_meld.check(rules.ace, placed, opened)

    left = list(hand)
    for card, n in placed.items():
        for _ in range(n):
            left.remove(card)
    return Played([arrange(g, rules.ace) for g in done], left, new_loose,
                  sorted(placed.elements()))


def _fill(cards: Sequence[int], names) -> list[int]:
    it = iter(names)
    return [named(next(it)) if x == JOKER else x for x in cards]
