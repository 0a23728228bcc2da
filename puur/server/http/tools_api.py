"""HTTP face of the scoreboards (TOOLS.md §1-§5, §7): ``/api/v1/tools/...``.

Stateless: the client sends the whole board or sheet, the server computes it with ``puur.tools`` (which
calls the rules core) and answers. Nothing is stored. A semantic error answers 422 with
``detail = [{"loc": ["body", ...field], "msg": reason, "type": "value_error"}]``, the same shape as
pydantic's own validation errors.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal, get_args

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from puur.core.profile import MULTIPLIER_TABLES
from puur.core.rules.tables import STOECK_POINTS
from puur.core.rules.weis import MOST_IN_A_HAND
from puur.ops import DIRECTION_CONTRACT_PATTERN, JasstafelMarks
from puur.schema_types import (
    CONTRACT_PATTERN,
    NAME_LENGTH,
    WHOLE,
    Cards,
    ContractCode,
    JsonInt,
    OneOrderContract,
    ProfileSpec,
    TableName,
    Team,
)
from puur.tools import (
    ToolInputError,
    answers,
    contract_label,
    parse_contract,
)
from puur.tools import coiffeur as coiffeur_mod
from puur.tools import differenzler as differenzler_mod
from puur.tools import jasstafel as jt
from puur.tools.answers import refusal

router = APIRouter(prefix="/api/v1/tools", tags=["tools"])

Profile = ProfileSpec


def refusals(*codes: str) -> dict[int | str, dict[str, Any]]:
    """The 422 of a tool: a body that does not parse, or a rule of the board no schema states (a sum, a rule
    across fields or rounds), each named by the ``ctx.code`` it answers with."""
    return {422: {"description": "a body that does not parse (pydantic's field list), or, with a body the schema "
                  'allows, a rule of the board no schema states ([{"loc", "msg", "type": "value_error", "ctx": '
                  '{"code", ...}}], the same shape): ' + "; ".join(codes)}}


def _fail(e: ToolInputError) -> HTTPException:
    """422 in pydantic's error shape, the code in ``ctx`` (``puur.tools.answers.refusal``)."""
    return HTTPException(422, detail=refusal(e))


def _answer(fn: Callable[[answers.Body], dict[str, Any]], req: BaseModel) -> dict[str, Any]:
    """The tool's answer (``puur.tools.answers``, shared with the engine in the page) to a body the schema
    has checked; a rule of the board no schema states is a 422."""
    try:
        return fn(req.model_dump())
    except ToolInputError as e:
        raise _fail(e) from None


# Bounds that keep every answer small: a written total beyond a million points is no Jass score.
# Integers in a request are JSON integers (puur.schema_types.JsonInt): 3 or 3.0, not true/false, "3" or
# 1.5. Cards and contracts are the spellings the parser reads, and the schema says which (CardCode, ContractCode).
Points = Annotated[StrictInt, Field(ge=-jt.MAX_ENTRY, le=jt.MAX_ENTRY), WHOLE]
Total = Annotated[StrictInt, Field(ge=-1_000_000, le=1_000_000), WHOLE]
WeTheyPoints = Annotated[list[Points], Field(min_length=2, max_length=2)]

# ----- Jasstafel -----


class JassRound(BaseModel):
    """One round as entered: per team [We, They], before the factor."""

    contract: ContractCode
    card_points: WeTheyPoints = Field(description="[We, They], the last trick's 5 included (157; 257 a match)")
    weis: WeTheyPoints = Field(default=[0, 0])
    stoeck: WeTheyPoints = Field(default=[0, 0])
    first_in_tricks: Team | None = Field(
        default=None,
        description="the team (0 We, 1 They) that reached the target first with the tricks counted in order; "
        "needed only when both teams cross in the tricks block and the profile's trick_block_tie asks for it "
        "(RULES.md §12.3)",
    )

    model_config = ConfigDict(
        json_schema_extra={"example": {"contract": "D", "card_points": [100, 57], "weis": [50, 0], "stoeck": [20, 0]}}
    )


class JasstafelRequest(BaseModel):
    profile: Profile = Field(default=None, description="preset name or {preset, ...overrides}; default schieber")
    target: JsonInt = Field(default=jt.DEFAULT_TARGET, ge=1, le=1_000_000, description="1000, 2500, 1500, 3000 or any positive number")
    multipliers: TableName | None = Field(default=None, description="common, both3, ascending, classic or online")
    style: Literal[jt.STYLES] = Field(default="compact", description="chalk style: compact, tally or cumulative")  # type: ignore[valid-type]
    rounds: list[JassRound] = Field(default=[], max_length=500, description="the rounds already written")
    write: JassRound | None = Field(default=None, description="a round to write now (refused after a win)")
    check: JassRound | None = Field(default=None, description="a round to check without writing it")

    model_config = ConfigDict(
        json_schema_extra={
            "example": {
                "target": 1000,
                "multipliers": "common",
                "rounds": [{"contract": "D", "card_points": [100, 57], "weis": [50, 0], "stoeck": [20, 0]}],
                "write": {"contract": "O", "card_points": [257, 0]},
            }
        }
    )


class MarksModel(JasstafelMarks):  # the marks (as the chalk op answers them), the value and its text
    value: int
    text: str


class JasstafelResponse(BaseModel):
    profile: str
    trick_block_tie: str
    teams: list[str]
    target: int
    multipliers: str
    multipliers_label: str
    factors: dict[str, int]
    block_order: list[str]
    rounds: list[dict[str, Any]]
    totals: list[int]
    marks: list[MarksModel]
    style: str
    finished: bool
    winner: int | None
    winner_name: str | None
    block: str | None
    tie: bool
    message: str | None
    check_warnings: list[str]
    check_notices: list[dict[str, Any]]
    """The same checks with a ``code`` and ``params`` for a page to word (``text`` is the English)."""
    tables: dict[str, str]
    targets: list[int]


@router.post("/jasstafel", response_model=JasstafelResponse, summary="Score a Jasstafel board (TOOLS.md §1)",
             responses=refusals("game_over: a round written after the match is won",
                                "style_needs_rounds: the cumulative style needs the rounds written",
                                "a round's card points, Weis and Stöck as a round can write them (card_points, "
                                "not_whole, too_small, too_large)"))
def jasstafel(req: JasstafelRequest) -> dict[str, Any]:
    """Score every round, write ``write`` if given, and answer totals, marks per team and the winner."""
    return _answer(answers.jasstafel, req)


class ChalkRequest(BaseModel):
    values: list[Total] = Field(max_length=200, description="totals to write as canonical chalk marks (§1.3)")
    model_config = ConfigDict(json_schema_extra={"example": {"values": [0, 237, 1385, 2735, -40]}})


@router.post("/chalk", response_model=list[MarksModel], summary="Totals as chalk marks (TOOLS.md §1.3)")
def chalk(req: ChalkRequest) -> list[dict[str, Any]]:
    return answers.chalk(req.model_dump())


# ----- Weis -----


class WeisSeat(BaseModel, json_schema_extra={"not": {"required": ["hand", "melds"], "properties": {
        "hand": {"type": "array"}, "melds": {"type": "array"}}}}):
    """A seat's hand or its melds, not both (``weis_calculator``: hand_or_melds); neither is no seat."""

    hand: Cards | None = Field(default=None, max_length=9, description="the seat's cards (at most 9)")
    melds: list[Annotated[Cards, Field(min_length=3, max_length=9)]] | None = Field(
        default=None, description="or the seat's melds, each a list of cards (a sequence of 3 to 9, or four of a kind)"
    )


class OtherTeam(BaseModel):
    points: JsonInt = Field(ge=0, le=300)
    cards: JsonInt = Field(ge=0, le=9)


class WeisRequest(BaseModel):
    profile: Profile = None
    contract: ContractCode = "C"
    forehand: JsonInt = Field(default=0, ge=0, le=3, description="seat index 0..3 of the forehand")
    seats: list[WeisSeat | None] = Field(default=[], max_length=4, description="seats 1..4 (1 and 3 are a team)")
    compare: OtherTeam | None = Field(
        default=None, description="the other team's best meld (points and card count), compared with seats 1 and 3's best"
    )

    model_config = ConfigDict(
        json_schema_extra={
            "example": {
                "contract": "H",
                "seats": [{"hand": ["C9", "D9", "H9", "S9", "C7", "C8", "C10", "CJ"]}, None, None, None],
                "compare": {"points": 150, "cards": 4},
            }
        }
    )


class WeisResponse(BaseModel):
    contract: str
    contract_name: str
    forehand: int
    seats: list[dict[str, Any]]
    steps: list[dict[str, Any]]
    winner_seat: int | None
    team: int | None
    written: list[int]
    message: str
    compare: dict[str, Any] | None
    profile: str


@router.post("/weis", response_model=WeisResponse, summary="Weis calculator (TOOLS.md §4)",
             responses=refusals("card_held: no card in two seats' hands or melds",
                                "not_a_meld, melds_share_mixed: melds that are melds, their cards of one kind",
                                "no_such_meld: the other team's meld the points and cards of one the profile "
                                "scores"))
def weis(req: WeisRequest) -> dict[str, Any]:
    """Melds per seat, the comparison chain step by step, and which team writes what."""
    return _answer(answers.weis, req)


# ----- Trick -----


def _trick_index_for_slalom(schema: dict[str, Any]) -> None:
    """Slalom and Guschti judge a trick by its place: ``trick_index`` (or ``last_trick``, which is 8) is needed,
    and with ``last_trick`` a ``trick_index`` given is 8 (``trick_arbiter.judge``: trick_index_needed)."""
    last = {"required": ["last_trick"], "properties": {"last_trick": {"const": True}}}
    schema["if"] = {"required": ["contract"], "properties": {"contract": {"pattern": DIRECTION_CONTRACT_PATTERN}}}
    schema["then"] = {"allOf": [
        {"anyOf": [{"required": ["trick_index"], "properties": {"trick_index": {"type": "integer"}}}, last]},
        {"if": last, "then": {"properties": {"trick_index": {"anyOf": [{"const": 8}, {"type": "null"}]}}}},
    ]}


def _trick_schema(schema: dict[str, Any]) -> None:
    _trick_index_for_slalom(schema)
    schema["example"] = {"contract": "D", "cards": ["HA", "D7", "D9", "DJ"]}


class TrickRequest(BaseModel):
    profile: Profile = None
    contract: ContractCode = "C"
    cards: Cards = Field(default=[], max_length=4, description="cards in playing order, seat 1 leads")
    hands: list[Annotated[Cards, Field(max_length=9)] | None] | None = Field(
        default=None, max_length=4, description="optional: each seat's hand before this trick, to check legality"
    )
    last_trick: StrictBool = Field(default=False, description="add the last trick's 5 to Worth")
    trick_index: Annotated[StrictInt, Field(ge=0, le=8), WHOLE] | None = Field(
        default=None, description="Slalom, Guschti (SLO SLU GUO GUU): the trick's place 0..8, which decides its order"
    )

    model_config = ConfigDict(json_schema_extra=_trick_schema)


class TrickResponse(BaseModel):
    contract: str
    contract_name: str
    plays: list[dict[str, Any]]
    winner_seat: int | None
    winner_label: str
    complete: bool
    worth: int
    reason: str
    deciding_suit: str | None = Field(description="the suit that decides: trump if one was played, else the led suit")
    order: list[str] = Field(description="that suit's cards, strongest first, under the contract")


@router.post("/trick", response_model=TrickResponse, summary="Who wins the trick (TOOLS.md §5)",
             responses=refusals("card_in_two_hands: no card in two hands",
                                "played_not_in_hand: each played card in its seat's hand, when hands are given",
                                "card_twice: no card both played and in a hand"))
def trick(req: TrickRequest) -> dict[str, Any]:
    return _answer(answers.trick, req)


# ----- Coiffeur -----


Factor = Annotated[StrictInt, Field(ge=1, le=100), WHOLE]


def _contract_column(schema: dict[str, Any]) -> None:
    """A contract column (the default kind) names its contract, in ``contract`` or as its ``name``."""
    schema["if"] = {"anyOf": [{"not": {"required": ["kind"]}}, {"properties": {"kind": {"const": "contract"}}}]}
    schema["then"] = {"anyOf": [{"required": ["contract"], "properties": {"contract": {"type": "string"}}},
                                {"required": ["name"], "properties": {"name": {"type": "string",
                                                                              "pattern": CONTRACT_PATTERN}}}]}


class CoiffeurColumn(BaseModel, json_schema_extra=_contract_column):
    name: str | None = Field(default=None, max_length=coiffeur_mod.MAX_NAME)
    factor: Factor | None = None
    kind: Literal["contract", "joker", "slalom", "guschti"] = Field(
        default="contract", description="contract, joker, slalom or guschti"
    )
    contract: ContractCode | None = None


Box = Annotated[StrictInt, Field(ge=0, le=coiffeur_mod.MAX_BOX), WHOLE]
Column = Annotated[StrictInt, Field(ge=0, le=coiffeur_mod.MAX_COLUMNS - 1), WHOLE]


class CoiffeurRequest(BaseModel):
    sheet: Literal["8", "10"] = Field(default="8", description="'8' (standard) or '10' (with Slalom and Guschti)")
    columns: list[CoiffeurColumn] | None = Field(
        default=None, min_length=1, max_length=coiffeur_mod.MAX_COLUMNS,
        description=f"a custom sheet (1 to {coiffeur_mod.MAX_COLUMNS} columns); overrides 'sheet'",
    )
    factors: list[Factor | None] | None = Field(
        default=None, max_length=coiffeur_mod.MAX_COLUMNS, description="override the factors column by column"
    )
    method: Literal[coiffeur_mod.METHODS] = Field(  # type: ignore[valid-type]
        default="A", description="A: total Σ box × factor (default); B: box of the multiplied round"
    )
    boxes: list[Annotated[list[Box | None], Field(max_length=coiffeur_mod.MAX_COLUMNS)]] = Field(
        default=[[], []], min_length=2, max_length=2, description="two team rows; null = empty box"
    )
    jokers: list[Annotated[list[ContractCode | None], Field(max_length=coiffeur_mod.MAX_COLUMNS)]] = Field(
        default=[[], []], min_length=2, max_length=2, description="contract chosen per joker box"
    )
    joker_may_repeat: StrictBool = Field(
        default=True, description="false: a team's two jokers hold two different contracts (a joker may always "
        "name a fixed column's contract)")
    opponents: list[Annotated[list[Box | None], Field(max_length=coiffeur_mod.MAX_COLUMNS)]] = Field(
        default=[[], []], min_length=2, max_length=2,
        description="each team's line as the opponents: its tens in the columns the other team chose")
    opponents_count: StrictBool = Field(
        default=True, description="the opponents' line adds to the totals with the column's factor (J27: the "
        "factor applies to both teams); false: the boxes only")
    points: Box | None = Field(default=None, description="optional: points to convert into tens")
    points_column: Column | None = Field(default=None, description="column whose factor the conversion uses")

    model_config = ConfigDict(
        json_schema_extra={
            "example": {"sheet": "8", "method": "A", "boxes": [[12, 12, None, None, None, None, None, 25], []]}
        }
    )


class CoiffeurResponse(BaseModel):
    columns: list[dict[str, Any]]
    method: str
    boxes: list[list[int | None]]
    jokers: list[list[str | None]]
    contributions: list[list[int | None]]
    opponents: list[list[int | None]]
    opponents_contributions: list[list[int | None]]
    opponents_count: bool
    totals: list[int]
    empty: list[list[str]]
    complete: bool
    winner: int | None
    tie: bool
    message: str
    warnings: list[str]
    notices: list[dict[str, Any]]
    hint: str
    teams: list[str]
    box_from_points: int | None


@router.post("/coiffeur", response_model=CoiffeurResponse, summary="Coiffeur scoresheet (TOOLS.md §2)",
             responses=refusals("factor_count: one factor per column", "box_count: boxes fit the sheet's columns",
                                "not_joker: a joker only in a joker column", "joker_repeated: a joker's contract "
                                "not repeated when the sheet refuses it", "factor_first: a factor agreed before a "
                                "box is written (method B)", "no_column: the conversion's column exists",
                                "column_name_twice, column_no_name: the columns' names differ"))
def coiffeur(req: CoiffeurRequest) -> dict[str, Any]:
    return _answer(answers.coiffeur, req)


# ----- Differenzler -----


PlayerPoints = Annotated[StrictInt, Field(ge=0, le=differenzler_mod.MATCH_TOTAL), WHOLE]
PlayerPrediction = Annotated[StrictInt, Field(
    ge=0, le=differenzler_mod.MATCH_TOTAL + MOST_IN_A_HAND["extended"] + STOECK_POINTS,
    description="a prediction: at most 257, or what Weis and Stöck add on a sheet that counts them"), WHOLE]
PlayerWeis = Annotated[StrictInt, Field(ge=0, le=MOST_IN_A_HAND["extended"], multiple_of=10,
                                       json_schema_extra={"not": {"enum": [10, 30]}}), WHOLE]
"""A player's Weis: a sum of melds one hand declares (``is_weis_total``: not 10 or 30)."""
PlayerStoeck = Literal[0, 20]
assert get_args(PlayerStoeck) == (0, STOECK_POINTS)


def _one_holds_stoeck(schema: dict[str, Any]) -> None:
    """Stöck for one player at most: the list (when given) holds 20 once at most (``stoeck_twice``)."""
    for form in schema["anyOf"]:
        if form.get("type") == "array":
            form.update({"contains": {"const": STOECK_POINTS}, "minContains": 0, "maxContains": 1})


class DiffRound(BaseModel):
    predicted: list[PlayerPrediction] = Field(min_length=4, max_length=4)
    actual: list[PlayerPoints] = Field(min_length=4, max_length=4)
    weis: list[PlayerWeis] | None = Field(
        default=None, min_length=4, max_length=4,
        description="each player's Weis that counts (with weis_stoeck only): the best Weis's holder's own melds"
    )
    stoeck: list[PlayerStoeck] | None = Field(
        default=None, min_length=4, max_length=4, description="each player's Stöck, 20 or 0 (with weis_stoeck only): "
        "one player at most holds the trump King and Ober",
        json_schema_extra=_one_holds_stoeck,
    )


def _weis_stoeck_counted(schema: dict[str, Any]) -> None:
    """Weis and Stöck are written only on a sheet that counts them (``weis_stoeck``); without them a
    prediction is at most 257 (what a player can take: a match)."""
    off = {"properties": {"weis": {"type": "null"}, "stoeck": {"type": "null"},
                          "predicted": {"items": {"maximum": differenzler_mod.MATCH_TOTAL}}}}
    schema["if"] = {"not": {"required": ["weis_stoeck"], "properties": {"weis_stoeck": {"const": True}}}}
    schema["then"] = {"properties": {"rounds": {"items": off}, "add": off}}


class DifferenzlerRequest(BaseModel, json_schema_extra=_weis_stoeck_counted):
    players: list[Annotated[str, Field(max_length=NAME_LENGTH)]] | None = Field(
        default=None, min_length=4, max_length=4, description="the four players' names, each at most 24 characters"
    )
    rounds: list[DiffRound] = Field(default=[], max_length=1000, description="the rounds written, at most 1000")
    add: DiffRound | None = Field(default=None, description="a round to add now")
    rounds_planned: Annotated[StrictInt, Field(ge=1, le=1000), WHOLE] | None = None
    threshold: Annotated[StrictInt, Field(ge=1, le=differenzler_mod.MAX_THRESHOLD), WHOLE] | None = Field(
        default=None, description="optional: the game ends after the round in which a player's total reaches this"
    )
    weis_stoeck: StrictBool = Field(
        default=False, description="Weis and Stöck add to a player's points (the best Weis's holder's own melds, "
        "Stöck to its holder: page 23), and a prediction may reach what they add"
    )
    estimate_hand: Cards | None = Field(default=None, description="optional: a hand for the rule of thumb")
    estimate_contract: OneOrderContract | None = Field(
        default=None, description="the estimate's contract: C D H S O or U (default C); not Slalom or Guschti, "
        "whose order changes by trick")
    profile: Profile = None

    model_config = ConfigDict(
        json_schema_extra={
            "example": {
                "rounds": [{"predicted": [40, 30, 57, 30], "actual": [45, 30, 50, 32]}],
                "add": {"predicted": [20, 60, 40, 37], "actual": [25, 40, 52, 40]},
            }
        }
    )


class DifferenzlerResponse(BaseModel):
    players: list[str]
    rounds: list[dict[str, Any]]
    totals: list[int]
    leaders: list[int]
    finished: bool
    rounds_planned: int | None
    threshold: int | None
    ended_by: Literal["rounds", "threshold"] | None
    weis_stoeck: bool
    message: str
    estimate: int | None


@router.post("/differenzler", response_model=DifferenzlerResponse, summary="Differenzler scoresheet (TOOLS.md §3)",
             responses=refusals("rounds_agreed, rounds_over: no round after the planned ones",
                                "threshold_passed, threshold_over: no round after the one a total reached the "
                                "threshold with"))
def differenzler(req: DifferenzlerRequest) -> dict[str, Any]:
    return _answer(answers.differenzler, req)


@router.get("/contracts", summary="Contracts and multiplier tables the tools offer")
def contracts() -> dict[str, Any]:
    return {
        "contracts": [{"code": c, "name": contract_label(parse_contract(c))} for c in "CHDSOU"],
        "tables": {k: {"label": jt.TABLE_LABELS[k], "factors": v} for k, v in MULTIPLIER_TABLES.items()},
        "targets": list(jt.TARGETS),
    }
