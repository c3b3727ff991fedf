"""Computer players for Canasta Ferroviaria. A bot sees only its own seat's view, never the game:
its hand, the melds on the table, the pile's top card and count, the players' counts and scores.
Each play it considers is judged by the game's own rules (`rules.py`) on a `Position` built from
that view, so it sends only plays the game accepts.

`choose(view)` returns the bot's next action as a JSON dict, or None when it has nothing to do.

- "facil" draws from the stock, melds whatever it can (using a wild card to make up a pair),
  adds what fits to its melds and discards its loneliest, cheapest card; it always takes its
  kitty.
- "normal" takes the pile when it pays (two naturals for the top card, and a pile worth having),
  or just the top card for a meld of its own; it keeps its 7s natural and its wild cards for a
  wild canasta, works toward the four kinds of canasta (so it can go out), and guards the
  pile: it does not discard a card the next player can take, and blocks them with a black 3
  when the pile is big. It goes out when it is ahead on what the table shows (scores, melds,
  canasta bonuses, red 3s), or when the stock is nearly gone; behind, it keeps two cards in
  hand and plays on for more canastas. It takes its kitty unless it holds the four kinds and
  wants to go out: the kitty counts against it either way, and eleven more cards in hand would
  keep it from going out.
"""
from __future__ import annotations

import random
from collections import Counter

from engine.canasta import rules
from engine.canasta.rules import Meld, Position
from engine.cards import FRENCH, Card
from engine.game import GameError

LEVELS = ("facil", "normal")     # written by hand; difícil (hard.py) searches with them
RANK_TEXT = {"wild": rules.WILD, "A": 1, "J": 11, "Q": 12, "K": 13}
BIG_PILE = 6            # normal blocks with a black 3 from here on
WORTH_TAKING = 3        # normal takes a pile of at least this many cards
LAST_TURNS = 2          # normal goes out whatever the scores with this few draws per player left


def _rank(text: str) -> int:
    return RANK_TEXT[text] if text in RANK_TEXT else int(text)


def _codes(cards) -> list[str]:
    return [FRENCH.format(c) for c in cards]


def melds_of(view: dict, seat: int) -> list[Meld]:
    return [Meld(m["id"], m["owner"], _rank(m["rank"]), FRENCH.parse_all(m["cards"]))
            for m in view["melds"] if m["owner"] == seat]


def position(view: dict, seat: int) -> Position:
    me = view["players"][seat]
    return Position(FRENCH.parse_all(view["hand"]), melds_of(view, seat), me["melded"],
                    me["requirement"], view["sevens_free"])


def _next_id(view: dict) -> int:
    return max((m["id"] for m in view["melds"]), default=0) + 1


def _ok(check, *args) -> bool:
    try:
        check(*args)
    except GameError:
        return False
    return True


class BaseBot:
    level = ""
    keep_wilds = False          # keep wild cards for a wild canasta rather than pairs

    def __init__(self, seat: int, seed: int = 0):
        self.seat = seat
        self.rng = random.Random(seed * 31 + seat)

    def choose(self, view: dict, pos: Position | None = None) -> dict | None:
        """`pos`: the seat's position when the caller has it already (the search's playouts
        build it from the state, without writing the hand and melds as text to parse back)."""
        allowed = view.get("allowed")
        if not allowed:
            return None
        if "next_round" in allowed:
            return {"type": "next_round"}
        if pos is None:
            pos = position(view, self.seat)
        if "take_kitty" in allowed:
            return {"type": "take_kitty" if self.takes_kitty(view, pos) else "leave_kitty"}
        if view["phase"] == "draw":
            return self.start(view, pos, allowed)
        move = self.play(view, pos, allowed)
        if move is not None:
            return move
        if "no_discard" in allowed:
            return {"type": "no_discard"}
        legal = rules.legal_discards(pos.hand, pos.melds, pos.sevens_free)
        return {"type": "discard", "card": FRENCH.format(self.pick_discard(view, pos, legal))}

    def takes_kitty(self, view: dict, pos: Position) -> bool:
        """Its cards count against you either way; taken, you may meld them."""
        return True

    # ----- the start of the turn ------------------------------------------------------------

    def start(self, view: dict, pos: Position, allowed: list[str]) -> dict:
        return {"type": "draw"}

    # ----- melding --------------------------------------------------------------------------

    def play(self, view: dict, pos: Position, allowed: list[str]) -> dict | None:
        if "add" in allowed:
            add = self.an_addition(pos)
            if add is not None:
                return add
        if "meld" in allowed:
            groups = self.a_meld(pos, _next_id(view))
            if groups:
                return {"type": "meld", "melds": [_codes(g) for g in groups]}
        return None

    def an_addition(self, pos: Position) -> dict | None:
        wilds = [c for c in pos.hand if rules.is_wild(c)]
        for meld in pos.melds:
            if meld.complete or meld.rank == rules.THREE:
                continue
            room = rules.CANASTA_SIZE - len(meld.cards)
            fitting = wilds if meld.rank == rules.WILD else rules.naturals_of(pos.hand, meld.rank)
            for count in range(min(room, len(fitting)), 0, -1):
                cards = fitting[:count]
                if _ok(rules.add_play, pos, meld, cards):
                    return {"type": "add", "meld": meld.id, "cards": _codes(cards)}
        return None

    def candidate_groups(self, pos: Position) -> list[list[Card]]:
        """New melds the hand could make, the best first: naturals of a rank, a pair made up
        with a wild card, wild cards together."""
        open_ranks = {m.rank for m in pos.melds if not m.complete}
        by_rank: dict[int, list[Card]] = {}
        for c in pos.hand:
            if not rules.is_wild(c) and c.rank != rules.THREE:
                by_rank.setdefault(c.rank, []).append(c)
        wilds = [c for c in pos.hand if rules.is_wild(c)]
        groups = [cards[:rules.CANASTA_SIZE] for rank, cards in sorted(by_rank.items())
                  if len(cards) >= rules.MIN_MELD and rank not in open_ranks]
        if self.keep_wilds and len(wilds) >= rules.MIN_MELD and rules.WILD not in open_ranks:
            groups.append(wilds[:rules.CANASTA_SIZE])
            wilds = []
        for rank, cards in sorted(by_rank.items()):
            if len(cards) == 2 and wilds and rank not in open_ranks and rank != rules.SEVEN:
                groups.append([*cards, wilds.pop()])
        return groups

    def a_meld(self, pos: Position, next_id: int) -> list[list[Card]]:
        groups = self.candidate_groups(pos)
        while groups:
            chosen = list(groups)
            if _ok(rules.meld_play, pos, chosen, self.seat, next_id):
                return chosen
            groups.pop()
        return []

    # ----- the discard ----------------------------------------------------------------------

    def pick_discard(self, view: dict, pos: Position, legal: list[Card]) -> Card:
        counts = Counter(c.rank for c in pos.hand if not rules.is_wild(c))

        def cost(c: Card) -> tuple:
            return (rules.is_wild(c), counts[c.rank], rules.value(c), self.rng.random())

        return min(legal, key=cost)


class FacilBot(BaseBot):
    level = "facil"


def standing(view: dict, seat: int) -> int:
    """A seat's total as the table shows it: its score, its melded cards, its canastas' bonuses
    and its red 3s (not its hand, which nobody else sees)."""
    player = view["players"][seat]
    mine = [m for m in view["melds"] if m["owner"] == seat]
    cards = rules.points(FRENCH.parse(c) for m in mine for c in m["cards"])
    bonuses = sum(rules.BONUS[m["kind"]] for m in mine if m["complete"] and m.get("kind"))
    return player["score"] + cards + bonuses + rules.RED_THREE_BONUS * len(player["red_threes"])


def cards_played(move: dict) -> int:
    if move["type"] == "add":
        return len(move["cards"])
    if move["type"] == "meld":
        return sum(len(group) for group in move["melds"])
    return 0


class NormalBot(BaseBot):
    level = "normal"
    keep_wilds = True

    def play(self, view: dict, pos: Position, allowed: list[str]) -> dict | None:
        move = super().play(view, pos, allowed)
        if move is None or len(pos.hand) - cards_played(move) >= 2 or self.wants_out(view):
            return move
        return None         # this play would go out (one card left to discard): not yet

    def wants_out(self, view: dict) -> bool:
        others = [standing(view, s) for s in range(len(view["players"])) if s != self.seat]
        nearly_gone = view["stock"] <= rules.DRAW_COUNT * LAST_TURNS * len(view["players"])
        return nearly_gone or standing(view, self.seat) >= max(others)

    def takes_kitty(self, view: dict, pos: Position) -> bool:
        """Taken unless it would keep the bot from going out: with the four kinds of canasta
        and a wish to go out, eleven more cards to meld first would only delay it."""
        return not (rules.has_all_kinds(pos.melds) and self.wants_out(view))

    def start(self, view: dict, pos: Position, allowed: list[str]) -> dict:
        top = FRENCH.parse(view["pile_top"]) if view["pile_top"] else None
        if "take_pile" in allowed and top is not None and view["pile"] >= WORTH_TAKING:
            take = self.pile_take(view, pos, top)
            if take is not None:
                return take
        if "take_top" in allowed:
            return {"type": "take_top"}
        return {"type": "draw"}

    def pile_take(self, view: dict, pos: Position, top: Card) -> dict | None:
        """Take the pile with two naturals (and, before the first meld, the other melds that make
        up the requirement). Judged with nothing from under the top card, which only adds to
        the hand: a hand that keeps a card besides 7s is sound either way."""
        rank = rules.pile_rank(top)
        if rank is None:
            return None
        pair = rules.naturals_of(pos.hand, rank)[:2]
        rest = rules.take(pos.hand, pair)
        extra_pos = Position(rest, pos.melds, pos.melded, pos.needed, pos.sevens_free)
        extras = [g for g in self.candidate_groups(extra_pos) if rules.meld_rank(g) != rank]
        next_id = _next_id(view)
        for count in range(len(extras) + 1):
            groups = extras[:count] if pos.melded is False else []
            try:
                _, _, after, _ = rules.take_pile_play(pos, top, pair, groups, [], self.seat,
                                                      next_id)
            except GameError:
                if pos.melded:
                    return None
                continue
            if len(after) >= 2 and any(c.rank != rules.SEVEN for c in after):
                data: dict = {"type": "take_pile", "cards": _codes(pair)}
                if groups:
                    data["melds"] = [_codes(g) for g in groups]
                return data
            return None
        return None

    def pick_discard(self, view: dict, pos: Position, legal: list[Card]) -> Card:
        counts = Counter(c.rank for c in pos.hand if not rules.is_wild(c))
        following = (self.seat + 1) % len(view["players"])
        theirs = {_rank(m["rank"]) for m in view["melds"]
                  if m["owner"] == following and not m["complete"]}
        big = view["pile"] >= BIG_PILE

        def cost(c: Card) -> tuple:
            black_three = rules.is_black_three(c)
            helps_them = not rules.is_wild(c) and c.rank in theirs
            return (rules.is_wild(c), not (black_three and big), helps_them,
                    c.rank == rules.SEVEN, counts[c.rank], rules.value(c), self.rng.random())

        return min(legal, key=cost)


BOTS = {FacilBot.level: FacilBot, NormalBot.level: NormalBot}


def make_bot(level: str, seat: int, seed: int = 0):
    if level == "dificil":
        from engine.canasta.hard import DificilBot  # builds on normal: imported late
        return DificilBot(seat, seed)
    if level not in BOTS:
        raise ValueError(f"unknown bot level {level!r}")
    return BOTS[level](seat, seed)
