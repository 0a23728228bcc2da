"""The public lobby's rows: one listing per public table still to be played or playing (what the lobby
shows of it), and the matches a person abandoned (read by the ratings: an abandoned rated match is a loss).

A listing is written by the worker that changed its table, in one transaction with a NOTIFY on
``LOBBY_CHANNEL`` (PostgreSQL), so every worker's lobby feed hears of it; the game itself stays in the game
store (the truth of who sits where is the game's settings; a listing is what the lobby shows of them).
"""

from __future__ import annotations

import json
import time
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    Double,
    Index,
    Integer,
    PrimaryKeyConstraint,
    Table,
    Text,
    delete,
    func,
    insert,
    select,
    text,
)

from puur.server.store.place_schema import metadata, player_column

LOBBY_CHANNEL = "puur_lobby"
"""The PostgreSQL channel on which a listing's change is announced (payload: the game id)."""
MAX_LISTED = 200
"""Listings one answer of the lobby holds at most (the most recently changed first)."""
LISTED_FOR = 3 * 3600.0
"""Seconds a listing unchanged for so long stays in the lobby: a table whose people all left (or whose game
the retention deleted) is not offered for ever; any change of the table lists it again."""

lobby_tables = Table(
    "lobby_tables", metadata,
    Column("game_id", Text, primary_key=True),
    Column("form", Text, nullable=False),
    Column("profile", Text, nullable=False),
    Column("target", Integer, nullable=False),
    Column("lang", Text, nullable=False),
    Column("speed", Text, nullable=False),
    Column("spectators", Boolean, nullable=False),
    Column("status", Text, nullable=False),  # waiting | playing
    Column("people", Integer, nullable=False),  # seats a person holds
    Column("free", Integer, nullable=False),  # seats a person from the lobby may take
    Column("seats", Text, nullable=False),  # JSON: per seat what the lobby shows (kind, name, tag, strength)
    Column("watchers", Integer, nullable=False),
    Column("opened", Double, nullable=False),
    Column("updated", Double, nullable=False),
)  # fmt: skip
Index("lobby_tables_free", lobby_tables.c.free, lobby_tables.c.lang, lobby_tables.c.speed)

lobby_abandons = Table(
    "lobby_abandons", metadata,
    Column("game_id", Text, nullable=False),
    player_column(),
    Column("seat", Integer, nullable=False),
    Column("abandoned", Boolean, nullable=False),
    Column("at", Double, nullable=False),
    PrimaryKeyConstraint("game_id", "player_id"),
)  # fmt: skip
Index("lobby_abandons_player", lobby_abandons.c.player_id)

COLUMNS = ("game_id", "form", "profile", "target", "lang", "speed", "spectators", "status", "people", "free",
           "seats", "watchers", "opened", "updated")


def _listing(row: Any) -> dict[str, Any]:
    out = dict(zip(COLUMNS, row, strict=True))
    out["seats"] = json.loads(out["seats"])
    out["spectators"] = bool(out["spectators"])
    return out


def announce(conn: Connection, game_id: str) -> None:
    """Tell every worker's lobby feed that ``game_id``'s listing changed, when this transaction commits
    (PostgreSQL's NOTIFY is sent at commit; a single SQLite worker's feed is told by its caller)."""
    if conn.dialect.name == "postgresql":
        conn.execute(text("SELECT pg_notify(:channel, :game)"), {"channel": LOBBY_CHANNEL, "game": game_id})


def put_listing(conn: Connection, listing: dict[str, Any]) -> None:
    """Write (or rewrite) a table's listing and announce it."""
    row = {**listing, "seats": json.dumps(listing["seats"]), "updated": time.time()}
    row.setdefault("opened", row["updated"])
    old = conn.execute(select(lobby_tables.c.opened).where(lobby_tables.c.game_id == listing["game_id"])).scalar()
    if old is not None:
        row["opened"] = old
        conn.execute(delete(lobby_tables).where(lobby_tables.c.game_id == listing["game_id"]))
    conn.execute(insert(lobby_tables).values(**{k: row[k] for k in COLUMNS}))
    announce(conn, listing["game_id"])


def drop_listing(conn: Connection, game_id: str) -> bool:
    """The table leaves the lobby (closed by its host, or its match over); True if it was listed."""
    gone = conn.execute(delete(lobby_tables).where(lobby_tables.c.game_id == game_id)).rowcount > 0
    if gone:
        announce(conn, game_id)
    return gone


def set_watchers(conn: Connection, game_id: str, watchers: int) -> bool:
    """The listing's count of spectators; True when it changed (and it is announced)."""
    changed = conn.execute(
        lobby_tables.update().where(lobby_tables.c.game_id == game_id, lobby_tables.c.watchers != watchers)
        .values(watchers=watchers)
    ).rowcount > 0
    if changed:
        announce(conn, game_id)
    return changed


def get_listing(conn: Connection, game_id: str, lock: bool = False) -> dict[str, Any] | None:
    """A table's listing; ``lock``: the row held until the transaction ends (PostgreSQL; one writer at a time
    on SQLite anyway), so that two workers rewriting one listing take turns."""
    query = select(*[lobby_tables.c[c] for c in COLUMNS]).where(lobby_tables.c.game_id == game_id)
    row = conn.execute(query.with_for_update() if lock else query).first()
    return None if row is None else _listing(row)


def listings(conn: Connection, ids: list[str]) -> dict[str, dict[str, Any]]:
    """The listings of ``ids`` that exist (a lobby feed's changed tables)."""
    if not ids:
        return {}
    rows = conn.execute(select(*[lobby_tables.c[c] for c in COLUMNS]).where(lobby_tables.c.game_id.in_(ids)))
    return {row[0]: _listing(row) for row in rows}


def open_listings(conn: Connection, *, lang: str | None = None, speed: str | None = None,
                  full: bool = False) -> list[dict[str, Any]]:
    """The listed tables (with a free seat unless ``full``), matching ``lang`` and ``speed`` when given,
    changed in the last ``LISTED_FOR`` seconds, the most recently changed first, at most ``MAX_LISTED``."""
    q = select(*[lobby_tables.c[c] for c in COLUMNS]).where(lobby_tables.c.updated > time.time() - LISTED_FOR)
    if not full:
        q = q.where(lobby_tables.c.free > 0)
    if lang is not None:
        q = q.where(lobby_tables.c.lang == lang)
    if speed is not None:
        q = q.where(lobby_tables.c.speed == speed)
    return [_listing(row) for row in conn.execute(q.order_by(lobby_tables.c.updated.desc()).limit(MAX_LISTED))]


def record_abandon(conn: Connection, game_id: str, player_id: str, seat: int) -> bool:
    """Note that ``player_id`` abandoned the match ``game_id`` (once: a second note changes nothing);
    True when it is new."""
    there = conn.execute(select(func.count()).select_from(lobby_abandons).where(
        lobby_abandons.c.game_id == game_id, lobby_abandons.c.player_id == player_id)).scalar()
    if there:
        return False
    conn.execute(insert(lobby_abandons).values(game_id=game_id, player_id=player_id, seat=seat, abandoned=True,
                                               at=time.time()))
    return True


def abandons_of(conn: Connection, game_id: str) -> list[dict[str, Any]]:
    """The match's abandons (what the ratings read: each counts as a loss for its player)."""
    rows = conn.execute(select(lobby_abandons.c.player_id, lobby_abandons.c.seat, lobby_abandons.c.abandoned)
                        .where(lobby_abandons.c.game_id == game_id).order_by(lobby_abandons.c.seat))
    return [{"game_id": game_id, "player_id": r[0], "seat": r[1], "abandoned": bool(r[2])} for r in rows]


__all__ = ["LOBBY_CHANNEL", "MAX_LISTED", "abandons_of", "announce", "drop_listing", "get_listing", "listings",
           "lobby_abandons", "lobby_tables", "open_listings", "put_listing", "record_abandon", "set_watchers"]
