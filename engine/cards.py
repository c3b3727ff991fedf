"""Playing cards shared by the card games: ranks, suits, jokers, decks and a text notation.

A card is a small immutable int (so it hashes, sorts and counts fast):
``suit * 16 + rank`` with rank 1 (ace) .. 13 (king) and suit 0..3; the joker is 0.
The card does not know which pack it came from: a `Notation` names the four suits
(Spanish: oros, copas, espadas, bastos; French: spades, hearts, diamonds, clubs).

Notation: rank then suit letter, the joker is ``*``.
Spanish: ``A 2 .. 10 S C R`` + ``o c e b`` — ``7o`` siete de oros, ``Cc`` caballo de copas.
French:  ``A 2 .. 10 J Q K`` + ``s h d c`` — ``Qh`` queen of hearts.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from engine.messages import Words

ACE, KING = 1, 13
RANKS = tuple(range(ACE, KING + 1))
SUITS = (0, 1, 2, 3)


class Card(int):
    __slots__ = ()

    @property
    def rank(self) -> int:
        return self & 15

    @property
    def suit(self) -> int:
        return self >> 4

    @property
    def is_joker(self) -> bool:
        return self == 0

    def __repr__(self) -> str:
        return SPANISH.format(self)

    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo) -> "Card":
        return self                 # immutable, like the int it is

    __str__ = __repr__


JOKER = Card(0)
_CARDS = {(rank, suit): Card(suit * 16 + rank) for suit in SUITS for rank in RANKS}


def card(rank: int, suit: int) -> Card:
    """The card of that rank (1..13) and suit (0..3)."""
    return _CARDS[(rank, suit)]


ALL_CARDS = tuple(_CARDS.values())
_BY_CODE = {int(c): c for c in ALL_CARDS} | {0: JOKER}


def from_code(code: int) -> Card:
    return _BY_CODE[code]


class NotationError(ValueError):
    """Text that does not name a card."""


@dataclass(frozen=True)
class Notation:
    rank_names: tuple[str, ...]   # index 0 = ace
    suit_letters: str             # index = suit
    suit_names_es: tuple[str, ...]
    suit_names_en: tuple[str, ...]
    rank_names_es: tuple[str, ...]
    rank_names_en: tuple[str, ...]
    _text: dict[Card, str] = field(init=False, repr=False, compare=False)
    _parse: dict[str, Card] = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        text = {JOKER: "*"}
        for c in ALL_CARDS:
            text[c] = self.rank_names[c.rank - 1] + self.suit_letters[c.suit]
        parse = {t.lower(): c for c, t in text.items()} | {t: c for c, t in text.items()}
        object.__setattr__(self, "_text", text)
        object.__setattr__(self, "_parse", parse)

    def format(self, c: Card) -> str:
        return self._text[c]

    def format_all(self, cards: Iterable[Card]) -> str:
        return " ".join(self._text[c] for c in cards)

    def parse(self, text: str) -> Card:
        exact = self._parse.get(text)       # as `format` writes it: the search's hot path
        if exact is not None:
            return exact
        try:
            return self._parse[text.strip().lower()]
        except (KeyError, AttributeError):
            raise NotationError(f"not a card: {text!r}") from None

    def parse_all(self, text: str | Iterable[str]) -> list[Card]:
        tokens = text.split() if isinstance(text, str) else text
        return [self.parse(t) for t in tokens]

    def name(self, c: Card, lang: str = "es") -> str:
        """A card's name in words: 'Caballo de copas', 'Queen of hearts'."""
        if c.is_joker:
            return "Comodín" if lang == "es" else "Joker"
        if lang == "es":
            return f"{self.rank_names_es[c.rank - 1]} de {self.suit_names_es[c.suit]}"
        return f"{self.rank_names_en[c.rank - 1]} of {self.suit_names_en[c.suit]}"

    def words(self, c: Card) -> Words:
        """A card as a message names it: 'el 7 de copas', 'la Sota de bastos', 'the joker'."""
        if c.is_joker:
            return Words("el comodín", "the joker")
        rank_es = self.rank_names_es[c.rank - 1]
        article = "la" if rank_es in FEMININE_RANKS else "el"
        return Words(f"{article} {self.name(c)}", f"the {self.name(c, 'en')}")

    def rank_words(self, rank: int) -> Words:
        """A rank as a group is named by it: 'de Reyes' / 'of Kings', 'de 7' / 'of 7s'."""
        es, en = self.rank_names_es[rank - 1], self.rank_names_en[rank - 1]
        if es.isdigit():
            return Words(es, f"{en}s")
        return Words(PLURAL_ES.get(es, es + "s"), f"{en}s")

    def a_rank_words(self, rank: int) -> Words:
        """One card of a rank: 'un Rey' / 'a King', 'una Sota' / 'a Jack', 'un 7' / 'a 7'."""
        es, en = self.rank_names_es[rank - 1], self.rank_names_en[rank - 1]
        return Words(f"{'una' if es in FEMININE_RANKS else 'un'} {es}",
                     f"{'an' if en in ('Ace', '8') else 'a'} {en}")

    def suit_words(self, suit: int) -> Words:
        return Words(self.suit_names_es[suit], self.suit_names_en[suit])


_NUMBERS = tuple(str(n) for n in range(2, 11))
FEMININE_RANKS = {"Sota", "Jota", "Reina"}
PLURAL_ES = {"As": "Ases", "Rey": "Reyes"}

SPANISH = Notation(
    rank_names=("A", *_NUMBERS, "S", "C", "R"),
    suit_letters="oceb",
    suit_names_es=("oros", "copas", "espadas", "bastos"),
    suit_names_en=("coins", "cups", "swords", "clubs"),
    rank_names_es=("As", *_NUMBERS, "Sota", "Caballo", "Rey"),
    rank_names_en=("Ace", *_NUMBERS, "Jack", "Knight", "King"),
)

FRENCH = Notation(
    rank_names=("A", *_NUMBERS, "J", "Q", "K"),
    suit_letters="shdc",
    suit_names_es=("picas", "corazones", "diamantes", "tréboles"),
    suit_names_en=("spades", "hearts", "diamonds", "clubs"),
    rank_names_es=("As", *_NUMBERS, "Jota", "Reina", "Rey"),
    rank_names_en=("Ace", *_NUMBERS, "Jack", "Queen", "King"),
)


def deck(copies: int = 1, jokers: int = 0) -> list[Card]:
    """`copies` full 52-card packs plus `jokers` jokers, in a fixed order (shuffle it yourself)."""
    return [c for _ in range(copies) for c in ALL_CARDS] + [JOKER] * jokers


def left_over(pool: Iterable, taken: Iterable) -> list | None:
    """What stays of `pool` once each of `taken` is taken out of it, one for one; None if
    something in `taken` is not there (the ranks a window still needs, say)."""
    rest = list(pool)
    for item in taken:
        try:
            rest.remove(item)
        except ValueError:
            return None
    return rest


def circular_rank(rank: int) -> int:
    """Wrap a rank into 1..13 (so 14 is the ace and 0 is the king)."""
    return (rank - 1) % 13 + 1
