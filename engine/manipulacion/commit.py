"""Checking a play: the table as the player left it against the table as it was.

`check_play` is pure (no game state): the game calls it for Listo, Cerrar and `set_table`, and
the bots call it on their own view before they propose a table. Every rule about a whole play
lives here — cards kept, at least one card from the hand, every group valid, jokers named, and
each rule set's joker rules (Carrusel, Vaticano, Tahití) and Vaticano's first play.

Cards are table ints (see `melds`): real cards, `JOKER` (unnamed) and named jokers.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import Sequence

from engine.cards import JOKER
from engine.game import IllegalAction
from engine.manipulacion.melds import (
    NAMED, RUN, arrange, check_group, classify, fmt, fmt_all, is_joker, joker_names,
    named, stands_for,
)
from engine.manipulacion.rulesets import (
    JOKERS_CARRUSEL, JOKERS_TAHITI, JOKERS_VATICANO, RuleSet,
)


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


def physical(x: int) -> int:
    """The card itself: a named joker is a joker."""
    return JOKER if is_joker(x) else x


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

    if rules.joker_rule in (JOKERS_CARRUSEL, JOKERS_VATICANO):
        _check_renamed(table, done)
    if rules.joker_rule == JOKERS_VATICANO:
        _check_vatican_jokers_stay(table, done)
    if rules.joker_rule == JOKERS_TAHITI:
        _check_tahiti_frozen(table, done, placed)
    if rules.first_play_run_of and not opened:
        _check_first_run(rules, placed, rules.first_play_run_of)

    left = list(hand)
    for card, n in placed.items():
        for _ in range(n):
            left.remove(card)
    return Played([arrange(g, rules.ace) for g in done], left, new_loose,
                  sorted(placed.elements()))


def _fill(cards: Sequence[int], names) -> list[int]:
    it = iter(names)
    return [named(next(it)) if x == JOKER else x for x in cards]


def _names(groups) -> Counter:
    return Counter(x for g in groups for x in g if x >= NAMED)


def _real(groups) -> Counter:
    return Counter(x for g in groups for x in g if not is_joker(x))


def _check_renamed(table, groups) -> None:
    """Carrusel (and Vaticano): a joker keeps its card until that real card is on the table."""
    released = _names(table) - _names(groups)
    real = _real(groups)
    for x, n in released.items():
        card = stands_for(x)
        if real[card] < n:
            raise IllegalAction(
                "joker_not_free",
                f"El comodín que hace de {fmt(card)} solo cambia de carta cuando el "
                f"{fmt(card)} de verdad está en la mesa.",
                f"The joker standing for {fmt(card)} changes its card only once the real "
                f"{fmt(card)} is on the table.")


def neighbours(group: Sequence[int], i: int) -> list[int]:
    """The cards beside position i: in a run the cards next to it, in a trío all the others."""
    if len({stands_for(x).rank for x in group}) == 1:
        return [x for j, x in enumerate(group) if j != i]
    return [group[j] for j in (i - 1, i + 1) if 0 <= j < len(group)]


def _check_vatican_jokers_stay(table, groups) -> None:
    """Vaticano: a joker whose real card is not on the table stays in its group, with at least
    one of the cards that were beside it."""
    real = _real(groups)
    stuck = []                      # (named joker, cards beside it)
    for g in table:
        for i, x in enumerate(g):
            if x >= NAMED and not real[stands_for(x)]:
                stuck.append((x, neighbours(g, i)))
    if not stuck:
        return
    spots = [(k, x) for k, g in enumerate(groups) for x in g if x >= NAMED]

    def place(i: int, used: frozenset) -> bool:
        if i == len(stuck):
            return True
        joker, beside = stuck[i]
        for n, (k, x) in enumerate(spots):
            if n not in used and x == joker and any(b in groups[k] for b in beside) \
                    and place(i + 1, used | {n}):
                return True
        return False

    if not place(0, frozenset()):
        joker = stands_for(next(j for j, _ in stuck))
        raise IllegalAction(
            "joker_stays",
            f"El comodín que hace de {fmt(joker)} no se mueve de su grupo hasta que el "
            f"{fmt(joker)} de verdad esté en la mesa, y sigue junto a una carta que tenía "
            "al lado.",
            f"The joker standing for {fmt(joker)} stays in its group, next to a card that was "
            f"beside it, until the real {fmt(joker)} is on the table.")


def _check_tahiti_frozen(table, groups, placed: Counter) -> None:
    """Tahití: a group with a joker keeps all its cards and gains only cards from the hand —
    unless the real card its joker stands for was put down from the hand (that frees it)."""
    frozen = [list(g) for g in table if any(x >= NAMED for x in g)]
    if not frozen:
        return
    jokers = [next(x for x in g if x >= NAMED) for g in frozen]
    after = _names(groups)
    for size in range(len(frozen) + 1):
        for freed in combinations(range(len(frozen)), size):
            wanted = Counter(stands_for(jokers[i]) for i in freed)
            if any(placed[card] < n for card, n in wanted.items()):
                continue
            rest = [frozen[i] for i in range(len(frozen)) if i not in freed]
            if not _freed_renamed(Counter(jokers[i] for i in freed), after - _names(rest)):
                continue
            if _supersets(rest, groups, Counter(placed)):
                return
    broken = [g for g in frozen if all(Counter(g) - Counter(h) for h in groups)]
    bad = (broken or frozen)[0]
    raise IllegalAction(
        "group_frozen",
        f"Un grupo con comodín ({fmt_all(bad)}) no se reorganiza: solo admite cartas de tu "
        "mano, hasta que pongas desde la mano la carta real del comodín.",
        f"A group with a joker ({fmt_all(bad)}) cannot be rearranged: it takes only cards "
        "from your hand, until you put the joker's real card down from your hand.")


def _freed_renamed(old: Counter, new: Counter) -> bool:
    """Can each freed joker (by its old name) take one of the `new` names that differs from
    its own? Jokers are alike, so Hall's condition reduces to counting."""
    total = sum(new.values())
    return sum(old.values()) <= total and all(n <= total - new[name] for name, n in old.items())


def _supersets(frozen, groups, spare: Counter, used: frozenset = frozenset()) -> bool:
    """Each frozen group inside its own new group, the extra cards taken from `spare`."""
    if not frozen:
        return True
    first, rest = Counter(frozen[0]), frozen[1:]
    for k, g in enumerate(groups):
        if k in used or first - Counter(g):
            continue
        extra = Counter(g) - first
        if any(is_joker(x) for x in extra):
            continue
        extra_physical = Counter(physical(x) for x in extra.elements())
        if extra_physical - spare:
            continue
        if _supersets(rest, groups, spare - extra_physical, used | {k}):
            return True
    return False


def _check_first_run(rules: RuleSet, placed: Counter, size: int) -> None:
    """Vaticano's first play: among the cards put down from the hand, a run of `size` cards of
    one suit, no joker. (The rest of the turn may rearrange freely, those cards included.)"""
    reals = sorted(c for c in placed if not is_joker(c))
    for combo in combinations(reals, size):
        if classify(list(combo), rules.ace) == RUN:
            return
    raise IllegalAction(
        "opening_run_needed",
        f"La primera vez que bajas tienes que poner desde tu mano una escalera de {size} "
        "cartas de un palo, sin comodín.",
        f"Your first play must lay a run of {size} cards of one suit from your hand, "
        "with no joker.")
