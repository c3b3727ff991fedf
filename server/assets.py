"""Where the host finds its pages and front-end files, wherever it runs from.

An installed wheel and a bundle carry them inside the `server` package (`server/templates`,
`server/static`: the build maps the checkout's top-level folders there, see setup.py); a
checkout keeps them at its top level. Nothing is looked up from the current folder.
"""
from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def folder(name: str) -> Path:
    """The packaged folder when there is one, else the checkout's."""
    packaged = PACKAGE / name
    return packaged if packaged.is_dir() else PACKAGE.parent / name


TEMPLATES = folder("templates")
STATIC = folder("static")
SCREENS = STATIC / "js" / "games"     # a game's screens: static/js/README.md
