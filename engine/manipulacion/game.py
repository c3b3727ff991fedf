"""Rummy Manipulación: rearrange the table to empty your hand, under seven rule sets.

The rule sets are one table (`rulesets.py`): where they differ in what happens, the game asks
the rule set's objects — its turn, joker policy, first-play rule, scoring and end — and tests
no flag of its own.

The player in turn edits a private working copy of the table, one step at a time (move, split,
join, name: `editor.py`), then commits it with Listo (`done`) or drops it with Deshacer
(`undo`). The copy lives in the game state but only that player's view shows it; the TV sees
only that someone is thinking. Every handler checks everything first and only then changes the
state, so a refused action leaves the game exactly as it was.
"""
from __future__ import annotations

import copy
from collections import Counter

from engine.cards import JOKER, deck
from engine.game import GAME_OVER, ROUND_OVER, GameError, RoundGame
from engine.manipulacion import actions as A, audit
from engine.manipulacion.commit import NeedsChoice, Played, check_play
from engine.manipulacion.deal import check_deal
from engine.manipulacion.editor import Copy, Editor, changed, placed
from engine.manipulacion.info import INFO
from engine.manipulacion.melds import (
    arrange,
    card_words,
    check_group,
    classify,
    fmt,
    joker_names,
    parse_all,
)
from engine.manipulacion.messages import BUTTONS, REARRANGING, changes_words
from engine.manipulacion.options import OPTIONS
from engine.manipulacion.rulesets import CARRUSEL, KNOCK_LIMIT, ONE_ROUND, RULESETS, TO_150, RuleSet
from engine.messages import refuse

PLAY = "play"
MIN_PLAYERS, MAX_PLAYERS = 2, 5

SURRENDER_DRAW = 3              # "Retirar, robar 3"

def solver_hint(rules, table, hand, loose):
    """The default hint provider: the solver's `solve_hint`. Its module is loaded at the first
    reminder, not with the game: it brings HiGHS and numpy (most of a second), which a host
    that starts without playing Manipulación need not wait for. A failure is the caller's."""
    from engine.manipulacion.solver import solve_hint
    return solve_hint(rules, table, hand, loose)


class Manipulacion(RoundGame):
    name = "manipulacion"
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    bot_levels = ("facil", "normal", "dificil")
    info = INFO
    OPTIONS = OPTIONS
    FIRST_PHASE = PLAY
    SYSTEM_ACTIONS = frozenset({"end_game", "last_round"})
    # Whether a player has a play, for the reminder of "Bajar es obligatorio": a function
    # (rules, table, hand, loose) -> a hint (.card, .groups, .needs_rearranging) or None.
    # new(), from_deal() and replay() take another one (`hints=`). One that fails lets the
    # draw or pass through, as when it finds no play: the player is never stuck on it.
    default_hints = staticmethod(solver_hint)

    def __init__(self, players: int, options: dict | None = None, seed: int = 0,
                 hints=None):
        super().__init__(players, options, seed)
        self.hints = hints if hints is not None else type(self).default_hints
        self.rules: RuleSet = RULESETS[self.options["ruleset"]]
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.stock: list[int] = []           # the top is the end of the list
        self.table: list[list[int]] = []     # committed groups, each in display order
        self.loose: list[int] = []           # Tahití: single face-up cards
        self.opened = [False] * players      # Vaticano: has made the first play
        self.rounds_won = [0] * players
        self.round_results: list[dict] = []
        self.draws = 0                       # cards drawn this turn
        self.passes = 0                      # turns in a row ended by a pass
        self.final_turns: int | None = None  # Carrusel: turns left once the stock ran out
        self.copy: Copy | None = None
        self.ended_by_host = False

    # ----- creation -------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int, options: dict | None = None, seed: int = 0,
            hints=None) -> "Manipulacion":
        game = cls(players, options, seed, hints)
        deal = game.options.get("_deal")
        if deal is not None:
            deal = check_deal(game, deal)
        game.dealer = game._opening_dealer() if deal is None else deal["dealer"]
        game.first_dealer = game.dealer
        game._deal(deal)
        return game

    @classmethod
    def from_deal(cls, hands, stock="", *, table=(), loose="", ruleset=None, options=None,
                  dealer=None, turn=None, scores=None, rounds_won=None, round=1, draws=0,
                  opened=(), final_turns=None, passes=0, seed=0, hints=None
                  ) -> "Manipulacion":
        """A game set up by hand, for tests: card lists may be text (``"7h 8h *"``, table
        jokers named ``*9h``). `stock` is listed from its top; `table` holds groups (each must
        be valid); the player in turn is `turn` (default: the one after the dealer, who
        defaults to the last seat); `draws` are the cards already drawn this turn."""
        cards = cls.pieces
        options = dict(options or {})
        if ruleset is not None:
            options["ruleset"] = ruleset
        game = cls(len(hands), options, seed, hints)
        game.round = round - 1
        game.dealer = (len(hands) - 1) if dealer is None else dealer
        game.turn = (game.dealer + 1) % game.players if turn is None else turn
        game.hands = [cards(h) for h in hands]
        game.stock = list(reversed(cards(stock)))
        game.loose = cards(loose)
        for group in table:
            group = cards(group)
            check_group(group, game.rules.ace, game.rules.max_jokers_per_group)
            game.table.append(arrange(group, game.rules.ace))
        if scores is not None:
            game.scores = list(scores)
        if rounds_won is not None:
            game.rounds_won = list(rounds_won)
        for seat in opened:
            game.opened[seat] = True
        game.draws = draws
        game.final_turns = final_turns
        game.passes = passes
        return game

    def full_deck(self) -> list[int]:
        return sorted(deck(self.rules.packs(self.players), self.rules.jokers(self.players)))

    def _deal(self, explicit: dict | None = None) -> None:
        rules = self.rules
        if explicit is None:
            cards = deck(rules.packs(self.players), rules.jokers(self.players))
            self.rng.shuffle(cards)
            self.stock = list(cards)
            self.hands = [[] for _ in range(self.players)]
            # Shanghái deals in packets (3-3-3-1); the others one card at a time.
            packets = rules.deal if len(rules.deal) > 1 else (1,) * rules.hand_size
            for packet in packets:
                for k in range(1, self.players + 1):
                    seat = (self.dealer + k) % self.players
                    for _ in range(packet):
                        self.hands[seat].append(self.stock.pop())
            self.loose = [self.stock.pop() for _ in range(rules.loose_cards)]
        else:
            self.hands = [list(h) for h in explicit["hands"]]
            self.stock = list(reversed(explicit["stock"]))
            self.loose = list(explicit["loose"])
        self.table = [] if explicit is None else [list(g) for g in explicit["table"]]
        self.opened = [False] * self.players
        self.turn = (self.dealer + 1) % self.players
        self.phase = PLAY
        self.draws = 0
        self.passes = 0
        self.final_turns = None
        self.copy = None
        self._event("deal", self.dealer, round=self.round + 1)

    # ----- the server's view of the game ---------------------------------------------------

    ACTIONS = A.ACTIONS
    parse_action = staticmethod(A.coerce)
    parse_pieces = staticmethod(parse_all)

    @classmethod
    def replay(cls, players: int, options: dict | None, seed: int, log,
               hints=None) -> "Manipulacion":
        game = cls.new(players, options, seed, hints)
        for seat, action in log:
            game.apply(seat, action)
        return game

    def __deepcopy__(self, memo) -> "Manipulacion":
        """A copy shares the hint provider (a solver, or a test's stub), copies the rest."""
        memo[id(self.hints)] = self.hints
        clone = object.__new__(type(self))
        memo[id(self)] = clone
        for key, value in vars(self).items():
            setattr(clone, key, copy.deepcopy(value, memo))
        return clone

    def _standings(self) -> dict:
        return self.rules.game_end.result(self)

    # ----- small helpers --------------------------------------------------------------------

    def _hand_points(self, cards) -> int:
        return sum(self.rules.card_points(c) for c in cards)

    def _not_editing(self) -> None:
        if self.copy is not None:
            raise refuse("editing")

    def _may_edit(self, seat) -> None:
        self._my_turn(seat)
        if self.rules.turn.must_draw_first(self):
            raise refuse("must_draw_first")

    def _draw(self, n: int) -> list[int]:
        drawn: list[int] = []
        while self.stock and len(drawn) < n:
            drawn.append(self.stock.pop())
        return drawn

    def _unfinished_costs(self) -> bool:
        return "unfinished" in self.rules.options and self.options["unfinished"] == "retire"

    def _copy_changed(self, cp: Copy) -> bool:
        return changed(cp, self.table, self.loose)

    # ----- reminders (Bajar es obligatorio) --------------------------------------------------

    def _hint(self, seat):
        return self.hints(self.rules, [list(g) for g in self.table], list(self.hands[seat]),
                          tuple(self.loose))

    def _remind(self, seat, act) -> None:
        if not self.rules.turn.reminds or self.options["mandatory_play"] != "remind" \
                or act.confirm:
            return
        try:
            hint = self._hint(seat)
        except Exception:       # a reminder is a courtesy: it never blocks a turn
            hint = None
        if hint is None:
            # Accepted because no play was found (or none could be looked for): logged as
            # confirmed, so that a replay never asks the solver again (a solver that changed
            # would refuse it).
            self._as_logged = type(act)(confirm=True)
            return
        raise NeedsChoice(
            "play_available",
            {"hint": {"card": fmt(hint.card), "groups": list(hint.groups),
                      "needs_rearranging": bool(hint.needs_rearranging)}},
            card=card_words(hint.card), groups=changes_words(hint.groups),
            rearranging=REARRANGING[bool(hint.needs_rearranging)], button=BUTTONS[act.type])

    # ----- drawing, passing, surrendering ----------------------------------------------------

    def _do_draw(self, seat, act) -> None:
        self._my_turn(seat)
        self._not_editing()
        turn = self.rules.turn
        if not self.stock:
            raise refuse("stock_empty")
        turn.check_draw(self, seat)
        self._remind(seat, act)
        drawn = self._draw(turn.cards_per_draw)
        self.hands[seat].extend(drawn)
        self.draws += len(drawn)
        self._event("draw", seat, cards=len(drawn))
        if turn.draw_ends_turn(self):
            self._end_turn(played=False, passed=False)

    def _do_pass(self, seat, act) -> None:
        self._my_turn(seat)
        self._not_editing()
        if self.stock and self.final_turns is None:
            raise refuse("stock_not_empty")
        self._remind(seat, act)
        self._event("pass", seat)
        self._end_turn(played=False, passed=True)

    def _do_undo(self, seat, act) -> None:
        self._my_turn(seat)
        if self.copy is None:
            raise refuse("not_editing")
        if self._unfinished_costs() and self._copy_changed(self.copy):
            if not act.confirm:
                raise refuse("confirm_surrender", count=SURRENDER_DRAW)
            self.copy = None
            drawn = self._draw(SURRENDER_DRAW)
            self.hands[seat].extend(drawn)
            self._event("surrender", seat, cards=len(drawn))
            self._end_turn(played=False, passed=not drawn)
            return
        self.copy = None

    # ----- the working copy (editor.py) ----------------------------------------------------

    def _editor(self, seat) -> Editor:
        return Editor(self.rules, self.table, self.hands[seat], self.loose, self.copy)

    def _placed(self, seat, cp: Copy) -> Counter:
        return placed(self.hands[seat], cp)

    def _do_move(self, seat, act) -> None:
        self._may_edit(seat)
        self.copy = self._editor(seat).move(act.card, act.source, act.target)

    def _do_split(self, seat, act) -> None:
        self._may_edit(seat)
        self.copy = self._editor(seat).split(act.group, act.at)

    def _do_join(self, seat, act) -> None:
        self._may_edit(seat)
        self.copy = self._editor(seat).join(act.group, act.other)

    def _do_name(self, seat, act) -> None:
        self._may_edit(seat)
        self.copy = self._editor(seat).name(act.group, act.card, act.name)

    # ----- playing ----------------------------------------------------------------------------

    checker = staticmethod(check_play)      # the search's worlds remember its answers

    def _check_copy(self, seat, groups, loose=None) -> Played:
        return self.checker(self.rules, self.table, self.loose, self.hands[seat], groups,
                            loose, self.opened[seat])

    def _commit(self, seat, played: Played) -> None:
        self.table = played.groups
        self.hands[seat] = played.hand
        self.loose = played.loose
        self.opened[seat] = True
        self.copy = None
        self.passes = 0
        self._event("play", seat, cards=[fmt(c) for c in played.placed],
                    groups=len(played.groups))

    def _after_play(self, seat) -> None:
        if not self.hands[seat]:
            self._end_round(out=seat)
            return
        if self.rules.turn.draws_after_play:
            drawn = self._draw(self.rules.turn.draws_after_play)
            if drawn:
                self.hands[seat].extend(drawn)
                self._event("draw", seat, cards=len(drawn))
        self._end_turn(played=True, passed=False)

    def _do_done(self, seat, act) -> None:
        self._may_edit(seat)
        if self.copy is None:
            raise refuse("not_editing")
        played = self._check_copy(seat, self.copy.groups, self.copy.loose)
        self._commit(seat, played)
        self._after_play(seat)

    def _do_set_table(self, seat, act) -> None:
        self._may_edit(seat)
        played = self._check_copy(seat, act.table, act.loose)
        self._commit(seat, played)
        self._after_play(seat)

    def _can_close(self, seat, hand) -> bool:
        return self.rules.turn.may_knock(self, hand)

    def _do_close(self, seat, act) -> None:
        self._may_edit(seat)
        if not self.rules.turn.knocks:
            raise refuse("no_close")
        if self.final_turns is not None:
            raise refuse("no_close_final_turns")
        played = None
        if self.copy is not None and self._copy_changed(self.copy):
            played = self._check_copy(seat, self.copy.groups, self.copy.loose)
        left = played.hand if played else self.hands[seat]
        if not self._can_close(seat, left):
            points = self._hand_points(left)
            raise refuse("too_many_points", most=KNOCK_LIMIT, points=points)
        if played:
            self._commit(seat, played)
        self.copy = None
        if not self.hands[seat]:
            self._end_round(out=seat)
        else:
            self._event("close", seat)
            self._end_round(closer=seat)

    # ----- turns, rounds and the end ---------------------------------------------------------

    def _end_turn(self, played: bool, passed: bool) -> None:
        self.copy = None
        if played:
            self.passes = 0
        if passed:
            self.passes += 1
        if self.rules.turn.after_turn(self):
            return
        self.turn = (self.turn + 1) % self.players
        self.draws = 0

    def _end_round(self, out=None, closer=None, blocked=False, final=False) -> None:
        n = self.players
        hand_points = [self._hand_points(h) for h in self.hands]
        points, winners = self.rules.score.round(self, hand_points, out, closer)
        for s in range(n):
            self.scores[s] += points[s]
        self.round_results.append({
            "round": self.round + 1, "out": out, "closer": closer, "blocked": blocked,
            "final_turns": final, "winners": winners, "hand_points": hand_points,
            "points": points, "hands": [[fmt(c) for c in h] for h in self.hands],
            "totals": list(self.scores)})
        self.copy = None
        self.final_turns = None
        over = self.rules.game_end.over(self) or self.final_round
        self.phase = GAME_OVER if over else ROUND_OVER
        self._event("round_end", out if out is not None else closer, round=self.round + 1,
                    points=points, winners=winners, blocked=blocked)
        if over:
            self._event("game_end", None, winners=self._standings()["winners"])

    def _ends_with_this_round(self) -> bool:
        return self.rules.end == ONE_ROUND

    def _do_end_game(self, seat, act) -> None:
        """Shanghái has no fixed end: the host (seat None) ends it between rounds."""
        if seat is not None:
            raise refuse("host_only")
        if not self.rules.game_end.host_ends:
            raise refuse("cannot_end_game")
        if self.phase != ROUND_OVER:
            raise refuse("round_not_over")
        self.ended_by_host = True
        self.phase = GAME_OVER
        self.ready = set()
        self._event("game_end", None, winners=self._standings()["winners"])

    # ----- views ----------------------------------------------------------------------------

    def allowed(self, seat) -> list[str]:
        """The action types `seat` may try now (the buttons a phone enables)."""
        if self.phase == GAME_OVER:
            return []
        if self.phase == ROUND_OVER:
            return [] if seat in self.ready else ["next_round"]
        if seat != self.turn:
            return []
        edits = ["move", "split", "join"] \
            + (["name"] if self.rules.joker_policy.has_jokers else []) + ["set_table"]
        if self.copy is not None:
            moves = edits + ["done", "undo"]
            if self._can_close(seat, self.copy.hand):
                moves.append("close")
            return moves
        return self.rules.turn.moves(self, seat, edits)

    def _why_not_in_play(self, seat: int, kind: str):
        """The refusal each action type not in `allowed(seat)` gets, in the handlers' order."""
        if self.phase == ROUND_OVER:
            return refuse("round_over")
        if seat != self.turn:
            return refuse("not_your_turn")
        turn = self.rules.turn
        if kind in ("draw", "pass"):
            if self.copy is not None:
                return refuse("editing")
            if kind == "pass":
                return refuse("stock_not_empty")
            if not self.stock:
                return refuse("stock_empty")
            return refuse("draw_is_close", most=KNOCK_LIMIT)      # Carrusel: Cerrar instead
        if kind == "undo":
            return refuse("not_editing")
        if turn.must_draw_first(self):
            return refuse("must_draw_first")
        if kind == "name":
            return refuse("no_jokers")
        if kind == "done":
            return refuse("not_editing")
        if kind == "close":
            if not turn.knocks:
                return refuse("no_close")
            if self.final_turns is not None:
                return refuse("no_close_final_turns")
            hand = self.hands[seat]
            if self.copy is not None and self._copy_changed(self.copy):
                try:        # Cerrar plays the copy first: a copy that does not hold says so
                    hand = self._check_copy(seat, self.copy.groups, self.copy.loose).hand
                except GameError as error:
                    return error
            return refuse("too_many_points", most=KNOCK_LIMIT, points=self._hand_points(hand))
        return None

    def _copy_view(self, seat) -> dict:
        cp = self.copy
        assert cp is not None
        ace = self.rules.ace
        groups = []
        for g, origin in zip(cp.groups, cp.origin, strict=True):
            kind = classify(g, ace)
            needs_name = JOKER in g and bool(joker_names(g, ace))
            groups.append({"cards": [fmt(x) for x in g], "kind": kind, "from": origin,
                           "valid": bool(kind) or needs_name, "needs_name": needs_name})
        return {"table": groups, "hand": [fmt(c) for c in cp.hand],
                "loose": [fmt(c) for c in cp.loose], "changed": self._copy_changed(cp),
                "placed": [fmt(c) for c in sorted(self._placed(seat, cp).elements())],
                "hand_points": self._hand_points(cp.hand),
                "steps": cp.steps}

    def _private_view(self, seat: int) -> dict:
        mine = seat == self.turn and self.copy is not None and self.phase == PLAY
        return {"hand": [fmt(c) for c in self.hands[seat]],
                "hand_points": self._hand_points(self.hands[seat]),
                "allowed": self.allowed(seat),
                "copy": self._copy_view(seat) if mine else None,
                "undo_surrenders": bool(mine and self.copy is not None
                                        and self._unfinished_costs()
                                        and self._copy_changed(self.copy))}

    def public_options(self) -> dict:
        return {"ruleset": self.rules.name,
                **{name: self.options[name] for name in self.rules.options}}

    def _public_view(self) -> dict:
        rules = self.rules
        players = []
        for s in range(self.players):
            entry = {"seat": s, "cards": len(self.hands[s]), "score": self.scores[s],
                     **rules.game_end.public(self, s), **rules.initial_meld.public(self.opened[s])}
            players.append(entry)
        return {
            "game": self.name,
            "ruleset": {"name": rules.name, "es": rules.title_es, "en": rules.title_en,
                        "ace": rules.ace, "turn": rules.turn.name, "end": rules.end,
                        "jokers": rules.jokers(self.players), "joker_rule": rules.joker_rule,
                        "hand_size": rules.hand_size, "scoring": rules.scoring},
            "options": self.public_options(),
            "target": rules.game_end.target(self),
            "players": players,
            "round": self.round + 1,
            "dealer": self.dealer,
            "turn": self.turn,
            "phase": self.phase,
            "table": [{"cards": [fmt(x) for x in g], "kind": classify(g, rules.ace)}
                      for g in self.table],
            "loose": [fmt(c) for c in self.loose],
            "stock": len(self.stock),
            "editing": self.copy is not None,
            "edit_steps": self.copy.steps if self.copy is not None else 0,
            "draws": self.draws,
            # What the screens show, decided here so no rule is re-derived in JS: the loose
            # cards' area (Tahití, even when empty), Carrusel's draw counter for the seat in
            # turn (None when it does not show), and how the standings read.
            "loose_area": rules.loose_cards > 0,
            "turn_draws": (self.draws if rules.turn.name == CARRUSEL and self.phase == PLAY
                           and self.final_turns is None and self.draws > 0 else None),
            "higher_wins": rules.end == TO_150,
            "multi_round": rules.end != ONE_ROUND,
            "host_ends_game": rules.game_end.host_ends,
            "scored": rules.scoring != "none",
            "passes": self.passes,
            "final_turns": self.final_turns,
            **self._round_view(),
        }

    # ----- invariants (used by the simulator and the property tests) ------------------------

    def audit(self, full_deck: bool = True) -> list[str]:
        """What is wrong with the state, if anything (an empty list when all is well)."""
        return audit.problems(self, full_deck)

    # ----- secrecy (used by the contract tests) ----------------------------------------------

    def hidden_zones(self, reader) -> list[list]:
        """The live lists of cards `reader` (a seat, or None for the TV) may not see, neither
        which cards they hold nor in what order: the other hands, the stock, and another
        seat's private working copy (its groups, hand and loose cards)."""
        zones = [hand for s, hand in enumerate(self.hands) if s != reader] + [self.stock]
        if self.copy is not None and reader != self.turn:
            zones += [*self.copy.groups, self.copy.hand, self.copy.loose]
        return zones
