"""How jokers behave on the table, one small class per rule (the rule-set table picks one).

- `NoJokers`: the rule set has none.
- `CarruselJokers`: a joker is named; it moves only as the same card, and is renamed once its
  real card is on the table.
- `VaticanoJokers`: as Carrusel, and it stays in its group, beside a card that stood next to
  it, until its real card is on the table.
- `TahitiJokers`: one per group; a group with a joker is frozen (it only gains cards from the
  hand) until the joker's real card is put down from the hand.

Each answers three callers: `check_play` (commit.py) checks a whole play; the working-copy
editor (editor.py) asks `free`, `frozen` and `stays` step by step; the solver asks `renames`,
`stays_put` and `freezes_groups`, the three joker rules its integer program knows.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, ClassVar, Sequence

from engine.cards import JOKER
from engine.manipulacion.melds import NAMED, card_words, cards_words, is_joker, stands_for
from engine.messages import refuse

if TYPE_CHECKING:
    from engine.manipulacion.editor import Editor


def physical(x: int) -> int:
    """The card itself: a named joker is a joker."""
    return JOKER if is_joker(x) else x


@dataclass(frozen=True)
class NoJokers:
    name: ClassVar[str | None] = None
    has_jokers = False
    # What the solver models: a joker renamed once its real card is on the table; a joker that
    # stays beside its neighbours until then; groups frozen by their joker.
    renames = False
    stays_put = False
    freezes_groups = False

    def check_play(self, table, groups, placed: Counter) -> None:
        """Raise IllegalAction if the play from `table` to `groups` breaks a joker rule."""

    def free(self, editor: "Editor", x: int) -> bool:
        """May this table card (a named joker) leave the card it stands for?"""
        return True

    def frozen(self, editor: "Editor", k: int) -> bool:
        """Is copy group k one that may not be rearranged?"""
        return False

    def stays(self, editor: "Editor", x: int) -> bool:
        """Must this card stay in its group?"""
        return False


@dataclass(frozen=True)
class CarruselJokers(NoJokers):
    name = "carrusel"
    has_jokers = True
    renames = True

    def check_play(self, table, groups, placed: Counter) -> None:
        _check_renamed(table, groups)

    def free(self, editor: "Editor", x: int) -> bool:
        if x < NAMED or editor.joker_is_new(x):
            return True
        return editor.real_on_copy(stands_for(x)) > 0


@dataclass(frozen=True)
class VaticanoJokers(CarruselJokers):
    name = "vaticano"
    stays_put = True

    def check_play(self, table, groups, placed: Counter) -> None:
        _check_renamed(table, groups)
        _check_vatican_jokers_stay(table, groups)

    def stays(self, editor: "Editor", x: int) -> bool:
        return not self.free(editor, x)


@dataclass(frozen=True)
class TahitiJokers(NoJokers):
    name = "tahiti"
    has_jokers = True
    freezes_groups = True

    def check_play(self, table, groups, placed: Counter) -> None:
        _check_tahiti_frozen(table, groups, placed)

    def free(self, editor: "Editor", x: int) -> bool:
        if x < NAMED or editor.joker_is_new(x):
            return True
        return editor.placed()[stands_for(x)] > 0

    def frozen(self, editor: "Editor", k: int) -> bool:
        origin = editor.copy.origin[k]
        if origin is None:
            return False
        jokers = [x for x in editor.table[origin] if x >= NAMED]
        if not jokers:
            return False
        card = stands_for(jokers[0])
        return not (card in editor.copy.groups[k] and editor.placed()[card] > 0)


# ----- the checks of a whole play ---------------------------------------------------------------

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
            raise refuse("joker_not_free", card=card_words(card))


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
        raise refuse("joker_stays", card=card_words(joker))


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
    raise refuse("group_frozen", cards=cards_words(bad))


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
