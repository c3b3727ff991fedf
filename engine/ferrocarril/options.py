"""Ferrocarril's options, declared once: how long the ¡Compro! window stays open."""
from __future__ import annotations

from engine.ferrocarril.rules import BUY_SECONDS_DEFAULT, BUY_SECONDS_MAX, BUY_SECONDS_MIN
from engine.messages import Words
from engine.options import Option, Options

OPTIONS = Options([
    Option("buy_seconds", Words("Ventana de compra", "Buy window"), BUY_SECONDS_DEFAULT,
           least=BUY_SECONDS_MIN, most=BUY_SECONDS_MAX, unit=Words("segundos", "seconds")),
])
