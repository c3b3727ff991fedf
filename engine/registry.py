"""The games the host can offer, by name. A game registers itself by being listed here."""
from __future__ import annotations

from engine.ferrocarril import Ferrocarril
from engine.game import Game
from engine.manipulacion.game import Manipulacion

GAMES: dict[str, type[Game]] = {Ferrocarril.name: Ferrocarril, Manipulacion.name: Manipulacion}


def game_class(name: str) -> type[Game]:
    return GAMES[name]
