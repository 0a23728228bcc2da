"""Imports every module of the place that defines tables on ``place_schema.metadata``, so that the metadata
is whole wherever it is used (``open_place``, the test that holds the Alembic revisions equal to it)."""

from __future__ import annotations

from puur.server.store import (  # noqa: F401
    lobby,
    player_links,
    player_stats,
    players,
    ratings,
    tournaments,
)
from puur.server.store.place_schema import metadata

__all__ = ["metadata"]
