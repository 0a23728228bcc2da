"""The registry of the rules oracle's ops: one entry per op, from which every face is generated.

``puur.oracle.OPS`` answers each op (its function, the rule section its answers cite, its one-line summary);
an ``Op`` here adds what the typed faces need: the request model (built once from the schema types of
``puur.schema_types``, with its example), the result model and the description a tool carries. From
``REGISTRY`` come the typed HTTP endpoints ``POST /api/v1/rules/<path>`` and their OpenAPI examples
(``puur.server.http.api_rules``), the MCP rules tools (``puur.server.mcp_server``) and the worked examples the
datasets publish (``puur.data.datasets``); ``puur rules eval --help`` lists the ops from ``puur.oracle.OPS``.

Every face asks ``puur.oracle.evaluate``: one implementation (INTERFACES.md §1).

>>> REGISTRY["trick"].path, REGISTRY["trick"].request.__name__
('trick', 'RulesTrickRequest')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    StrictBool,
    StrictInt,
    model_serializer,
)

from puur.core.cards import CONTRACT_SPELLINGS, Contract
from puur.core.rules.tables import STOECK_POINTS
from puur.oracle import CHALK_LIMIT, OPS, OracleOp
from puur.schema_types import (
    WHOLE,
    Cards,
    ContractCode,
    Count,
    JsonInt,
    ProfileSpec,
    Team,
    spelling_pattern,
)

# Cards, contracts, profiles and integers as the schema states them exactly (puur.schema_types).
Pair = Annotated[list[Count], Field(min_length=2, max_length=2, description="[team 0, team 1], not negative")]
Hand = Annotated[Cards, Field(max_length=9, description="up to 9 cards")]
TrickIndex = Annotated[StrictInt, Field(ge=0, le=8), WHOLE]
"""A trick's place in the round, 0..8 (trick 1 is 0): Slalom and Guschti need it (J30)."""
DIRECTION_CONTRACT_PATTERN = spelling_pattern(
    w for w in CONTRACT_SPELLINGS if Contract.parse(w).changes_direction
)
"""The spellings of SLO SLU GUO GUU: with them the schema requires ``trick_index`` (``_needs_trick_index``)."""


def _needs_trick_index(*, or_last: bool) -> dict[str, Any]:
    """JSON Schema ``if``/``then``: a Slalom or Guschti contract needs an integer ``trick_index`` (or, for a
    trick, ``last: true``, which is trick index 8), as the oracle requires (docs/contracts-slalom-guschti.md)."""
    index = {"required": ["trick_index"], "properties": {"trick_index": {"type": "integer"}}}
    then: dict[str, Any] = (
        {"anyOf": [index, {"required": ["last"], "properties": {"last": {"const": True}}}]} if or_last else index
    )
    return {"if": {"required": ["contract"], "properties": {"contract": {"pattern": DIRECTION_CONTRACT_PATTERN}}},
            "then": then}  # fmt: skip


NO_TRUMP_CONTRACT_PATTERN = spelling_pattern(w for w in CONTRACT_SPELLINGS if not Contract.parse(w).is_trump)
"""The spellings of O U SLO SLU GUO GUU: no trump, so no Stöck (``RulesScoreRequest``)."""


def one_team_only(schema: dict[str, Any]) -> None:
    """A pair [team 0, team 1] of which one team writes at most: not both above 0 (Weis goes to the team with
    the best meld, Stöck to the one player holding the trump K and Q; RULES.md §9.4, §10)."""
    schema["not"] = {"items": {"minimum": 1}}


def weis_written(schema: dict[str, Any]) -> None:
    """One team's Weis before the factor: sums of melds worth 20, 50, 100, ... (``is_weis_total``)."""
    one_team_only(schema)
    schema["items"] = {**schema["items"], "multipleOf": 10, "not": {"enum": [10, 30]}}


def stoeck_written(schema: dict[str, Any]) -> None:
    """One team's Stöck before the factor: 0 or 20 (``STOECK_POINTS``)."""
    one_team_only(schema)
    schema["items"] = {**schema["items"], "enum": [0, STOECK_POINTS]}


def examples(*requests: dict[str, Any]) -> dict[str, Any]:
    """A request model's OpenAPI examples (``class M(_Request, json_schema_extra=examples(...))``)."""
    return {"examples": list(requests)}


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


class _DirectionResult(_Result):
    """A result that names the trick's direction under Slalom and Guschti only: the field is
    left out, as the oracle leaves it out, for the six contracts of one order."""

    direction: Literal["O", "U"] | None = Field(None, description="Slalom, Guschti: the trick's order")

    @model_serializer(mode="wrap")
    def _drop_no_direction(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        out: dict[str, Any] = handler(self)
        if out.get("direction") is None:
            out.pop("direction", None)
        return out


# ----- legal_moves (RULES.md §7) -----


class RulesLegalMovesRequest(
    _Request, json_schema_extra=examples({"contract": "H", "trick": ["C6"], "hand": ["CA", "H7", "S9"]})
):
    contract: ContractCode
    trick: Cards = Field(
        default_factory=list, max_length=3, description="cards already played to this trick, in order"
    )
    hand: Cards = Field(min_length=1, max_length=9, description="the hand of the player to act")


class RulesLegalMovesResult(_Result):
    legal: list[str]


# ----- trick (RULES.md §8, §6) -----


class RulesTrickRequest(
    _Request,
    json_schema_extra={
        **examples({"contract": "H", "trick": ["CA", "H9", "HJ", "C7"], "last": False}),
        **_needs_trick_index(or_last=True),
        # the last trick is trick 9: with last, a trick_index given is 8
        "allOf": [{"if": {"required": ["last"], "properties": {"last": {"const": True}}},
                   "then": {"properties": {"trick_index": {"anyOf": [{"const": 8}, {"type": "null"}]}}}}],
    },
):
    contract: ContractCode
    trick: Cards = Field(min_length=4, max_length=4, description="the 4 cards of the trick, in play order")
    last: StrictBool = Field(False, description="the last trick of the round (+5)")
    trick_index: TrickIndex | None = Field(
        None,
        description="the trick's place in the round, 0..8 (trick 1 is 0): required under Slalom and Guschti "
        "(SLO SLU GUO GUU), whose trick order and card values follow it (8 when last)",
    )


class RulesTrickResult(_DirectionResult):
    winner: int = Field(description="index 0..3 in the trick")
    winning_card: str
    points: int


# ----- card_points (RULES.md §6) -----


class RulesCardPointsRequest(
    _Request,
    json_schema_extra={**examples({"contract": "U", "cards": ["D6", "DA", "S8"]}), **_needs_trick_index(or_last=False)},
):
    contract: ContractCode
    cards: Cards = Field(max_length=36)
    trick_index: TrickIndex | None = Field(
        None,
        description="Slalom and Guschti (required there): the trick 0..8; its cards count at the Obenabe values (J30: "
        "152 a round) unless the profile says slalom_guschti_values=by_trick",
    )


class RulesCardPointsResult(_DirectionResult):
    points: int


# ----- melds and weis (RULES.md §9) -----


class RulesMeld(BaseModel):
    kind: Literal["sequence", "four"]
    cards: list[str]
    points: int


class RulesMeldsRequest(
    _Request, json_schema_extra=examples({"hand": ["D6", "D7", "D8", "HA", "CA", "SA", "DA", "C9", "S10"]})
):
    hand: Hand
    contract: ContractCode | None = Field(None, description="optional: used to rank the best meld")


class RulesDeclaration(BaseModel):
    melds: list[RulesMeld]
    points: int
    best: RulesMeld | None


class RulesMeldsResult(RulesDeclaration, _Result):  # ok, op, assumptions, then the hand's declaration
    pass


class RulesWeisRequest(
    _Request,
    json_schema_extra=examples(
        {"contract": "H", "hands": [["C6", "C7", "C8"], ["D9", "D10", "DJ"], ["S6"], ["H6"]]}
    ),
):
    contract: ContractCode
    hands: list[Hand] = Field(
        min_length=4, max_length=4, description="four card lists by seat; seat 0 is the forehand"
    )


class RulesWeisResult(_Result):
    winner_seat: int | None
    team: int | None
    points: list[int] = Field(description="[team 0, team 1], before the multiplier")
    declarations: list[RulesDeclaration]


# ----- score (RULES.md §11) -----

SCORE_EXAMPLE: dict[str, Any] = {
    "contract": "S",
    "card_points": [95, 57],
    "tricks": [5, 4],
    "last_trick": 0,
    "weis": [50, 0],
    "stoeck": [20, 0],
    "profile": {"preset": "schieber", "multipliers": "ascending"},
}
"""J02's worked example (100 in tricks, 50 Weis, 20 Stöck under ×4): the OpenAPI example and scoring.json's."""


class RulesScoreRequest(
    _Request,
    json_schema_extra={
        **examples(SCORE_EXAMPLE),
        # Stöck is the trump K and Q: none under O U SLO SLU GUO GUU
        "if": {"required": ["contract"], "properties": {"contract": {"pattern": NO_TRUMP_CONTRACT_PATTERN}}},
        "then": {"properties": {"stoeck": {"items": {"const": 0}}}},
    },
):
    contract: ContractCode
    card_points: Pair = Field(description="[t0, t1] card points, summing to 152 (under Slalom and Guschti to one "
                              "of the totals their tricks can make)")
    tricks: Pair = Field(description="[t0, t1] tricks taken, summing to 9")
    last_trick: JsonInt = Field(ge=0, le=1, description="the team (0 or 1) that won trick 9")
    weis: Pair = Field(default_factory=lambda: [0, 0], json_schema_extra=weis_written,
                       description="[t0, t1] Weis before the factor: one team only, sums of melds (20, 50, 100...)")
    stoeck: Pair = Field(default_factory=lambda: [0, 0], json_schema_extra=stoeck_written,
                         description="[t0, t1] Stöck before the factor: 20 for one team at most, none without trump")


class RulesScoreResult(_Result):
    factor: int
    raw: list[int]
    written: list[int]


# ----- crossing (RULES.md §12.3) -----


class RulesBlocks(BaseModel):
    model_config = ConfigDict(extra="forbid")
    weis: Pair = Field(default_factory=lambda: [0, 0], json_schema_extra=one_team_only)
    stoeck: Pair = Field(default_factory=lambda: [0, 0], json_schema_extra=one_team_only)
    tricks: Pair = Field(default_factory=lambda: [0, 0])


class RulesCrossingRequest(
    _Request,
    json_schema_extra=examples(
        {
            "target": 1000,
            "before": [950, 960],
            "blocks": {"weis": [100, 0], "stoeck": [0, 40], "tricks": [100, 114]},
            "profile": "jasvel",
        }
    ),
):
    target: Annotated[StrictInt, Field(ge=1), WHOLE] | None = Field(
        None, description="default: the profile's target"
    )
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


# ----- chalk (TOOLS.md §1.3) -----


class JasstafelMarks(BaseModel):
    """A written total as a Jasstafel carries it (``puur.core.rules.chalk.Marks``): X = 1000, V = 500, strokes of
    100, 50 and 20, and a remainder (TOOLS.md §1.3)."""

    x: int
    v: int
    hundreds: int
    fifties: int
    twenties: int
    remainder: int


class RulesChalkRequest(_Request, json_schema_extra=examples({"value": 2735})):
    value: JsonInt = Field(description="a written total", ge=-CHALK_LIMIT, le=CHALK_LIMIT)


class RulesChalkResult(JasstafelMarks, _Result):  # ok, op, assumptions, then the marks
    pass


# ----- the registry -----


@dataclass(frozen=True)
class Op:
    """One oracle op as every face shows it: its name, its typed request (with OpenAPI examples) and result,
    and what a tool says it does (its rule section follows from ``puur.oracle.OPS``)."""

    name: str
    request: type[BaseModel]
    result: type[BaseModel]
    description: str
    beyond_schema: tuple[str, ...] = ()
    """The rules a request the schema allows may still break (a sum, a rule across fields): the typed
    endpoint's 422 (``impossible_input``) documents each."""

    @property
    def core(self) -> OracleOp:
        """How the oracle answers it, the rule section it cites and its one-line summary."""
        return OPS[self.name]

    @property
    def rule(self) -> str:
        return self.core.rule

    @property
    def summary(self) -> str:
        return self.core.summary

    @property
    def path(self) -> str:
        """The typed endpoint's path under ``/api/v1/rules/`` (``legal_moves`` -> ``legal-moves``)."""
        return self.name.replace("_", "-")

    @property
    def tool_description(self) -> str:
        """What the MCP tool says: the description, then the rule section."""
        return f"{self.description} {self.rule}."

    @property
    def examples(self) -> list[dict[str, Any]]:
        """The request's examples (without ``op``), as the OpenAPI document shows them."""
        extra = self.request.model_config.get("json_schema_extra")
        return list(extra["examples"]) if isinstance(extra, dict) else []  # type: ignore[arg-type]


REGISTRY: dict[str, Op] = {
    op.name: op
    for op in (
        Op("legal_moves", RulesLegalMovesRequest, RulesLegalMovesResult, "The playable cards of a hand.",
           ("no card both in the trick and in the hand",)),
        Op(
            "trick",
            RulesTrickRequest,
            RulesTrickResult,
            "Who wins a trick of 4 cards (in play order, first = led) and its card points (+5 when last).",
        ),
        Op("card_points", RulesCardPointsRequest, RulesCardPointsResult, "Card points of some cards."),
        Op(
            "melds",
            RulesMeldsRequest,
            RulesMeldsResult,
            "Every meld of a hand (up to 9 cards): the declaration that scores most, its points and the best "
            "single meld.",
        ),
        Op(
            "weis",
            RulesWeisRequest,
            RulesWeisResult,
            "Which seat holds the single best Weis and what each team writes (before the multiplier); hands are "
            "four card lists by seat, seat 0 the forehand.",
            ("no card in two hands",),
        ),
        Op(
            "score",
            RulesScoreRequest,
            RulesScoreResult,
            "A round's score: (card points + 5 last trick + 100 match + Weis + Stöck) × the contract's factor, "
            "for both teams. card_points sum to 152, tricks to 9. The result names the multiplier table used.",
            (
                "card_points sum to 152 (under Slalom and Guschti to a total their tricks can make)",
                "tricks sum to 9",
                "a team without a trick has no card points and did not win the last trick",
                "card points the tricks can make (e.g. four tricks hold at least 8 in Obenabe)",
                "Weis at most what two hands declare under the profile",
            ),
        ),
        Op(
            "crossing",
            RulesCrossingRequest,
            RulesCrossingResult,
            "Which team reaches the target first: the round's written blocks "
            '{"weis": [t0, t1], "stoeck": [..], "tricks": [..]} counted in the profile\'s priority order. When '
            "both teams cross in the tricks block the profile's trick_block_tie decides: higher_total gives the "
            "higher total; trick_by_trick (and equal totals) needs first_in_tricks, the team there first with "
            "the tricks counted in order, else the winner is null.",
            (
                "both teams below the target before the round",
                "written Stöck is 20 × a trump contract's factor of the profile",
                "Weis and tricks at most what a round writes under the profile's factors",
            ),
        ),
        Op(
            "chalk",
            RulesChalkRequest,
            RulesChalkResult,
            "A written total as the marks a Jasstafel carries: X = 1000, V = 500, strokes of 100, 50 and 20, and "
            "a remainder.",
        ),
    )
}
"""Every oracle op, in ``puur.oracle.OPS``'s order (a test holds the two to the same names)."""

__all__ = ["REGISTRY", "SCORE_EXAMPLE", "JasstafelMarks", "Op", "RulesAssumptions", "examples"]
