"""The routes of duplicate tournaments (docs/tournaments.md), over ``puur.server.place.tournaments``.

- ``POST /api/v1/tournaments`` (a player key): 201, the tournament with its committed deals and the host token.
- ``GET /api/v1/tournaments``: the newest tournaments; ``GET /api/v1/tournaments/{id}``: settings, commitments,
  tables, standings (the seeds once every table has played every deal).
- ``GET /api/v1/tournaments/{id}/live``: the standings as Server-Sent Events, one each time they change.
- ``GET /api/v1/tournaments/{id}/invites`` (host): the open seats' invite links.
- ``POST /api/v1/tournaments/{id}/join`` (a player key): take an open seat; its table's game and token back.
- ``GET /api/v1/tournaments/{id}/record``: the whole record, once every table has played every deal.
- ``GET /tournaments/{id}``: the tournament's page.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, Header, HTTPException, Path, Request, Response
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from starlette.concurrency import run_in_threadpool

from puur.core.profile import RuleProfile
from puur.schema_types import ProfileSpec, SeatName
from puur.server.http.app_state import opened_once
from puur.server.http.game_models import Error
from puur.server.http.games import Hub, get_hub
from puur.server.http.identity import MaybePlayer, Place, get_place, required_player
from puur.server.http.pages import place_page
from puur.server.live import Busy, Conflict
from puur.server.live.feeds import Feeds
from puur.server.live.tables import invite_url, join
from puur.server.place import tournaments as tm
from puur.server.policy import MAX_SPEC_LENGTH
from puur.table.seats import INVITE

router = APIRouter(tags=["tournaments"])

TournamentId = Annotated[str, Path(min_length=1, max_length=32, description="the tournament's id")]
LIVE_POLL = 1.0
"""Seconds between two looks at a tournament's tables for the live standings: each look reads the tables'
games (from the database with several workers), so every worker's feed shows every table's progress. One
look a tournament for all of a worker's clients (``puur.server.live.feeds``)."""
NOT_FOUND: dict[int | str, dict[str, Any]] = {404: {"model": Error, "description": "no such tournament"}}


# ----- models -----
class TournamentCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(..., min_length=1, max_length=60, examples=["Jassabend Bern"],
                      pattern=r"^[^\x00-\x1f\x7f]*[^\x00-\x1f\x7f\s][^\x00-\x1f\x7f]*$",
                      description="the tournament's name, as lists and its page show it: visible characters, "
                      "no control character")
    tables: int = Field(2, ge=tm.TABLES[0], le=tm.TABLES[1], description="how many tables play (each of four seats)")
    deals: int = Field(4, ge=tm.DEALS[0], le=tm.DEALS[1], description="how many deals every table plays, in one order")
    profile: ProfileSpec = None
    form: str = Field("schieber", pattern="^schieber$", description="the game form: a duplicate tournament is a "
                      "Schieber (the forms keep their own deals)")
    seats: list[Annotated[list[Annotated[str, Field(max_length=MAX_SPEC_LENGTH)]],
                          Field(min_length=4, max_length=4)]] | None = Field(
        None, max_length=tm.TABLES[1], examples=[[["invite", "heuristic", "invite", "heuristic"],
                                                 ["heuristic", "invite", "heuristic", "invite"]]],
        description="per table its four seats: 'invite' (a person, by invite link or on the tournament page) or a "
        "computer player the server offers (GET /table/options); at least one 'invite' a table. Left out: "
        "every seat a person's")

    @field_validator("name")
    @classmethod
    def _name(cls, v: str) -> str:
        return v.strip()  # the pattern refused control characters and a name of spaces alone

    @field_validator("profile")
    @classmethod
    def _profile(cls, v: str | dict[str, Any] | None) -> str | dict[str, Any] | None:
        RuleProfile.resolve(v)  # raises ValueError with the option at fault
        return v

    @model_validator(mode="after")
    def _seats(self) -> TournamentCreate:
        if self.seats is not None and len(self.seats) != self.tables:
            raise ValueError(f"seats names {len(self.seats)} tables, but the tournament has {self.tables}")
        return self

    def seat_plan(self) -> list[list[str]]:
        return self.seats if self.seats is not None else [[INVITE] * 4 for _ in range(self.tables)]


class JoinBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    table: int = Field(..., ge=0, le=tm.TABLES[1] - 1)
    seat: int = Field(..., ge=0, le=3)
    name: SeatName = Field(..., description="the name the table and the standings show for the seat")


class TournamentSummary(BaseModel):
    id: str
    name: str
    tables: int
    deals: int
    created: float
    finished: float | None


class TournamentList(BaseModel):
    tournaments: list[TournamentSummary]


class SeatOut(BaseModel):
    seat: int
    name: str
    kind: str = Field(..., description="invite (open), person or computer")
    player: str | None = Field(None, description="the id of the player who took the seat with their player key")


class TableOut(BaseModel):
    table: int
    game_id: str
    turn: int = Field(..., description="0 or 1: a table of turn 1 holds each deal turned by one seat")
    status: str
    deals_played: int
    scores: list[int]
    seats: list[SeatOut]


class Standing(BaseModel):
    rank: int
    table: int
    team: int = Field(..., description="0: seats 0 and 2; 1: seats 1 and 3")
    seats: list[int]
    names: list[str]
    score: float = Field(..., description="the sum, over the deals compared, of the team's points less the mean of "
                         "the other teams that held the same cards")
    points: int
    deals: int
    deals_won: int


class RevealedDeal(BaseModel):
    deal: int
    seed: str
    salt: str
    commitment: str


class TournamentView(BaseModel):
    id: str
    name: str
    created: float
    over: bool
    settings: dict[str, Any]
    commitments: list[str] = Field(..., description="per deal: SHA-256 of 'puur-seed-v1:SALT:SEED' (docs/fair-deals)")
    seeds: list[RevealedDeal] | None = Field(None, description="each deal's seed and salt, once every table is done")
    tables: list[TableOut]
    standings: list[Standing]


class TournamentCreated(TournamentView):
    host_token: str = Field(..., description="the host's token (shown this once): send it as X-Puur-Host to see "
                            "the invite links")


class Invite(BaseModel):
    table: int
    seat: int
    game_id: str
    code: str
    url: str


class Invites(BaseModel):
    invites: list[Invite]


class Seated(BaseModel):
    game_id: str
    token: str = Field(..., description="the seat's token: play at /#game=GAME_ID with it, as at any online table")


# ----- routes -----
@router.post("/api/v1/tournaments", response_model=TournamentCreated, status_code=201,
             summary="Create a duplicate tournament: its deal seeds drawn and committed now, its tables made",
             responses={401: {"model": Error, "description": "no player key, or an unknown one"},
                        422: {"description": "a body that does not parse, or a seat's player the server does not "
                              "offer"},
                        429: {"model": Error, "description": "too many games created from this address (the "
                              "server's rate, `puur serve --rate-games`): Retry-After"},
                        503: {"model": Error, "description": "the server holds as many games as it may"}})
def create(body: TournamentCreate, player: MaybePlayer, place: Place, hub: Hub) -> dict[str, Any]:
    host = required_player(player)  # after the body: a body that does not parse is a 422 with or without a key
    try:
        made = tm.create_tournament(place, hub, host, body.name, body.seat_plan(), body.deals, body.profile)
    except Busy as e:
        raise HTTPException(503, str(e), headers={"Retry-After": "60"}) from None
    except ValueError as e:
        raise HTTPException(422, str(e)) from None
    return {**tm.view(place, hub, made.row.id), "host_token": made.host_token}


@contextmanager
def _refusals(tournament_id: str) -> Iterator[None]:
    """What the place refuses, answered as HTTP (the place decides, the router translates): an unknown tournament
    404, not its host 403, a seat not open or a tournament still playing 409, a seat's value refused 422."""
    try:
        yield
    except tm.NotFound:
        raise HTTPException(404, f"no tournament {tournament_id!r}") from None
    except tm.NotHost as e:
        raise HTTPException(403, str(e)) from None
    except (tm.NotOver, Conflict) as e:
        raise HTTPException(409, str(e)) from None
    except ValueError as e:
        raise HTTPException(422, str(e)) from None


@router.get("/api/v1/tournaments", response_model=TournamentList, summary="The newest tournaments")
def list_all(place: Place) -> dict[str, Any]:
    return {"tournaments": tm.summaries(place)}


@router.get("/api/v1/tournaments/{tournament_id}", response_model=TournamentView, responses=NOT_FOUND,
            summary="A tournament: settings, commitments, tables and standings (the seeds once it is over)")
def get_one(tournament_id: TournamentId, place: Place, hub: Hub) -> dict[str, Any]:
    with _refusals(tournament_id):
        return tm.view(place, hub, tournament_id)


@router.get("/api/v1/tournaments/{tournament_id}/record", responses={
    **NOT_FOUND, 409: {"model": Error, "description": "a table is still playing"}},
    summary="The whole record (seeds, commitments, every table's game record, standings), once it is over")
def get_record(tournament_id: TournamentId, place: Place, hub: Hub) -> dict[str, Any]:
    with _refusals(tournament_id):
        return tm.record(place, hub, tournament_id)


@router.get("/api/v1/tournaments/{tournament_id}/invites", response_model=Invites, responses={
    **NOT_FOUND, 401: {"model": Error, "description": "a player key that is not (or no longer) a player's"},
    403: {"model": Error, "description": "not the tournament's host"}},
    summary="Host: the invite link of every seat still open")
def get_invites(tournament_id: TournamentId, place: Place, hub: Hub, player: MaybePlayer, request: Request,
                x_puur_host: Annotated[str | None, Header(max_length=100)] = None) -> dict[str, Any]:
    with _refusals(tournament_id):
        codes = tm.invites(place, hub, tournament_id, player, x_puur_host)
    base = str(request.base_url)
    return {"invites": [{**c, "url": invite_url(base, c["game_id"], c["code"])} for c in codes]}


@router.post("/api/v1/tournaments/{tournament_id}/join", response_model=Seated, status_code=201, responses={
    **NOT_FOUND, 401: {"model": Error, "description": "no player key, or an unknown one"},
    409: {"model": Error, "description": "the seat is not open, or the player holds a seat of this tournament"},
    429: {"model": Error, "description": "too many seats taken from this address: Retry-After"}},
    summary="Take an open seat of a table with your player key: its game and the seat's token back")
def post_join(tournament_id: TournamentId, body: JoinBody, player: MaybePlayer, place: Place,
              hub: Hub) -> dict[str, Any]:
    seated = required_player(player)  # after the body, as creating
    with _refusals(tournament_id):
        game_id, token = tm.take_seat(place, hub, partial(join, hub), tournament_id, seated, body.table, body.seat, body.name)
    return {"game_id": game_id, "token": token}


@router.get("/api/v1/tournaments/{tournament_id}/live", response_class=StreamingResponse, responses={
    **NOT_FOUND, 200: {"content": {"text/event-stream": {}}, "description": "one event per change of the "
                       "standings: data is the tournament (as GET /tournaments/{id})"},
    429: {"model": Error, "description": "too many live connections from this address"}},
    summary="The tournament live, as Server-Sent Events: the whole view each time a table moves on")
async def live(tournament_id: TournamentId, request: Request) -> StreamingResponse:
    place, hub = get_place(request), get_hub(request)
    with _refusals(tournament_id):
        first = await run_in_threadpool(tm.view, place, hub, tournament_id)
    client = request.client.host if request.client else "unknown"
    refused = hub.connect(client)  # one bound with the tables' live connections per address
    if refused is not None:
        raise HTTPException(429, refused)

    feeds = opened_once(request.app.state, "tournament_feeds", lambda: Feeds(LIVE_POLL))

    async def events() -> AsyncIterator[str]:
        try:
            async for text in feeds.follow(tournament_id, partial(tm.view, place, hub, tournament_id),
                                           lambda view: bool(view["over"]), first):
                yield f"data: {text}\n\n"
        finally:
            hub.disconnect(client)

    return StreamingResponse(events(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})


@router.get("/tournaments/{tournament_id}", include_in_schema=False)
def page(tournament_id: TournamentId) -> Response:
    """The tournament's page (it reads the API: an unknown id shows so there)."""
    return place_page("tournament")


@router.get("/tournaments", include_in_schema=False)
def index_page() -> Response:
    """The tournaments' page: the list, and a form to create one."""
    return place_page("tournament")


__all__ = ["router"]
