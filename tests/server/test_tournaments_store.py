"""The tournaments' rows (puur.server.store.tournaments): one seat per player and tournament, and a deleted player
leaves no seat behind."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.exc import IntegrityError

from puur.server.store.place import open_place
from puur.server.store.players import create_player, delete_player
from puur.server.store.tournaments import (
    TournamentRow,
    add_tournament,
    forget_player,
    get_tournament,
    seat_of_player,
    seat_player,
)


def _row(host: str) -> TournamentRow:
    return TournamentRow("abc123", "Jassabend", host, "hash", "key", {"tables": 2, "deals": 1}, ["c"],
                         [{"seed": 1, "salt": "0" * 32}], 1.0, None, ["g0", "g1"], {})


def test_a_player_holds_one_seat_and_leaves_none_when_deleted(tmp_path: Path) -> None:
    place = open_place(tmp_path / "g.sqlite3")
    with place.begin() as conn:
        hans, _ = create_player(conn, "Hans")
        add_tournament(conn, _row(hans.id))
        seat_player(conn, "abc123", 0, 0, hans.id)
    with pytest.raises(IntegrityError), place.begin() as conn:
        seat_player(conn, "abc123", 1, 1, hans.id)  # a second seat of the same tournament
    with place.read() as conn:
        row = get_tournament(conn, "abc123")
        assert row is not None and row.games == ["g0", "g1"] and row.seated == {(0, 0): hans.id}
    with place.begin() as conn:
        forget_player(conn, hans.id)
        delete_player(conn, hans.id)
    with place.read() as conn:
        row = get_tournament(conn, "abc123")
        assert row is not None and row.host_player is None and row.seated == {}
        assert seat_of_player(conn, "abc123", hans.id) is None
    place.close()
