"""SQLite persistence: each room's record and its action log, written as they happen.

Crash safety: WAL journal with `synchronous=FULL`, and every action is one transaction
together with its room's record (version, timers, status), so a `kill -9` or a flat battery
leaves either both or neither. A file SQLite cannot read is moved aside under a dated name
and whatever rows can still be read are copied into a fresh file: the host always starts.

Each action row carries the format it was written in (`LOG_FORMAT`). A room whose log holds a
row of a format this host does not know is read like any log that does not replay: the lobby
keeps the room aside as damaged.
"""
from __future__ import annotations

import contextlib
import json
import logging
import shutil
import sqlite3
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from server import history, store_file

log = logging.getLogger(__name__)

LIVE = ("lobby", "playing", "finished")
ASLEEP = "asleep"          # a game nobody watched, off the live list until its people return
# 1: before formats were kept (a plain draw or pass that the reminder of "Bajar es obligatorio"
#    let through was logged without its confirmation: its replay asks the solver again);
# 2: every action exactly as it must replay.
LOG_FORMAT = 2
LOG_FORMATS = (1, 2)


@dataclass
class SavedRoom:
    """One row of `rooms` as stored: the record may be damaged; `actions` is its log."""
    code: str
    text: str
    status: str
    updated: float                       # time.time()
    actions: list = field(default_factory=list)
    actions_error: str | None = None


class StoreError(Exception):
    """A write the file did not take (nothing of it was kept). `kind`: "full" (no space left),
    "locked" (another program holds the file), "readonly", or "failed"."""

    def __init__(self, kind: str, detail: str):
        super().__init__(f"{kind}: {detail}")
        self.kind = kind


FULL, LOCKED, READONLY, FAILED = "full", "locked", "readonly", "failed"
_KINDS = {13: FULL, 5: LOCKED, 6: LOCKED, 8: READONLY, 14: READONLY, 3: READONLY}
LOW_SPACE = 1 << 20          # an I/O error with less than this free is a full disk


def kind_of(error: sqlite3.Error, folder: Path | None) -> str:
    code = getattr(error, "sqlite_errorcode", None)
    kind = _KINDS.get(code & 0xFF, FAILED) if isinstance(code, int) else FAILED
    if kind == FAILED and folder is not None:      # SQLite's I/O error: a full disk, often
        with contextlib.suppress(OSError):
            if shutil.disk_usage(folder).free < LOW_SPACE:
                return FULL
    return kind


@contextmanager
def _transaction(db: sqlite3.Connection):
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
        db.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):     # a failed COMMIT leaves it open
            db.execute("ROLLBACK")
        raise


def _julian_to_unix(day) -> float:
    try:
        return (float(day) - 2440587.5) * 86400.0
    except (TypeError, ValueError):
        return 0.0


class Store:
    def __init__(self, path: str | Path = ":memory:"):
        self.path = path
        self.notices: list[dict] = []     # for the TV: a damaged file that was moved aside
        self.problem: str | None = None   # what the last write met (StoreError.kind), if it failed
        self.folder = None if path == ":memory:" else Path(path).parent
        self._lock = threading.Lock()
        if path == ":memory:":
            self._db = store_file.connect(path)
        else:
            self._db, self.notices = store_file.open_games_file(Path(path))

    # ----- writing ----------------------------------------------------------------------------

    @contextmanager
    def _write(self):
        """One transaction under the store's lock; a write SQLite refuses is a StoreError, and
        `problem` says what is wrong until a write goes through again."""
        with self._lock:
            try:
                with _transaction(self._db):
                    yield
            except sqlite3.Error as error:
                self.problem = kind_of(error, self.folder)
                raise StoreError(self.problem, str(error)) from None
            self.problem = None

    def save_room(self, record: dict) -> None:
        with self._write():
            self._upsert(record)

    def record_action(self, code: str, n: int, seat, action: dict, record: dict,
                      finished: dict | None = None) -> None:
        """One move and its room's new record, in one transaction; with the history row of
        the game, `finished`, when that move ended it."""
        with self._write():
            self._db.execute("INSERT OR REPLACE INTO actions (room, n, seat, action, format) "
                             "VALUES (?, ?, ?, ?, ?)",
                             (code, n, seat, json.dumps(action), LOG_FORMAT))
            self._upsert(record)
            if finished is not None:
                history.insert(self._db, finished)

    # ----- the family history -------------------------------------------------------------------

    def record_game(self, row: dict) -> None:
        """A finished game, unless it is recorded already (a restored room, an older file)."""
        with self._write():
            history.insert(self._db, row)

    def played(self, game: str | None = None, limit: int | None = None) -> list[dict]:
        with self._lock:
            return history.games(self._db, game, limit)

    def replay_source(self, game_id: int) -> tuple[dict, dict | None] | None:
        with self._lock:
            return history.replay_source(self._db, game_id)

    def room_game_id(self, room: str, seed: int) -> int | None:
        with self._lock:
            return history.room_game_id(self._db, room, seed)

    def merge_names(self, source: str, into: str) -> str:
        with self._write():
            return history.merge(self._db, source, into)

    def remove_game(self, game_id: int) -> bool:
        with self._write():
            return history.remove(self._db, game_id)

    def _upsert(self, record: dict) -> None:
        self._db.execute(
            "INSERT INTO rooms (code, record, status) VALUES (?, ?, ?) "
            "ON CONFLICT(code) DO UPDATE SET record = excluded.record, "
            "status = excluded.status, updated = julianday('now')",
            (record["code"], json.dumps(record), record["status"]))

    def clear_actions(self, code: str) -> None:
        with self._write():
            self._db.execute("DELETE FROM actions WHERE room = ?", (code,))

    def set_status(self, code: str, status: str) -> None:
        """Take a room off the live list (its rows stay for the family history)."""
        with self._write():
            self._db.execute("UPDATE rooms SET status = ? WHERE code = ?", (status, code))

    def beat(self, now: float | None = None) -> None:
        """The host is alive at `now`: after a crash, timers resume from the last beat. A beat
        the file does not take is skipped (`problem` tells the TV)."""
        with contextlib.suppress(StoreError), self._write():
            self._db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('alive', ?)",
                             (repr(time.time() if now is None else now),))

    def last_beat(self) -> float | None:
        with self._lock:
            row = self._db.execute("SELECT value FROM meta WHERE key = 'alive'").fetchone()
        try:
            return float(row[0]) if row else None
        except (TypeError, ValueError):
            return None

    # ----- reading ----------------------------------------------------------------------------

    def load_rooms(self, statuses=LIVE, code: str | None = None) -> list[SavedRoom]:
        """Every room in one of `statuses` (or only `code`), oldest first, records unparsed:
        the lobby decides what a damaged one is."""
        with self._lock:
            marks = ",".join("?" * len(statuses))
            only = "" if code is None else " AND code = ?"
            rows = self._db.execute(
                f"SELECT code, record, status, updated FROM rooms WHERE status IN ({marks}){only} "
                "ORDER BY updated", (*statuses, *([code] if code else []))).fetchall()
            saved = []
            for code, text, status, updated in rows:
                room = SavedRoom(str(code), text if isinstance(text, str) else "",
                                 str(status), _julian_to_unix(updated))
                try:
                    room.actions = _actions(self._db.execute(
                        "SELECT seat, action, format FROM actions WHERE room = ? ORDER BY n",
                        (code,)))
                except (sqlite3.DatabaseError, ValueError, TypeError) as error:
                    room.actions_error = str(error)
                saved.append(room)
            return saved

    def known(self, code: str) -> bool:
        """Whether any room of this file, in any state, has had `code`."""
        with self._lock:
            return self._db.execute("SELECT 1 FROM rooms WHERE code = ?",
                                    (code,)).fetchone() is not None

    def asleep(self, code: str) -> SavedRoom | None:
        """The sleeping room `code` with its log, or None."""
        found = self.load_rooms((ASLEEP,), code)
        return found[0] if found else None

    def close(self) -> None:
        with self._lock:
            self._db.close()


def _actions(rows) -> list:
    actions = []
    for seat, action, form in rows:
        if form not in LOG_FORMATS:
            raise ValueError(f"a move is in a log format this host does not know ({form!r})")
        actions.append((seat, json.loads(action)))
    return actions
