"""The integer program over the catalogue: a column per way a card, a group or a joker can end up
on the new table, a row per count that must hold."""
from __future__ import annotations

from collections import Counter
from itertools import combinations, product
from typing import Sequence

import numpy as np

from engine.cards import JOKER
from engine.manipulacion.melds import NAMED, RUN, classify, stands_for
from engine.manipulacion.solver.catalogue import CODES, IDX, Catalogue, N, catalogue
from engine.manipulacion.solver.highs_model import Model
from engine.manipulacion.solver.instance import Instance, TableJoker

# Columns (the first item of each column's meta):
#   pool      a short group of the pool (trío, run of 3..5) and how many times; in pattern
#             mode (one joker per group) optionally with one slot held by a joker
#   hand, hjoker      hand cards / hand jokers put into the pool
#   loose, ljoker     Tahití's loose cards / loose jokers used
#   free      free jokers given this name (hand and loose jokers, renamed table jokers)
#   form      an original group intact: kept as it is, or extended by hand cards alone
#   keepname  Carrusel: a table joker in the pool under its own name, anywhere (only while its
#             real card stays off the table)
#   rename    a table joker renamed (Carrusel, Vaticano)
#   stuck     Carrusel, Vaticano: a group holding jokers under their old cards in their place,
#             beside cards that stood next to them
#   freejoker, newname   Tahití: a joker freed by its real card from the hand; its new name
#   anchor    Tahití: the group where the freeing card lies, beside a card that stood next to
#             the joker (one joker slot at most)
#   tstay     Tahití: a freed joker in its place under its old card
#   open      Vaticano's first play: a 3-card run of hand cards
#   rearr     hint: rearranging is needed
# Rows (keys of Model.row):
#   ("card", c)   pool slots of c = table c not in an intact group + hand c + loose c used
#                 + jokers named c (in pattern mode jokers fill their own rows ("jslot", c))
#   ("hand", c), "hjok", "one"   hand cards used <= held; at least one placed
#   ("group", g)  at most one intact form (a Tahití frozen group: exactly one, unless freed)
#   ("joker", j)  every table joker exactly once somewhere
#   "free"        free jokers named = free jokers available
#   ("renames", c)   Carrusel/Vaticano: jokers named c renamed <= real c on the new table
#   ("absent", j)    Carrusel: joker j goes anywhere under its name only if its real card stays
#                 off the table
#   ("witness", c), ("jwitness", c)   real c / jokers named c beside stuck jokers
#                 <= those in the pool
#   ("freed", c), ("newname", j), ("anchor", j)   Tahití: jokers named c freed <= real c
#                 from the hand (not in a frozen group's form); one new name or its place each;
#                 an anchor group for each
#   "open", ("open", c)   Vaticano's first play
#   "rearr_g", "rearr_l"  hint

REAL_WITNESS, JOKER_WITNESS = "real", "joker"


def build(inst: Instance, hint: bool, opening_run: bool) -> Model:
    cat = catalogue(inst.ace)
    m = Model()
    for c in CODES:
        m.row(("card", c), inst.table_real[c], inst.table_real[c])
    if inst.pattern:
        for c in CODES:
            m.row(("jslot", c), 0, 0)
    stuck = _stuck_columns(inst, cat) if inst.jokers_rule.renames else []
    _linking_rows(inst, m, stuck, opening_run)
    costs = _Costs(inst, hint)
    _add_pool(inst, cat, m)
    _add_hand(inst, m, costs)
    _add_loose(inst, m, hint)
    _add_groups(inst, cat, m, hint, costs)
    _add_jokers(inst, cat, m)
    _add_stuck(inst, cat, m, stuck)
    if opening_run:
        _add_opening(inst, m)
    if hint:
        _add_rearranging(inst, m, costs)
    return m


class _Costs:
    """The objective, lexicographic through weights (HiGHS minimises).
    Best play: most value, then most groups kept — (m + 1) * value + kept, as kept <= m.
    Hint: fewest groups changed, then no rearranging, then fewest hand cards (the simplest play
    to point at) — with h hand cards, (2h + 2) * changed + (h + 1) * rearranging + cards."""

    def __init__(self, inst: Instance, hint: bool):
        self.inst = inst
        self.hint = hint
        cards = sum(inst.hand_real.values()) + inst.hand_jokers
        self.value_weight = 0 if hint else len(inst.groups) + 1
        self.kept = -float(2 * cards + 2) if hint else -1.0
        self.rearranging = float(cards + 1)

    def card(self, c: int, k: int = 1) -> float:
        """Cost of placing k copies of hand card c (JOKER: a joker)."""
        if self.hint:
            return float(k)
        return -float(self.value_weight * self.inst.value(c) * k)


def _linking_rows(inst: Instance, m: Model, stuck, opening_run: bool) -> None:
    """Rows that columns of several families touch, made before any column."""
    if inst.jokers_rule.renames:
        named_so = Counter(j.name for j in inst.jokers)
        for c, n in sorted(named_so.items()):
            if n > inst.table_real[c]:
                m.row(("renames", c), -np.inf, inst.table_real[c])
    for j in inst.jokers:
        if _moves_under_its_card(inst, j) and _may_come_down(inst, j.name):
            m.row(("absent", j.jid), -np.inf, _may_come_down(inst, j.name))
    for _, _, witnesses in stuck:
        for kind, c in witnesses:
            if kind == REAL_WITNESS:
                m.row(("witness", c), -np.inf, inst.table_real[c])
            else:
                m.row(("jwitness", c), -np.inf, 0)
    if opening_run:
        for c in inst.hand_real:
            m.row(("open", c), -np.inf, 0)


def _existing(m: Model, keys, value: float) -> list[tuple[int, float]]:
    return [(m.named_rows[k], value) for k in keys if k in m.named_rows]


def _real_down(inst: Instance, m: Model, c: int, k: float) -> list[tuple[int, float]]:
    """Entries for k more real copies of c on the new table (from the hand or loose)."""
    absent = [("absent", j.jid) for j in inst.jokers if j.name == c]
    return _existing(m, [("renames", c)], -k) + _existing(m, absent, k)


def _hand_uses(inst: Instance, m: Model, c: int, k: int, frozen_form: bool = False
               ) -> list[tuple[int, float]]:
    """Entries for placing k copies of hand card c (JOKER: hand jokers), wherever they go
    (`frozen_form`: into a Tahití group kept frozen, where it frees no joker)."""
    if c == JOKER:
        return [(m.row("hjok", -np.inf, inst.hand_jokers), k), (m.row("one", 1, np.inf), k)]
    entries: list[tuple[int, float]] = [(m.row(("hand", c), -np.inf, inst.hand_real[c]), k),
                                        (m.row("one", 1, np.inf), k)]
    entries += _real_down(inst, m, c, k)
    if inst.freezes_groups and not frozen_form and any(j.name == c for j in inst.jokers):
        entries.append((m.row(("freed", c), -np.inf, 0), -k))
    return entries + _existing(m, [("open", c)], -k)


def _add_pool(inst: Instance, cat: Catalogue, m: Model) -> None:
    block = cat.pool[inst.pattern]
    avail = _availability(inst)
    jokers = inst.total_jokers()
    missing = block.real @ (avail == 0).astype(np.int32)
    fewest = np.where(block.real > 0, avail[None, :], 1 << 20).min(axis=1)
    if inst.pattern:
        ok = (missing == 0) & ((block.slot < 0) | (jokers > 0))
        upper = np.where(block.slot < 0, fewest, np.minimum(fewest, jokers))
    else:
        ok = missing <= jokers
        upper = fewest + jokers
    cols = np.flatnonzero(ok & (upper > 0))
    rows = [m.named_rows[("card", c)] for c in CODES]
    if inst.pattern:
        rows += [m.named_rows[("jslot", c)] for c in CODES]
    picked = block.rows[cols]
    metas = [("pool", w, k) for w, k in zip(block.window[cols].tolist(),
                                             block.slot[cols].tolist(), strict=True)]
    m.cols(metas, upper[cols], np.where(picked >= 0, np.array(rows)[picked], -1))


def _availability(inst: Instance) -> np.ndarray:
    avail = np.zeros(N, dtype=np.int32)
    for counter in (inst.table_real, inst.hand_real, inst.loose_real):
        for c, k in counter.items():
            avail[IDX[c]] += k
    return avail


def _add_hand(inst: Instance, m: Model, costs: _Costs) -> None:
    for c, k in sorted(inst.hand_real.items()):
        entries = [(m.named_rows[("card", c)], -1.0)] + _hand_uses(inst, m, c, 1)
        entries += _existing(m, [("witness", c)], -1.0)
        m.col(("hand", c), costs.card(c), k, entries)
    if inst.hand_jokers:
        entries = [(m.row("free", 0, 0), -1.0)] + _hand_uses(inst, m, JOKER, 1)
        m.col(("hjoker",), costs.card(JOKER), inst.hand_jokers, entries)
    sources = inst.hand_jokers + inst.loose_jokers + sum(1 for j in inst.jokers
                                                         if _renamable(inst, j))
    if sources:
        free = m.row("free", 0, 0)
        for c in CODES:
            entries = [(free, 1.0), (_joker_row(inst, m, c), -1.0)]
            m.col(("free", c), 0.0, sources, entries + _existing(m, [("jwitness", c)], -1.0))


def _joker_row(inst: Instance, m: Model, c: int) -> int:
    return m.named_rows[("jslot", c) if inst.pattern else ("card", c)]


def _renamable(inst: Instance, j: TableJoker) -> bool:
    """Carrusel/Vaticano: its real card can be on the new table."""
    return (inst.jokers_rule.renames
            and inst.table_real[j.name] + inst.hand_real[j.name] + inst.loose_real[j.name] > 0)


def _may_come_down(inst: Instance, c: int) -> int:
    """How many real c the hand and the loose cards could add to the table."""
    return inst.hand_real[c] + inst.loose_real[c]


def _moves_under_its_card(inst: Instance, j: TableJoker) -> bool:
    """Carrusel: a joker may go anywhere under its card while that real card is off the table
    (never when a real copy is there already)."""
    rule = inst.jokers_rule
    return rule.renames and not rule.stays_put and not inst.table_real[j.name]


def _keeps_place(inst: Instance, j: TableJoker) -> bool:
    """Carrusel/Vaticano: may the joker have to keep its card in its place (stuck columns)?
    Vaticano: always until renamed; Carrusel: once its real card can be on the table."""
    rule = inst.jokers_rule
    return rule.renames and (rule.stays_put or _renamable(inst, j))


def _add_loose(inst: Instance, m: Model, hint: bool) -> None:
    for c, k in sorted(inst.loose_real.items()):
        entries = [(m.named_rows[("card", c)], -1.0)] + _real_down(inst, m, c, 1)
        entries += _existing(m, [("witness", c)], -1.0)
        if hint:
            entries.append((m.row("rearr_l", -np.inf, 0), 1.0))
        m.col(("loose", c), 0.0, k, entries)
    if inst.loose_jokers:
        entries = [(m.row("free", 0, 0), -1.0)]
        if hint:
            entries.append((m.row("rearr_l", -np.inf, 0), 1.0))
        m.col(("ljoker",), 0.0, inst.loose_jokers, entries)


def _add_groups(inst: Instance, cat: Catalogue, m: Model, hint: bool, costs: _Costs) -> None:
    for g, cards in enumerate(inst.groups):
        frozen = inst.freezes_groups and any(x >= NAMED for x in cards)
        forms = [((), ())]
        if hint or frozen:
            forms += _extensions(inst, cat, cards, real_only=frozen)
        m.row(("group", g), 1 if frozen else -np.inf, 1)
        for added, jnames in forms:
            _add_form(inst, m, g, cards, added, jnames, costs)


def _add_form(inst, m, g, cards, added, jnames, costs: _Costs) -> None:
    entries = [(m.named_rows[("group", g)], 1.0)]
    frozen = inst.freezes_groups and any(x >= NAMED for x in cards)
    for x in cards:
        if x < NAMED:
            entries.append((m.named_rows[("card", x)], 1.0))
            entries += _existing(m, [("witness", x)], 1.0)
    for j in inst.jokers:
        if j.group == g:
            entries.append((m.row(("joker", j.jid), 1, 1), 1.0))
    for c in added:
        entries += _hand_uses(inst, m, c, 1, frozen_form=frozen)
    if jnames:
        entries += _hand_uses(inst, m, JOKER, len(jnames))
    kept = not added and not jnames
    cost = sum(costs.card(c) for c in added) + costs.card(JOKER, len(jnames))
    if kept:
        cost += costs.kept
    if costs.hint:
        entries.append((m.row("rearr_g", len(inst.groups), np.inf), 1.0))
    m.col(("form", g, added, jnames), cost, 1, entries)


def _extensions(inst: Instance, cat: Catalogue, cards: Sequence[int], real_only: bool):
    """Every way to extend a group by hand cards alone: (real cards added, names given to the
    hand jokers added)."""
    have = {int(stands_for(x)) for x in cards}
    have_jokers = sum(1 for x in cards if x >= NAMED)
    out = []
    for w in cat.containing[min(have)]:
        window = cat.windows[w]
        if len(window) <= len(cards) or not have <= set(window):
            continue
        missing = [c for c in window if c not in have]
        choices = []
        for c in missing:
            opts = [True] if inst.hand_real[c] else []
            if inst.hand_jokers and not real_only:
                opts.append(False)
            choices.append(opts)
        for pick in product(*choices):
            jnames = tuple(c for c, real in zip(missing, pick, strict=True) if not real)
            if len(jnames) > inst.hand_jokers:
                continue
            if inst.pattern and have_jokers + len(jnames) > 1:
                continue
            out.append((tuple(c for c, real in zip(missing, pick, strict=True) if real), jnames))
    return out


def _add_jokers(inst: Instance, cat: Catalogue, m: Model) -> None:
    for j in inst.jokers:
        here = m.row(("joker", j.jid), 1, 1)
        if inst.freezes_groups:
            _add_tahiti_joker(inst, cat, m, j)
            continue
        if _moves_under_its_card(inst, j):
            entries = [(here, 1.0), (_joker_row(inst, m, j.name), -1.0)]
            entries += _existing(m, [("jwitness", j.name)], -1.0)
            entries += _existing(m, [("absent", j.jid)], float(_may_come_down(inst, j.name)))
            m.col(("keepname", j.jid), 0.0, 1, entries)
        if _renamable(inst, j):
            entries = [(here, 1.0), (m.row("free", 0, 0), -1.0)]
            entries += _existing(m, [("renames", j.name)], 1.0)
            m.col(("rename", j.jid), 0.0, 1, entries)


def _add_tahiti_joker(inst: Instance, cat: Catalogue, m: Model, j: TableJoker) -> None:
    """A joker freed by its real card from the hand: its group may be rearranged; the freeing
    card lies in an anchor group beside a card that stood next to the joker; the joker takes a
    new name, or stays in its place under its old one."""
    if not inst.hand_real[j.name]:
        return
    rename = m.row(("newname", j.jid), 0, 0)
    anchor = m.row(("anchor", j.jid), 0, np.inf)
    m.col(("freejoker", j.jid), 0.0, 1,
          [(m.named_rows[("group", j.group)], 1.0), (m.named_rows[("joker", j.jid)], 1.0),
           (m.row(("freed", j.name), -np.inf, 0), 1.0), (rename, -1.0), (anchor, -1.0)])
    for c in CODES:
        if c != j.name:
            m.col(("newname", j.jid, c), 0.0, 1, [(rename, 1.0), (_joker_row(inst, m, c), -1.0)])
    cards = m.named_rows
    for w in cat.containing[j.name]:
        window = cat.windows[w]
        if j.near_real.isdisjoint(window):
            continue
        m.col(("tstay", j.jid, w), 0.0, 1,
              [(rename, 1.0)] + [(cards[("card", c)], 1.0) for c in window if c != j.name])
        for slot in (None, *(c for c in window if c != j.name)):
            if slot is not None and j.near_real.isdisjoint(set(window) - {slot}):
                continue
            entries = [(anchor, 1.0)] + [(cards[("card", c)], 1.0) for c in window if c != slot]
            if slot is not None:
                entries.append((cards[("jslot", slot)], 1.0))
            m.col(("anchor", j.jid, w, -1 if slot is None else slot), 0.0, 1, entries)


def _add_stuck(inst: Instance, cat: Catalogue, m: Model, columns) -> None:
    rows = m.named_rows
    for w, placed, witnesses in columns:
        taken = {c for _, c in placed}
        entries = [(m.row(("joker", jid), 1, 1), 1.0) for jid, _ in placed]
        entries += [(rows[("card", c)], 1.0) for c in cat.windows[w] if c not in taken]
        entries += [(rows[("witness" if kind == REAL_WITNESS else "jwitness", c)], 1.0)
                    for kind, c in witnesses]
        m.col(("stuck", w, placed, witnesses), 0.0, 1, entries)


def _stuck_columns(inst: Instance, cat: Catalogue):
    """Carrusel/Vaticano: new groups that hold jokers kept under their old cards in their
    place (`_keeps_place`), beside a card that stood next to them: a real card of that kind,
    or a joker named as the joker beside it was. Each: (window, ((jid, name), ...), witness
    slots)."""
    stuck = [j for j in inst.jokers if _keeps_place(inst, j)]
    columns = []
    for w in sorted({w for j in stuck for w in cat.containing[j.name]}):
        slots = set(cat.windows[w])
        here = [j for j in stuck if j.name in slots]
        for size in range(1, (1 if inst.pattern else len(here)) + 1):
            for together in combinations(here, size):
                names = {j.name for j in together}
                if len(names) < size:
                    continue
                placed = tuple(sorted((j.jid, j.name) for j in together))
                columns += [(w, placed, ws) for ws in _witness_sets(inst, slots, together, names)]
    return columns


def _witness_sets(inst: Instance, slots: set, together, names: set):
    options = []
    for j in together:
        if j.near_names & names:
            continue                     # the joker beside it is in the group, same name
        near = [(REAL_WITNESS, c) for c in sorted(j.near_real) if c in slots]
        if not inst.pattern:
            near += [(JOKER_WITNESS, c) for c in sorted(j.near_names) if c in slots]
        near = [(kind, c) for kind, c in near if c not in names]
        if not near:
            return []
        options.append(near)
    out = []
    for ws in _minimal_sets(options):
        if len({c for _, c in ws}) == len(ws):          # one slot cannot be both
            out.append(ws)
    return out


def _minimal_sets(options: list[list]) -> list[tuple]:
    sets = {frozenset(p) for p in product(*options)}
    return sorted(tuple(sorted(s)) for s in sets if not any(o < s for o in sets))


def _add_opening(inst: Instance, m: Model) -> None:
    cards = sorted(inst.hand_real)
    opening = m.row("open", 1, np.inf)
    for run in combinations(cards, 3):
        if classify(run, inst.ace) == RUN:
            m.col(("open", run), 0.0, 1,
                  [(opening, 1.0)] + [(m.named_rows[("open", c)], 1.0) for c in run])


def _add_rearranging(inst: Instance, m: Model, costs: _Costs) -> None:
    groups = len(inst.groups)
    loose = sum(inst.loose_real.values()) + inst.loose_jokers
    entries = [(m.row("rearr_g", groups, np.inf), float(groups))]
    if loose:
        entries.append((m.row("rearr_l", -np.inf, 0), -float(loose)))
    m.col(("rearr",), costs.rearranging, 1, entries)
