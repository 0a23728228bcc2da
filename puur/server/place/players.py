"""A remembered player's own doings, over the store (docs/players.md): carrying the player to another device,
deleting themselves with everything the place keeps about them, and the matches that count for their
statistics (a table's, when it ends; a device's, when its record is sent and replays).
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Mapping
from typing import Any

from sqlalchemy import Connection

from puur.match.game import Game
from puur.server.place.stats import summarize
from puur.server.store.player_links import forget_links, spend_carry
from puur.server.store.player_stats import MatchSummary, add_match, forget_matches
from puur.server.store.players import KEYS_MAX, add_key, delete_player, devices, get_player
from puur.server.store.tournaments import forget_player as forget_tournament_seats
from puur.table.seats import seat_players

DEVICE_SOURCE = "device"
SERVER_SOURCE = "server"
RECORD_CHARS = 400_000
"""The longest record (as compact JSON) a device may send: a long Schieber match is some 20,000 characters,
a Coiffeur of ten columns under 100,000."""


class Refused(Exception):
    """What a player asked cannot be done; the message says why (the routes answer 4xx with it)."""


def carry_in(conn: Connection, code: str, device: str) -> str | None:
    """A new key for the player a carry code carries (the code is spent), or None for a code that is unknown,
    used or expired. ``Refused`` when the player holds ``KEYS_MAX`` devices already."""
    player_id = spend_carry(conn, code)
    if player_id is None:
        return None
    if len(devices(conn, player_id)) >= KEYS_MAX:
        raise Refused(f"this player is on {KEYS_MAX} devices already: revoke one on the player's page first")
    return add_key(conn, player_id, device)


def forget_player(conn: Connection, player_id: str) -> None:
    """Delete the player and every row of the place about them: keys, carry codes, blocks by and of them,
    their matches' summaries, their tournament seats (ratings and the lobby's abandons go with the player's
    row: their foreign keys cascade). The games themselves keep only the names their seats showed."""
    forget_links(conn, player_id)
    forget_matches(conn, player_id)
    forget_tournament_seats(conn, player_id)
    delete_player(conn, player_id)


def record_match(conn: Connection, game_id: str, game: Game, settings: Mapping[str, Any],
                 reviews: Mapping[int, dict[str, Any]] | None = None) -> int:
    """Count a finished match of a table for each remembered player who held a seat of it (the settings'
    ``players``; the first seat of a player who held two); returns how many rows were added (none when it
    was counted already, as a second worker seeing the same end finds)."""
    added = 0
    now = time.time()
    counted: set[str] = set()
    for seat, player_id in sorted(seat_players(dict(settings)).items()):
        if player_id in counted or get_player(conn, player_id) is None:  # deleted meanwhile: nobody to count
            continue
        counted.add(player_id)
        added += add_match(conn, player_id, game_id, SERVER_SOURCE, now, summarize(game, seat, reviews))
    return added


def replay_device_match(record: Any) -> tuple[str, Game]:
    """The id and replayed match of a record a device sends: ``Refused`` for a record too long, one that does
    not replay (``Game.from_record``: every deal, action and written round checked), or a match not over. The
    id is the hash of the record, so one match counts once however often it is sent."""
    try:
        text = json.dumps(record, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):
        raise Refused("the record is not JSON") from None
    if len(text) > RECORD_CHARS:
        raise Refused(f"the record is longer than {RECORD_CHARS} characters")
    try:
        game = Game.from_record(record)
    except (ValueError, KeyError, TypeError) as e:
        raise Refused(f"the record does not replay: {e}") from None
    if not game.is_over:
        raise Refused("the match is not over: only finished matches count")
    return "device-" + hashlib.sha256(text.encode()).hexdigest()[:32], game


def record_device_match(conn: Connection, player_id: str, game_id: str, game: Game, seat: int) -> MatchSummary | None:
    """Count a device's replayed match (``replay_device_match``) for the player at ``seat``; None when it was
    counted already."""
    summary = summarize(game, seat)
    return summary if add_match(conn, player_id, game_id, DEVICE_SOURCE, time.time(), summary) else None


__all__ = ["DEVICE_SOURCE", "RECORD_CHARS", "SERVER_SOURCE", "Refused", "carry_in", "forget_player", "record_device_match",
           "record_match", "replay_device_match"]
