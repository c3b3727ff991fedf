"""A room's host commands (`host` events): the lobby's choices, who plays each seat, take-over
requests, starting, pausing and pace. The house's own commands are in server/house.py."""
from __future__ import annotations

import secrets
import time

from engine.game import GameError
from engine.options import FIRST_DEALER
from server.catalogue import playable
from server.room import HANDED_OVER, Request, Room, RoomError, Seat
from server.seating import Seating

MAX_SEATS = 8
RECORDED = object()     # a host command that already saved its change (a move)


def new_seed() -> int:
    """A new game's seed: its deal and its computer players' choices follow from it."""
    return secrets.randbits(32)


class HostCommands(Seating):
    allow_test_deals: bool

    def host(self, code, host_token, command, args: dict) -> None:
        room = self.room(code)
        with room.lock:
            if not room.is_host(host_token):
                raise RoomError.of("not_host")
            handler = getattr(self, "_host_" + command, None) if isinstance(command, str) \
                and command.isidentifier() else None
            if handler is None:
                if isinstance(command, str) and hasattr(self, "_house_" + command):
                    raise RoomError.of("not_allowed")      # the house's, not a room's
                raise RoomError.of("unknown_command")
            if handler(room, args) is not RECORDED:
                self._changed(room)

    def _in_lobby(self, room: Room) -> None:
        if room.status != "lobby":
            raise RoomError.of("not_in_lobby")

    def _host_set_game(self, room: Room, args: dict) -> None:
        self._in_lobby(room)
        name = args.get("game")
        # Only a game the chooser offers: a registered game without screens is "coming soon".
        if not isinstance(name, str) or name not in playable():
            raise RoomError.of("unknown_game")
        room.game_name, room.options = name, {}

    def _host_set_options(self, room: Room, args: dict) -> None:
        self._in_lobby(room)
        options = args.get("options")
        if not isinstance(options, dict) or not self.allow_test_deals and any(
                str(key).startswith("_") for key in options):
            raise RoomError.of("bad_options")
        try:
            cls = room.game_class
            cls.new(min(max(len(room.seats), cls.min_players), cls.max_players), options, 0)
        except GameError as error:
            raise RoomError.from_game(error) from None
        except (TypeError, ValueError, KeyError, AttributeError):
            raise RoomError.of("bad_options") from None
        room.options = dict(options)

    def _host_set_takeover(self, room: Room, args: dict) -> None:
        value = args.get("open")
        if not isinstance(value, bool):
            raise RoomError.malformed()
        room.open_takeover = value

    def _host_reorder(self, room: Room, args: dict) -> None:
        self._in_lobby(room)
        order = args.get("order")
        ids = [s.id for s in room.seats]
        if not isinstance(order, list) or not all(isinstance(i, str) for i in order) \
                or sorted(order) != sorted(ids):
            raise RoomError.of("bad_order")
        room.seats = [room.seat(seat_id) for seat_id in order]

    def _host_add_bot(self, room: Room, args: dict) -> None:
        self._in_lobby(room)
        level = args.get("level") or room.game_class.bot_levels[0]
        if level not in room.game_class.bot_levels:
            raise RoomError.of("bad_level")
        if len(room.seats) >= min(MAX_SEATS, room.game_class.max_players):
            raise RoomError.of("room_full")
        room.seats.append(Seat(self._seat_id(room), self._bot_name(room),
                               self._free_color(room), bot=level))

    def _host_set_bot(self, room: Room, args: dict) -> None:
        seat = room.seat(args.get("seat"))
        level = args.get("level")
        if seat.bot is None or level not in room.game_class.bot_levels:
            raise RoomError.of("bad_level")
        seat.bot = level

    def _host_remove(self, room: Room, args: dict) -> None:
        """In the lobby the seat goes; in a game a person's seat goes back to the computer."""
        seat = room.seat(args.get("seat"))
        if room.status == "lobby":
            room.seats.remove(seat)
        elif seat.bot is not None:
            raise RoomError.of("already_computer")
        else:
            room.hand_over(seat, self._bot_name(room))
            seat.bot = room.game_class.stand_in_level()
            seat.token, seat.autoplay, seat.away_since, seat.connections = None, None, None, 0
        for request in [r for r in room.requests.values() if r.seat_id == seat.id]:
            self._deny(room, request)
        for sid, client in self.push.of_room(room.code):
            if client.kind == "seat" and client.seat_id == seat.id:
                self.push.unbind(sid)
                self.push.event(sid, "kicked", {"room": room.code})

    def _host_to_bot(self, room: Room, args: dict) -> None:
        seat = room.seat(args.get("seat"))
        if seat.bot is None:
            seat.autoplay = HANDED_OVER

    def _host_to_human(self, room: Room, args: dict) -> None:
        seat = room.seat(args.get("seat"))
        if seat.bot is None:
            seat.autoplay = None
            seat.away_since = None if seat.connections else time.monotonic()

    def _host_approve(self, room: Room, args: dict) -> None:
        request = self._request(room, args)
        seat = room.seat(request.seat_id)
        if seat.bot is None:
            self._deny(room, request)
            raise RoomError.of("seat_taken")
        del room.requests[request.id]
        token = self._hand_over(room, seat, request.name)
        room.grants[request.claim] = (seat.id, token, time.time())
        for other in [r for r in room.requests.values() if r.seat_id == seat.id]:
            self._deny(room, other)
        if request.sid and self.push.client(request.sid) is not None:
            self._sit(request.sid, room, seat)
            self.push.event(request.sid, "seated",
                            {"room": room.code, "token": token, "seat_id": seat.id})

    def _host_deny(self, room: Room, args: dict) -> None:
        self._deny(room, self._request(room, args))

    def _request(self, room: Room, args: dict) -> Request:
        request_id = args.get("request")
        request = room.requests.get(request_id) if isinstance(request_id, str) else None
        if request is None:
            raise RoomError.of("unknown_request")
        return request

    def _deny(self, room: Room, request: Request) -> None:
        room.requests.pop(request.id, None)
        if request.sid:
            self.push.event(request.sid, "takeover_denied",
                            {"room": room.code, "seat_id": request.seat_id})

    def _host_start(self, room: Room, args: dict) -> None:
        self._in_lobby(room)
        self._deal_new_game(room, room.options)

    def _host_rematch(self, room: Room, args: dict) -> None:
        """«Otra partida»: once a game is over, the same seats, options and computer players
        again, dealt at once by the seat after the last game's first dealer."""
        if room.game is None or not room.game.finished:
            raise RoomError.of("not_finished")
        first = getattr(room.game, "first_dealer", 0)
        self._deal_new_game(room, {**room.options, FIRST_DEALER: (first + 1) % len(room.seats)})

    def _deal_new_game(self, room: Room, options: dict) -> None:
        seed = new_seed()
        try:
            game = room.game_class.new(len(room.seats), options, seed)
        except GameError as error:
            raise RoomError.from_game(error) from None
        self.store.clear_actions(room.code)      # first: a file that refuses it changes nothing
        room.seed, room.game, room.status = seed, game, "playing"
        room.options = {**room.options, **game.kept_options()}   # each option, as played
        room.bots, room.bot_generation, room.renames, room.reasons = {}, {}, [], []

    def _host_new_game(self, room: Room, args: dict) -> None:
        if room.status == "lobby":
            raise RoomError.of("no_game")
        self.store.clear_actions(room.code)
        room.status, room.game, room.renames, room.reasons = "lobby", None, [], []
        room.options.pop(FIRST_DEALER, None)     # the next game's first dealer is drawn again

    def _host_act(self, room: Room, args: dict) -> object:
        """The host's own table buttons (e.g. next round) act for the system seat."""
        if room.game is None or room.status != "playing":
            raise RoomError.of("no_game")
        if room.paused:
            raise RoomError.of("paused")
        self._apply(room, None, args.get("action"))
        return RECORDED

    def _host_last_round(self, room: Room, args: dict) -> object:
        """«Última ronda»: the game ends when the round in play ends (the engine's `last_round`,
        in the log like any move; refused `not_now` where that round ends it anyway)."""
        return self._host_act(room, {"action": {"type": "last_round"}})

    def _host_pause(self, room: Room, args: dict) -> None:
        """Nobody moves until the host resumes; running timers keep the time they had left."""
        if room.game is None or room.status != "playing":
            raise RoomError.of("no_game")
        if room.paused:
            room.paused_by = "host"     # a pause asked for outlasts coming back
            return
        self._pause(room, "host")

    def _host_resume(self, room: Room, args: dict) -> None:
        if room.game is None or room.status != "playing":
            raise RoomError.of("no_game")
        self._resume(room)

    def _host_set_pace(self, room: Room, args: dict) -> None:
        fast = args.get("fast")
        if not isinstance(fast, bool):
            raise RoomError.malformed("fast")
        room.fast = fast

    def _host_lesson_next(self, room: Room, args: dict) -> None:
        """The learner has read a step that only tells (Seguir)."""
        if room.lesson is None:
            raise RoomError.of("not_a_lesson")
        try:
            room.lesson.read()
        except GameError as error:
            raise RoomError.from_game(error) from None
