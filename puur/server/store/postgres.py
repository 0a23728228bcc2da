"""The game store on PostgreSQL: what ``puur.server.store.Store`` keeps, shared by every worker.

Several ``puur serve`` workers, on one machine or several behind any HTTP load balancer, serve the same games
from one database: the game's row and its action log are the truth, a worker's game in memory only a cache.

- **One writer per game at a time.** A worker that acts on a game opens a transaction, locks the game's row
  (``SELECT ... FOR UPDATE``), brings its cached game up to the stored log (``Locked.changes``), applies the
  action and the computers' moves, and appends them in the same transaction (``Locked.append``): an action
  sent to two workers at once is serialised by the lock, and the second one is judged on the state the first
  left (409 stale or not your turn).
- **Committed before announced.** ``Locked.append`` writes the actions, bumps the row's ``version`` and
  sends ``NOTIFY puur_game, 'GAME_ID:VERSION'`` in one commit; PostgreSQL delivers a notification only
  once its transaction committed, so no worker hears of an action a crash could lose.
- **Every worker listens** (``listen``): on a notification it brings the game up to date if it holds it
  and pushes the new actions to its own live connections, each with its seat's view. A notification of
  actions alone carries them (``Announced``): a worker whose copy is at the version just before takes them
  from it, with no query; any other copy reads what it lacks from the store.
- Taking actions back (undo) bumps ``epoch``: a worker whose cached game is of an older epoch replays it from
  the log instead of appending.

The schema is Alembic's (``puur/server/store/migrations``): ``upgrade`` applies every revision under an advisory
lock, so workers starting together migrate once. The database URL is operator configuration (``--db`` or
``PUUR_DB``), never anything a request says (SECURITY.md).
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Connection,
    Double,
    Integer,
    MetaData,
    Table,
    Text,
    create_engine,
    delete,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import IntegrityError, OperationalError

from puur.server.store import (
    GameBusy,
    GameExists,
    GameGone,
    StoredGame,
    action_entry,
    action_row,
    is_postgres,
    token_hash,
)

log = logging.getLogger(__name__)

CHANNEL = "puur_game"
"""The NOTIFY channel; a payload is ``GAME_ID:VERSION``, or ``GAME_ID:VERSION|JSON`` when the change was actions
alone (``Announced``)."""
MAX_PAYLOAD = 7000
"""The longest payload sent with its actions (PostgreSQL's limit is 8,000 bytes): past it the actions are left
out and read from the store."""
PRESENCE = "puur_presence"
"""Who is connected where: ``GAME_ID:SEAT:WORKER:COUNT`` (``puur.server.live.shared``), or ``?`` (every
worker announces its connections again)."""
MIGRATIONS = Path(__file__).parent / "migrations"
LOCK_TIMEOUT = "10s"
"""How long an action waits for another worker's action on the same game before it is refused (409)."""
SHORT_LOCK_TIMEOUT = "2s"
"""The same for a change made while the game's lock in memory is held (hint counts, undo)."""
MIGRATION_LOCK = 0x70757572  # "puur": the advisory lock held while migrating

metadata = MetaData()
games = Table(
    "games", metadata,
    Column("id", Text, primary_key=True), Column("settings", Text), Column("status", Text),
    Column("created", Double), Column("updated", Double), Column("seq", Integer), Column("version", BigInteger),
    Column("epoch", Integer),
)  # fmt: skip
tokens = Table("tokens", metadata, Column("token_hash", Text, primary_key=True), Column("game_id", Text),
               Column("seat", Integer))
actions = Table(
    "actions", metadata,
    Column("game_id", Text, primary_key=True), Column("seq", Integer, primary_key=True), Column("seat", Integer),
    Column("action", Text), Column("declare", Text), Column("at", Double),
)  # fmt: skip


def engine_url(db: str) -> str:
    """SQLAlchemy's URL for ``db`` with the psycopg 3 driver (``postgresql://`` alone means psycopg2)."""
    if not is_postgres(db):
        raise ValueError("a PostgreSQL URL starts with postgresql://")
    return "postgresql+psycopg://" + db.split("://", 1)[1]


def safe_url(db: str) -> str:
    """``db`` without its password, for messages and logs."""
    try:
        return make_url(engine_url(db)).render_as_string(hide_password=True)
    except Exception:
        return "postgresql://..."


def alembic_config(db: str) -> Any:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", engine_url(db).replace("%", "%%"))
    return cfg


def upgrade(db: str, engine: Engine | None = None) -> str:
    """Apply every migration not yet applied (under an advisory lock: concurrent callers migrate once).
    Returns the revision the database is at."""
    from alembic import command
    from alembic.runtime.migration import MigrationContext

    own = engine is None
    engine = engine or create_engine(engine_url(db), pool_size=1)
    try:
        with engine.begin() as conn:
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK})
            cfg = alembic_config(db)
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
            return str(MigrationContext.configure(conn).get_current_revision())
    finally:
        if own:
            engine.dispose()


def _rows(game_id: str, first_seq: int, entries: list[list[Any]], now: float) -> list[dict[str, Any]]:
    return [{"game_id": game_id, "seq": first_seq + i, **dict(zip(("seat", "action", "declare"), action_row(e), strict=True)),
             "at": now} for i, e in enumerate(entries)]  # fmt: skip


@dataclass(frozen=True)
class Changes:
    """A game's stored state as one worker must see it: the row, the actions from ``since`` on, the tokens."""

    version: int
    epoch: int
    seq: int
    settings: dict[str, Any]
    status: str
    created: float
    updated: float
    since: int
    actions: list[list[Any]]
    token_hashes: dict[str, int]


@dataclass(frozen=True)
class Announced:
    """Actions appended to a game, as its notification carries them: the row was at version ``after`` and
    ``seq`` ``since`` of ``epoch``, nothing else of the game changed, and ``actions`` (``action_entry``'s) were
    appended with the ``status`` and ``updated`` they left."""

    after: int
    epoch: int
    since: int
    status: str
    updated: float
    actions: list[list[Any]]

    def payload(self) -> str:
        """The JSON after the ``|`` (no ``|`` in it: cards, contracts, declarations and statuses hold none)."""
        return json.dumps([self.after, self.epoch, self.since, self.status, self.updated,
                           [list(action_row(e)) for e in self.actions]], separators=(",", ":"))

    @classmethod
    def parse(cls, text: str) -> Announced:
        after, epoch, since, status, updated, rows = json.loads(text)
        return cls(int(after), int(epoch), int(since), str(status), float(updated),
                   [action_entry(*r) for r in rows])

    def changes(self, version: int, settings: dict[str, Any], created: float,
                token_hashes: dict[str, int]) -> Changes:
        """The ``Changes`` a read of the store would have given a copy at ``after`` (its table as it was)."""
        return Changes(version=version, epoch=self.epoch, seq=self.since + len(self.actions), settings=settings,
                       status=self.status, created=created, updated=self.updated, since=self.since,
                       actions=self.actions, token_hashes=token_hashes)


ROW_SQL = "SELECT settings, status, created, updated, seq, version, epoch FROM games WHERE id = %s"
ACTIONS_SQL = "SELECT seat, action, declare FROM actions WHERE game_id = %s AND seq >= %s ORDER BY seq"
TOKENS_SQL = "SELECT token_hash, seat FROM tokens WHERE game_id = %s"
APPEND_SQL = (
    "UPDATE games SET seq = %s, status = %s, updated = %s, version = version + 1 WHERE id = %s "
    "RETURNING version, pg_notify(%s, id || ':' || version || %s)"
)
"""The game's row after an append: its new version, announced (delivered once the transaction commits), with
the actions when they are the whole change (``Announced``)."""
BUMP_SQL = "UPDATE games SET version = version + 1 WHERE id = %s RETURNING version, pg_notify(%s, id || ':' || version)"
SETTINGS_SQL = "UPDATE games SET settings = %s WHERE id = %s"
DROP_TOKENS_SQL = "DELETE FROM tokens WHERE game_id = %s AND seat = %s"
TOKEN_SQL = "INSERT INTO tokens (token_hash, game_id, seat) VALUES (%s, %s, %s) ON CONFLICT DO NOTHING"
UNDO_SQL = "UPDATE games SET settings = %s, status = 'playing', updated = %s, seq = %s, epoch = epoch + 1 WHERE id = %s"
INSERT_SQL = "INSERT INTO actions (game_id, seq, seat, action, declare, at) VALUES (%s, %s, %s, %s, %s, %s)"


def _changes(conn: Any, game_id: str, row: tuple[Any, ...], since: int) -> Changes:
    """The row ``row`` (``ROW_SQL``'s columns) with the actions from ``since`` and the tokens, read in one
    round trip on the raw connection ``conn`` (in the caller's transaction)."""
    with conn.pipeline():
        acts = conn.execute(ACTIONS_SQL, (game_id, since))
        hashes = conn.execute(TOKENS_SQL, (game_id,))
    settings, status, created, updated, seq, version, epoch = row
    return Changes(
        version=int(version), epoch=int(epoch), seq=int(seq), settings=json.loads(settings), status=status,
        created=float(created), updated=float(updated), since=since,
        actions=[action_entry(*row) for row in acts.fetchall()],
        token_hashes={h: int(st) for h, st in hashes.fetchall()},
    )  # fmt: skip


def _is_lock_timeout(e: BaseException) -> bool:
    orig = getattr(e, "orig", e)
    return getattr(orig, "sqlstate", None) == "55P03"  # lock_not_available


class Locked:
    """One game's row, locked for one request (``PgStore.locked``): catch up, then append actions, or change
    the table (``settings``, ``token``, ``undo``: ``puur.server.store.Writes``), and commit once.
    ``conn`` is the raw psycopg connection (autocommit; the transaction is the explicit BEGIN of ``locked``)."""

    def __init__(self, conn: Any, game_id: str, row: tuple[Any, ...]) -> None:
        self.conn, self.game_id, self.row = conn, game_id, row
        self.done = False
        self.changed = False

    def changes(self, since: int, known_version: int) -> Changes | None:
        """What the worker's copy (at ``since`` actions, ``known_version``) lacks; None if it is current."""
        if int(self.row[5]) == known_version:
            return None
        return _changes(self.conn, self.game_id, self.row, since)

    # ----- a change of the table (``puur.server.store.Writes``): made in this transaction, one commit -----
    def settings(self, settings: dict[str, Any]) -> None:
        self.conn.execute(SETTINGS_SQL, (json.dumps(settings), self.game_id))
        self.changed = True

    def token(self, seat: int, token: str) -> None:
        self.conn.execute(TOKEN_SQL, (token_hash(token), self.game_id, seat))
        self.changed = True

    def drop_tokens(self, seat: int) -> None:
        self.conn.execute(DROP_TOKENS_SQL, (self.game_id, seat))
        self.changed = True

    def undo(self, first_seq: int, settings: dict[str, Any]) -> None:
        self.conn.execute("DELETE FROM actions WHERE game_id = %s AND seq >= %s", (self.game_id, first_seq))
        self.conn.execute(UNDO_SQL, (json.dumps(settings), time.time(), first_seq, self.game_id))
        self.changed = True

    def commit(self) -> int:
        """Bump the version, announce it and commit the writes made since the row was locked (nothing to do
        without any). Returns the game's version after it."""
        if not self.changed:
            return int(self.row[5])
        with self._ending():
            version = self.conn.execute(BUMP_SQL, (self.game_id, CHANNEL)).fetchone()[0]
            self.conn.execute("COMMIT")
        return int(version)

    @contextmanager
    def _ending(self) -> Iterator[None]:
        """The transaction's last statements: rolled back if one fails; either way the row is let go."""
        try:
            yield
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        finally:
            self.done = True

    def append(self, first_seq: int, entries: list[list[Any]], status: str,
               also: Callable[[Any], None] | None = None) -> int:
        """Append ``entries`` (numbered from ``first_seq``), bump the version, announce it, commit (one round
        trip). Returns the game's new version. Nothing is announced unless it is committed. ``also`` writes
        more in this transaction first, on its connection (the ratings of the match these actions end: they
        commit with it or not at all)."""
        now = time.time()
        rows = [(r["game_id"], r["seq"], r["seat"], r["action"], r["declare"], r["at"])
                for r in _rows(self.game_id, first_seq, entries, now)]
        carried = ""
        if not self.changed:  # actions alone: the notification carries them
            carried = "|" + Announced(int(self.row[5]), int(self.row[6]), first_seq, status, now, entries).payload()
            if len(self.game_id) + len(carried) > MAX_PAYLOAD:
                carried = ""
        with self._ending():
            if also is not None:
                also(self.conn)
            with self.conn.pipeline():
                with self.conn.cursor() as cur:
                    cur.executemany(INSERT_SQL, rows)
                bumped = self.conn.execute(APPEND_SQL, (first_seq + len(entries), status, now, self.game_id, CHANNEL,
                                                        carried))
                self.conn.execute("COMMIT")
            version = bumped.fetchone()[0]
        return int(version)


class PgStore:
    """The store interface of ``puur.server.store.Store`` on PostgreSQL, plus what sharing a game needs:
    ``locked`` (one writer per game), ``changes`` (catch up) and ``listen`` (NOTIFY)."""

    shared = True
    """Other processes change the same games: a worker's copy in memory must be brought up to date."""

    def __init__(self, url: str, *, pool_size: int = 8, migrate: bool = True) -> None:
        self.url = url
        options = {"options": f"-c lock_timeout={LOCK_TIMEOUT}"}
        # SQLAlchemy Core for what is rare (creating, deleting, counting, migrating) ...
        self.engine = create_engine(engine_url(url), pool_size=2, max_overflow=4, pool_recycle=1800,
                                    connect_args=options)
        # ... and psycopg itself, pipelined, on pooled autocommit connections for what every request does
        # (a version check; lock, catch up, append, commit): about 0.07 ms of CPU per statement, not 0.2
        self.fast = create_engine(engine_url(url), pool_size=pool_size, max_overflow=pool_size, pool_recycle=1800,
                                  isolation_level="AUTOCOMMIT", connect_args=options)
        if migrate:
            upgrade(url, self.engine)
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    def __repr__(self) -> str:
        return f"PgStore({safe_url(self.url)})"

    def close(self) -> None:
        self._stop.set()
        for t in self._threads:
            t.join(timeout=5)
        self.engine.dispose()
        self.fast.dispose()

    @contextmanager
    def _raw(self) -> Iterator[Any]:
        """A pooled psycopg connection in autocommit mode; returned to the pool idle (a transaction left open
        by an error is rolled back; a broken connection is dropped)."""
        fairy = self.fast.raw_connection()
        conn: Any = fairy.driver_connection
        try:
            yield conn
        except BaseException:
            try:
                if not conn.closed and conn.info.transaction_status != 0:  # not IDLE
                    conn.execute("ROLLBACK")
            except Exception:
                fairy.invalidate()
            raise
        finally:
            fairy.close()

    # ----- writes -----
    def create_game(self, game_id: str, settings: dict[str, Any], tokens_: dict[int, str], status: str) -> None:
        now = time.time()
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(games).values(id=game_id, settings=json.dumps(settings), status=status,
                                                  created=now, updated=now, seq=0, version=1, epoch=0))
                if tokens_:
                    conn.execute(insert(tokens), [{"token_hash": token_hash(t), "game_id": game_id, "seat": s}
                                                  for s, t in tokens_.items()])
        except IntegrityError as e:
            if getattr(e.orig, "sqlstate", None) == "23505" and "games_pkey" in str(e.orig):
                raise GameExists(game_id) from None
            raise

    def _bump(self, conn: Connection, game_id: str, **values: Any) -> int | None:
        """Bump the game's version (with ``values``) and announce it; its new version (None: no such game)."""
        version = conn.execute(
            update(games).where(games.c.id == game_id).values(version=games.c.version + 1, **values)
            .returning(games.c.version)
        ).scalar()
        if version is not None:
            conn.execute(text("SELECT pg_notify(:c, :p)"), {"c": CHANNEL, "p": f"{game_id}:{version}"})
        return None if version is None else int(version)

    @contextmanager
    def _short(self) -> Iterator[Connection]:
        """A transaction that gives up (``GameBusy``) after ``SHORT_LOCK_TIMEOUT`` waiting for a row."""
        try:
            with self.engine.begin() as conn:
                conn.execute(text(f"SET LOCAL lock_timeout = '{SHORT_LOCK_TIMEOUT}'"))
                yield conn
        except OperationalError as e:
            if _is_lock_timeout(e):
                raise GameBusy("another action on this game is being stored: send it again") from None
            raise

    def add_token(self, game_id: str, seat: int, token: str) -> None:
        with self._short() as conn:
            stmt = pg_insert(tokens).values(token_hash=token_hash(token), game_id=game_id, seat=seat)
            if conn.execute(stmt.on_conflict_do_nothing()).rowcount:
                self._bump(conn, game_id)

    def drop_tokens(self, game_id: str, seat: int) -> None:
        with self._short() as conn:
            if conn.execute(delete(tokens).where(tokens.c.game_id == game_id, tokens.c.seat == seat)).rowcount:
                self._bump(conn, game_id)

    def append_actions(self, game_id: str, first_seq: int, entries: list[list[Any]], status: str) -> None:
        """Append outside ``locked`` (the single-store path); the primary key refuses a seq taken meanwhile."""
        with self.locked(game_id) as txn:
            txn.append(first_seq, entries, status)

    def update_settings(self, game_id: str, settings: dict[str, Any]) -> None:
        with self._short() as conn:
            self._bump(conn, game_id, settings=json.dumps(settings))

    def undo_actions(self, game_id: str, first_seq: int, settings: dict[str, Any]) -> None:
        now = time.time()
        with self._short() as conn:
            conn.execute(select(games.c.id).where(games.c.id == game_id).with_for_update())
            conn.execute(delete(actions).where(actions.c.game_id == game_id, actions.c.seq >= first_seq))
            self._bump(conn, game_id, settings=json.dumps(settings), status="playing", updated=now, seq=first_seq,
                       epoch=games.c.epoch + 1)

    def delete_games(self, ids: list[str]) -> None:
        if not ids:
            return
        with self.engine.begin() as conn:
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                conn.execute(delete(actions).where(actions.c.game_id.in_(chunk)))
                conn.execute(delete(tokens).where(tokens.c.game_id.in_(chunk)))
                conn.execute(delete(games).where(games.c.id.in_(chunk)))

    # ----- one writer per game -----
    @contextmanager
    def locked(self, game_id: str) -> Iterator[Locked]:
        """The game's row locked until ``Locked.append`` commits or the block ends (rolled back). Raises
        ``GameGone`` for no such game, ``GameBusy`` when another worker holds it past ``LOCK_TIMEOUT``."""
        import psycopg

        with self._raw() as conn:
            try:
                with conn.pipeline():  # BEGIN and the locking read in one round trip
                    conn.execute("BEGIN")
                    cur = conn.execute(ROW_SQL + " FOR UPDATE", (game_id,))
                row = cur.fetchone()
            except psycopg.errors.LockNotAvailable:
                conn.execute("ROLLBACK")
                raise GameBusy("another action on this game is being stored: send it again") from None
            if row is None:
                conn.execute("ROLLBACK")
                raise GameGone(game_id)
            txn = Locked(conn, game_id, row)
            try:
                yield txn
            finally:
                if not txn.done:
                    conn.execute("ROLLBACK")

    def changes(self, game_id: str, since: int, known_version: int) -> Changes | None:
        """What a copy of the game at ``since`` actions and ``known_version`` lacks (one snapshot), None if
        it is current (one round trip); ``GameGone`` if the game was deleted."""
        with self._raw() as conn:
            row = conn.execute(ROW_SQL, (game_id,)).fetchone()
            if row is None:
                raise GameGone(game_id)
            if int(row[5]) == known_version:
                return None
            try:
                with conn.pipeline():  # the row and its log of one moment
                    conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ")
                    cur = conn.execute(ROW_SQL, (game_id,))
                row = cur.fetchone()
                if row is None:
                    raise GameGone(game_id)
                return _changes(conn, game_id, row, since)
            finally:
                conn.execute("ROLLBACK")

    def version(self, game_id: str) -> int | None:
        with self.engine.connect() as conn:
            v = conn.execute(select(games.c.version).where(games.c.id == game_id)).scalar()
        return None if v is None else int(v)

    # ----- reads -----
    def idle_games(self, before: float) -> list[str]:
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(select(games.c.id).where(games.c.updated < before))]

    def load(self, game_id: str) -> StoredGame | None:
        try:
            ch = self.changes(game_id, 0, -1)
        except GameGone:
            return None
        assert ch is not None
        return StoredGame(game_id, ch.settings, ch.status, ch.created, ch.updated, ch.actions)

    def seat_of(self, game_id: str, token: str) -> int | None:
        with self.engine.connect() as conn:
            s = conn.execute(select(tokens.c.seat).where(tokens.c.token_hash == token_hash(token),
                                                         tokens.c.game_id == game_id)).scalar()
        return None if s is None else int(s)

    def token_hashes(self, game_id: str) -> dict[str, int]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(tokens.c.token_hash, tokens.c.seat).where(tokens.c.game_id == game_id))
            return {h: int(s) for h, s in rows}

    def lookup(self, tokens_: list[str]) -> list[tuple[str, int]]:
        hashes = [token_hash(t) for t in tokens_]
        if not hashes:
            return []
        with self.engine.connect() as conn:
            rows = conn.execute(select(tokens.c.game_id, tokens.c.seat).where(tokens.c.token_hash.in_(hashes)))
            return [(g, int(s)) for g, s in rows]

    def games_meta(self, ids: list[str]) -> dict[str, tuple[str, float, float]]:
        if not ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(select(games.c.id, games.c.status, games.c.created, games.c.updated)
                                .where(games.c.id.in_(ids)))
            return {r[0]: (r[1], float(r[2]), float(r[3])) for r in rows}

    # ----- announcements -----
    def notify(self, channel: str, payload: str) -> None:
        """Send one notification now (outside any game's transaction)."""
        with self._raw() as conn:
            conn.execute("SELECT pg_notify(%s, %s)", (channel, payload))

    def listen(self, on_notify: Callable[[str, int, Announced | None], None], on_connect: Callable[[], None],
               on_presence: Callable[[str], None] | None = None) -> None:
        """Start a thread that LISTENs on ``CHANNEL`` and calls ``on_notify(game_id, version, announced)`` for
        every notification, in order (``announced``: the actions it carries, or None); and
        ``on_presence(payload)`` for ``PRESENCE``'s; ``on_connect()`` after every (re)connection, since
        notifications sent while it was not connected are lost (the caller brings what it holds up to date).
        Stops at ``close``."""

        def game(payload: str) -> None:
            head, bar, carried = payload.rpartition("|")
            if not bar:
                head = payload
            game_id, _, version = head.rpartition(":")
            on_notify(game_id, int(version), Announced.parse(carried) if bar else None)

        handlers = {CHANNEL: game, **({PRESENCE: on_presence} if on_presence is not None else {})}
        self.listen_to(handlers, on_connect)

    def listen_to(self, handlers: dict[str, Callable[[str], None]], on_connect: Callable[[], None]) -> None:
        """Start a thread that LISTENs on each channel of ``handlers`` (fixed names of this package) and
        calls its handler with every notification's payload, in order; ``on_connect()`` after every
        (re)connection (notifications sent while it was not connected are lost). Stops at ``close``."""
        import psycopg

        conninfo = self.url.split("+psycopg", 1)[0] if "+psycopg" in self.url else self.url

        def run() -> None:
            backoff = 0.2
            while not self._stop.is_set():
                try:
                    with psycopg.connect(conninfo, autocommit=True) as conn:
                        for channel in handlers:
                            conn.execute(f"LISTEN {channel}")
                        backoff = 0.2
                        on_connect()
                        while not self._stop.is_set():
                            for n in conn.notifies(timeout=0.5):
                                try:
                                    handlers[n.channel](n.payload)
                                except Exception:
                                    log.exception("catching up after the notification %r failed", n.payload)
                except Exception as e:
                    if self._stop.is_set():
                        return
                    log.warning("the PostgreSQL listener lost its connection (%s); reconnecting", type(e).__name__)
                    self._stop.wait(backoff)
                    backoff = min(backoff * 2, 5.0)

        t = threading.Thread(target=run, name="puur-pg-listen", daemon=True)
        t.start()
        self._threads.append(t)


__all__ = ["CHANNEL", "PRESENCE", "Changes", "Locked", "PgStore", "alembic_config", "engine_url",
           "is_postgres", "safe_url", "upgrade"]
