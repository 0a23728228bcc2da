"""The public lobby (``puur.server.store.lobby``): a listing per public table, and the matches a person
abandoned.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "lobby_tables",
        sa.Column("game_id", sa.Text, primary_key=True),
        sa.Column("form", sa.Text, nullable=False),
        sa.Column("profile", sa.Text, nullable=False),
        sa.Column("target", sa.Integer, nullable=False),
        sa.Column("lang", sa.Text, nullable=False),
        sa.Column("speed", sa.Text, nullable=False),
        sa.Column("spectators", sa.Boolean, nullable=False),
        sa.Column("status", sa.Text, nullable=False),
        sa.Column("people", sa.Integer, nullable=False),
        sa.Column("free", sa.Integer, nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("watchers", sa.Integer, nullable=False),
        sa.Column("opened", sa.Double, nullable=False),
        sa.Column("updated", sa.Double, nullable=False),
    )
    op.create_index("lobby_tables_free", "lobby_tables", ["free", "lang", "speed"])
    op.create_table(
        "lobby_abandons",
        sa.Column("game_id", sa.Text, nullable=False),
        sa.Column("player_id", sa.Text, sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("abandoned", sa.Boolean, nullable=False),
        sa.Column("at", sa.Double, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "player_id"),
    )
    op.create_index("lobby_abandons_player", "lobby_abandons", ["player_id"])


def downgrade() -> None:
    op.drop_table("lobby_abandons")
    op.drop_table("lobby_tables")
