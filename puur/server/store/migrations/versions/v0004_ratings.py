"""The players' ratings (``puur.server.store.ratings``): the current rating, its history, the matches looked at.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.Text, sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("mu", sa.Double, nullable=False),
        sa.Column("sigma", sa.Double, nullable=False),
        sa.Column("ordinal", sa.Double, nullable=False),
        sa.Column("matches", sa.Integer, nullable=False),
        sa.Column("updated", sa.Double, nullable=False),
    )
    op.create_index("ratings_ordinal", "ratings", ["ordinal"])
    op.create_table(
        "rating_history",
        sa.Column("player_id", sa.Text, sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("game_id", sa.Text, primary_key=True),
        sa.Column("mu_before", sa.Double, nullable=False),
        sa.Column("sigma_before", sa.Double, nullable=False),
        sa.Column("mu_after", sa.Double, nullable=False),
        sa.Column("sigma_after", sa.Double, nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
        sa.Column("at", sa.Double, nullable=False),
    )
    op.create_index("rating_history_player_at", "rating_history", ["player_id", "at"])
    op.create_table(
        "rated_matches",
        sa.Column("game_id", sa.Text, primary_key=True),
        sa.Column("counted", sa.Boolean, nullable=False),
        sa.Column("at", sa.Double, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rated_matches")
    op.drop_table("rating_history")
    op.drop_table("ratings")
