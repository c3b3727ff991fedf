"""The seven Rummy Manipulación rule sets: one table of parameters and small rule objects,
never seven engines. Names are the ids clients use.

Where the rule sets differ in what happens, not only in numbers, the table gives each an
object named after the rule, which the game, the play check and the solver ask:
- `turn`: how a turn goes (`MustPlay`, `PlayOrDraw`, `GuadalupeTurn`, `CarruselTurn`);
- `joker_policy`: how jokers behave on the table (jokers.py);
- `initial_meld`: what the first play must hold (`AnyFirstPlay`, `OpeningRun`);
- `score`: what a round is worth (`LowestWins`, `CarruselScore`);
- `game_end`: when the game ends and who wins (`OneRound`, `ToTarget`, `OpenEnded`, `To150`).
The game passes itself to the turn, score and end hooks; they use its state and its helpers
(`_end_round`, `_event`, `_hand_points`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from engine.cards import ACE, JOKER
from engine.game import standings
from engine.manipulacion.jokers import CarruselJokers, NoJokers, TahitiJokers, VaticanoJokers
from engine.manipulacion.melds import EITHER, HIGH, LOW, NAMED, RUN, classify, is_joker
from engine.messages import refuse

# The names of the rules, as views show them:
MUST_PLAY = "must_play"          # play if you can, else draw one at a time until you can
PLAY_OR_DRAW = "play_or_draw"    # play, or draw one card (which ends the turn)
GUADALUPE = "guadalupe"          # play (then draw 1 unless out), or draw 2
CARRUSEL = "carrusel"            # draw 1, then play or draw again, up to 3 draws

JOKERS_NONE = None
JOKERS_CARRUSEL = CarruselJokers.name
JOKERS_VATICANO = VaticanoJokers.name
JOKERS_TAHITI = TahitiJokers.name

ONE_ROUND = "one_round"          # a single round
TO_TARGET = "to_target"          # rounds until a total reaches the target; the lowest total wins
OPEN_ENDED = "open_ended"        # rounds go on while the players like; the lowest total leads
TO_150 = "to_150"                # Carrusel: to 150, then bonuses; the highest total wins

GUADALUPE_DRAW = 2              # Guadalupe: draw two instead of playing
GUADALUPE_AFTER_PLAY = 1        # ... or play and draw one at the end
CARRUSEL_DRAWS = 3              # at most three draws a turn; the third ends it
KNOCK_LIMIT = 5                 # Carrusel: Cerrar with this many points or fewer
COUNTER_KNOCK = 10
OUT_BONUS = 25                  # Carrusel: emptying the hand
GOAL = 150                      # Carrusel: the game ends when a score reaches it
GOAL_BONUS = 100
ROUND_BONUS = 25


# ----- what a card left in a hand costs ------------------------------------------------------

def points_manipulacion(card: int) -> int:
    rank = card & 15
    return 15 if rank == ACE else 10 if rank >= 10 else 5


def points_carrusel(card: int) -> int:
    if card == JOKER or card >= NAMED:
        return 25
    rank = card & 15
    return 10 if rank >= 11 else rank


def points_tahiti(card: int) -> int:
    if card == JOKER or card >= NAMED:
        return 30
    rank = card & 15
    return 11 if rank == ACE else 10 if rank >= 10 else rank


def one_per_card(card: int) -> int:
    return 1


# ----- the turn -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Turn:
    """Play or draw one card, which ends the turn (Maquiavelo, Vaticano, Tahití)."""
    name = PLAY_OR_DRAW
    reminds = False              # "Bajar es obligatorio": a draw or pass while a play exists
    cards_per_draw = 1
    draws_after_play = 0
    knocks = False               # Cerrar

    def draw_ends_turn(self, game) -> bool:
        return True

    def must_draw_first(self, game) -> bool:
        return False

    def may_knock(self, game, hand) -> bool:
        return False

    def check_draw(self, game, seat) -> None:
        """Raise IllegalAction when Robar is not what this turn allows now."""

    def moves(self, game, seat, edits: list[str]) -> list[str]:
        """The actions of the player in turn who is not editing."""
        return (["draw"] if game.stock else ["pass"]) + edits

    def after_turn(self, game) -> bool:
        """At the end of each turn; True when that ended the round: here a whole round of
        passes blocks it."""
        if game.passes >= game.players:
            game._end_round(blocked=True)
            return True
        return False


PlayOrDraw = Turn


@dataclass(frozen=True)
class MustPlay(Turn):
    """Play if you can, else draw one card at a time until you can (Manipulación, Shanghái)."""
    name = MUST_PLAY
    reminds = True

    def draw_ends_turn(self, game) -> bool:
        return False


@dataclass(frozen=True)
class GuadalupeTurn(Turn):
    """Play (then draw one unless out), or draw two."""
    name = GUADALUPE
    cards_per_draw = GUADALUPE_DRAW
    draws_after_play = GUADALUPE_AFTER_PLAY


@dataclass(frozen=True)
class CarruselTurn(Turn):
    """Draw one first, then play or draw again, up to three draws; knock with few points; once
    the stock is out, each player has one last turn."""
    name = CARRUSEL
    knocks = True

    def draw_ends_turn(self, game) -> bool:
        return game.draws >= CARRUSEL_DRAWS

    def must_draw_first(self, game) -> bool:
        return game.draws == 0 and game.final_turns is None and bool(game.stock)

    def may_knock(self, game, hand) -> bool:
        return (0 < game.draws < CARRUSEL_DRAWS and game.final_turns is None
                and game._hand_points(hand) <= KNOCK_LIMIT)

    def check_draw(self, game, seat) -> None:
        if game.draws and game._hand_points(game.hands[seat]) <= KNOCK_LIMIT:
            raise refuse("draw_is_close", most=KNOCK_LIMIT)

    def moves(self, game, seat, edits: list[str]) -> list[str]:
        if self.must_draw_first(game):
            return ["draw"]
        moves = list(edits)
        if self.may_knock(game, game.hands[seat]):
            moves.append("close")
        elif game.stock and game.final_turns is None:
            moves.append("draw")
        if not game.stock or game.final_turns is not None:
            moves.append("pass")
        return moves

    def after_turn(self, game) -> bool:
        if game.final_turns is not None:
            game.final_turns -= 1
            if game.final_turns <= 0:
                game._end_round(final=True)
                return True
        elif not game.stock:
            game.final_turns = game.players
            game._event("final_turns", game.turn, turns=game.players)
        return False


# ----- the first play -----------------------------------------------------------------------

@dataclass(frozen=True)
class AnyFirstPlay:
    size = 0

    def needs_opening_run(self, opened: bool) -> bool:
        return False

    def check(self, ace: str, placed, opened: bool) -> None:
        """Raise IllegalAction when this play may not be the player's first."""

    def public(self, opened: bool) -> dict:
        """What the TV shows of it, per player."""
        return {}


@dataclass(frozen=True)
class OpeningRun(AnyFirstPlay):
    """Vaticano: among the cards of the first play put down from the hand, a run of `size`
    cards of one suit, no joker. (The rest of the turn may rearrange freely, those included.)"""
    size: int = 3

    def needs_opening_run(self, opened: bool) -> bool:
        return not opened

    def check(self, ace: str, placed, opened: bool) -> None:
        if opened:
            return
        reals = sorted(c for c in placed if not is_joker(c))
        for combo in combinations(reals, self.size):
            if classify(list(combo), ace) == RUN:
                return
        raise refuse("opening_run_needed", least=self.size)

    def public(self, opened: bool) -> dict:
        return {"opened": opened}


# ----- scoring --------------------------------------------------------------------------------

@dataclass(frozen=True)
class LowestWins:
    """Each player scores what is left in their hand; the lowest (or who went out) wins the
    round. `values_points`: the solver's best play is the one placing the most points."""
    name: str
    card_points: object = one_per_card
    values_points: bool = False

    def round(self, game, hand_points: list[int], out, closer) -> tuple[list[int], list[int]]:
        """(points each player scores, the round's winners)."""
        if out is not None:
            return list(hand_points), [out]
        low = min(hand_points)
        return list(hand_points), [s for s in range(game.players) if hand_points[s] == low]


@dataclass(frozen=True)
class CarruselScore(LowestWins):
    """The winner scores the others' hands (+25 for going out); a knocker who is not lowest
    gives the lowest 10 more (counter-knock); each round won counts for the end bonus."""

    def round(self, game, hand_points, out, closer):
        n = game.players
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
            game.rounds_won[w] += 1
        return points, winners


# ----- the end of the game ------------------------------------------------------------------

@dataclass(frozen=True)
class OneRound:
    name = ONE_ROUND
    host_ends = False            # the host ends the game between rounds (Shanghái)

    def over(self, game) -> bool:
        return True

    def target(self, game) -> int | None:
        return None

    def public(self, game, seat: int) -> dict:
        return {}

    def result(self, game) -> dict:
        # The round's own winners (a blocked Guadalupe round goes to the fewest cards).
        last = game.round_results[-1]
        winners = list(last["winners"])
        return {**standings(list(last["points"])), "winners": winners, "tie": len(winners) > 1}


@dataclass(frozen=True)
class ToTarget(OneRound):
    name = TO_TARGET

    def over(self, game) -> bool:
        return (max(game.scores) >= game.options["target"]
                and game.scores.count(min(game.scores)) == 1)

    def target(self, game) -> int | None:
        return game.options["target"]

    def result(self, game) -> dict:
        return standings(game.scores)


@dataclass(frozen=True)
class OpenEnded(OneRound):
    name = OPEN_ENDED
    host_ends = True

    def over(self, game) -> bool:
        return False

    def result(self, game) -> dict:
        return standings(game.scores)


@dataclass(frozen=True)
class To150(OneRound):
    name = TO_150

    def over(self, game) -> bool:
        return max(game.scores) >= GOAL

    def target(self, game) -> int | None:
        return GOAL

    def public(self, game, seat: int) -> dict:
        return {"rounds_won": game.rounds_won[seat]}

    def result(self, game) -> dict:
        finals = [score + (GOAL_BONUS if score >= GOAL else 0) + ROUND_BONUS * won
                  for score, won in zip(game.scores, game.rounds_won, strict=True)]
        return standings(finals, lower_wins=False, points=list(game.scores),
                         rounds_won=list(game.rounds_won))


# ----- the table ------------------------------------------------------------------------------

@dataclass(frozen=True)
class RuleSet:
    name: str
    title_es: str
    title_en: str
    ace: str
    turn: Turn
    deal: tuple[int, ...]                    # cards dealt per player, in rounds of dealing
    packs_by_players: dict = field(default_factory=lambda: {n: 2 for n in range(2, 6)})
    jokers_by_players: dict = field(default_factory=lambda: {n: 0 for n in range(2, 6)})
    joker_policy: NoJokers = NoJokers()
    max_jokers_per_group: int | None = None
    loose_cards: int = 0                     # Tahití's face-up single cards
    initial_meld: AnyFirstPlay = AnyFirstPlay()
    score: LowestWins = LowestWins("per_card")
    options: tuple[str, ...] = ()
    game_end: OneRound = OneRound()
    min_players: int = 2
    max_players: int = 5

    @property
    def hand_size(self) -> int:
        return sum(self.deal)

    def packs(self, players: int) -> int:
        return self.packs_by_players[players]

    def jokers(self, players: int) -> int:
        return self.jokers_by_players[players]

    # The rules' names, as views show them (and as the tests' independent referee reads them).
    @property
    def joker_rule(self) -> str | None:
        return self.joker_policy.name

    @property
    def scoring(self) -> str:
        return self.score.name

    @property
    def card_points(self):
        return self.score.card_points

    @property
    def end(self) -> str:
        return self.game_end.name

    @property
    def first_play_run_of(self) -> int:
        return self.initial_meld.size


RULESETS: dict[str, RuleSet] = {r.name: r for r in (
    RuleSet("manipulacion", "Manipulación", "Manipulation", HIGH, MustPlay(), (7,),
            score=LowestWins("penalty", points_manipulacion, values_points=True),
            options=("mandatory_play", "target"), game_end=ToTarget()),
    RuleSet("maquiavelo", "Maquiavelo", "Machiavelli", EITHER, PlayOrDraw(), (13,),
            score=LowestWins("per_card"), options=("unfinished",)),
    RuleSet("shanghai", "Shanghái", "Shanghai", LOW, MustPlay(), (3, 3, 3, 1),
            score=LowestWins("per_card"), options=("mandatory_play",), game_end=OpenEnded()),
    RuleSet("guadalupe", "Guadalupe", "Guadalupe", EITHER, GuadalupeTurn(), (5,),
            score=LowestWins("per_card"), options=("unfinished",)),
    RuleSet("carrusel", "Carrusel", "Carousel", EITHER, CarruselTurn(), (10,),
            packs_by_players={2: 1, 3: 2, 4: 2, 5: 2}, jokers_by_players={2: 1, 3: 2, 4: 2, 5: 2},
            joker_policy=CarruselJokers(),
            score=CarruselScore("carrusel", points_carrusel, values_points=True),
            game_end=To150()),
    RuleSet("vaticano", "Vaticano", "Vatican", EITHER, PlayOrDraw(), (13,),
            jokers_by_players={n: 2 for n in range(2, 6)}, joker_policy=VaticanoJokers(),
            initial_meld=OpeningRun(3), score=LowestWins("none")),
    RuleSet("tahiti", "Tahití", "Tahiti", EITHER, PlayOrDraw(), (5,),
            jokers_by_players={n: 4 for n in range(2, 6)}, joker_policy=TahitiJokers(),
            max_jokers_per_group=1, loose_cards=4,
            score=LowestWins("tahiti", points_tahiti, values_points=True),
            options=("unfinished",)),
)}

DEFAULT = "manipulacion"
