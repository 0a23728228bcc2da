"""Alembic's environment for Puur's PostgreSQL store: online migrations only, on the connection that
``puur.server.store.postgres.upgrade`` passes (it holds an advisory lock, so workers starting together migrate
once), or on the URL of ``-x db=...`` / ``PUUR_DB`` when run by the ``alembic`` command."""

from __future__ import annotations

import os

from alembic import context
from sqlalchemy import create_engine, pool
from sqlalchemy.engine import Connection

config = context.config


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=None, transaction_per_migration=False)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    raise SystemExit("Puur's migrations run online only: give a database URL (-x db=... or PUUR_DB)")

given = config.attributes.get("connection")
if given is not None:
    _run(given)
else:
    from puur.server.store.postgres import engine_url

    url = context.get_x_argument(as_dictionary=True).get("db") or os.environ.get("PUUR_DB", "")
    engine = create_engine(engine_url(url), poolclass=pool.NullPool)
    with engine.connect() as conn:
        _run(conn)
        conn.commit()
