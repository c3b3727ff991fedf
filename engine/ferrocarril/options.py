"""Ferrocarril's options, declared once: how long the ¡Compro! window stays open; and, out of
the chooser, how many times a round the discards may become the stock (games saved before the
limit had none, and replay so)."""
from __future__ import annotations

from engine.ferrocarril.rules import (
    BUY_SECONDS_DEFAULT,
    BUY_SECONDS_MAX,
    BUY_SECONDS_MIN,
    STOCK_TURNS,
    UNLIMITED_TURNS,
)
from engine.messages import Words
from engine.options import Choice, Option, Options

OPTIONS = Options([
    Option("buy_seconds", Words("Ventana de compra", "Buy window"), BUY_SECONDS_DEFAULT,
           least=BUY_SECONDS_MIN, most=BUY_SECONDS_MAX, unit=Words("segundos", "seconds")),
    Option("stock_turns", Words("El descarte se baraja", "The discards are reshuffled"),
           STOCK_TURNS, hidden=True, saved_default=UNLIMITED_TURNS, choices=(
               Choice(STOCK_TURNS, Words("Dos veces por ronda", "Twice a round")),
               Choice(UNLIMITED_TURNS, Words("Cada vez que se acaba el mazo",
                                             "Every time the stock runs out")))),
])
