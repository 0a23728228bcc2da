"""Duplicate tournaments (``puur.server.store.tournaments``): the tournament with its committed deal seeds,
its tables (games) and the seats players took with their player key.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("host_player", sa.Text, sa.ForeignKey("players.id", ondelete="SET NULL"), nullable=True),
        sa.Column("host_hash", sa.Text, nullable=False),
        sa.Column("invite_key", sa.Text, nullable=False),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("commitments", sa.Text, nullable=False),
        sa.Column("secrets", sa.Text, nullable=False),
        sa.Column("created", sa.Double, nullable=False),
        sa.Column("finished", sa.Double, nullable=True),
    )
    op.create_index("tournaments_created", "tournaments", ["created"])
    op.create_table(
        "tournament_tables",
        sa.Column("tournament_id", sa.Text, sa.ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("table_no", sa.Integer, primary_key=True),
        sa.Column("game_id", sa.Text, nullable=False),
    )
    op.create_table(
        "tournament_seats",
        sa.Column("tournament_id", sa.Text, sa.ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("table_no", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.Text, sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.UniqueConstraint("tournament_id", "player_id", name="tournament_seats_one_per_player"),
    )


def downgrade() -> None:
    op.drop_table("tournament_seats")
    op.drop_table("tournament_tables")
    op.drop_index("tournaments_created", "tournaments")
    op.drop_table("tournaments")
