"""The routes of players who are remembered without an account (docs/players.md).

- ``POST /api/v1/players/me`` ``{"name", "device"}`` without a key: 201, a new player and its first key (shown
  this once; the server keeps its hash). With ``Authorization: Player KEY``: 200, the player renamed.
- ``GET /api/v1/players/me``: the key's player; 401 without a key or for an unknown one.
"""

from __future__ import annotations

from fastapi import APIRouter, Response
from pydantic import BaseModel, ConfigDict, Field

from puur.schema_types import SeatName
from puur.server.http.identity import MaybePlayer, Place, required_player
from puur.server.store.players import Player, create_player, rename

router = APIRouter(prefix="/api/v1", tags=["players"])


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


def player_out(player: Player) -> PlayerOut:
    return PlayerOut(id=player.id, name=player.name, tag=player.tag, handle=player.handle, created=player.created)


@router.get("/players/me", response_model=PlayerOut, summary="The player of the request's player key",
            responses={401: {"description": "no player key, or one that is not (or no longer) a player's"}})
def get_me(player: MaybePlayer) -> PlayerOut:
    return player_out(required_player(player))


@router.post("/players/me", response_model=PlayerOut | NewPlayer, status_code=200,
             summary="Make a player (no key sent: 201 with the new key) or rename the key's player",
             responses={201: {"model": NewPlayer, "description": "a new player and its key"},
                        401: {"description": "a player key that is not (or no longer) a player's"}})
def post_me(body: PlayerBody, place: Place, player: MaybePlayer, response: Response) -> PlayerOut | NewPlayer:
    with place.begin() as conn:
        if player is None:
            made, key = create_player(conn, body.name, body.device)
            response.status_code = 201
            return NewPlayer(**player_out(made).model_dump(), key=key)
        rename(conn, player.id, body.name)
    return player_out(Player(player.id, body.name, player.tag, player.created))
