"""Ferrocarril, the flagship: seven rounds of contract rummy with Spanish suits."""
from engine.ferrocarril.game import Ferrocarril

__all__ = ["Ferrocarril"]
