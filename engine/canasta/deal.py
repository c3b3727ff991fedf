"""The `_deal` option (tests and lessons): a round set up as given instead of shuffled.

    {"hands": ["Kh Kd 5s ...", ...],       one per seat (no red 3 in a hand: they are laid)
     "kitties": ["...", ...],              each seat's kitty (default: empty); "" once taken
     "kitty_taken": [1],                   seats that have taken their kitty already
     "kitty_seen": [0],                    seats that may look at theirs (a canasta done)
     "kitty_left": [2],                    seats that chose to leave theirs face down
     "stock": "9s 4h ...",                 from the top: the first is drawn first
     "pile": "6c Qh",                      from the bottom: the last is the top card
     "melds": [[0, "Qs Qh Qd"], ...],      (owner, cards) in the order laid; ids 1, 2, ...
     "red_threes": ["3h", "", ...],        red 3s already laid, per seat
     "fill": true,                         the cards not named go under the stock
     "dealer": 2, "turn": 0,               default: the last seat deals, seat 0 plays
     "phase": "draw",                      or "play": the player in turn has drawn
     "scores": [0, 5200, ...]}

Together the hands, kitties, stock, pile, melds and red 3s must be the whole deck (two packs
and two jokers per player), each card as often as the deck has it; with `fill` the missing
ones go under the stock in a fixed order. Every meld must be sound.
"""
from __future__ import annotations

import random
from collections import Counter

from engine.canasta import rules
from engine.cards import FRENCH, deck
from engine.game import GameError
from engine.messages import refuse

KEYS = {"hands", "kitties", "kitty_taken", "kitty_seen", "kitty_left", "stock", "pile", "melds",
        "red_threes", "fill", "dealer", "turn", "phase", "scores"}
PHASES = ("draw", "play")


def whole_deck(players: int) -> list:
    return deck(rules.PACKS_PER_PLAYER * players, rules.JOKERS_PER_PLAYER * players)


def _seat(value, players: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise ValueError("seat")
    return value


def _per_seat(deal: dict, key: str, players: int) -> list[list]:
    texts = deal.get(key, [""] * players)
    if not isinstance(texts, list) or len(texts) != players:
        raise ValueError(key)
    return [FRENCH.parse_all(t) for t in texts]


def check_deal(deal, players: int) -> dict:
    """The deal, checked, with its stock complete (as `fill` asks); GameError `bad_deal` when
    it is not a round that could be played."""
    try:
        return _check(deal, players)
    except (ValueError, TypeError, KeyError, AttributeError, GameError):
        raise refuse("bad_deal") from None


def _check(deal, players: int) -> dict:
    if not isinstance(deal, dict) or not set(deal) <= KEYS or not isinstance(deal["hands"], list) \
            or len(deal["hands"]) != players:
        raise ValueError("shape")
    hands = _per_seat(deal, "hands", players)
    if not all(hands) or any(rules.is_red_three(c) for h in hands for c in h):
        raise ValueError("hands")
    kitties = _per_seat(deal, "kitties", players)
    threes = _per_seat(deal, "red_threes", players)
    if not all(rules.is_red_three(c) for t in threes for c in t):
        raise ValueError("red threes")
    for key in ("kitty_taken", "kitty_seen", "kitty_left"):
        for seat in deal.get(key, []):
            _seat(seat, players)
    for seat in deal.get("kitty_taken", []):
        if kitties[seat]:
            raise ValueError("a taken kitty is empty")
        if seat in deal.get("kitty_left", []):
            raise ValueError("a kitty both taken and left")
    stock = FRENCH.parse_all(deal.get("stock", ""))
    pile = FRENCH.parse_all(deal.get("pile", ""))
    melded = []
    for entry in deal.get("melds", []):
        owner, text = entry
        _seat(owner, players)
        cards = FRENCH.parse_all(text)
        rank = rules.meld_rank(cards)
        rules.check_meld_cards(rank, cards)
        melded += cards
    for key in ("dealer", "turn"):
        if key in deal:
            _seat(deal[key], players)
    if deal.get("phase", "draw") not in PHASES:
        raise ValueError("phase")
    scores = deal.get("scores")
    if scores is not None and (not isinstance(scores, list) or len(scores) != players or not all(
            isinstance(s, int) and not isinstance(s, bool) for s in scores)):
        raise ValueError("scores")
    if not isinstance(deal.get("fill", False), bool):
        raise ValueError("fill")
    named = [c for zone in (*hands, *kitties, *threes) for c in zone] + stock + pile + melded
    whole = whole_deck(players)
    if deal.get("fill"):
        rest = sorted((Counter(whole) - Counter(named)).elements())
        random.Random(0).shuffle(rest)
        stock += rest
        named += rest
        deal = {k: v for k, v in deal.items() if k != "fill"} | {"stock": FRENCH.format_all(stock)}
    if Counter(named) != Counter(whole):
        raise ValueError("not the whole deck")
    return deal
