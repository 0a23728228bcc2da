"""Each remembered player's matches, one summary row per player and match, written once when the match ends
(``puur.server.place.stats`` computes it from the match) so that a player's statistics are a sum over rows,
never a replay of their games.

A row holds counts only (no cards, no names): the matches of a table on the server (``source`` ``server``,
its ``game_id`` the game's) and those a player played on their device and sent in (``device``, its id the
hash of the record: one record counts once).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from sqlalchemy import (
    Column,
    Connection,
    Double,
    Index,
    Integer,
    Table,
    Text,
    delete,
    insert,
    select,
)

from puur.server.store.place_schema import metadata, player_column

RECENT = 30
"""Matches the statistics list one by one (the charts' points per round, latest last)."""

player_matches = Table(
    "player_matches", metadata,
    player_column(primary_key=True),
    Column("game_id", Text, primary_key=True),
    Column("source", Text, nullable=False),  # "server" or "device"
    Column("ended", Double, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("form", Text, nullable=False),
    Column("won", Integer, nullable=False),  # 1 won, 0 lost (or no team won: a Differenzler's individuals)
    Column("rounds", Integer, nullable=False),
    Column("points", Integer, nullable=False),  # written for the player's team, all rounds
    Column("matches_made", Integer, nullable=False),
    Column("matches_suffered", Integer, nullable=False),
    Column("forehand_rounds", Integer, nullable=False),
    Column("pushes", Integer, nullable=False),
    Column("weis_written", Integer, nullable=False),
    Column("weis_points", Integer, nullable=False),
    Column("stoeck_written", Integer, nullable=False),
    Column("cards_played", Integer, nullable=False),
    Column("cards_reviewed", Integer, nullable=False),
    Column("best_cards", Integer, nullable=False),
    Column("contracts", Text, nullable=False),  # JSON: contract -> [chosen, made]
)  # fmt: skip
Index("player_matches_ended", player_matches.c.player_id, player_matches.c.ended)


@dataclass
class MatchSummary:
    """What one match says about one of its seats (``puur.server.place.stats.summarize``)."""

    seat: int
    form: str
    won: int
    rounds: int
    points: int
    matches_made: int
    matches_suffered: int
    forehand_rounds: int
    pushes: int
    weis_written: int
    weis_points: int
    stoeck_written: int
    cards_played: int
    cards_reviewed: int = 0
    best_cards: int = 0
    contracts: dict[str, list[int]] = field(default_factory=dict)


COUNTS = tuple(f.name for f in fields(MatchSummary) if f.name not in ("seat", "form", "contracts"))
"""The summary's counts that statistics add up."""


def add_match(conn: Connection, player_id: str, game_id: str, source: str, ended: float, summary: MatchSummary) -> bool:
    """Store one match's summary for a player; False (nothing changed) when that match is counted already
    (the end seen twice, by two workers, or a device's record sent again)."""
    exists = conn.execute(select(player_matches.c.game_id).where(
        player_matches.c.player_id == player_id, player_matches.c.game_id == game_id)).first()
    if exists is not None:
        return False
    values = {**asdict(summary), "contracts": json.dumps(summary.contracts, sort_keys=True)}
    conn.execute(insert(player_matches).values(player_id=player_id, game_id=game_id, source=source, ended=ended,
                                               **values))
    return True


def totals(conn: Connection, player_id: str) -> dict[str, Any]:
    """A player's statistics: the sum of every count over their matches, ``matches``, the contracts they chose
    (contract -> [chosen, made]) and the ``recent`` matches (won, rounds, points, ended: oldest first)."""
    rows = conn.execute(select(player_matches).where(player_matches.c.player_id == player_id)
                        .order_by(player_matches.c.ended)).mappings().all()
    out: dict[str, Any] = {name: sum(int(r[name]) for r in rows) for name in COUNTS}
    out["matches"] = len(rows)
    contracts: dict[str, list[int]] = {}
    for r in rows:
        for name, (chosen, made) in json.loads(r["contracts"]).items():
            seen = contracts.setdefault(name, [0, 0])
            seen[0] += int(chosen)
            seen[1] += int(made)
    out["contracts"] = contracts
    out["recent"] = [{"won": bool(r["won"]), "rounds": int(r["rounds"]), "points": int(r["points"]),
                      "ended": float(r["ended"]), "source": str(r["source"])} for r in rows[-RECENT:]]
    return out


def forget_matches(conn: Connection, player_id: str) -> None:
    """Delete every row about ``player_id`` (the player deletes themselves; the games keep their seats' names)."""
    conn.execute(delete(player_matches).where(player_matches.c.player_id == player_id))


__all__ = ["COUNTS", "RECENT", "MatchSummary", "add_match", "forget_matches", "player_matches", "totals"]
