"""What a player adds to being remembered (``puur.server.store.player_links``, ``player_stats``): carry codes
(hashed), blocks, and one summary row per player and match.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels = None
depends_on = None


def _player() -> sa.ForeignKey:
    return sa.ForeignKey("players.id", ondelete="CASCADE")


def upgrade() -> None:
    op.create_table(
        "player_carry",
        sa.Column("code_hash", sa.Text, primary_key=True),
        sa.Column("player_id", sa.Text, _player(), nullable=False),
        sa.Column("expires", sa.Double, nullable=False),
    )
    op.create_index("player_carry_player", "player_carry", ["player_id"])
    op.create_table(
        "player_blocks",
        sa.Column("player_id", sa.Text, _player(), primary_key=True),
        sa.Column("blocked_id", sa.Text, _player(), primary_key=True),
        sa.Column("created", sa.Double, nullable=False),
    )
    op.create_index("player_blocks_blocked", "player_blocks", ["blocked_id"])
    counts = ("won", "rounds", "points", "matches_made", "matches_suffered", "forehand_rounds", "pushes",
              "weis_written", "weis_points", "stoeck_written", "cards_played", "cards_reviewed", "best_cards")
    op.create_table(
        "player_matches",
        sa.Column("player_id", sa.Text, _player(), primary_key=True),
        sa.Column("game_id", sa.Text, primary_key=True),
        sa.Column("source", sa.Text, nullable=False),
        sa.Column("ended", sa.Double, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("form", sa.Text, nullable=False),
        *[sa.Column(name, sa.Integer, nullable=False) for name in counts],
        sa.Column("contracts", sa.Text, nullable=False),
    )
    op.create_index("player_matches_ended", "player_matches", ["player_id", "ended"])


def downgrade() -> None:
    op.drop_table("player_matches")
    op.drop_table("player_blocks")
    op.drop_table("player_carry")
