"""The rematch (``POST /games/{id}/rematch``; docs/api-online-tables.md "Rematch", SECURITY.md "Rematch tokens").

"Nomou?" is asked when a match is finished, so only a finished match has a rematch. There is one rematch per
game (``rematch_id``): the first person of the match to ask creates it, each other one joins it, every one
with their own token (``rematch_token``: the same game and the same token however often they ask, on any
worker). At an online table every person of the last match keeps their seat: the rematch waits for them
(``puur.table.seats``: ``reserved``) until they ask or the host removes them from the waiting in the
open (``puur.server.live.tables.set_seat``: a computer then plays for them, and gives the seat back when they
ask). Everything refused here is a ``Conflict`` with its reason (the route's 409).
"""

from __future__ import annotations

import threading

from puur.match.duplicate import PLAN_KEY
from puur.server.live.errors import Conflict, NotFound
from puur.server.live.game import LiveGame, rematch_id, rematch_token
from puur.server.live.hub import GameHub
from puur.server.live.tables import send, table_messages, take_back_on_rematch
from puur.server.policy import PlayerRefused
from puur.table.seats import plan_of, rematch_settings

_creating = threading.Lock()
"""One rematch created per game on this worker: the first request creates it, the others find it (another
worker's creation is met by the store's ``GameExists``: ``GameHub.create`` joins it)."""


def why_no_rematch(live: LiveGame) -> str | None:
    """The reason ``live`` has no rematch (yet), or None once the match is finished."""
    if PLAN_KEY in live.settings:
        return "a duplicate tournament's table has no rematch: its deals are the tournament's (docs/tournaments.md)"
    if live.status == "waiting":
        return "the table is still waiting for its players: a rematch follows a finished match"
    if live.status != "over":
        return "the match is still being played: a rematch follows a finished match"
    return None


def rematch(hub: GameHub, live: LiveGame, seat: int, token: str) -> tuple[LiveGame, str]:
    """The rematch of ``live`` with ``seat`` (asking with its ``token``) in it, and the seat's new token. The
    other screens of the old table hear that this seat is in (each person joins with their own token);
    the rematch's screens see the seat taken. ``Conflict`` when the match is not finished, or when the seat is
    no longer a person's (a rematch stored while a removal still gave the seat to a computer for good)."""
    reason = why_no_rematch(live)
    if reason is not None:
        raise Conflict(reason)
    new_id = rematch_id(live.id)
    new_token = rematch_token(token, new_id)
    with _creating:
        try:
            new = hub.get(new_id)
        except NotFound:
            try:
                new, _ = hub.create(rematch_settings(live.settings), new_id, {seat: new_token})
            except PlayerRefused as e:  # a computer of the last match this server no longer offers
                raise Conflict(f"the rematch cannot be set up as the match was: {e}") from None
    _take_seat(hub, new, seat, new_token)
    send([(sub, {"type": "rematch", "seat": seat}) for sub in list(live.subscribers) if sub.seat != seat])
    if hub.shared is not None:  # and the screens connected to other workers (a shared store)
        hub.shared.relay(live, seat, "rematch")
    return new, new_token


def _take_seat(hub: GameHub, new: LiveGame, seat: int, token: str) -> None:
    """``seat`` of the rematch is held with ``token`` (nothing new when it was already): the rematch's
    screens see it taken, and the computers move if the last seat kept for a person was just taken. A
    computer that played the seat for its person (the host removed them from the waiting) gives it back."""
    if hub.claim(new, seat, token) and plan_of(new.settings) is not None:
        with new.lock:
            messages = table_messages(new)
        send(messages)
    take_back_on_rematch(hub, new, seat)
    hub.advance(new)  # the row locked before the game, as every action (a shared store); nothing while waiting


__all__ = ["rematch", "why_no_rematch"]
