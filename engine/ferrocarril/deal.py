"""Ferrocarril's deck, and the `_deal` option checked: a first round dealt as given (tests,
lessons) instead of shuffled."""
from __future__ import annotations

import random
from collections import Counter

from engine.cards import SPANISH, Card, deck
from engine.ferrocarril.melds import arrange_run, check_group, is_run
from engine.ferrocarril.rules import CONTRACTS, JOKERS, PACKS, ROUNDS
from engine.game import GameError
from engine.messages import refuse

FULL_DECK = sorted(deck(PACKS, JOKERS))


def check_deal(deal) -> dict:
    """The `_deal` option (tests and lessons): the first round dealt as given instead of shuffled.
    {"dealer": 0, "hands": ["7o 7c ...", ...], "stock": "top first ...", "discard": "Ro"};
    together they must be exactly the 108 cards, unless `"fill": true` puts the cards not named
    under the given stock, in a fixed order. A lesson may also start at a later round
    (`"round"`, 1-7, everyone on 0 points), after the first pass round the table
    (`"opening_done"`: Salir is allowed at once), or with the round under way: `"table":
    [[owner, "7o 7c 7e"], ...]` are combinations already laid, whose owners have gone down
    (the first pass round is then over). Returns the deal with its stock complete."""
    bad = refuse("bad_deal")
    if not isinstance(deal, dict) or not isinstance(deal.get("hands"), list):
        raise bad
    try:
        hands = [SPANISH.parse_all(h) for h in deal["hands"]]
        stock = SPANISH.parse_all(deal.get("stock", ""))
        discard = SPANISH.parse_all(deal.get("discard", ""))
        table = _check_deal_table(deal.get("table", []), len(hands), deal.get("round", 1))
    except (ValueError, AttributeError, TypeError, GameError):
        raise bad from None
    laid = [c for _, cards in table for c in cards]
    if deal.get("fill") is True:
        missing = Counter(FULL_DECK) - Counter(sum(hands, []) + stock + discard + laid)
        rest = sorted(missing.elements())
        random.Random(0).shuffle(rest)
        stock += rest
        deal = {k: v for k, v in deal.items() if k != "fill"} | {"stock": SPANISH.format_all(stock)}
    if len(discard) != 1 or sorted(sum(hands, []) + stock + discard + laid) != FULL_DECK \
            or not isinstance(deal.get("dealer", 0), int) \
            or deal.get("round", 1) not in range(1, len(CONTRACTS) + 1) \
            or not isinstance(deal.get("opening_done", False), bool):
        raise bad
    return deal


def _check_deal_table(table, players: int, round_no) -> list[tuple[int, list[Card]]]:
    """The `_deal` option's combinations on the table, (owner, cards) each, every one valid:
    a group, or in round 7 an escalera (as `_place_meld` would lay it)."""
    if not isinstance(table, list):
        raise TypeError("table")
    melds = []
    for entry in table:
        owner, text = entry
        if not isinstance(owner, int) or isinstance(owner, bool) or not 0 <= owner < players:
            raise ValueError("owner")
        cards = SPANISH.parse_all(text)
        if round_no == ROUNDS and is_run(cards):
            arrange_run(cards)
        else:
            check_group(cards)
        melds.append((owner, cards))
    return melds
