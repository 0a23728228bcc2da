"""The routes of online tables (docs/api-online-tables.md), over ``puur.server.live.tables``.

- ``GET /games/{id}/invites`` (host): each open seat's invite code, link and QR code (SVG data URI).
- ``POST /games/{id}/join`` ``{"code", "name"}``: 201 ``{"seat", "token"}``; 404 an unknown code, 409 a
  code used already (one seat, once). Rate-limited per client address (``ServerSettings.rate_games``).
- ``POST /games/{id}/seats/{n}`` ``{"player", "remove"}`` (host; ``person`` also by the seat itself): fill an
  open seat with a computer, hand a person's seat to one, or give it back; ``remove`` gives a rematch's seat
  still kept for its person to a computer for the match.
- ``POST /games/{id}/react`` ``{"code"}``: one of ``REACTIONS`` to every screen of the table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, Any, Literal, TypeVar, get_args

from fastapi import APIRouter, HTTPException, Path, Request, Response
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, ConfigDict, Field, field_validator

from puur.schema_types import NameTaken, SeatName
from puur.server.http.game_models import Error
from puur.server.http.games import ERRORS, Hub, Token, game_or_404, seat_or_403
from puur.server.http.identity import MaybePlayer
from puur.server.live import Conflict
from puur.server.live.tables import (
    REACTION_WINDOW,
    NotHost,
    UnknownCode,
    invites_of,
    join,
    react,
    require_host,
    set_seat,
)
from puur.server.policy import BUILTIN_SPECS, PlayerRefused
from puur.table.seats import PERSON, REACTIONS

router = APIRouter(prefix="/api/v1", tags=["online tables"])
Route = TypeVar("Route", bound=Callable[..., Any])

Reaction = Literal["bravo", "hopp", "sorry", "well_played", "uff"]
assert get_args(Reaction) == REACTIONS
SEAT_PLAYER_PATTERN = f"^(?:{PERSON}|{BUILTIN_SPECS})$"
"""``person``, or a player the server offers (``PlayerPolicy.spec_pattern``; the served document names the
operator's players too: ``puur.server.policy.state_players``)."""


# ----- models -----
class JoinBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    code: str = Field(..., min_length=1, max_length=64, description="the invite code of the link")
    name: SeatName = Field(..., description="the name the table shows for the seat (SeatName: the rule of the "
                           "game's names); not another seat's name, case aside (422 name_taken)")


class Joined(BaseModel):
    seat: int
    token: str = Field(..., description="the seat's secret token (keep it: it brings you back to the seat)")


class SeatBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    player: str = Field(..., max_length=64, json_schema_extra={"pattern": SEAT_PLAYER_PATTERN},  # the route checks
                        examples=["heuristic", "mcts:level=easy", "person"],
                        description="a computer player the server offers (GET /table/options), or 'person' (the "
                        "seat back to its person)")
    remove: bool = Field(False, description="a rematch's seat kept for its person: remove them from this match, "
                         "the computer plays the seat for good (every screen sees it); refused without it")

    @field_validator("player")
    @classmethod
    def _as_written(cls, v: str) -> str:
        """As the schema writes it: the policy would read ' heuristic' too (MCP), the schema does not."""
        if v != v.strip():
            raise ValueError(f"no spaces around {v.strip()!r}")
        return v


class ReactBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    code: Reaction = Field(..., description="a quick reaction: " + ", ".join(REACTIONS) + " (no free text)")


class Invite(BaseModel):
    code: str
    url: str
    qr: str | None = Field(None, description="the link as a QR code: an SVG data URI")


class Invites(BaseModel):
    invites: dict[str, Invite]


@contextmanager
def host_refusals() -> Iterator[None]:
    """What a table refuses its host's asker, answered as HTTP (the table decides, the router translates): not
    the host 403, a change the table's state refuses now 409."""
    try:
        yield
    except NotHost as e:
        raise HTTPException(403, str(e)) from None
    except Conflict as e:
        raise HTTPException(409, str(e)) from None


def host_change(change: Callable[..., object], *args: Any) -> Response:
    """A host's change of the table, made: 204, or its refusal as ``host_refusals`` answers it."""
    with host_refusals():
        change(*args)
    return Response(status_code=204)


def host_route(on: APIRouter, path: str, refused: str, summary: str) -> Callable[[Route], Route]:
    """The route of a host's change (``host_change``), documented as it answers: 204, or ``ERRORS`` and a 409
    whose reason is ``refused`` (the change the table's state refuses now)."""
    return on.post(path, status_code=204, response_class=Response, summary=summary,
                   responses={**ERRORS, 409: {"model": Error, "description": refused}})


# ----- routes -----
SeatNumber = Annotated[int, Path(ge=0, le=3, description="the seat, 0..3")]


@router.get("/games/{game_id}/invites", response_model=Invites,
            responses={**ERRORS, 409: {"model": Error, "description": "not an online table (no seat was invited)"}},
            summary="The host's invite links (with QR codes) for the seats still open")
def get_invites(game_id: str, token: Token, hub: Hub, request: Request) -> dict[str, Any]:
    live = game_or_404(hub, game_id)
    with host_refusals():
        require_host(live, seat_or_403(live, token))
    return {"invites": invites_of(live, token, str(request.base_url), qr=True)}


@router.post("/games/{game_id}/join", response_model=Joined, status_code=201,
             responses={404: {"model": Error, "description": "no such game, or no seat with this code"},
                        409: {"model": Error, "description": "the code took its seat already"},
                        422: {"description": "a body that does not parse (the field and why), or a name another "
                              "seat of the table has, case aside (type `name_taken`: a rule of the table's state, "
                              "which no schema states)"},
                        401: {"model": Error, "description": "a player key that is not (or no longer) a player's"},
                        429: {"model": Error, "description": "too many joins from this address: Retry-After"}},
             summary="Take an invited seat: the code of the invite link and a name; the seat's token back. With "
             "a player key (Authorization: Player KEY) the seat is taken as that remembered player")
def post_join(game_id: str, body: JoinBody, hub: Hub, player: MaybePlayer) -> dict[str, Any]:
    live = game_or_404(hub, game_id)
    try:
        seat, token = join(hub, live, body.code, body.name, None if player is None else player.id)
    except UnknownCode:
        raise HTTPException(404, "no open seat of this game has this invite code") from None
    except Conflict as e:
        raise HTTPException(409, str(e)) from None
    except NameTaken as e:
        raise RequestValidationError(
            [{"type": "name_taken", "loc": ("body", "name"), "msg": str(e), "input": body.name,
              "ctx": {"name": body.name}}]) from None
    return {"seat": seat, "token": token}


@host_route(router, "/games/{game_id}/seats/{seat}", "the seat cannot change so",
            "Host: fill an open seat with a computer, hand a person's seat to one, or give it back ('person', also "
            "asked by the seat itself); a rematch's seat kept for its person only with 'remove'")
def post_seat(game_id: str, seat: SeatNumber, body: SeatBody, token: Token, hub: Hub) -> Response:
    live = game_or_404(hub, game_id)
    asker = seat_or_403(live, token)
    player = body.player
    if player != PERSON:
        try:
            hub.players.check(player)
        except PlayerRefused as e:
            raise RequestValidationError(
                [{"type": "value_error", "loc": ("body", "player"), "msg": str(e), "input": player}]) from None
    return host_change(set_seat, hub, live, asker, seat, player, body.remove)


@router.post("/games/{game_id}/react", status_code=204, response_class=Response,
             responses={**ERRORS, 429: {"model": Error, "description": "too many reactions from this seat"}},
             summary="A quick reaction to every screen of the table (a fixed phrase, no free text)")
def post_react(game_id: str, body: ReactBody, token: Token, hub: Hub) -> Response:
    live = game_or_404(hub, game_id)
    seat = seat_or_403(live, token)
    if not react(hub, live, seat, body.code):
        raise HTTPException(429, f"at most {hub.settings.reactions_per_seat} reactions in {REACTION_WINDOW:g} s",
                            headers={"Retry-After": str(int(REACTION_WINDOW))})
    return Response(status_code=204)


__all__ = ["host_change", "host_refusals", "host_route", "router"]
