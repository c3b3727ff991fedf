"""The `_deal` option checked: a first round dealt as given (tests, lessons) instead of
shuffled."""
from __future__ import annotations

import random
from collections import Counter

from engine.game import GameError
from engine.manipulacion.commit import physical
from engine.manipulacion.melds import NAMED, arrange, check_group, parse_all
from engine.messages import refuse


def check_deal(game, deal) -> dict:
    """`game`'s `_deal` option (tests and lessons): round 1 dealt as given instead of shuffled.
    {"dealer": 0, "hands": ["7h 8h ...", ...], "stock": "top first ...", "loose": "...",
     "table": ["5h 6h 7h", "Qs Qd *Qc", ...]}; `table` (optional) holds the groups already
    laid down, each valid under the rule set (a joker there is named: ``*Qc``). Together
    they must be exactly this game's cards, unless `"fill": true` puts the cards not named
    under the given stock, in a fixed order."""
    bad = refuse("bad_deal")
    if not isinstance(deal, dict) or not isinstance(deal.get("hands"), list) \
            or len(deal["hands"]) != game.players \
            or not isinstance(deal.get("table", []), list) \
            or not isinstance(deal.get("fill", False), bool):
        raise bad
    dealer = deal.get("dealer", 0)
    if isinstance(dealer, bool) or not isinstance(dealer, int) \
            or not 0 <= dealer < game.players:
        raise bad
    try:
        hands = [parse_all(h) for h in deal["hands"]]
        stock = parse_all(deal.get("stock", ""))
        loose = parse_all(deal.get("loose", ""))
        table = [parse_all(g) for g in deal.get("table", [])]
    except (ValueError, AttributeError, TypeError):
        raise bad from None
    rules = game.rules
    for group in table:
        try:
            check_group(group, rules.ace, rules.max_jokers_per_group)
        except GameError:
            raise bad from None
    table = [arrange(g, rules.ace) for g in table]
    everything = sum(hands, []) + stock + loose
    if any(x >= NAMED for x in everything):
        raise bad
    everything += [physical(x) for g in table for x in g]
    if deal.get("fill"):
        missing = Counter(game.full_deck()) - Counter(everything)
        rest = sorted(missing.elements())
        random.Random(0).shuffle(rest)
        stock += rest
        everything += rest
    if sorted(everything) != game.full_deck() or len(loose) != rules.loose_cards:
        raise bad
    return {"dealer": dealer, "hands": hands, "stock": stock, "loose": loose,
            "table": table}
