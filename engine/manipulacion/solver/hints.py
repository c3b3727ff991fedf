"""A hint: a card that can be played with the fewest groups changed, found by a quick look first
(a group of hand cards alone, one card added) and by the integer program otherwise."""
from __future__ import annotations

from itertools import combinations
from typing import Iterable, Sequence

from engine.cards import JOKER
from engine.manipulacion.melds import NAMED, joker_names, named
from engine.manipulacion.rulesets import RuleSet
from engine.manipulacion.solver.extract import extract, verify
from engine.manipulacion.solver.instance import Instance, arranged, prepare
from engine.manipulacion.solver.program import build
from engine.manipulacion.solver.results import Hint, Play


def solve_hint(ruleset: RuleSet | str, table: Iterable[Sequence[int]], hand: Sequence[int],
               loose: Sequence[int] = (), *, opening_run: bool = False) -> Hint | None:
    """A hand card that can be played with the fewest original groups changed (and, among those,
    without rearranging when possible); None when no legal play exists."""
    inst = prepare(ruleset, table, hand, loose)
    if not inst.hand_real and not inst.hand_jokers:
        return None
    if not opening_run:
        quick = _hint_hand_group(inst)
        if quick is None and not inst.loose_real and not inst.loose_jokers:
            quick = _hint_extension(inst)
        if quick is not None:
            return quick
    return hint_by_model(inst, opening_run)


def hint_by_model(inst: Instance, opening_run: bool = False) -> Hint | None:
    model = build(inst, hint=True, opening_run=opening_run)
    # Measured: the hint's weights (up to 2h + 2 a group) make our search take far more nodes
    # than HiGHS's cuts need.
    sol = model.solve(search=False)
    if sol is None:
        return None
    play, forms = extract(inst, model, sol)
    loose_used = len(play.loose) < sum(inst.loose_real.values()) + inst.loose_jokers
    rearranging = len(forms) < len(inst.groups) or loose_used
    return Hint(card=_pointed_card(inst, play, forms), groups=play.changed,
                needs_rearranging=rearranging, play=play)


def _pointed_card(inst: Instance, play: Play, forms: dict) -> int:
    """The card to point at: one added to an existing group, else one that joins cards of a
    changed group, else any placed card."""
    for g in sorted(forms):
        added, jnames = forms[g]
        if added or jnames:
            return int(added[0]) if added else JOKER
    touched = {x for g in play.changed for x in inst.groups[g]}
    for c in play.placed:
        if any(c in group and touched & set(group) for group in play.table):
            return int(c)
    return int(play.placed[0])


def _hint_hand_group(inst: Instance) -> Hint | None:
    """Fewest changes possible: a group of hand cards alone."""
    reals = sorted(inst.hand_real.elements())
    most = min(inst.hand_jokers, 1 if inst.pattern else 3)
    for jokers in range(most + 1):
        for combo in sorted(set(combinations(reals, 3 - jokers))):
            cards = list(combo) + [JOKER] * jokers
            names = joker_names(cards, inst.ace)
            if names:
                group = list(combo) + [named(c) for c in names[0]]
                table = [list(g) for g in inst.groups] + [group]
                return _quick_hint(inst, table, cards, ())
    return None


def _hint_extension(inst: Instance) -> Hint | None:
    """With no group of hand cards alone and no loose cards, one added card is the next best
    thing (any extension holds a one-card extension: the card beside the group's end)."""
    candidates = sorted(inst.hand_real) + ([JOKER] if inst.hand_jokers else [])
    for c in candidates:
        for g, cards in enumerate(inst.groups):
            jokers = sum(1 for x in cards if x >= NAMED) + (c == JOKER)
            if inst.pattern and jokers > 1:
                continue
            names = joker_names(list(cards) + [c], inst.ace)
            if names:
                new = list(cards) + ([named(names[0][0])] if c == JOKER else [c])
                table = [list(x) for x in inst.groups]
                table[g] = new
                return _quick_hint(inst, table, [c], (g,))
    return None


def _quick_hint(inst: Instance, table: list[list[int]], placed: list[int],
                changed: tuple[int, ...]) -> Hint:
    ace = inst.ace
    hand_cards = tuple(sorted(c for c in placed if c != JOKER)) + (JOKER,) * placed.count(JOKER)
    loose = tuple(sorted(inst.loose_real.elements())) + (JOKER,) * inst.loose_jokers
    play = Play(placed=hand_cards, table=tuple(arranged(tuple(g), ace) for g in table),
                loose=loose, changed=changed, value=sum(inst.value(c) for c in hand_cards))
    verify(inst, play)
    return Hint(card=int(placed[0]), groups=changed, needs_rearranging=False, play=play)
