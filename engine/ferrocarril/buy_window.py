"""The ¡Compro! window: who may still buy the card just discarded, and who gets it."""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.cards import Card


@dataclass
class BuyWindow:
    card: Card
    discarder: int | None        # None for the round's first upturned card
    priority: list[int]          # eligible seats, highest priority first
    pressed: set[int] = field(default_factory=set)
    passed: set[int] = field(default_factory=set)

    def undecided(self) -> list[int]:
        return [s for s in self.priority if s not in self.pressed and s not in self.passed]

    def winner(self, final: bool) -> tuple[bool, int | None]:
        """(decided, buyer): the highest-priority press once nobody above it can still press."""
        for seat in self.priority:
            if seat in self.pressed:
                return True, seat
            if seat not in self.passed and not final:
                return False, None
        return True, None
