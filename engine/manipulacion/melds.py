"""Groups on a Rummy Manipulación table: tríos and escaleras under each rule set's ace rule.

A card on the table is a small int: a real card's code (see engine.cards), or a joker that has
been named, ``NAMED + code`` (it stands for that card). In a hand a joker is unnamed: ``JOKER``.
Text: real cards in French notation (``Qh``, ``10s``), a named joker ``*Qh``, an unnamed ``*``.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Sequence

from engine.cards import (
    ACE,
    ALL_CARDS,
    FRENCH,
    JOKER,
    KING,
    Card,
    NotationError,
    from_code,
    left_over,
)
from engine.manipulacion.messages import WHY_INVALID, group_words, not_a_meld
from engine.messages import Words, refuse

NAMED = 64                      # a named joker is NAMED + the code of the card it stands for
HIGH, LOW, EITHER = "high", "low", "either"
ACE_MODES = (HIGH, LOW, EITHER)
TRIO, RUN = "trio", "run"
MIN_SIZE = 3
MAX_TRIO = 4


def named(card: Card) -> int:
    return NAMED + card


def is_joker(x: int) -> bool:
    return x == JOKER or x >= NAMED


def _stands_for(x: int) -> Card:
    return from_code(x - NAMED) if x >= NAMED else from_code(x)


def _fmt(x: int) -> str:
    if x == JOKER:
        return "*"
    if x >= NAMED:
        return "*" + FRENCH.format(from_code(x - NAMED))
    return FRENCH.format(from_code(x))


# Every table card, looked up rather than worked out: the search's playouts read and write
# cards hundreds of thousands of times a decision.
_TABLE_CARDS = (JOKER, *ALL_CARDS, *(NAMED + c for c in ALL_CARDS))
_STANDS_FOR = {x: _stands_for(x) for x in _TABLE_CARDS}
_TEXT = {x: _fmt(x) for x in _TABLE_CARDS}
_CODE = {text: int(x) for x, text in _TEXT.items()}


def stands_for(x: int) -> Card:
    """The card a table card counts as (a named joker counts as its name)."""
    card = _STANDS_FOR.get(x)
    return card if card is not None else _stands_for(x)


def fmt(x: int) -> str:
    text = _TEXT.get(x)
    return text if text is not None else _fmt(x)


def fmt_all(xs: Iterable[int]) -> str:
    return " ".join(fmt(x) for x in xs)


def card_words(x: int) -> Words:
    """A table card (a real card, an unnamed joker or a named one) as a message names it."""
    if x == JOKER:
        return Words("el comodín", "the joker")
    card = FRENCH.words(stands_for(x))
    if x >= NAMED:
        return Words(f"el comodín que hace de {card.es}", f"the joker standing for {card.en}")
    return card


def cards_words(xs: Iterable[int]) -> list[Words]:
    return [card_words(x) for x in xs]


def parse(text: str) -> int:
    code = _CODE.get(text)
    if code is not None:
        return code
    text = text.strip()
    if text.startswith("*") and len(text) > 1:
        card = FRENCH.parse(text[1:])
        if card == JOKER:
            raise NotationError(f"not a card: {text!r}")
        return named(card)
    return int(FRENCH.parse(text))


def parse_all(text: str | Iterable[str]) -> list[int]:
    tokens = text.split() if isinstance(text, str) else text
    return [parse(t) for t in tokens]


def run_ranks(ranks: Sequence[int], ace: str) -> list[int] | None:
    """The ranks in run order if they make one consecutive run under the ace rule, else None.
    An ace is 1 (low) or 14 (high); a run never wraps (K-A-2 is never a run)."""
    if len(set(ranks)) != len(ranks):
        return None
    options = []
    if ace in (LOW, EITHER):
        options.append(sorted(ranks))
    if ace in (HIGH, EITHER) and ACE in ranks:
        options.append(sorted(14 if r == ACE else r for r in ranks))
    elif ace == HIGH:
        options.append(sorted(ranks))
    for ordered in options:
        if ordered[-1] - ordered[0] == len(ordered) - 1:
            return ordered
    return None


def classify(cards: Sequence[int], ace: str) -> str | None:
    """TRIO, RUN, or None when the cards (jokers named) are no valid group."""
    return _classify(tuple(cards), ace)


@lru_cache(maxsize=1 << 14)         # the same groups come back, turn after turn, world after world
def _classify(cards: tuple[int, ...], ace: str) -> str | None:
    if len(cards) < MIN_SIZE or JOKER in cards:
        return None
    real = [stands_for(x) for x in cards]
    ranks = [c.rank for c in real]
    suits = [c.suit for c in real]
    if len(set(ranks)) == 1:
        return TRIO if len(cards) <= MAX_TRIO and len(set(suits)) == len(suits) else None
    if len(set(suits)) == 1 and run_ranks(ranks, ace) is not None:
        return RUN
    return None


def arrange(cards: Sequence[int], ace: str) -> list[int]:
    """A valid group's cards in display order: a run low to high, a trío by suit."""
    kind = classify(cards, ace)
    if kind == TRIO:
        return sorted(cards, key=lambda x: stands_for(x).suit)
    if kind == RUN:
        order = run_ranks([stands_for(x).rank for x in cards], ace)
        assert order is not None            # classify said it is a run
        high = order[-1] == 14
        key = {(14 if high and stands_for(x).rank == ACE else stands_for(x).rank): x
               for x in cards}
        return [key[r] for r in order]
    raise ValueError("not a valid group: " + fmt_all(cards))


def check_group(cards: Sequence[int], ace: str, max_jokers: int | None = None,
                index: int | None = None) -> str:
    """The group's kind, or IllegalAction naming the group (`index`, from 0, as the player
    sees the table) and what is wrong with it."""
    if JOKER in cards:
        raise refuse("joker_unnamed", group=group_words(index))
    if max_jokers is not None and sum(1 for x in cards if x >= NAMED) > max_jokers:
        raise refuse("too_many_jokers")
    kind = classify(cards, ace)
    if kind is None:
        if len(cards) < MIN_SIZE:
            reason = WHY_INVALID["too_small"]
        elif len({stands_for(x).rank for x in cards}) == 1:
            reason = WHY_INVALID["trio_suits"]
        else:
            reason = not_a_meld(ace)
        raise refuse("invalid_group", group=group_words(index), cards=cards_words(cards),
                     reason=reason)
    return kind


def joker_names(cards: Sequence[int], ace: str) -> list[list[Card]]:
    """Every way to name the unnamed jokers in `cards` so that they make a valid group.
    Each answer lists one card per unnamed joker (the jokers are alike, so any order)."""
    free = [i for i, x in enumerate(cards) if x == JOKER]
    if not free:
        return [[]] if classify(cards, ace) else []
    fixed = [stands_for(x) for x in cards if x != JOKER]
    candidates: set[tuple[Card, ...]] = set()
    size = len(cards)
    ranks = {c.rank for c in fixed}
    suits = {c.suit for c in fixed}
    # A trío: the rank of the real cards, the missing suits.
    if len(ranks) <= 1 and size <= MAX_TRIO:
        for rank in (ranks or range(ACE, KING + 1)):
            missing = [s for s in range(4) if s not in suits]
            if len(missing) >= len(free) and len(suits) == len(fixed):
                for combo in _choose(missing, len(free)):
                    candidates.add(tuple(_card(rank, s) for s in combo))
    # A run: every window of `size` consecutive ranks that holds the real ones.
    if len(suits) <= 1:
        for suit in (suits or range(4)):
            for low in range(1, 16 - size):
                window = [r if r <= KING else ACE for r in range(low, low + size)]
                if len(set(window)) != size:
                    continue
                if not _window_allowed(window, ace):
                    continue
                rest = left_over(window, (c.rank for c in fixed))
                if rest is not None and len(rest) == len(free):
                    candidates.add(tuple(_card(r, suit) for r in sorted(rest)))
    return [list(c) for c in sorted(candidates)
            if classify(_fill(cards, c), ace) is not None]


def _window_allowed(window: list[int], ace: str) -> bool:
    if ACE not in window:
        return True
    low_ace = window[0] == ACE
    return ace == EITHER or (ace == LOW and low_ace) or (ace == HIGH and not low_ace)


def _fill(cards: Sequence[int], names: Sequence[Card]) -> list[int]:
    it = iter(names)
    return [named(next(it)) if x == JOKER else x for x in cards]


def _card(rank: int, suit: int) -> Card:
    return from_code(suit * 16 + rank)


def _choose(items: list, k: int):
    if k == 0:
        yield ()
        return
    for i, item in enumerate(items):
        for rest in _choose(items[i + 1:], k - 1):
            yield (item, *rest)
