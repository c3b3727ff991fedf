"""The table's reason lines: why a computer player made a notable move, as the engine words it
(`game.reason`, from the TV's view before the move and the move only). The server only routes:
it asks for the moves of computer seats (not «fácil», whose moves are not chosen for a reason,
nor a person's seat the computer plays for a while, which would put words in that person's
mouth), pins the line to the move's event and keeps at most one per turn.

The lines live in the room, not in the game's log: a replay derives the game from the log alone
and shows no lines. They are kept with the room's record, so that after a restart the feed
shows them beside their moves again.
"""
from __future__ import annotations

import logging

from engine.reasons import Reason

log = logging.getLogger(__name__)

KEPT = 12               # lines kept per room: as many as the feed's events, at most
NO_REASONS = ("facil",)


def ask(room, seat: int, level: str, action) -> Reason | None:
    """The engine's line for the computer seat's `action`, asked before it is applied; None for
    a seat that is not a computer player, for a level that gives none, and on any failure (a
    line is never worth a refused or lost move)."""
    game = room.game
    if game is None or room.lesson is not None or room.seats[seat].bot is None \
            or level in NO_REASONS:
        return None
    try:
        return game.reason(seat, action)
    except Exception as error:      # noqa: BLE001 - the move goes on without its line
        log.warning("no reason line for %s's move in room %s (%s: %s)", seat, room.code,
                    type(error).__name__, error)
        return None


def pin(room, seat: int, reason: Reason, events_before: int, log_index: int) -> None:
    """Pin `reason` to the first event `seat`'s move made (the game's events from number
    `events_before` on). Within one turn of the seat — its moves with nobody else's, nor the
    table's, in between — a heavier line replaces the one already there, a lighter one is
    dropped: the feed shows at most one line per turn."""
    events = getattr(room.game, "events", None) or []
    made = [ev for ev in events[events_before:] if ev.get("seat") == seat] \
        or events[events_before:]
    if not made:
        return
    lines = room.reasons
    last = lines[-1] if lines else None
    if last is not None and last["seat"] == seat \
            and all(s == seat for s, _ in room.game.log[last["log"] + 1:log_index]):
        if reason.weight <= last["weight"]:
            return
        lines.pop()
    names = [s.name for s in room.seats]
    lines.append({"n": made[0]["n"], "seat": seat, "log": log_index, "weight": reason.weight,
                  "kind": reason.kind, **reason.texts(names)})
    del lines[:-KEPT]


def public(room) -> list[dict]:
    """The lines for every screen, oldest first: the event each explains, the whole line in
    each language (a screen without the move beside it) and the why alone (under the move)."""
    return [{"n": line["n"], "seat": line["seat"], "kind": line["kind"], "es": line["es"],
             "en": line["en"], "why": line["why"]} for line in room.reasons]


def from_record(kept) -> list[dict]:
    """The lines a saved room kept (its `reasons`), those that read as lines: a damaged one is
    dropped, never the room."""
    lines = []
    for line in kept if isinstance(kept, list) else []:
        try:
            why = line["why"]
            lines.append({"n": int(line["n"]), "seat": int(line["seat"]),
                          "log": int(line["log"]), "weight": int(line["weight"]),
                          "kind": str(line["kind"]), "es": str(line["es"]),
                          "en": str(line["en"]),
                          "why": {"es": str(why["es"]), "en": str(why["en"])}})
        except (KeyError, TypeError, ValueError):
            continue
    return lines[-KEPT:]
