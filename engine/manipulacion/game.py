"""Rummy Manipulación: rearrange the table to empty your hand, under seven rule sets.

The rule sets are one table of parameters (`rulesets.py`); this module holds the few hooks that
differ: the turn (`MUST_PLAY`, `PLAY_OR_DRAW`, `GUADALUPE`, `CARRUSEL`), the joker rules (in
`commit.py`) and the scoring and end of the game.

The player in turn edits a private working copy of the table, one step at a time (move, split,
join, name), then commits it with Listo (`done`) or drops it with Deshacer (`undo`). The copy
lives in the game state but only that player's view shows it; the TV sees only that someone is
thinking. Every handler checks everything first and only then changes the state, so a refused
action leaves the game exactly as it was.
"""
from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import dataclass

from engine.cards import JOKER, deck
from engine.game import Game, GameError, IllegalAction, Timer
from engine.manipulacion import actions as A
from engine.manipulacion.commit import NeedsChoice, Played, check_play, physical
from engine.manipulacion.info import INFO
from engine.manipulacion.melds import (
    HIGH, NAMED, arrange, check_group, classify, fmt, is_joker, joker_names, named, parse_all,
    stands_for,
)
from engine.manipulacion.rulesets import (
    CARRUSEL, DEFAULT, GUADALUPE, JOKERS_TAHITI, JOKERS_VATICANO, MUST_PLAY, ONE_ROUND,
    OPEN_ENDED, PLAY_OR_DRAW, RULESETS, TO_150, TO_TARGET, RuleSet,
)

PLAY, ROUND_OVER, GAME_OVER = "play", "round_over", "game_over"
EVENTS_IN_VIEW = 12
ROUND_PAUSE_SECONDS = 30        # the scores stay on the TV this long unless everyone is ready
MIN_PLAYERS, MAX_PLAYERS = 2, 5

GUADALUPE_DRAW = 2              # Guadalupe: draw two instead of playing
GUADALUPE_AFTER_PLAY = 1        # ... or play and draw one at the end
SURRENDER_DRAW = 3              # "Retirar, robar 3"
CARRUSEL_DRAWS = 3              # at most three draws a turn; the third ends it
KNOCK_LIMIT = 5                 # Carrusel: Cerrar with this many points or fewer
COUNTER_KNOCK = 10
OUT_BONUS = 25                  # Carrusel: emptying the hand
GOAL = 150                      # Carrusel: the game ends when a score reaches it
GOAL_BONUS = 100
ROUND_BONUS = 25

OPTION_VALUES = {
    "mandatory_play": ("remind", "trust"),
    "target": (200, 300),
    "unfinished": ("undo", "retire"),
}
DEFAULTS = {"ruleset": DEFAULT, "mandatory_play": "remind", "target": 200, "unfinished": "undo"}


def bad_option(es: str, en: str) -> IllegalAction:
    return IllegalAction("bad_option", es, en)


def check_options(options) -> dict:
    """The options with their defaults; an unknown option or value raises bad_option.
    Options that the chosen rule set does not use are checked and then ignored."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise bad_option("Opciones no válidas.", "Invalid options.")
    unknown = set(options) - set(DEFAULTS) - {"_deal"}
    if unknown:
        name = sorted(map(str, unknown))[0]
        raise bad_option(f"Opción desconocida: {name}.", f"Unknown option: {name}.")
    checked = dict(DEFAULTS)
    ruleset = options.get("ruleset", DEFAULT)
    if not isinstance(ruleset, str) or ruleset not in RULESETS:
        raise bad_option("Esas reglas no existen.", "No such rule set.")
    checked["ruleset"] = ruleset
    for name, values in OPTION_VALUES.items():
        if name in options:
            value = options[name]
            if isinstance(value, bool) or value not in values:
                shown = " / ".join(map(str, values))
                raise bad_option(f"«{name}» vale {shown}.", f"'{name}' is one of {shown}.")
            checked[name] = value
    if "_deal" in options:
        checked["_deal"] = options["_deal"]
    return checked


@dataclass
class Copy:
    """The player's private working copy of the table."""
    groups: list[list[int]]
    origin: list[int | None]     # the committed group each copy group started as (None: new)
    hand: list[int]
    loose: list[int]
    steps: int = 0


class Manipulacion(Game):
    name = "manipulacion"
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    bot_levels = ("facil", "normal")
    info = INFO

    def __init__(self, players: int, options: dict | None = None, seed: int = 0):
        self.check_player_count(players)
        self.players = players
        self.options = check_options(options)
        self.rules: RuleSet = RULESETS[self.options["ruleset"]]
        self.seed = seed
        self.rng = random.Random(seed)
        self.log: list = []
        self.events: list[dict] = []
        self.round = 0
        self.dealer = 0
        self.turn = 0
        self.phase = PLAY
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.stock: list[int] = []           # the top is the end of the list
        self.table: list[list[int]] = []     # committed groups, each in display order
        self.loose: list[int] = []           # Tahití: single face-up cards
        self.opened = [False] * players      # Vaticano: has made the first play
        self.scores = [0] * players
        self.rounds_won = [0] * players
        self.round_results: list[dict] = []
        self.draws = 0                       # cards drawn this turn
        self.passes = 0                      # turns in a row ended by a pass
        self.final_turns: int | None = None  # Carrusel: turns left once the stock ran out
        self.copy: Copy | None = None
        self.ready: set[int] = set()
        self.ended_by_host = False
        self._public: dict | None = None

    # ----- creation -------------------------------------------------------------------------

    @classmethod
    def new(cls, players: int, options: dict | None = None, seed: int = 0) -> "Manipulacion":
        game = cls(players, options, seed)
        deal = game.options.get("_deal")
        if deal is not None:
            deal = game._check_deal(deal)
        game.dealer = game.rng.randrange(players) if deal is None else deal["dealer"]
        game._deal(deal)
        return game

    @classmethod
    def from_deal(cls, hands, stock="", *, table=(), loose="", ruleset=None, options=None,
                  dealer=None, turn=None, scores=None, rounds_won=None, round=1, draws=0,
                  opened=(), final_turns=None, passes=0, seed=0) -> "Manipulacion":
        """A game set up by hand, for tests: card lists may be text (``"7h 8h *"``, table
        jokers named ``*9h``). `stock` is listed from its top; `table` holds groups (each must
        be valid); the player in turn is `turn` (default: the one after the dealer, who
        defaults to the last seat); `draws` are the cards already drawn this turn."""
        def cards(value):
            return parse_all(value) if isinstance(value, str) else list(value)

        options = dict(options or {})
        if ruleset is not None:
            options["ruleset"] = ruleset
        game = cls(len(hands), options, seed)
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

    def _check_deal(self, deal) -> dict:
        """The `_deal` option (tests and lessons): round 1 dealt as given instead of shuffled.
        {"dealer": 0, "hands": ["7h 8h ...", ...], "stock": "top first ...", "loose": "..."};
        together they must be exactly this game's cards."""
        bad = bad_option("Reparto no válido.", "Invalid deal.")
        if not isinstance(deal, dict) or not isinstance(deal.get("hands"), list) \
                or len(deal["hands"]) != self.players:
            raise bad
        dealer = deal.get("dealer", 0)
        if isinstance(dealer, bool) or not isinstance(dealer, int) \
                or not 0 <= dealer < self.players:
            raise bad
        try:
            hands = [parse_all(h) for h in deal["hands"]]
            stock = parse_all(deal.get("stock", ""))
            loose = parse_all(deal.get("loose", ""))
        except (ValueError, AttributeError, TypeError):
            raise bad from None
        everything = sum(hands, []) + stock + loose
        if any(x >= NAMED for x in everything) or sorted(everything) != self.full_deck() \
                or len(loose) != self.rules.loose_cards:
            raise bad
        return {"dealer": dealer, "hands": hands, "stock": stock, "loose": loose}

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
        self.table = []
        self.opened = [False] * self.players
        self.turn = (self.dealer + 1) % self.players
        self.phase = PLAY
        self.draws = 0
        self.passes = 0
        self.final_turns = None
        self.copy = None
        self._event("deal", self.dealer, round=self.round + 1)

    # ----- the server's view of the game ---------------------------------------------------

    def actors(self) -> list[int | None]:
        if self.phase == GAME_OVER:
            return []
        if self.phase == ROUND_OVER:
            return [*(s for s in range(self.players) if s not in self.ready), None]
        return [self.turn]

    def timers(self) -> list[Timer]:
        if self.phase == ROUND_OVER:
            return [Timer("next_round", ROUND_PAUSE_SECONDS, {"type": "next_round"})]
        return []

    parse_action = staticmethod(A.coerce)

    def result(self) -> dict | None:
        if self.phase != GAME_OVER:
            return None
        end = self.rules.end
        if end == ONE_ROUND:
            last = self.round_results[-1]
            scores, winners = list(last["points"]), list(last["winners"])
            ranking = sorted(range(self.players), key=lambda s: (scores[s], s))
            return {"scores": scores, "winners": winners, "tie": len(winners) > 1,
                    "ranking": ranking}
        if end == TO_150:
            finals = [score + (GOAL_BONUS if score >= GOAL else 0) + ROUND_BONUS * won
                      for score, won in zip(self.scores, self.rounds_won)]
            best = max(finals)
            winners = [s for s, v in enumerate(finals) if v == best]
            ranking = sorted(range(self.players), key=lambda s: (-finals[s], s))
            return {"scores": finals, "winners": winners, "tie": len(winners) > 1,
                    "ranking": ranking, "points": list(self.scores),
                    "rounds_won": list(self.rounds_won)}
        best = min(self.scores)
        winners = [s for s, v in enumerate(self.scores) if v == best]
        ranking = sorted(range(self.players), key=lambda s: (self.scores[s], s))
        return {"scores": list(self.scores), "winners": winners, "tie": len(winners) > 1,
                "ranking": ranking}

    # ----- small helpers --------------------------------------------------------------------

    def _event(self, kind: str, seat, **extra) -> None:
        self.events.append({"n": len(self.events), "type": kind, "seat": seat, **extra})

    def _hand_points(self, cards) -> int:
        return sum(self.rules.card_points(c) for c in cards)

    def _my_turn(self, seat) -> None:
        if seat is None:
            raise IllegalAction("system_only", "Esa jugada la hace un jugador.",
                                "A player makes that move.")
        if self.phase == ROUND_OVER:
            raise IllegalAction("round_over", "La ronda ha terminado.", "The round is over.")
        if seat != self.turn:
            raise IllegalAction("not_your_turn", "No es tu turno.", "It is not your turn.")

    def _not_editing(self) -> None:
        if self.copy is not None:
            raise IllegalAction("editing",
                                "Estás cambiando la mesa: toca Listo o Deshacer primero.",
                                "You are changing the table: tap Done or Undo first.")

    def _carrusel_before_draw(self) -> bool:
        return (self.rules.turn == CARRUSEL and self.draws == 0 and self.final_turns is None
                and bool(self.stock))

    def _may_edit(self, seat) -> None:
        self._my_turn(seat)
        if self._carrusel_before_draw():
            raise IllegalAction("must_draw_first", "Primero tienes que robar.",
                                "You have to draw first.")

    def _draw(self, n: int) -> list[int]:
        drawn = []
        while self.stock and len(drawn) < n:
            drawn.append(self.stock.pop())
        return drawn

    def _unfinished_costs(self) -> bool:
        return "unfinished" in self.rules.options and self.options["unfinished"] == "retire"

    def _copy_changed(self, cp: Copy) -> bool:
        return (sorted(sorted(g) for g in cp.groups) != sorted(sorted(g) for g in self.table)
                or sorted(cp.loose) != sorted(self.loose))

    # ----- reminders (Bajar es obligatorio) --------------------------------------------------

    def _hint(self, seat):
        """The solver's hint for `seat`, or None. The reminder is a courtesy: a missing solver
        or a failure inside it never stops a draw or a pass."""
        try:
            from engine.manipulacion.solver import solve_hint
        except ImportError:
            return None
        try:
            return solve_hint(self.rules, [list(g) for g in self.table],
                              list(self.hands[seat]), tuple(self.loose))
        except Exception:           # noqa: BLE001 — see the docstring
            return None

    def _remind(self, seat, act, verb_es: str, verb_en: str) -> None:
        if self.rules.turn != MUST_PLAY or self.options["mandatory_play"] != "remind" \
                or act.confirm:
            return
        hint = self._hint(seat)
        if hint is None:
            return
        groups = [g + 1 for g in hint.groups]
        where_es = where_en = ""
        if groups:
            listed = ", ".join(map(str, groups))
            where_es = f" (cambia {'el grupo' if len(groups) == 1 else 'los grupos'} {listed})"
            where_en = f" (it changes group{'s' if len(groups) > 1 else ''} {listed})"
        rearrange_es = (" Hace falta reorganizar la mesa." if hint.needs_rearranging
                        else " No hace falta reorganizar la mesa.")
        rearrange_en = (" It needs rearranging the table." if hint.needs_rearranging
                        else " No rearranging is needed.")
        raise NeedsChoice(
            "play_available",
            f"Tienes jugada: puedes jugar {fmt(hint.card)}{where_es}.{rearrange_es} "
            f"Toca {verb_es} otra vez para seguir de todos modos.",
            f"You have a play: you can play {fmt(hint.card)}{where_en}.{rearrange_en} "
            f"Tap {verb_en} again to go ahead anyway.",
            {"hint": {"card": fmt(hint.card), "groups": list(hint.groups),
                      "needs_rearranging": bool(hint.needs_rearranging)}})

    # ----- drawing, passing, surrendering ----------------------------------------------------

    def _do_draw(self, seat, act) -> None:
        self._my_turn(seat)
        self._not_editing()
        rules = self.rules
        if not self.stock:
            raise IllegalAction("stock_empty", "El mazo está vacío: pasa.",
                                "The stock is empty: pass.")
        if rules.turn == CARRUSEL and self.draws \
                and self._hand_points(self.hands[seat]) <= KNOCK_LIMIT:
            raise IllegalAction("draw_is_close",
                                f"Tienes {KNOCK_LIMIT} puntos o menos: Robar pasa a ser "
                                "Cerrar (o baja).",
                                f"You hold {KNOCK_LIMIT} points or less: Draw becomes Knock "
                                "(or play).")
        self._remind(seat, act, "Robar", "Draw")
        count = GUADALUPE_DRAW if rules.turn == GUADALUPE else 1
        drawn = self._draw(count)
        self.hands[seat].extend(drawn)
        self.draws += len(drawn)
        self._event("draw", seat, cards=len(drawn))
        if rules.turn in (PLAY_OR_DRAW, GUADALUPE) or \
                (rules.turn == CARRUSEL and self.draws >= CARRUSEL_DRAWS):
            self._end_turn(played=False, passed=False)

    def _do_pass(self, seat, act) -> None:
        self._my_turn(seat)
        self._not_editing()
        if self.stock and self.final_turns is None:
            raise IllegalAction("stock_not_empty", "Aún quedan cartas en el mazo: roba.",
                                "The stock still has cards: draw.")
        self._remind(seat, act, "Pasar", "Pass")
        self._event("pass", seat)
        self._end_turn(played=False, passed=True)

    def _do_undo(self, seat, act) -> None:
        self._my_turn(seat)
        if self.copy is None:
            raise IllegalAction("not_editing", "No hay nada que deshacer.", "Nothing to undo.")
        if self._unfinished_costs() and self._copy_changed(self.copy):
            if not act.confirm:
                raise IllegalAction(
                    "confirm_surrender",
                    f"Ya has cambiado la mesa: Deshacer es Rendirse (+{SURRENDER_DRAW}). "
                    f"Tócalo otra vez para dejar la mesa como estaba y robar {SURRENDER_DRAW} "
                    "cartas; tu turno termina.",
                    f"You have changed the table: Undo is Give up (+{SURRENDER_DRAW}). Tap it "
                    f"again to put the table back and draw {SURRENDER_DRAW} cards; your turn "
                    "ends.")
            self.copy = None
            drawn = self._draw(SURRENDER_DRAW)
            self.hands[seat].extend(drawn)
            self._event("surrender", seat, cards=len(drawn))
            self._end_turn(played=False, passed=not drawn)
            return
        self.copy = None

    # ----- the working copy -----------------------------------------------------------------

    def _working(self, seat) -> Copy:
        if self.copy is not None:
            return copy.deepcopy(self.copy)
        return Copy([list(g) for g in self.table], list(range(len(self.table))),
                    list(self.hands[seat]), list(self.loose))

    @staticmethod
    def _group_index(cp: Copy, index) -> int:
        if not isinstance(index, int) or not 0 <= index < len(cp.groups):
            raise IllegalAction("no_such_group", "Ese grupo no existe.",
                                "There is no such group.")
        return index

    def _tidy(self, group: list[int]) -> list[int]:
        """A group in display order: a valid one as it is laid out, any other by suit and rank
        (unnamed jokers last)."""
        if classify(group, self.rules.ace):
            return arrange(group, self.rules.ace)
        high = self.rules.ace == HIGH

        def key(x):
            if x == JOKER:
                return (9, 99)
            card = stands_for(x)
            rank = 14 if high and card.rank == 1 else card.rank
            return (card.suit, rank)
        return sorted(group, key=key)

    def _placed(self, seat, cp: Copy) -> Counter:
        return Counter(self.hands[seat]) - Counter(cp.hand)

    def _real_on_copy(self, cp: Copy, card) -> int:
        return sum(g.count(card) for g in cp.groups)

    def _joker_is_new(self, cp: Copy, x: int) -> bool:
        """A named joker that the player put down this turn (more of it than on the table)."""
        return sum(g.count(x) for g in cp.groups) > sum(g.count(x) for g in self.table)

    def _joker_free(self, seat, cp: Copy, x: int) -> bool:
        """May this named joker leave its card? (Its real card is on the table — Tahití: put
        down from the hand.)"""
        if x < NAMED or self._joker_is_new(cp, x):
            return True
        card = stands_for(x)
        if self.rules.joker_rule == JOKERS_TAHITI:
            return self._placed(seat, cp)[card] > 0
        return self._real_on_copy(cp, card) > 0

    def _frozen(self, seat, cp: Copy, k: int) -> bool:
        """Tahití: copy group k started as a group with a joker that is not yet freed."""
        if self.rules.joker_rule != JOKERS_TAHITI or cp.origin[k] is None:
            return False
        jokers = [x for x in self.table[cp.origin[k]] if x >= NAMED]
        if not jokers:
            return False
        card = stands_for(jokers[0])
        return not (card in cp.groups[k] and self._placed(seat, cp)[card] > 0)

    def _refuse_frozen(self) -> None:
        raise IllegalAction("group_frozen",
                            "Un grupo con comodín no se reorganiza: solo admite cartas de tu "
                            "mano, hasta que pongas desde la mano la carta real del comodín.",
                            "A group with a joker cannot be rearranged: it takes only cards from "
                            "your hand, until you put the joker's real card down from your hand.")

    def _refuse_joker_stays(self, x: int) -> None:
        card = fmt(stands_for(x))
        raise IllegalAction("joker_stays",
                            f"Este comodín ({card}) no se mueve de su grupo hasta que el {card} "
                            "de verdad esté en la mesa.",
                            f"This joker ({card}) stays in its group until the real {card} is "
                            "on the table.")

    def _finish_edit(self, cp: Copy, touched) -> None:
        for k in sorted(set(touched)):
            if 0 <= k < len(cp.groups):
                cp.groups[k] = self._tidy(cp.groups[k])
        keep = [k for k, g in enumerate(cp.groups) if g]
        cp.groups = [cp.groups[k] for k in keep]
        cp.origin = [cp.origin[k] for k in keep]
        cp.steps += 1
        self.copy = cp

    def _do_move(self, seat, act) -> None:
        self._may_edit(seat)
        cp = self._working(seat)
        x, source, target = act.card, act.source, act.target
        if source == target:
            raise IllegalAction("same_place", "La carta ya está ahí.",
                                "The card is already there.")
        if isinstance(target, int):
            self._group_index(cp, target)
        free = x < NAMED or source == "hand" or self._joker_free(seat, cp, x)
        # Take the card.
        if source == "hand":
            if physical(x) not in cp.hand:
                raise IllegalAction("card_not_in_hand", f"No tienes {fmt(physical(x))} en la mano.",
                                    f"You do not hold {fmt(physical(x))}.")
            if target == "loose":
                raise IllegalAction("not_loose", "Una carta de tu mano no va a las sueltas.",
                                    "A card from your hand does not go to the loose cards.")
            cp.hand.remove(physical(x))
        elif source == "loose":
            if x not in cp.loose:
                raise IllegalAction("card_not_there", f"{fmt(x)} no está entre las sueltas.",
                                    f"{fmt(x)} is not among the loose cards.")
            cp.loose.remove(x)
        else:
            k = self._group_index(cp, source)
            if x not in cp.groups[k]:
                raise IllegalAction("card_not_there", f"{fmt(x)} no está en ese grupo.",
                                    f"{fmt(x)} is not in that group.")
            if self._frozen(seat, cp, k):
                after = list(cp.groups[k])
                after.remove(x)
                if Counter(self.table[cp.origin[k]]) - Counter(after):
                    self._refuse_frozen()
            if self.rules.joker_rule == JOKERS_VATICANO and not free:
                self._refuse_joker_stays(x)
            cp.groups[k].remove(x)
        # Put it down.
        if target == "hand":
            if not free:
                self._refuse_never_to_hand()
            if cp.hand.count(physical(x)) >= self.hands[seat].count(physical(x)):
                self._refuse_never_to_hand()
            cp.hand.append(physical(x))
        elif target == "loose":
            if cp.loose.count(physical(x)) >= self.loose.count(physical(x)):
                raise IllegalAction("not_loose", "Solo vuelven a las sueltas las que lo eran.",
                                    "Only cards that were loose go back there.")
            cp.loose.append(physical(x))
        elif target == "new":
            cp.groups.append([x])
            cp.origin.append(None)
        else:
            if self._frozen(seat, cp, target) and (
                    source == "loose" or not self._placed(seat, cp)[physical(x)]):
                self._refuse_frozen()
            cp.groups[target].append(x)
        touched = [t for t in (source, target) if isinstance(t, int)]
        self._finish_edit(cp, touched)

    def _refuse_never_to_hand(self) -> None:
        raise IllegalAction("never_to_hand",
                            "Una carta de la mesa nunca va a la mano; solo vuelven las que "
                            "pusiste tú en este turno.",
                            "A card from the table never goes to a hand; only the ones you put "
                            "down this turn come back.")

    def _do_split(self, seat, act) -> None:
        self._may_edit(seat)
        cp = self._working(seat)
        k = self._group_index(cp, act.group)
        group = cp.groups[k]
        if not 0 < act.at < len(group):
            raise IllegalAction("bad_split", "Separa el grupo entre dos de sus cartas.",
                                "Split the group between two of its cards.")
        if self._frozen(seat, cp, k):
            self._refuse_frozen()
        cp.groups[k:k + 1] = [group[:act.at], group[act.at:]]
        cp.origin.insert(k + 1, None)
        self._finish_edit(cp, [k, k + 1])

    def _do_join(self, seat, act) -> None:
        self._may_edit(seat)
        cp = self._working(seat)
        k = self._group_index(cp, act.group)
        other = self._group_index(cp, act.other)
        if k == other:
            raise IllegalAction("same_place", "Es el mismo grupo.", "That is the same group.")
        if self._frozen(seat, cp, other):
            self._refuse_frozen()
        if self._frozen(seat, cp, k) and \
                Counter(physical(x) for x in cp.groups[other]) - self._placed(seat, cp):
            self._refuse_frozen()
        cp.groups[k] = cp.groups[k] + cp.groups[other]
        cp.groups[other] = []
        self._finish_edit(cp, [k])

    def _do_name(self, seat, act) -> None:
        self._may_edit(seat)
        if self.rules.joker_rule is None:
            raise IllegalAction("no_jokers", "Estas reglas no tienen comodines.",
                                "These rules have no jokers.")
        cp = self._working(seat)
        k = self._group_index(cp, act.group)
        x = act.card
        if not is_joker(x) or x not in cp.groups[k]:
            raise IllegalAction("card_not_there", "Ese comodín no está en ese grupo.",
                                "That joker is not in that group.")
        if not self._joker_free(seat, cp, x):
            card = fmt(stands_for(x))
            raise IllegalAction("joker_not_free",
                                f"El comodín que hace de {card} solo cambia de carta cuando el "
                                f"{card} de verdad está en la mesa.",
                                f"The joker standing for {card} changes its card only once the "
                                f"real {card} is on the table.")
        group = cp.groups[k]
        group[group.index(x)] = JOKER if act.name == JOKER else named(act.name)
        self._finish_edit(cp, [k])

    # ----- playing ----------------------------------------------------------------------------

    def _check_copy(self, seat, groups, loose=None) -> Played:
        return check_play(self.rules, self.table, self.loose, self.hands[seat], groups,
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
        if self.rules.turn == GUADALUPE:
            drawn = self._draw(GUADALUPE_AFTER_PLAY)
            if drawn:
                self.hands[seat].extend(drawn)
                self._event("draw", seat, cards=len(drawn))
        self._end_turn(played=True, passed=False)

    def _do_done(self, seat, act) -> None:
        self._may_edit(seat)
        if self.copy is None:
            raise IllegalAction("not_editing",
                                "Aún no has cambiado nada: pon cartas de tu mano en la mesa.",
                                "You have not changed anything yet: put cards from your hand "
                                "on the table.")
        played = self._check_copy(seat, self.copy.groups, self.copy.loose)
        self._commit(seat, played)
        self._after_play(seat)

    def _do_set_table(self, seat, act) -> None:
        self._may_edit(seat)
        played = self._check_copy(seat, act.table, act.loose)
        self._commit(seat, played)
        self._after_play(seat)

    def _can_close(self, seat, hand) -> bool:
        return (self.rules.turn == CARRUSEL and 0 < self.draws < CARRUSEL_DRAWS
                and self.final_turns is None and self._hand_points(hand) <= KNOCK_LIMIT)

    def _do_close(self, seat, act) -> None:
        self._may_edit(seat)
        if self.rules.turn != CARRUSEL:
            raise IllegalAction("no_close", "En estas reglas no se cierra.",
                                "These rules have no knocking.")
        if self.final_turns is not None:
            raise IllegalAction("no_close_final_turns", "En los últimos turnos nadie cierra.",
                                "Nobody knocks in the final turns.")
        played = None
        if self.copy is not None and self._copy_changed(self.copy):
            played = self._check_copy(seat, self.copy.groups, self.copy.loose)
        left = played.hand if played else self.hands[seat]
        if not self._can_close(seat, left):
            points = self._hand_points(left)
            raise IllegalAction("too_many_points",
                                f"Para cerrar hacen falta {KNOCK_LIMIT} puntos o menos "
                                f"(tienes {points}).",
                                f"Knocking needs {KNOCK_LIMIT} points or less (you have "
                                f"{points}).")
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
        if self.rules.turn == CARRUSEL:
            if self.final_turns is not None:
                self.final_turns -= 1
                if self.final_turns <= 0:
                    self._end_round(final=True)
                    return
            elif not self.stock:
                self.final_turns = self.players
                self._event("final_turns", self.turn, turns=self.players)
        elif self.passes >= self.players:
            self._end_round(blocked=True)
            return
        self.turn = (self.turn + 1) % self.players
        self.draws = 0

    def _end_round(self, out=None, closer=None, blocked=False, final=False) -> None:
        n = self.players
        hand_points = [self._hand_points(h) for h in self.hands]
        if self.rules.scoring == "carrusel":
            points = [0] * n
            if out is not None:
                winners = [out]
                points[out] = sum(hand_points) + OUT_BONUS
            else:
                low = min(hand_points)
                winners = [s for s in range(n) if hand_points[s] == low]
                if closer is not None and closer in winners and len(winners) > 1:
                    winners.remove(closer)
                counter = closer is not None and closer not in winners
                for w in winners:
                    points[w] = sum(hand_points[o] - hand_points[w] for o in range(n)) \
                        + (COUNTER_KNOCK if counter else 0)
            for w in winners:
                self.rounds_won[w] += 1
        else:
            points = list(hand_points)
            if out is not None:
                winners = [out]
            else:
                low = min(hand_points)
                winners = [s for s in range(n) if hand_points[s] == low]
        for s in range(n):
            self.scores[s] += points[s]
        self.round_results.append({
            "round": self.round + 1, "out": out, "closer": closer, "blocked": blocked,
            "final_turns": final, "winners": winners, "hand_points": hand_points,
            "points": points, "hands": [[fmt(c) for c in h] for h in self.hands],
            "totals": list(self.scores)})
        self.copy = None
        self.final_turns = None
        end = self.rules.end
        over = (end == ONE_ROUND
                or (end == TO_TARGET and max(self.scores) >= self.options["target"]
                    and self.scores.count(min(self.scores)) == 1)
                or (end == TO_150 and max(self.scores) >= GOAL))
        self.phase = GAME_OVER if over else ROUND_OVER
        self._event("round_end", out if out is not None else closer, round=self.round + 1,
                    points=points, winners=winners, blocked=blocked)
        if over:
            self._event("game_end", None, winners=self.result()["winners"])

    def _do_end_game(self, seat, act) -> None:
        """Shanghái has no fixed end: the host (seat None) ends it between rounds."""
        if seat is not None:
            raise IllegalAction("system_only", "La partida la da por terminada el anfitrión.",
                                "The host ends the game.")
        if self.rules.end != OPEN_ENDED:
            raise IllegalAction("cannot_end_game", "Esta partida termina sola.",
                                "This game ends by itself.")
        if self.phase != ROUND_OVER:
            raise IllegalAction("round_not_over",
                                "La partida se termina entre rondas.",
                                "The game is ended between rounds.")
        self.ended_by_host = True
        self.phase = GAME_OVER
        self.ready = set()
        self._event("game_end", None, winners=self.result()["winners"])

    # ----- views ----------------------------------------------------------------------------

    def allowed(self, seat) -> list[str]:
        """The action types `seat` may try now (the buttons a phone enables)."""
        if self.phase == GAME_OVER:
            return []
        if self.phase == ROUND_OVER:
            return [] if seat in self.ready else ["next_round"]
        if seat != self.turn:
            return []
        edits = ["move", "split", "join"] + (["name"] if self.rules.joker_rule else []) \
            + ["set_table"]
        if self.copy is not None:
            moves = edits + ["done", "undo"]
            if self._can_close(seat, self.copy.hand):
                moves.append("close")
            return moves
        if self._carrusel_before_draw():
            return ["draw"]
        if self.rules.turn != CARRUSEL:
            return (["draw"] if self.stock else ["pass"]) + edits
        moves = list(edits)
        if self._can_close(seat, self.hands[seat]):
            moves.append("close")
        elif self.stock and self.final_turns is None:
            moves.append("draw")
        if not self.stock or self.final_turns is not None:
            moves.append("pass")
        return moves

    def _copy_view(self, seat) -> dict:
        cp = self.copy
        ace = self.rules.ace
        groups = []
        for g, origin in zip(cp.groups, cp.origin):
            kind = classify(g, ace)
            needs_name = JOKER in g and bool(joker_names(g, ace))
            groups.append({"cards": [fmt(x) for x in g], "kind": kind, "from": origin,
                           "valid": bool(kind) or needs_name, "needs_name": needs_name})
        return {"table": groups, "hand": [fmt(c) for c in cp.hand],
                "loose": [fmt(c) for c in cp.loose], "changed": self._copy_changed(cp),
                "placed": [fmt(c) for c in sorted(self._placed(seat, cp).elements())],
                "hand_points": self._hand_points(cp.hand),
                "steps": cp.steps}

    def view(self, seat=None) -> dict:
        """What `seat` may see; None gives the TV's public table. Treat it as read-only."""
        if self._public is None:
            self._public = self._public_view()
        data = dict(self._public)
        data["seat"] = seat
        if seat is not None:
            data["hand"] = [fmt(c) for c in self.hands[seat]]
            data["hand_points"] = self._hand_points(self.hands[seat])
            data["allowed"] = self.allowed(seat)
            mine = seat == self.turn and self.copy is not None and self.phase == PLAY
            data["copy"] = self._copy_view(seat) if mine else None
            data["undo_surrenders"] = bool(mine and self._unfinished_costs()
                                           and self._copy_changed(self.copy))
        return data

    def public_options(self) -> dict:
        return {"ruleset": self.rules.name,
                **{name: self.options[name] for name in self.rules.options}}

    def _public_view(self) -> dict:
        rules = self.rules
        players = []
        for s in range(self.players):
            entry = {"seat": s, "cards": len(self.hands[s]), "score": self.scores[s]}
            if rules.end == TO_150:
                entry["rounds_won"] = self.rounds_won[s]
            if rules.first_play_run_of:
                entry["opened"] = self.opened[s]
            players.append(entry)
        return {
            "game": self.name,
            "ruleset": {"name": rules.name, "es": rules.title_es, "en": rules.title_en,
                        "ace": rules.ace, "turn": rules.turn, "end": rules.end,
                        "jokers": rules.jokers(self.players), "joker_rule": rules.joker_rule,
                        "hand_size": rules.hand_size, "scoring": rules.scoring},
            "options": self.public_options(),
            "target": (self.options["target"] if rules.end == TO_TARGET
                       else GOAL if rules.end == TO_150 else None),
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
            "passes": self.passes,
            "final_turns": self.final_turns,
            "ready": sorted(self.ready),
            "last_round": (self.round_results[-1] if self.phase in (ROUND_OVER, GAME_OVER)
                           and self.round_results else None),
            "result": self.result(),
            "events": self.events[-EVENTS_IN_VIEW:],
        }

    # ----- invariants (used by the simulator and the property tests) ------------------------

    def audit(self, full_deck: bool = True) -> list[str]:
        """What is wrong with the state, if anything (an empty list when all is well)."""
        problems = []
        everywhere = list(self.stock) + list(self.loose)
        for hand in self.hands:
            everywhere += hand
        for g in self.table:
            everywhere += [physical(x) for x in g]
        if full_deck and sorted(everywhere) != self.full_deck():
            have, want = Counter(everywhere), Counter(self.full_deck())
            problems.append(f"cards: missing {dict(want - have)}, extra {dict(have - want)}")
        for i, g in enumerate(self.table):
            try:
                check_group(g, self.rules.ace, self.rules.max_jokers_per_group)
            except GameError as error:
                problems.append(f"group {i} invalid: {error.code}")
                continue
            if arrange(g, self.rules.ace) != g:
                problems.append(f"group {i} out of order")
        totals = [sum(r["points"][s] for r in self.round_results) for s in range(self.players)]
        if totals != self.scores:
            problems.append(f"scores {self.scores} != sum of rounds {totals}")
        if self.phase == PLAY:
            for s, hand in enumerate(self.hands):
                if not hand:
                    problems.append(f"seat {s} holds no card during play")
        if self.copy is not None:
            cp = self.copy
            inside = Counter(physical(x) for g in cp.groups for x in g) + Counter(cp.hand) \
                + Counter(cp.loose)
            outside = Counter(physical(x) for g in self.table for x in g) \
                + Counter(self.hands[self.turn]) + Counter(self.loose)
            if inside != outside:
                problems.append("the working copy does not hold the same cards")
        return problems

    # ----- secrecy (used by the contract tests) ----------------------------------------------

    def hidden_zones(self, reader) -> list[list]:
        """The live lists of cards `reader` (a seat, or None for the TV) may not see, neither
        which cards they hold nor in what order: the other hands, the stock, and another
        seat's private working copy (its groups, hand and loose cards)."""
        zones = [hand for s, hand in enumerate(self.hands) if s != reader] + [self.stock]
        if self.copy is not None and reader != self.turn:
            zones += [*self.copy.groups, self.copy.hand, self.copy.loose]
        return zones
