"""Why a computer player takes the pile, completes its first canasta of a kind, or goes on
without going out, from the TV's view only (`engine/reasons.py`). Taking a pile without wild
cards gets no line (the feed already says how many cards), nor does going out (the end of the
round takes the screen)."""
from __future__ import annotations

from engine.canasta.rules import (
    BLACK,
    CANASTA_SIZE,
    KIND_WORDS,
    KINDS,
    RED,
    SEVENS,
    WILD_KIND,
    is_wild,
)
from engine.cards import FRENCH
from engine.messages import Words
from engine.reasons import Reason, count_words, line, seat_words

MISSING = {RED: Words("la roja", "red"), BLACK: Words("la negra", "black"),
           WILD_KIND: Words("la de comodines", "wild"), SEVENS: Words("la de sietes", "sevens")}

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
    if act.type in ("meld", "add"):
        return _canasta(public, seat, act)
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


def _kind(rank: str, cards) -> str:
    if rank == "wild":
        return WILD_KIND
    if any(is_wild(c) for c in cards):
        return BLACK
    return SEVENS if rank == "7" else RED


def _completed(public: dict, act) -> list[str]:
    """The kinds of canasta the move completes (its cards and the melds on the table say)."""
    if act.type == "add":
        meld = next((m for m in public["melds"] if m["id"] == act.meld), None)
        if meld is None or meld["complete"] or meld["rank"] == "3" \
                or meld["count"] + len(act.cards) < CANASTA_SIZE:
            return []
        cards = [FRENCH.parse(c) for c in meld["cards"]] + list(act.cards)
        return [_kind(meld["rank"], cards)]
    kinds = []
    for group in act.melds:
        naturals = {FRENCH.format(c)[:-1] for c in group if not is_wild(c)}
        if len(group) < CANASTA_SIZE or naturals == {"3"}:
            continue
        kinds.append(_kind("wild" if not naturals else "7" if naturals == {"7"} else "", group))
    return kinds


def _canasta(public: dict, seat: int, act) -> Reason | None:
    """The first canasta of a kind for the seat: what it still needs to go out."""
    held = public["players"][seat]["canastas"]
    new = [kind for kind in _completed(public, act) if not held.get(kind)]
    if not new:
        return None
    after = {kind for kind in KINDS if held.get(kind)} | set(new)
    missing = [MISSING[kind] for kind in KINDS if kind not in after]
    me, which = seat_words(seat), KIND_WORDS[new[0]]
    if not missing:
        return line("canasta", "{me} completa la canasta {which}: ya tiene las cuatro y puede "
                    "cerrar", "{me} completes the {which} canasta: all four kinds now, free to "
                    "go out", 2, me=me, which=which)
    verb = "falta" if len(missing) == 1 else "faltan"
    return line("canasta", "{me} completa la canasta {which}: para cerrar aún le " + verb
                + " {missing}", "{me} completes the {which} canasta: still missing to go out: "
                "{missing}", 2, me=me, which=which, missing=missing)
