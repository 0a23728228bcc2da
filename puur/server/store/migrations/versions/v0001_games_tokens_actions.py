"""Games, seat tokens (hashed) and the action log: the SQLite store's schema plus the columns that let
several workers share one game (``seq``: actions stored; ``version``: bumped by every change, announced by
NOTIFY; ``epoch``: bumped when actions are taken back, so a worker replays instead of appending).

Revision ID: 0001
Revises:
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("status", sa.Text, nullable=False),
        sa.Column("created", sa.Double, nullable=False),
        sa.Column("updated", sa.Double, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False, server_default="0"),
        sa.Column("version", sa.BigInteger, nullable=False, server_default="1"),
        sa.Column("epoch", sa.Integer, nullable=False, server_default="0"),
    )
    op.create_index("games_updated", "games", ["updated"])
    op.create_table(
        "tokens",
        sa.Column("token_hash", sa.Text, primary_key=True),
        sa.Column("game_id", sa.Text, sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
    )
    op.create_index("tokens_game", "tokens", ["game_id"])
    op.create_table(
        "actions",
        sa.Column("game_id", sa.Text, sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("declare", sa.Text, nullable=False, server_default=""),
        sa.Column("at", sa.Double, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("actions")
    op.drop_table("tokens")
    op.drop_table("games")
