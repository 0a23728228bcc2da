"""Players who are remembered without an account (``puur.server.store.players``): a name, a tag, the hashes
of their devices' keys.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("tag", sa.Text, nullable=False),
        sa.Column("created", sa.Double, nullable=False),
        sa.Column("seen", sa.Double, nullable=False),
    )
    op.create_table(
        "player_keys",
        sa.Column("key_hash", sa.Text, primary_key=True),
        sa.Column("player_id", sa.Text, sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("device", sa.Text, nullable=False),
        sa.Column("created", sa.Double, nullable=False),
    )
    op.create_index("player_keys_player", "player_keys", ["player_id"])


def downgrade() -> None:
    op.drop_table("player_keys")
    op.drop_table("players")
