"""The game store: one SQLite file holding every game's settings, seat tokens (hashed) and record.

What is stored is what DESIGN.md says a game is: its settings (rule profile, seat plan, seed, display
preferences) and the actions of its record, appended as they are accepted. Replaying the actions on
``Game(profile, seed)`` rebuilds the game exactly, so a restart (even a ``kill -9``) loses nothing that was
answered: every accepted action is committed before the server replies.

The database runs in WAL mode with ``synchronous=NORMAL``: a commit survives the process being killed; only
a power cut may lose the last commits. Tokens are never stored, only their SHA-256 (they are 256-bit random
strings, so a plain hash is enough).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    settings TEXT NOT NULL,
    status TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS tokens (
    token_hash TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS tokens_game ON tokens(game_id);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    declare TEXT NOT NULL DEFAULT '',
    at REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


def default_db_path() -> Path:
    """``puur.sqlite3`` in the user's data directory (platformdirs)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("puur")) / "puur.sqlite3"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def action_row(entry: list[Any]) -> tuple[int, str, str]:
    """A taken action ``[seat, action, declarations]`` as an ``actions`` row's ``seat``, ``action`` and
    ``declare`` columns (the declarations joined by commas: neither ``stoeck`` nor ``weis:N`` holds one). The
    rows of a game are thus its record's actions one to one (``puur.table.play.stored_of``); ``action_entry``
    is the way back. Both stores write through it."""
    return entry[0], entry[1], ",".join(entry[2]) if len(entry) > 2 and entry[2] else ""


def action_entry(seat: int, action: str, declare: str) -> list[Any]:
    """An ``actions`` row read back (``action_row``'s inverse): ``[seat, action, declarations]``, or
    ``[seat, action]`` without any. Both stores read through it."""
    return [int(seat), action, declare.split(",")] if declare else [int(seat), action]


class GameStore(Protocol):
    """The store's one interface (DESIGN.md: SQLite embedded, PostgreSQL for several workers): ``Store``
    here and ``puur.server.store.postgres.PgStore``. Every write is committed before it returns. Arguments are
    passed by position."""

    shared: bool
    """Whether other processes change the same games (then a copy in memory must be brought up to date)."""

    def create_game(self, game_id: str, settings: dict[str, Any], tokens: dict[int, str], status: str, /) -> None: ...
    def add_token(self, game_id: str, seat: int, token: str, /) -> None: ...
    def drop_tokens(self, game_id: str, seat: int, /) -> None: ...
    def append_actions(self, game_id: str, first_seq: int, actions: list[list[Any]], status: str, /) -> None: ...
    def update_settings(self, game_id: str, settings: dict[str, Any], /) -> None: ...
    def undo_actions(self, game_id: str, first_seq: int, settings: dict[str, Any], /) -> None: ...
    def delete_games(self, ids: list[str], /) -> None: ...
    def idle_games(self, before: float, /) -> list[str]: ...
    def load(self, game_id: str, /) -> StoredGame | None: ...
    def seat_of(self, game_id: str, token: str, /) -> int | None: ...
    def token_hashes(self, game_id: str, /) -> dict[str, int]: ...
    def lookup(self, tokens: list[str], /) -> list[tuple[str, int]]: ...
    def games_meta(self, ids: list[str], /) -> dict[str, tuple[str, float, float]]: ...
    def close(self) -> None: ...


class Writes(Protocol):
    """The writes of one change of a game's table (a seat taken, handed over, a hint counted, an undo),
    made by ``GameHub.change`` while nobody else may change the game: on SQLite each is committed as it
    is made (one worker, the game's lock in memory serialises), on PostgreSQL all of them in the one
    transaction that holds the game's row (``puur.server.store.postgres.Locked``)."""

    def settings(self, settings: dict[str, Any], /) -> None:
        """Store the game's settings (its seat plan and counts) whole."""

    def token(self, seat: int, token: str, /) -> None:
        """Let ``token`` (hashed) hold ``seat`` too."""

    def drop_tokens(self, seat: int, /) -> None:
        """No token holds ``seat`` any more (its person was removed from a table before the start)."""

    def undo(self, first_seq: int, settings: dict[str, Any], /) -> None:
        """Drop the actions numbered ``first_seq`` and after, and store ``settings``."""


class StoreWrites:
    """``Writes`` straight to a store, each committed at once (the single-worker store)."""

    def __init__(self, store: GameStore, game_id: str) -> None:
        self.store, self.game_id = store, game_id

    def settings(self, settings: dict[str, Any]) -> None:
        self.store.update_settings(self.game_id, settings)

    def token(self, seat: int, token: str) -> None:
        self.store.add_token(self.game_id, seat, token)

    def drop_tokens(self, seat: int) -> None:
        self.store.drop_tokens(self.game_id, seat)

    def undo(self, first_seq: int, settings: dict[str, Any]) -> None:
        self.store.undo_actions(self.game_id, first_seq, settings)


class GameBusy(Exception):
    """Another worker holds the game's row longer than the wait allows; nothing was changed (the table
    answers it as a conflict: send it again)."""


class GameExists(Exception):
    """A game with this id is stored already (two workers creating the same rematch at once)."""


class GameGone(LookupError):
    """The game is no longer stored (deleted by the retention sweep, perhaps by another worker)."""


def is_postgres(db: str | Path | None) -> bool:
    """Whether ``db`` (``--db``/``PUUR_DB``) names a PostgreSQL database rather than a SQLite file."""
    return db is not None and str(db).split("://", 1)[0].split("+", 1)[0] in ("postgresql", "postgres")


def open_store(db: str | Path | None = None) -> GameStore:
    """The store named by ``db`` (``--db``/``PUUR_DB``: operator configuration, never a request's): a
    ``postgresql://`` URL opens ``puur.server.store.postgres.PgStore`` (several workers share it, README "Running
    several workers"; needs the ``postgres`` extra), anything else is a SQLite file (``Store``, the default
    for one process)."""
    if is_postgres(db):
        try:
            from puur.server.store.postgres import PgStore
        except ImportError as e:
            raise RuntimeError(f"a PostgreSQL store needs SQLAlchemy, Alembic and psycopg: pip install "
                               f"'puur[postgres]' ({e})") from None
        return PgStore(str(db))
    return Store(db)


@dataclass(frozen=True)
class StoredGame:
    id: str
    settings: dict[str, Any]
    status: str
    created: float
    updated: float
    actions: list[list[Any]]  # [seat, action] or [seat, action, [declarations]], in order


class Store:
    """Thread-safe access to the SQLite file (one connection, one lock: writes are tiny)."""

    shared = False
    """Only this process changes its games (``PgStore.shared`` is True: several workers share one database)."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path else default_db_path()
        if str(self.path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(self.path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._migrate()

    def _migrate(self) -> None:
        with self._lock:
            self._db.executescript(SCHEMA)
            row = self._db.execute("SELECT version FROM schema_version").fetchone()
            if row is None:
                self._db.execute("INSERT INTO schema_version (version) VALUES (?)", (SCHEMA_VERSION,))
            elif row[0] != SCHEMA_VERSION:
                raise RuntimeError(
                    f"the game database {self.path} has schema version {row[0]}; this Puur reads {SCHEMA_VERSION}"
                )

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # ----- writes (each one committed before it returns) -----
    def create_game(self, game_id: str, settings: dict[str, Any], tokens: dict[int, str], status: str) -> None:
        now = time.time()
        with self._lock:
            self._db.execute("BEGIN")
            try:
                self._db.execute(
                    "INSERT INTO games (id, settings, status, created, updated) VALUES (?, ?, ?, ?, ?)",
                    (game_id, json.dumps(settings), status, now, now),
                )
                self._db.executemany(
                    "INSERT INTO tokens (token_hash, game_id, seat) VALUES (?, ?, ?)",
                    [(token_hash(t), game_id, seat) for seat, t in tokens.items()],
                )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def add_token(self, game_id: str, seat: int, token: str) -> None:
        """Let ``token`` (hashed) hold ``seat`` of ``game_id`` too; nothing if it already does."""
        with self._lock:
            self._db.execute(
                "INSERT OR IGNORE INTO tokens (token_hash, game_id, seat) VALUES (?, ?, ?)",
                (token_hash(token), game_id, seat),
            )

    def drop_tokens(self, game_id: str, seat: int) -> None:
        """No token holds ``seat`` of ``game_id`` any more."""
        with self._lock:
            self._db.execute("DELETE FROM tokens WHERE game_id = ? AND seat = ?", (game_id, seat))

    def append_actions(self, game_id: str, first_seq: int, actions: list[list[Any]], status: str) -> None:
        """Append accepted actions (numbered from ``first_seq``) and the game's status in one commit."""
        now = time.time()
        rows = [(game_id, first_seq + i, *action_row(a), now) for i, a in enumerate(actions)]
        with self._lock:
            self._db.execute("BEGIN")
            try:
                self._db.executemany(
                    "INSERT INTO actions (game_id, seq, seat, action, declare, at) VALUES (?, ?, ?, ?, ?, ?)", rows
                )
                self._db.execute("UPDATE games SET status = ?, updated = ? WHERE id = ?", (status, now, game_id))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def update_settings(self, game_id: str, settings: dict[str, Any]) -> None:
        """Replace the game's stored settings (the hint and undo counts live there: ``puur.server.http.assist``)."""
        with self._lock:
            self._db.execute("UPDATE games SET settings = ? WHERE id = ?", (json.dumps(settings), game_id))

    def undo_actions(self, game_id: str, first_seq: int, settings: dict[str, Any]) -> None:
        """Drop the actions numbered ``first_seq`` and after (an undo) and store ``settings`` in one commit;
        the game is in play again."""
        now = time.time()
        with self._lock:
            self._db.execute("BEGIN")
            try:
                self._db.execute("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (game_id, first_seq))
                self._db.execute("UPDATE games SET settings = ?, status = 'playing', updated = ? WHERE id = ?",
                                 (json.dumps(settings), now, game_id))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def delete_games(self, ids: list[str]) -> None:
        """Delete these games with their tokens and actions, in one commit (the retention sweep)."""
        if not ids:
            return
        with self._lock:
            self._db.execute("BEGIN")
            try:
                for start in range(0, len(ids), 500):  # SQLite bounds the parameters of one statement
                    chunk = ids[start : start + 500]
                    marks = ",".join("?" * len(chunk))
                    for table, column in (("actions", "game_id"), ("tokens", "game_id"), ("games", "id")):
                        self._db.execute(f"DELETE FROM {table} WHERE {column} IN ({marks})", chunk)
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    # ----- reads -----
    def idle_games(self, before: float) -> list[str]:
        """The ids of games whose last action (or creation) is older than ``before`` (a Unix time)."""
        with self._lock:
            rows = self._db.execute("SELECT id FROM games WHERE updated < ?", (before,)).fetchall()
        return [r[0] for r in rows]

    def load(self, game_id: str) -> StoredGame | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, settings, status, created, updated FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            if row is None:
                return None
            acts = self._db.execute(
                "SELECT seat, action, declare FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
            ).fetchall()
        actions = [action_entry(*row) for row in acts]
        return StoredGame(row[0], json.loads(row[1]), row[2], row[3], row[4], actions)

    def seat_of(self, game_id: str, token: str) -> int | None:
        """The seat ``token`` holds in ``game_id``, or None."""
        with self._lock:
            row = self._db.execute(
                "SELECT seat FROM tokens WHERE token_hash = ? AND game_id = ?", (token_hash(token), game_id)
            ).fetchone()
        return None if row is None else int(row[0])

    def token_hashes(self, game_id: str) -> dict[str, int]:
        """Token hash -> seat for every human seat of ``game_id``."""
        with self._lock:
            rows = self._db.execute("SELECT token_hash, seat FROM tokens WHERE game_id = ?", (game_id,)).fetchall()
        return {r[0]: int(r[1]) for r in rows}

    def lookup(self, tokens: list[str]) -> list[tuple[str, int]]:
        """(game id, seat) for every token that is a seat somewhere."""
        hashes = [token_hash(t) for t in tokens]
        if not hashes:
            return []
        marks = ",".join("?" * len(hashes))
        with self._lock:
            rows = self._db.execute(
                f"SELECT game_id, seat FROM tokens WHERE token_hash IN ({marks})", hashes
            ).fetchall()
        return [(r[0], int(r[1])) for r in rows]

    def games_meta(self, ids: list[str]) -> dict[str, tuple[str, float, float]]:
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        with self._lock:
            rows = self._db.execute(
                f"SELECT id, status, created, updated FROM games WHERE id IN ({marks})", ids
            ).fetchall()
        return {r[0]: (r[1], r[2], r[3]) for r in rows}


__all__ = ["SCHEMA_VERSION", "GameBusy", "GameExists", "GameGone", "GameStore", "Store", "StoreWrites", "StoredGame", "Writes", "default_db_path", "is_postgres", "open_store", "token_hash"]
