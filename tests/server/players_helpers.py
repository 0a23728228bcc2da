"""Helpers of the players' API tests: a player made through the API, its header, and what the place keeps."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from puur.server.store.place import metadata


def make_player(c: TestClient, name: str = "Vreni", device: str = "laptop") -> tuple[dict[str, Any], str]:
    """A new player (its public fields) and its key."""
    r = c.post("/api/v1/players/me", json={"name": name, "device": device})
    assert r.status_code == 201, r.text
    made = r.json()
    return made, made.pop("key")


def as_player(key: str) -> dict[str, str]:
    return {"Authorization": f"Player {key}"}


def place_rows(c: TestClient) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every place table (sorted): what a refused request must leave as it was."""
    place = c.app.state.place  # type: ignore[attr-defined]
    with place.read() as conn:
        return {name: sorted(tuple(r) for r in conn.execute(table.select()).all()) for name, table in metadata.tables.items()}


def rows_about(c: TestClient, player_id: str) -> dict[str, int]:
    """Per place table, the rows that name ``player_id`` in any column."""
    out = {}
    for name, rows in place_rows(c).items():
        out[name] = sum(1 for r in rows if player_id in r)
    return out
