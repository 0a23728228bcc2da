"""Players who are remembered without an account: a chosen name, a short tag, and the keys of their devices.

A person's browser makes a player key (a 256-bit secret) on the first visit; the server keeps only its
SHA-256 (as with seat tokens, ``puur.server.store.token_hash``). A player may hold several keys, one per
device: carrying the player to another device adds a key, revoking one deletes it. Nothing else about a
person is stored: no e-mail, no password, no address (docs/players.md says what is kept and how a player
deletes themselves).
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass

from sqlalchemy import (
    Column,
    Connection,
    Double,
    Index,
    Table,
    Text,
    delete,
    insert,
    select,
    update,
)

from puur.server.store import token_hash
from puur.server.store.place_schema import metadata, player_column

players = Table(
    "players", metadata,
    Column("id", Text, primary_key=True),  # public: names the player in standings, ratings, the lobby
    Column("name", Text, nullable=False),
    Column("tag", Text, nullable=False),  # four digits: two players called Ueli are Ueli#0412 and Ueli#7730
    Column("created", Double, nullable=False),
    Column("seen", Double, nullable=False),
)  # fmt: skip
player_keys = Table(
    "player_keys", metadata,
    Column("key_hash", Text, primary_key=True),
    player_column(),
    Column("device", Text, nullable=False),  # what the key's holder called the device ("phone"), for revoking
    Column("created", Double, nullable=False),
)  # fmt: skip
Index("player_keys_player", player_keys.c.player_id)

KEY_BYTES = 32
"""A player key's randomness (256 bits, as a seat token's): it is the player's only proof of being them."""


def new_key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)


def new_player_id() -> str:
    return secrets.token_urlsafe(9)


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    tag: str
    created: float

    @property
    def handle(self) -> str:
        """The name with its tag, as lists show it: ``Ueli#0412``."""
        return f"{self.name}#{self.tag}"


def create_player(conn: Connection, name: str, device: str = "") -> tuple[Player, str]:
    """A new player named ``name`` (already checked by the caller: ``puur.schema_types.check_name``) with
    its first key; returns the player and the key (shown once, never stored)."""
    now = time.time()
    player = Player(new_player_id(), name, f"{secrets.randbelow(10_000):04d}", now)
    conn.execute(insert(players).values(id=player.id, name=name, tag=player.tag, created=now, seen=now))
    key = add_key(conn, player.id, device)
    return player, key


def add_key(conn: Connection, player_id: str, device: str = "") -> str:
    """Another key for ``player_id`` (carrying the player to another device)."""
    key = new_key()
    conn.execute(insert(player_keys).values(key_hash=token_hash(key), player_id=player_id, device=device,
                                            created=time.time()))
    return key


KEYS_MAX = 20
"""Devices one player may hold keys on: carrying the player on is refused beyond it (revoke one first)."""
DEVICE_ID_LENGTH = 16
"""A device's id in the list of a player's devices: the first characters of its key's hash (a hash already,
so it tells nothing of the key; only the player sees the list)."""


@dataclass(frozen=True)
class Device:
    """One key of a player, as the player's page lists it."""

    id: str
    device: str
    created: float


def devices(conn: Connection, player_id: str) -> list[Device]:
    """The player's keys, oldest first."""
    rows = conn.execute(select(player_keys.c.key_hash, player_keys.c.device, player_keys.c.created)
                        .where(player_keys.c.player_id == player_id).order_by(player_keys.c.created)).all()
    return [Device(r[0][:DEVICE_ID_LENGTH], r[1], r[2]) for r in rows]


def device_of_key(key: str) -> str:
    """The device id of ``key`` (``devices``)."""
    return token_hash(key)[:DEVICE_ID_LENGTH]


def revoke(conn: Connection, player_id: str, device_id: str) -> bool:
    """Delete the player's key whose device id is ``device_id``: that device is nobody from now on. False when
    the player has no such device."""
    if len(device_id) != DEVICE_ID_LENGTH:
        return False
    hashes = conn.execute(select(player_keys.c.key_hash).where(player_keys.c.player_id == player_id)).scalars()
    match = [h for h in hashes if h[:DEVICE_ID_LENGTH] == device_id]
    if len(match) != 1:
        return False
    conn.execute(delete(player_keys).where(player_keys.c.key_hash == match[0]))
    return True


def player_of_key(conn: Connection, key: str) -> Player | None:
    """The player a key belongs to, or None (an unknown or revoked key)."""
    row = conn.execute(
        select(players.c.id, players.c.name, players.c.tag, players.c.created)
        .join(player_keys, player_keys.c.player_id == players.c.id)
        .where(player_keys.c.key_hash == token_hash(key))
    ).first()
    return None if row is None else Player(row[0], row[1], row[2], row[3])


def get_player(conn: Connection, player_id: str) -> Player | None:
    row = conn.execute(
        select(players.c.id, players.c.name, players.c.tag, players.c.created).where(players.c.id == player_id)
    ).first()
    return None if row is None else Player(row[0], row[1], row[2], row[3])


def rename(conn: Connection, player_id: str, name: str) -> None:
    conn.execute(update(players).where(players.c.id == player_id).values(name=name, seen=time.time()))


def delete_player(conn: Connection, player_id: str) -> None:
    """Forget the player: their keys go with them (``ON DELETE CASCADE``; each part of the place that keeps
    rows about a player deletes or anonymises them in the same transaction)."""
    conn.execute(delete(player_keys).where(player_keys.c.player_id == player_id))
    conn.execute(delete(players).where(players.c.id == player_id))


__all__ = ["DEVICE_ID_LENGTH", "KEYS_MAX", "KEY_BYTES", "Device", "Player", "add_key", "create_player", "delete_player",
           "device_of_key", "devices", "get_player", "new_key", "player_keys", "player_of_key", "players", "rename",
           "revoke"]
