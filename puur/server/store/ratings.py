"""The players' ratings: the current one of each player, its history match by match, and which finished matches
have been looked at (docs/ratings.md).

- ``ratings``: a player's OpenSkill rating (mu, sigma), its conservative ``ordinal`` (mu - 3 sigma, kept so the
  leaderboard reads an index), how many rated matches made it, when it last changed;
- ``rating_history``: one row per player and rated match: the rating before and after, won or lost, when;
- ``rated_matches``: one row per finished match the place has looked at (``counted``: whether it was rated).
  Its primary key, the game's id, is what makes a match count once, whichever worker or sweep rates it.

A player's rows go with the player (``ON DELETE CASCADE``). The functions take an ``Sql``: a SQLAlchemy
``Connection`` (``CoreSql``) or, on PostgreSQL, the game store's own transaction (``RawPgSql``: the raw
psycopg connection of ``puur.server.store.postgres.Locked``), so the ratings of a match commit with its last
action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    Double,
    Index,
    Integer,
    Table,
    Text,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.sql import ClauseElement, Executable

from puur.server.store.place_schema import metadata, player_column
from puur.server.store.players import players

ratings = Table(
    "ratings", metadata,
    player_column(primary_key=True),
    Column("mu", Double, nullable=False),
    Column("sigma", Double, nullable=False),
    Column("ordinal", Double, nullable=False),  # mu - 3 sigma: what the leaderboard ranks by
    Column("matches", Integer, nullable=False),
    Column("updated", Double, nullable=False),
)  # fmt: skip
Index("ratings_ordinal", ratings.c.ordinal)
rating_history = Table(
    "rating_history", metadata,
    player_column(primary_key=True),
    Column("game_id", Text, primary_key=True),
    Column("mu_before", Double, nullable=False),
    Column("sigma_before", Double, nullable=False),
    Column("mu_after", Double, nullable=False),
    Column("sigma_after", Double, nullable=False),
    Column("won", Boolean, nullable=False),
    Column("at", Double, nullable=False),
)  # fmt: skip
Index("rating_history_player_at", rating_history.c.player_id, rating_history.c.at)
rated_matches = Table(
    "rated_matches", metadata,
    Column("game_id", Text, primary_key=True),
    Column("counted", Boolean, nullable=False),  # false: finished but not rated (private, computers only, ...)
    Column("at", Double, nullable=False),
)  # fmt: skip


class Sql(Protocol):
    """Where the rating's statements run: a transaction on the place's database."""

    postgres: bool

    def rows(self, stmt: Executable) -> list[tuple[Any, ...]]: ...

    def run(self, stmt: Executable) -> int:
        """Execute; the rows it changed."""
        ...


class CoreSql:
    """A SQLAlchemy ``Connection`` (``PlaceDb.begin()``)."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.postgres = conn.dialect.name == "postgresql"

    def rows(self, stmt: Executable) -> list[tuple[Any, ...]]:
        return [tuple(r) for r in self.conn.execute(stmt)]

    def run(self, stmt: Executable) -> int:
        return int(self.conn.execute(stmt).rowcount)  # type: ignore[attr-defined]


_PG = postgresql.psycopg.dialect()  # type: ignore[no-untyped-call]


class RawPgSql:
    """The raw psycopg connection of a game store's transaction (``Locked``): the same statements, compiled
    for PostgreSQL and run in that transaction."""

    postgres = True

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    def _execute(self, stmt: Executable) -> Any:
        assert isinstance(stmt, ClauseElement)
        compiled = stmt.compile(dialect=_PG, compile_kwargs={"render_postcompile": True})
        return self.conn.execute(str(compiled), compiled.params)

    def rows(self, stmt: Executable) -> list[tuple[Any, ...]]:
        return [tuple(r) for r in self._execute(stmt).fetchall()]

    def run(self, stmt: Executable) -> int:
        return int(self._execute(stmt).rowcount)


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    matches: int = 0


@dataclass(frozen=True)
class HistoryRow:
    game_id: str
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    won: bool
    at: float


def claim_match(sql: Sql, game_id: str, counted: bool, now: float) -> bool:
    """Note that ``game_id`` was looked at; False when it already was (by another worker, an earlier sweep):
    then nothing more is written for it. The first write of the transaction, so that on SQLite the rating
    holds the database's write lock from its start."""
    values = {"game_id": game_id, "counted": counted, "at": now}
    stmt = (postgresql.insert(rated_matches) if sql.postgres else sqlite.insert(rated_matches)).values(**values)
    return bool(sql.rows(stmt.on_conflict_do_nothing(index_elements=["game_id"]).returning(rated_matches.c.game_id)))


def mark_uncounted(sql: Sql, game_id: str) -> None:
    """The claimed match is not rated after all (a player of it was deleted meanwhile)."""
    sql.run(update(rated_matches).where(rated_matches.c.game_id == game_id).values(counted=False))


def ratings_for_update(sql: Sql, player_ids: list[str]) -> dict[str, Rating]:
    """The stored ratings of ``player_ids`` (those who have one), their rows locked until the transaction ends
    (PostgreSQL; SQLite's write lock is already held): two matches of one player rated at once on two workers
    each see the other's result. Locked in the players' order, so two such transactions cannot deadlock."""
    stmt = (select(ratings.c.player_id, ratings.c.mu, ratings.c.sigma, ratings.c.matches)
            .where(ratings.c.player_id.in_(sorted(player_ids))).order_by(ratings.c.player_id))
    if sql.postgres:
        stmt = stmt.with_for_update()
    return {r[0]: Rating(float(r[1]), float(r[2]), int(r[3])) for r in sql.rows(stmt)}


def existing_players(sql: Sql, player_ids: list[str]) -> set[str]:
    """Which of ``player_ids`` are players still (one deleted since the match is not rated)."""
    return {r[0] for r in sql.rows(select(players.c.id).where(players.c.id.in_(sorted(player_ids))))}


def write_rating(sql: Sql, player_id: str, game_id: str, before: Rating, after: Rating, ordinal: float, won: bool,
                 now: float) -> None:
    """The player's new rating (``after``, its ``matches`` counting this one) and its history row."""
    values = {"mu": after.mu, "sigma": after.sigma, "ordinal": ordinal, "matches": after.matches, "updated": now}
    if before.matches == 0:
        sql.run(insert(ratings).values(player_id=player_id, **values))
    else:
        sql.run(update(ratings).where(ratings.c.player_id == player_id).values(**values))
    sql.run(insert(rating_history).values(player_id=player_id, game_id=game_id, mu_before=before.mu,
                                          sigma_before=before.sigma, mu_after=after.mu, sigma_after=after.sigma,
                                          won=won, at=now))


def unlooked_finished_games(sql: Sql, limit: int) -> list[str]:
    """Finished games (the game store's ``games``, in the same database) that no rating has looked at yet: a
    worker that stopped between a match's end and its rating (SQLite), or a rating that failed."""
    stmt = text("SELECT id FROM games WHERE status = 'over' AND NOT EXISTS "
                "(SELECT 1 FROM rated_matches WHERE rated_matches.game_id = games.id) "
                "ORDER BY updated LIMIT :n").bindparams(n=limit)
    return [r[0] for r in sql.rows(stmt)]


def is_looked_at(sql: Sql, game_id: str) -> bool:
    return bool(sql.rows(select(rated_matches.c.game_id).where(rated_matches.c.game_id == game_id)))


@dataclass(frozen=True)
class Standing:
    player_id: str
    name: str
    tag: str
    mu: float
    sigma: float
    ordinal: float
    matches: int
    updated: float


def leaderboard(sql: Sql, offset: int, limit: int) -> tuple[int, list[Standing]]:
    """How many players have a rating, and the page ``offset``..``offset + limit`` of them, best first."""
    total = sql.rows(select(func.count()).select_from(ratings))[0][0]
    rows = sql.rows(
        select(ratings.c.player_id, players.c.name, players.c.tag, ratings.c.mu, ratings.c.sigma, ratings.c.ordinal,
               ratings.c.matches, ratings.c.updated)
        .join(players, players.c.id == ratings.c.player_id)
        .order_by(ratings.c.ordinal.desc(), ratings.c.player_id).offset(offset).limit(limit)
    )
    return int(total), [Standing(r[0], r[1], r[2], float(r[3]), float(r[4]), float(r[5]), int(r[6]), float(r[7]))
                        for r in rows]


def recent_history(sql: Sql, player_ids: list[str], last: int) -> dict[str, list[HistoryRow]]:
    """Each player's ``last`` rated matches, newest first (one query for a leaderboard's page)."""
    if not player_ids:
        return {}
    numbered = select(
        rating_history,
        func.row_number().over(partition_by=rating_history.c.player_id,
                               order_by=(rating_history.c.at.desc(), rating_history.c.game_id.desc())).label("n"),
    ).where(rating_history.c.player_id.in_(sorted(player_ids))).subquery()
    h = numbered.c
    rows = sql.rows(select(h.player_id, h.game_id, h.mu_before, h.sigma_before, h.mu_after, h.sigma_after, h.won,
                           h.at).where(h.n <= last).order_by(h.player_id, h.n))
    out: dict[str, list[HistoryRow]] = {}
    for r in rows:
        out.setdefault(r[0], []).append(_history_row(r[1:]))
    return out


def _history_row(r: tuple[Any, ...]) -> HistoryRow:
    return HistoryRow(str(r[0]), float(r[1]), float(r[2]), float(r[3]), float(r[4]), bool(r[5]), float(r[6]))


def player_rating(sql: Sql, player_id: str) -> Rating | None:
    rows = sql.rows(select(ratings.c.mu, ratings.c.sigma, ratings.c.matches).where(ratings.c.player_id == player_id))
    return Rating(float(rows[0][0]), float(rows[0][1]), int(rows[0][2])) if rows else None


def history(sql: Sql, player_id: str, offset: int, limit: int) -> list[HistoryRow]:
    """The player's rated matches, newest first, one page."""
    h = rating_history.c
    return [_history_row(r) for r in sql.rows(
        select(h.game_id, h.mu_before, h.sigma_before, h.mu_after, h.sigma_after, h.won, h.at)
        .where(h.player_id == player_id).order_by(h.at.desc(), h.game_id.desc()).offset(offset).limit(limit)
    )]


__all__ = ["CoreSql", "HistoryRow", "RawPgSql", "Rating", "Sql", "Standing", "claim_match", "existing_players",
           "history", "is_looked_at", "leaderboard", "mark_uncounted", "player_rating", "rated_matches", "rating_history", "ratings",
           "ratings_for_update", "recent_history", "unlooked_finished_games", "write_rating"]
