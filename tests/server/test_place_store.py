"""The place's database: one set of tables for SQLite and PostgreSQL, the players' keys kept only hashed."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from pg_cluster import postgres_url  # noqa: F401  (the fixture)

from puur.server.store import Store
from puur.server.store.place import metadata, open_place
from puur.server.store.players import add_key, create_player, delete_player, player_of_key


def test_a_player_is_found_by_each_of_their_keys_and_only_the_hash_is_stored(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    Store(db).close()  # the games' file exists first, as under puur serve
    place = open_place(db)
    with place.begin() as conn:
        ueli, key = create_player(conn, "Ueli", "laptop")
        second = add_key(conn, ueli.id, "phone")
    with place.read() as conn:
        assert player_of_key(conn, key) == ueli
        assert player_of_key(conn, second) == ueli
        assert player_of_key(conn, key + "x") is None
    place.close()
    raw = Path(db).read_bytes() + (Path(str(db) + "-wal").read_bytes() if Path(str(db) + "-wal").exists() else b"")
    assert key.encode() not in raw and second.encode() not in raw
    with sqlite3.connect(db) as c:  # the games' tables and the place's live in one file
        names = {r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"games", "tokens", "actions", "players", "player_keys"} <= names


def test_a_deleted_player_leaves_no_key_behind(tmp_path: Path) -> None:
    place = open_place(tmp_path / "g.sqlite3")
    with place.begin() as conn:
        vreni, key = create_player(conn, "Vreni")
    with place.begin() as conn:
        delete_player(conn, vreni.id)
    with place.read() as conn:
        assert player_of_key(conn, key) is None
        assert conn.exec_driver_sql("SELECT count(*) FROM player_keys").scalar() == 0


def test_the_postgresql_revisions_make_exactly_the_place_tables(postgres_url: str) -> None:  # noqa: F811
    """The Alembic revisions (PostgreSQL) and ``metadata`` (SQLite's create_all) describe one schema."""
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    from puur.server.store.postgres import PgStore

    store = PgStore(postgres_url)
    try:
        with store.engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), metadata)
    finally:
        store.close()
    # the games' own tables are not the place's: only differences in the place's tables count
    place_tables = set(metadata.tables)
    relevant = [d for d in diff if not (d[0] == "remove_table" and d[1].name not in place_tables)
                and not (d[0] in ("remove_index", "remove_column") and _table_of(d) not in place_tables)]
    assert relevant == [], relevant


def _table_of(diff: tuple) -> str:  # type: ignore[type-arg]
    item = diff[1] if diff[0] != "remove_column" else diff[2]
    return str(getattr(getattr(item, "table", None), "name", item))
