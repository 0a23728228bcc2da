"""``POST /api/v1/games/upload``: a game played on a device without the server (the table in the page,
offline: docs/offline-table.md) kept on the server, at its person's asking, once the device is online again
(``puur.server.live.kept`` decides; this module translates).

What a client may send is bounded twice: the body's size (``DEVICE_GAME_BYTES``, well above a long match's
record) and, per client address, the number of games it creates (``puur serve --rate-games``: a kept game
counts as a game created, ``puur.server.policy.rate_rules``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, HTTPException, Request
from pydantic import BaseModel, ConfigDict, Field, field_validator
from starlette.concurrency import run_in_threadpool

from puur.server.http.game_models import PLAYER_SEAT_PATTERN, SeatNameGiven, seat_names_apart, with_a_person
from puur.server.http.games import TOO_MANY_GAMES, Hub, check_players
from puur.server.live import HUMAN, Busy, default_names
from puur.server.live.kept import NotKept, keep_device_game
from puur.server.policy import MAX_SPEC_LENGTH

router = APIRouter(prefix="/api/v1", tags=["games"])

DEVICE_GAME_BYTES = 256_000
"""Bytes of one kept game's body (413 past it): a Coiffeur of 13 columns, the longest form, writes a record
of about 40 kB."""


def _seats_schema(schema: dict[str, Any]) -> None:
    """A device's seats: its people and the computers the server offers (no friend's seat: ``invite``)."""
    schema["items"] = {"anyOf": [{"const": HUMAN},
                                 {"type": "string", "maxLength": MAX_SPEC_LENGTH, "pattern": PLAYER_SEAT_PATTERN}],
                       "examples": ["human", "heuristic", "mcts:level=easy"]}
    schema["contains"] = {"const": HUMAN}


class Assist(BaseModel):
    """The hints and undos each seat asked for at the device's table (the record's ``assist``)."""

    model_config = ConfigDict(extra="forbid")
    hints: list[Annotated[int, Field(ge=0, le=100_000)]] = Field(..., min_length=4, max_length=4)
    undos: list[Annotated[int, Field(ge=0, le=100_000)]] = Field(..., min_length=4, max_length=4)


class DeviceGame(BaseModel):
    """A game of a device: its record and its table."""

    model_config = ConfigDict(extra="forbid")
    record: dict[str, Any] = Field(
        ..., description="the game's record as GET /games/{id}/record writes it (of a match not over yet too); "
        "it must hold as `puur verify` checks it (422 otherwise, naming what does not hold)")
    seats: list[str] = Field(
        ..., min_length=4, max_length=4, description="seat 0..3: 'human' or a computer player this server offers; "
        "at least one 'human'", json_schema_extra=_seats_schema)
    names: list[SeatNameGiven] | None = Field(
        None, min_length=4, max_length=4, description="display names by seat (as POST /games takes them)")
    deck: Literal["swiss", "french"] = "swiss"
    lang: Literal["de", "en", "fr"] = "en"
    assist: Assist | None = None

    @field_validator("seats")
    @classmethod
    def _seats(cls, v: list[str]) -> list[str]:
        """A device's table has its people and its computers; a friend's seat (``invite``) never played there."""
        return with_a_person(v)

    @field_validator("names")
    @classmethod
    def _names(cls, v: list[str | None] | None) -> list[str | None] | None:
        return seat_names_apart(v)

    def table(self) -> dict[str, Any]:
        """The table's settings ``keep_device_game`` takes: a seat not named gets the table's name for it."""
        names = None
        if self.names is not None and any(n is not None for n in self.names):
            names = [n if n is not None else d for n, d in zip(self.names, default_names(self.seats), strict=True)]
        return {"seats": self.seats, "names": names, "deck": self.deck, "lang": self.lang,
                "assist": None if self.assist is None else self.assist.model_dump()}


class Kept(BaseModel):
    game_id: str
    tokens: dict[str, str] = Field(..., description="a new secret token per human seat, by seat number (the "
                                   "device's tokens are not the server's)")
    seats: list[str]


@router.post(
    "/games/upload", response_model=Kept, status_code=201,
    summary="Keep a game played on a device (offline) on the server: its record replayed and checked",
    responses={**TOO_MANY_GAMES, 413: {"description": f"the body is over {DEVICE_GAME_BYTES} bytes"},
               422: {"description": "a body that does not parse; the record holds as `puur verify` checks it (what "
                     "does not, else); a chosen seed with several people (the rule of POST /games); name_taken (two "
                     "names alike but for case)"}},
)
async def upload(body: Annotated[DeviceGame, Body()], hub: Hub, request: Request) -> dict[str, Any]:
    if len(await request.body()) > DEVICE_GAME_BYTES:
        raise HTTPException(413, f"a kept game's body is at most {DEVICE_GAME_BYTES} bytes")
    check_players(hub, body.seats)
    try:
        live, tokens = await run_in_threadpool(keep_device_game, hub, body.record, body.table())
    except NotKept as e:
        raise HTTPException(422, str(e)) from None
    except Busy as e:
        raise HTTPException(503, str(e), headers={"Retry-After": "60"}) from None
    return {"game_id": live.id, "tokens": {str(s): t for s, t in tokens.items()}, "seats": live.seats}
