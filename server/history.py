"""The family history: every finished game, kept across nights in the host's SQLite file.

A row of `played` is written in the same transaction as the move that ended the game, and is
unique per (room, seed): a host killed around the end of a game and restarted records it once
(a restored finished room is recorded again with INSERT OR IGNORE, which also fills in games
finished before this table existed). Removing a game only marks it `removed`, so a finished
room still on the live list cannot bring it back on the next restart.

Names: the same name on another night is the same person, compared without case or accents
("Abuela", "abuela", "ABUELA"). `aliases` maps a folded name to the name it was merged into.
Lessons are not recorded; solo games are, marked `solo` (a person against the computer).
Computer players appear in each game but not in the table of honour.

`log` keeps what the game is rebuilt from for its replay on the TV: the room's options, its
moves and the seats that changed hands (JSON). It is NULL for a game recorded before replays,
unless its room was still on the live list when this host started (then its moves are filled
in). It is never sent with the history: a replay asks for it by id (server/replays.py).
"""
from __future__ import annotations

import csv
import io
import json
import sqlite3
import time
import unicodedata

SCHEMA_VERSION = 3           # PRAGMA user_version: 0 or 1 = before the history, 2 = before `log`
SCHEMA = """
CREATE TABLE IF NOT EXISTS played (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    room TEXT NOT NULL,
    seed INTEGER NOT NULL,
    game TEXT NOT NULL,
    kind TEXT NOT NULL,
    options TEXT NOT NULL,
    started REAL NOT NULL,
    finished REAL NOT NULL,
    players TEXT NOT NULL,
    rounds TEXT NOT NULL,
    removed INTEGER NOT NULL DEFAULT 0,
    log TEXT,
    UNIQUE (room, seed)
);
CREATE INDEX IF NOT EXISTS played_by_date ON played (finished);
CREATE TABLE IF NOT EXISTS aliases (
    folded TEXT PRIMARY KEY,
    name TEXT NOT NULL
);
"""
COLUMNS = "id, room, seed, game, kind, options, started, finished, players, rounds"
MAX_NAME = 20


def migrate(db: sqlite3.Connection) -> None:
    """Bring an older file up to SCHEMA_VERSION (tables are only ever added)."""
    db.executescript(SCHEMA)
    columns = {row[1] for row in db.execute("PRAGMA table_info(played)")}
    if "log" not in columns:
        db.execute("ALTER TABLE played ADD COLUMN log TEXT")
    if db.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def fold(name: str) -> str:
    """A name as compared: no accents, no case, single spaces."""
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", name)
                    if not unicodedata.combining(ch))
    return " ".join(plain.casefold().split())


def entry(room) -> dict | None:
    """The history row of a room whose game is over (None for a lesson or a game not over)."""
    game = room.game
    if game is None or room.lesson is not None or not game.finished:
        return None
    result = game.result()
    scores = list(result["scores"])
    places = _places(result["ranking"], scores)
    players = [{"seat": i, "name": seat.name, "color": seat.color, "bot": seat.bot is not None,
                "score": scores[i], "place": places[i], "winner": i in result["winners"]}
               for i, seat in enumerate(room.seats)]
    return {"room": room.code, "seed": room.seed, "game": room.game_name, "kind": room.kind,
            "options": game.kept_options(),
            "started": room.created, "finished": time.time(),
            "players": players, "rounds": game.round_scores(),
            "log": {"options": room.options, "actions": game.to_json_log(),
                    "renames": room.renames}}


def _places(ranking: list[int], scores: list[int]) -> list[int]:
    """1 for the winners, then by the ranking; equal scores share a place."""
    places = [0] * len(scores)
    for position, seat in enumerate(ranking):
        previous = ranking[position - 1] if position else None
        same = previous is not None and scores[previous] == scores[seat]
        places[seat] = places[previous] if same and previous is not None else position + 1
    return places


def insert(db: sqlite3.Connection, row: dict) -> None:
    log = json.dumps(row["log"]) if row.get("log") is not None else None
    db.execute(f"INSERT OR IGNORE INTO played ({COLUMNS[4:]}, log) VALUES (?,?,?,?,?,?,?,?,?,?)",
               (row["room"], row["seed"], row["game"], row["kind"], json.dumps(row["options"]),
                row["started"], row["finished"], json.dumps(row["players"]),
                json.dumps(row["rounds"]), log))
    if log is not None:        # recorded before replays were kept: its moves are known now
        db.execute("UPDATE played SET log = ? WHERE room = ? AND seed = ? AND log IS NULL",
                   (log, row["room"], row["seed"]))


def replay_source(db: sqlite3.Connection, game_id: int) -> tuple[dict, dict | None] | None:
    """A recorded game (as `games` gives it) and what rebuilds it (None when it was recorded
    before replays were kept); None for an unknown or removed game."""
    row = db.execute(f"SELECT {COLUMNS}, log FROM played WHERE id = ? AND removed = 0",
                     (game_id,)).fetchone()
    if row is None:
        return None
    played = _decode(row[:-1])
    if played is None:
        return None
    names = _aliases(db)
    for player in played["players"]:
        player["name"] = names.get(fold(player["name"]), player["name"])
    try:
        return played, json.loads(row[-1]) if row[-1] is not None else None
    except ValueError:
        return played, None


def room_game_id(db: sqlite3.Connection, room: str, seed: int) -> int | None:
    row = db.execute("SELECT id FROM played WHERE room = ? AND seed = ? AND removed = 0",
                     (room, seed)).fetchone()
    return row[0] if row else None


def _decode(row) -> dict | None:
    """A played row as the TV reads it; None for a row a damaged file left unreadable (it is
    kept, and simply not listed)."""
    id_, room, seed, game, kind, options, started, finished, players, rounds = row
    try:
        played = {"id": id_, "room": room, "seed": seed, "game": game, "kind": kind,
                  "options": json.loads(options), "started": started, "finished": finished,
                  "players": json.loads(players), "rounds": json.loads(rounds)}
    except (TypeError, ValueError):
        return None
    people = played["players"]
    if not isinstance(people, list) or not all(
            isinstance(p, dict) and isinstance(p.get("name"), str) for p in people):
        return None
    return played


def games(db: sqlite3.Connection, game: str | None = None, limit: int | None = None) -> list:
    """Recorded games, newest first, names as merged."""
    query = f"SELECT {COLUMNS}, log IS NOT NULL FROM played WHERE removed = 0"
    args: list = []
    if game is not None:
        query += " AND game = ?"
        args.append(game)
    query += " ORDER BY finished DESC, id DESC"
    if limit is not None:
        query += " LIMIT ?"
        args.append(limit)
    names = _aliases(db)
    found = []
    for row in db.execute(query, args).fetchall():
        played = _decode(row[:-1])
        if played is None:
            continue
        played["replay"] = bool(row[-1])
        for player in played["players"]:
            player["name"] = names.get(fold(player["name"]), player["name"])
        found.append(played)
    return found


def _aliases(db: sqlite3.Connection) -> dict[str, str]:
    return dict(db.execute("SELECT folded, name FROM aliases").fetchall())


def honour(played: list[dict]) -> list[dict]:
    """The table of honour of these games: people only, most wins first."""
    table: dict[str, dict] = {}
    for one in reversed(played):                  # oldest first: the newest spelling stays
        for player in one["players"]:
            if player["bot"]:
                continue
            row = table.setdefault(fold(player["name"]), {"wins": 0, "played": 0})
            row["name"] = player["name"]
            row["played"] += 1
            row["wins"] += 1 if player["winner"] else 0
    return sorted(table.values(), key=lambda r: (-r["wins"], -r["played"], fold(r["name"])))


def record_of(played: list[dict], name: str) -> dict:
    """One person's record in these games: wins, games, and their best place."""
    key = fold(name)
    mine = [p for one in played for p in one["players"] if not p["bot"] and fold(p["name"]) == key]
    return {"name": name, "played": len(mine), "wins": sum(1 for p in mine if p["winner"]),
            "best_place": min((p["place"] for p in mine), default=None)}


def merge(db: sqlite3.Connection, source: str, into: str) -> str:
    """From now on `source` counts as `into` (and so does any name merged into `source`
    before). Returns the name they all count as."""
    names = _aliases(db)
    target = names.get(fold(into), into)
    source_key = fold(source)
    for folded, name in names.items():
        if fold(name) == source_key:
            db.execute("UPDATE aliases SET name = ? WHERE folded = ?", (target, folded))
    db.execute("INSERT OR REPLACE INTO aliases (folded, name) VALUES (?, ?)",
               (source_key, target))
    db.execute("DELETE FROM aliases WHERE folded = ?", (fold(target),))
    return target


def known_names(played: list[dict]) -> set[str]:
    return {fold(p["name"]) for one in played for p in one["players"] if not p["bot"]}


def remove(db: sqlite3.Connection, game_id: int) -> bool:
    return db.execute("UPDATE played SET removed = 1 WHERE id = ? AND removed = 0",
                      (game_id,)).rowcount == 1


CSV_FIELDS = ["game_id", "game", "kind", "date", "player", "color", "computer", "place",
              "winner", "score", "round_scores", "options"]


def to_csv(played: list[dict]) -> str:
    """One line per player of each game (a spreadsheet opens it as it is)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_FIELDS)
    for one in played:
        date = time.strftime("%Y-%m-%d %H:%M", time.localtime(one["finished"]))
        for player in one["players"]:
            seat = player["seat"]
            writer.writerow([one["id"], one["game"], one["kind"], date, player["name"],
                             player["color"], "yes" if player["bot"] else "no", player["place"],
                             "yes" if player["winner"] else "no", player["score"],
                             " ".join(str(r[seat]) for r in one["rounds"] if seat < len(r)),
                             json.dumps(one["options"], ensure_ascii=False)])
    return out.getvalue()
