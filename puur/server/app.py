"""The FastAPI application behind ``puur serve`` (INTERFACES.md §3, §4).

Small routers, one per face: each module below exposes ``router`` (an ``APIRouter``) and is included here.
Everything they compute comes from the rules core.
"""

from __future__ import annotations

import importlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.staticfiles import StaticFiles

from puur.schema_types import install_exact_openapi
from puur.server.http import body_errors
from puur.server.http.headers import SecurityHeadersMiddleware
from puur.server.policy import BodyLimit, RateLimit, SeatRate, ServerSettings, rate_rules, state_players

STATIC = Path(__file__).parent / "static"

# Routers by module, in the order they are mounted. A module in this list must exist. The game API comes
# first: a request walks the routes in this order, and the game API's requests are the frequent ones
# (no two routers share a path, so the order changes nothing else than the OpenAPI document's order).
ROUTERS: tuple[str, ...] = tuple(f"puur.server.http.{name}" for name in (
    "games", "device_games", "tables_api", "players", "player_stats", "player_page", "lobby", "lobby_page",
    "tournaments", "ratings", "assist", "reviews", "api_rules", "api_solver", "api_data", "llms", "tools_api",
    "tools_pages", "web",
    "api_docs"))


def create_app(db_path: str | None = None, settings: ServerSettings | None = None) -> FastAPI:
    """Build the app. ``db_path`` is the SQLite file for games (None: the user's data directory) or a
    ``postgresql://`` URL (a store several workers share: ``puur.server.store.postgres``);
    ``settings`` the players a request may name and what a request may cost (``puur.server.policy``; the
    default bounds everything but the rate per client, which ``puur serve`` turns on)."""
    settings = settings or ServerSettings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # The MCP endpoint's session manager needs a running task group (mcp SDK requirement).
        from puur.server.mcp_server import mcp_session

        async with mcp_session(app):
            yield
        reviews = getattr(app.state, "reviews", None)
        if reviews is not None:  # stop the round reviews still running (puur.server.live.reviews)
            reviews.close()
        hub = getattr(app.state, "game_hub", None)
        if hub is not None and hub.shared is not None:  # stop listening to a shared store
            hub.close()
        place = getattr(app.state, "place", None)
        if place is not None:  # the place's database (puur.server.http.identity)
            place.close()

    app = FastAPI(
        title="Puur",
        summary="Swiss Jass (Schieber): rules oracle, open data, games",
        version="0.1.0",
        openapi_url="/api/v1/openapi.json",
        docs_url=None,  # /api/v1/docs is puur.server.http.api_docs: Swagger UI from Puur's own files, no CDN
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.db_path = db_path
    app.state.settings = settings
    app.state.seat_rate = SeatRate(settings.rate_actions) if settings.rate_actions else None  # per seat
    from puur.server.http.lobby import follow_lobby
    from puur.server.http.player_stats import count_finished
    from puur.server.http.ratings import attach_ratings
    from puur.server.http.reviews import follow_rounds

    # told after each request that may change a game: rounds reviewed as played, a public table's lobby listing
    # follows its game, a match's end counted for its players
    app.state.hub_watchers = [follow_rounds, follow_lobby, count_finished]
    app.state.hub_opened = [attach_ratings]  # told once the games are opened: matches rated as they end
    for name in ROUTERS:
        module = importlib.import_module(name)
        app.include_router(module.router)
    from puur.server.mcp_server import mount_mcp

    mount_mcp(app, "/mcp")
    # integer bounds as integers, 2**63 - 1 exactly, each card list's "no card twice" (puur.schema_types);
    # the seats' patterns name this server's players (puur.server.policy)
    install_exact_openapi(app, state_players(settings.players))
    body_errors.install(app)  # a body that is not UTF-8: 422 like any body that does not parse
    # Before the routes: a request over its rate or its body size is refused before anything reads it
    # (the middleware added after these wrap them, so their answers carry CORS and the security headers).
    app.add_middleware(BodyLimit, limit=settings.body_limit)
    rules = rate_rules(settings)
    if rules:
        app.add_middleware(RateLimit, rules=rules)
    # Open data and the rules API are keyless and CORS-open (PRODUCT.md §2); no cookies are used.
    app.add_middleware(
        CORSMiddleware, allow_origins=["*"], allow_methods=["*"], allow_headers=["*"], expose_headers=["*"]
    )
    # CSP, nosniff, frame-ancestors, Referrer-Policy on every response (puur.server.http.headers, SECURITY.md).
    app.add_middleware(SecurityHeadersMiddleware)
    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
