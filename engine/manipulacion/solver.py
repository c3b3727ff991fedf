"""Exact hints and best plays for Rummy Manipulación.

    solve_best(ruleset, table, hand, loose=()) -> Play | None
    solve_hint(ruleset, table, hand, loose=()) -> Hint | None

Cards are ints as in `melds`: a table card is a real card's code or ``NAMED + code`` (a named
joker); a hand or loose card is a real code or ``JOKER`` (a free joker). `table` is a list of
groups, each valid under the rule set. `ruleset` is a `RuleSet` or its name.

Each call builds one integer program over a catalogue of candidate groups (built once per ace
mode) and solves it exactly with HiGHS; docs/manipulacion-solver.md gives the model, the joker
formulations and why an integer program. Everything here is deterministic.
"""
from __future__ import annotations

import heapq
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, product
from typing import Any, Iterable, Sequence

import highspy
import numpy as np

from engine.cards import ALL_CARDS, JOKER, RANKS, SUITS, Card, card
from engine.game import GameError
from engine.manipulacion.jokers import NoJokers
from engine.manipulacion.melds import (
    NAMED,
    RUN,
    TRIO,
    arrange,
    check_group,
    classify,
    fmt,
    joker_names,
    named,
    run_ranks,
    stands_for,
)
from engine.manipulacion.rulesets import RULESETS, RuleSet

CODES: tuple[int, ...] = tuple(int(c) for c in ALL_CARDS)
IDX = {c: i for i, c in enumerate(CODES)}
N = len(CODES)
POOL_RUN_MAX = 5   # any longer run splits into runs of 3..5, so the pool needs no longer ones


# ----- results ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Play:
    """A legal play: the hand cards `placed` (real codes, JOKER for a joker), the whole new
    `table` (groups arranged, every joker named), the `loose` cards still single (Tahití), the
    original group indices that do not survive exactly (`changed`) and the play's `value`
    (points of the placed cards where the rule set scores points, else how many)."""
    placed: tuple[int, ...]
    table: tuple[tuple[int, ...], ...]
    loose: tuple[int, ...]
    changed: tuple[int, ...]
    value: int

    @property
    def groups_changed(self) -> int:
        return len(self.changed)


@dataclass(frozen=True)
class Hint:
    """One hand `card` that can be played, the original group indices that the play changes
    (`groups`, as few as possible) and whether table cards must move (`needs_rearranging`:
    False when the play only adds hand cards to groups and lays groups of hand cards). `play` is
    a play that realises it."""
    card: int
    groups: tuple[int, ...]
    needs_rearranging: bool
    play: Play


class SolverInputError(ValueError):
    """An instance the solver cannot take: a bad card, an invalid group, jokers where the rule
    set has none."""


# ----- the catalogue of groups, once per ace mode ----------------------------------------------

@dataclass(frozen=True)
class _Catalogue:
    windows: tuple[tuple[int, ...], ...]       # every valid group of distinct real cards
    containing: dict                           # card -> indices of windows holding it
    pool: dict                                 # pattern mode (bool) -> _PoolBlock


@dataclass(frozen=True)
class _PoolBlock:
    """The pool's columns: a short window, optionally with one slot taken by a joker (pattern
    mode, for rule sets allowing one joker per group)."""
    window: np.ndarray      # window index per column
    slot: np.ndarray        # card index of the joker slot, or -1
    real: np.ndarray        # columns x 52, 1 where the column needs that real card (or joker)
    rows: np.ndarray        # columns x POOL_RUN_MAX: row indices (reals 0..51, joker slot
                            # 52 + index), padded with -1


@lru_cache(maxsize=None)
def _catalogue(ace: str) -> _Catalogue:
    windows: list[tuple[int, ...]] = []
    seen: set[frozenset] = set()

    def add(cards: list[int]) -> None:
        key = frozenset(cards)
        if key not in seen and classify(cards, ace) is not None:
            seen.add(key)
            windows.append(tuple(int(c) for c in arrange(cards, ace)))

    for rank in RANKS:
        for size in (3, 4):
            for suits in combinations(SUITS, size):
                add([int(card(rank, s)) for s in suits])
    for suit in SUITS:
        for length in range(3, 14):
            for low in range(1, 16 - length):
                ranks = [r if r <= 13 else 1 for r in range(low, low + length)]
                if len(set(ranks)) == length:
                    add([int(card(r, suit)) for r in ranks])
    containing: dict[int, list[int]] = {c: [] for c in CODES}
    for i, w in enumerate(windows):
        for c in w:
            containing[c].append(i)
    short = [i for i, w in enumerate(windows) if len(w) <= POOL_RUN_MAX]
    pool = {False: _pool_block(windows, short, False), True: _pool_block(windows, short, True)}
    return _Catalogue(tuple(windows), {c: tuple(v) for c, v in containing.items()}, pool)


def _pool_block(windows, short, pattern: bool) -> _PoolBlock:
    cols_w, cols_s, rows = [], [], []
    for i in short:
        idx = [IDX[c] for c in windows[i]]
        cols_w.append(i)
        cols_s.append(-1)
        rows.append(idx)
        if pattern:
            for k in idx:
                cols_w.append(i)
                cols_s.append(k)
                rows.append(sorted([j for j in idx if j != k] + [N + k]))
    padded = np.full((len(rows), POOL_RUN_MAX), -1, dtype=np.int64)
    real = np.zeros((len(rows), N), dtype=np.int32)
    for col, r in enumerate(rows):
        padded[col, :len(r)] = r
        real[col, [j for j in r if j < N]] = 1
    return _PoolBlock(np.array(cols_w), np.array(cols_s), real, padded)


# ----- the instance ----------------------------------------------------------------------------

@dataclass
class _TableJoker:
    jid: int
    group: int
    name: int                    # the real card it stands for
    near_real: frozenset         # real cards beside it in its group (in a trío: all others)
    near_names: frozenset        # the names of the jokers beside it


@dataclass
class _Instance:
    rules: RuleSet
    ace: str
    jokers_rule: NoJokers                  # the rule set's joker policy (jokers.py)
    pattern: bool                          # at most one joker per group
    groups: list[tuple[int, ...]]
    hand_real: Counter
    hand_jokers: int
    loose_real: Counter
    loose_jokers: int
    table_real: Counter
    jokers: list[_TableJoker] = field(default_factory=list)

    @property
    def freezes_groups(self) -> bool:
        return self.jokers_rule.freezes_groups

    def value(self, c: int) -> int:
        if self.rules.score.values_points:
            return int(self.rules.card_points(c))
        return 1

    def total_jokers(self) -> int:
        return len(self.jokers) + self.hand_jokers + self.loose_jokers


def _ruleset(ruleset: RuleSet | str) -> RuleSet:
    if isinstance(ruleset, RuleSet):
        return ruleset
    try:
        return RULESETS[ruleset]
    except (KeyError, TypeError):
        raise SolverInputError(f"unknown rule set: {ruleset!r}") from None


def _real(x: int, what: str) -> int:
    if isinstance(x, int) and x - NAMED in IDX:
        raise SolverInputError(f"a {what} joker is unnamed ('*'), not {fmt(x)}")
    if not isinstance(x, int) or (x != JOKER and x not in IDX):
        raise SolverInputError(f"not a {what} card: {x!r}")
    return int(x)


def _prepare(ruleset, table, hand, loose) -> _Instance:
    rules = _ruleset(ruleset)
    if rules.max_jokers_per_group not in (None, 1):
        raise SolverInputError("only rule sets with no joker limit or one joker per group")
    groups = []
    for i, g in enumerate(table):
        g = tuple(int(x) if isinstance(x, int) else x for x in g)
        for x in g:
            if not isinstance(x, int) or (x not in IDX and x - NAMED not in IDX):
                raise SolverInputError(f"table group {i}: not a table card: {x!r}")
        try:
            check_group(g, rules.ace, rules.max_jokers_per_group, index=i)
        except GameError as e:
            raise SolverInputError(f"table group {i}: {e.en}") from None
        groups.append(g)
    hand = [_real(x, "hand") for x in hand]
    loose = [_real(x, "loose") for x in loose]
    inst = _Instance(
        rules=rules, ace=rules.ace, jokers_rule=rules.joker_policy,
        pattern=rules.max_jokers_per_group == 1, groups=groups,
        hand_real=Counter(x for x in hand if x != JOKER), hand_jokers=hand.count(JOKER),
        loose_real=Counter(x for x in loose if x != JOKER), loose_jokers=loose.count(JOKER),
        table_real=Counter(x for g in groups for x in g if x < NAMED))
    _find_jokers(inst)
    if inst.total_jokers() and not rules.joker_policy.has_jokers:
        raise SolverInputError(f"the rule set {rules.name} has no jokers")
    return inst


def _find_jokers(inst: _Instance) -> None:
    """The table's jokers, and what stands beside each in its group's display order."""
    for g, cards in enumerate(inst.groups):
        if all(x < NAMED for x in cards):
            continue
        order = _arranged(cards, inst.ace)
        trio = classify(cards, inst.ace) == TRIO
        for pos, x in enumerate(order):
            if x < NAMED:
                continue
            near = [order[p] for p in range(len(order)) if p != pos and (trio or abs(p - pos) == 1)]
            inst.jokers.append(_TableJoker(
                jid=len(inst.jokers), group=g, name=x - NAMED,
                near_real=frozenset(y for y in near if y < NAMED),
                near_names=frozenset(y - NAMED for y in near if y >= NAMED)))


# ----- a small model builder over HiGHS --------------------------------------------------------

class _Model:
    """Rows by key, columns kept column-wise as HiGHS takes them: per column its cost, upper
    bound (lower bounds are 0), meta and entries (row, value)."""

    def __init__(self):
        self.cost: list[float] = []
        self.upper: list[float] = []
        self.meta: list[tuple] = []
        self.sizes: list[int] = []        # entries per column
        self.index: list[int] = []        # each entry's row
        self.value: list[float] = []
        self.row_lower: list[float] = []
        self.row_upper: list[float] = []
        self.named_rows: dict = {}

    def row(self, key, lower: float, upper: float) -> int:
        """The row called `key`, created with these bounds the first time."""
        if key not in self.named_rows:
            self.named_rows[key] = len(self.row_lower)
            self.row_lower.append(lower)
            self.row_upper.append(upper)
        return self.named_rows[key]

    def col(self, meta: tuple, cost: float, upper: float, entries) -> int:
        merged: dict[int, float] = {}
        for r, v in entries:
            merged[r] = merged.get(r, 0.0) + v
        merged = {r: v for r, v in merged.items() if v}
        self.index += merged
        self.value += merged.values()
        self.sizes.append(len(merged))
        self.cost.append(cost)
        self.upper.append(float(upper))
        self.meta.append(meta)
        return len(self.cost) - 1

    def cols(self, metas: list[tuple], upper: np.ndarray, rows: np.ndarray) -> None:
        """Columns of cost 0 with an entry 1 in each of their `rows` (one line of row indices
        per column, padded with -1)."""
        used = rows >= 0
        self.index += rows[used].tolist()
        self.value += [1.0] * int(used.sum())
        self.sizes += used.sum(axis=1).tolist()
        self.cost += [0.0] * len(metas)
        self.upper += upper.astype(np.float64).tolist()
        self.meta += metas

    def solve(self, search: bool = True) -> np.ndarray | None:
        """The optimal integer column values (minimising cost), or None when infeasible: by our
        own search first (`search`), else or if it runs long by HiGHS's MIP."""
        n = len(self.cost)
        starts = np.zeros(n + 1, dtype=np.int32)
        np.cumsum(self.sizes, out=starts[1:])
        self.arrays: tuple[Any, ...] = (np.array(self.cost), np.zeros(n), np.array(self.upper),
                       np.array(self.row_lower), np.array(self.row_upper), starts,
                       np.array(self.index, dtype=np.int32), np.array(self.value))
        self.entry_column = np.repeat(np.arange(n), self.sizes)
        if search:
            best, proven = self._branch_and_bound()
            if proven:
                return best
        return self._mip()

    def _load(self, integer: bool, extra=()):
        h = _highs(extra)
        # The flat form of passModel: HighsLp's nested matrix is a copy in some versions.
        cost, lower, upper, row_lower, row_upper, starts, index, value = self.arrays
        h.passModel(len(self.cost), len(self.row_lower), len(self.index), COLWISE, MINIMIZE,
                    0.0, cost, lower, upper, row_lower, row_upper, starts, index, value,
                    np.full(len(self.cost), int(integer), dtype=np.int32))
        return h

    def _branch_and_bound(self) -> tuple[np.ndarray | None, bool]:
        """Branch and bound on HiGHS's LP relaxation: (the best solution found, whether it is
        proven optimal). On these models it mostly ends within a few nodes, where HiGHS's MIP
        first spends milliseconds on cuts and heuristics at the root; after NODE_LIMIT nodes
        the MIP takes over. Each branching dives into the nearer child; when a dive ends, the
        open node of lowest bound goes next (ties: the latest), which finds the optimum early."""
        cost, n = self.arrays[0], len(self.cost)
        columns = np.arange(n, dtype=np.int32)
        forms = np.array([meta[0] == "form" for meta in self.meta])
        h = self._load(False, (("presolve", "off"),))
        best, best_cost = None, np.inf
        open_nodes: list = []                  # a heap of (parent's bound, -node, lower, upper)
        dive: tuple | None = (-np.inf, 0, self.arrays[1], self.arrays[2])
        nodes = 0
        while dive or open_nodes:
            parent, _, lower, upper = dive or heapq.heappop(open_nodes)
            dive = None
            # The costs are integers: only a node whose bound is below best - 1 can do better.
            if parent > best_cost - 1 + 1e-6:
                continue
            if nodes == NODE_LIMIT:
                return best, False
            nodes += 1
            h.changeColsBounds(n, columns, lower, upper)
            h.run()
            status = h.getModelStatus()
            if status == highspy.HighsModelStatus.kInfeasible:
                continue
            if status != highspy.HighsModelStatus.kOptimal:
                return best, False
            solution = h.getSolution()
            bound = self._dual_bound(np.array(solution.row_dual), lower, upper)
            if bound > best_cost - 1 + 1e-6:
                continue
            x = np.array(solution.col_value)
            up = x - np.floor(x)
            fractional = np.flatnonzero(np.minimum(up, 1 - up) > 1e-6)
            if not len(fractional):
                x = np.rint(x).astype(np.int64)
                if not self._feasible(x):
                    return best, False
                best, best_cost = x, float(cost @ x)
                continue
            # Branch on the most fractional column; on a group's intact form last (measured: it
            # settles little, the search then takes many more nodes).
            if not forms[fractional].all():
                fractional = fractional[~forms[fractional]]
            k = fractional[np.argmin(np.abs(up[fractional] - 0.5))]
            down_upper, up_lower = upper.copy(), lower.copy()
            down_upper[k], up_lower[k] = np.floor(x[k]), np.ceil(x[k])
            near, far = (lower, down_upper), (up_lower, upper)
            if up[k] >= 0.5:
                near, far = far, near
            heapq.heappush(open_nodes, (bound, -nodes, *far))
            dive = (bound, 0, *near)
        return best, True

    def _dual_bound(self, dual: np.ndarray, lower: np.ndarray, upper: np.ndarray) -> float:
        """A lower bound on the cost within these column bounds from any row duals (weak
        duality), so the proof does not rest on the LP solver's tolerances."""
        cost, _, _, row_lower, row_upper, _, index, value = self.arrays
        dual = np.where(dual > 0, np.isfinite(row_lower), np.isfinite(row_upper)) * dual
        reduced = cost - np.bincount(self.entry_column, value * dual[index],
                                     minlength=len(cost))
        used = dual != 0
        rows = np.where(dual > 0, row_lower, row_upper)[used]
        return float(np.where(reduced > 0, lower, upper) @ reduced + dual[used] @ rows)

    def _feasible(self, x: np.ndarray) -> bool:
        _, _, upper, row_lower, row_upper, _, index, value = self.arrays
        activity = np.bincount(index, value * np.repeat(x, self.sizes),
                               minlength=len(row_lower))
        return bool((x >= 0).all() and (x <= upper).all() and (row_lower - 1e-6 <= activity).all()
                    and (activity <= row_upper + 1e-6).all())

    def _mip(self) -> np.ndarray | None:
        # Not given the search's best solution as a start: with presolve, HiGHS 1.16 has
        # reported a better objective than the solution it returned (that start).
        # A presolve slip (seen in HiGHS before 1.10) gives an infeasible "optimum": check it,
        # and solve once more without presolve before giving up.
        for extra in ((), (("presolve", "off"),)):
            h = self._load(True, extra)
            h.run()
            status = h.getModelStatus()
            if status == highspy.HighsModelStatus.kInfeasible:
                return None
            if status == highspy.HighsModelStatus.kOptimal:
                x = np.rint(h.getSolution().col_value).astype(np.int64)
                claimed = h.getInfo().objective_function_value
                if self._feasible(x) and abs(self.arrays[0] @ x - claimed) < 0.5:
                    return x
        raise RuntimeError(f"HiGHS found no proven optimum ({h.modelStatusToString(status)})")


COLWISE, MINIMIZE = int(highspy.MatrixFormat.kColwise), int(highspy.ObjSense.kMinimize)
NODE_LIMIT = 100               # of our branch and bound, before HiGHS's MIP takes over


# Options of each model only. Never "threads": HiGHS keeps one thread scheduler for the whole
# process, sized by the first model that runs, and refuses to run a model whose "threads" differs
# from it, so setting it here would break (or be broken by) any other HiGHS user in the process.
HIGHS_OPTIONS = (
    ("output_flag", False),
    # Objectives are integers: a gap under 1 is a proven optimum; nothing less will do.
    ("mip_rel_gap", 0.0),
    ("mip_abs_gap", 0.5),
    # Speed only (measured with bench/solver.py): these models are small, the root LP is nearly
    # tight, and the feasibility-jump heuristic and full presolve cost more than they save.
    ("mip_heuristic_run_feasibility_jump", False),
    ("presolve_mode", 2),
    # The slow tail is the root's cut loop: a cut pool aged out at once (soft limit 1) halves
    # p95 and cuts the worst cases by three to five times.
    ("mip_pool_soft_limit", 1),
)


class _QuietHighs(highspy.Highs):
    """highspy.Highs without HiGHS's banner on stdout (the CLI writes JSON there): the banner
    comes with the first callback set while output is on, which Highs.__init__ does."""

    def enableCallbacks(self):
        self.setOptionValue("output_flag", False)
        super().enableCallbacks()


def _highs(extra=()) -> highspy.Highs:
    h = _QuietHighs()
    # No Python callback on every log line and every solve: nothing here listens to them.
    h.disableCallbacks()
    for name, value in HIGHS_OPTIONS + tuple(extra):
        h.setOptionValue(name, value)    # an option unknown to an older HiGHS is ignored
    return h


# ----- the integer program ---------------------------------------------------------------------
#
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
# Rows (keys of _Model.row):
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


def _build(inst: _Instance, hint: bool, opening_run: bool) -> _Model:
    cat = _catalogue(inst.ace)
    m = _Model()
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

    def __init__(self, inst: _Instance, hint: bool):
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


def _linking_rows(inst: _Instance, m: _Model, stuck, opening_run: bool) -> None:
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


def _existing(m: _Model, keys, value: float) -> list[tuple[int, float]]:
    return [(m.named_rows[k], value) for k in keys if k in m.named_rows]


def _real_down(inst: _Instance, m: _Model, c: int, k: float) -> list[tuple[int, float]]:
    """Entries for k more real copies of c on the new table (from the hand or loose)."""
    absent = [("absent", j.jid) for j in inst.jokers if j.name == c]
    return _existing(m, [("renames", c)], -k) + _existing(m, absent, k)


def _hand_uses(inst: _Instance, m: _Model, c: int, k: int, frozen_form: bool = False
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


def _add_pool(inst: _Instance, cat: _Catalogue, m: _Model) -> None:
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


def _availability(inst: _Instance) -> np.ndarray:
    avail = np.zeros(N, dtype=np.int32)
    for counter in (inst.table_real, inst.hand_real, inst.loose_real):
        for c, k in counter.items():
            avail[IDX[c]] += k
    return avail


def _add_hand(inst: _Instance, m: _Model, costs: _Costs) -> None:
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


def _joker_row(inst: _Instance, m: _Model, c: int) -> int:
    return m.named_rows[("jslot", c) if inst.pattern else ("card", c)]


def _renamable(inst: _Instance, j: _TableJoker) -> bool:
    """Carrusel/Vaticano: its real card can be on the new table."""
    return (inst.jokers_rule.renames
            and inst.table_real[j.name] + inst.hand_real[j.name] + inst.loose_real[j.name] > 0)


def _may_come_down(inst: _Instance, c: int) -> int:
    """How many real c the hand and the loose cards could add to the table."""
    return inst.hand_real[c] + inst.loose_real[c]


def _moves_under_its_card(inst: _Instance, j: _TableJoker) -> bool:
    """Carrusel: a joker may go anywhere under its card while that real card is off the table
    (never when a real copy is there already)."""
    rule = inst.jokers_rule
    return rule.renames and not rule.stays_put and not inst.table_real[j.name]


def _keeps_place(inst: _Instance, j: _TableJoker) -> bool:
    """Carrusel/Vaticano: may the joker have to keep its card in its place (stuck columns)?
    Vaticano: always until renamed; Carrusel: once its real card can be on the table."""
    rule = inst.jokers_rule
    return rule.renames and (rule.stays_put or _renamable(inst, j))


def _add_loose(inst: _Instance, m: _Model, hint: bool) -> None:
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


def _add_groups(inst: _Instance, cat: _Catalogue, m: _Model, hint: bool, costs: _Costs) -> None:
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


def _extensions(inst: _Instance, cat: _Catalogue, cards: Sequence[int], real_only: bool):
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


def _add_jokers(inst: _Instance, cat: _Catalogue, m: _Model) -> None:
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


def _add_tahiti_joker(inst: _Instance, cat: _Catalogue, m: _Model, j: _TableJoker) -> None:
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


def _add_stuck(inst: _Instance, cat: _Catalogue, m: _Model, columns) -> None:
    rows = m.named_rows
    for w, placed, witnesses in columns:
        taken = {c for _, c in placed}
        entries = [(m.row(("joker", jid), 1, 1), 1.0) for jid, _ in placed]
        entries += [(rows[("card", c)], 1.0) for c in cat.windows[w] if c not in taken]
        entries += [(rows[("witness" if kind == REAL_WITNESS else "jwitness", c)], 1.0)
                    for kind, c in witnesses]
        m.col(("stuck", w, placed, witnesses), 0.0, 1, entries)


def _stuck_columns(inst: _Instance, cat: _Catalogue):
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


def _witness_sets(inst: _Instance, slots: set, together, names: set):
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


def _add_opening(inst: _Instance, m: _Model) -> None:
    cards = sorted(inst.hand_real)
    opening = m.row("open", 1, np.inf)
    for run in combinations(cards, 3):
        if classify(run, inst.ace) == RUN:
            m.col(("open", run), 0.0, 1,
                  [(opening, 1.0)] + [(m.named_rows[("open", c)], 1.0) for c in run])


def _add_rearranging(inst: _Instance, m: _Model, costs: _Costs) -> None:
    groups = len(inst.groups)
    loose = sum(inst.loose_real.values()) + inst.loose_jokers
    entries = [(m.row("rearr_g", groups, np.inf), float(groups))]
    if loose:
        entries.append((m.row("rearr_l", -np.inf, 0), -float(loose)))
    m.col(("rearr",), costs.rearranging, 1, entries)


# ----- from a solution to a play ---------------------------------------------------------------

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


def _extract(inst: _Instance, m: _Model, sol: np.ndarray) -> tuple[Play, dict]:
    cat = _catalogue(inst.ace)
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


def _play(inst: _Instance, intact: dict, fresh: list[list[int]], placed: Counter,
          loose: list[int]) -> Play:
    ace = inst.ace
    table = [_arranged(tuple(intact[g]), ace) for g in sorted(intact)]
    merged = [_arranged(tuple(g), ace) for g in _merge_runs(fresh, inst)]
    table += sorted(merged, key=lambda g: (classify(g, ace) != RUN, [stands_for(x) for x in g]))
    hand_cards = tuple(sorted(c for c in placed.elements() if c != JOKER)) \
        + (JOKER,) * placed[JOKER]
    value = sum(inst.value(c) for c in hand_cards)
    play = Play(placed=hand_cards, table=tuple(table), loose=tuple(loose),
                changed=_changed(inst.groups, table, kept=[g for g in intact
                                                           if len(intact[g]) ==
                                                           len(inst.groups[g])]),
                value=value)
    _verify(inst, play)
    return play


@lru_cache(maxsize=4096)
def _arranged(cards: tuple[int, ...], ace: str) -> tuple[int, ...]:
    """melds.arrange, remembered: a table's groups come back in every call on it."""
    return tuple(arrange(cards, ace))


def _merge_runs(groups: list[list[int]], inst: _Instance) -> list[list[int]]:
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


def _verify(inst: _Instance, play: Play) -> None:
    """A last guard: every group valid, no card lost or made up."""
    limit = 1 if inst.pattern else None
    checked = {tuple(sorted(g)) for g in inst.groups}       # by _prepare
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


# ----- public entry points ---------------------------------------------------------------------

def solve_best(ruleset: RuleSet | str, table: Iterable[Sequence[int]], hand: Sequence[int],
               loose: Sequence[int] = (), *, opening_run: bool = False) -> Play | None:
    """The play that places the most (points of) hand cards, then changes the fewest original
    groups; None when no legal play exists. `opening_run`: Vaticano's first play, which must
    include a 3-card run of real hand cards."""
    inst = _prepare(ruleset, table, hand, loose)
    if not inst.hand_real and not inst.hand_jokers:
        return None
    model = _build(inst, hint=False, opening_run=opening_run)
    sol = model.solve()
    return None if sol is None else _extract(inst, model, sol)[0]


def solve_hint(ruleset: RuleSet | str, table: Iterable[Sequence[int]], hand: Sequence[int],
               loose: Sequence[int] = (), *, opening_run: bool = False) -> Hint | None:
    """A hand card that can be played with the fewest original groups changed (and, among those,
    without rearranging when possible); None when no legal play exists."""
    inst = _prepare(ruleset, table, hand, loose)
    if not inst.hand_real and not inst.hand_jokers:
        return None
    if not opening_run:
        quick = _hint_hand_group(inst)
        if quick is None and not inst.loose_real and not inst.loose_jokers:
            quick = _hint_extension(inst)
        if quick is not None:
            return quick
    return _hint_by_model(inst, opening_run)


def _hint_by_model(inst: _Instance, opening_run: bool = False) -> Hint | None:
    model = _build(inst, hint=True, opening_run=opening_run)
    # Measured: the hint's weights (up to 2h + 2 a group) make our search take far more nodes
    # than HiGHS's cuts need.
    sol = model.solve(search=False)
    if sol is None:
        return None
    play, forms = _extract(inst, model, sol)
    loose_used = len(play.loose) < sum(inst.loose_real.values()) + inst.loose_jokers
    rearranging = len(forms) < len(inst.groups) or loose_used
    return Hint(card=_pointed_card(inst, play, forms), groups=play.changed,
                needs_rearranging=rearranging, play=play)


def _pointed_card(inst: _Instance, play: Play, forms: dict) -> int:
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


def _hint_hand_group(inst: _Instance) -> Hint | None:
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


def _hint_extension(inst: _Instance) -> Hint | None:
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


def _quick_hint(inst: _Instance, table: list[list[int]], placed: list[int],
                changed: tuple[int, ...]) -> Hint:
    ace = inst.ace
    hand_cards = tuple(sorted(c for c in placed if c != JOKER)) + (JOKER,) * placed.count(JOKER)
    loose = tuple(sorted(inst.loose_real.elements())) + (JOKER,) * inst.loose_jokers
    play = Play(placed=hand_cards, table=tuple(_arranged(tuple(g), ace) for g in table),
                loose=loose, changed=changed, value=sum(inst.value(c) for c in hand_cards))
    _verify(inst, play)
    return Hint(card=int(placed[0]), groups=changed, needs_rearranging=False, play=play)
