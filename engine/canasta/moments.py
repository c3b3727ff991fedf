"""Canasta Ferroviaria's key moments (docs/engine.md, "Key moments"): each canasta completed
(the wild and sevens canastas say so), a big pile taken, and each round's end: the player going
out with their melds, or the round ending otherwise (stock out, or stuck on 7s)."""
from __future__ import annotations

from engine.canasta import rules
from engine.cards import FRENCH
from engine.messages import Words
from engine.moments import BaseFinder, Moment, phrase, seat_words

BIG_PILE = 10       # taking this many cards or more is a moment


def card_words(code: str) -> Words:
    return FRENCH.words(FRENCH.parse(code))


def rank_words(rank: str) -> Words:
    """A meld's rank as the view writes it ("K", "7") named as a canasta of it: 'de Reyes'."""
    plural = FRENCH.rank_words(FRENCH.parse(rank + "s").rank)
    return Words(f"de {plural.es}", f"of {plural.en}")


class Finder(BaseFinder):
    CANASTA_WEIGHTS = {rules.BLACK: 1.0, rules.RED: 1.5, rules.WILD_KIND: 4.0, rules.SEVENS: 4.0}

    def weight(self, moment: Moment) -> float:
        if moment.kind == "canasta":
            return self.CANASTA_WEIGHTS[moment.detail["canasta"]]
        if moment.kind == "big_pile":             # the bigger the pile, the bigger the swing
            return 1.0 + moment.detail["taken"] / 10
        return super().weight(moment)

    def seen(self, index: int, events: list[dict]) -> None:
        for event in events:
            kind = event["type"]
            if kind == "canasta":
                self._canasta(index, event)
            elif kind == "take_pile" and event["cards"] >= BIG_PILE:
                self.add(index, "big_pile", [event["seat"]], phrase(
                    "{who} se lleva el montón: {n} cartas, con {card} arriba",
                    "{who} takes the pile: {n} cards, {card} on top",
                    who=seat_words(event["seat"]), n=event["cards"],
                    card=card_words(event["card"])), taken=event["cards"], card=event["card"])
            elif kind == "round_end":
                self._closing(index, event)

    def _canasta(self, index: int, event: dict) -> None:
        view = self.public()
        meld = next(m for m in view["melds"] if m["id"] == event["meld"])
        seat, kind = event["seat"], event["canasta"]
        who = seat_words(seat)
        if kind == rules.WILD_KIND:
            words = phrase("¡{who} completa una canasta de comodines!",
                           "{who} completes a wild canasta!", who=who)
        elif kind == rules.SEVENS:
            words = phrase("¡{who} completa una canasta de sietes!",
                           "{who} completes a sevens canasta!", who=who)
        else:
            words = phrase("{who} completa una canasta {kind} {rank}",
                           "{who} completes a {kind} canasta {rank}", who=who,
                           kind=rules.KIND_WORDS[kind], rank=rank_words(meld["rank"]))
        self.add(index, "canasta", [seat], words, view=view, canasta=kind, meld=meld["id"],
                 cards=list(meld["cards"]))

    def _closing(self, index: int, event: dict) -> None:
        view = self.public()
        out, number = event["seat"], event["round"]
        if out is None:
            self.add(index, "closing", [], phrase(
                "La ronda {n} termina sin que nadie se vaya", "Round {n} ends with nobody out",
                n=number), view=view, round=number, closer=None, shown=[],
                points=event["points"])
            return
        shown = [c for m in view["melds"] if m["owner"] == out for c in m["cards"]]
        self.add(index, "closing", [out], phrase(
            "{who} se va y cierra la ronda {n}: {points} puntos",
            "{who} goes out and closes round {n}: {points} points",
            who=seat_words(out), n=number, points=event["points"][out]),
            view=view, round=number, closer=out, shown=shown, points=event["points"])
