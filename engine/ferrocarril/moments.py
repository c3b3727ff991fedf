"""Ferrocarril's key moments (docs/engine.md, "Key moments"): each round's closing with the
closer's combinations, each ¡Compro! won by seat priority over another asker, and each
comodín stolen (and not given back at the end of the turn)."""
from __future__ import annotations

from engine.cards import SPANISH
from engine.messages import Words
from engine.moments import BaseFinder, phrase, seat_words


def card_words(code: str) -> Words:
    return SPANISH.words(SPANISH.parse(code))


class Finder(BaseFinder):
    WEIGHTS = {"closing": 3.0, "buy_priority": 2.0, "joker_steal": 2.0}

    def start(self) -> None:
        self.pending_steals: list[tuple[int, dict, dict]] = []   # (index, event, view)

    def seen(self, index: int, events: list[dict]) -> None:
        for event in events:
            kind = event["type"]
            if kind == "bought" and event["outbid"]:
                self._buy(index, event)
            elif kind == "steal":
                self.pending_steals.append((index, event, self.public()))
            elif kind == "steal_undone":
                self._undo_steal(event)
            elif kind in ("discard", "round_end"):
                self._keep_steals()
            if kind == "round_end":
                self._closing(index, event)

    def _buy(self, index: int, event: dict) -> None:
        buyer, outbid = event["seat"], event["outbid"]
        self.add(index, "buy_priority", [buyer, *outbid], phrase(
            "{buyer} se lleva {card} por prioridad: también lo "
            + ("pedía" if len(outbid) == 1 else "pedían") + " {others}",
            "{buyer} gets {card} by seat priority: {others} asked for it too",
            buyer=seat_words(buyer), card=card_words(event["card"]),
            others=[seat_words(s) for s in outbid]),
            card=event["card"], buyer=buyer, outbid=list(outbid))

    def _undo_steal(self, event: dict) -> None:
        for i, (_, steal, _) in enumerate(self.pending_steals):
            if steal["meld"] == event["meld"] and steal["card"] == event["card"]:
                del self.pending_steals[i]
                return

    def _keep_steals(self) -> None:
        for index, event, view in self.pending_steals:
            meld = next(m for m in view["table"] if m["id"] == event["meld"])
            self.add(index, "joker_steal", [event["seat"]], phrase(
                "{who} roba el comodín y pone {card} en su sitio",
                "{who} steals the joker and puts {card} in its place",
                who=seat_words(event["seat"]), card=card_words(event["card"])),
                view=view, card=event["card"], meld=event["meld"], owner=meld["owner"])
        self.pending_steals = []

    def _closing(self, index: int, event: dict) -> None:
        view = self.public()
        closer, number = event["seat"], event["round"]
        contract = Words(view["contract"]["es"], view["contract"]["en"])
        if closer is None:
            self.add(index, "closing", [], phrase(
                "La ronda {n} ({contract}) termina: se acabó el mazo",
                "Round {n} ({contract}) ends: the stock ran out", n=number, contract=contract),
                view=view, round=number, closer=None, shown=[], points=event["points"])
            return
        # The closer's last card goes face down: what is shown is what they laid.
        shown = [c for m in view["table"] if m["owner"] == closer for c in m["cards"]]
        self.add(index, "closing", [closer], phrase(
            "{who} cierra la ronda {n} ({contract})", "{who} closes round {n} ({contract})",
            who=seat_words(closer), n=number, contract=contract),
            view=view, round=number, closer=closer, shown=shown, points=event["points"])
