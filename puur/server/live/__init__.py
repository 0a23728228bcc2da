"""Live games in memory, written through to the store (DESIGN.md: the record is the only thing stored).

A ``LiveGame`` holds the engine's ``Game``, the seat plan and the hashes of the human seats' tokens. A
request's accepted actions (a human's action, then the computer seats' moves until a human seat is to act)
are committed to the store in one transaction, then pushed to the page's live connections action by action,
each with the view right after it. Nothing here knows a rule: legality, reasons and scores all come from
the engine.

The package: ``game`` (one live game, ``LiveGame``), ``hub`` (all of them, ``GameHub``), ``errors`` (the
refusals), and beside them the tables' invitations and seats (``tables``), the rematch, the lobby, the round
reviews, a device's game taken in (``kept``) and the games kept in step with a shared store (``shared``).
"""

from __future__ import annotations

from puur.server.live.errors import Busy, Conflict, NotFound, Stale
from puur.server.live.game import (
    HUMAN,
    OVERFLOW,
    REPLACED,
    SPECTATOR,
    LiveGame,
    MatchEnd,
    Subscriber,
    rematch_id,
    rematch_token,
)
from puur.server.live.hub import GameHub, SharedStore
from puur.table.play import player_seed, replay, stored_declarations
from puur.table.view import default_names

__all__ = ["HUMAN", "OVERFLOW", "REPLACED", "SPECTATOR", "Busy", "Conflict", "GameHub", "LiveGame", "MatchEnd", "NotFound", "SharedStore", "Stale", "Subscriber", "default_names", "player_seed", "replay", "rematch_id", "rematch_token", "stored_declarations"]
