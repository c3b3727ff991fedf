"""Ferrocarril, the flagship: seven rounds of contract rummy with Spanish suits."""
from engine.ferrocarril import messages  # noqa: F401  (its refusal texts, before any module raises one)
from engine.ferrocarril.game import Ferrocarril

__all__ = ["Ferrocarril"]
