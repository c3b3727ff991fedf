"""What a seat can tell of the others' hands from the passes it saw: a player who passes (after
drawing, while the boneyard lasts) holds no tile for any train it could play on then. Difícil's
worlds (engine/tren/hard.py) deal the unseen tiles to agree with it.

Read from the view alone (its recent events and the trains as they stand): for each pass in the
events, the open ends the passer could play on at that moment (the trains rewound by the tiles
laid on them since, the markers by the markers put out and taken in since), and how many of its
tiles now it has held since (its count less the tiles it drew after the pass: at least those
came from the hand that could not play). A tile held since an earlier pass was also in the hand
at every later one, so the oldest tiles avoid every pass's numbers."""
from __future__ import annotations

from dataclasses import dataclass

from engine import dominoes
from engine.dominoes import Tile
from engine.tren.trains import MEXICAN, Train


@dataclass(frozen=True)
class Layer:
    """`count` of the seat's tiles now hold none of the numbers in `absent`."""
    count: int
    absent: frozenset[int]


def _this_rounds(events: list[dict]) -> list[dict]:
    starts = [i for i, e in enumerate(events) if e["type"] in ("deal", "hub")]
    return events[starts[-1] + 1:] if starts else events


def _ends_then(view: dict, later: list[dict], passer: int) -> frozenset[int]:
    """The numbers `passer` could have played on when it passed, `later` the events since."""
    hub = dominoes.parse(view["hub"])
    laid_since: dict = {}
    markers = [p["marker"] for p in view["players"]]
    for event in reversed(later):
        kind = event["type"]
        if kind == "play":
            laid_since[event["train"]] = laid_since.get(event["train"], 0) + 1
        elif kind == "marker_on":
            markers[event["seat"]] = False
        elif kind == "marker_off":
            markers[event["seat"]] = True
    trains = {}
    for key, data in [*enumerate(view["trains"]), (MEXICAN, view["mexican"])]:
        tiles = dominoes.parse_all(data["tiles"])
        trains[key] = Train(hub.high, tiles[:len(tiles) - laid_since.get(key, 0)])
    cover = [t for t in trains.values() if t.open_double]
    if cover:
        return frozenset({cover[0].open})
    if not trains[passer].started:
        return frozenset({trains[passer].open})
    keys = [passer, MEXICAN, *(q for q, marked in enumerate(markers) if marked and q != passer)]
    return frozenset(trains[k].open for k in keys)


def absent_numbers(view: dict) -> dict[int, list[Layer]]:
    """For each other seat that passed in the view's events: its tiles by how long it has held
    them, the oldest (with the most numbers absent) first."""
    events = _this_rounds(view["events"])
    found: dict[int, list[tuple[int, frozenset[int]]]] = {}
    for i, event in enumerate(events):
        seat = event["seat"]
        if event["type"] != "pass" or event.get("stop") or seat == view["seat"]:
            continue
        later = events[i + 1:]
        drawn = sum(1 for e in later if e["type"] == "draw" and e["seat"] == seat)
        held = max(0, view["players"][seat]["tiles"] - drawn)
        found.setdefault(seat, []).append((held, _ends_then(view, later, seat)))
    layers: dict[int, list[Layer]] = {}
    for seat, passes in found.items():
        made, below = [], 0
        for j, (held, _) in enumerate(passes):       # passes in order: `held` never shrinks
            absent = frozenset().union(*(ends for _, ends in passes[j:]))
            if held > below:
                made.append(Layer(held - below, absent))
                below = held
        if made:
            layers[seat] = made
    return layers


def place_known(told: dict[int, list[Layer]], unseen: list[Tile]) -> dict[int, list[Tile]]:
    """Tiles for each seat that passed (`told`: `absent_numbers`), taken off the shuffled
    `unseen` as they come, to agree with its passes (where the tiles left allow it); the rest of
    its hand is dealt as usual."""
    placed: dict[int, list[Tile]] = {}
    for seat, layers in sorted(told.items()):
        mine = placed[seat] = []
        for layer in layers:
            wanted = len(mine) + layer.count
            left = []
            for tile in unseen:
                if len(mine) < wanted and not any(tile.has(n) for n in layer.absent):
                    mine.append(tile)
                else:
                    left.append(tile)
            unseen[:] = left
    return placed
