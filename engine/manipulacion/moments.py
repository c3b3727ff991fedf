"""Manipulación's key moments (docs/engine.md, "Key moments"): each round's end, with the
cards the winner laid (or, for a Carrusel knock, the hand left, shown at the table), and the
game's biggest rearrangement: the play that changed the most groups already on the table."""
from __future__ import annotations

from collections import Counter

from engine.manipulacion.melds import card_words, parse
from engine.messages import Words
from engine.moments import BaseFinder, Moment, phrase, seat_words

# A play that changes fewer groups than this is an addition, not a rearrangement.
LEAST_GROUPS_CHANGED = 2


def words_of(codes: list[str]) -> list[Words]:
    return [card_words(parse(c)) for c in codes]


def groups_changed(before: list[dict], after: list[dict]) -> int:
    """How many groups of `before` are no longer on the table as they were."""
    left = Counter(tuple(sorted(g["cards"])) for g in after)
    changed = 0
    for group in before:
        key = tuple(sorted(group["cards"]))
        if left[key]:
            left[key] -= 1
        else:
            changed += 1
    return changed


class Finder(BaseFinder):
    WEIGHTS = {"closing": 3.0, "rearrangement": 5.0}

    def start(self) -> None:
        self.table: list[dict] = self.peek()["table"]
        self.best: Moment | None = None
        self.last_play: dict | None = None

    def seen(self, index: int, events: list[dict]) -> None:
        for event in events:
            kind = event["type"]
            if kind == "deal":
                self.table = self.peek()["table"]
            elif kind == "play":
                self._play(index, event)
            elif kind == "round_end":
                self._closing(index, event)

    def _play(self, index: int, event: dict) -> None:
        before, self.table = self.table, self.peek()["table"]
        self.last_play = event
        changed = groups_changed(before, self.table)
        if changed < LEAST_GROUPS_CHANGED:
            return
        if self.best is not None and changed <= self.best.detail["groups_changed"]:
            return
        seat = event["seat"]
        self.best = self.moment(index, "rearrangement", [seat], phrase(
            "{who} rehace la mesa: cambia {n} grupos y pone {cards}",
            "{who} rearranges the table: {n} groups changed, adding {cards}",
            who=seat_words(seat), n=changed, cards=words_of(event["cards"])),
            self.public(), groups_changed=changed, cards=list(event["cards"]),
            table_before=[g["cards"] for g in before])

    def _closing(self, index: int, event: dict) -> None:
        view = self.public()
        last = view["last_round"]
        number, seat = event["round"], event["seat"]
        if last["out"] is not None:
            laid = self.last_play["cards"] if self.last_play and \
                self.last_play["seat"] == seat else []
            words = phrase("{who} se queda sin cartas y cierra la ronda {n} con {cards}",
                           "{who} goes out and closes round {n} with {cards}",
                           who=seat_words(seat), n=number, cards=words_of(laid)) if laid else \
                phrase("{who} se queda sin cartas y cierra la ronda {n}",
                       "{who} goes out and closes round {n}", who=seat_words(seat), n=number)
            self.add(index, "closing", [seat], words, view=view, round=number, closer=seat,
                     shown=list(laid), points=event["points"])
        elif last["closer"] is not None:
            hand = last["hands"][seat]
            self.add(index, "closing", [seat], phrase(
                "{who} cierra la ronda {n} con {cards} en la mano",
                "{who} closes round {n} holding {cards}",
                who=seat_words(seat), n=number, cards=words_of(hand)),
                view=view, round=number, closer=seat, shown=list(hand), points=event["points"])
        else:
            self.add(index, "closing", [], phrase(
                "La ronda {n} termina: nadie puede jugar", "Round {n} ends: nobody can play",
                n=number), view=view, round=number, closer=None, shown=[],
                points=event["points"])

    def finish(self) -> None:
        if self.best is not None:
            self.found.append(self.best)
