"""The house: what belongs to the family rather than to one room. Its own commands (the
family's history, the damaged games, pairing another screen) need the house key
(server/house_key.py); a room's host token is not enough, since anyone on the Wi-Fi can open a
room."""
from __future__ import annotations

from server import history, house_key as house_keys
from server.host_commands import HostCommands
from server.palette import initials, ink
from server.push import Client
from server.replays import Replays
from server.room import Room, RoomError, Seat, clean_name


class House(HostCommands):
    replays: Replays
    house_key: str
    pairing: house_keys.Pairing

    def is_house(self, key) -> bool:
        return house_keys.matches(key, self.house_key)

    def house_command(self, key, command, args: dict) -> dict:
        """A `house` event: the key, then one of the `_house_` commands."""
        if not self.is_house(key):
            raise RoomError.of("not_allowed")
        handler = getattr(self, "_house_" + command, None) if isinstance(command, str) \
            and command.isidentifier() else None
        if handler is None:
            raise RoomError.of("unknown_command")
        return handler(args) or {}

    def pair(self, sid: str, code) -> str:
        """Another screen gives the code a house screen shows: it gets the key, and from now on
        sees what a house screen sees."""
        if not self.pairing.redeem(code):
            raise RoomError.of("bad_code")
        client = self.push.client(sid)
        if client is not None and client.kind == "tv":
            self.push.bind(sid, Client(client.room, "tv", client.seat_id, client.host, True))
            self.push.room(client.room)
        return self.house_key

    def _house_pair_code(self, args: dict) -> dict:
        return {"code": self.pairing.new(), "seconds": house_keys.PAIR_SECONDS}

    def _house_dismiss_damaged(self, args: dict) -> None:
        """The house has seen a damaged room: it leaves the TV's list (its rows are kept)."""
        code = args.get("code")
        if not isinstance(code, str) or code not in self.damaged:
            raise RoomError.of("unknown_room")
        del self.damaged[code]
        self.store.set_status(code, "damaged")
        self._house_changed()

    def _house_history_merge(self, args: dict) -> None:
        """The table of honour: two spellings of one person ("Abu" into "Abuela")."""
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

    def _house_history_remove(self, args: dict) -> None:
        """A game the family does not want to count (played by mistake)."""
        game_id = args.get("id")
        if isinstance(game_id, bool) or not isinstance(game_id, int):
            raise RoomError.malformed("id")
        if not self.store.remove_game(game_id):
            raise RoomError.of("unknown_played")
        self._history_changed()

    def _house_changed(self) -> None:
        """Every screen draws afresh (house commands hold no room's lock)."""
        for code in list(self.rooms):
            self.push.room(code)

    def _history_changed(self) -> None:
        """Every TV and phone shows the history afresh (other rooms' locks later, never while
        holding this one)."""
        self.history_version += 1
        self.replays.forget_all()                   # names merged, a game removed
        self._house_changed()

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
