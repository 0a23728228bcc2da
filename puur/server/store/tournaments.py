"""Duplicate tournaments' rows (docs/tournaments.md): the tournament, its tables (each an online table's game),
and who took which seat with their player key.

The tournament's deal seeds and salts are a secret until every table has played every deal: they are kept
here (``secrets``, JSON) beside their public commitments, and only ``puur.server.place.tournaments`` decides
when they are shown. The host token and the invite key are kept as a hash and a secret the server derives the
seats' invite codes from (``puur.table.seats.invite_code``); neither is ever shown but the host token, once,
to the host who created the tournament.

What a table has played is not copied here: it is the table's game, in the game store (read on each request,
so every worker shows the same standings).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Column,
    Connection,
    Double,
    ForeignKey,
    Index,
    Integer,
    Table,
    Text,
    UniqueConstraint,
    delete,
    func,
    insert,
    select,
    update,
)

from puur.server.store.place_schema import metadata, player_column

tournaments = Table(
    "tournaments", metadata,
    Column("id", Text, primary_key=True),
    Column("name", Text, nullable=False),
    Column("host_player", Text, ForeignKey("players.id", ondelete="SET NULL"), nullable=True),
    Column("host_hash", Text, nullable=False),  # SHA-256 of the host token (token_hash)
    Column("invite_key", Text, nullable=False),  # secret: the seats' invite codes are derived from it
    Column("settings", Text, nullable=False),  # JSON: tables, deals, profile (whole), form
    Column("commitments", Text, nullable=False),  # JSON: one commitment per deal, public from the start
    Column("secrets", Text, nullable=False),  # JSON: [{"seed", "salt"}] per deal, shown once all is played
    Column("created", Double, nullable=False),
    Column("finished", Double, nullable=True),
)  # fmt: skip
Index("tournaments_created", tournaments.c.created)
tournament_tables = Table(
    "tournament_tables", metadata,
    Column("tournament_id", Text, ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True),
    Column("table_no", Integer, primary_key=True),
    Column("game_id", Text, nullable=False),
)  # fmt: skip
tournament_seats = Table(
    "tournament_seats", metadata,
    Column("tournament_id", Text, ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True),
    Column("table_no", Integer, primary_key=True),
    Column("seat", Integer, primary_key=True),
    player_column(),
    UniqueConstraint("tournament_id", "player_id", name="tournament_seats_one_per_player"),
)  # fmt: skip


@dataclass(frozen=True)
class TournamentRow:
    id: str
    name: str
    host_player: str | None
    host_hash: str
    invite_key: str
    settings: dict[str, Any]
    commitments: list[str]
    secrets: list[dict[str, Any]]
    created: float
    finished: float | None
    games: list[str]
    """The tables' game ids, by table number."""
    seated: dict[tuple[int, int], str]
    """(table, seat) -> the player who took it with their player key."""


def add_tournament(conn: Connection, row: TournamentRow) -> None:
    """Store a new tournament and its tables (``row.games``)."""
    conn.execute(insert(tournaments).values(
        id=row.id, name=row.name, host_player=row.host_player, host_hash=row.host_hash, invite_key=row.invite_key,
        settings=json.dumps(row.settings), commitments=json.dumps(row.commitments),
        secrets=json.dumps(row.secrets), created=row.created, finished=None))
    conn.execute(insert(tournament_tables), [{"tournament_id": row.id, "table_no": t, "game_id": g}
                                             for t, g in enumerate(row.games)])


def get_tournament(conn: Connection, tournament_id: str) -> TournamentRow | None:
    t = conn.execute(select(tournaments).where(tournaments.c.id == tournament_id)).mappings().first()
    if t is None:
        return None
    games = conn.execute(select(tournament_tables.c.game_id).where(tournament_tables.c.tournament_id == tournament_id)
                         .order_by(tournament_tables.c.table_no)).scalars().all()
    seats = conn.execute(select(tournament_seats.c.table_no, tournament_seats.c.seat, tournament_seats.c.player_id)
                         .where(tournament_seats.c.tournament_id == tournament_id)).all()
    return TournamentRow(t["id"], t["name"], t["host_player"], t["host_hash"], t["invite_key"],
                         json.loads(t["settings"]), json.loads(t["commitments"]), json.loads(t["secrets"]),
                         t["created"], t["finished"], list(games), {(r[0], r[1]): r[2] for r in seats})


def list_tournaments(conn: Connection, limit: int) -> list[dict[str, Any]]:
    """The newest ``limit`` tournaments: id, name, created, finished, the number of tables and deals."""
    rows = conn.execute(select(tournaments.c.id, tournaments.c.name, tournaments.c.settings, tournaments.c.created,
                               tournaments.c.finished).order_by(tournaments.c.created.desc()).limit(limit)).all()
    out = []
    for r in rows:
        settings = json.loads(r[2])
        out.append({"id": r[0], "name": r[1], "tables": settings["tables"], "deals": settings["deals"],
                    "created": r[3], "finished": r[4]})
    return out


def count_tournaments(conn: Connection) -> int:
    return int(conn.execute(select(func.count()).select_from(tournaments)).scalar_one())


def seat_player(conn: Connection, tournament_id: str, table: int, seat: int, player_id: str) -> None:
    """Note that ``player_id`` took ``seat`` of ``table`` (one seat per player and tournament: the unique
    constraint refuses a second, ``IntegrityError``)."""
    conn.execute(insert(tournament_seats).values(tournament_id=tournament_id, table_no=table, seat=seat,
                                                 player_id=player_id))


def unseat_player(conn: Connection, tournament_id: str, table: int, seat: int) -> None:
    conn.execute(delete(tournament_seats).where(tournament_seats.c.tournament_id == tournament_id,
                                                tournament_seats.c.table_no == table, tournament_seats.c.seat == seat))


def seat_of_player(conn: Connection, tournament_id: str, player_id: str) -> tuple[int, int] | None:
    row = conn.execute(select(tournament_seats.c.table_no, tournament_seats.c.seat).where(
        tournament_seats.c.tournament_id == tournament_id, tournament_seats.c.player_id == player_id)).first()
    return None if row is None else (row[0], row[1])


def mark_finished(conn: Connection, tournament_id: str) -> None:
    """Note when every table had played every deal (once: a second call changes nothing)."""
    conn.execute(update(tournaments).where(tournaments.c.id == tournament_id, tournaments.c.finished.is_(None))
                 .values(finished=time.time()))


def forget_player(conn: Connection, player_id: str) -> None:
    """A deleted player leaves no row here: their seats are forgotten, a tournament they host keeps its host
    token only (the foreign keys do the same where the database enforces them)."""
    conn.execute(delete(tournament_seats).where(tournament_seats.c.player_id == player_id))
    conn.execute(update(tournaments).where(tournaments.c.host_player == player_id).values(host_player=None))


__all__ = ["TournamentRow", "add_tournament", "count_tournaments", "forget_player", "get_tournament",
           "list_tournaments", "mark_finished", "seat_of_player", "seat_player", "tournament_seats",
           "tournament_tables", "tournaments", "unseat_player"]
