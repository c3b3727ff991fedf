"""Shared helpers for the Rummy Manipulación tests.

Cards are French-notation text (``7h``, ``Qs``); ``*`` is a joker in a hand, ``*9h`` a joker
on the table standing for the nine of hearts. `from_deal` defaults: the dealer is the last seat
and seat 0 is in turn; the stock is listed from its top.

The solver (engine/manipulacion/solver/) is written separately: these tests give the game
and the bots a stub instead (`solver_stub`) so that they do not depend on it;
`test_manipulacion_solver_integration` runs against the real one.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from engine.manipulacion.game import Manipulacion
from engine.manipulacion.melds import fmt, parse_all
from engine.manipulacion.rulesets import RULESETS
from tests.engine.contract_helpers import refused, snapshot  # noqa: F401 (shared)

RULESET_NAMES = tuple(RULESETS)


def cards(text):
    return parse_all(text)


def texts(xs):
    return [fmt(x) for x in xs]


def hand(game, seat):
    """A seat's hand as sorted text."""
    return sorted(texts(game.hands[seat]))


def table(game):
    """The committed table as lists of text, in display order."""
    return [texts(g) for g in game.table]


def deal(hands, stock="", **kw):
    return Manipulacion.from_deal(hands, stock, **kw)


def apply_all(game, seat, actions):
    for action in actions:
        game.apply(seat, action)


@dataclass
class Hint:
    card: int
    groups: list = field(default_factory=list)
    needs_rearranging: bool = False


@dataclass
class Play:
    placed: list
    table: list
    groups_changed: list = field(default_factory=list)


class SolverStub:
    """Stands in for engine.manipulacion.solver: answers what the test sets, records calls."""

    def __init__(self):
        self.hint = None
        self.best = None
        self.calls = []

    def solve_hint(self, ruleset, table_groups, hand, loose=(), *, opening_run=False):
        self.calls.append(("hint", ruleset.name, table_groups, hand, tuple(loose), opening_run))
        return self.hint

    def solve_best(self, ruleset, table_groups, hand, loose=(), *, opening_run=False):
        self.calls.append(("best", ruleset.name, table_groups, hand, tuple(loose), opening_run))
        return self.best


@pytest.fixture
def solver_stub(monkeypatch):
    """The stub is the hint provider of every game and the solver of every bot made during the
    test (no play found unless the test says so)."""
    stub = SolverStub()
    monkeypatch.setattr(Manipulacion, "default_hints", staticmethod(stub.solve_hint))
    monkeypatch.setattr("engine.manipulacion.bots.solve_best", stub.solve_best)
    return stub
