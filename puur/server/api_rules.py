"""The rules API (INTERFACES.md §1, §4): the oracle over HTTP.

``POST /api/v1/rules/eval`` takes exactly the oracle's JSON (one request or an array) and answers exactly
the oracle's JSON, errors included as ``{"ok": false, ...}`` results (like ``puur rules eval``). The typed
endpoints take one operation each with a described body; an oracle error there is HTTP 422 with
``{"detail": {"code": ..., "message": ...}}``. Every endpoint calls ``puur.oracle.evaluate``: one
implementation. Every answer carries ``assumptions`` (profile, multiplier table, rule section).
"""

from __future__ import annotations

import logging
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, HTTPException, Request
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from puur.oracle import evaluate, evaluate_many
from puur.profile import PRESET_SOURCES, PRESETS
from puur.server.policy import settings_of
from puur.server.schema_types import WHOLE, Cards, ContractCode, Count, JsonInt, ProfileSpec, Team

log = logging.getLogger(__name__)

router = APIRouter(prefix="/api/v1", tags=["rules"])

# Cards, contracts, profiles and integers as the schema states them exactly (puur.server.schema_types).
Pair = Annotated[list[Count], Field(min_length=2, max_length=2, description="[team 0, team 1], not negative")]
Hand = Annotated[Cards, Field(max_length=9, description="up to 9 cards")]


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid")

    profile: ProfileSpec = None


class RulesAssumptions(BaseModel):
    """What the answer assumed: the profile, the multiplier table (name and factors) and the rule section."""

    profile: str | dict[str, Any]
    multipliers: str
    multiplier_table: dict[str, int]
    rule: str


class _Result(BaseModel):
    ok: Literal[True] = True
    op: str
    assumptions: RulesAssumptions


class RulesLegalMovesRequest(_Request):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"contract": "H", "trick": ["C6"], "hand": ["CA", "H7", "S9"]}]},
    )
    contract: ContractCode
    trick: Cards = Field(
        default_factory=list, max_length=3, description="cards already played to this trick, in order"
    )
    hand: Cards = Field(min_length=1, max_length=9, description="the hand of the player to act")


class RulesLegalMovesResult(_Result):
    legal: list[str]


class RulesTrickRequest(_Request):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"contract": "H", "trick": ["CA", "H9", "HJ", "C7"], "last": False}]},
    )
    contract: ContractCode
    trick: Cards = Field(min_length=4, max_length=4, description="the 4 cards of the trick, in play order")
    last: StrictBool = Field(False, description="the last trick of the round (+5)")


class RulesTrickResult(_Result):
    winner: int = Field(description="index 0..3 in the trick")
    winning_card: str
    points: int


class RulesCardPointsRequest(_Request):
    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"examples": [{"contract": "U", "cards": ["D6", "DA", "S8"]}]}
    )
    contract: ContractCode
    cards: Cards = Field(max_length=36)


class RulesCardPointsResult(_Result):
    points: int


class RulesMeld(BaseModel):
    kind: Literal["sequence", "four"]
    cards: list[str]
    points: int


class RulesMeldsRequest(_Request):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"hand": ["D6", "D7", "D8", "HA", "CA", "SA", "DA", "C9", "S10"]}]},
    )
    hand: Hand
    contract: ContractCode | None = Field(None, description="optional: used to rank the best meld")


class RulesMeldsResult(_Result):
    melds: list[RulesMeld]
    points: int
    best: RulesMeld | None


class RulesWeisRequest(_Request):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"contract": "H", "hands": [["C6", "C7", "C8"], ["D9", "D10", "DJ"], ["S6"], ["H6"]]}
            ]
        },
    )
    contract: ContractCode
    hands: list[Hand] = Field(
        min_length=4, max_length=4, description="four card lists by seat; seat 0 is the forehand"
    )


class RulesDeclaration(BaseModel):
    melds: list[RulesMeld]
    points: int
    best: RulesMeld | None


class RulesWeisResult(_Result):
    winner_seat: int | None
    team: int | None
    points: list[int] = Field(description="[team 0, team 1], before the multiplier")
    declarations: list[RulesDeclaration]


class RulesScoreRequest(_Request):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "contract": "S",
                    "card_points": [95, 57],
                    "tricks": [5, 4],
                    "last_trick": 0,
                    "weis": [50, 0],
                    "stoeck": [20, 0],
                    "profile": {"preset": "schieber", "multipliers": "ascending"},
                }
            ]
        },
    )
    contract: ContractCode
    card_points: Pair = Field(description="[t0, t1] card points, summing to 152")
    tricks: Pair = Field(description="[t0, t1] tricks taken, summing to 9")
    last_trick: JsonInt = Field(ge=0, le=1, description="the team (0 or 1) that won trick 9")
    weis: Pair = Field(default_factory=lambda: [0, 0])
    stoeck: Pair = Field(default_factory=lambda: [0, 0])


class RulesScoreResult(_Result):
    factor: int
    raw: list[int]
    written: list[int]


class RulesBlocks(BaseModel):
    model_config = ConfigDict(extra="forbid")
    weis: Pair = Field(default_factory=lambda: [0, 0])
    stoeck: Pair = Field(default_factory=lambda: [0, 0])
    tricks: Pair = Field(default_factory=lambda: [0, 0])


class RulesCrossingRequest(_Request):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "target": 1000,
                    "before": [950, 960],
                    "blocks": {"weis": [100, 0], "stoeck": [0, 40], "tricks": [100, 114]},
                    "profile": "jasvel",
                }
            ]
        },
    )
    target: Annotated[StrictInt, Field(ge=1), WHOLE] | None = Field(None, description="default: the profile's target")
    before: Pair = Field(description="written totals before the round")
    blocks: RulesBlocks = Field(description="written values of this round, by block")
    first_in_tricks: Team | None = Field(
        None,
        description="the team (0 or 1) that reached the target first with the tricks counted in order; used "
        "only when both teams cross in the tricks block and trick_block_tie needs it (RULES.md §12.3)",
    )


class RulesCrossingResult(_Result):
    winner: int | None
    block: Literal["weis", "stoeck", "tricks"] | None
    trick_block_tie: Literal["trick_by_trick", "higher_total"] = Field(
        description="the profile's rule for both teams crossing in the tricks block (disputed, RULES.md §12.3)"
    )


class RulesChalkRequest(_Request):
    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [{"value": 2735}]})
    value: JsonInt = Field(description="a written total", ge=-(10**9), le=10**9)


class RulesChalkResult(_Result):
    x: int
    v: int
    hundreds: int
    fifties: int
    twenties: int
    remainder: int


ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    422: {
        "description": "The request cannot be answered: a body that does not parse (FastAPI's field list), or "
        'impossible input ({"detail": {"code": ..., "message": ...}})',
    }
}


def answer(op: str, body: BaseModel) -> dict[str, Any]:
    """Ask the oracle; an error result becomes HTTP 422 with its code and message."""
    request = {"op": op, **body.model_dump(exclude_none=True)}
    result = evaluate(request)
    if not result.get("ok"):
        err = result.get("error", {})
        raise HTTPException(status_code=422, detail={"code": err.get("code"), "message": err.get("message")})
    return result


@router.post(
    "/rules/legal-moves",
    response_model=RulesLegalMovesResult,
    responses=ERROR_RESPONSES,
    summary="The playable cards of a hand (RULES.md §7)",
)
def legal_moves(body: RulesLegalMovesRequest) -> dict[str, Any]:
    return answer("legal_moves", body)


@router.post(
    "/rules/trick",
    response_model=RulesTrickResult,
    responses=ERROR_RESPONSES,
    summary="Who wins a trick and its points (RULES.md §8)",
)
def trick(body: RulesTrickRequest) -> dict[str, Any]:
    return answer("trick", body)


@router.post(
    "/rules/card-points",
    response_model=RulesCardPointsResult,
    responses=ERROR_RESPONSES,
    summary="Card points of some cards (RULES.md §6)",
)
def card_points(body: RulesCardPointsRequest) -> dict[str, Any]:
    return answer("card_points", body)


@router.post(
    "/rules/melds",
    response_model=RulesMeldsResult,
    responses=ERROR_RESPONSES,
    summary="The declaration of a hand that scores most (RULES.md §9.1-9.3)",
)
def melds(body: RulesMeldsRequest) -> dict[str, Any]:
    return answer("melds", body)


@router.post(
    "/rules/weis",
    response_model=RulesWeisResult,
    responses=ERROR_RESPONSES,
    summary="Who writes Weis, and how much (RULES.md §9.5-9.6)",
)
def weis(body: RulesWeisRequest) -> dict[str, Any]:
    return answer("weis", body)


@router.post(
    "/rules/score",
    response_model=RulesScoreResult,
    responses=ERROR_RESPONSES,
    summary="A round's raw and written score (RULES.md §11)",
)
def score(body: RulesScoreRequest) -> dict[str, Any]:
    return answer("score", body)


@router.post(
    "/rules/crossing",
    response_model=RulesCrossingResult,
    responses=ERROR_RESPONSES,
    summary="Which team reaches the target first, and in which block (RULES.md §12.3)",
)
def crossing(body: RulesCrossingRequest) -> dict[str, Any]:
    return answer("crossing", body)


@router.post(
    "/rules/chalk",
    response_model=RulesChalkResult,
    responses=ERROR_RESPONSES,
    summary="A written total as Jasstafel marks (TOOLS.md §1.3)",
)
def chalk(body: RulesChalkRequest) -> dict[str, Any]:
    return answer("chalk", body)


EVAL_EXAMPLES = {
    "one": {
        "summary": "one request",
        "value": {"op": "trick", "contract": "H", "trick": ["CA", "H9", "HJ", "C7"]},
    },
    "many": {
        "summary": "an array: an array of results in the same order",
        "value": [
            {"op": "card_points", "contract": "O", "cards": ["D8", "HA"]},
            {"op": "chalk", "value": 680},
            {"op": "score", "contract": "O", "card_points": [100, 100], "tricks": [5, 4], "last_trick": 0},
        ],
    },
}


@router.post(
    "/rules/eval",
    summary="The rules oracle: one request or an array, the same JSON in and out as `puur rules eval`",
    description='A request that cannot be answered gives `{"ok": false, "error": {"code", "message"}}` '
    "in its place (status 200); the others still answer. Body that is not JSON, or one request whose `op` is "
    "not a string: 422. An array of more than 1,000 requests (the server's batch limit): 413.",
    responses={200: {"description": "one result, or an array of results in the same order"},
               413: {"description": "an array over the batch limit"}},
)
def rules_eval(
    payload: Annotated[dict[str, Any] | list[Any], Body(openapi_examples=EVAL_EXAMPLES)],  # type: ignore[arg-type]
    request: Request,
) -> Any:
    if isinstance(payload, list) and len(payload) > (batch := settings_of(request.app).eval_batch):
        raise HTTPException(413, {"code": "batch_too_large",
                                  "message": f"at most {batch} requests in one array; this one holds {len(payload)}"})
    if isinstance(payload, dict) and "op" in payload and not isinstance(payload["op"], str):
        raise HTTPException(422, evaluate(payload)["error"])  # a malformed request, not a rules question
    return evaluate_many(payload)


class RulesPresetInfo(BaseModel):
    name: str
    source: str
    options: dict[str, Any]


class RulesProfilesResult(BaseModel):
    default: str
    presets: list[RulesPresetInfo]


@router.get(
    "/profiles", response_model=RulesProfilesResult, summary="Every rule-profile preset with all its options"
)
def profiles() -> dict[str, Any]:
    return {
        "default": "schieber",
        "presets": [
            {"name": name, "source": PRESET_SOURCES[name], "options": p.to_dict()}
            for name, p in PRESETS.items()
        ],
    }
