"""What the solver answers: a play, a hint, and the error for an instance it cannot take."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Play:
    """A legal play: the hand cards `placed` (real codes, JOKER for a joker), the whole new
    `table` (groups arranged, every joker named), the `loose` cards still single (Tahití), the
    original group indices that do not survive exactly (`changed`) and the play's `value`
    (points of the placed cards where the rule set scores points, else how many)."""
    placed: tuple[int, ...]
    table: tuple[tuple[int, ...], ...]
    loose: tuple[int, ...]
    changed: tuple[int, ...]
    value: int

    @property
    def groups_changed(self) -> int:
        return len(self.changed)


@dataclass(frozen=True)
class Hint:
    """One hand `card` that can be played, the original group indices that the play changes
    (`groups`, as few as possible) and whether table cards must move (`needs_rearranging`:
    False when the play only adds hand cards to groups and lays groups of hand cards). `play` is
    a play that realises it."""
    card: int
    groups: tuple[int, ...]
    needs_rearranging: bool
    play: Play


class SolverInputError(ValueError):
    """An instance the solver cannot take: a bad card, an invalid group, jokers where the rule
    set has none."""
