"""The house: what belongs to the family rather than to one room (its history of games, the
damaged games the TV lists)."""
from __future__ import annotations

import functools

from server import history
from server.host_commands import RECORDED, HostCommands
from server.palette import initials, ink
from server.replays import Replays
from server.room import Room, RoomError, Seat, clean_name


class House(HostCommands):
    replays: Replays

    def _host_dismiss_damaged(self, room: Room, args: dict) -> None:
        """The host has seen a damaged room: it leaves the TV's list (its rows are kept)."""
        code = args.get("code")
        if not isinstance(code, str) or code not in self.damaged:
            raise RoomError.of("unknown_room")
        del self.damaged[code]
        self.store.set_status(code, "damaged")

    def _host_history_merge(self, room: Room, args: dict) -> object:
        """The table of honour: two spellings of one person ("Abu" into "Abuela")."""
        self._history_host(room)
        source, into = args.get("from"), args.get("into")
        if not isinstance(source, str) or not isinstance(into, str):
            raise RoomError.malformed("from" if not isinstance(source, str) else "into")
        source, into = clean_name(source), clean_name(into)
        if history.fold(source) == history.fold(into):
            raise RoomError.of("same_name")
        known = history.known_names(self.store.played())
        if history.fold(source) not in known or history.fold(into) not in known:
            raise RoomError.of("unknown_name")
        self.store.merge_names(source, into)
        self._history_changed()
        return RECORDED

    def _host_history_remove(self, room: Room, args: dict) -> object:
        """A game the family does not want to count (played by mistake)."""
        self._history_host(room)
        game_id = args.get("id")
        if isinstance(game_id, bool) or not isinstance(game_id, int):
            raise RoomError.malformed("id")
        if not self.store.remove_game(game_id):
            raise RoomError.of("unknown_played")
        self._history_changed()
        return RECORDED

    @staticmethod
    def _history_host(room: Room) -> None:
        """The family's history is the TV host's to change, not a solo device's or a lesson's."""
        if room.kind != "table":
            raise RoomError.of("not_host")

    def _history_changed(self) -> None:
        """Every TV and phone shows the history afresh (other rooms' locks later, never while
        holding this one)."""
        self.history_version += 1
        self.replays.forget_all()                   # names merged, a game removed
        for code in list(self.rooms):
            self.spawn(functools.partial(self.push.room, code), 0)

    def history_summary(self, limit: int = 8, per_game: int = 30) -> dict:
        """What the TV shows: the latest games, and each game's table of honour and games."""
        played = self.store.played()
        by_game: dict[str, list] = {}
        spelling: dict[str, str] = {}            # a person's name as they wrote it last
        for one in played:
            by_game.setdefault(one["game"], []).append(one)
            for player in one["players"]:
                if not player["bot"]:
                    player["name"] = spelling.setdefault(history.fold(player["name"]),
                                                         player["name"])
            marks = initials([p["name"] for p in one["players"]])
            for player, mark in zip(one["players"], marks, strict=True):
                player["initial"], player["ink"] = mark, ink(player["color"])
        return {"version": self.history_version, "recent": played[:limit],
                "honour": {name: history.honour(games) for name, games in by_game.items()},
                "games": {name: games[:per_game] for name, games in by_game.items()}}

    def record_of(self, room: Room, seat: Seat) -> dict | None:
        """A phone's own record of this game, after the podium (none after a lesson)."""
        if room.status != "finished" or room.lesson is not None or seat.bot is not None:
            return None
        return {**history.record_of(self.store.played(room.game_name), seat.name),
                "title": room.game_class.info.get("title")}
