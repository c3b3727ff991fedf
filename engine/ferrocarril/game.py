"""Ferrocarril: seven rounds of contract rummy with Spanish suits, jokers and the ¡Compro! window.

Seats are numbered in playing order: "to the right" of seat s is seat s + 1 (mod players).
Every handler checks everything first and only then changes the state, so a refused action
leaves the game exactly as it was.
"""
from __future__ import annotations

from engine.cards import JOKER, SPANISH, Card, deck
from engine.ferrocarril import actions as A, audit, views
from engine.ferrocarril.buy_window import BuyWindow
from engine.ferrocarril.deal import check_deal
from engine.ferrocarril.info import INFO
from engine.ferrocarril.melds import (
    GROUP,
    RUN,
    Meld,
    arrange_run,
    check_group,
    check_steal,
    extend_group,
    extend_run,
    is_run,
)
from engine.ferrocarril.options import OPTIONS
from engine.ferrocarril.rules import (
    BUYS_PER_GAME,
    CARDS_FROM_STOCK_WHEN_TURN_BUYS,
    CONTRACTS,
    DEAL_SHOW_SECONDS,
    HAND_SIZE,
    JOKERS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PACKS,
    ROUNDS,
    UNLIMITED_TURNS,
    hand_points,
)
from engine.game import GAME_OVER, ROUND_OVER, RoundGame, Timer
from engine.messages import Words, refuse

DRAW, PLAY = "draw", "play"
# What a play before going down would have been, for the refusal that says so.
BEFORE_SALIR = {"meld": Words("bajar una combinación nueva", "lay a new combination"),
                "add": Words("añadir cartas", "add cards")}


class Ferrocarril(RoundGame):
    name = "ferrocarril"
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    bot_levels = ("facil", "normal", "dificil")
    info = INFO
    OPTIONS = OPTIONS
    FIRST_PHASE = DRAW
    SYSTEM_ACTIONS = frozenset({"close_buy", "last_round"})

    def __init__(self, players: int, options: dict | None = None, seed: int = 0):
        super().__init__(players, options, seed)
        if "_deal" in self.options:
            self.options["_deal"] = check_deal(self.options["_deal"])
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.stock: list[Card] = []          # the top is the end of the list
        self.discard: list[Card] = []        # the top is the end of the list
        self.discard_face_down = False
        self.stock_turns = 0                 # times the discards made a new stock this round
        self.table: list[Meld] = []
        self.next_meld_id = 1
        self.salido = [False] * players
        self.buys_left = [BUYS_PER_GAME] * players
        self.round_results: list[dict] = []
        self.window: BuyWindow | None = None
        # The card the window just sold by priority, until the next move of another kind:
        # {"n": its "bought" event, "priority", "late": seats that may still press ¡Compro!}.
        self.sold: dict | None = None
        self.turns_done: set[int] = set()
        self.steals: list[tuple[int, Card]] = []   # (meld id, real card) this turn
        self.stolen_in_hand = 0
        self._audited_rounds = 0
        self._totals: tuple[int, list[int]] = (-1, [])

    # ----- creation -------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int, options: dict | None = None, seed: int = 0) -> "Ferrocarril":
        game = cls(players, options, seed)
        deal = game.options.get("_deal")
        if deal is not None and len(deal["hands"]) != players:
            raise refuse("bad_deal")
        game.dealer = (game._opening_dealer() if deal is None
                       else deal.get("dealer", 0) % players)
        game.first_dealer = game.dealer
        if deal is not None:
            game.round = deal.get("round", 1) - 1
        game._deal(deal)
        if deal is not None and (deal.get("opening_done") or deal.get("table")):
            game.turns_done = set(range(players))
        return game

    @classmethod
    def from_deal(cls, hands, stock="", discard="", *, round=1, dealer=None, turn=None,
                  scores=None, buys=None, table=(), salido=(), opening_done=True,
                  phase=DRAW, buy_window=False, options=None, seed=0) -> "Ferrocarril":
        """A game set up by hand, for tests: every card list may be text (``"7o 7c *"``).

        `stock` is listed from its top (the first card is drawn first); `discard` from the
        bottom (the last card is the top). `table` holds (owner, cards) pairs. The player
        in turn is `turn` (default: the one after the dealer); with `buy_window` the top
        discard is offered as if the previous seat had just discarded it."""
        cards = cls.pieces
        game = cls(len(hands), options, seed)
        game.round = round - 1
        game.dealer = (len(hands) - 1) if dealer is None else dealer
        game.turn = (game.dealer + 1) % game.players if turn is None else turn
        game.hands = [cards(h) for h in hands]
        game.stock = list(reversed(cards(stock)))
        game.discard = cards(discard)
        game.phase = phase
        if scores is not None:
            game.scores = list(scores)
        if buys is not None:
            game.buys_left = list(buys)
        for owner, meld_cards in table:
            game._place_meld(owner, cards(meld_cards), allow_run=True)
        for seat in salido:
            game.salido[seat] = True
        if opening_done:
            game.turns_done = set(range(game.players))
        if buy_window:
            game._open_window((game.turn - 1) % game.players)
        return game

    def _deal(self, explicit: dict | None = None) -> None:
        if explicit is None:
            cards = deck(PACKS, JOKERS)
            self.rng.shuffle(cards)
            self.stock = cards
            self.hands = [[] for _ in range(self.players)]
            for _ in range(HAND_SIZE):
                for k in range(1, self.players + 1):
                    self.hands[(self.dealer + k) % self.players].append(self.stock.pop())
            self.discard = [self.stock.pop()]
        else:
            self.hands = [SPANISH.parse_all(h) for h in explicit["hands"]]
            self.stock = list(reversed(SPANISH.parse_all(explicit.get("stock", ""))))
            self.discard = SPANISH.parse_all(explicit["discard"])
        self.discard_face_down = False
        self.stock_turns = 0
        self.table = []
        self.salido = [False] * self.players
        for owner, text in explicit.get("table", []) if explicit else ():
            self._place_meld(owner, SPANISH.parse_all(text), allow_run=self.round == ROUNDS - 1)
            self.salido[owner] = True
        self.turns_done = set()
        self.steals = []
        self.stolen_in_hand = 0
        self.turn = (self.dealer + 1) % self.players
        self.phase = DRAW
        self._event("deal", self.dealer, round=self.round + 1)
        self._open_window(None)

    # ----- the server's view of the game ---------------------------------------------------

    @property
    def contract(self):
        return CONTRACTS[self.round]

    def _actors_in_play(self) -> list[int | None]:
        if self.window:
            return [*self.window.undecided(), None]
        return [self.turn]

    def _timers_in_play(self) -> list[Timer]:
        if self.window:
            seconds = self.options["buy_seconds"] + self._deal_show(self.window)
            return [Timer("buy_window", seconds, {"type": "close_buy"})]
        return []

    @staticmethod
    def _deal_show(window: BuyWindow) -> int:
        """The seconds the new hands are in sight before the round's first window asks."""
        return DEAL_SHOW_SECONDS if window.discarder is None else 0

    ACTIONS = A.ACTIONS
    parse_action = staticmethod(A.coerce)
    parse_pieces = staticmethod(SPANISH.parse_all)

    # ----- checks shared by the handlers ----------------------------------------------------

    def _in_turn(self, seat, phase: str) -> None:
        """Refuse unless `seat` is in turn and in `phase` (draw first, then play)."""
        self._my_turn(seat)
        if phase == PLAY and self.phase == DRAW:
            raise refuse("buy_window_open" if self.window else "must_draw_first")
        if phase == DRAW and self.phase == PLAY:
            raise refuse("already_drawn")

    def _must_have_salido(self, seat: int, kind: str) -> None:
        if not self.salido[seat]:
            raise refuse("must_salir_first", what=BEFORE_SALIR[kind])

    def _take_from_hand(self, seat: int, cards) -> list[Card]:
        """The hand without `cards`; raises if they are not all there or none would be left."""
        hand = list(self.hands[seat])
        for c in cards:
            try:
                hand.remove(c)
            except ValueError:
                raise refuse("card_not_in_hand", card=SPANISH.words(c)) from None
        if not hand:
            raise refuse("must_keep_one_card")
        return hand

    def _jokers_played(self, cards) -> None:
        played = sum(1 for c in cards if c == JOKER)
        self.stolen_in_hand = max(0, self.stolen_in_hand - played)

    def _place_meld(self, owner: int, cards: list[Card], allow_run: bool) -> Meld:
        if allow_run and is_run(cards):
            start, suit, ordered = arrange_run(cards)
            meld = Meld(self.next_meld_id, owner, RUN, ordered, start, suit)
        else:
            meld = Meld(self.next_meld_id, owner, GROUP, list(cards), check_group(cards))
        self.next_meld_id += 1
        self.table.append(meld)
        return meld

    def _meld(self, meld_id: int) -> Meld:
        for meld in self.table:
            if meld.id == meld_id:
                return meld
        raise refuse("unknown_meld")

    def _draw_cards(self, count: int) -> list[Card]:
        """Up to `count` cards from the stock, turning the discard pile (but its top) over
        into a new shuffled stock when the stock runs out, as many times a round as the option
        `stock_turns` allows; then there is nothing more to draw (else a round where nobody
        can close would never end)."""
        drawn = []
        for _ in range(count):
            if not self.stock and len(self.discard) > 1 and self.stock_turns_left() != 0:
                self.stock = self.discard[:-1]
                self.discard = self.discard[-1:]
                self.rng.shuffle(self.stock)
                self.stock_turns += 1
                self._event("reshuffle", None, cards=len(self.stock),
                            last=self.stock_turns_left() == 0)
            if not self.stock:
                break
            drawn.append(self.stock.pop())
        return drawn

    def stock_turns_left(self) -> int | None:
        """How many more times the discards may become the stock this round (None: always)."""
        most = self.options["stock_turns"]
        return None if most == UNLIMITED_TURNS else most - self.stock_turns

    # ----- the buy window ---------------------------------------------------------------------

    def _open_window(self, discarder: int | None) -> None:
        origin = self.dealer if discarder is None else discarder
        order = [(origin + k) % self.players for k in range(1, self.players + 1)]
        priority = [s for s in order if s != discarder and self.buys_left[s] > 0]
        self.window = BuyWindow(self.discard[-1], discarder, priority) if priority else None

    def _window_seat(self, seat) -> BuyWindow:
        if seat is None:
            raise refuse("system_only")
        window = self.window
        if window is None:
            raise refuse("no_buy_window")
        if seat not in window.priority:
            raise refuse("own_discard" if seat == window.discarder else "no_buys_left")
        if seat in window.pressed or seat in window.passed:
            raise refuse("already_answered")
        return window

    def _do_buy(self, seat, act) -> None:
        if self.window is None and self._heard_late(seat, pressed=True):
            return
        self._window_seat(seat).pressed.add(seat)
        self._event("compro", seat)
        self._resolve_window(final=False)

    def _do_pass(self, seat, act) -> None:
        if self.window is None and self._heard_late(seat, pressed=False):
            return
        self._window_seat(seat).passed.add(seat)
        self._resolve_window(final=False)

    def _heard_late(self, seat, pressed: bool) -> bool:
        """A ¡Compro! that reaches the table just after a higher priority bought the card
        (both pressed at once): it is heard, among those outbid, never refused. A Paso then
        changes nothing. Only until the next move of another kind (interpretation 22)."""
        sold = self.sold
        if sold is None or seat not in sold["late"]:
            return False
        sold["late"].remove(seat)
        if pressed:
            bought = self.events[sold["n"]]
            outbid = sorted([*bought["outbid"], seat], key=sold["priority"].index)
            self.events[sold["n"]] = {**bought, "outbid": outbid}
        return True

    def apply(self, seat, action) -> None:
        super().apply(seat, action)
        if self.log[-1][1].get("type") not in ("buy", "pass"):
            self.sold = None

    def _do_close_buy(self, seat, act) -> None:
        if seat is not None:
            raise refuse("clock_only")
        if self.window is None:
            raise refuse("no_buy_window")
        self._resolve_window(final=True)

    def _resolve_window(self, final: bool) -> None:
        window = self.window
        assert window is not None
        decided, buyer = window.winner(final)
        if not decided:
            return
        self.window = None
        if buyer is None:
            self._event("no_buy", None, card=SPANISH.format(window.card))
            return
        self.discard.pop()
        self.buys_left[buyer] -= 1
        self.hands[buyer].append(window.card)
        outbid = [s for s in window.pressed if s != buyer]
        extra = 0
        if buyer == self.turn:
            extra_cards = self._draw_cards(CARDS_FROM_STOCK_WHEN_TURN_BUYS)
            self.hands[buyer].extend(extra_cards)
            extra = len(extra_cards)
            self.phase = PLAY
        self._event("bought", buyer, card=SPANISH.format(window.card), extra=extra,
                    outbid=sorted(outbid, key=window.priority.index))
        # sold by priority before the clock: those still to answer pressed at the same instant
        self.sold = None if final else {"n": len(self.events) - 1,
                                        "priority": list(window.priority),
                                        "late": window.undecided()}

    # ----- the turn -------------------------------------------------------------------------

    def _do_draw(self, seat, act) -> None:
        self._in_turn(seat, DRAW)
        if self.window:
            raise refuse("buy_window_open")
        drawn = self._draw_cards(1)
        if not drawn:
            self._end_round(closer=None)
            return
        self.hands[seat].extend(drawn)
        self.phase = PLAY
        self._event("draw", seat)

    def _do_salir(self, seat, act) -> None:
        self._in_turn(seat, PLAY)
        if self.salido[seat]:
            raise refuse("already_salido")
        if len(self.turns_done) < self.players:
            raise refuse("opening_phase")
        contract = self.contract
        if len(act.melds) != contract.melds:
            raise refuse("contract_not_met", contract=Words(contract.es, contract.en))
        for cards in act.melds:
            if contract.kind == RUN:
                arrange_run(cards, contract.size)
            else:
                check_group(cards, contract.size)
        if contract.melds == 2 and all(JOKER in m for m in act.melds):
            raise refuse("contract_needs_clean")
        all_cards = [c for m in act.melds for c in m]
        hand = self._take_from_hand(seat, all_cards)
        self.hands[seat] = hand
        ids = [self._place_meld(seat, list(m), contract.kind == RUN).id for m in act.melds]
        self.salido[seat] = True
        self._jokers_played(all_cards)
        self._event("salir", seat, melds=ids)

    def _do_meld(self, seat, act) -> None:
        self._in_turn(seat, PLAY)
        self._must_have_salido(seat, "meld")
        check_group(act.cards)
        hand = self._take_from_hand(seat, act.cards)
        self.hands[seat] = hand
        meld = self._place_meld(seat, list(act.cards), allow_run=False)
        self._jokers_played(act.cards)
        self._event("meld", seat, meld=meld.id)

    def _do_add(self, seat, act) -> None:
        self._in_turn(seat, PLAY)
        self._must_have_salido(seat, "add")
        meld = self._meld(act.meld)
        if meld.kind == GROUP:
            new_cards, start = extend_group(meld, act.cards), meld.rank
        else:
            start, new_cards = extend_run(meld, act.cards, act.end)
        hand = self._take_from_hand(seat, act.cards)
        self.hands[seat] = hand
        meld.cards, meld.rank = new_cards, start
        meld.changed()
        self._jokers_played(act.cards)
        self._event("add", seat, meld=meld.id, cards=[SPANISH.format(c) for c in act.cards])

    def _do_steal(self, seat, act) -> None:
        self._in_turn(seat, PLAY)
        if not self._jokers_on_table():
            raise refuse("no_joker_on_table")
        meld = self._meld(act.meld)
        index = check_steal(meld, act.card)
        hand = list(self.hands[seat])
        if act.card not in hand:
            raise refuse("card_not_in_hand", card=SPANISH.words(act.card))
        hand.remove(act.card)
        hand.append(JOKER)
        self.hands[seat] = hand
        meld.cards[index] = act.card
        meld.changed()
        self.steals.append((meld.id, act.card))
        self.stolen_in_hand += 1
        self._event("steal", seat, meld=meld.id, card=SPANISH.format(act.card))

    def _return_unused_steals(self, seat: int) -> None:
        """A stolen joker still in the hand at the end of the turn goes back where it was."""
        for meld_id, real in reversed(self.steals):
            if not self.stolen_in_hand:
                break
            meld = self._meld(meld_id)
            if meld.has_joker or real not in meld.cards:
                continue
            meld.cards[meld.cards.index(real)] = JOKER
            meld.changed()
            self.hands[seat].remove(JOKER)
            self.hands[seat].append(real)
            self.stolen_in_hand -= 1
            self._event("steal_undone", seat, meld=meld_id, card=SPANISH.format(real))
        self.steals = []
        self.stolen_in_hand = 0

    def _do_discard(self, seat, act) -> None:
        self._in_turn(seat, PLAY)
        hand = self.hands[seat]
        if len(hand) == 1:
            raise refuse("must_close")
        if act.card not in hand:
            raise refuse("card_not_in_hand", card=SPANISH.words(act.card))
        if act.card == JOKER and hand.count(JOKER) - 1 < self.stolen_in_hand:
            raise refuse("stolen_joker_must_be_played")
        self._return_unused_steals(seat)
        self.hands[seat].remove(act.card)
        self.discard.append(act.card)
        self.turns_done.add(seat)
        self._event("discard", seat, card=SPANISH.format(act.card))
        self.turn = (seat + 1) % self.players
        self.phase = DRAW
        self._open_window(seat)

    def _do_close(self, seat, act) -> None:
        self._in_turn(seat, PLAY)
        if len(self.hands[seat]) != 1:
            raise refuse("cannot_close")
        self._return_unused_steals(seat)
        self.discard.append(self.hands[seat].pop())
        self.discard_face_down = True
        self._end_round(closer=seat)

    def _ends_with_this_round(self) -> bool:
        return self.round + (self.phase == ROUND_OVER) == ROUNDS - 1

    def _last_round_words(self) -> Words:
        # the seven contracts are the game: called short, it ends with the totals so far
        return Words("Última ronda: la partida termina al acabar esta, con los puntos de ahora.",
                     "Last round: the game ends when this one does, with the points so far.")

    def _end_round(self, closer: int | None) -> None:
        prize = self.contract.prize
        points = [prize if s == closer else hand_points(self.hands[s])
                  for s in range(self.players)]
        for s, p in enumerate(points):
            self.scores[s] += p
        hands = [[SPANISH.format(c) for c in h] for h in self.hands]
        self.round_results.append({"round": self.round + 1, "closer": closer,
                                   "points": points, "hands": hands,
                                   "totals": list(self.scores)})
        self.window = None
        self.phase = GAME_OVER if self.round == ROUNDS - 1 or self.final_round else ROUND_OVER
        self._event("round_end", closer, round=self.round + 1, points=points)
        if self.phase == GAME_OVER:
            self._event("game_end", None, winners=self._standings()["winners"])

    # ----- views ----------------------------------------------------------------------------

    def allowed(self, seat: int) -> list[str]:
        """The action types `seat` may try now (the buttons a phone enables)."""
        if self.phase == GAME_OVER:
            return []
        if self.phase == ROUND_OVER:
            return [] if seat in self.ready else ["next_round"]
        window = self.window
        if window:
            return ["buy", "pass"] if seat in window.undecided() else []
        if self.sold is not None and seat in self.sold["late"]:
            return ["buy", "pass"]          # heard, though the card is sold (interpretation 22)
        if seat != self.turn:
            return []
        if self.phase == DRAW:
            return ["draw"]
        jokers_on_table = self._jokers_on_table()
        if len(self.hands[seat]) == 1:
            return ["close", "steal"] if jokers_on_table else ["close"]
        moves = ["discard"]
        if self.salido[seat]:
            moves += ["meld", "add"]
        elif len(self.turns_done) == self.players:
            moves.append("salir")
        if jokers_on_table:
            moves.append("steal")
        return moves

    def _jokers_on_table(self) -> bool:
        return any(m.has_joker for m in self.table)

    def _why_not_in_play(self, seat: int, kind: str):
        """The refusal each action type not in `allowed(seat)` gets, in the handlers' order."""
        window = self.window
        if kind in ("buy", "pass"):
            if window is None:
                return refuse("no_buy_window")
            if seat not in window.priority:
                return refuse("own_discard" if seat == window.discarder else "no_buys_left")
            return refuse("already_answered")
        if self.phase == ROUND_OVER:
            return refuse("round_over")
        if seat != self.turn:
            return refuse("not_your_turn")
        if kind == "draw":
            return refuse("buy_window_open" if window else "already_drawn")
        if self.phase == DRAW:
            return refuse("buy_window_open" if window else "must_draw_first")
        if kind == "steal":
            return refuse("no_joker_on_table")
        if kind == "close":
            return refuse("cannot_close")
        if len(self.hands[seat]) == 1:
            return refuse("must_close")
        if kind == "salir":
            return refuse("already_salido" if self.salido[seat] else "opening_phase")
        if kind in BEFORE_SALIR:
            return refuse("must_salir_first", what=BEFORE_SALIR[kind])
        return None

    def _private_view(self, seat: int) -> dict:
        return views.private(self, seat)

    def _public_view(self) -> dict:
        return views.public(self)

    # ----- invariants (used by the simulator and the property tests) ------------------------

    def audit(self, full_deck: bool = True) -> list[str]:
        """What is wrong with the state, if anything (an empty list when all is well)."""
        return audit.problems(self, full_deck)

    # ----- secrecy (used by the contract tests) ----------------------------------------------

    def hidden_zones(self, reader) -> list[list]:
        """The live lists of cards `reader` (a seat, or None for the TV) may not see, neither
        which cards they hold nor in what order: the other hands and the stock."""
        return [hand for s, hand in enumerate(self.hands) if s != reader] + [self.stock]
