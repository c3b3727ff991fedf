"""Canasta Ferroviaria: Canasta with two packs and two jokers per player, each playing alone, a
face-down kitty of 11 cards each, four kinds of canasta, and a long game to 20,000.

Seats are numbered in playing order: the text's "to the left" is seat s + 1 (mod players). A
turn: draw two from the stock, or take the pile (whole, with two naturals matching its top
card; or, when it is not frozen, just the top card onto your open meld of its rank); then meld
and add to your own melds; then discard one; then, once, a player who may look at their kitty
takes it or leaves it. Every handler checks everything first and only
then changes the state, so a refused action leaves the game exactly as it was. The checks that
judge a play live in `rules.py`, where the bots use them too. The rules in our words, with
every interpretation: docs/rules/canasta.md.
"""
from __future__ import annotations

from engine.canasta import actions as A, audit, rules, views
from engine.canasta.deal import check_deal, whole_deck
from engine.canasta.info import INFO
from engine.canasta.options import OPTIONS
from engine.canasta.rules import DRAW, KITTY, PLAY, Meld, Position
from engine.cards import FRENCH, Card
from engine.game import GAME_OVER, ROUND_OVER, GameError, RoundGame, standings
from engine.messages import refuse


class Canasta(RoundGame):
    name = "canasta"
    min_players, max_players = rules.MIN_PLAYERS, rules.MAX_PLAYERS
    bot_levels = ("facil", "normal", "dificil")
    info = INFO
    OPTIONS = OPTIONS
    FIRST_PHASE = DRAW
    SYSTEM_ACTIONS = frozenset({"last_round"})
    ACTIONS = A.ACTIONS
    parse_action = staticmethod(A.coerce)
    parse_pieces = staticmethod(FRENCH.parse_all)

    def __init__(self, players: int, options: dict | None = None, seed: int = 0):
        super().__init__(players, options, seed)
        if "_deal" in self.options:
            self.options["_deal"] = check_deal(self.options["_deal"], players)
        n = players
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.kitties: list[list[Card]] = [[] for _ in range(n)]
        self.kitty_taken = [False] * n
        self.kitty_seen = [False] * n          # may look at it: a non-black canasta done
        self.kitty_left = [False] * n          # chose to leave it face down for the round
        self.red_threes: list[list[Card]] = [[] for _ in range(n)]
        self.stock: list[Card] = []            # the top is the end of the list
        self.pile: list[Card] = []             # the top is the end of the list
        self.melds: list[Meld] = []
        self.next_id = 1
        self.turns = 0                         # turns begun this round
        self.round_results: list[dict] = []
        self.first_scores = [0] * n
        self._audited_rounds = 0
        self._replaying = False                # applying an action read back from a log

    def apply_logged(self, seat, action) -> None:
        """As `apply`, for an action read back from a log: a discard logged without
        `kitty_choice` was played before the kitty was a choice, and takes it by itself."""
        self._replaying = True
        try:
            self.apply(seat, action)
        finally:
            self._replaying = False

    # ----- creation -------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int, options: dict | None = None, seed: int = 0) -> "Canasta":
        game = cls(players, options, seed)
        deal = game.options.get("_deal")
        if deal is None:
            game.dealer = game._opening_dealer()
        else:
            game.dealer = deal.get("dealer", players - 1)
            if "scores" in deal:
                game.scores = list(deal["scores"])
        game.first_dealer = game.dealer
        game.first_scores = list(game.scores)
        game._deal(deal)
        return game

    @property
    def target(self) -> int:
        return self.options["target"]

    def _deal(self, explicit: dict | None = None) -> None:
        n = self.players
        self.melds, self.next_id, self.turns = [], 1, 0
        self.kitty_taken, self.kitty_seen, self.kitty_left = [False] * n, [False] * n, [False] * n
        self.red_threes = [[] for _ in range(n)]
        self.phase = DRAW
        self.turn = (self.dealer + 1) % n
        self._event("deal", self.dealer, round=self.round + 1)
        if explicit is not None:
            self._deal_explicit(explicit)
            return
        pool = whole_deck(n)
        self.rng.shuffle(pool)
        order = [(self.dealer + k) % n for k in range(1, n + 1)]
        self.hands = [[] for _ in range(n)]
        self.kitties = [[] for _ in range(n)]
        for _ in range(rules.HAND_SIZE):
            for s in order:
                self.hands[s].append(pool.pop())
        for _ in range(rules.KITTY_SIZE):
            for s in order:
                self.kitties[s].append(pool.pop())
        self.stock = pool
        for s in order:        # red 3s dealt are laid at once and replaced from the stock
            dealt = [c for c in self.hands[s] if rules.is_red_three(c)]
            for c in dealt:
                self.hands[s].remove(c)
                self._lay_red_three(s, c, "deal")
            self._replace(s, len(dealt), "deal")
        self.pile = [self.stock.pop()] if self.stock else []
        if self.pile:
            self._event("upcard", None, card=FRENCH.format(self.pile[-1]))

    def _deal_explicit(self, deal: dict) -> None:
        n = self.players
        self.hands = [FRENCH.parse_all(h) for h in deal["hands"]]
        self.kitties = [FRENCH.parse_all(k) for k in deal.get("kitties", [""] * n)]
        self.red_threes = [FRENCH.parse_all(t) for t in deal.get("red_threes", [""] * n)]
        self.stock = list(reversed(FRENCH.parse_all(deal.get("stock", ""))))
        self.pile = FRENCH.parse_all(deal.get("pile", ""))
        for owner, text in deal.get("melds", []):
            cards = FRENCH.parse_all(text)
            self.melds.append(Meld(self.next_id, owner, rules.meld_rank(cards), cards))
            self.next_id += 1
        for s in deal.get("kitty_taken", []):
            self.kitty_taken[s] = True
        for s in deal.get("kitty_seen", []):
            self.kitty_seen[s] = True
        for s in deal.get("kitty_left", []):
            self.kitty_seen[s] = self.kitty_left[s] = True
        for s in range(n):
            self._note_canastas(s)
        self.turn = deal.get("turn", self.turn)
        self.phase = deal.get("phase", DRAW)

    # ----- the state as the rules read it -----------------------------------------------------

    def own_melds(self, seat: int) -> list[Meld]:
        return [m for m in self.melds if m.owner == seat]

    def melded(self, seat: int) -> bool:
        return any(m.owner == seat for m in self.melds)

    def sevens_free(self) -> bool:
        """7s may be discarded once every player has a sevens canasta."""
        have = {m.owner for m in self.melds if m.rank == rules.SEVEN and m.kind == rules.SEVENS}
        return len(have) == self.players

    def needed(self, seat: int) -> int:
        return rules.requirement(self.scores[seat])

    def position(self, seat: int) -> Position:
        return Position(self.hands[seat], self.own_melds(seat), self.melded(seat),
                        self.needed(seat), self.sevens_free())

    @property
    def top(self) -> Card | None:
        return self.pile[-1] if self.pile else None

    def frozen(self) -> bool:
        """A wild card or a red 3 in the pile freezes it until someone takes it whole."""
        return any(rules.is_wild(c) or rules.is_red_three(c) for c in self.pile)

    def blocked(self) -> bool:
        """A black 3 on top: the next player may not take the pile (the next discard covers it)."""
        top = self.top
        return top is not None and rules.is_black_three(top)

    # ----- pieces the handlers share --------------------------------------------------------

    def _lay_red_three(self, seat: int, c: Card, source: str) -> None:
        self.red_threes[seat].append(c)
        self._event("red_three", seat, card=FRENCH.format(c), source=source)

    def _replace(self, seat: int, count: int, source: str) -> None:
        """Draw `count` cards from the stock for `seat`; a red 3 among them is laid at once and
        replaced in its turn (while the stock lasts)."""
        while count and self.stock:
            c = self.stock.pop()
            count -= 1
            if rules.is_red_three(c):
                self._lay_red_three(seat, c, source)
                count += 1
            else:
                self.hands[seat].append(c)

    def _note_canastas(self, seat: int) -> None:
        """A non-black canasta lets its owner look at their kitty (taken after the discard)."""
        if self.kitty_taken[seat] or self.kitty_seen[seat]:
            return
        if any(m.kind in (rules.RED, rules.WILD_KIND, rules.SEVENS) for m in self.own_melds(seat)):
            self.kitty_seen[seat] = True
            self._event("kitty_seen", seat)

    def _in_turn(self, seat, phase: str) -> None:
        self._my_turn(seat)
        if self.phase == phase:
            return
        if self.phase == KITTY:
            raise refuse("kitty_choice_first")
        if phase == KITTY:
            raise self._no_kitty_choice(seat)
        raise refuse("already_drawn" if phase == DRAW else "draw_or_take_first")

    def _no_kitty_choice(self, seat: int) -> GameError:
        """Why `seat` has no kitty to take or leave now."""
        if self.kitty_taken[seat]:
            return refuse("kitty_already_taken")
        if self.kitty_left[seat]:
            return refuse("kitty_already_left")
        if self.kitty_seen[seat]:
            return refuse("kitty_after_discard")
        return refuse("kitty_not_yet")

    def _lay(self, seat: int, laid: list[Meld]) -> None:
        for m in laid:
            self.melds.append(m)
            self.next_id = max(self.next_id, m.id + 1)
        if laid:
            self._event("meld", seat, melds=[m.id for m in laid])

    def _after_play(self, seat: int, changed: list[Meld]) -> None:
        for m in changed:
            if m.kind is not None and len(m.cards) == rules.CANASTA_SIZE:
                self._event("canasta", seat, meld=m.id, canasta=m.kind)
        self._note_canastas(seat)

    # ----- the start of the turn ------------------------------------------------------------

    def _do_draw(self, seat, act) -> None:
        self._in_turn(seat, DRAW)
        if not self.stock:
            self._event("stock_out", seat)
            self._end_round(out=None)
            return
        self._event("draw", seat, cards=min(rules.DRAW_COUNT, len(self.stock)))
        self._replace(seat, rules.DRAW_COUNT, "stock")
        self.phase = PLAY

    def _check_pile_top(self) -> int:
        top = self.top
        if top is None:
            raise refuse("pile_empty")
        if rules.is_black_three(top):
            raise refuse("pile_blocked_black_three")
        if rules.is_wild(top):
            raise refuse("pile_top_wild")
        rank = rules.pile_rank(top)
        if rank is None:
            raise refuse("pile_top_not_meldable")
        return rank

    def _plan_take_pile(self, seat: int, act) -> tuple[list[Meld], Meld | None, list[Card],
                                                         list[Card]]:
        """Everything taking the pile would do, checked (rules.take_pile_play)."""
        self._in_turn(seat, DRAW)
        self._check_pile_top()
        return rules.take_pile_play(self.position(seat), self.pile[-1], act.cards, act.melds,
                                    self.pile[:-1], seat, self.next_id)

    def _do_take_pile(self, seat, act) -> None:
        laid, joined, after, threes = self._plan_take_pile(seat, act)
        top = self.pile[-1]
        taken = len(self.pile)
        self.pile = []
        self.hands[seat] = after
        self._event("take_pile", seat, card=FRENCH.format(top), cards=taken)
        if joined is not None:
            joined.cards += [top, *act.cards]
            added = [FRENCH.format(c) for c in (top, *act.cards)]
            self._event("add", seat, meld=joined.id, cards=added)
        self._lay(seat, laid)
        for c in threes:
            self._lay_red_three(seat, c, "pile")
        self.phase = PLAY
        self._after_play(seat, [*laid, *([joined] if joined else [])])

    def _check_take_top(self, seat) -> Meld:
        self._in_turn(seat, DRAW)
        if self.frozen():
            raise refuse("pile_frozen")
        self._check_pile_top()
        return rules.take_top_play(self.position(seat), self.pile[-1])

    def _do_take_top(self, seat, act) -> None:
        meld = self._check_take_top(seat)
        top = self.pile.pop()
        meld.cards.append(top)
        self._event("take_top", seat, card=FRENCH.format(top), meld=meld.id)
        self.phase = PLAY
        self._after_play(seat, [meld])

    # ----- melding --------------------------------------------------------------------------

    def _do_meld(self, seat, act) -> None:
        self._in_turn(seat, PLAY)
        after, laid = rules.meld_play(self.position(seat), act.melds, seat, self.next_id)
        self.hands[seat] = after
        self._lay(seat, laid)
        self._after_play(seat, laid)
        if not after:
            self._event("no_discard", seat)
            self._end_round(out=None)

    def _do_add(self, seat, act) -> None:
        self._in_turn(seat, PLAY)
        meld = next((m for m in self.melds if m.id == act.meld), None)
        if meld is None:
            raise refuse("unknown_meld")
        if meld.owner != seat:
            raise refuse("not_your_meld")
        after = rules.add_play(self.position(seat), meld, act.cards)
        self.hands[seat] = after
        meld.cards.extend(act.cards)
        self._event("add", seat, meld=meld.id, cards=[FRENCH.format(c) for c in act.cards])
        self._after_play(seat, [meld])
        if not after:
            self._event("no_discard", seat)
            self._end_round(out=None)

    # ----- the end of the turn --------------------------------------------------------------

    def _do_discard(self, seat, act) -> None:
        self._in_turn(seat, PLAY)
        problem = rules.discard_problem(self.position(seat), act.card)
        if problem is not None:
            raise problem
        hand = self.hands[seat]
        hand.remove(act.card)
        self.pile.append(act.card)
        self._as_logged = A.Discard(act.card)      # marked below if the kitty's choice follows
        self._event("discard", seat, card=FRENCH.format(act.card))
        if not hand:
            self._event("out", seat)
            self._end_round(out=seat)
            return
        if self.kitty_seen[seat] and not self.kitty_taken[seat] and not self.kitty_left[seat]:
            if self.kitties[seat] and (act.kitty_choice or not self._replaying):
                self.phase = KITTY          # the choice comes after the discard, once
                self._as_logged = A.Discard(act.card, kitty_choice=True)
                self._event("kitty_choice", seat, cards=len(self.kitties[seat]))
                return
            # Nothing to choose (an empty kitty, in a deal by hand), or a discard logged before
            # the kitty was a choice: then it joined the hand by itself, and replays so.
            self._take_kitty(seat)
        self._next_turn(seat)

    def _next_turn(self, seat: int) -> None:
        self.turn = (seat + 1) % self.players
        self.phase = DRAW
        self.turns += 1

    def _do_take_kitty(self, seat, act) -> None:
        self._in_turn(seat, KITTY)
        self._take_kitty(seat)
        self._next_turn(seat)

    def _take_kitty(self, seat: int) -> None:
        kitty, self.kitties[seat] = self.kitties[seat], []
        self.kitty_taken[seat] = True
        self._event("kitty_taken", seat, cards=len(kitty))
        for c in kitty:
            if rules.is_red_three(c):
                self._lay_red_three(seat, c, "kitty")
            else:
                self.hands[seat].append(c)

    def _do_leave_kitty(self, seat, act) -> None:
        """Left face down for the rest of the round: its cards count against its owner."""
        self._in_turn(seat, KITTY)
        self.kitty_left[seat] = True
        self._event("kitty_left", seat, cards=len(self.kitties[seat]))
        self._next_turn(seat)

    def _check_no_discard(self, seat) -> None:
        self._in_turn(seat, PLAY)
        if not rules.stuck(self.position(seat)):
            raise refuse("has_a_discard")

    def _do_no_discard(self, seat, act) -> None:
        self._check_no_discard(seat)
        self._event("no_discard", seat)
        self._end_round(out=None)

    # ----- the end of the round -------------------------------------------------------------

    def breakdown(self, seat: int, out: int | None) -> dict:
        mine = self.own_melds(seat)
        parts = {
            "going_out": rules.GOING_OUT_BONUS if seat == out else 0,
            "melds": sum(rules.points(m.cards) for m in mine),
            "bonuses": sum(m.bonus for m in mine),
            "red_threes": rules.RED_THREE_BONUS * len(self.red_threes[seat]),
            "hand": -rules.points(self.hands[seat]),
            "kitty": -rules.points(self.kitties[seat]),
        }
        return {**parts, "total": sum(parts.values())}

    def _end_round(self, out: int | None) -> None:
        parts = [self.breakdown(s, out) for s in range(self.players)]
        points = [p["total"] for p in parts]
        for s, p in enumerate(points):
            self.scores[s] += p
        self.round_results.append({
            "round": self.round + 1, "out": out, "turns": self.turns + 1,
            "points": points, "breakdown": parts,
            "hands": [FRENCH.format_all(h).split() for h in self.hands],
            "kitties": [FRENCH.format_all(k).split() for k in self.kitties],
            "totals": list(self.scores)})
        best = max(self.scores)
        over = best >= self.target and self.scores.count(best) == 1 or self.final_round
        self.phase = GAME_OVER if over else ROUND_OVER
        self._event("round_end", out, round=self.round + 1, points=points)
        if over:
            self._event("game_end", None, winners=self._standings()["winners"])

    def _standings(self) -> dict:
        return standings(self.scores, lower_wins=False)

    # ----- what a seat may do -------------------------------------------------------------

    def _refusal(self, check) -> GameError | None:
        try:
            check()
        except GameError as error:
            return error
        return None

    def _can_take_pile(self, seat: int) -> bool:
        if self.phase != DRAW or seat != self.turn:
            return False
        try:
            rank = self._check_pile_top()
        except GameError:
            return False
        return len(rules.naturals_of(self.hands[seat], rank)) >= 2

    def open_melds(self, seat: int) -> list[int]:
        """The ids of the seat's melds that can still take cards (a canasta is closed)."""
        return [m.id for m in self.own_melds(seat) if not m.complete]

    def allowed(self, seat: int) -> list[str]:
        if self.phase == GAME_OVER:
            return []
        if self.phase == ROUND_OVER:
            return [] if seat in self.ready else ["next_round"]
        if seat != self.turn:
            return []
        if self.phase == KITTY:
            return ["take_kitty", "leave_kitty"]
        if self.phase == DRAW:
            kinds = ["draw"]
            if self._can_take_pile(seat):
                kinds.append("take_pile")
            if self._refusal(lambda: self._check_take_top(seat)) is None:
                kinds.append("take_top")
            return kinds
        return self.allowed_in_play(self.position(seat))

    def allowed_in_play(self, pos: Position) -> list[str]:
        """The kinds of play open to the seat in turn after its draw, in `pos`."""
        kinds = []
        if len(pos.hand) >= rules.MIN_MELD:
            kinds.append("meld")
        if pos.hand and any(not m.complete for m in pos.melds):
            kinds.append("add")
        if rules.stuck(pos):
            kinds.append("no_discard")
        else:
            kinds.append("discard")
        return kinds

    def _why_not_in_play(self, seat: int, kind: str) -> GameError | None:
        if self.phase == ROUND_OVER:
            return refuse("round_over")
        if seat != self.turn:
            return refuse("not_your_turn")
        if self.phase == KITTY:
            return refuse("kitty_choice_first")
        if kind in ("take_kitty", "leave_kitty"):
            return self._no_kitty_choice(seat)
        if kind == "draw":
            return self._refusal(lambda: self._in_turn(seat, DRAW))
        if kind == "take_top":
            return self._refusal(lambda: self._check_take_top(seat))
        if kind == "no_discard":
            return self._refusal(lambda: self._check_no_discard(seat))
        if self.phase == DRAW:
            if kind == "take_pile":
                try:
                    rank = self._check_pile_top()
                except GameError as error:
                    return error
                return refuse("pile_needs_two_naturals", rank=rules.rank_words(rank))
            return refuse("draw_or_take_first")
        if kind == "take_pile":
            return refuse("already_drawn")
        pos = self.position(seat)
        if kind == "meld":
            return refuse("meld_too_small", least=rules.MIN_MELD)
        if kind == "add":
            return refuse("nothing_to_add_to" if pos.melded else "must_meld_first")
        if kind == "discard":
            if len(pos.hand) == 1:
                return rules.discard_problem(pos, pos.hand[0])
            return refuse("sevens_not_free")
        return None

    # ----- views (engine/canasta/views.py) ----------------------------------------------------

    def _public_view(self) -> dict:
        return views.public(self)

    def _private_view(self, seat: int) -> dict:
        return views.private(self, seat)

    # ----- invariants (used by the simulator and the property tests) ------------------------

    def audit(self, full_deck: bool = True) -> list[str]:
        problems = audit.problems(self, full_deck, self._audited_rounds)
        if not problems:
            self._audited_rounds = len(self.round_results)
        return problems

    # ----- secrecy (used by the contract tests) ----------------------------------------------

    def hidden_zones(self, reader) -> list[list]:
        """The live lists of cards `reader` may not see: the other hands, every kitty but the
        reader's own once it may be looked at, and the stock."""
        hands = [h for s, h in enumerate(self.hands) if s != reader]
        kitties = [k for s, k in enumerate(self.kitties)
                   if s != reader or not self.kitty_seen[s]]
        return [*hands, *kitties, self.stock]

