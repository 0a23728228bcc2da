"""The routes of the public lobby and of spectators (docs/lobby.md), over ``puur.server.live.lobby``.

- ``GET /api/v1/lobby``: the public tables with a free seat (``full=true``: every public table), filtered by
  language and speed; ``WS /api/v1/lobby/live``: the same, live (the whole lobby, then one message per
  change, coalesced).
- ``POST /api/v1/lobby/play`` (a player key): "Play now"; ``POST /api/v1/lobby/tables/{id}/sit``: a seat at
  this table.
- ``POST /api/v1/games/{id}/public`` (the host): open the waiting table to the public, or close it;
  ``POST /api/v1/games/{id}/spectators`` (the host): open or close it to spectators;
  ``POST /api/v1/games/{id}/seats/{n}/remove`` (the host, before the start): remove the person seated there.
- ``GET /api/v1/games/{id}/watch`` and ``WS /api/v1/games/{id}/watch/live``: what a spectator sees.
- The lobby's page, ``GET /lobby``, is ``puur.server.http.lobby_page``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from types import SimpleNamespace
from typing import Annotated, Any, Literal, cast

from fastapi import APIRouter, HTTPException, Path, Query, Request, Response, WebSocket
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection

from puur.server.http.app_state import opened_once
from puur.server.http.game_models import Error, SchieberGame, SpectatorView
from puur.server.http.games import BEHIND, TOO_MANY_GAMES, Hub, Token, game_or_404, get_hub, seat_or_403
from puur.server.http.identity import CurrentPlayer, MaybePlayer, Place, get_place, required_player
from puur.server.http.sockets import close as _close
from puur.server.http.sockets import pump
from puur.server.http.tables_api import host_change, host_route
from puur.server.live import SPECTATOR, Busy, Conflict, GameHub, LiveGame, NotFound, Subscriber
from puur.server.live.lobby import CLOSED, FeedClient, Lobby, play_now_settings
from puur.server.store.lobby import LOBBY_CHANNEL, open_listings
from puur.server.store.postgres import PgStore
from puur.table.public import LANGS, SPEED_PACE, SPEEDS, public_of, spectators_open

router = APIRouter(prefix="/api/v1", tags=["lobby"])

Lang = Literal["de", "fr", "en"]
Speed = Literal["relaxed", "normal", "fast"]


def get_lobby(app: Any) -> Lobby:
    """The app's lobby (one per worker), made on first use; on PostgreSQL it listens to ``LOBBY_CHANNEL``."""

    def make() -> Lobby:
        at = cast(HTTPConnection, SimpleNamespace(app=app))  # what get_hub and get_place read of a request
        hub = get_hub(at)
        lobby = Lobby(hub, get_place(at))
        if isinstance(hub.store, PgStore):
            hub.store.listen_to({LOBBY_CHANNEL: lobby.heard}, lobby.reconnected)
        return lobby

    return opened_once(app.state, "lobby", make)


def follow_lobby(app: Any, live: LiveGame) -> None:
    """A hub watcher (``create_app``): after a request that may have changed a game, a public table's listing
    follows it (its match over: off the lobby, its abandons noted)."""
    if public_of(live.settings) is not None:
        get_lobby(app).followed(live)


# ----- models -----
class PlayBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    lang: Lang | None = Field(None, description="only tables in this language (a new table's language; "
                              "default en)")
    speed: Speed | None = Field(None, description="only tables of this speed (a new table's speed; default normal)")


class PublicBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    open: bool = Field(..., description="true: list the table in the lobby; false: take it off")
    lang: Lang = "en"
    speed: Speed = "normal"
    spectators: bool = Field(True, description="may the table be watched")


class SpectatorsBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    open: bool = Field(..., description="true: spectators may watch; false: the watching ones are sent away")


class LobbySeat(BaseModel):
    kind: Literal["open", "computer", "person"]
    name: str | None = None
    tag: str | None = Field(None, description="a remembered player's tag (Ueli#0412)")
    strength: str | None = Field(None, description="a computer's player (its strength)")
    free: bool | None = Field(None, description="a computer that holds the seat until a person comes")


class LobbyTable(BaseModel):
    game_id: str
    form: str
    profile: str
    target: int
    lang: str
    speed: str
    spectators: bool
    status: Literal["waiting", "playing"]
    people: int
    free: int
    seats: list[LobbySeat]
    watchers: int
    opened: float
    updated: float


class LobbyList(BaseModel):
    tables: list[LobbyTable]


class Seated(BaseModel):
    game_id: str
    seat: int
    token: str = Field(..., description="the seat's secret token (Authorization: Bearer TOKEN)")
    tokens: dict[str, str] = Field(..., description="the token by seat, as POST /games answers (the table page)")
    new_table: bool = Field(..., description="true when no table fitted and this one was opened")
    arriving: bool = Field(..., description="true when a computer finishes the round being played: the person "
                           "plays from the next round, and watches until then")
    pace: int = Field(..., description="the table's speed as the pace (ms) at which its screens show a computer's "
                      "card (the live connection's pace)")


# ----- routes -----
SeatNumber = Annotated[int, Path(ge=0, le=3, description="the seat, 0..3")]


@router.get("/lobby", response_model=LobbyList, summary="The public tables with a free seat (or all: full=true)")
def get_lobby_tables(place: Place, lang: Lang | None = None, speed: Speed | None = None,
                     full: Annotated[bool, Query(description="also the tables with no free seat (to watch)")] = False,
                     ) -> dict[str, Any]:
    with place.read() as conn:
        return {"tables": open_listings(conn, lang=lang, speed=speed, full=full)}


def _seated(live: LiveGame, seat: int, token: str, new: bool) -> dict[str, Any]:
    pub = public_of(live.settings) or {}
    return {"game_id": live.id, "seat": seat, "token": token, "tokens": {str(seat): token}, "new_table": new,
            "arriving": bool(live.view(seat).get("arriving")), "pace": SPEED_PACE.get(pub.get("speed", ""), 500)}


@router.post("/lobby/play", response_model=Seated, status_code=201,
             responses={401: {"model": Error, "description": "no player key, or an unknown one"}, **TOO_MANY_GAMES},
             summary="Play now: a seat at the public table that starts soonest, or a new one where computers hold "
             "the other seats until people come")
def post_play(body: PlayBody, maybe: MaybePlayer, hub: Hub, request: Request) -> dict[str, Any]:
    player = required_player(maybe)  # after the body is read: a body that does not parse is a 422 first
    lobby = get_lobby(request.app)
    lang, speed = body.lang or "en", body.speed or "normal"

    def new_table() -> tuple[LiveGame, int, str]:
        base = SchieberGame.model_validate({"seats": ["human", *["heuristic"] * 3], "lang": lang}).settings()
        try:
            live, tokens = hub.create(play_now_settings(base, player, lang, speed))
        except Busy as e:
            raise HTTPException(503, str(e), headers={"Retry-After": "60"}) from None
        return live, 0, tokens[0]

    live, seat, token, new = lobby.play_now(player, body.lang, body.speed, new_table)
    return _seated(live, seat, token, new)


@router.post("/lobby/tables/{game_id}/sit", response_model=Seated, status_code=201,
             responses={401: {"model": Error, "description": "no player key, or an unknown one"},
                        404: {"model": Error, "description": "no such game"},
                        409: {"model": Error, "description": "no seat for you there: none free (the last one taken "
                              "a moment ago), you sit there already, or a block"},
                        429: TOO_MANY_GAMES[429]},
             summary="Sit down at this public table (an open seat, or one a computer holds: from the next round)")
def post_sit(game_id: str, player: CurrentPlayer, hub: Hub, request: Request) -> dict[str, Any]:
    lobby = get_lobby(request.app)
    try:
        seat, token = lobby.sit_at(game_id, player)
    except NotFound:
        raise HTTPException(404, f"no game {game_id!r}") from None
    except Conflict as e:
        raise HTTPException(409, str(e)) from None
    return _seated(hub.get(game_id), seat, token, False)


@host_route(router, "/games/{game_id}/public", "not an online table, not waiting, or not public (closing)",
            "Host: open the waiting table to the public (listed in the lobby) or close it")
def post_public(game_id: str, body: PublicBody, token: Token, hub: Hub, request: Request) -> Response:
    live = game_or_404(hub, game_id)
    asker = seat_or_403(live, token)
    lobby = get_lobby(request.app)
    if body.open:
        return host_change(lobby.open_table, live, asker, body.lang, body.speed, body.spectators)
    return host_change(lobby.close_table, live, asker)


@host_route(router, "/games/{game_id}/spectators", "not a public table",
            "Host: open the public table to spectators, or close it (the watching ones are sent away)")
def post_spectators(game_id: str, body: SpectatorsBody, token: Token, hub: Hub, request: Request) -> Response:
    live = game_or_404(hub, game_id)
    return host_change(get_lobby(request.app).set_spectators, live, seat_or_403(live, token), body.open)


@host_route(router, "/games/{game_id}/seats/{seat}/remove", "the table has started, or nobody sat down in this seat",
            "Host: remove the person who sat down in this seat, before the table starts")
def post_remove(game_id: str, seat: SeatNumber, token: Token, hub: Hub, request: Request) -> Response:
    live = game_or_404(hub, game_id)
    return host_change(get_lobby(request.app).remove_person, live, seat_or_403(live, token), seat)


@router.get("/games/{game_id}/watch", response_model=SpectatorView, responses={403: {"model": Error, "description": "not open to spectators"},
                                                 404: {"model": Error, "description": "no such game"}},
            summary="What a spectator sees: names, score, contract, the cards played one trick behind; no hand")
def get_watch(game_id: str, hub: Hub) -> dict[str, Any]:
    live = game_or_404(hub, game_id)
    if not spectators_open(live.settings):
        raise HTTPException(403, "this table is not open to spectators")
    with live.lock:
        return live.view(SPECTATOR)


# ----- live connections -----
@router.websocket("/games/{game_id}/watch/live")
async def watch_socket(websocket: WebSocket, game_id: str) -> None:
    """A spectator's live view: ``hello`` with the view, then a ``watch`` message whenever something a
    spectator may see changed (a trick shown one trick behind, a round written, the seating, the count of
    watchers) and ``table`` messages. Closed 4403 when the table is not (or no longer) open to spectators,
    4404 for no such game, 4429 past the connections allowed (per address, per game)."""
    await _counted(websocket, lambda: _watch_session(websocket, game_id, get_hub(websocket)))


async def _watch_session(websocket: WebSocket, game_id: str, hub: GameHub) -> None:
    try:
        live = await asyncio.to_thread(hub.get, game_id)
    except NotFound:
        await _close(websocket, 4404, "no such game")
        return
    lobby = get_lobby(websocket.app)
    sub = Subscriber(SPECTATOR, asyncio.get_running_loop(), asyncio.Queue())
    first = await asyncio.to_thread(lobby.arrive, live, sub)
    if isinstance(first, str):
        await _close(websocket, 4403 if "spectators" in first else 4429, first)
        return

    async def next_message() -> dict[str, Any] | None:
        msg = await sub.queue.get()
        if msg is CLOSED or not spectators_open(live.settings):
            await _close(websocket, 4403, "the host closed the table to spectators")
            return None
        if msg.get("type") in ("overflow", "replaced"):
            await _close(websocket, 4008, BEHIND)
            return None
        return msg

    try:
        await pump(websocket, first, next_message)
    finally:
        await asyncio.shield(asyncio.to_thread(lobby.leave, live, sub))


@router.websocket("/lobby/live")
async def lobby_socket(websocket: WebSocket, lang: str | None = None, speed: str | None = None) -> None:
    """The lobby, live: ``{"type": "lobby", "tables": [...]}`` (as ``GET /lobby``), then for every change
    ``{"type": "changes", "tables": [changed tables still listed], "gone": [ids no longer listed]}`` — one
    message per change, coalesced (a table changed twice before the message went out is in it once); a
    connection far behind is sent the whole lobby again. Closed 4422 for a language or speed that is none,
    4429 past the connections allowed from one address."""

    async def session() -> None:
        if (lang is not None and lang not in LANGS) or (speed is not None and speed not in SPEEDS):
            await _close(websocket, 4422, f"lang is one of {', '.join(LANGS)}; speed one of {', '.join(SPEEDS)}")
            return
        await _feed_session(websocket, get_lobby(websocket.app), FeedClient(asyncio.get_running_loop(), lang, speed))

    await _counted(websocket, session)


async def _feed_session(websocket: WebSocket, lobby: Lobby, feed: FeedClient) -> None:
    lobby.join_feed(feed)

    async def next_message() -> dict[str, Any] | str:
        await feed.wake.wait()
        feed.wake.clear()
        await lobby.refresh(feed)  # the listings read once for every connection the change woke
        cached = lobby.cached_changes(feed)
        return cached if cached is not None else await run_in_threadpool(lobby.changes_for, feed)

    try:
        await pump(websocket, await run_in_threadpool(lobby.snapshot, feed), next_message)
    finally:
        lobby.leave_feed(feed)


async def _counted(websocket: WebSocket, session: Callable[[], Awaitable[None]]) -> None:
    """Accept the connection and run ``session``, counted against the address's live connections
    (``GameHub.connect``: closed 4429 past them)."""
    hub = get_hub(websocket)
    client = websocket.client.host if websocket.client else "unknown"
    refused = hub.connect(client)
    await websocket.accept()
    if refused is not None:
        await _close(websocket, 4429, refused)
        return
    try:
        await session()
    finally:
        hub.disconnect(client)


__all__ = ["follow_lobby", "get_lobby", "router"]
