"""Canasta Ferroviaria's options, declared once: how long the match is. The full game is to
20,000, as the text says; a shorter match is a house rule for an evening."""
from __future__ import annotations

from engine.canasta.rules import DEFAULT_TARGET
from engine.messages import Words
from engine.options import Choice, Option, Options

OPTIONS = Options([
    Option("target", Words("Partida", "Match"), DEFAULT_TARGET, choices=(
        Choice(20_000, Words("Hasta 20.000 puntos (reglamento)", "To 20,000 points (rulebook)"),
               Words("La partida larga del reglamento: varias noches.",
                     "The rulebook's long game: several evenings.")),
        Choice(10_000, Words("Hasta 10.000 puntos", "To 10,000 points")),
        Choice(5_000, Words("Hasta 5.000 puntos", "To 5,000 points"),
               Words("Una partida corta, para una noche.", "A short match, for one evening.")))),
])
DEFAULTS = OPTIONS.defaults()
