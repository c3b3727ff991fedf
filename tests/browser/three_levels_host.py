"""The host with Tren Mexicano offering three levels, difícil too (its searching player exists
in engine/tren/hard.py; a game lists it in `bot_levels` only once measured stronger than
normal), and Ferrocarril two: the /solo tests and screenshots of level choosers with three
levels and with two, whatever the games list at the time.

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
