"""How jokers behave on the table, one small class per rule (the rule-set table picks one).

- `NoJokers`: the rule set has none.
- `CarruselJokers`: a joker is named; it moves only as the same card, and is renamed once its
  real card is on the table.
- `VaticanoJokers`: as Carrusel, and it stays in its group, beside a card that stood next to
  it, until its real card is on the table.
- `TahitiJokers`: one per group; a group with a joker is frozen (it only gains cards from the
  hand) until the joker's real card is put into it from the hand.

One rule is shared by the three: a joker whose real card has come to the table (Carrusel,
Vaticano: anywhere; Tahití: from the hand into the joker's own group) keeps its old card only
in its place, beside a card that stood next to it; anywhere else it stands for a new card
(`_place_jokers`, refusal `joker_needs_new_card`).

Each answers three callers: `check_play` (commit.py) checks a whole play; the working-copy
editor (editor.py) asks `free`, `frozen`, `stays` and `loses_name` step by step; the solver asks
`renames`, `stays_put` and `freezes_groups`, the three joker rules its integer program knows
(docs/manipulacion-solver.md gives its side of the shared rule).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Callable, ClassVar, Iterator, Sequence

from engine.cards import JOKER, Card
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
    # The refusal when a joker may not take a new card yet.
    not_free = "joker_not_free"

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

    def loses_name(self, editor: "Editor", x: int, target: list[int]) -> bool:
        """Does table card x, moved into the copy group `target`, lose the card it stands for?
        A freed joker that leaves its place does (the shared rule): it goes on unnamed, and
        Listo names it."""
        if x < NAMED or not self.has_jokers or editor.joker_is_new(x) \
                or not self.free(editor, x):
            return False
        return not any(old.x == x and old.in_place(target) for old in _old_jokers(editor.table))


@dataclass(frozen=True)
class CarruselJokers(NoJokers):
    name = "carrusel"
    has_jokers = True
    renames = True

    def check_play(self, table, groups, placed: Counter) -> None:
        _check_carrusel(table, groups, self.stays_put)

    def free(self, editor: "Editor", x: int) -> bool:
        if x < NAMED or editor.joker_is_new(x):
            return True
        return editor.real_on_copy(stands_for(x)) > 0


@dataclass(frozen=True)
class VaticanoJokers(CarruselJokers):
    name = "vaticano"
    stays_put = True

    def stays(self, editor: "Editor", x: int) -> bool:
        return not self.free(editor, x)


@dataclass(frozen=True)
class TahitiJokers(NoJokers):
    name = "tahiti"
    has_jokers = True
    freezes_groups = True
    not_free = "joker_free_in_its_group"

    def check_play(self, table, groups, placed: Counter) -> None:
        _check_tahiti(table, groups, placed)

    def free(self, editor: "Editor", x: int) -> bool:
        if x < NAMED or editor.joker_is_new(x):
            return True
        card = stands_for(x)
        if not editor.placed()[card]:
            return False
        beside = {b for old in _old_jokers(editor.table) if old.x == x for b in old.real_beside}
        return any(card in g and beside & set(g) for g in editor.copy.groups)

    def frozen(self, editor: "Editor", k: int) -> bool:
        origin = editor.copy.origin[k]
        if origin is None:
            return False
        jokers = [x for x in editor.table[origin] if x >= NAMED]
        if not jokers:
            return False
        card = stands_for(jokers[0])
        return not (card in editor.copy.groups[k] and editor.placed()[card] > 0)


# ----- the jokers of the table before a play -------------------------------------------------

def neighbours(group: Sequence[int], i: int) -> list[int]:
    """The cards beside position i: in a run the cards next to it, in a trío all the others."""
    if len({stands_for(x).rank for x in group}) == 1:
        return [x for j, x in enumerate(group) if j != i]
    return [group[j] for j in (i - 1, i + 1) if 0 <= j < len(group)]


@dataclass(frozen=True)
class _OldJoker:
    x: int                      # the named joker
    group: int                  # its group on the table before the play
    beside: frozenset           # the cards next to it there (real cards and named jokers)

    @property
    def card(self) -> Card:
        return stands_for(self.x)

    @property
    def real_beside(self) -> frozenset:
        return frozenset(b for b in self.beside if not is_joker(b))

    def in_place(self, group: Sequence[int]) -> bool:
        """Is `group` still its place: does it hold a card that stood next to it?"""
        return not self.beside.isdisjoint(group)


def _old_jokers(table) -> list[_OldJoker]:
    return [_OldJoker(x, k, frozenset(neighbours(g, i)))
            for k, g in enumerate(table) for i, x in enumerate(g) if x >= NAMED]


def _spots(groups, among=None) -> list[tuple[int, int]]:
    """(group, named joker) for each joker of the new table (in the groups `among`)."""
    return [(k, x) for k, g in enumerate(groups) if among is None or k in among
            for x in g if x >= NAMED]


def _place_jokers(olds: list[_OldJoker], spots, groups, keeps_place: Callable,
                  renames: Counter | None) -> bool:
    """Each old joker on a spot of its own: under its old card — in its place when
    `keeps_place(old)` — or under a new card, at most `renames[card]` jokers per old card
    (None: no limit). The spots left over are jokers from the hand or loose cards."""
    def place(i: int, used: frozenset, renamed: Counter) -> bool:
        if i == len(olds):
            return True
        old = olds[i]
        for s, (k, x) in enumerate(spots):
            if s in used:
                continue
            if x == old.x:
                if keeps_place(old) and not old.in_place(groups[k]):
                    continue
                if place(i + 1, used | {s}, renamed):
                    return True
            elif renames is None or renamed[old.card] < renames[old.card]:
                if place(i + 1, used | {s}, renamed + Counter([old.card])):
                    return True
        return False
    return place(0, frozenset(), Counter())


def _first_moved_card(olds, spots, groups, keeps_place, renames) -> Card:
    """The card of a joker that went on under it outside its place: the first (among those
    `keeps_place` holds for) whose joker, let off that rule alone, makes the play fit."""
    held = [o for o in olds if keeps_place(o)]
    for old in held:
        def others(o, card=old.card):
            return o.card != card and keeps_place(o)
        if _place_jokers(olds, spots, groups, others, renames):
            return old.card
    return (held or olds)[0].card


# ----- Carrusel and Vaticano ------------------------------------------------------------------

def _names(groups) -> Counter:
    return Counter(x for g in groups for x in g if x >= NAMED)


def _real(groups) -> Counter:
    return Counter(x for g in groups for x in g if not is_joker(x))


def _check_renamed(table, groups) -> Counter:
    """A joker keeps its card until that real card is on the table: the real cards on the
    table after the play, which bound the jokers renamed per card."""
    released = _names(table) - _names(groups)
    real = _real(groups)
    for x, n in released.items():
        card = stands_for(x)
        if real[card] < n:
            raise refuse("joker_not_free", card=card_words(card))
    return real


def _check_carrusel(table, groups, stays_put: bool) -> None:
    """Carrusel (and Vaticano): renamed only once its real card is on the table; once it is,
    under its old card only in its place; Vaticano: in its place until then too."""
    real = _check_renamed(table, groups)
    olds = _old_jokers(table)
    if not olds:
        return
    spots = _spots(groups)

    def keeps_place(old):
        return stays_put or real[old.card] > 0

    if _place_jokers(olds, spots, groups, keeps_place, real):
        return

    def until_real(old):
        return stays_put and not real[old.card]

    if _place_jokers(olds, spots, groups, until_real, real):
        card = _first_moved_card(olds, spots, groups, lambda o: real[o.card] > 0, real)
        raise refuse("joker_needs_new_card", card=card_words(card))
    stuck = next(o for o in olds if not real[o.card])
    raise refuse("joker_stays", card=card_words(stuck.card))


# ----- Tahití ----------------------------------------------------------------------------------

def _check_tahiti(table, groups, placed: Counter) -> None:
    """Tahití: a group with a joker keeps all its cards and gains only cards from the hand —
    unless the real card its joker stands for is put into it from the hand (that frees it: it
    lies, after the play, beside a card that stood next to the joker)."""
    frozen = [k for k, g in enumerate(table) if any(x >= NAMED for x in g)]
    if not frozen:
        return
    olds = {old.group: old for old in _old_jokers(table)}
    jokers = [olds[k] for k in frozen]
    if _tahiti_fits(table, frozen, jokers, groups, placed) is not None:
        return
    fit = _tahiti_fits(table, frozen, jokers, groups, placed, keep_place=False)
    if fit is not None:
        olds, spots = fit
        card = _first_moved_card(olds, spots, groups, lambda o: True, None)
        raise refuse("joker_needs_new_card", card=card_words(card))
    fit = _tahiti_fits(table, frozen, jokers, groups, placed, anchored=False, keep_place=False)
    if fit is not None:
        olds, _ = fit
        card = next((o.card for o in olds if not _anchors([o], groups, range(len(groups)))),
                    olds[0].card)
        raise refuse("joker_free_in_its_group", card=card_words(card))
    broken = [table[k] for k in frozen if all(Counter(table[k]) - Counter(h) for h in groups)]
    bad = (broken or [table[k] for k in frozen])[0]
    raise refuse("group_frozen", cards=cards_words(bad))


def _tahiti_fits(table, frozen, jokers, groups, placed: Counter, anchored: bool = True,
                 keep_place: bool = True):
    """(the jokers freed, the spots they may take) for the first choice of groups freed that
    makes the play fit, else None. `anchored`: each freeing card lies beside a card that stood
    next to its joker; `keep_place`: a freed joker under its old card stays in its place."""
    for size in range(len(frozen) + 1):
        for freed in combinations(range(len(frozen)), size):
            rest = [table[frozen[i]] for i in range(len(frozen)) if i not in freed]
            olds = [jokers[i] for i in freed]
            wanted = Counter(o.card for o in olds)
            for used, spare in _supersets(rest, groups, Counter(placed)):
                if any(spare[card] < n for card, n in wanted.items()):
                    continue
                others = [k for k in range(len(groups)) if k not in used]
                if anchored and not _anchors(olds, groups, others):
                    continue
                spots = _spots(groups, set(others))
                if _place_jokers(olds, spots, groups, lambda o: keep_place, None):
                    return olds, spots
    return None


def _anchors(olds: list[_OldJoker], groups, among) -> bool:
    """Each freed joker has its own group holding its real card beside a card that stood next
    to it (a group holds one copy of a card, so distinct groups are distinct copies)."""
    def match(i: int, used: frozenset) -> bool:
        if i == len(olds):
            return True
        old = olds[i]
        for k in among:
            if k not in used and old.card in groups[k] \
                    and not old.real_beside.isdisjoint(groups[k]) \
                    and match(i + 1, used | {k}):
                return True
        return False
    return match(0, frozenset())


def _supersets(frozen, groups, spare: Counter, used: frozenset = frozenset()
               ) -> Iterator[tuple[frozenset, Counter]]:
    """Each frozen group inside its own new group, the extra cards taken from `spare`: every
    way, as (the new groups used, what is left of `spare`)."""
    if not frozen:
        yield used, spare
        return
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
        yield from _supersets(rest, groups, spare - extra_physical, used | {k})
