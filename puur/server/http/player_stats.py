"""A remembered player's statistics (docs/players.md): counted when a match ends, summed when asked.

- ``GET /api/v1/players/me/stats``: the key's player's; ``GET /api/v1/players/{id}/stats``: anyone's (public,
  like the leaderboard: counts only, no game ids).
- ``POST /api/v1/players/me/matches`` ``{"record", "seat"}``: a match played on the device, counted once its
  record replays (``Game.from_record``) and is over; the same record counts once.

``count_finished`` is told after every request that may change a game (``GameHub.watchers``, as the round
reviews are): at a match's end it counts the match for each remembered player at the table, with the open-card
reviews this server has made of its rounds (``Reviews.done``: a review takes up to minutes, so only those
already made count toward the best-card rate; none is started for it).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from puur.server.http.game_models import Error
from puur.server.http.identity import CurrentPlayer, MaybePlayer, Place, place_of, required_player
from puur.server.http.players import PlayerId, PlayerOut, player_out
from puur.server.http.reviews import reviews_of
from puur.server.live import LiveGame
from puur.server.place.players import Refused, record_device_match, record_match, replay_device_match
from puur.server.store.place import PlaceDb
from puur.server.store.player_stats import totals
from puur.server.store.players import Player, get_player
from puur.table.seats import seat_players

router = APIRouter(prefix="/api/v1", tags=["players"])


class ContractOut(BaseModel):
    chosen: int
    made: int = Field(..., description="rounds where the chooser's team took more card points than the other")


class RecentMatch(BaseModel):
    won: bool
    rounds: int
    points: int = Field(..., description="what the player's team wrote in the match")
    ended: float
    source: str = Field(..., description="'server' (a table here) or 'device' (sent from the device)")


class Stats(BaseModel):
    player: PlayerOut
    matches: int
    won: int = Field(..., description="matches won")
    rounds: int
    points: int = Field(..., description="written for the player's team over all rounds")
    points_per_round: float | None
    matches_made: int = Field(..., description="rounds where the player's team took all nine tricks")
    matches_suffered: int = Field(..., description="rounds where the other team took all nine tricks")
    forehand_rounds: int = Field(..., description="rounds where the player was forehand (chose or pushed)")
    pushes: int = Field(..., description="rounds where the player pushed (schieben)")
    weis_written: int = Field(..., description="rounds where the player's Weis was written")
    weis_points: int
    stoeck_written: int
    cards_played: int
    cards_reviewed: int = Field(..., description="the player's cards in rounds the open-card review looked at")
    best_cards: int = Field(..., description="of those, the cards the review calls best")
    best_card_rate: float | None
    contracts: dict[str, ContractOut] = Field(..., description="the contracts the player chose (C D H S O U ...)")
    recent: list[RecentMatch] = Field(..., description="the latest matches, oldest first")


class DeviceMatchBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    record: dict[str, Any] = Field(..., description="the finished match's record (GET /games/{id}/record's form, "
                                   "as the device table keeps it); at most 400,000 characters as JSON")
    seat: int = Field(..., ge=0, le=3, description="the seat the player held")


class DeviceMatchOut(BaseModel):
    counted: bool


NOT_FOUND: dict[int | str, dict[str, Any]] = {404: {"model": Error, "description": "no such player"}}


def stats_of(place: PlaceDb, player: Player) -> Stats:
    """The sums of the player's match rows, and the rates of them."""
    with place.read() as conn:
        t = totals(conn, player.id)
    rounds, reviewed = t["rounds"], t["cards_reviewed"]
    return Stats(player=player_out(player), **{k: v for k, v in t.items() if k not in ("contracts", "recent")},
                 points_per_round=round(t["points"] / rounds, 1) if rounds else None,
                 best_card_rate=round(t["best_cards"] / reviewed, 3) if reviewed else None,
                 contracts={k: ContractOut(chosen=c, made=m) for k, (c, m) in sorted(t["contracts"].items())},
                 recent=[RecentMatch(**r) for r in t["recent"]])


@router.get("/players/me/stats", response_model=Stats,
            responses={401: {"model": Error, "description": "no player key, or not (or no longer) a player's"}},
            summary="The statistics of the key's player")
def my_stats(player: CurrentPlayer, place: Place) -> Stats:
    return stats_of(place, player)


@router.get("/players/{player_id}/stats", response_model=Stats, responses=NOT_FOUND,
            summary="A player's statistics (public: counts only)")
def player_stats(player_id: PlayerId, place: Place) -> Stats:
    with place.read() as conn:
        player = get_player(conn, player_id)
    if player is None:
        raise HTTPException(404, "no player has this id")
    return stats_of(place, player)


@router.post("/players/me/matches", response_model=DeviceMatchOut, status_code=201,
             responses={401: {"model": Error, "description": "no player key, or not (or no longer) a player's"},
                        409: {"model": Error, "description": "this match is counted already"},
                        422: {"description": "a body that does not parse (the field and why), or a record too "
                              "long, that does not replay, or of a match not over (the field `record`)"},
                        429: {"model": Error, "description": "too many costly calls from this address: Retry-After"}},
             summary="Count a match played on the device for the player (its record replayed and checked)")
async def post_device_match(body: DeviceMatchBody, maybe: MaybePlayer, place: Place) -> DeviceMatchOut:
    player = required_player(maybe)  # after the body is read: a body that does not parse is a 422 first
    try:
        game_id, game = await run_in_threadpool(replay_device_match, body.record)
    except Refused as e:  # a rule of the record no schema states: a field error like the schema's
        raise RequestValidationError(
            [{"type": "value_error", "loc": ("body", "record"), "msg": str(e), "input": None}]) from None
    with place.begin() as conn:
        if record_device_match(conn, player.id, game_id, game, body.seat) is None:
            raise HTTPException(409, "this match is counted already")
    return DeviceMatchOut(counted=True)


def count_finished(app: Any, live: LiveGame) -> None:
    """After a request changed ``live``: at the match's end, count it for its remembered players (once: a
    match counted already adds nothing)."""
    with live.lock:
        if not live.game.is_over or not seat_players(live.settings) or live.table.get("counted"):
            return
        live.table["counted"] = True
        game, settings = live.game, dict(live.settings)
    with place_of(app).begin() as conn:
        record_match(conn, live.id, game, settings, reviews_of(app).done(live.id))
