"""Tren Mexicano: double-12 dominoes for 2-8 players, one train each and the Mexican train."""
from engine.tren import messages  # noqa: F401  (its refusal texts, before any module raises one)
from engine.tren.game import Tren

__all__ = ["Tren"]
