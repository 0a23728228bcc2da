"""The routes of players who are remembered without an account (docs/players.md).

- ``POST /api/v1/players/me`` ``{"name", "device"}`` without a key: 201, a new player and its first key (shown
  this once; the server keeps its hash). With ``Authorization: Player KEY``: 200, the player renamed.
- ``GET /api/v1/players/me``: the key's player; 401 without a key or for an unknown one.
- ``GET /api/v1/players/me/devices``, ``DELETE .../devices/{id}``: the player's devices (keys), revoking one.
- ``POST /api/v1/players/me/carry``: a single-use, short-lived link (and QR code) to another device;
  ``POST /api/v1/players/carry`` ``{"code", "device"}`` there: that device's own new key.
- ``DELETE /api/v1/players/me``: the player and everything the place keeps about them.
- ``GET /api/v1/players/me/blocks``, ``POST``/``DELETE .../blocks/{player_id}``: players not to sit with.
"""

from __future__ import annotations

from typing import Annotated, Any

import segno
from fastapi import APIRouter, HTTPException, Request, Response
from fastapi import Path as PathParam
from pydantic import BaseModel, ConfigDict, Field

from puur.schema_types import SeatName
from puur.server.http.game_models import Error
from puur.server.http.identity import CurrentPlayer, MaybePlayer, Place, key_of, required_player
from puur.server.place.players import Refused, carry_in, forget_player
from puur.server.store.player_links import BLOCKS_MAX, block, blocked_by, new_carry, unblock
from puur.server.store.players import (
    Player,
    create_player,
    device_of_key,
    devices,
    get_player,
    player_of_key,
    rename,
    revoke,
)

router = APIRouter(prefix="/api/v1", tags=["players"])

GONE: dict[int | str, dict[str, Any]] = {401: {"model": Error, "description": "no player key, or one that is not (or no longer) a player's"}}
RATED: dict[int | str, dict[str, Any]] = {429: {"model": Error, "description": "too many players made, renamed or "
                                                "carried from this address (the server's rate): Retry-After"}}


class PlayerBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: SeatName = Field(..., description="the name other players see (the rule of the table's names)")
    device: str = Field("", max_length=40, description="what you call this device (to tell your keys apart)")


class PlayerOut(BaseModel):
    id: str = Field(..., description="the player's public id (names them in the lobby, ratings, standings)")
    name: str
    tag: str = Field(..., description="four digits that tell two players of one name apart")
    handle: str = Field(..., examples=["Vreni#0412"])
    created: float


class NewPlayer(PlayerOut):
    key: str = Field(..., description="the player key (keep it secret: it is the player; sent as "
                                      "'Authorization: Player KEY'); shown only this once")


def carry_url(base: str, code: str) -> str:
    """The link that carries a player to another device: the player's page, the code in the fragment (never
    sent to a server, nor in a Referer)."""
    return f"{base.rstrip('/')}/player#carry={code}"


def player_out(player: Player) -> PlayerOut:
    return PlayerOut(id=player.id, name=player.name, tag=player.tag, handle=player.handle, created=player.created)


@router.get("/players/me", response_model=PlayerOut, summary="The player of the request's player key",
            responses={401: {"description": "no player key, or one that is not (or no longer) a player's"}})
def get_me(player: MaybePlayer) -> PlayerOut:
    return player_out(required_player(player))


@router.post("/players/me", response_model=PlayerOut | NewPlayer, status_code=200,
             summary="Make a player (no key sent: 201 with the new key) or rename the key's player",
             responses={201: {"model": NewPlayer, "description": "a new player and its key"},
                        401: {"description": "a player key that is not (or no longer) a player's"}, **RATED})
def post_me(body: PlayerBody, place: Place, player: MaybePlayer, response: Response) -> PlayerOut | NewPlayer:
    with place.begin() as conn:
        if player is None:
            made, key = create_player(conn, body.name, body.device)
            response.status_code = 201
            return NewPlayer(**player_out(made).model_dump(), key=key)
        rename(conn, player.id, body.name)
    return player_out(Player(player.id, body.name, player.tag, player.created))


# ----- the player's devices, carrying the player to another one, deleting the player -----
class DeviceOut(BaseModel):
    id: str = Field(..., description="the device's id (to revoke it); not its key")
    device: str = Field(..., description="what the device was called when it got its key")
    created: float
    current: bool = Field(..., description="the device that asks")


class Devices(BaseModel):
    devices: list[DeviceOut]


class CarryOut(BaseModel):
    url: str = Field(..., description="open it on the other device (once, before it expires): that device gets its "
                     "own key; the link holds no key")
    qr: str = Field(..., description="the link as a QR code: an SVG data URI")
    expires: float = Field(..., description="when the link stops working (seconds since 1970)")


class CarryBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    code: str = Field(..., min_length=1, max_length=64, description="the carry code of the link (after '#carry=')")
    device: str = Field("", max_length=40, description="what you call this device (to tell your keys apart)")


class BlockedOut(BaseModel):
    id: str
    name: str
    handle: str


class Blocks(BaseModel):
    blocked: list[BlockedOut]


PlayerId = Annotated[str, PathParam(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$",
                                    description="a player's public id")]


@router.get("/players/me/devices", response_model=Devices, responses=GONE, summary="The devices the player is on")
def get_devices(player: CurrentPlayer, place: Place, request: Request) -> Devices:
    key = key_of(request.headers.get("authorization"), request.headers.get("x-puur-player"))
    mine = device_of_key(key) if key else ""
    with place.read() as conn:
        found = devices(conn, player.id)
    return Devices(devices=[DeviceOut(id=d.id, device=d.device, created=d.created, current=d.id == mine)
                            for d in found])


@router.delete("/players/me/devices/{device_id}", status_code=204, response_class=Response,
               responses={**GONE, 404: {"model": Error, "description": "the player has no such device"}},
               summary="Revoke a device's key: that device is no longer the player (this one too, if named)")
def delete_device(device_id: Annotated[str, PathParam(max_length=64)], player: CurrentPlayer, place: Place) -> Response:
    with place.begin() as conn:
        if not revoke(conn, player.id, device_id):
            raise HTTPException(404, "the player has no device with this id")
    return Response(status_code=204)


@router.post("/players/me/carry", response_model=CarryOut, status_code=201, responses={**GONE, **RATED},
             summary="A link and QR code that carry the player to another device (single-use, short-lived)")
def post_carry(player: CurrentPlayer, place: Place, request: Request) -> CarryOut:
    with place.begin() as conn:
        code, expires = new_carry(conn, player.id)
    url = carry_url(str(request.base_url), code)
    return CarryOut(url=url, qr=segno.make(url, error="m").svg_data_uri(scale=4, border=2), expires=expires)


@router.post("/players/carry", response_model=NewPlayer, status_code=201,
             responses={404: {"model": Error, "description": "the code is unknown, used already or expired"},
                        409: {"model": Error, "description": "the player is on as many devices as it may be"},
                        **RATED},
             summary="Open a carry link: this device becomes the player, with its own new key (shown once)")
def post_carried(body: CarryBody, place: Place) -> NewPlayer:
    with place.begin() as conn:
        try:
            key = carry_in(conn, body.code, body.device)
        except Refused as e:
            raise HTTPException(409, str(e)) from None
        if key is None:
            raise HTTPException(404, "this carry link is unknown, used already or expired: make a new one on the "
                                "player's page of the other device")
        player = player_of_key(conn, key)
    assert player is not None
    return NewPlayer(**player_out(player).model_dump(), key=key)


@router.delete("/players/me", status_code=204, response_class=Response, responses=GONE,
               summary="Delete the player: their keys, and every row the place keeps about them (statistics, "
               "blocks); the games keep only their seats' names")
def delete_me(player: CurrentPlayer, place: Place) -> Response:
    with place.begin() as conn:
        forget_player(conn, player.id)
    return Response(status_code=204)


# ----- blocks -----
@router.get("/players/me/blocks", response_model=Blocks, responses=GONE, summary="The players this player blocks")
def get_blocks(player: CurrentPlayer, place: Place) -> Blocks:
    with place.read() as conn:
        found = [p for p in (get_player(conn, pid) for pid in blocked_by(conn, player.id)) if p is not None]
    return Blocks(blocked=[BlockedOut(id=p.id, name=p.name, handle=p.handle) for p in found])


@router.post("/players/me/blocks/{player_id}", status_code=204, response_class=Response,
             responses={**GONE, 404: {"model": Error, "description": "no such player"},
                        409: {"model": Error, "description": "the player themselves, or too many blocks"}},
             summary="Block a player: the lobby never seats the two at one table (nobody is told)")
def post_block(player_id: PlayerId, player: CurrentPlayer, place: Place) -> Response:
    if player_id == player.id:
        raise HTTPException(409, "a player cannot block themselves")
    with place.begin() as conn:
        if get_player(conn, player_id) is None:
            raise HTTPException(404, "no player has this id")
        if not block(conn, player.id, player_id):
            raise HTTPException(409, f"a player may block at most {BLOCKS_MAX} players: lift one first")
    return Response(status_code=204)


@router.delete("/players/me/blocks/{player_id}", status_code=204, response_class=Response,
               responses={**GONE, 404: {"model": Error, "description": "this player is not blocked"}},
               summary="Lift a block")
def delete_block(player_id: PlayerId, player: CurrentPlayer, place: Place) -> Response:
    with place.begin() as conn:
        if not unblock(conn, player.id, player_id):
            raise HTTPException(404, "this player is not blocked")
    return Response(status_code=204)


__all__ = ["PlayerId", "PlayerOut", "carry_url", "player_out", "router"]
