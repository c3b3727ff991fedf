"""Where the family's games are kept when no folder is given: the folder the operating system
keeps for an application's data, the same wherever the host is started from.

    Linux     ~/.local/share/sobremesa   (or $XDG_DATA_HOME/sobremesa)
    macOS     ~/Library/Application Support/Sobremesa
    Windows   %APPDATA%\\Sobremesa
"""
from __future__ import annotations

import sys
from pathlib import Path

import platformdirs


def app_name(platform: str = sys.platform) -> str:
    """Linux's data folders are lower case by custom; macOS and Windows show the name."""
    return "Sobremesa" if platform in ("darwin", "win32") else "sobremesa"


def default_data_dir() -> Path:
    # roaming: %APPDATA% on Windows, where a user's own application data lives
    return Path(platformdirs.user_data_dir(app_name(), appauthor=False, roaming=True))
