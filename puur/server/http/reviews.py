"""Round review at the table: ``GET /api/v1/games/{id}/rounds/{n}/review``.

The review queue decides (``puur.server.live.reviews``); this route translates: no such round 404, a round
still in play (unless the match is over) or with no card played 409, a full queue 429 with Retry-After. A
review done or failed answers 200 ``{"status": "done", "review": ...}`` or ``{"status": "failed", "reason":
...}``; one running or waiting its turn 202 ``{"status": "running"}``: the page asks again in a moment.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Path, Request
from fastapi.responses import JSONResponse

from puur.server.http.app_state import opened_once
from puur.server.http.game_models import Error
from puur.server.http.games import ERRORS, Token, game_or_404, get_hub, seat_or_403
from puur.server.live import Conflict, GameHub, LiveGame
from puur.server.live.reviews import RETRY_AFTER, NoSuchRound, QueueFull, Reviews
from puur.server.policy import settings_of

router = APIRouter(prefix="/api/v1", tags=["games"])


def reviews_of(app: Any) -> Reviews:
    """The app's review jobs (made on first use, bounded by the app's ``ServerSettings``)."""

    def make() -> Reviews:
        settings = settings_of(app)
        return Reviews(settings.reviews_per_game, settings.reviews_total, settings.reviews_ahead,
                       settings.reviews_per_client)

    return opened_once(app.state, "reviews", make)


def get_reviews(request: Request) -> Reviews:
    """The app's review jobs, for a route."""
    return reviews_of(request.app)


def follow_rounds(app: Any, live: LiveGame) -> None:
    """A hub watcher (``create_app``): after a request changed ``live``, the app's review queue follows its
    rounds (``Reviews.follow_rounds``)."""
    reviews_of(app).follow_rounds(live)


@router.get(
    "/games/{game_id}/rounds/{number}/review",
    responses={
        **ERRORS,
        200: {"description": "`{\"status\": \"done\", \"review\": ...}` or `{\"status\": \"failed\", \"reason\": ...}`"},
        202: {"description": "`{\"status\": \"running\"}` (or waiting): ask again in a moment"},
        409: {"model": Error, "description": "the round is still being played"},
        429: {"model": Error,
              "description": "the review queue is full (for this game, this address or in all): Retry-After"},
    },
    summary="A finished round against perfect play with open cards: what each card gave away",
)
def review(
    request: Request,
    game_id: str,
    number: Annotated[int, Path(ge=1, le=10000, description="the round, from 1")],
    token: Token,
    hub: Annotated[GameHub, Depends(get_hub)],
    reviews: Annotated[Reviews, Depends(get_reviews)],
) -> JSONResponse:
    live = game_or_404(hub, game_id)
    seat_or_403(live, token)
    try:
        entry = reviews.review(live, number, request.client.host if request.client else None)
    except NoSuchRound as e:
        raise HTTPException(404, str(e)) from None
    except Conflict as e:  # still played, or no card played
        raise HTTPException(409, str(e)) from None
    except QueueFull as e:
        raise HTTPException(429, str(e), headers={"Retry-After": str(RETRY_AFTER)}) from None
    if entry.status == "done":
        return JSONResponse({"status": "done", "review": entry.result})
    if entry.status == "failed":
        return JSONResponse({"status": "failed", "reason": entry.reason})
    return JSONResponse({"status": entry.status}, status_code=202)
