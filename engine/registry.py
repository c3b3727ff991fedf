"""The games the host can offer, by name. A game registers itself by being listed here."""
from __future__ import annotations

from engine.canasta import Canasta
from engine.ferrocarril import Ferrocarril
from engine.game import Game
from engine.manipulacion.game import Manipulacion
from engine.tren import Tren

GAMES: dict[str, type[Game]] = {Ferrocarril.name: Ferrocarril, Manipulacion.name: Manipulacion,
                                Tren.name: Tren, Canasta.name: Canasta}

# Games not written yet: the TV's chooser shows them as "coming soon" tiles, after the
# playable ones. A game moves from here to GAMES when its engine package exists; until its
# screens exist too, the chooser still shows it as coming soon (server/catalogue.py).
UPCOMING: list[dict] = []


def game_class(name: str) -> type[Game]:
    return GAMES[name]
