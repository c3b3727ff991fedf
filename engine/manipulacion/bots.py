"""Computer players for Rummy Manipulación. A bot sees only its own seat's view.

`choose(view)` returns the bot's next action as a JSON dict, or None when it has nothing to do.

- "facil" plays only from its hand: new groups made purely of hand cards, and hand cards added
  to the ends of runs or to tríos on the table, one working-copy step at a time; otherwise it
  draws or passes (and knocks in Carrusel when it may). It never rearranges the table and never
  plays a joker.
- "normal" asks the solver it is given (`engine.manipulacion.solver.solve_best` unless
  `make_bot` is given another) for the best play and sends it as one `set_table`; it checks the
  table first with the same rules the engine uses, and falls back to "facil" when the engine
  would refuse it. When the solver finds no play, normal draws or passes without asking
  "facil": the solver is exact (tests/engine/test_manipulacion_crosscheck.py), so the hand
  alone has no play either, and asking cost difícil's playouts a sixth of their time. A solver
  failure is logged (with its traceback) and the bot plays as "facil" that turn: a bug in the
  solver must not stop the family's game.
"""
from __future__ import annotations

import logging
import random
from collections import Counter
from typing import Sequence

from engine.cards import ACE, JOKER, Card
from engine.game import GameError
from engine.manipulacion.commit import NeedsChoice, check_play, physical
from engine.manipulacion.melds import EITHER, HIGH, LOW, classify, fmt, named, parse_all
from engine.manipulacion.rulesets import RULESETS
from engine.manipulacion.solver import solve_best

LEVELS = ("facil", "normal")     # written by hand; difícil (hard.py) searches with them
log = logging.getLogger(__name__)


class Situation:
    """What a bot reads from its view, as table ints."""

    def __init__(self, view: dict, seat: int, checker=check_play):
        self.checker = checker          # commit.check_play, or the search's remembering one
        self.rules = RULESETS[view["ruleset"]["name"]]
        self.table = [parse_all(g["cards"]) for g in view["table"]]
        self.loose = parse_all(view["loose"])
        self.hand = parse_all(view["hand"])
        self.opened = view["players"][seat].get("opened", True)

    def check(self, groups, loose=None):
        return self.checker(self.rules, self.table, self.loose, self.hand, groups, loose,
                            self.opened)


def _hand_runs(cards: list[int], ace: str) -> list[list[int]]:
    """Runs of three or more real cards of one suit, longest first (one card per rank)."""
    found = []
    for suit in range(4):
        ranks = sorted({c & 15 for c in cards if c and c >> 4 == suit})
        if not ranks:
            continue
        lines = []
        if ace in (LOW, EITHER):
            lines.append(ranks)
        if ace in (HIGH, EITHER) and ACE in ranks:
            lines.append(sorted(14 if r == ACE else r for r in ranks))
        elif ace == HIGH:
            lines.append(ranks)
        for line in lines:
            start = 0
            for i in range(1, len(line) + 1):
                if i == len(line) or line[i] != line[i - 1] + 1:
                    if i - start >= 3:
                        found.append([suit * 16 + (1 if r == 14 else r) for r in line[start:i]])
                    start = i
    found.sort(key=len, reverse=True)
    return found


def _hand_trios(cards: list[int]) -> list[list[int]]:
    by_rank: dict[int, dict[int, int]] = {}
    for c in cards:
        if c:
            by_rank.setdefault(c & 15, {})[c >> 4] = c
    return [list(suits.values())[:4] for suits in by_rank.values() if len(suits) >= 3]


def _remove(pool: list[int], cards: Sequence[int]) -> bool:
    left = list(pool)
    for c in cards:
        if c not in left:
            return False
        left.remove(c)
    pool[:] = left
    return True


class EasyBot:
    level = "facil"

    checker = staticmethod(check_play)      # how a play is checked (`Situation.check`)

    def __init__(self, seat: int, seed: int = 0):
        self.seat = seat
        self.rng = random.Random(seed * 31 + seat)
        self.plan: list[dict] = []
        self.planned = False          # the open copy is this bot's own plan

    def choose(self, view: dict) -> dict | None:
        allowed = view.get("allowed") or []
        if not allowed:
            return None
        if "next_round" in allowed:
            return {"type": "next_round"}
        if view.get("copy") is not None:
            if self.plan:
                return self.plan.pop(0)
            if self.planned:
                self.planned = False
                return {"type": "close"} if "close" in allowed else {"type": "done"}
            # A copy this bot did not plan: a person's edit when the seat was handed over.
            # Dropping it is always accepted (at its price under «Retirar, robar 3»); the next
            # choice then plans from the table as it is.
            return {"type": "undo", "confirm": True} if view.get("undo_surrenders") \
                else {"type": "undo"}
        self.plan = []
        self.planned = False
        if allowed == ["draw"]:
            return {"type": "draw"}
        plan = self.find_play(view)
        if plan:
            self.plan, self.planned = plan[1:], True
            return plan[0]
        if "close" in allowed:
            return {"type": "close"}
        if "draw" in allowed:
            return {"type": "draw", "confirm": True}
        if "pass" in allowed:
            return {"type": "pass", "confirm": True}
        return None

    # ----- the easy play: from the hand only ------------------------------------------------

    def find_play(self, view: dict) -> list[dict] | None:
        s = Situation(view, self.seat, self.checker)
        ace = s.rules.ace
        pool = [c for c in s.hand if c != JOKER]
        new_groups: list[list[int]] = []
        for run in _hand_runs(pool, ace):
            if _remove(pool, run):
                new_groups.append(run)
        if not s.opened and not new_groups:
            return None
        for trio in _hand_trios(pool):
            if _remove(pool, trio):
                new_groups.append(trio)
        groups = [list(g) for g in s.table]
        additions: list[tuple[int, int]] = []
        changed = True
        while changed:
            changed = False
            for c in list(pool):
                for i, g in enumerate(groups):
                    if classify(g + [c], ace):
                        groups[i] = g + [c]
                        pool.remove(c)
                        additions.append((c, i))
                        changed = True
                        break
        if not new_groups and not additions:
            return None
        try:
            s.check(groups + new_groups)
        except GameError:
            return None
        moves = [{"type": "move", "card": fmt(c), "from": "hand", "to": i}
                 for c, i in additions]
        index = len(groups)
        for g in new_groups:
            moves.append({"type": "move", "card": fmt(g[0]), "from": "hand", "to": "new"})
            moves += [{"type": "move", "card": fmt(c), "from": "hand", "to": index}
                      for c in g[1:]]
            index += 1
        return moves


class NormalBot(EasyBot):
    level = "normal"

    def __init__(self, seat: int, seed: int = 0, solver=None, checker=None):
        super().__init__(seat, seed)
        # (rules, table, hand, loose, opening_run=) -> a play (.table, .placed, .loose) or None
        self.solver = solver if solver is not None else solve_best
        if checker is not None:
            self.checker = checker

    def find_play(self, view: dict) -> list[dict] | None:
        s = Situation(view, self.seat, self.checker)
        extra = {"opening_run": True} if s.rules.initial_meld.needs_opening_run(s.opened) else {}
        try:
            play = self.solver(s.rules, [list(g) for g in s.table], list(s.hand),
                               tuple(s.loose), **extra)
        except Exception:       # noqa: BLE001 - logged, never silent; the game goes on
            log.exception("Manipulación: the solver failed; seat %s plays as 'facil' this turn",
                          self.seat)
            return super().find_play(view)
        if play is None:
            return None     # the solver is exact: no play from the hand alone either
        groups = [list(g) for g in play.table]
        loose = getattr(play, "loose", None)
        loose = list(loose) if loose is not None else \
            loose_after(s.table, s.loose, groups, getattr(play, "placed", None))
        for _ in range(2):
            try:
                s.check(groups, loose)
            except NeedsChoice as choice:
                for need in choice.data.get("groups", []):
                    names = iter(parse_all(need["options"][0]))
                    groups[need["group"]] = [named(Card(next(names))) if x == JOKER else x
                                             for x in groups[need["group"]]]
                continue
            except GameError:
                break
            action = {"type": "set_table", "table": [[fmt(x) for x in g] for g in groups]}
            if s.loose:
                action["loose"] = [fmt(x) for x in loose]
            return [action]
        return super().find_play(view)


def loose_after(table, loose, groups, placed=None) -> list[int]:
    """Tahití: the loose cards still single once `groups` replace `table`: those the new table
    holds beyond the old table and the cards placed from the hand were loose."""
    if not loose:
        return []
    extra = Counter(physical(x) for g in groups for x in g) \
        - Counter(physical(x) for g in table for x in g)
    if placed is not None:
        extra -= Counter(physical(x) for x in placed)
    used = Counter(loose) & extra
    left = list(loose)
    for card, n in used.items():
        for _ in range(n):
            left.remove(card)
    return left


BOTS = {"facil": EasyBot, "normal": NormalBot}


def make_bot(level: str, seat: int, seed: int = 0, solver=None):
    """A bot; "normal" asks `solver` (default: the solver's solve_best) for its plays."""
    if level == "dificil":
        from engine.manipulacion.hard import DificilBot  # builds on normal: imported late
        return DificilBot(seat, seed)
    if level == "normal":
        return NormalBot(seat, seed, solver)
    return BOTS[level](seat, seed)
