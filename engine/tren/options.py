"""Tren Mexicano's options, declared once: the table of tiles per player, the match's length,
how the hub is opened, the first turn, the double blank and how the tiles are drawn. Every
default is written down in docs/rules/tren.md."""
from __future__ import annotations

from engine.messages import Words
from engine.options import Choice, Option, Options
from engine.tren.rules import (
    CHAIN,
    DEFAULT_ROUNDS,
    DEFAULT_TABLE,
    DIGITS,
    ENGINE,
    HIGHEST_IN_HAND,
    ONE,
    PIPS,
)

OPTIONS = Options([
    Option("rounds", Words("Partida", "Match"), DEFAULT_ROUNDS, choices=(
        Choice(13, Words("13 rondas", "13 rounds"),
               Words("La partida entera del reglamento.", "The rulebook's whole game.")),
        Choice(7, Words("7 rondas", "7 rounds"),
               Words("Media partida, para una noche corta.", "Half a game, for a short night.")),
        Choice(3, Words("3 rondas", "3 rounds"),
               Words("Una partida rápida.", "A quick game.")),
        Choice(1, Words("1 ronda", "1 round"),
               Words("Una sola ronda, para probar.", "A single round, to try it.")))),
    Option("tiles", Words("Fichas por jugador", "Tiles per player"), DEFAULT_TABLE, choices=(
        Choice("15-11-8", Words("15, 11 u 8 (reglamento)", "15, 11 or 8 (rulebook)"),
                Words("15 de 2 a 4 jugadores, 11 con 5 o 6, 8 con 7 u 8.",
                      "15 for 2 to 4 players, 11 for 5 or 6, 8 for 7 or 8.")),
        Choice("15-12-10", Words("15, 12 o 10", "15, 12 or 10"),
               Words("15 de 2 a 4 jugadores, 12 con 5 o 6, 10 con 7 u 8.",
                     "15 for 2 to 4 players, 12 for 5 or 6, 10 for 7 or 8.")))),
    # Games saved before the text's start became the default name no `start`: they were
    # played with the round's double set aside, and replay so.
    Option("start", Words("El doble del centro", "The double in the hub"), HIGHEST_IN_HAND,
           saved_default=ENGINE, choices=(
        Choice(HIGHEST_IN_HAND, Words("El más alto de una mano (reglamento)",
                                      "The highest in a hand (rulebook)"),
               Words("Quien tiene el doble más alto lo pone en el centro y empieza: en ese turno "
                     "puede empezar su tren o terminar el turno.",
                     "Whoever holds the highest double puts it in the hub and starts: in that "
                     "turn they may start their train or end the turn.")),
        Choice(ENGINE, Words("El de la ronda, como en muchas casas",
                             "The round's own, as many families play"),
               Words("Antes de repartir se aparta el doble de la ronda y va al centro: el 12, "
                     "luego el 11...; empieza quien va después del que reparte.",
                     "Before the deal the round's double is set aside for the hub: 12, then "
                     "11...; the player after the dealer starts.")))),
    Option("first_turn", Words("Primer turno", "First turn"), ONE, choices=(
        Choice(ONE, Words("Una ficha, como siempre", "One tile, as always")),
        Choice(CHAIN, Words("Todas las que encajen en tu tren", "As many as fit your train")))),
    Option("double_blank", Words("El doble blanco vale", "The double blank is worth"), 0,
           choices=(Choice(0, Words("0 puntos", "0 points")),
                    Choice(50, Words("50 puntos", "50 points")))),
    Option("faces", Words("Las fichas se ven con", "Tiles show"), PIPS, choices=(
        Choice(PIPS, Words("Puntos de colores", "Coloured dots"),
               Words("Como en la caja: cada número con su color.",
                     "As in the box: each number in its own colour.")),
        Choice(DIGITS, Words("Números", "Numbers"),
               Words("El número escrito, en su color: se lee mejor desde el sofá.",
                     "The number written, in its colour: easier to read from the sofa.")))),
])
DEFAULTS = OPTIONS.defaults()
