"""Typed fields of a client's action, parsed the same way by every game: a piece (card or
tile) written in the game's notation, a list of pieces, an index on the table, a choice.
Anything unexpected is refused as malformed, before any work is done."""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence, TypeVar

from engine.messages import malformed

T = TypeVar("T")
MAX_INDEX = 10_000


def piece(value: Any, parse: Callable[[str], T], as_text: str = "card_as_text",
          not_one: str = "not_a_card") -> T:
    """One card or tile in the game's text notation (`parse` raises ValueError otherwise).
    `as_text` and `not_one` are the refusals (a tile game names tiles, not cards)."""
    if not isinstance(value, str):
        raise malformed(as_text)
    try:
        return parse(value)
    except ValueError:
        raise malformed(not_one) from None


def pieces(value: Any, parse: Callable[[str], T], most: int) -> tuple[T, ...]:
    """A non-empty list of at most `most` pieces."""
    if not isinstance(value, (list, tuple)) or not value or len(value) > most:
        raise malformed("cards_missing")
    return tuple(piece(v, parse) for v in value)


def index(value: Any, missing: str, most: int = MAX_INDEX) -> int:
    """A whole number 0..most-1 naming something on the table; `missing` is the refusal."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < most:
        raise malformed(missing)
    return value


def choice(value: Any, choices: Sequence[Any], missing: str) -> Any:
    if isinstance(value, bool) or not isinstance(value, (str, int)) or value not in choices:
        raise malformed(missing)
    return value


def action_type(data: Any) -> str:
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise malformed()
    return data["type"]


def text_words(text: Any) -> tuple[str, list[str]]:
    """A text action's first word and the words after it."""
    if not isinstance(text, str) or not text.split():
        raise malformed()
    word, *rest = text.split()
    return word, rest


def one_word(word: str, rest: list[str], kinds: Mapping[str, Callable[[], T]]) -> T | None:
    """The action a one-word kind names (`kinds[word]()`), None when `word` is not one."""
    if word not in kinds:
        return None
    if rest:
        raise malformed()
    return kinds[word]()


def coerce(action: Any, from_dict: Callable[[Any], T], parse: Callable[[str], T],
           action_class: type[T]) -> T:
    """Accept an action value, its JSON dict or its text."""
    if isinstance(action, action_class):
        return action
    if isinstance(action, str):
        return parse(action)
    return from_dict(action)
