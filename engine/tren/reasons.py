"""Why a computer player lays a double, starts the Mexican train or plays on a rival's open
train, from the TV's view only (`engine/reasons.py`). Covering a double gets no line: the rules
leave no choice."""
from __future__ import annotations

from engine import dominoes
from engine.messages import Words
from engine.reasons import Reason, closest_rival, left_words, line, seat_words
from engine.tren.trains import MEXICAN

CLOSE_TO_WINNING = 3        # tiles left: a rival this close may win the round soon
HEAVY_DOUBLE = 12           # pips: a double this heavy is worth a line


def _left(n: int) -> Words:
    return left_words(n, ("una ficha", "one tile"), ("{n} fichas", "{n} tiles"))


def reason(public: dict, seat: int, act) -> Reason | None:
    if act.type != "play" or public.get("open_double") is not None or not public["hub"]:
        return None
    me, tile, train = seat_words(seat), act.tile, act.train
    if tile.is_double and tile.pips >= HEAVY_DOUBLE:
        return line("double", "{me} pone {tile}: se quita {points} puntos y vuelve a jugar",
                    "{me} lays {tile}: {points} points off the hand, and plays again", 2,
                    me=me, tile=dominoes.words(tile), points=tile.pips)
    if train == MEXICAN and not public["mexican"]["started"]:
        return line("mexican", "{me} empieza el tren mexicano: desde ahora todos pueden jugar "
                    "en él", "{me} starts the Mexican train: from now on anyone may play on it",
                    2, me=me)
    if isinstance(train, int) and train != seat:
        rival = closest_rival(public["players"], seat, "tiles", CLOSE_TO_WINNING,
                              only=lambda p: p["seat"] == train)
        if rival is not None:
            return line("rival_train", "{me} juega en el tren de {rival}: a {rival} {left}",
                        "{me} plays on {rival}'s train: {rival} {left}", 2, me=me,
                        rival=seat_words(train), left=_left(rival["tiles"]))
    return None
