"""The seats' colours and the initial each colour always comes with.

Eight colours told apart by everyone: the least different pair is still 21 CIELAB units apart
for normal vision and when simulated for protanopia, deuteranopia and tritanopia
(tests/server/test_seat_colours.py measures it). None is red, which the screens keep for errors;
the first four are the most distinct, for the usual table of two to four."""
from __future__ import annotations

import functools
import unicodedata

COLORS = ("#2f80ed", "#f0e442", "#cc79a7", "#ffffff", "#7fd4ff", "#ff8c42", "#b2df8a", "#2b2b2b")
# Rooms saved before this palette: the same seat order gets the new colour in the same place.
OLD_COLORS = ("#e63946", "#1d72b8", "#2a9d8f", "#f4a261",
              "#8e44ad", "#e9c46a", "#ff6fb5", "#6c757d")
_RENEWED = dict(zip(OLD_COLORS, COLORS, strict=True))

DARK_INK, LIGHT_INK = "#1b1b1b", "#ffffff"


def renewed(color: str) -> str:
    return _RENEWED.get(color.lower(), color)


def _luminance(color: str) -> float:
    def channel(byte: int) -> float:
        c = byte / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two #rrggbb colours."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@functools.lru_cache(maxsize=256)     # every state of every client asks again for each seat
def ink(color: str) -> str:
    """The text colour that reads best on `color` (the initial on a chip, a name on a pill)."""
    try:
        dark, light = contrast(color, DARK_INK), contrast(color, LIGHT_INK)
    except (ValueError, IndexError):
        return LIGHT_INK
    return DARK_INK if dark >= light else LIGHT_INK


def initials(names: list[str]) -> list[str]:
    """Each seat's initial: the name's first letter, or its first two when another seat's name
    starts with the same letter (Abuela "Ab", Abuelo "Ab"… then stays two: it is still told by
    the name beside it)."""
    return list(_initials(tuple(names)))


@functools.lru_cache(maxsize=256)     # the same table's names, once per state sent
def _initials(names: tuple[str, ...]) -> tuple[str, ...]:
    firsts = [_letters(name)[:1].upper() or "?" for name in names]
    alike = [_plain(first) for first in firsts]           # Á and A look alike on a chip
    out = []
    for name, first, key in zip(names, firsts, alike, strict=True):
        if alike.count(key) > 1:
            letters = _letters(name)
            out.append((letters[:1].upper() + letters[1:2].lower()) or first)
        else:
            out.append(first)
    return tuple(out)


def _plain(letter: str) -> str:
    decomposed = unicodedata.normalize("NFD", letter)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _letters(name: str) -> str:
    return "".join(ch for ch in name if ch.isalnum())
