"""Set-ups for the Canasta Ferroviaria tests, through the game's own `_deal` option (the one the
lessons will use). Defaults: the last seat deals, seat 0 plays first, in the draw phase; the
cards not named go under the stock."""
from engine.canasta import Canasta
from engine.cards import FRENCH

C = FRENCH.parse


def deal(hands, stock="", *, options=None, seed=0, **extra) -> Canasta:
    """A game dealt as given: `hands` one text per seat, `stock` from the top, and any key of
    the `_deal` option (`pile`, `melds`, `kitties`, `red_threes`, `phase`, `scores`, ...)."""
    return Canasta.new(len(hands), {**(options or {}),
                                    "_deal": {"hands": list(hands), "stock": stock,
                                              "fill": True, **extra}}, seed)


def hand(game, seat) -> list[str]:
    return sorted(game.view(seat)["hand"])


def melds(game, seat=None) -> list[list[str]]:
    return [m["cards"] for m in game.view(None)["melds"] if seat is None or m["owner"] == seat]


def events(game, kind):
    return [e for e in game.events if e["type"] == kind]


# Canastas of each kind, for a seat that may go out.
RED = "Kh Kd Ks Kc Kh Kd Ks"
BLACK = "Qh Qd Qs Qc Qh 2c *"
WILD = "* * 2h 2d 2s 2c 2h"
SEVENS = "7h 7d 7s 7c 7h 7d 7s"
FOUR_KINDS = [RED, BLACK, WILD, SEVENS]
