"""Tren Mexicano's numbers: players, tiles per player, rounds and their engine doubles, points."""
from __future__ import annotations

from engine.dominoes import HIGHEST, Tile

MIN_PLAYERS, MAX_PLAYERS = 2, 8

# Tiles dealt to each player, by table (the `tiles` option) and number of players. The text's
# own table is missing; "15-11-8" is the published rule sheet it was translated from.
HAND_TABLES = {
    "15-11-8": {2: 15, 3: 15, 4: 15, 5: 11, 6: 11, 7: 8, 8: 8},
    "15-12-10": {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10},
}
DEFAULT_TABLE = "15-11-8"

# Match lengths (the `rounds` option): the standard match plays one round per double, 12-12
# down to 0-0; a shorter one stops early (7 rounds: 12-12 down to 6-6).
ROUND_CHOICES = (13, 7, 3, 1)
DEFAULT_ROUNDS = 13

# How the hub is opened (the `start` option).
ENGINE, HIGHEST_IN_HAND = "engine", "highest_double"

# Chained tiles on the first turn (the `first_turn` option).
ONE, CHAIN = "one_tile", "chain"

DOUBLE_BLANK_CHOICES = (0, 50)

# How the screens draw a tile's numbers (the `faces` option): coloured pips, or digits for a
# room that reads them better from the sofa. It changes no rule.
PIPS, DIGITS = "pips", "digits"


def engine_number(round_index: int) -> int:
    """The engine double's number in round `round_index` (from 0): 12, 11, ... 0."""
    return HIGHEST - round_index


def tile_points(t: Tile, double_blank: int) -> int:
    """What a tile left in the hand costs: its pips; the double blank as the option says."""
    return double_blank if t == 0 else t.pips


def hand_points(tiles, double_blank: int) -> int:
    return sum(tile_points(t, double_blank) for t in tiles)
