"""What the Rummy Manipulación rules tests (test_manipulacion_rules*.py) share: games put where a
seat may play, cards laid from the hand, and the rule sets grouped by what they have."""
import random

from engine.manipulacion.commit import physical
from tests.engine.manipulacion_helpers import RULESET_NAMES, deal

NO_JOKERS = ("manipulacion", "maquiavelo", "shanghai", "guadalupe")
PLAY_FIRST = tuple(r for r in RULESET_NAMES if r != "carrusel")   # no draw before playing


def in_turn(ruleset):
    """from_deal keywords that put seat 0 where it may play (Carrusel: after the first draw)."""
    return {"ruleset": ruleset, "draws": 1 if ruleset == "carrusel" else 0}


def all_cards(game):
    found = list(game.stock) + list(game.loose)
    for h in game.hands:
        found += h
    for g in game.table:
        found += [physical(x) for x in g]
    return found


class IdentityShuffle(random.Random):
    """An RNG that leaves the deck in `deck()` order, so a deal can be predicted."""

    def shuffle(self, x):
        return None


def lay(game, seat, text, target="new"):
    """Move the cards of `text` from the hand into one group (a new one by default)."""
    first, *rest = text.split()
    game.apply(seat, {"type": "move", "card": first, "from": "hand", "to": target})
    index = len(game.copy.groups) - 1 if target == "new" else target
    for c in rest:
        game.apply(seat, {"type": "move", "card": c, "from": "hand", "to": index})


def round_over_by_going_out(ruleset="shanghai"):
    game = deal(["7h 8h 9h", "2c 5d", "3c 9d"], "Kd Kc", **in_turn(ruleset))
    lay(game, 0, "7h 8h 9h")
    game.apply(0, "done")
    return game
