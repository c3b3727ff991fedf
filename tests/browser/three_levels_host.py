"""The host with Tren Mexicano offering three levels, difícil too, and Ferrocarril two: the
/solo tests and screenshots of level choosers with three levels and with two (the chooser shows
whatever a game lists; every game lists three today), whatever the games list at the time.

    python -m tests.browser.three_levels_host [the host's own arguments]
"""
from __future__ import annotations

import runpy

from engine.ferrocarril.game import Ferrocarril
from engine.tren.game import Tren

THREE = ("facil", "normal", "dificil")
TWO = ("facil", "normal")

if __name__ == "__main__":
    Tren.bot_levels = THREE
    Ferrocarril.bot_levels = TWO
    runpy.run_module("server", run_name="__main__", alter_sys=True)
