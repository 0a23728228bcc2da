"""The game API (INTERFACES.md §4) under ``/api/v1/games``, and the page's live connection.

Status codes: 401 no token, 403 a token that is not a seat of this game, 404 unknown game, 422 a body or
action that does not parse (FastAPI's detail names the field), 409 a well-formed action that is not legal
now or not this seat's turn (the rule, from the engine). A refused request leaves the game unchanged.

Every reply carries only the asking seat's view (``Game.observation``) and the public score sheet.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Callable
from functools import partial
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Body, Depends, Header, HTTPException, Query, Request, Response, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection
from starlette.websockets import WebSocketDisconnect

from puur.core.cards import Card
from puur.schema_types import CardCode
from puur.server.http.app_state import opened_once
from puur.server.http.game_models import (
    ActionBody,
    Error,
    GameCreate,
    GameCreated,
    GameList,
    GameSummary,
    GameView,
    LookupBody,
    RulesBody,
    SpectatorView,
    TableOptions,
    TableRules,
    Why,
)
from puur.server.http.identity import MaybePlayer
from puur.server.http.sockets import close as _close
from puur.server.http.sockets import pump
from puur.server.live import (
    HUMAN,
    OVERFLOW,
    REPLACED,
    Busy,
    Conflict,
    GameHub,
    LiveGame,
    NotFound,
    Subscriber,
    default_names,
)
from puur.server.live.rematch import rematch as rematch_of
from puur.server.live.shared import open_hub
from puur.server.live.tables import arrive, disconnected, invites_of, seat_the_creator, watch
from puur.server.policy import Limited, PlayerRefused, seat_rate_of, settings_of
from puur.server.store import open_store
from puur.table.options import rules_tables, table_options
from puur.table.play import why_answer
from puur.table.seats import INVITE, new_plan

router = APIRouter(prefix="/api/v1", tags=["games"])

ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"model": Error, "description": "no token"},
    403: {"model": Error, "description": "the token is not a seat of this game"},
    404: {"model": Error, "description": "no such game"},
}
TOKEN_WAIT = 10.0
"""Seconds a new live connection has to send its token."""
BEHIND = "too far behind the game: connect again"
"""Why a live connection is closed (4008) that fell ``MAX_QUEUED`` messages behind or took none for
``SEND_TIMEOUT`` seconds."""
T = TypeVar("T")


async def hub_dependency(request: Request) -> GameHub:
    """``get_hub`` as an async dependency: no trip through the thread pool."""
    return get_hub(request)


def get_hub(request: HTTPConnection) -> GameHub:
    """The games of the request's app (``hub_of``)."""
    return hub_of(request.app)


def hub_of(app: Any) -> GameHub:
    """The app's games (one store per app, opened on first use on ``app.state.db_path``): the HTTP API's and
    the MCP game tools' (``puur.server.mcp_server``) alike."""

    def make() -> GameHub:
        hub = open_hub(open_store(getattr(app.state, "db_path", None)), settings_of(app))
        for watcher in getattr(app.state, "hub_watchers", ()):  # the round reviews (create_app names them)
            hub.watchers.append(partial(watcher, app))
        for opened in getattr(app.state, "hub_opened", ()):  # the place's ratings (create_app names them)
            opened(app, hub)
        return hub

    return opened_once(app.state, "game_hub", make)


Hub = Annotated[GameHub, Depends(hub_dependency)]


async def bearer(authorization: Annotated[str | None, Header()] = None) -> str:
    if not authorization or not authorization.lower().startswith("bearer ") or not authorization[7:].strip():
        raise HTTPException(401, "no token: send the header 'Authorization: Bearer TOKEN'")
    return authorization[7:].strip()


Token = Annotated[str, Depends(bearer)]


def game_or_404(hub: GameHub, game_id: str) -> LiveGame:
    """The game, or 404."""
    try:
        return hub.get(game_id)
    except NotFound:
        raise HTTPException(404, f"no game {game_id!r}") from None


def seat_or_403(live: LiveGame, token: str) -> int:
    """The seat the token holds in the game, or 403."""
    seat = live.seat_of(token)
    if seat is None:
        raise HTTPException(403, "this token is not a seat of this game")
    return seat


def check_players(hub: GameHub, seats: list[str]) -> None:
    """Each computer seat is a player the server offers: one it does not is a 422 naming the seat and the
    allowed players (nothing the request names is imported or built)."""
    for seat, spec in enumerate(seats):
        if spec == HUMAN:
            continue
        try:
            hub.players.check(spec)
        except PlayerRefused as e:
            raise RequestValidationError(
                [{"type": "value_error", "loc": ("body", "seats", seat), "msg": f"seat {seat}: {e}", "input": spec}]
            ) from None


def _create(hub: GameHub, settings: dict[str, Any], game_id: str | None = None,
            tokens: dict[int, str] | None = None) -> tuple[LiveGame, dict[int, str]]:
    """``hub.create``, after each computer seat is checked against the server's players (``check_players``).
    A server full of games in play answers 503 with Retry-After."""
    check_players(hub, settings["seats"])
    try:
        return hub.create(settings, game_id, tokens)
    except Busy as e:
        raise HTTPException(503, str(e), headers={"Retry-After": "60"}) from None


TOO_MANY_GAMES: dict[int | str, dict[str, Any]] = {
    429: {"model": Error, "description": "too many games created from this address (the server's rate, "
          "`puur serve --rate-games`): Retry-After"},
    503: {"model": Error, "description": "the server holds as many games as it may: Retry-After"},
}


@router.post(
    "/games", response_model=GameCreated, status_code=201, summary="Start a match",
    description="One body per game form (`form`: schieber when left out, coiffeur, differenzler), each with its own "
    "settings. 422 names the field; beyond what the schema states, a body is refused (422) for two names alike "
    "but for case (`name_taken`).",
    responses={**TOO_MANY_GAMES, 422: {"description": "a body that does not parse (the field and why), or two seats "
                                       "named alike but for case (type `name_taken`)"},
               401: {"model": Error, "description": "a player key that is not (or no longer) a player's"}},
)
def create_game(body: Annotated[GameCreate, Body()], hub: Hub, request: Request, player: MaybePlayer) -> dict[str, Any]:
    """An ``invite`` seat makes an online table (``puur.table.seats``): the reply names each invited seat's
    link; the game waits (phase ``waiting``) until every invited seat is taken or filled. With a player key
    (``Authorization: Player KEY`` or ``X-Puur-Player``) the creator's seat is taken as that remembered
    player (``seat_the_creator``)."""
    settings = body.settings()
    if INVITE not in settings["seats"]:
        settings["names"] = body.names_by_seat(settings["seats"])
        if player is not None:
            settings = seat_the_creator(settings, player.id, player.name, body.names)
        live, tokens = _create(hub, settings)
        return {"game_id": live.id, "tokens": {str(s): t for s, t in tokens.items()}, "seats": live.seats}
    game_id = secrets.token_hex(8)
    tokens = {s: secrets.token_urlsafe(32) for s, kind in enumerate(settings["seats"]) if kind == HUMAN}
    settings["seats"], settings["online"], _ = new_plan(settings["seats"], game_id, tokens)
    settings["names"] = body.names_by_seat(settings["seats"])
    if player is not None:
        settings = seat_the_creator(settings, player.id, player.name, body.names)
    live, tokens = _create(hub, settings, game_id, tokens)
    host = tokens[settings["online"]["host"]]
    return {"game_id": live.id, "tokens": {str(s): t for s, t in tokens.items()}, "seats": live.seats,
            "invites": invites_of(live, host, str(request.base_url))}


@router.post("/games/lookup", response_model=GameList, summary="The games these tokens hold seats in (no cards)")
def lookup(body: LookupBody, hub: Hub) -> dict[str, Any]:
    found = hub.store.lookup(body.tokens)
    meta = hub.store.games_meta(sorted({g for g, _ in found}))
    out = []
    for game_id, seat in found:
        try:
            live = hub.get(game_id)
        except (NotFound, RuntimeError):
            continue
        g = live.game
        created = meta[game_id][1] if game_id in meta else live.created
        out.append(
            GameSummary(
                game_id=game_id, seat=seat, status=live.status, seats=live.seats,
                names=list(live.settings.get("names") or default_names(live.seats)), scores=list(g.scores),
                target=g.target, profile=g.profile.name, round_number=g.round_number,
                to_act=None if live.status == "waiting" else g.current_seat,  # the first forehand: not before the start
                created=created, updated=live.updated,
            )
        )
    out.sort(key=lambda s: -s.updated)
    return {"games": out}


async def _live_game(hub: GameHub, game_id: str) -> LiveGame:
    """The game from memory, or (in the thread pool) from the store, replayed."""
    live = hub.cached(game_id)
    if live is None:
        live = await run_in_threadpool(game_or_404, hub, game_id)
    return live


async def _run(live: LiveGame, fn: Callable[[], T]) -> T:
    """Run ``fn`` (which may let computers move) on the event loop when the game's computers are quick
    (``LiveGame.quick``: a fraction of a millisecond each, less than a thread pool trip costs), else in the
    thread pool so a slow player (MCTS, a remote one) blocks no other request."""
    if live.quick:
        return fn()
    return await run_in_threadpool(fn)


@router.get("/games/{game_id}", response_model=GameView | SpectatorView, responses=ERRORS,
            summary="This seat's view; a person who sat down during a round (the lobby) sees the spectator's view "
            "(arriving: true) until the next round, when the seat is theirs")
async def get_game(game_id: str, token: Token, hub: Hub) -> Response:
    live = await _live_game(hub, game_id)
    seat = seat_or_403(live, token)

    def view() -> dict[str, Any]:
        hub.resume_computers(live)
        return live.view(seat)

    return JSONResponse(await _run(live, view))


@router.post(
    "/games/{game_id}/actions",
    response_model=GameView,
    responses={
        **ERRORS,
        409: {"model": Error, "description": "not legal now, not this seat's turn, or stale (seq is not the game's)"},
        429: {"model": Error, "description": "too many actions from this seat (puur serve): Retry-After"},
    },
    summary="Act for this seat; the computers then move until a human seat is to act. With seq (the view's): "
    "409 stale if the game has moved on since",
)
async def post_action(game_id: str, body: ActionBody, token: Token, hub: Hub, request: Request) -> Response:
    live = await _live_game(hub, game_id)
    seat = seat_or_403(live, token)
    rate = seat_rate_of(request.app)
    if rate is not None:  # puur serve: actions per seat (ServerSettings.rate_actions)
        try:
            rate.hit(game_id, seat)
        except Limited as e:
            raise HTTPException(429, str(e), headers={"Retry-After": str(e.retry_after)}) from None

    def act() -> tuple[float, dict[str, Any]]:
        try:
            bots = hub.act(live, seat, body.action, tuple(body.declare), body.seq)
        except Conflict as e:
            raise HTTPException(409, str(e)) from None
        return bots, live.view(seat)

    bots, view = await _run(live, act)
    # the view is built by the engine's to_dict: sent as it is (the model above documents it)
    return JSONResponse(view, headers={"Server-Timing": f"bots;dur={bots * 1000:.2f}"})


@router.get("/games/{game_id}/why", response_model=Why, responses=ERRORS, summary="Why a card may not be played")
def why(game_id: str, token: Token, hub: Hub, card: Annotated[CardCode, Query(examples=["H7"])]) -> dict[str, Any]:
    live = game_or_404(hub, game_id)
    seat = seat_or_403(live, token)
    try:
        c = Card.parse(card)
    except ValueError as e:
        raise HTTPException(422, f"card: {e}") from None
    with live.lock:
        return why_answer(live.game, live.status, seat, c)


@router.get(
    "/games/{game_id}/record",
    responses={**ERRORS, 409: {"model": Error, "description": "the match is not over"}},
    summary="The whole record (every deal and action), once the match is over",
)
def record(game_id: str, token: Token, hub: Hub) -> dict[str, Any]:
    live = game_or_404(hub, game_id)
    seat_or_403(live, token)
    if not live.game.is_over:
        raise HTTPException(409, "the record is available once the match is over")
    # the hints and undos asked for (puur.server.http.assist), per seat
    return {**live.game.record(), "assist": live.settings.get("assist") or {"hints": [0] * 4, "undos": [0] * 4}}


@router.post(
    "/games/{game_id}/rematch", response_model=GameCreated, status_code=201,
    responses={**ERRORS, **TOO_MANY_GAMES,
               409: {"model": Error, "description": "no rematch: the match is not finished (still played, or the "
                     "table still waits for its players), or the host gave this seat of the rematch to a computer"}},
    summary="After a finished match, a new one with the same settings and a new seed. Each person of the match "
    "asks with their own token and gets the same new game and their own new token only (the same one each "
    "time); the first to ask creates it. At an online table each person's seat waits for them",
)
def rematch(game_id: str, token: Token, hub: Hub) -> dict[str, Any]:
    """One rematch per game (``puur.server.live.rematch``); the asking seat's new token is derived from its old
    one, so no seat receives another's token: a shared device asks once per seat it holds."""
    live = game_or_404(hub, game_id)
    seat = seat_or_403(live, token)
    try:
        new, new_token = rematch_of(hub, live, seat, token)
    except Conflict as e:
        raise HTTPException(409, str(e)) from None
    except Busy as e:
        raise HTTPException(503, str(e), headers={"Retry-After": "60"}) from None
    return {"game_id": new.id, "tokens": {str(seat): new_token}, "seats": new.seats}


# ----- what the page offers and draws -----
@router.get("/table/options", response_model=TableOptions, summary="Presets, multiplier tables and players")
def options(request: Request) -> dict[str, Any]:
    return table_options(settings_of(request.app).players.names())  # only the players a request may name


@router.post("/table/rules", response_model=TableRules, summary="Orders, values and factors of a profile")
def table_rules(body: RulesBody) -> dict[str, Any]:
    """Each contract's strength order (strongest first) and card points, from the rules tables."""
    return rules_tables(body.profile)


# ----- live connection -----
@router.websocket("/games/{game_id}/live")
async def live_socket(websocket: WebSocket, game_id: str, pace: int = 400) -> None:
    """Send ``{"token": TOKEN}`` first; then a ``hello`` with the seat's view, then one ``event`` per
    accepted action with the view after it. Computer actions are sent ``pace`` ms apart (0..3000); a person's
    action and a change of the table (``table``) go out at once (``_paced``).
    Connections are bounded per client address (counted from the first byte, token or not) and per game:
    past either the connection is closed with code 4429 and the reason (``GameHub.connect``, ``listen``).
    A seat holds at most ``listeners_per_seat``: a newer one closes the seat's oldest with 4409. A token
    missing, unknown or not of this game closes it with 4401, 4403, 4404; one that reads no message for
    ``SEND_TIMEOUT`` seconds, or falls ``MAX_QUEUED`` behind, with 4008."""
    hub = get_hub(websocket)
    client = websocket.client.host if websocket.client else "unknown"
    refused = hub.connect(client)
    if refused is not None:
        await websocket.accept()
        await _close(websocket, 4429, refused)
        return
    try:
        await _live_session(websocket, game_id, pace, hub)
    finally:
        hub.disconnect(client)


async def _live_session(websocket: WebSocket, game_id: str, pace: int, hub: GameHub) -> None:
    """One live connection, from its token to its end (``live_socket``)."""
    await websocket.accept()
    token = await _token(websocket)
    if token is None:
        await _close(websocket, 4401, "no token: send {\"token\": TOKEN} first")
        return
    try:
        live = await asyncio.to_thread(hub.get, game_id)
    except NotFound:
        await _close(websocket, 4404, "no such game")
        return
    seat = live.seat_of(token)
    if seat is None:
        await _close(websocket, 4403, "not a seat of this game")
        return
    sub = Subscriber(seat, asyncio.get_running_loop(), asyncio.Queue())

    def hello() -> dict[str, Any]:
        return {"type": "hello", "seq": live.seq, "view": live.view(seat)}

    try:  # the others see the seat connected; a person coming back takes their seat back (puur.server.live.tables)
        first = await asyncio.to_thread(arrive, hub, live, sub, hello)
    except NotFound:
        await _close(websocket, 4404, "no such game")
        return
    if isinstance(first, str):
        hub.unlisten(live, sub)
        await _close(websocket, 4429, first)
        return
    watch(hub, live)  # an online table's watchdog: a person absent at their turn (puur.server.live.tables)
    pace_s = max(0, min(pace, 3000)) / 1000

    async def next_message() -> dict[str, Any] | None:
        msg = await sub.queue.get()
        if msg is OVERFLOW:
            await _close(websocket, 4008, BEHIND)
            return None
        if msg is REPLACED:
            await _close(websocket, 4409, "this seat opened a newer connection")
            return None
        if pace_s and _paced(live, msg):
            await asyncio.sleep(pace_s)
        return msg

    try:
        await pump(websocket, first, next_message, BEHIND)
    finally:
        hub.unlisten(live, sub)
        # shielded: a connection closed under cancellation (a test client, a server shutting down) still
        # tells the other seats who left; the thread runs to its end even when this await is cancelled
        await asyncio.shield(asyncio.to_thread(disconnected, live, seat))


def _paced(live: LiveGame, msg: dict[str, Any]) -> bool:
    """Whether ``msg`` waits the connection's pace before it goes out: a computer's move (a stand-in's
    included, read as the seats are now), so a person can follow the cards. Anything else goes out at once:
    a person's move, and a change of the table (someone joined, left, was stood in or is back; the start of
    a rematch), which every screen shows together."""
    return msg.get("type") == "event" and live.seats[msg["seat"]] != HUMAN


async def _token(websocket: WebSocket) -> str | None:
    """The token of the connection's first message (``{"token": ...}``, text, within ``TOKEN_WAIT`` seconds);
    None for anything else: silence, a closed connection, bytes, text that is not such JSON."""
    try:
        message = await asyncio.wait_for(websocket.receive(), timeout=TOKEN_WAIT)
    except (TimeoutError, WebSocketDisconnect, RuntimeError):
        return None
    text = message.get("text") if message["type"] == "websocket.receive" else None
    try:
        first = json.loads(text) if isinstance(text, str) else None
    except (ValueError, RecursionError):  # not JSON, or JSON nested past what json.loads reads
        return None
    token = first.get("token") if isinstance(first, dict) else None
    return token if isinstance(token, str) and token else None


__all__ = ["ERRORS", "Hub", "Token", "game_or_404", "get_hub", "hub_of", "router", "seat_or_403"]
