"""The live table's refusals: its own exceptions, which the routes turn into HTTP answers (404, 409, 503)
and MCP into tool errors; nothing here knows HTTP."""

from __future__ import annotations


class NotFound(Exception):
    """No game with this id."""


class Conflict(Exception):
    """A well-formed request that the game's state refuses now (the reason is the message)."""


class Stale(Conflict):
    """An action sent for a state the game has left: the client saw fewer (or more) actions than the game
    has accepted (SECURITY.md "Stale actions": a late double-click must not play in the next trick)."""


class Busy(Exception):
    """The server holds as many live games as it may and none can leave memory now (the message says so)."""


__all__ = ["Busy", "Conflict", "NotFound", "Stale"]
