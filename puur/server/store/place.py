"""The place's data: players, their ratings, the public lobby, tournaments — one set of SQLAlchemy Core
tables for SQLite and PostgreSQL alike.

The games themselves stay in the game store (``puur.server.store.Store``, ``PgStore``), tuned for the one
thing every request does; what the place adds is rarer and relational (who played which match, a rating's
history, a tournament's tables), so it is written once, in SQLAlchemy Core, and runs on either database:
- SQLite: the same file as the games (``--db``; a second connection, WAL lets both work), its tables made
  by ``metadata.create_all`` (they are only ever added: a table a later Puur adds is made on first start);
- PostgreSQL: the same database, its tables made by the Alembic revisions beside the games' own
  (``puur/server/store/migrations``); a test holds the revisions equal to ``metadata``.

Each part of the place defines its tables on ``metadata`` (``place_schema``) in its own module of this package
(``players``, ``ratings``, ``lobby``, ``tournaments``, ...; ``place_tables`` gathers them) and takes a
``Connection``: a caller groups several writes in one transaction with ``PlaceDb.begin()``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.pool import StaticPool

from puur.server.store import default_db_path, is_postgres
from puur.server.store.place_tables import metadata


class PlaceDb:
    """The place's database: an engine on the game store's database, and transactions on it."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @property
    def postgres(self) -> bool:
        return self.engine.dialect.name == "postgresql"

    @contextmanager
    def begin(self) -> Iterator[Connection]:
        """One transaction: committed when the block ends, rolled back (nothing changed) if it raises."""
        with self.engine.begin() as conn:
            yield conn

    @contextmanager
    def read(self) -> Iterator[Connection]:
        """A connection for reads only."""
        with self.engine.connect() as conn:
            yield conn

    def close(self) -> None:
        self.engine.dispose()


def _sqlite_engine(path: str | Path | None) -> Engine:
    target = str(path) if path else str(default_db_path())
    if target == ":memory:":  # one connection for the whole process, or each would see its own empty database
        engine = create_engine("sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False})
    else:
        Path(target).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(f"sqlite:///{target}", connect_args={"check_same_thread": False, "timeout": 10})

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_conn, _record):  # type: ignore[no-untyped-def]
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    return engine


def open_place(db: str | Path | None = None) -> PlaceDb:
    """The place's database on ``db`` (``--db``/``PUUR_DB``: operator configuration, never a request's): the
    PostgreSQL database of a shared store (its tables are made by the game store's migrations, which run
    first) or the SQLite file of the games (its tables made here)."""
    if is_postgres(db):
        from puur.server.store.postgres import engine_url

        return PlaceDb(create_engine(engine_url(str(db)), pool_size=4, max_overflow=4, pool_recycle=1800))
    engine = _sqlite_engine(db)
    metadata.create_all(engine)
    return PlaceDb(engine)


__all__ = ["PlaceDb", "metadata", "open_place"]
