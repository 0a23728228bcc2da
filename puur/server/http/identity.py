"""Who is asking: the place's database of the app and the player of a request's player key.

A player key travels as ``Authorization: Player KEY`` (a seat's token travels as ``Authorization: Bearer
TOKEN``; a request that needs both — joining a table as a remembered player — sends the key as
``X-Puur-Player: KEY``). An unknown or revoked key is a 401, never another player.
"""

from __future__ import annotations

import threading
from typing import Annotated, Any

from fastapi import Depends, Header, HTTPException, Request
from starlette.requests import HTTPConnection

from puur.server.store.place import PlaceDb, open_place
from puur.server.store.players import Player, player_of_key

_place_lock = threading.Lock()


def get_place(request: HTTPConnection) -> PlaceDb:
    """The app's place database (opened on first use on ``app.state.db_path``, the games' own database)."""
    return place_of(request.app)


def place_of(app: Any) -> PlaceDb:
    """``get_place`` for code that holds the app, not a request (a game hub's watcher)."""
    state = app.state
    place = getattr(state, "place", None)
    if place is None:
        with _place_lock:
            place = getattr(state, "place", None)
            if place is None:
                place = open_place(getattr(state, "db_path", None))
                state.place = place
    return place


async def place_dependency(request: Request) -> PlaceDb:
    return get_place(request)


Place = Annotated[PlaceDb, Depends(place_dependency)]


def key_of(authorization: str | None, x_puur_player: str | None) -> str | None:
    """The player key a request sends, or None: ``Authorization: Player KEY`` or ``X-Puur-Player: KEY``."""
    if authorization and authorization[:7].lower() == "player " and authorization[7:].strip():
        return authorization[7:].strip()
    if x_puur_player and x_puur_player.strip():
        return x_puur_player.strip()
    return None


def optional_player(place: Place, authorization: Annotated[str | None, Header()] = None,
                    x_puur_player: Annotated[str | None, Header()] = None) -> Player | None:
    """The request's player, None when it sends no key; 401 for a key that is not (or no longer) a player's."""
    key = key_of(authorization, x_puur_player)
    if key is None:
        return None
    with place.read() as conn:
        player = player_of_key(conn, key)
    if player is None:
        raise HTTPException(401, "unknown player key (revoked, or the player was deleted): make a new player")
    return player


def required_player(player: Annotated[Player | None, Depends(optional_player)]) -> Player:
    if player is None:
        raise HTTPException(401, "no player key: send the header 'Authorization: Player KEY'")
    return player


MaybePlayer = Annotated[Player | None, Depends(optional_player)]
CurrentPlayer = Annotated[Player, Depends(required_player)]

__all__ = ["CurrentPlayer", "MaybePlayer", "Place", "get_place", "key_of", "place_of"]
