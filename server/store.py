"""SQLite persistence: each room's setup and its action log, written as they happen."""
from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    record TEXT NOT NULL,
    status TEXT NOT NULL,
    updated REAL NOT NULL DEFAULT (julianday('now'))
);
CREATE TABLE IF NOT EXISTS actions (
    room TEXT NOT NULL,
    n INTEGER NOT NULL,
    seat INTEGER,
    action TEXT NOT NULL,
    PRIMARY KEY (room, n)
);
"""


class Store:
    def __init__(self, path: str | Path = ":memory:"):
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(SCHEMA)

    def save_room(self, record: dict) -> None:
        with self._lock:
            self._db.execute(
                "INSERT INTO rooms (code, record, status) VALUES (?, ?, ?) "
                "ON CONFLICT(code) DO UPDATE SET record = excluded.record, "
                "status = excluded.status, updated = julianday('now')",
                (record["code"], json.dumps(record), record["status"]))

    def append_action(self, code: str, n: int, seat, action: dict) -> None:
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO actions (room, n, seat, action) "
                             "VALUES (?, ?, ?, ?)", (code, n, seat, json.dumps(action)))

    def clear_actions(self, code: str) -> None:
        with self._lock:
            self._db.execute("DELETE FROM actions WHERE room = ?", (code,))

    def load_rooms(self, statuses=("lobby", "playing")):
        """(record, [(seat, action), ...]) for every room in one of `statuses`."""
        with self._lock:
            marks = ",".join("?" * len(statuses))
            rows = self._db.execute(
                f"SELECT record FROM rooms WHERE status IN ({marks}) ORDER BY updated",
                statuses).fetchall()
            result = []
            for (text,) in rows:
                record = json.loads(text)
                actions = [(seat, json.loads(action)) for seat, action in self._db.execute(
                    "SELECT seat, action FROM actions WHERE room = ? ORDER BY n",
                    (record["code"],))]
                result.append((record, actions))
            return result

    def close(self) -> None:
        with self._lock:
            self._db.close()
