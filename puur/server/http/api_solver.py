"""Perfect play with open cards over HTTP: ``POST /api/v1/solve`` (``puur.bots.analysis.solve_open_cards``).

For bot builders and analysis: given the deal, the contract and the cards played (or the same as one
position line, ``{"position": "puur1 ..."}``, docs/position-notation.md), the best card for the
seat to act and the round's points under perfect play, card by card. It sees every hand, so it is for
positions whose hands are known (a finished round, a problem, a training set), never a player's help in a
running game. Answered from the fourth trick on (at most 24 cards in the hands: a few hundredths of a
second in the compiled search; Slalom and Guschti, searched in Python, up to about a second); whole rounds
take up to a minute and are for ``puur analyse``.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, ConfigDict, Field, model_validator

from puur.bots.analysis import MAX_OPEN_CARDS
from puur.info.position import EXAMPLE as POSITION_EXAMPLE
from puur.schema_types import Cards, ContractCode, JsonInt, PositionText, ProfileSpec
from puur.server.http.api_rules import COSTLY

router = APIRouter(prefix="/api/v1", tags=["solver"])

EXAMPLE: dict[str, Any] = {
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
"""The body's example in the hands-and-contract form, as the schema shows it (the position line's is
``puur.info.position.EXAMPLE``): a real position from the fourth trick on, that clients and tests can send."""


_FIELDS = ("hands", "contract", "forehand", "played", "profile")
FROM_TRICK_4 = 36 - MAX_OPEN_CARDS
"""Cards played before the solver answers: the fourth trick on (at most ``MAX_OPEN_CARDS`` in the hands)."""
_ONE_FORM: dict[str, Any] = {
    # the two forms of the body, as the schema states them: a position line alone, or hands and contract with
    # the cards played from the fourth trick on (and not the whole round: then nothing is left to solve)
    "oneOf": [
        {"required": ["position"], "not": {"anyOf": [{"required": [f]} for f in _FIELDS]}},
        {"required": ["hands", "contract", "played"], "not": {"required": ["position"]},
         "properties": {"played": {"minItems": FROM_TRICK_4}}},
    ]
}
BEYOND_SCHEMA = (
    "hands: 36 different cards over the four hands",
    "played: each card a legal play from the hand of the seat to act, in order",
    "position: a line the parser reads whole (docs/position-notation.md: fields that agree, 36 cards, legal "
    "play), from the fourth trick on and before the round is over",
)
"""What a body the schema allows may still break: the 422 documents each."""


def _schema(schema: dict[str, Any]) -> None:
    schema.update(_ONE_FORM)
    schema["examples"] = [EXAMPLE, {"position": POSITION_EXAMPLE}]


def _no_default(schema: dict[str, Any]) -> None:
    """A field of one form only: left out, it is absent (null is not a value it takes)."""
    schema.pop("default", None)


class SolveRequest(BaseModel):
    """The position to solve: ``hands`` and ``contract`` (with ``forehand``, ``played``, ``profile``), or one
    ``position`` line (docs/position-notation.md), which carries all of them."""

    model_config = ConfigDict(extra="forbid", json_schema_extra=_schema)

    # The fields of one form default to None (left out: absent) yet do not take null: the schema shows none.
    hands: list[Annotated[Cards, Field(min_length=9, max_length=9)]] = Field(
        None,  # type: ignore[arg-type]
        min_length=4,
        max_length=4,
        description="the four hands as dealt, seats 0 to 3, nine cards each",
        json_schema_extra=_no_default,
    )
    contract: ContractCode = Field(None, json_schema_extra=_no_default)  # type: ignore[assignment]
    forehand: JsonInt = Field(0, ge=0, le=3, description="the seat that led the first trick")
    played: Cards = Field(default_factory=list, max_length=35,
                          description=f"the cards played, in order: at least {FROM_TRICK_4} (the solver answers from "
                          "the fourth trick on), at most 35 (a card is left to play)")
    profile: ProfileSpec = None
    position: PositionText = Field(None, json_schema_extra=_no_default)  # type: ignore[assignment]

    @model_validator(mode="after")
    def _one_form(self) -> SolveRequest:
        given = [f for f in _FIELDS if f in self.model_fields_set]
        if self.position is not None and given:
            raise ValueError(
                f"a position line carries the whole position: give it alone, without {', '.join(given)}"
            )
        if self.position is None and (self.hands is None or self.contract is None):
            raise ValueError("give hands and contract (with forehand, played, profile), or a position line")
        return self


class SolveResult(BaseModel):
    to_act: int = Field(description="the seat to act")
    best: str = Field(description="a best card for it (perfect play with open cards)")
    points: list[int] = Field(
        description="the round's final points by team under perfect play (card points, last trick, match)"
    )
    cards: dict[str, list[int]] = Field(
        description="for each legal card: the round's final points by team after it"
    )
    positions_searched: int


@router.post(
    "/solve",
    response_model=SolveResult,
    responses={**COSTLY, 422: {"description": "a body that does not parse (FastAPI's field list), or, with a body "
                                "the schema allows, a position that breaks a rule no schema states "
                                '({"detail": "..."} naming it): ' + "; ".join(BEYOND_SCHEMA)}},
    summary="Perfect play with open cards from a position (from the fourth trick on)",
    description="Beyond what the schema states, refused (422) when: " + "; ".join(BEYOND_SCHEMA),
)
def solve(body: SolveRequest) -> dict[str, Any]:
    try:
        return solve_request(body)
    except ValueError as e:
        raise HTTPException(422, str(e)) from None


def solve_request(body: SolveRequest) -> dict[str, Any]:
    """The solver's answer to either form of the request; ``ValueError`` names what is wrong."""
    from puur.bots.analysis import solve_open_cards, solve_position
    from puur.info.position import parse_position

    if body.position is not None:
        return solve_position(parse_position(body.position))
    return solve_open_cards(body.hands, body.contract, body.played, body.forehand, body.profile)
