"""Rummy Manipulación's options, declared once. Which rule sets use an option comes from the
rule-set table; the others check it and ignore it."""
from __future__ import annotations

from engine.manipulacion.info import RULESET_SUMMARIES
from engine.manipulacion.rulesets import DEFAULT, RULESETS
from engine.messages import Words
from engine.options import Choice, Option, Options


def _used_by(option: str) -> tuple[str, ...]:
    return tuple(r.name for r in RULESETS.values() if option in r.options)


def _summary(name: str) -> Words:
    return Words(RULESET_SUMMARIES[name]["es"], RULESET_SUMMARIES[name]["en"])


OPTIONS = Options([
    Option("ruleset", Words("Reglas", "Rules"), DEFAULT, choices=tuple(
        Choice(r.name, Words(r.title_es, r.title_en), _summary(r.name))
        for r in RULESETS.values())),
    Option("mandatory_play", Words("Bajar es obligatorio", "Playing is compulsory"), "remind",
           rulesets=_used_by("mandatory_play"), choices=(
               Choice("remind", Words("Recordar, con pista", "Remind, with a hint")),
               Choice("trust", Words("Confiar en el jugador", "Trust the player")))),
    Option("target", Words("Jugar hasta", "Play to"), 200, rulesets=_used_by("target"),
           choices=(Choice(200, Words("200 puntos", "200 points")),
                    Choice(300, Words("300 puntos", "300 points")))),
    Option("unfinished", Words("Jugada sin terminar", "Unfinished play"), "undo",
           rulesets=_used_by("unfinished"), choices=(
               Choice("undo", Words("Deshacer, sin castigo", "Undo, no penalty")),
               Choice("retire", Words("Retirar, robar 3", "Take back, draw 3")))),
])
DEFAULTS = OPTIONS.defaults()
