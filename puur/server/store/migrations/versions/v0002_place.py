"""The place to play: remembered players, the public lobby, ratings, duplicate tournaments, the players' links
and statistics (``puur.server.store.place`` and the store modules it lists). One revision, made before any of
these tables was released: they came together, and come together on every database from 0001.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-07
"""

from __future__ import annotations

from functools import partial

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"

PLAYER = partial(sa.ForeignKey, "players.id", ondelete="CASCADE")
"""A player's rows go with the player (deleting a player deletes every row about them)."""


def upgrade() -> None:
    # players remembered without an account (puur.server.store.players): a name, a tag, their keys' hashes
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
        sa.Column("player_id", sa.Text, PLAYER(), nullable=False),
        sa.Column("device", sa.Text, nullable=False),
        sa.Column("created", sa.Double, nullable=False),
    )
    op.create_index("player_keys_player", "player_keys", ["player_id"])
    # the public lobby (puur.server.store.lobby): a listing per public table, the matches a person abandoned
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
        sa.Column("player_id", sa.Text, PLAYER(), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("abandoned", sa.Boolean, nullable=False),
        sa.Column("at", sa.Double, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "player_id"),
    )
    op.create_index("lobby_abandons_player", "lobby_abandons", ["player_id"])
    # ratings (puur.server.store.ratings): the current rating, its history, the matches looked at
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.Text, PLAYER(), primary_key=True),
        sa.Column("mu", sa.Double, nullable=False),
        sa.Column("sigma", sa.Double, nullable=False),
        sa.Column("ordinal", sa.Double, nullable=False),
        sa.Column("matches", sa.Integer, nullable=False),
        sa.Column("updated", sa.Double, nullable=False),
    )
    op.create_index("ratings_ordinal", "ratings", ["ordinal"])
    op.create_table(
        "rating_history",
        sa.Column("player_id", sa.Text, PLAYER(), primary_key=True),
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
    # duplicate tournaments (puur.server.store.tournaments): committed deal seeds, tables, seats
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
        sa.Column("player_id", sa.Text, PLAYER(), nullable=False),
        sa.UniqueConstraint("tournament_id", "player_id", name="tournament_seats_one_per_player"),
    )
    # what a player adds (player_links, player_stats): carry codes (hashed), blocks, a row per match
    op.create_table(
        "player_carry",
        sa.Column("code_hash", sa.Text, primary_key=True),
        sa.Column("player_id", sa.Text, PLAYER(), nullable=False),
        sa.Column("expires", sa.Double, nullable=False),
    )
    op.create_index("player_carry_player", "player_carry", ["player_id"])
    op.create_table(
        "player_blocks",
        sa.Column("player_id", sa.Text, PLAYER(), primary_key=True),
        sa.Column("blocked_id", sa.Text, PLAYER(), primary_key=True),
        sa.Column("created", sa.Double, nullable=False),
    )
    op.create_index("player_blocks_blocked", "player_blocks", ["blocked_id"])
    counts = ("won", "rounds", "points", "matches_made", "matches_suffered", "forehand_rounds", "pushes",
              "weis_written", "weis_points", "stoeck_written", "cards_played", "cards_reviewed", "best_cards")
    op.create_table(
        "player_matches",
        sa.Column("player_id", sa.Text, PLAYER(), primary_key=True),
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
    op.drop_table("tournament_seats")
    op.drop_table("tournament_tables")
    op.drop_index("tournaments_created", "tournaments")
    op.drop_table("tournaments")
    op.drop_table("rated_matches")
    op.drop_table("rating_history")
    op.drop_table("ratings")
    op.drop_table("lobby_abandons")
    op.drop_table("lobby_tables")
    op.drop_table("player_keys")
    op.drop_table("players")
