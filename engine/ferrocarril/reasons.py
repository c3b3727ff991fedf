"""Why a computer player buys, steals a joker or goes down, from the TV's view only
(`engine/reasons.py`). Closing gets no line: the end of the round takes the screen."""
from __future__ import annotations

from typing import Any

from engine.cards import SPANISH
from engine.messages import Words
from engine.reasons import Reason, closest_rival, left_words, line, seat_words

CLOSE_TO_CLOSING = 3        # a rival who went down with this many cards or fewer may close soon


def _left(n: int) -> Words:
    return left_words(n, ("una carta", "one card"), ("{n} cartas", "{n} cards"))


def _rival_closing(public: dict, seat: int) -> dict | None:
    return closest_rival(public["players"], seat, "cards", CLOSE_TO_CLOSING,
                         only=lambda p: p["salido"])


def reason(public: dict, seat: int, act) -> Reason | None:
    me = seat_words(seat)
    rival = _rival_closing(public, seat)
    hurry: dict[str, Any] = {} if rival is None else {"rival": seat_words(rival["seat"]),
                                      "left": _left(rival["cards"])}
    if act.type == "buy":
        return _buy(public, seat, me, hurry)
    if act.type == "steal":
        if hurry:
            return line("steal", "{me} se lleva el comodín ya: a {rival} {left}",
                        "{me} takes the joker now: {rival} {left}", 2, me=me, **hurry)
        return line("steal", "{me} se lleva el comodín: encaja en cualquier combinación",
                    "{me} takes the joker: it fits any combination", 2, me=me)
    if act.type == "salir":
        if hurry:
            return line("salir", "{me} sale ya: a {rival} {left}",
                        "{me} goes down now: {rival} {left}", 3, me=me, **hurry)
        down = [seat_words(p["seat"]) for p in public["players"] if p["salido"]]
        if len(down) == 1:
            return line("salir", "{me} sale sin esperar más: {down} ya ha salido",
                        "{me} goes down without waiting any longer: {down} is already down",
                        3, me=me, down=down)
        if down:
            return line("salir", "{me} sale sin esperar más: {down} ya han salido",
                        "{me} goes down without waiting any longer: {down} are already down",
                        3, me=me, down=down)
        return line("salir", "{me} sale antes que nadie: quien no ha salido se apunta toda "
                    "su mano", "{me} goes down first: whoever has not gone down scores the "
                    "whole hand", 3, me=me)
    return None


def _buy(public: dict, seat: int, me: Words, hurry: dict[str, Any]) -> Reason | None:
    window = public.get("buy_window")
    if not window:
        return None
    card = SPANISH.parse(window["card"])
    if card.is_joker:
        return line("buy", "{me} compra el comodín: vale por cualquier carta",
                    "{me} buys the joker: it stands for any card", 2, me=me)
    if hurry:
        return line("buy", "{me} compra ahora: a {rival} {left}",
                    "{me} buys now: {rival} {left}", 2, me=me, **hurry)
    if not public["players"][seat]["salido"]:
        contract = public["contract"]
        return line("buy", "{me} compra {card}: aún no ha salido y la ronda pide {contract}",
                    "{me} buys {card}: not down yet, and the round asks for {contract}", 2,
                    me=me, card=SPANISH.words(card),
                    contract=Words(contract["es"], contract["en"]))
    return None
