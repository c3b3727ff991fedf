"""Why a computer player takes the pile, or goes on without going out, from the TV's view only
(`engine/reasons.py`). Taking a pile without wild cards gets no line (the feed already says how
many cards), nor does going out (the end of the round takes the screen)."""
from __future__ import annotations

from engine.canasta.rules import KINDS
from engine.reasons import Reason, count_words, line, seat_words

NEARLY_OUT = 3          # cards left after the discard: going out was near


def reason(public: dict, seat: int, act) -> Reason | None:
    me = seat_words(seat)
    if act.type == "take_pile":
        cards, wilds = public["pile"], public.get("pile_wilds", 0)
        if wilds:
            return line("take_pile", "{me} se lleva el montón: {cards} cartas y {wilds}",
                        "{me} takes the pile: {cards} cards and {wilds}", 3, me=me,
                        cards=cards, wilds=count_words(wilds, ("un comodín", "a wild card"),
                                                       ("{n} comodines", "{n} wild cards")))
        return None
    if act.type == "discard":
        mine = public["players"][seat]
        left = mine["cards"] - 1
        could_close = all(mine["canastas"].get(kind, 0) for kind in KINDS)
        behind = any(p["score"] > mine["score"] for p in public["players"] if p["seat"] != seat)
        if could_close and behind and 0 < left <= NEARLY_OUT:
            return line("not_out", "{me} no cierra todavía: va por detrás y busca más canastas",
                        "{me} does not go out yet: behind on points and after more canastas",
                        1, whole=True, me=me)
    return None
