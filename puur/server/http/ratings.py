"""The routes of the ratings (docs/ratings.md): the leaderboard, a player's rating history, the leaderboard page.

- ``GET /api/v1/leaderboard?offset=&limit=&trend=``: the rated players, best conservative rating first, each with
  their rated matches and the change over their last ``trend`` matches; one bounded page.
- ``GET /api/v1/players/{id}/ratings?offset=&limit=``: a player's rating and its history, newest first.
- ``GET /leaderboard``: the page (``static/place/leaderboard.html``).

The matches are rated as they end (``puur.server.place.rated_matches``, attached to the games by
``attach_ratings`` when the app opens them).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Path, Query
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from puur.server.http.game_models import Error
from puur.server.http.identity import Place, place_of
from puur.server.http.pages import place_page
from puur.server.live import GameHub
from puur.server.place.rated_matches import MatchRatings
from puur.server.place.rating import ordinal, trend_of
from puur.server.store.players import get_player
from puur.server.store.ratings import CoreSql, Rating, history, leaderboard, player_rating, recent_history

router = APIRouter(tags=["ratings"])

MAX_PAGE = 100
"""Players on one page of the leaderboard, at most."""
MAX_OFFSET = 100_000
"""How far down the leaderboard a page may start (a bound on what one request costs)."""
MAX_TREND = 50
"""Matches the trend may look back over, at most."""
MAX_HISTORY = 500
"""Rated matches in one page of a player's history, at most."""
PLAYER_ID = r"^[A-Za-z0-9_-]{1,32}$"


def attach_ratings(app: Any, hub: GameHub) -> None:
    """Rate the matches of the app's games as they end (``create_app`` names this for when the games open)."""
    MatchRatings(place_of(app), hub).attach()


def _r(x: float) -> float:
    return round(x, 3)


class Standing(BaseModel):
    rank: int = Field(..., description="1 for the best rating")
    player_id: str
    name: str
    handle: str = Field(..., examples=["Vreni#0412"])
    rating: float = Field(..., description="the conservative rating shown and ranked by: mu - 3 sigma")
    mu: float
    sigma: float
    matches: int = Field(..., description="rated matches played")
    trend: float = Field(..., description="the rating's change over the player's last `trend` rated matches")
    recent: list[bool] = Field(..., description="those matches won (true) or lost, newest first")


class Leaderboard(BaseModel):
    total: int = Field(..., description="players with a rating")
    offset: int
    limit: int
    trend: int = Field(..., description="matches the trend looks back over")
    players: list[Standing]


class RatingPoint(BaseModel):
    game_id: str
    at: float = Field(..., description="Unix time the match was rated")
    won: bool
    rating_before: float
    rating_after: float
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float


class PlayerRatings(BaseModel):
    player_id: str
    name: str
    handle: str
    rating: float | None = Field(..., description="the conservative rating (mu - 3 sigma); null before a rated match")
    mu: float | None
    sigma: float | None
    matches: int
    offset: int
    limit: int
    history: list[RatingPoint] = Field(..., description="rated matches, newest first")


@router.get("/api/v1/leaderboard", response_model=Leaderboard, summary="The rated players, best rating first",
            responses={422: {"description": "an offset, limit or trend out of its bounds"}})
def get_leaderboard(
    place: Place,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET, description="players to skip")] = 0,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE, description="players on this page")] = 25,
    trend: Annotated[int, Query(ge=1, le=MAX_TREND, description="matches the trend looks back over")] = 10,
) -> Leaderboard:
    with place.read() as conn:
        sql = CoreSql(conn)
        total, page = leaderboard(sql, offset, limit)
        recent = recent_history(sql, [s.player_id for s in page], trend)
    return Leaderboard(total=total, offset=offset, limit=limit, trend=trend, players=[
        Standing(rank=offset + i + 1, player_id=s.player_id, name=s.name, handle=f"{s.name}#{s.tag}",
                 rating=_r(s.ordinal), mu=_r(s.mu), sigma=_r(s.sigma), matches=s.matches,
                 trend=_r(trend_of(recent.get(s.player_id, []))),
                 recent=[h.won for h in recent.get(s.player_id, [])])
        for i, s in enumerate(page)
    ])


@router.get("/api/v1/players/{player_id}/ratings", response_model=PlayerRatings,
            summary="A player's rating and its history, newest first",
            responses={404: {"model": Error, "description": "no such player"},
                       422: {"description": "a malformed player id, or an offset or limit out of its bounds"}})
def get_player_ratings(
    place: Place,
    player_id: Annotated[str, Path(pattern=PLAYER_ID, description="the player's public id")],
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
    limit: Annotated[int, Query(ge=1, le=MAX_HISTORY)] = 100,
) -> PlayerRatings:
    with place.read() as conn:
        player = get_player(conn, player_id)
        if player is None:
            raise HTTPException(404, f"no player {player_id!r}")
        sql = CoreSql(conn)
        current = player_rating(sql, player_id)
        rows = history(sql, player_id, offset, limit)
    return PlayerRatings(
        player_id=player.id, name=player.name, handle=player.handle,
        rating=None if current is None else _r(ordinal(current)),
        mu=None if current is None else _r(current.mu), sigma=None if current is None else _r(current.sigma),
        matches=0 if current is None else current.matches, offset=offset, limit=limit,
        history=[RatingPoint(game_id=h.game_id, at=h.at, won=h.won,
                             rating_before=_r(ordinal(Rating(h.mu_before, h.sigma_before))),
                             rating_after=_r(ordinal(Rating(h.mu_after, h.sigma_after))),
                             mu_before=_r(h.mu_before), sigma_before=_r(h.sigma_before), mu_after=_r(h.mu_after),
                             sigma_after=_r(h.sigma_after)) for h in rows],
    )  # fmt: skip


@router.get("/leaderboard", include_in_schema=False)
def leaderboard_page() -> HTMLResponse:
    return place_page("leaderboard")


__all__ = ["attach_ratings", "router"]
