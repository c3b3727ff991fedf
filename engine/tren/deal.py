"""The `_deal` option (tests and lessons): a round set up as given instead of shuffled, anywhere
a lesson needs it to start.

    {"hands": ["12-7 5-5 ...", ...],      one per seat
     "boneyard": "3-1 9-4 ...",            from the top: the first is drawn first
     "fill": true,                         the tiles not named go under the boneyard
     "round": 1,                           1.. the match's rounds (everyone's score from "scores")
     "hub": "12-12",                       the double already in the hub; default: the round's
                                           engine, but with the `highest_double` start and no
                                           tile laid the highest double in a hand opens the
                                           round (its holder puts it there and plays first)
     "trains": ["12-7 7-3", "", ...],      tiles already laid on each seat's train, in order
     "mexican": "12-4",                    ... and on the Mexican train
     "markers": [1],                       seats whose marker is out
     "dealer": 3, "turn": 0,               default: the last seat deals, the next one plays
                                           (or the opener)
     "scores": [0, 12, ...],
     "first_turns_over": true}             default: true when some train has a tile

Together the hands, the boneyard, the hub and the trains must be the 91 tiles, each once
(with `fill`, the missing ones are added under the boneyard in a fixed order). Each train must
follow on from the hub, at most one may end in a double (the one to cover), and every hand
holds a tile (with the `highest_double` start, the opener's hand once the hub double has left it).
"""
from __future__ import annotations

import random
from collections import Counter

from engine import dominoes
from engine.dominoes import ALL_TILES
from engine.game import GameError
from engine.messages import refuse
from engine.tren.rules import ENGINE, engine_number
from engine.tren.trains import Train

KEYS = {"hands", "boneyard", "fill", "round", "hub", "trains", "mexican", "markers", "dealer",
        "turn", "scores", "first_turns_over"}


def _seat(value, players: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise ValueError("seat")
    return value


def opener_keeps_a_tile(hands: list[list]) -> bool:
    """With the text's start: whether the hand holding the highest double keeps a tile once the
    double is in the hub (true when no hand holds a double: the opener draws one)."""
    doubles = [(t, s) for s, hand in enumerate(hands) for t in hand if t.is_double]
    return not doubles or len(hands[max(doubles)[1]]) > 1


def check_deal(deal, options: dict) -> dict:
    """The deal, checked, with its boneyard complete (as `fill` asks); GameError `bad_deal`
    when it is not a round that could be played."""
    try:
        return _check(deal, options)
    except (ValueError, TypeError, KeyError, AttributeError, GameError):
        raise refuse("bad_deal") from None


def _check(deal, options: dict) -> dict:
    if not isinstance(deal, dict) or not set(deal) <= KEYS or not isinstance(deal["hands"], list):
        raise ValueError("shape")
    players = len(deal["hands"])
    hands = [dominoes.parse_all(h) for h in deal["hands"]]
    if not all(hands):
        raise ValueError("an empty hand")
    boneyard = dominoes.parse_all(deal.get("boneyard", ""))
    round_no = deal.get("round", 1)
    if isinstance(round_no, bool) or round_no not in range(1, options["rounds"] + 1):
        raise ValueError("round")
    hub = deal.get("hub")
    if hub is not None:
        hub = dominoes.parse(hub)
        if not hub.is_double:
            raise ValueError("the hub is a double")
    train_texts = deal.get("trains", [])
    if not isinstance(train_texts, list) or len(train_texts) > players:
        raise ValueError("trains")
    trains = [dominoes.parse_all(t) for t in train_texts]
    mexican = dominoes.parse_all(deal.get("mexican", ""))
    laid = [t for train in trains for t in train] + mexican
    engine = dominoes.double(engine_number(round_no - 1))
    if options["start"] == ENGINE and hub not in (None, engine):
        raise ValueError("the round's engine is in the hub")
    if hub is None and (laid or options["start"] == ENGINE):
        hub = engine
        deal = {**deal, "hub": dominoes.tile_text(hub)}
    if hub is None and not opener_keeps_a_tile(hands):
        raise ValueError("the opener keeps a tile")
    if hub is not None:
        built = [Train(hub.high, tiles) for tiles in (*trains, mexican)]   # ValueError if broken
        if sum(train.open_double for train in built) > 1:
            raise ValueError("two doubles to cover")
    for seat in deal.get("markers", []):
        _seat(seat, players)
    for key in ("dealer", "turn"):
        if key in deal:
            _seat(deal[key], players)
    scores = deal.get("scores")
    if scores is not None and (len(scores) != players or not all(
            isinstance(s, int) and not isinstance(s, bool) for s in scores)):
        raise ValueError("scores")
    if not isinstance(deal.get("first_turns_over", False), bool) \
            or not isinstance(deal.get("fill", False), bool):
        raise ValueError("flags")
    named = [t for h in hands for t in h] + boneyard + laid + ([hub] if hub is not None else [])
    if deal.get("fill"):
        rest = sorted((Counter(ALL_TILES) - Counter(named)).elements())
        random.Random(0).shuffle(rest)
        boneyard += rest
        named += rest
        deal = {k: v for k, v in deal.items() if k != "fill"} | {
            "boneyard": dominoes.tiles_text(boneyard)}
    if sorted(named) != list(ALL_TILES):
        raise ValueError("not the 91 tiles, each once")
    return deal
