"""A game's options, each declared once: validation, the chooser's catalogue and the refusal
messages all come from the declaration.

``_deal`` is not an option a player sees: tests and lessons pass an explicit deal through it,
and each game checks it itself.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from engine.messages import Or, Words, refuse

DEAL = "_deal"
FIRST_DEALER = "first_dealer"     # every round game's: who deals the first round (RoundGame)
PASSED = (DEAL, FIRST_DEALER)     # passed through here, checked by the game


@dataclass(frozen=True)
class Choice:
    value: Any
    label: Words
    summary: Words | None = None

    def to_dict(self) -> dict:
        data: dict = {"value": self.value, "label": _words(self.label)}
        if self.summary:
            data["summary"] = _words(self.summary)
        return data


@dataclass(frozen=True)
class Option:
    """One option: a number in a range (`least`..`most`, in `unit`s), or one of `choices`.
    `rulesets`: the rule sets that use it (None: all); the others check it and ignore it.
    `saved_default`: when the default has changed, the one it had before: a game saved without
    this option was made with that one (None: the default never changed).
    `hidden`: not in the chooser's catalogue: a rule the table does not choose, declared as an
    option only so that games saved before it keep the rule they were played with."""
    name: str
    label: Words
    default: Any
    least: int | None = None
    most: int | None = None
    unit: Words | None = None
    choices: tuple[Choice, ...] = ()
    rulesets: tuple[str, ...] | None = None
    saved_default: Any = None
    hidden: bool = False

    def __post_init__(self):
        if not self.choices and (self.least is None or self.most is None or self.unit is None):
            raise ValueError(f"option {self.name}: a range needs least, most and a unit")

    @property
    def values(self) -> tuple:
        return tuple(c.value for c in self.choices)

    def check(self, value: Any) -> Any:
        if self.choices:
            # `bool` is an int: True must not pass for 1.
            if isinstance(value, bool) or not _hashable(value) or value not in self.values:
                raise refuse("option_choice", option=self.label,
                             choices=Or([_quoted(c.label) for c in self.choices]))
            return value
        assert self.least is not None and self.most is not None and self.unit is not None
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not self.least <= value <= self.most:
            raise refuse("option_range", option=self.label, least=self.least, most=self.most,
                         unit=self.unit)
        return value

    def to_dict(self) -> dict:
        label = self.label if self.unit is None else \
            Words(f"{self.label.es} ({self.unit.es})", f"{self.label.en} ({self.unit.en})")
        data: dict = {"name": self.name, "default": self.default, "label": _words(label)}
        if self.choices:
            data["type"] = "choice"
            data["choices"] = [c.to_dict() for c in self.choices]
        else:
            data.update(type="int", min=self.least, max=self.most)
        if self.rulesets is not None:
            data["rulesets"] = list(self.rulesets)
        return data


class Options:
    """The options a game declares, in the order the chooser shows them."""

    def __init__(self, options: Iterable[Option] = ()):
        self.options = tuple(options)
        self.by_name = {o.name: o for o in self.options}

    def defaults(self) -> dict:
        return {o.name: o.default for o in self.options}

    def check(self, given: Any) -> dict:
        """The options with their defaults; an unknown option or a bad value is refused.
        `_deal` and `first_dealer` are passed through unchecked (the game checks them)."""
        if given is None:
            given = {}
        if not isinstance(given, dict):
            raise refuse("bad_option")
        unknown = [k for k in given if k not in PASSED and k not in self.by_name]
        if unknown:
            raise refuse("unknown_option")
        checked = self.defaults()
        for name, value in given.items():
            checked[name] = value if name in PASSED else self.by_name[name].check(value)
        return checked

    def as_saved(self, given: dict) -> dict:
        """The options a saved game was made with, from those it was saved with: an option it
        does not name whose default has changed since takes the default it had then. (Games
        are saved naming every option; older ones named only those the host had changed.)"""
        return {**{o.name: o.saved_default for o in self.options
                   if o.saved_default is not None and o.name not in given}, **given}

    def catalogue(self) -> list[dict]:
        return [o.to_dict() for o in self.options if not o.hidden]


def _quoted(words: Words) -> Words:
    """A choice's label inside a sentence: quoted, so that a label with a comma in it
    ("Recordar, con pista") still reads as one choice."""
    return Words(f"«{words.es}»", f"'{words.en}'")


def _words(words: Words) -> dict:
    return {"es": words.es, "en": words.en}


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True
