"""Perfect play with open cards over HTTP: ``POST /api/v1/solve`` (``puur.bots.analysis.solve_open_cards``).

For bot builders and analysis: given the deal, the contract and the cards played, the best card for the
seat to act and the round's points under perfect play, card by card. It sees every hand, so it is for
positions whose hands are known (a finished round, a problem, a training set), never a player's help in a
running game. Answered from the fourth trick on (at most 24 cards in the hands: a few hundredths of a
second); whole rounds take up to a minute and are for ``puur analyse``.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, ConfigDict, Field

from puur.server.api_rules import ERROR_RESPONSES
from puur.server.schema_types import Cards, ContractCode, JsonInt, ProfileSpec

router = APIRouter(prefix="/api/v1", tags=["solver"])

_EXAMPLE: dict[str, Any] = {
    "hands": [
        ["C6", "C9", "D8", "D9", "D10", "H7", "H8", "H10", "SQ"],
        ["C8", "DK", "S6", "S7", "S8", "S9", "S10", "SJ", "SA"],
        ["C7", "CJ", "CQ", "CK", "D6", "D7", "DQ", "H6", "HA"],
        ["C10", "CA", "DJ", "DA", "H9", "HJ", "HQ", "HK", "SK"],
    ],
    "contract": "H",
    "forehand": 3,
    "played": ["H9", "H7", "SA", "H6", "HJ", "H8", "S10", "HA", "HQ", "H10", "DK", "D6", "CA"],
}


class SolveRequest(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [_EXAMPLE]})

    hands: list[Annotated[Cards, Field(min_length=9, max_length=9)]] = Field(
        min_length=4, max_length=4, description="the four hands as dealt, seats 0 to 3, nine cards each"
    )
    contract: ContractCode
    forehand: JsonInt = Field(0, ge=0, le=3, description="the seat that led the first trick")
    played: Cards = Field(default_factory=list, max_length=36, description="the cards played, in order")
    profile: ProfileSpec = None


class SolveResult(BaseModel):
    to_act: int = Field(description="the seat to act")
    best: str = Field(description="a best card for it (perfect play with open cards)")
    points: list[int] = Field(description="the round's final points by team under perfect play (card points, last trick, match)")
    cards: dict[str, list[int]] = Field(description="for each legal card: the round's final points by team after it")
    positions_searched: int


@router.post(
    "/solve",
    response_model=SolveResult,
    responses={422: ERROR_RESPONSES[422]},
    summary="Perfect play with open cards from a position (from the fourth trick on)",
)
def solve(body: SolveRequest) -> dict[str, Any]:
    from puur.bots.analysis import solve_open_cards

    try:
        return solve_open_cards(body.hands, body.contract, body.played, body.forehand, body.profile)
    except ValueError as e:
        raise HTTPException(422, str(e)) from None
