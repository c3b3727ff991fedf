"""Replays of finished games for the TV: the slideshow of key moments and the table step by
step. The engine rebuilds the game from the history's log (`Game.highlights`,
`Game.public_replay`); only the TV's public view of each step ever leaves this module. The
last few games asked for are kept in memory, as JSON, while someone steps through them."""
from __future__ import annotations

import json
import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass

from engine.moments import SEAT_MARK
from engine.registry import GAMES
from server.palette import initials, ink
from server.room import RoomError
from server.store import Store

log = logging.getLogger(__name__)

KEPT = 3                 # games kept rebuilt: a TV stepping through one, and a slideshow
MOST_MOMENTS = 12
MOST_VIEWS = 40          # views in one answer: a few seconds of play at the fastest speed


@dataclass
class Replay:
    summary: dict
    views: list[str]      # the TV's view at the deal and after each move, as JSON


class Replays:
    def __init__(self, store: Store):
        self.store = store
        self._kept: OrderedDict[int, Replay] = OrderedDict()
        self._lock = threading.Lock()
        self._building: dict[int, threading.Lock] = {}

    def summary(self, game_id: int) -> dict:
        return self._replay(game_id).summary

    def views(self, game_id: int, start: int, count: int) -> list[str]:
        """Views `start` … `start + count - 1` (fewer at the end), as JSON texts."""
        views = self._replay(game_id).views
        if not 0 <= start < len(views) or count < 1:
            raise RoomError.malformed("from")
        return views[start:start + min(count, MOST_VIEWS)]

    def forget_all(self) -> None:
        with self._lock:
            self._kept.clear()

    def _replay(self, game_id: int) -> Replay:
        with self._lock:
            if game_id in self._kept:
                self._kept.move_to_end(game_id)
                return self._kept[game_id]
            building = self._building.setdefault(game_id, threading.Lock())
        with building:                      # one rebuild of a game, however many ask at once
            with self._lock:
                if game_id in self._kept:
                    return self._kept[game_id]
            replay = self._build(game_id)
            with self._lock:
                self._kept[game_id] = replay
                while len(self._kept) > KEPT:
                    self._kept.popitem(last=False)
                self._building.pop(game_id, None)
            return replay

    def _build(self, game_id: int) -> Replay:
        found = self.store.replay_source(game_id)
        if found is None:
            raise RoomError.of("unknown_played")
        played, source = found
        if source is None:
            raise RoomError.of("no_replay")
        cls = GAMES.get(played["game"])
        players = len(played["players"])
        try:
            if cls is None:
                raise ValueError(f"no game called {played['game']!r}")
            options = cls.saved_options(source["options"])     # an older game's, too
            args = (players, options, played["seed"], source["actions"])
            moments = cls.highlights(*args, most=MOST_MOMENTS)
            views: list[str] = []
            rounds: list[dict] = []
            for step, view in enumerate(cls.public_replay(*args)):
                views.append(json.dumps(view, separators=(",", ":")))
                number = view.get("round")
                if number is not None and (not rounds or rounds[-1]["round"] != number):
                    rounds.append({"round": number, "step": step})   # for the progress bar
        except Exception as error:          # noqa: BLE001 - a damaged log, whatever the damage
            log.warning("game %s of the history could not be replayed: %s", game_id, error)
            raise RoomError.of("replay_damaged") from None
        names = [p["name"] for p in played["players"]]
        return Replay(_summary(played, source, names, moments, len(views), rounds), views)


def _summary(played: dict, source: dict, names: list[str], moments: list[dict], steps: int,
             rounds: list[dict]) -> dict:
    marks = initials(names)
    seats = [{"id": f"replay-{p['seat']}", "name": p["name"], "color": p["color"],
              "bot": "replay" if p["bot"] else None, "autoplay": None, "connected": True,
              "initial": mark, "ink": ink(p["color"])}
             for p, mark in zip(played["players"], marks, strict=True)]
    for moment in moments:
        for lang in ("es", "en"):
            moment[lang] = SEAT_MARK.sub(lambda m: names[int(m.group(1))], moment[lang])
    return {"id": played["id"], "game": played["game"], "kind": played["kind"],
            "started": played["started"], "finished": played["finished"],
            "seats": seats, "renames": source.get("renames") or [],
            "steps": steps, "rounds": rounds, "moments": moments}
