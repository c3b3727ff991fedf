"""Refusal messages: one catalogue of codes, each with one Spanish and one English text.

A refusal is raised as ``refuse("card_not_in_hand", card=SPANISH.words(c))``. The texts are
templates whose parameters are filled in the reader's language: a `Words` value carries both
languages (cards, option values, labels), a list of them is joined as a sentence ("el 7 de
copas y el comodín"), numbers are written as digits. Each game adds its own codes with
`register`; a code means one thing everywhere, so registering it twice with another text fails.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from string import Formatter
from typing import Any, Iterable, Mapping

LANGS = ("es", "en")


@dataclass(frozen=True)
class Words:
    """A phrase a player reads, in both languages."""
    es: str
    en: str

    def get(self, lang: str) -> str:
        return self.es if lang == "es" else self.en


class Or(list):
    """Alternatives: joined with "o" / "or" in a message, where a plain list says "y" / "and"."""


@dataclass(frozen=True)
class Text:
    es: str
    en: str


CATALOGUE: dict[str, Text] = {}


def register(texts: Mapping[str, tuple[str, str]]) -> None:
    for code, (es, en) in texts.items():
        text = Text(es, en)
        if CATALOGUE.get(code, text) != text:
            raise ValueError(f"refusal code {code!r} is already registered with another text")
        CATALOGUE[code] = text


def template_fields(template: str) -> list[str]:
    return [name for _, name, _, _ in Formatter().parse(template) if name]


def _join(items: list[str], lang: str, alternatives: bool) -> str:
    if len(items) <= 1:
        return "".join(items)
    word = ("o" if lang == "es" else "or") if alternatives else ("y" if lang == "es" else "and")
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def _in(value: Any, lang: str) -> str:
    if isinstance(value, Words):
        return value.get(lang)
    if isinstance(value, (list, tuple)):
        return _join([_in(v, lang) for v in value], lang, isinstance(value, Or))
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        # Anything else would be a code or an identifier: players read words.
        raise TypeError(f"a message parameter must be Words, a number or a list: {value!r}")
    return f"{value:g}" if isinstance(value, float) else str(value)


def render(code: str, params: Mapping[str, Any], lang: str) -> str:
    text = getattr(CATALOGUE[code], lang).format(**{k: _in(v, lang) for k, v in params.items()})
    if lang == "es":     # "de el 7 de oros" is said "del 7 de oros"
        text = text.replace(" de el ", " del ").replace(" a el ", " al ")
    return text[:1].upper() + text[1:]


def texts(code: str, **params: Any) -> tuple[str, str]:
    try:
        key = tuple(sorted(params.items()))
        hash(key)
    except TypeError:           # a list among the parameters: rendered each time
        return render(code, params, "es"), render(code, params, "en")
    return _texts(code, key)


@lru_cache(maxsize=1024)
def _texts(code: str, params: tuple) -> tuple[str, str]:
    """The same refusal comes up again and again (every view lists the reasons of the buttons
    at rest): its two texts are rendered once."""
    return render(code, dict(params), "es"), render(code, dict(params), "en")


def refuse(code: str, **params: Any):
    """The IllegalAction for `code`, its texts filled in both languages."""
    from engine.game import IllegalAction
    return IllegalAction(code, *texts(code, **params))


def malformed(code: str = "malformed", **params: Any):
    from engine.game import MalformedAction
    return MalformedAction(*texts(code, **params))


def codes() -> Iterable[str]:
    return sorted(CATALOGUE)


register({
    "malformed": ("La jugada no se entiende.", "The action is malformed."),
    "bad_seat": ("Asiento no válido.", "Invalid seat."),
    "not_in_game": ("Ese asiento no está en la partida.", "That seat is not in the game."),
    "game_over": ("La partida ha terminado.", "The game is over."),
    "bad_player_count": ("{game} se juega de {least} a {most} jugadores.",
                         "{game} is played by {least} to {most} players."),
    "system_only": ("Esa jugada la hace un jugador.", "A player makes that move."),
    "round_over": ("La ronda ha terminado.", "The round is over."),
    "host_decides": ("Eso lo decide el anfitrión.", "The host decides that."),
    "already_last_round": ("Ya se juega la última ronda.", "The last round is already on."),
    "not_now": ("Esta partida ya termina al acabar esta ronda.",
                "This game already ends when this round does."),
    "round_not_over": ("La ronda todavía no ha terminado.", "The round is not over yet."),
    "already_ready": ("Ya has dicho que sigues: esperamos a los demás.",
                      "You are ready: waiting for the others."),
    "not_your_turn": ("No es tu turno.", "It is not your turn."),
    "card_not_in_hand": ("No tienes {card} en la mano.", "You do not hold {card}."),
    "bad_option": ("Opciones no válidas.", "Invalid options."),
    "unknown_option": ("Esa opción no existe en este juego.", "This game has no such option."),
    "option_range": ("{option}: entre {least} y {most} {unit}.",
                     "{option}: {least} to {most} {unit}."),
    "option_choice": ("{option}: elige {choices}.", "{option}: choose {choices}."),
    "bad_deal": ("Reparto no válido.", "Invalid deal."),
    # Malformed actions: what the phone sent cannot be read.
    "card_as_text": ("Una carta se escribe como texto.", "A card is written as text."),
    "not_a_card": ("Eso no es una carta.", "That is not a card."),
    "cards_missing": ("Falta la lista de cartas.", "The list of cards is missing."),
    "unknown_action": ("Esa jugada no existe en este juego.", "This game has no such move."),
    "confirm_not_yes_no": ("La confirmación es sí o no.", "A confirmation is yes or no."),
    "group_missing": ("Falta el grupo.", "The group is missing."),
    "place_missing": ("Falta el sitio.", "The place is missing."),
    "split_point_missing": ("Falta por dónde partir el grupo.", "Where to split is missing."),
    "table_missing": ("Falta la mesa.", "The table is missing."),
    "group_not_a_list": ("Un grupo es una lista de cartas.", "A group is a list of cards."),
})
