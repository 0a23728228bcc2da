"""A game played on a device without the server (the table in the page, offline: docs/offline-table.md) kept
on the server once the device is online again, at its person's asking: from then on it is one of the
server's games, listed, continued and reviewed online like any other.

The device sends the game's record (what ``puur verify`` checks) and its table (who sits where, the names,
deck and language). The server believes nothing of it that it cannot check: the record must hold
(``puur.match.verify``: its commitment, every deal what its seed deals, every action legal when it was
played, every written round and score what the rules give), its computers must be players this server
offers, and the game is then stored as settings and a log of actions, the form every stored game has, so
that it loads through the one replay of a stored game (``puur.table.play.replay``). A record that does not
hold stores nothing. The seat tokens are new, the server's own: the device's never leave it.
"""

from __future__ import annotations

import secrets
from typing import Any

from puur.match.game import RecordMismatch
from puur.match.verify import verify_record
from puur.server.live.game import HUMAN, LiveGame
from puur.server.live.hub import GameHub
from puur.table.play import kept_game
from puur.table.view import table_status


class NotKept(Exception):
    """A device's game the server does not take: why (a record that does not hold, a rule of new games)."""


def keep_device_game(hub: GameHub, record: dict[str, Any], table: dict[str, Any]) -> tuple[LiveGame, dict[int, str]]:
    """Store the device's game (``record``, ``table``: seats, deck, lang, names, assist) as a new game of the
    server; the game and a new token for each person seat. ``NotKept`` when the record does not hold or a
    chosen seed would be shared by several people (the rule of ``POST /games``); ``PlayerRefused`` for a
    computer this server does not offer. Nothing is stored unless all of it is."""
    try:
        verdict = verify_record(record)
    except (LookupError, ArithmeticError, RecursionError) as e:  # a record built to break the replay, not written by one
        raise NotKept(f"the record does not hold (format): {type(e).__name__}") from None
    if not verdict.ok:
        raise NotKept(f"the record does not hold ({verdict.reason}): {verdict.message}")
    try:
        game, settings, log = kept_game(record, table)
    except (RecordMismatch, ValueError, TypeError, KeyError) as e:  # verify_record said it holds: not expected
        raise NotKept(f"the record does not hold: {e}") from None
    people = settings["seats"].count(HUMAN)
    if settings["seed_source"] == "chosen" and people > 1:
        raise NotKept(f"a chosen seed is refused in a game with {people} human seats (whoever chose it would "
                      "know every hand)")
    for spec in settings["seats"]:
        if spec != HUMAN:
            hub.players.check(spec)
    game_id = secrets.token_hex(8)
    tokens = {s: secrets.token_urlsafe(32) for s, kind in enumerate(settings["seats"]) if kind == HUMAN}
    status = table_status(settings, game, set(tokens))
    hub.store.create_game(game_id, settings, tokens, status)
    if log:
        try:
            hub.store.append_actions(game_id, 0, log, status)
        except BaseException:
            hub.store.delete_games([game_id])
            raise
    return hub.get(game_id), tokens


__all__ = ["NotKept", "keep_device_game"]
