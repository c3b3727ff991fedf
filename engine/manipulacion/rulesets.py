"""The seven Rummy Manipulación rule sets as one table of parameters (plus small hooks in the
game), never seven engines. Names are the ids clients use."""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.cards import ACE, JOKER
from engine.manipulacion.melds import EITHER, HIGH, LOW, NAMED

# How the turn goes (the game implements each):
MUST_PLAY = "must_play"          # play if you can, else draw one at a time until you can
PLAY_OR_DRAW = "play_or_draw"    # play, or draw one card (which ends the turn)
GUADALUPE = "guadalupe"          # play (then draw 1 unless out), or draw 2
CARRUSEL = "carrusel"            # draw 1, then play or draw again, up to 3 draws

# How jokers behave on the table:
JOKERS_NONE = None
JOKERS_CARRUSEL = "carrusel"     # named; moves only as the same card; renamed once its card is down
JOKERS_VATICANO = "vaticano"     # as Carrusel, and stays put until its card is down
JOKERS_TAHITI = "tahiti"         # one per group; its group is frozen until freed from the hand

# How the game ends:
ONE_ROUND = "one_round"          # a single round
TO_TARGET = "to_target"          # rounds until a total reaches the target; the lowest total wins
OPEN_ENDED = "open_ended"        # rounds go on while the players like; the lowest total leads
TO_150 = "to_150"                # Carrusel: to 150, then bonuses; the highest total wins


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


@dataclass(frozen=True)
class RuleSet:
    name: str
    title_es: str
    title_en: str
    ace: str
    turn: str
    deal: tuple[int, ...]                    # cards dealt per player, in rounds of dealing
    packs_by_players: dict = field(default_factory=lambda: {n: 2 for n in range(2, 6)})
    jokers_by_players: dict = field(default_factory=lambda: {n: 0 for n in range(2, 6)})
    joker_rule: str | None = JOKERS_NONE
    max_jokers_per_group: int | None = None
    loose_cards: int = 0                     # Tahití's face-up single cards
    first_play_run_of: int = 0               # Vaticano: the first play is a 3-card run from hand
    scoring: str = "penalty"                 # penalty | per_card | carrusel | none | tahiti
    card_points: object = one_per_card       # what a card left in a hand costs
    options: tuple[str, ...] = ()
    end: str = ONE_ROUND
    min_players: int = 2
    max_players: int = 5

    @property
    def hand_size(self) -> int:
        return sum(self.deal)

    def packs(self, players: int) -> int:
        return self.packs_by_players[players]

    def jokers(self, players: int) -> int:
        return self.jokers_by_players[players]


RULESETS: dict[str, RuleSet] = {r.name: r for r in (
    RuleSet("manipulacion", "Manipulación", "Manipulation", HIGH, MUST_PLAY, (7,),
            scoring="penalty", card_points=points_manipulacion,
            options=("mandatory_play", "target"), end=TO_TARGET),
    RuleSet("maquiavelo", "Maquiavelo", "Machiavelli", EITHER, PLAY_OR_DRAW, (13,),
            scoring="per_card", options=("unfinished",)),
    RuleSet("shanghai", "Shanghái", "Shanghai", LOW, MUST_PLAY, (3, 3, 3, 1),
            scoring="per_card", options=("mandatory_play",), end=OPEN_ENDED),
    RuleSet("guadalupe", "Guadalupe", "Guadalupe", EITHER, GUADALUPE, (5,),
            scoring="per_card", options=("unfinished",)),
    RuleSet("carrusel", "Carrusel", "Carousel", EITHER, CARRUSEL, (10,),
            packs_by_players={2: 1, 3: 2, 4: 2, 5: 2}, jokers_by_players={2: 1, 3: 2, 4: 2, 5: 2},
            joker_rule=JOKERS_CARRUSEL, scoring="carrusel", card_points=points_carrusel,
            end=TO_150),
    RuleSet("vaticano", "Vaticano", "Vatican", EITHER, PLAY_OR_DRAW, (13,),
            jokers_by_players={n: 2 for n in range(2, 6)}, joker_rule=JOKERS_VATICANO,
            first_play_run_of=3, scoring="none"),
    RuleSet("tahiti", "Tahití", "Tahiti", EITHER, PLAY_OR_DRAW, (5,),
            jokers_by_players={n: 4 for n in range(2, 6)}, joker_rule=JOKERS_TAHITI,
            max_jokers_per_group=1, loose_cards=4, scoring="tahiti", card_points=points_tahiti,
            options=("unfinished",)),
)}

DEFAULT = "manipulacion"
