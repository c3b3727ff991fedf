"""From a solution back to a play: the pool's slots filled, runs that continue one another joined,
and a last check that no card was lost or made up."""
from __future__ import annotations

from collections import Counter

import numpy as np

from engine.cards import JOKER, Card
from engine.manipulacion.melds import (
    NAMED,
    RUN,
    check_group,
    classify,
    named,
    run_ranks,
    stands_for,
)
from engine.manipulacion.solver.catalogue import CODES, catalogue
from engine.manipulacion.solver.highs_model import Model
from engine.manipulacion.solver.instance import Instance, arranged
from engine.manipulacion.solver.program import REAL_WITNESS
from engine.manipulacion.solver.results import Play

ANY, REAL, WILD = "any", "real", "wild"     # what may fill a slot of a new group


class _Filler:
    """Hands out the pool's real cards and named jokers to the slots of the new groups."""

    def __init__(self):
        self.real: Counter = Counter()
        self.jokers: Counter = Counter()        # name -> jokers named so

    def take(self, c: int, need: str) -> int:
        if need != WILD and self.real[c] > 0:
            self.real[c] -= 1
            return c
        if need == REAL or self.jokers[c] <= 0:
            raise AssertionError(f"solver: no card for slot {c}")
        self.jokers[c] -= 1
        return named(Card(c))


def extract(inst: Instance, m: Model, sol: np.ndarray) -> tuple[Play, dict]:
    cat = catalogue(inst.ace)
    fill = _Filler()
    fill.real.update(inst.table_real)
    placed: Counter = Counter()
    intact: dict[int, list[int]] = {}
    forms: dict[int, tuple] = {}
    templates: list[list] = []                 # slots: (card, need) or a fixed table int
    loose_used: Counter = Counter()
    loose_jokers_used = 0
    regular = REAL if inst.pattern else ANY
    for col in np.flatnonzero(sol > 0).tolist():
        v = int(sol[col])
        meta = m.meta[col]
        kind = meta[0]
        if kind == "pool":
            _, w, slot = meta
            slot_card = CODES[slot] if slot >= 0 else None
            for _ in range(v):
                templates.append([(c, WILD if c == slot_card else regular)
                                  for c in cat.windows[w]])
        elif kind == "hand":
            placed[meta[1]] += v
            fill.real[meta[1]] += v
        elif kind == "hjoker":
            placed[JOKER] += v
        elif kind == "ljoker":
            loose_jokers_used += v
        elif kind == "loose":
            loose_used[meta[1]] += v
            fill.real[meta[1]] += v
        elif kind == "free":
            fill.jokers[meta[1]] += v
        elif kind == "keepname":
            fill.jokers[inst.jokers[meta[1]].name] += 1
        elif kind == "newname":
            fill.jokers[meta[2]] += 1
        elif kind == "form":
            _, g, added, jnames = meta
            for x in inst.groups[g]:
                if x < NAMED:
                    fill.real[x] -= 1
            placed.update(added)
            placed[JOKER] += len(jnames)
            intact[g] = list(inst.groups[g]) + list(added) + [named(c) for c in jnames]
            forms[g] = (added, jnames)
        elif kind == "anchor":
            _, _, w, slot = meta
            templates.append([(c, WILD if c == slot else REAL) for c in cat.windows[w]])
        elif kind == "tstay":
            _, jid, w = meta
            name = inst.jokers[jid].name
            templates.append([named(Card(c)) if c == name else (c, REAL)
                              for c in cat.windows[w]])
        elif kind == "stuck":
            _, w, where, witnesses = meta
            fixed = {c: named(c) for _, c in where}
            need = {c: REAL if k == REAL_WITNESS else WILD for k, c in witnesses}
            templates.append([fixed.get(c) or (c, need.get(c, regular))
                              for c in cat.windows[w]])
    fresh = _fill(templates, fill)
    if +fill.real or +fill.jokers:
        raise AssertionError("solver: cards left over in the pool")
    loose = sorted((inst.loose_real - loose_used).elements())
    loose += [JOKER] * (inst.loose_jokers - loose_jokers_used)
    return _play(inst, intact, fresh, placed, loose), forms


def _fill(templates: list[list], fill: _Filler) -> list[list[int]]:
    groups: list[list] = [list(t) for t in templates]
    for need in (REAL, WILD, ANY):         # the stricter slots first
        for group in groups:
            for i, slot in enumerate(group):
                if isinstance(slot, tuple) and slot[1] == need:
                    group[i] = fill.take(slot[0], need)
    return groups


def _play(inst: Instance, intact: dict, fresh: list[list[int]], placed: Counter,
          loose: list[int]) -> Play:
    ace = inst.ace
    table = [arranged(tuple(intact[g]), ace) for g in sorted(intact)]
    merged = [arranged(tuple(g), ace) for g in _merge_runs(fresh, inst)]
    table += sorted(merged, key=lambda g: (classify(g, ace) != RUN, [stands_for(x) for x in g]))
    hand_cards = tuple(sorted(c for c in placed.elements() if c != JOKER)) \
        + (JOKER,) * placed[JOKER]
    value = sum(inst.value(c) for c in hand_cards)
    play = Play(placed=hand_cards, table=tuple(table), loose=tuple(loose),
                changed=_changed(inst.groups, table, kept=[g for g in intact
                                                           if len(intact[g]) ==
                                                           len(inst.groups[g])]),
                value=value)
    verify(inst, play)
    return play


def _merge_runs(groups: list[list[int]], inst: Instance) -> list[list[int]]:
    """Joins runs of the pool that continue one another (cosmetic: the pool uses short runs)."""
    ace = inst.ace
    runs: list[list[int]] = []
    others: list[list[int]] = []
    for g in groups:
        (runs if classify(g, ace) == RUN and len(g) < 13 else others).append(g)
    merged = True
    while merged:
        merged = False
        ends: dict[tuple[int, int], int] = {}
        for i, g in enumerate(runs):
            lo, hi, suit = _span(g, ace)
            ends.setdefault((suit, lo), i)
        for i, g in enumerate(runs):
            lo, hi, suit = _span(g, ace)
            k = ends.get((suit, hi + 1))
            if k is None or k == i:
                continue
            joined = g + runs[k]
            jokers = sum(1 for x in joined if x >= NAMED)
            if classify(joined, ace) == RUN and not (inst.pattern and jokers > 1):
                runs = [r for n, r in enumerate(runs) if n not in (i, k)] + [joined]
                merged = True
                break
    return others + runs


def _span(g: list[int], ace: str) -> tuple[int, int, int]:
    order = run_ranks([stands_for(x).rank for x in g], ace)
    assert order is not None                # only runs come here
    return order[0], order[-1], stands_for(g[0]).suit


def _changed(old: list[tuple[int, ...]], new: list[tuple[int, ...]], kept: list[int]
             ) -> tuple[int, ...]:
    """Original groups that do not survive exactly (same cards, jokers with the same names)."""
    left = Counter(tuple(sorted(g)) for g in new)
    survived = set()
    for g in list(kept) + [g for g in range(len(old)) if g not in kept]:
        key = tuple(sorted(old[g]))
        if left[key] > 0:
            left[key] -= 1
            survived.add(g)
    return tuple(g for g in range(len(old)) if g not in survived)


def verify(inst: Instance, play: Play) -> None:
    """A last guard: every group valid, no card lost or made up."""
    limit = 1 if inst.pattern else None
    checked = {tuple(sorted(g)) for g in inst.groups}       # by prepare
    for g in play.table:
        if tuple(sorted(g)) not in checked:
            check_group(g, inst.ace, limit)
    before = Counter(x if x < NAMED else JOKER for g in inst.groups for x in g)
    before.update(play.placed)
    before.update(inst.loose_real)
    before[JOKER] += inst.loose_jokers
    after = Counter(x if x < NAMED else JOKER for g in play.table for x in g)
    after.update(play.loose)
    if before != after or not play.placed:
        raise AssertionError("solver: the new table does not hold the old one plus the play")
