"""The games the host can offer, by name. A game registers itself by being listed here."""
from __future__ import annotations

from pathlib import Path

from engine.canasta import Canasta
from engine.ferrocarril import Ferrocarril
from engine.game import Game
from engine.lessons import lessons_of
from engine.manipulacion.game import Manipulacion
from engine.tren import Tren

GAMES: dict[str, type[Game]] = {Ferrocarril.name: Ferrocarril, Manipulacion.name: Manipulacion,
                                Tren.name: Tren, Canasta.name: Canasta}

# Where the front end finds a game's screens (static/js/README.md).
SCREENS = Path(__file__).resolve().parent.parent / "static" / "js" / "games"

# Games not written yet: the TV's chooser shows them as "coming soon" tiles, after the
# playable ones. A game moves from here to GAMES when its engine package exists; until its
# screens exist too, the chooser still shows it as coming soon (`has_screens`).
UPCOMING: list[dict] = []


def game_class(name: str) -> type[Game]:
    return GAMES[name]


def has_screens(name: str) -> bool:
    """Whether the front end can show the game: its screens folder has a manifest. A game
    whose engine is written but whose screens are not is offered as coming soon."""
    return (SCREENS / name / "manifest.js").is_file()


def playable() -> list[str]:
    """The registered games the chooser offers: those with screens."""
    return [name for name in GAMES if has_screens(name)]


def catalogue() -> list[dict]:
    """What the chooser lists: every registered game, in order, with its lessons, then the
    upcoming ones (`upcoming: True`). A registered game without screens is listed as upcoming
    too, so that the TV shows it coming soon rather than a game nobody can see."""
    listed = []
    for name, cls in GAMES.items():
        entry = {**cls.catalogue(), "lessons": [lesson.catalogue() for lesson in lessons_of(name)]}
        listed.append(entry if has_screens(name) else {**entry, "lessons": [], "upcoming": True})
    return [*listed, *({**game, "upcoming": True} for game in UPCOMING)]
