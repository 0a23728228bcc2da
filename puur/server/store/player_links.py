"""What a player adds to being remembered: the carry codes that take the player to another device, and the
players they block.

A carry code is shown once as a link and QR code on the player's page; opened on another device it gives that
device its own new key. It is single-use and short-lived (``CARRY_SECONDS``), and only its SHA-256 is kept,
as with the keys: the link never holds the player's own key, so a photographed QR code is worthless after a
few minutes or once used.

A block is one player's wish never to sit with another (the lobby reads ``blocked_pairs``); it is one-sided
to make (nobody is told) and binds both ways.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Collection
from itertools import combinations

from sqlalchemy import Column, Connection, Double, Index, Table, Text, delete, insert, or_, select

from puur.server.store.place_schema import metadata, player_column

CARRY_SECONDS = 600.0
"""How long a carry code may be opened: long enough to walk to the other device, short enough that an old
screenshot carries nobody."""
CARRY_OPEN = 3
"""Carry codes a player may hold unused at once (making another drops the oldest)."""
BLOCKS_MAX = 500
"""Players one player may block: bounds what one player costs the lobby's check."""

player_carry = Table(
    "player_carry", metadata,
    Column("code_hash", Text, primary_key=True),
    player_column(),
    Column("expires", Double, nullable=False),
)  # fmt: skip
Index("player_carry_player", player_carry.c.player_id)
player_blocks = Table(
    "player_blocks", metadata,
    player_column(primary_key=True),
    player_column("blocked_id", primary_key=True),
    Column("created", Double, nullable=False),
)  # fmt: skip
Index("player_blocks_blocked", player_blocks.c.blocked_id)


def carry_hash(code: str) -> str:
    """What the store keeps of a carry code (SHA-256, apart from the keys' hashes by its prefix)."""
    return hashlib.sha256(f"puur carry|{code}".encode()).hexdigest()


def new_carry(conn: Connection, player_id: str, now: float | None = None) -> tuple[str, float]:
    """A new carry code for ``player_id`` and when it expires; expired codes go, and beyond ``CARRY_OPEN``
    unused ones the oldest."""
    now = time.time() if now is None else now
    conn.execute(delete(player_carry).where(player_carry.c.expires <= now))
    kept = conn.execute(select(player_carry.c.code_hash).where(player_carry.c.player_id == player_id)
                        .order_by(player_carry.c.expires.desc())).scalars().all()
    if len(kept) >= CARRY_OPEN:
        conn.execute(delete(player_carry).where(player_carry.c.code_hash.in_(kept[CARRY_OPEN - 1:])))
    code = secrets.token_urlsafe(18)
    expires = now + CARRY_SECONDS
    conn.execute(insert(player_carry).values(code_hash=carry_hash(code), player_id=player_id, expires=expires))
    return code, expires


def spend_carry(conn: Connection, code: str, now: float | None = None) -> str | None:
    """The player a carry code carries, spending it (once: a second opening, or one after it expired, is
    None). The delete decides: of two devices opening one code at once, one deletes the row."""
    now = time.time() if now is None else now
    wanted = carry_hash(code)
    row = conn.execute(select(player_carry.c.player_id, player_carry.c.expires)
                       .where(player_carry.c.code_hash == wanted)).first()
    if row is None:
        return None
    spent = conn.execute(delete(player_carry).where(player_carry.c.code_hash == wanted)).rowcount
    return str(row[0]) if spent == 1 and row[1] > now else None


def block(conn: Connection, player_id: str, blocked_id: str) -> bool:
    """``player_id`` blocks ``blocked_id`` (nothing new when they did already); False when at ``BLOCKS_MAX``."""
    if blocked_id in blocked_by(conn, player_id):
        return True
    if len(blocked_by(conn, player_id)) >= BLOCKS_MAX:
        return False
    conn.execute(insert(player_blocks).values(player_id=player_id, blocked_id=blocked_id, created=time.time()))
    return True


def unblock(conn: Connection, player_id: str, blocked_id: str) -> bool:
    """Lift a block; False when there was none."""
    gone = conn.execute(delete(player_blocks).where(player_blocks.c.player_id == player_id,
                                                    player_blocks.c.blocked_id == blocked_id)).rowcount
    return bool(gone)


def blocked_by(conn: Connection, player_id: str) -> list[str]:
    """The players ``player_id`` blocks, oldest block first."""
    return list(conn.execute(select(player_blocks.c.blocked_id).where(player_blocks.c.player_id == player_id)
                             .order_by(player_blocks.c.created)).scalars())


def blocked_pairs(conn: Connection, player_ids: Collection[str]) -> set[frozenset[str]]:
    """The pairs among ``player_ids`` that must not sit at one table: either of the two blocked the other
    (a block binds both ways, so the blocked cannot seek the blocker out). The lobby asks this before it
    seats a player with others."""
    ids = sorted(set(player_ids))
    if len(ids) < 2:
        return set()
    rows = conn.execute(select(player_blocks.c.player_id, player_blocks.c.blocked_id).where(
        player_blocks.c.player_id.in_(ids), player_blocks.c.blocked_id.in_(ids))).all()
    found = {frozenset((str(a), str(b))) for a, b in rows}
    return {frozenset(p) for p in combinations(ids, 2) if frozenset(p) in found}


def forget_links(conn: Connection, player_id: str) -> None:
    """Delete every carry code of ``player_id`` and every block by or of them (the player deletes themselves)."""
    conn.execute(delete(player_carry).where(player_carry.c.player_id == player_id))
    conn.execute(delete(player_blocks).where(or_(player_blocks.c.player_id == player_id,
                                                 player_blocks.c.blocked_id == player_id)))


__all__ = ["BLOCKS_MAX", "CARRY_OPEN", "CARRY_SECONDS", "block", "blocked_by", "blocked_pairs", "carry_hash",
           "forget_links", "new_carry", "player_blocks", "player_carry", "spend_carry", "unblock"]
