"""Moves, timers and computer players: every change of a room goes through `Play._changed`,
under the room's lock, which starts the engine's timers, saves the room (one transaction with
the move that caused it), wakes the bots and marks the room's clients for a fresh state.

Bots think outside the room's lock, from a copy of their seat's view; their move is applied
only if the game has not moved on meanwhile.
"""
from __future__ import annotations

import functools
import itertools
import json
import logging
import time
from typing import Any, Callable

from engine.game import GameError
from engine.lessons import LessonRun
from engine.reasons import Reason
from engine.search import SearchBot
from server import history, reasons
from server.push import Pusher
from server.room import Room, RoomError, RunningTimer
from server.scheduler import PeopleFirst
from server.store import FULL, Store, StoreError

log = logging.getLogger(__name__)

ROUND_END_SHOWN = 8.0            # seconds the end of a round stays before computers are ready
LESSON_SCRIPT = "lesson"         # the bot level of a lesson's opponents: the script plays them
FAST_PACE = 0.3                  # "más rápido": the computer players think this much of the time
NOT_SAVED = ("not_saved", "not_saved_full")     # a move the file did not take
RETRY_SAVE = 5.0                 # seconds before the computer tries a move the file did not take

Spawn = Callable[[Callable[[], None], float], None]
Compute = Callable[[Callable[[], None]], None]


class Play:
    """The rooms' games as they go on (the `Lobby` sets these up)."""

    store: Store
    push: Pusher
    spawn: Spawn
    compute: Compute
    brains: Any             # LocalBrains or ProcessBrains (server/brains.py)
    people_first: PeopleFirst
    bot_delay: float
    round_end_shown: float
    history_version: int
    storage_shown: str | None       # the file's problem the screens were last told
    rooms: dict[str, Room]
    _timer_ids: itertools.count

    def _apply(self, room: Room, seat, action, then: Callable[[], None] | None = None,
               why: Reason | None = None) -> None:
        """Apply a move; `then` runs once it is applied, before the room is saved and pushed
        (a lesson steps on with it); `why` is a computer player's reason line for it, asked
        before. A move the file does not take is not made: the room goes back to where it was,
        and the mover is told why (`not_saved`, `not_saved_full`)."""
        if room.retired:                # put away meanwhile: its file says asleep, and stays so
            raise RoomError.of("unknown_room")
        game = room.game
        assert game is not None, "every caller checks that the game has started"
        before = len(game.log)
        events = len(getattr(game, "events", None) or [])
        status = room.status
        lesson = room.lesson.to_record() if room.lesson is not None else None
        lines = list(room.reasons)
        try:
            game.apply(seat, action)
        except GameError as error:
            raise RoomError.from_game(error) from None
        if why is not None and seat is not None:
            reasons.pin(room, seat, why, events, before)
        if then is not None:
            then()
        if game.finished:
            room.status = "finished"
        row = history.entry(room)
        try:
            self._changed(room, (len(game.log) - 1, seat, game.log[-1][1]), row)
        except StoreError as error:
            room.version -= 1
            room.status = status
            room.reasons = lines
            room.game = room.game_class.replay(len(room.seats), room.options, room.seed,
                                               game.log[:before])
            if lesson is not None:
                room.lesson = LessonRun.from_record(lesson)
            for index, sitting in enumerate(room.seats):    # their plans were for that move
                if sitting.played_by_bot:
                    self.brains.forget(room, index, self._bot_level(room, index))
            self._sync_timers(room)
            self.spawn(self._tell_storage, 0)                 # every TV shows the problem
            raise RoomError.of("not_saved_full" if error.kind == FULL else "not_saved") \
                from None
        if row is not None:
            self.history_version += 1

    def _tell_storage(self) -> None:
        """Every screen hears that the file stopped, or started again, taking writes (outside
        any room's lock: each room's state is built under its own)."""
        self.storage_shown = self.store.problem
        for code in list(self.rooms):
            self.push.room(code)

    def _changed(self, room: Room, move: tuple[int, int | None, dict] | None = None,
                 finished: dict | None = None) -> None:
        """Every change of a room, under its lock: timers, the saved record (with the move
        that caused it and, when it ended the game, the game's history row, in one
        transaction), bots, and fresh states for its clients. A move the file does not take
        raises StoreError before anything else happens; any other change stays and is saved
        by the sweep once the file takes it (`room.unsaved`). A room put away takes no more
        changes: what reaches it late (a phone's leaving, run on its own thread) is moot."""
        if room.retired:
            return
        room.version += 1
        room.touched = time.time()
        self._sync_timers(room)
        if move is not None:
            self.store.record_action(room.code, *move, room.to_record(), finished)
            room.unsaved = False
        else:
            try:
                self.store.save_room(room.to_record())
                room.unsaved = False
            except StoreError:
                room.unsaved = True
        self._wake(room)
        self.push.room(room.code)

    def _sync_timers(self, room: Room) -> None:
        if room.paused or room.retired:
            return
        game = room.game
        # A lesson runs no clock: the learner reads at their own pace, the script closes windows.
        listed = {t.name: t for t in game.timers()} \
            if game is not None and room.status == "playing" and room.lesson is None else {}
        for name in list(room.timers):
            if name not in listed:
                del room.timers[name]
        saved, room.saved_timers = room.saved_timers, {}
        for name, timer in listed.items():
            if name in room.timers:
                continue
            if name in room.paused_left:
                remaining = min(timer.seconds, room.paused_left[name])
                started = time.time() - (timer.seconds - remaining)
            else:
                remaining, started = self._resumed(saved.get(name), timer.seconds)
            generation = next(self._timer_ids)
            room.timers[name] = RunningTimer(generation, time.monotonic() + remaining,
                                             timer.seconds, started)
            self.spawn(functools.partial(self._fire, room, name, generation, timer.action),
                       remaining)
        room.paused_left = {}

    def _resumed(self, saved, seconds: float) -> tuple[float, float]:
        """(seconds left, wall-clock start) of a timer: a fresh one, or one that was running
        when the host stopped, which resumes with the time it had left at the last beat."""
        now = time.time()
        if not isinstance(saved, dict) or saved.get("seconds") != seconds:
            return seconds, now
        try:
            started = float(saved["started"])
        except (KeyError, TypeError, ValueError):
            return seconds, now
        alive = self.store.last_beat()
        elapsed = max(0.0, min(seconds, (alive if alive is not None else now) - started))
        remaining = seconds - elapsed
        return remaining, now - elapsed

    def _fire(self, room: Room, name: str, generation: int, action: dict) -> None:
        with room.lock:
            current = room.timers.get(name)
            if current is None or current.generation != generation or room.game is None:
                return
            del room.timers[name]
            try:
                self._apply(room, None, action)
            except RoomError as error:      # not saved: the timer runs again from the start
                if error.code not in NOT_SAVED:
                    log.warning("timer %s of room %s was refused", name, room.code)

    def _wake(self, room: Room) -> None:
        game = room.game
        if game is None or room.status != "playing" or room.paused or room.retired:
            return
        if room.lesson is not None:
            if room.lesson.waiting() and LESSON_SCRIPT not in room.bots_pending:
                room.bots_pending.add(LESSON_SCRIPT)
                delay = self.bot_delay * (FAST_PACE if room.fast else 1.0)
                self.spawn(functools.partial(self._lesson_move, room), delay)
            return
        reading = self._round_end_left(room, game)
        for seat in game.actors():
            if seat is not None and room.seats[seat].played_by_bot \
                    and seat not in room.bots_pending:
                room.bots_pending.add(seat)
                delay = self.bot_delay * (1.5 if game.timers() else 1.0) \
                    * (FAST_PACE if room.fast else 1.0)
                delay = max(delay, reading)
                if self._bot_level(room, seat) == SearchBot.level:
                    # a search takes a while: it starts now and its move waits for the pace
                    think = functools.partial(self._bot_move, room, seat,
                                              time.monotonic() + delay)
                    self.spawn(functools.partial(self.compute, think), 0)
                else:
                    think = functools.partial(self._bot_move, room, seat)
                    self.spawn(functools.partial(self.compute, think), delay)

    def _round_end_left(self, room: Room, game) -> float:
        """Seconds the end of a round must still stay on screen before a computer player says
        it is ready: in a room of computers only, all of them ready at once used to flash the
        scores by."""
        if not any(timer.name == "next_round" for timer in game.timers()):
            room.round_over_since = None
            return 0.0
        now = time.monotonic()
        if room.round_over_since is None:
            room.round_over_since = now
        return max(0.0, room.round_over_since + self.round_end_shown - now)

    def _bot_move(self, room: Room, seat: int, due: float | None = None) -> None:
        """One bot move: look (under the lock), think (outside it), act (under it, if the
        game has not moved on meanwhile), no sooner than `due` (time.monotonic())."""
        with room.lock:
            game = room.game
            if game is None or room.status != "playing" or room.paused or room.retired \
                    or seat not in game.actors() or not room.seats[seat].played_by_bot:
                room.bots_pending.discard(seat)
                return
            stamp = (id(game), len(game.log))
            level = self._bot_level(room, seat)
            view = self.brains.private(game.view(seat))
        try:
            action = self.brains.choose(room, seat, level, view)
        except Exception as error:
            log.warning("bot %s of room %s failed (%s); it tries again in a moment",
                        seat, room.code, error)
            with room.lock:
                room.bots_pending.discard(seat)
                self.brains.forget(room, seat, level)
            self.spawn(functools.partial(self._rewake, room), 1.0)
            return
        wait = due - time.monotonic() if due is not None else 0.0
        if wait > 0:
            self.spawn(functools.partial(self._bot_act, room, seat, stamp, level, action), wait)
        else:
            self._bot_act(room, seat, stamp, level, action)

    def _bot_act(self, room: Room, seat: int, stamp: tuple, level: str,
                 action: dict | None) -> None:
        self.people_first.let_people_go_first()
        with room.lock:
            room.bots_pending.discard(seat)
            game = room.game
            if room.retired:
                return
            if game is None or (id(game), len(game.log)) != stamp or room.paused \
                    or not room.seats[seat].played_by_bot:
                self.brains.forget(room, seat, level)   # its plan was for another table
                self._wake(room)
                return
            if action is None:
                return
            why = reasons.ask(room, seat, level, action)
            try:
                self._apply(room, seat, action, why=why)
            except RoomError as error:
                self.brains.forget(room, seat, level)
                if error.code in NOT_SAVED:     # the file takes nothing now: later
                    self.spawn(functools.partial(self._rewake, room), RETRY_SAVE)
                    return
                log.warning("bot %s of room %s chose a refused move %s (%s)",
                            seat, room.code, json.dumps(action)[:200], error.code)

    def _lesson_move(self, room: Room) -> None:
        """The lesson's next scripted move, paced like a computer player's."""
        with room.lock:
            room.bots_pending.discard(LESSON_SCRIPT)
            lesson = room.lesson
            if room.game is None or room.status != "playing" or room.paused or lesson is None \
                    or room.retired:
                return
            move = lesson.scripted()
            if move is None:
                return
            try:
                self._apply(room, *move, then=lesson.played_scripted)
            except RoomError as error:       # a script that no longer fits: skip the move
                if error.code in NOT_SAVED:   # (one the file did not take: again, later)
                    self.spawn(functools.partial(self._rewake, room), RETRY_SAVE)
                    return
                log.warning("lesson %s of room %s: scripted move %s refused (%s)",
                            lesson.lesson.id, room.code, json.dumps(move)[:200], error.code)
                lesson.played_scripted()
                self._changed(room)

    def _rewake(self, room: Room) -> None:
        with room.lock:
            self._wake(room)

    @staticmethod
    def _bot_level(room: Room, seat: int) -> str:
        levels = room.game_class.bot_levels
        level = room.seats[seat].bot or room.game_class.stand_in_level()
        return level if level in levels else room.game_class.stand_in_level()

    @staticmethod
    def _pause(room: Room, by: str) -> None:
        now = time.monotonic()
        room.paused_left = {name: max(0.0, t.deadline - now) for name, t in room.timers.items()}
        room.timers.clear()             # a timer already scheduled finds itself stale
        room.paused, room.paused_by = True, by

    @staticmethod
    def _resume(room: Room) -> None:
        room.paused, room.paused_by = False, None   # _changed() restarts the timers
