"""One call's cards, checked against the rule set: the table's groups, the hand, the loose cards,
and what stands beside each table joker."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from engine.cards import JOKER
from engine.game import GameError
from engine.manipulacion.jokers import NoJokers
from engine.manipulacion.melds import NAMED, TRIO, arrange, check_group, classify, fmt
from engine.manipulacion.rulesets import RULESETS, RuleSet
from engine.manipulacion.solver.catalogue import IDX
from engine.manipulacion.solver.results import SolverInputError


@dataclass
class TableJoker:
    jid: int
    group: int
    name: int                    # the real card it stands for
    near_real: frozenset         # real cards beside it in its group (in a trío: all others)
    near_names: frozenset        # the names of the jokers beside it


@dataclass
class Instance:
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
    jokers: list[TableJoker] = field(default_factory=list)

    @property
    def freezes_groups(self) -> bool:
        return self.jokers_rule.freezes_groups

    def value(self, c: int) -> int:
        if self.rules.score.values_points:
            return int(self.rules.card_points(c))
        return 1

    def total_jokers(self) -> int:
        return len(self.jokers) + self.hand_jokers + self.loose_jokers


def as_ruleset(ruleset: RuleSet | str) -> RuleSet:
    if isinstance(ruleset, RuleSet):
        return ruleset
    try:
        return RULESETS[ruleset]
    except (KeyError, TypeError):
        raise SolverInputError(f"unknown rule set: {ruleset!r}") from None


def real_card(x: int, what: str) -> int:
    if isinstance(x, int) and x - NAMED in IDX:
        raise SolverInputError(f"a {what} joker is unnamed ('*'), not {fmt(x)}")
    if not isinstance(x, int) or (x != JOKER and x not in IDX):
        raise SolverInputError(f"not a {what} card: {x!r}")
    return int(x)


def prepare(ruleset, table, hand, loose) -> Instance:
    rules = as_ruleset(ruleset)
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
    hand = [real_card(x, "hand") for x in hand]
    loose = [real_card(x, "loose") for x in loose]
    inst = Instance(
        rules=rules, ace=rules.ace, jokers_rule=rules.joker_policy,
        pattern=rules.max_jokers_per_group == 1, groups=groups,
        hand_real=Counter(x for x in hand if x != JOKER), hand_jokers=hand.count(JOKER),
        loose_real=Counter(x for x in loose if x != JOKER), loose_jokers=loose.count(JOKER),
        table_real=Counter(x for g in groups for x in g if x < NAMED))
    find_jokers(inst)
    if inst.total_jokers() and not rules.joker_policy.has_jokers:
        raise SolverInputError(f"the rule set {rules.name} has no jokers")
    return inst


def find_jokers(inst: Instance) -> None:
    """The table's jokers, and what stands beside each in its group's display order."""
    for g, cards in enumerate(inst.groups):
        if all(x < NAMED for x in cards):
            continue
        order = arranged(cards, inst.ace)
        trio = classify(cards, inst.ace) == TRIO
        for pos, x in enumerate(order):
            if x < NAMED:
                continue
            near = [order[p] for p in range(len(order)) if p != pos and (trio or abs(p - pos) == 1)]
            inst.jokers.append(TableJoker(
                jid=len(inst.jokers), group=g, name=x - NAMED,
                near_real=frozenset(y for y in near if y < NAMED),
                near_names=frozenset(y - NAMED for y in near if y >= NAMED)))


@lru_cache(maxsize=4096)
def arranged(cards: tuple[int, ...], ace: str) -> tuple[int, ...]:
    """melds.arrange, remembered: a table's groups come back in every call on it."""
    return tuple(arrange(cards, ace))
