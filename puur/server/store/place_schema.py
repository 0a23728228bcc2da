"""What every table of the place is defined on: the ``metadata`` they share and the column that ties a row to
its player. Each part of the place (``players``, ``ratings``, ``lobby``, ``tournaments``, ``player_links``,
``player_stats``) defines its tables here from its own module; ``place_tables`` gathers them all, and
``place`` opens the database on the whole of it. Nothing here imports a part, so the parts and the place
import in one direction only."""

from __future__ import annotations

from sqlalchemy import Column, ForeignKey, MetaData, Text

metadata = MetaData()
"""Every table of the place; each module of the place adds its own (whole once ``place_tables`` is imported)."""


def player_column(name: str = "player_id", *, primary_key: bool = False) -> Column[str]:
    """A column naming a player whose rows go with the player: deleting a player deletes them (``ON DELETE
    CASCADE``), so that nothing is kept about a deleted player (docs/players.md)."""
    return Column(name, Text, ForeignKey("players.id", ondelete="CASCADE"), primary_key=primary_key, nullable=False)


__all__ = ["metadata", "player_column"]
