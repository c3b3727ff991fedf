"""A small model builder over HiGHS, and our branch and bound on its LP relaxation before
HiGHS's MIP takes over."""
from __future__ import annotations

import heapq
from typing import Any

import highspy
import numpy as np


class Model:
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
        h = highs(extra)
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


class QuietHighs(highspy.Highs):
    """highspy.Highs without HiGHS's banner on stdout (the CLI writes JSON there): the banner
    comes with the first callback set while output is on, which Highs.__init__ does."""

    def enableCallbacks(self):
        self.setOptionValue("output_flag", False)
        super().enableCallbacks()


def highs(extra=()) -> highspy.Highs:
    h = QuietHighs()
    # No Python callback on every log line and every solve: nothing here listens to them.
    h.disableCallbacks()
    for name, value in HIGHS_OPTIONS + tuple(extra):
        h.setOptionValue(name, value)    # an option unknown to an older HiGHS is ignored
    return h
