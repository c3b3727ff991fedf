"""Why a computer player lays many cards at once, from the TV's view only (`engine/reasons.py`).
Holding back gets no line: whether a hand could have played is not for the table to know."""
from __future__ import annotations

from engine.messages import Words
from engine.reasons import Reason, closest_rival, left_words, line, seat_words

MANY = 4                    # cards laid in one turn: worth a line
CLOSE_TO_OUT = 3            # cards a rival holds when it may go out soon


def _own(n: int) -> Words:
    """"solo le queda una carta" / "only one card left" (said of the player who laid them)."""
    if n == 1:
        return Words("solo le queda una carta", "only one card left")
    return Words(f"solo le quedan {n} cartas", f"only {n} cards left")


def _left(n: int) -> Words:
    return left_words(n, ("una carta", "one card"), ("{n} cartas", "{n} cards"))


def reason(public: dict, seat: int, act) -> Reason | None:
    if act.type != "set_table":
        return None
    before = sum(len(group["cards"]) for group in public["table"])
    after = sum(len(group) for group in act.table)
    if act.loose is not None:
        before, after = before + len(public["loose"]), after + len(act.loose)
    laid = after - before
    if laid < MANY:
        return None
    me = seat_words(seat)
    rival = closest_rival(public["players"], seat, "cards", CLOSE_TO_OUT)
    if rival is not None:
        return line("many", "{me} baja {laid} cartas de golpe: a {rival} {left}",
                    "{me} lays {laid} cards at once: {rival} {left}", 2, me=me,
                    laid=laid, rival=seat_words(rival["seat"]), left=_left(rival["cards"]))
    left = public["players"][seat]["cards"] - laid
    if 0 < left <= CLOSE_TO_OUT:
        return line("many", "{me} baja {laid} cartas de golpe: ya {left}",
                    "{me} lays {laid} cards at once: {left} now", 2, me=me,
                    laid=laid, left=_own(left))
    return None
