"""The games the chooser offers: every registered game (engine/registry.py) whose screens the
front end has, with its lessons, then the ones still to come."""
from __future__ import annotations

from engine.lessons import lessons_of
from engine.registry import GAMES, UPCOMING
from server import assets


def has_screens(name: str) -> bool:
    """Whether the front end can show the game: its screens folder has a manifest. A game
    whose engine is written but whose screens are not is offered as coming soon."""
    return (assets.SCREENS / name / "manifest.js").is_file()


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
