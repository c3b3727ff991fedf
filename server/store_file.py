"""Opening the games file so that the host always starts, and loses nothing it can read.

- A file SQLite cannot read, or whose tables are not ours, is moved aside under a dated name and
  whatever rows can still be read are copied into a fresh file (the TV's house notice says so).
- A file the host may not write (a read-only folder, or another program holding it) is left as
  it is: the host plays from a copy in memory of what it can read, and the notice says that
  today's games will not be kept.
"""
from __future__ import annotations

import logging
import os
import shutil
import sqlite3
import time
from pathlib import Path

from server import history

log = logging.getLogger(__name__)

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
    format INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (room, n)
);
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""
COLUMNS = {"rooms": {"code", "record", "status", "updated"},
           "actions": {"room", "n", "seat", "action", "format"},
           "meta": {"key", "value"},
           "played": {*history.COLUMNS.replace(" ", "").split(","), "removed", "log"}}
NOT_WRITABLE = {8, 14, 3}       # SQLite's READONLY, CANTOPEN, PERM
HELD = {5, 6}                   # BUSY, LOCKED: another program holds the file
UNREADABLE = (sqlite3.DatabaseError, UnicodeDecodeError, ValueError)


def lenient_text(value: bytes) -> str:
    """Text as stored; bytes that are not UTF-8 (a damaged page) read as U+FFFD, so that a
    damaged record is a damaged room rather than an exception on every read."""
    return value.decode("utf-8", errors="replace")


def connect(path) -> sqlite3.Connection:
    """The file in WAL mode with full syncs, its tables made or brought up to date."""
    db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
    db.text_factory = lenient_text
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.executescript(SCHEMA)
        columns = [row[1] for row in db.execute("PRAGMA table_info(actions)")]
        if "format" not in columns:              # a file from before formats were kept
            db.execute("ALTER TABLE actions ADD COLUMN format INTEGER NOT NULL DEFAULT 1")
        history.migrate(db)
    except BaseException:
        db.close()
        raise
    return db


def check(db: sqlite3.Connection) -> None:
    """DatabaseError unless the file reads whole, its tables are ours, and it can be written."""
    result = db.execute("PRAGMA quick_check").fetchall()
    if result != [("ok",)]:
        raise sqlite3.DatabaseError("; ".join(str(r[0]) for r in result[:3]))
    for table, wanted in COLUMNS.items():
        found = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
        if found != wanted:
            raise sqlite3.DatabaseError(f"the table {table} has other columns: {sorted(found)}")
    db.execute("BEGIN IMMEDIATE")               # another program writing holds this
    db.execute("ROLLBACK")


def open_games_file(path: Path) -> tuple[sqlite3.Connection, list[dict]]:
    """The games file's connection, and the notices for the house's TV."""
    db = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        db = connect(path)
        check(db)
        return db, []
    except (*UNREADABLE, OSError) as error:
        if db is not None:
            db.close()                          # Windows moves no file that is still open
        problem = error
    if _not_ours_to_write(problem, path):
        return _in_memory(path, problem)
    try:
        return _recover(path, problem)
    except OSError as moving:                   # the folder refuses the move after all
        return _in_memory(path, moving)


def _not_ours_to_write(error: BaseException, path: Path) -> bool:
    code = getattr(error, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    return isinstance(error, OSError) or primary in NOT_WRITABLE | HELD \
        or not os.access(path.parent, os.W_OK)


def _in_memory(path: Path, error: BaseException) -> tuple[sqlite3.Connection, list[dict]]:
    """A copy in memory of what can be read: the family plays, and is told nothing is kept."""
    db = connect(":memory:")
    rooms, actions, played = salvage(path) if path.exists() else ([], [], [])
    _copy_into(db, rooms, actions, played)
    held = getattr(error, "sqlite_errorcode", 0) & 0xFF in HELD \
        if isinstance(getattr(error, "sqlite_errorcode", None), int) else False
    why_es = "otro programa lo tiene ocupado" if held else "la carpeta no deja escribir"
    why_en = "another program is holding it" if held else "the folder cannot be written"
    log.warning("No se pueden guardar las partidas en %s (%s): se juega sin guardar. / Games "
                "cannot be saved in %s (%s): playing without saving.", path, error, path, error)
    return db, [{
        "code": "not_kept", "path": str(path),
        "es": f"Hoy las partidas no se guardarán: {why_es} ({path}). Se juega igual, y las "
              "partidas de antes se ven. Para guardar, arréglalo y vuelve a abrir Sobremesa.",
        "en": f"Today's games will not be kept: {why_en} ({path}). You can play all the same, "
              "and earlier games show. To keep them, fix that and start Sobremesa again."}]


def _recover(path: Path, error: BaseException) -> tuple[sqlite3.Connection, list[dict]]:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
    for suffix in ("", "-wal", "-shm"):
        source = Path(str(path) + suffix)
        if source.exists():
            shutil.move(str(source), str(aside) + suffix)
    rooms, actions, played = salvage(aside)
    db = connect(path)
    _copy_into(db, rooms, actions, played)
    log.warning("Guardamos una copia de la partida dañada en %s (no se podía leer: %s); "
                "se recuperaron %d salas y %d jugadas. / The games file could not be read: "
                "a copy is kept at %s; %d rooms and %d moves were recovered.",
                aside, error, len(rooms), len(actions), aside, len(rooms), len(actions))
    return db, [{
        "code": "damaged_file", "path": str(aside), "rooms": len(rooms),
        "es": f"El archivo de partidas estaba dañado. Guardamos una copia de la partida "
              f"dañada en {aside}. "
              + (f"Se recuperaron {len(rooms)} salas." if rooms
                 else "No se pudo leer ninguna sala."),
        "en": f"The games file was damaged. A copy was kept at {aside}. "
              + (f"{len(rooms)} rooms were recovered." if rooms
                 else "No room could be read.")}]


def _copy_into(db: sqlite3.Connection, rooms: list, actions: list, played: list) -> None:
    db.execute("BEGIN IMMEDIATE")
    db.executemany("INSERT OR IGNORE INTO rooms (code, record, status, updated) "
                   "VALUES (?, ?, ?, ?)", rooms)
    db.executemany("INSERT OR IGNORE INTO actions (room, n, seat, action, format) "
                   "VALUES (?, ?, ?, ?, ?)", actions)
    db.executemany(f"INSERT OR IGNORE INTO played ({history.COLUMNS}, removed) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", played)
    db.execute("COMMIT")


def salvage(path: Path) -> tuple[list[tuple], list[tuple], list[tuple]]:
    """Whatever rows of a file SQLite can still read, one by one."""
    db = _read_only(path)
    if db is None:
        return [], [], []
    try:
        rooms = _rows(db, "rooms", "code, record, status, updated")
        actions = _rows(db, "actions", "room, n, seat, action, format") \
            or [(*row, 1) for row in _rows(db, "actions", "room, n, seat, action")]
        played = _rows(db, "played", history.COLUMNS + ", removed")
    finally:
        db.close()
    return rooms, actions, played


def _read_only(path: Path) -> sqlite3.Connection | None:
    """The file for reading; in a folder where SQLite may not make its WAL index, as a file
    nobody changes (`immutable`), which is all it can be there."""
    for flags in ("mode=ro", "mode=ro&immutable=1"):
        try:
            db = sqlite3.connect(f"{path.resolve().as_uri()}?{flags}", uri=True)
        except sqlite3.DatabaseError:
            continue
        db.text_factory = lenient_text
        try:
            db.execute("SELECT count(*) FROM sqlite_master").fetchone()
            return db
        except sqlite3.DatabaseError:
            db.close()
    return None


def _rows(db: sqlite3.Connection, table: str, columns: str) -> list[tuple]:
    try:
        return db.execute(f"SELECT {columns} FROM {table}").fetchall()
    except UNREADABLE:
        pass
    try:
        top = db.execute(f"SELECT max(rowid) FROM {table}").fetchone()[0] or 0
    except UNREADABLE:
        return []
    found = []
    for rowid in range(1, min(top, 5_000_000) + 1):
        try:
            row = db.execute(f"SELECT {columns} FROM {table} WHERE rowid = ?",
                             (rowid,)).fetchone()
        except UNREADABLE:
            continue
        if row is not None:
            found.append(row)
    return found
