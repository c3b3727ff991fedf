"""Shared helpers for the Ferrocarril rule, bad-input and notation tests (`refused` and
`snapshot` are every game's, from contract_helpers)."""
from __future__ import annotations

import random
from collections import Counter

from engine.cards import JOKER, SPANISH, NotationError
from engine.game import GameError
from tests.engine.contract_helpers import refused, snapshot  # noqa: F401 (shared)


def cards(text):
    return SPANISH.parse_all(text)


def hand(game, seat):
    """A seat's hand, sorted, as cards."""
    return sorted(game.hands[seat])


def meld_cards(game, meld_id):
    return next(m["cards"] for m in game.view(None)["table"] if m["id"] == meld_id)


def close_window(game):
    """Let the server's timer close the buy window, if one is open."""
    if game.window is not None:
        game.apply(None, "close_buy")


def card_names_in(value) -> set[str]:
    """Every string anywhere in a JSON-ready value (keys included) that names a card."""
    found = set()
    if isinstance(value, dict):
        for key, item in value.items():
            found |= card_names_in(key) | card_names_in(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            found |= card_names_in(item)
    elif isinstance(value, str):
        try:
            found.add(SPANISH.format(SPANISH.parse(value)))
        except NotationError:
            pass
    return found


def random_move(game, rng):
    """A legal-or-not move chosen from the views, the way a careless client would."""
    if game.phase == "round_over":
        return None, {"type": "next_round"}
    if game.window is not None:
        undecided = game.window.undecided()
        if undecided and rng.random() < 0.85:
            seat = rng.choice(undecided)
            return seat, {"type": "buy" if rng.random() < 0.3 else "pass"}
        return None, {"type": "close_buy"}
    seat = game.turn
    view = game.view(seat)
    allowed = view["allowed"]
    if "draw" in allowed:
        return seat, {"type": "draw"}
    if "close" in allowed:
        return seat, {"type": "close"}
    held = SPANISH.parse_all(view["hand"])
    by_rank = Counter(c.rank for c in held if c != JOKER)
    size = view["contract"]["size"]
    if "salir" in allowed and view["contract"]["kind"] == "group":
        ranks = [r for r, n in by_rank.items() if n >= size]
        if len(ranks) >= view["contract"]["melds"]:
            melds = [[SPANISH.format(c) for c in held if c != JOKER and c.rank == r][:size]
                     for r in ranks[:view["contract"]["melds"]]]
            return seat, {"type": "salir", "melds": melds}
    if "meld" in allowed:
        for r, n in by_rank.items():
            same = [SPANISH.format(c) for c in held if c != JOKER and c.rank == r]
            if n >= 3:
                return seat, {"type": "meld", "cards": same[:3]}
            if n == 2 and JOKER in held and len(held) > 3:
                return seat, {"type": "meld", "cards": same + ["*"]}
    if "add" in allowed:
        for meld in view["table"]:
            if meld["kind"] == "group":
                fits = [c for c in held if c != JOKER
                        and SPANISH.rank_names[c.rank - 1] == meld["rank"]]
                if fits:
                    return seat, {"type": "add", "meld": meld["id"],
                                  "cards": [SPANISH.format(fits[0])]}
    if "steal" in allowed:
        for meld in view["table"]:
            frees = [c for c in held if c != JOKER and meld.get("joker_for") in
                     (SPANISH.format(c), SPANISH.rank_names[c.rank - 1])]
            if frees:
                return seat, {"type": "steal", "meld": meld["id"],
                              "card": SPANISH.format(frees[0])}
    return seat, {"type": "discard", "card": SPANISH.format(rng.choice(held))}


def play_randomly(game, actions, seed):
    rng = random.Random(seed)
    applied = refused_count = 0
    while applied < actions and not game.finished:
        seat, action = random_move(game, rng)
        try:
            game.apply(seat, action)
            applied += 1
        except GameError:
            refused_count += 1
            if refused_count > 50 * actions:
                break
    return applied
