"""Canasta Ferroviaria: Canasta with many packs, a kitty each and four kinds of canasta."""
from engine.canasta import messages  # noqa: F401  (its refusal texts, before any module raises one)
from engine.canasta.game import Canasta

__all__ = ["Canasta"]
