"""Tren Mexicano's key moments (docs/engine.md, "Key moments"): each round's end (the winner's
last tile and their train, or a blocked table), a double covered after a long wait (several
turns passed with nobody able to cover it), and the evening's longest Mexican train."""
from __future__ import annotations

from engine import dominoes
from engine.messages import Words
from engine.moments import BaseFinder, Moment, phrase, seat_words
from engine.tren.trains import MEXICAN

LONG_WAIT_PASSES = 2        # turns passed on an open double before its cover is a moment
LEAST_MEXICAN_TILES = 4     # a shorter Mexican train is not worth showing


def tile_words(text: str) -> Words:
    return dominoes.words(dominoes.parse(text))


def _bare(words: Words) -> Words:
    """'the 6-3' as "{p2}'s 6-3" says it (only the English reads it)."""
    return Words(words.es, words.en.removeprefix("the "))


class Finder(BaseFinder):
    WEIGHTS = {"closing": 3.0, "mexican_longest": 4.0}     # a covered double: `weight`

    def weight(self, moment: Moment) -> float:
        if moment.kind == "double_covered":       # the longer the wait, the bigger the relief
            return 1.0 + moment.detail["passes"] / 2
        return super().weight(moment)

    def start(self) -> None:
        self.mexican_players: list[int] = []
        self.longest: Moment | None = None
        self.last_play: dict | None = None
        self._new_round()

    def _new_round(self) -> None:
        """A double may be dealt open (a set-up by hand): its wait starts with the round."""
        self.open_doubles: dict[object, dict] = {}    # train -> the double's play and passes
        self.mexican_players = []
        view = self.peek()
        self.mexican_tiles = len(view["mexican"]["tiles"])
        cover = view["open_double"]
        if cover is not None:
            train = cover["train"]
            self.open_doubles[train] = {"seat": train if isinstance(train, int) else None,
                                        "tile": cover["tile"], "passes": 0}

    def seen(self, index: int, events: list[dict]) -> None:
        for event in events:
            kind = event["type"]
            if kind == "deal":
                self._new_round()
            elif kind == "play":
                self._play(index, event)
            elif kind == "pass":
                for waiting in self.open_doubles.values():
                    waiting["passes"] += 1
            elif kind == "round_end":
                self._closing(index, event)

    def _play(self, index: int, event: dict) -> None:
        self.last_play = event
        seat, train, tile = event["seat"], event["train"], dominoes.parse(event["tile"])
        if event["covers"]:
            waited = self.open_doubles.pop(train, None)
            if waited is not None and waited["passes"] >= LONG_WAIT_PASSES:
                self._covered(index, seat, waited, event)
        if tile.is_double:
            self.open_doubles[train] = {"seat": seat, "tile": event["tile"], "passes": 0}
        if train == MEXICAN:
            if seat not in self.mexican_players:
                self.mexican_players.append(seat)
            self._mexican(index, event)

    def _covered(self, index: int, seat: int, waited: dict, event: dict) -> None:
        doubler = waited["seat"]
        seats = [seat] if doubler in (None, seat) else [seat, doubler]
        self.add(index, "double_covered", seats, phrase(
            "{who} tapa por fin {double} con {tile}, tras {n} turnos sin que nadie pudiera",
            "{who} covers {double} at last with {tile}, after {n} turns nobody could",
            who=seat_words(seat), double=tile_words(waited["tile"]),
            tile=tile_words(event["tile"]), n=waited["passes"]),
            double=waited["tile"], tile=event["tile"], train=event["train"],
            passes=waited["passes"], doubled_by=doubler)

    def _mexican(self, index: int, event: dict) -> None:
        self.mexican_tiles += 1       # counted, not read from a view: a view costs ~1 ms
        length = self.mexican_tiles
        if length < LEAST_MEXICAN_TILES:
            return
        if self.longest is not None and length <= self.longest.detail["tiles"]:
            return
        self.longest = self.moment(index, "mexican_longest", list(self.mexican_players), phrase(
            "El tren mexicano llega a {n} fichas con {tile} de {who}",
            "The Mexican train reaches {n} tiles with {who}'s {tile_en}",
            n=length, tile=tile_words(event["tile"]), who=seat_words(event["seat"]),
            tile_en=_bare(tile_words(event["tile"]))),
            self.public(), tiles=length, tile=event["tile"])

    def _closing(self, index: int, event: dict) -> None:
        view = self.public()
        winner, number = event["seat"], event["round"]
        if winner is None:
            self.add(index, "closing", [], phrase(
                "La ronda {n} se cierra: nadie puede jugar",
                "Round {n} is blocked: nobody can play",
                n=number), view=view, round=number, closer=None, shown=[],
                points=event["points"])
            return
        last = self.last_play["tile"] if self.last_play else None
        shown = view["trains"][winner]["tiles"]
        self.add(index, "closing", [winner], phrase(
            "{who} se queda sin fichas y gana la ronda {n} con {tile}",
            "{who} plays out and wins round {n} with {tile}",
            who=seat_words(winner), n=number, tile=tile_words(last) if last else Words("", "")),
            view=view, round=number, closer=winner, shown=list(shown), last=last,
            points=event["points"])

    def finish(self) -> None:
        if self.longest is not None:
            self.found.append(self.longest)
