"""Canasta Ferroviaria's difícil: the search of engine/search.py over the cards its seat cannot
see.

A world is a `Canasta` built from the view: the melds, red 3s, scores, counts, turn and phase as
shown, the seat's own hand (and its kitty once it may look at it), the pile's cards the view's
recent events show (the rest of the pile dealt as unseen cards that keep it frozen or not, as
shown), and the other unseen cards (the whole deck minus all of that) dealt at random into the
other hands (a red 3 never stays in a hand), the kitties still face down and the stock, each by
its count. Playouts go through the game's own handlers with action values (no parsing, no log,
no view) and choose by normal's rules fed from the state (`lean_view` and `lean_position`: the
few facts normal reads, the same as in a full view, and the hand and melds as values rather than
text to parse back; tests/engine/test_canasta_hard.py checks both against the engine).

The candidates, normal's move first: at the start of a turn, drawing, taking the top card and
taking the pile (whatever its size); the kitty taken or left; going out or not yet; and which
card to discard (normal's few cheapest, one per rank). Melds and additions that do not go out
are normal's plan: no search.

A playout plays HORIZON turns per seat, or to the round's end if it comes first: a whole round
from its middle cost about three times as much, so that a decision had a third of the worlds.
The value: the seat's total less the best of the others' totals, the match standing (with one
opponent, the round's score difference; with more, what keeps the seat ahead of whoever leads,
which is what wins the match; where the round ends the match, a win is worth WIN_WORTH more:
`engine.search.standing`), with a round cut short scored as if it ended there, nobody out
(`Canasta.breakdown`: melds and bonuses less the cards in hand and kitty). That counts a pile
just taken against its taker before it is melded: with the whole round played out, difícil
still preferred drawing to normal's taking of a small pile, but by less.

Measured against normal, games to 5,000 (bench/strength.py's jobs, seats swapped): about as
strong, 51.5 % [43.9, 59.0] of 165 games head to head and 30.5 % [23.8, 38.2] of 154 games
as one among four normal players (fair share 25 %). It seldom leaves normal's move (8 of 140
searches in three games, all discards): at two standard errors, with about twenty worlds per
move, the differences it finds are too small to be sure of. Since then (bench/records/, the
README's table), to 20,000: 64 % of 25 games head to head; one among three normal 26.0 %
[21.8, 30.6] of 381, normal in the same deals 26.2 % (−0.3 [−6.2, +5.6]): no edge at four
seats (its first 33 games, 18.2 % against normal's 39.4 %, were luck). Its choices are sound
but few: each departure from normal's move, judged again from the true state over whole rounds,
gains +137 ± 49 points (50 of 71, `scripts/bench departures canasta --seats 4 --games 11
--worlds 80 --seed 91000`), about six a game. Offered (`bot_levels`) as every game's third
level, and it says why it took a pile or went out; its runs are recorded as they go
(`scripts/bench strength canasta --record`).
"""
from __future__ import annotations

import random
from collections import Counter

from engine.canasta import actions as A, rules
from engine.canasta.bots import BaseBot, NormalBot, cards_played, position
from engine.canasta.deal import whole_deck
from engine.canasta.game import Canasta
from engine.canasta.rules import DRAW, IN_PLAY, PLAY, Meld, Position
from engine.canasta.views import display_order
from engine.cards import FRENCH, Card
from engine.game import GAME_OVER, ROUND_OVER
from engine.search import NormalPlayers, SearchBot, standing

PLAYOUTS = 128          # per decision at 2 seats, spread over the candidates (at least 4
                        # worlds each); fewer with more seats, whose turns take longer to play
WIN_WORTH = 1000        # points: a win when the round ends the game, about a round's spread
HORIZON = 12            # turns per seat a playout plays before the round is judged as it stands
PLAYOUT_MOVES = 4000    # a guard: a round of 6 seats takes a few hundred moves
DISCARDS = 3            # discards compared: normal's and its next cheapest, one per rank

_TEXT = {c: FRENCH.format(c) for c in set(whole_deck(1))}
_ORDER = {c: display_order(c) for c in _TEXT}


# ----- the lean path: what normal reads, straight from the state -------------------------------

def _meld_view(m: Meld) -> dict:
    kind = m.kind
    return {"id": m.id, "owner": m.owner, "rank": rules.rank_text(m.rank),
            "cards": [_TEXT[c] for c in m.cards], "complete": m.complete, "kind": kind}


def _melds_view(game: Canasta) -> list[dict]:
    """The melds as a view writes them, each written again only when it has grown (a meld only
    ever takes cards): kept on the world, which the search alone reads."""
    kept = game.__dict__.setdefault("_lean_melds", {})
    out = []
    for m in game.melds:
        seen = kept.get(m.id)
        if seen is None or seen[0] is not m or seen[1] != len(m.cards):
            seen = kept[m.id] = (m, len(m.cards), _meld_view(m))
        out.append(seen[2])
    return out


def _table(game: Canasta) -> tuple:
    """What the lean path reads of the table: the view's melds, whether 7s may be discarded, who
    has melded and the view's players, worked out again only when the table has changed. Within
    a round a meld only takes cards, and the cards on the melds are the deck's less those in the
    stock, pile, hands, kitties and red 3s: counting those says whether the melds have grown."""
    key = (id(game.melds), len(game.melds), len(game.stock) + len(game.pile)
           + sum(map(len, game.hands)) + sum(map(len, game.kitties)),
           sum(map(len, game.red_threes)), tuple(game.scores))
    kept = game.__dict__.get("_lean_table")
    if kept is None or kept[0] != key:
        melded = {m.owner for m in game.melds}
        players = [{"seat": s, "melded": s in melded, "requirement": game.needed(s),
                    "score": game.scores[s],
                    "red_threes": [_TEXT[c] for c in game.red_threes[s]]}
                   for s in range(game.players)]
        kept = game.__dict__["_lean_table"] = (key, _melds_view(game), game.sevens_free(),
                                               melded, players)
    return kept


def lean_allowed(game: Canasta, seat: int, pos: Position) -> list[str]:
    """`game.allowed(seat)`, at the start of a turn without trying the checks that refuse
    (a refusal writes its texts): the pile's top card read as `_can_take_pile` and
    `_check_take_top` read it; in play, from the position `pos` already built."""
    if game.phase == PLAY and seat == game.turn:
        return game.allowed_in_play(pos)
    if game.phase != DRAW or seat != game.turn or len(game.hands[seat]) < 2:
        return game.allowed(seat)
    kinds = ["draw"]
    top = game.top
    rank = rules.pile_rank(top)
    if rank is None:
        return kinds
    if len(rules.naturals_of(game.hands[seat], rank)) >= 2:
        kinds.append("take_pile")
    # with two cards or more kept, the top card goes on any open meld of its rank
    if not game.frozen() and any(m.owner == seat and m.rank == rank and not m.complete
                                 for m in game.melds):
        kinds.append("take_top")
    return kinds


def lean_position(game: Canasta, seat: int) -> Position:
    """The position normal builds from a view (`bots.position`), from the state: the hand in
    the view's order, which decides which of two equal cards normal plays."""
    _, _, sevens_free, melded, _ = _table(game)
    return Position(sorted(game.hands[seat], key=_ORDER.__getitem__), game.own_melds(seat),
                    seat in melded, game.needed(seat), sevens_free)


def lean_view(game: Canasta, seat: int, pos: Position) -> dict:
    """What normal reads of a view besides its position `pos` (a full view also writes the
    hand, every refusal, every proposal and every event)."""
    top = game.top
    _, melds, _, _, players = _table(game)
    return {
        "allowed": lean_allowed(game, seat, pos),
        "phase": game.phase,
        "players": players,
        "melds": melds,
        "sevens_free": pos.sevens_free,
        "pile_top": _TEXT[top] if top is not None else None,
        "pile": len(game.pile),
        "stock": len(game.stock),
    }


def _cards(texts) -> tuple[Card, ...]:
    return tuple(FRENCH.parse(t) for t in texts)


def as_value(action: dict) -> A.Action:
    """The action value for a bot's dict (the handlers take values, as apply passes them)."""
    kind = action["type"]
    if kind in A.SIMPLE:
        return A.SIMPLE[kind]()
    if kind == "discard":
        return A.Discard(FRENCH.parse(action["card"]))
    if kind == "add":
        return A.Add(action["meld"], _cards(action["cards"]))
    if kind == "meld":
        return A.MeldCards(tuple(_cards(g) for g in action["melds"]))
    return A.TakePile(_cards(action["cards"]), tuple(_cards(g) for g in action.get("melds", ())))


def act(game: Canasta, seat: int, action: dict) -> None:
    """`action` through the game's handler, as `apply` makes it (without the log)."""
    getattr(game, "_do_" + action["type"])(seat, as_value(action))
    game.__dict__.pop("_as_logged", None)
    game._public = None


# ----- what the seat knows of the pile ---------------------------------------------------------

def pile_seen(view: dict) -> list[Card]:
    """The pile's top cards, bottom first, that the view's recent events show: every discard
    since the pile was last taken whole, or since the deal (then it is the whole pile)."""
    known: list[Card | None] = []
    for event in reversed(view.get("events") or []):
        kind = event["type"]
        if kind in ("take_pile", "deal"):
            break
        if kind == "upcard":
            known.append(FRENCH.parse(event["card"]))
            break
        if kind == "discard":
            known.append(FRENCH.parse(event["card"]))
        elif kind == "take_top":
            known.append(None)      # a card taken off: the one below it was discarded earlier
    stack: list[Card] = []
    for c in reversed(known):       # forwards in time
        if c is None:
            if stack:
                stack.pop()
        else:
            stack.append(c)
    if not view["pile"]:
        return []
    top = FRENCH.parse(view["pile_top"])
    if not stack or stack[-1] != top:      # its discard is older than the events shown
        return [top]
    return stack[-view["pile"]:]


# ----- the search -------------------------------------------------------------------------------

def _rank_of(text: str) -> tuple:
    c = FRENCH.parse(text)
    return (c.rank, c.is_joker, rules.is_red_three(c))


class CanastaRules:
    def __init__(self, seat: int, seed: int = 0):
        self.seat, self.seed = seat, seed
        self.normal_of = NormalPlayers(NormalBot)
        self._known: tuple[dict, dict] | None = None

    # ----- the moves worth comparing ---------------------------------------------------------

    def candidates(self, view: dict) -> list[dict]:
        allowed = view.get("allowed") or []
        if not allowed or "next_round" in allowed:
            return []
        first = NormalBot(self.seat, self.seed).choose(view)
        if first is None:
            return []
        moves = [first]
        if "take_kitty" in allowed:
            moves += [{"type": "take_kitty"}, {"type": "leave_kitty"}]
        elif view["phase"] == DRAW:
            moves += self._starts(view, allowed)
        elif first["type"] == "discard":
            moves += self._discards(view)
            out = self._going_out(view, allowed)
            if out is not None:
                moves.append(out)
        elif first["type"] in ("meld", "add") and self._goes_out(view, first):
            moves += self._discards(view)[:1]        # not yet: normal's discard instead
        unique: list[dict] = []
        for m in moves:
            if m not in unique:
                unique.append(m)
        return unique

    def _starts(self, view: dict, allowed: list[str]) -> list[dict]:
        moves: list[dict] = [{"type": "draw"}]
        if "take_top" in allowed:
            moves.append({"type": "take_top"})
        if "take_pile" in allowed and view["pile_top"]:
            pos = position(view, self.seat)
            top = FRENCH.parse(view["pile_top"])
            take = NormalBot(self.seat, self.seed).pile_take(view, pos, top)
            if take is not None:
                moves.append(take)
        return moves

    def _discards(self, view: dict) -> list[dict]:
        """Normal's cheapest discards, one per rank, its own first."""
        pos = position(view, self.seat)
        legal = rules.legal_discards(pos.hand, pos.melds, pos.sevens_free)
        found: list[dict] = []
        seen: set[tuple] = set()
        ranked = list(legal)
        picker = NormalBot(self.seat, self.seed)
        while ranked and len(found) < DISCARDS:
            c = picker.pick_discard(view, pos, ranked)
            ranked = [x for x in ranked if x != c]
            key = _rank_of(FRENCH.format(c))
            if key in seen:
                continue
            seen.add(key)
            found.append({"type": "discard", "card": FRENCH.format(c)})
        return found

    def _goes_out(self, view: dict, move: dict) -> bool:
        return len(view["hand"]) - cards_played(move) < 2

    def _going_out(self, view: dict, allowed: list[str]) -> dict | None:
        """The play that would go out, which normal declined (it is not ahead)."""
        pos = position(view, self.seat)
        move = BaseBot.play(NormalBot(self.seat, self.seed), view, pos, allowed)
        if move is not None and self._goes_out(view, move):
            return move
        return None

    # ----- a world from the view -------------------------------------------------------------

    def _known_of(self, view: dict) -> dict:
        """What the view says, parsed once per view (every world of a search reads it)."""
        if self._known is not None and self._known[0] is view:
            return self._known[1]
        n = len(view["players"])
        hand = FRENCH.parse_all(view["hand"])
        own_kitty = view.get("kitty_cards")
        own_kitty = FRENCH.parse_all(own_kitty) if own_kitty is not None else None
        melds = [(m["id"], m["owner"], FRENCH.parse_all(m["cards"])) for m in view["melds"]]
        threes = [FRENCH.parse_all(p["red_threes"]) for p in view["players"]]
        top_seen = pile_seen(view)
        seen = Counter(hand) + Counter(own_kitty or []) + Counter(top_seen)
        for _, _, cards in melds:
            seen.update(cards)
        for t in threes:
            seen.update(t)
        unseen = sorted((Counter(whole_deck(n)) - seen).elements())
        known = {"n": n, "hand": hand, "own_kitty": own_kitty, "melds": melds,
                 "threes": threes, "pile_seen": top_seen, "unseen": unseen}
        self._known = (view, known)
        return known

    def world(self, view: dict, rng: random.Random) -> Canasta:
        k = self._known_of(view)
        n = k["n"]
        game = Canasta(n, {"target": view["target"]}, seed=rng.getrandbits(32))
        pool = list(k["unseen"])
        rng.shuffle(pool)
        # the pile below what the events show: unfrozen, no wild card nor red 3 in it
        under = view["pile"] - len(k["pile_seen"])
        plain = [c for c in pool if not (rules.is_wild(c) or rules.is_red_three(c))]
        freezing = [c for c in pool if rules.is_wild(c)]
        below: list[Card] = []
        if under > 0:
            need_freeze = view["frozen"] and not any(
                rules.is_wild(c) or rules.is_red_three(c) for c in k["pile_seen"])
            if need_freeze and freezing:
                below.append(freezing[0])
            below += plain[:under - len(below)]
            if len(below) < under:      # a frozen pile may hold many wild cards
                spare = Counter(pool) - Counter(below)
                below += sorted(spare.elements(), key=rules.is_red_three)[:under - len(below)]
            rng.shuffle(below)
            taken = Counter(below)
            pool = list((Counter(pool) - taken).elements())
            rng.shuffle(pool)
        in_hand = [c for c in pool if not rules.is_red_three(c)]
        threes_left = [c for c in pool if rules.is_red_three(c)]
        hands: list[list[Card]] = []
        for p in view["players"]:
            if p["seat"] == self.seat:
                hands.append(list(k["hand"]))
            else:
                hands.append(in_hand[:p["cards"]])
                del in_hand[:p["cards"]]
        rest = in_hand + threes_left
        rng.shuffle(rest)
        kitties: list[list[Card]] = []
        for p in view["players"]:
            if p["seat"] == self.seat and k["own_kitty"] is not None:
                kitties.append(list(k["own_kitty"]))
            else:
                kitties.append(rest[:p["kitty"]])
                del rest[:p["kitty"]]
        game.hands, game.kitties, game.stock = hands, kitties, rest
        game.pile = below + list(k["pile_seen"])
        game.red_threes = [list(t) for t in k["threes"]]
        game.melds = [Meld(i, owner, rules.meld_rank(cards), list(cards))
                      for i, owner, cards in k["melds"]]
        game.next_id = max((m.id for m in game.melds), default=0) + 1
        game.kitty_taken = [p["kitty_taken"] for p in view["players"]]
        game.kitty_seen = [p["kitty_seen"] for p in view["players"]]
        game.kitty_left = [p["kitty_left"] for p in view["players"]]
        game.scores = [p["score"] for p in view["players"]]
        game.final_round = bool(view.get("final_round"))   # the host called the last round
        game.first_scores = list(game.scores)
        game.dealer, game.turn, game.phase = view["dealer"], view["turn"], view["phase"]
        game.round = view["round"] - 1
        game.turns = max(0, view["turns"] - 1)
        return game

    # ----- playing it out --------------------------------------------------------------------

    def play(self, world: Canasta, action: dict) -> None:
        act(world, self.seat, action)

    def finish(self, world: Canasta, rng: random.Random) -> None:
        for seat in range(world.players):
            self.normal_of(seat).rng = random.Random(rng.getrandbits(32))
        last_turn = world.turns + HORIZON * world.players
        for _ in range(PLAYOUT_MOVES):
            if world.phase not in IN_PLAY or world.turns >= last_turn:
                return
            seat = world.turn
            pos = lean_position(world, seat)
            action = self.normal_of(seat).choose(lean_view(world, seat, pos), pos)
            if action is None:          # never in a round in play: the seat in turn may act
                return
            act(world, seat, action)

    def value(self, world: Canasta) -> float:
        if world.phase in (ROUND_OVER, GAME_OVER):
            scores = world.scores
        else:       # the round cut short: scored as if it ended now, nobody out
            scores = [world.scores[s] + world.breakdown(s, None)["total"]
                      for s in range(world.players)]
        return standing(scores, self.seat, world.phase == GAME_OVER, WIN_WORTH, lower_wins=False)


class DificilBot(SearchBot[Canasta]):
    def __init__(self, seat: int, seed: int = 0, playouts: int = PLAYOUTS):
        rules_ = CanastaRules(seat, seed)
        super().__init__(seat, seed, rules_, NormalBot(seat, seed), playouts)

    def choose(self, view: dict, deadline: float | None = None) -> dict | None:
        """With more seats a turn around the table takes longer to play: fewer playouts, so that
        a decision takes about as long (`playouts` is the budget at two seats)."""
        budget, seats = self.playouts, len(view.get("players") or ())
        if seats > 2:
            self.playouts = max(budget // 3, budget * 2 // seats)
        try:
            return super().choose(view, deadline)
        finally:
            self.playouts = budget
