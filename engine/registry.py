"""The games the host can offer, by name. A game registers itself by being listed here."""
from __future__ import annotations

from engine.ferrocarril import Ferrocarril
from engine.game import Game
from engine.lessons import lessons_of
from engine.manipulacion.game import Manipulacion

GAMES: dict[str, type[Game]] = {Ferrocarril.name: Ferrocarril, Manipulacion.name: Manipulacion}

# Games not written yet: the TV's chooser shows them as "coming soon" tiles, after the
# playable ones. A game moves from here to GAMES when its engine package exists.
UPCOMING: list[dict] = [
    {"name": "tren", "min_players": 2, "max_players": 8,
     "title": {"es": "Tren Mexicano", "en": "Tren Mexicano"},
     "summary": {"es": "Dominó doble 12: alarga tu tren o el tren de todos.",
                 "en": "Double-12 dominoes: grow your train or everyone's."}},
    {"name": "canasta", "min_players": 2, "max_players": 6,
     "title": {"es": "Canasta Ferroviaria", "en": "Canasta Ferroviaria"},
     "summary": {"es": "Canasta a lo grande, con muchas barajas, hasta 20.000.",
                 "en": "Canasta writ large, with many packs, up to 20,000."}},
]


def game_class(name: str) -> type[Game]:
    return GAMES[name]


def catalogue() -> list[dict]:
    """What the chooser lists: every playable game with its lessons, then the upcoming ones
    (`upcoming: True`)."""
    return [*({**cls.catalogue(), "lessons": [lesson.catalogue() for lesson in lessons_of(name)]}
              for name, cls in GAMES.items()),
            *({**game, "upcoming": True} for game in UPCOMING)]
