"""Pydantic models of the game API (INTERFACES.md §4): every body and every response.

Validation asks the engine: a profile is what ``RuleProfile.resolve`` accepts, an action what
``parse_action`` parses, a computer seat what the server's ``PlayerPolicy`` allows (checked by the route,
which knows the operator's players). A refusal is a 422 naming the field.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from puur.forms import make_form
from puur.forms.actions import parse_any_action
from puur.game import check_declarations
from puur.profile import RuleProfile
from puur.server.schema_types import NAME_LENGTH, ActionCode, Count, Declaration, ProfileSpec, Seed

HUMAN = "human"
INVITE = "invite"


class GameCreate(BaseModel):
    """A new match: the rule profile, who sits where (``human`` or a computer player), an optional seed."""

    model_config = ConfigDict(extra="forbid")
    profile: ProfileSpec = None
    seats: list[str] = Field(
        ..., min_length=4, max_length=4, examples=[["human", "heuristic", "mcts", "heuristic"]],
        description="seat 0..3: 'human' (on this device), 'invite' (a friend on their own device, by invite link: "
        "docs/api-online-tables.md) or a computer player name with options (partners: 0+2, 1+3)",
        # at least one human seat, spelled as _seats reads it (any case, spaces around)
        json_schema_extra={"contains": {"type": "string", "pattern": r"^\s*[Hh][Uu][Mm][Aa][Nn]\s*$"}},
    )
    seed: Seed | None = Field(
        None,
        description="deal from this seed instead of a secret one: only with one human seat (whoever chose it "
        "knows every hand); the record marks it (seed_source 'chosen')",
    )
    names: list[Annotated[str, Field(max_length=NAME_LENGTH)]] | None = Field(
        None, min_length=4, max_length=4, description="display names by seat, each at most 24 characters"
    )
    deck: Literal["swiss", "french"] = "swiss"
    lang: Literal["de", "en", "fr"] = "en"
    form: Literal["schieber", "coiffeur", "differenzler"] = Field(
        "schieber", description="the game (issue 17): schieber, coiffeur (a sheet of `columns`; the chooser names a "
        "column, 'column:rosen', 'column:joker1=H') or differenzler (each for themselves, `rounds` rounds; every "
        "player first predicts, 'predict:57'); docs/forms.md")
    columns: Literal[8, 10] | None = Field(None, description="Coiffeur: 8 (default) or 10 columns (Slalom, Guschti)")
    rounds: int | None = Field(None, ge=1, le=100, description="Differenzler: the rounds to play (default 4)")
    form_settings: dict[str, Any] | None = Field(
        None, description="the form's table settings: Coiffeur factors (one per column), method (A or B), "
        "joker_may_repeat; Differenzler contract (turned_up or rotate), match_bonus, threshold (a penalty total that ends the game)")

    @field_validator("profile")
    @classmethod
    def _profile(cls, v: str | dict[str, Any] | None) -> str | dict[str, Any] | None:
        RuleProfile.resolve(v)  # raises ValueError with the option at fault
        return v

    @field_validator("seats")
    @classmethod
    def _seats(cls, v: list[str]) -> list[str]:
        """``human`` or a computer seat's spec, stripped; whether the server offers that player is the
        route's question (``PlayerPolicy``: nothing named by a request is imported or built here)."""
        out = []
        for spec in v:
            spec = spec.strip()
            out.append(spec.lower() if spec.lower() in (HUMAN, INVITE) else spec)
        if HUMAN not in out:
            raise ValueError("at least one seat must be 'human'")
        return out

    @field_validator("names")
    @classmethod
    def _names(cls, v: list[str] | None) -> list[str] | None:
        if v is not None:
            v = [n.strip() for n in v]
        return v

    @model_validator(mode="after")
    def _form(self) -> GameCreate:
        """The form and its settings as the engine takes them (``puur.forms.make_form`` says what is wrong)."""
        make_form(self.form, columns=self.columns, rounds=self.rounds, settings=self.form_settings)
        return self

    @model_validator(mode="after")
    def _seed_only_alone(self) -> GameCreate:
        """A chosen seed tells whoever chose it every hand of every round: refused when another human plays."""
        humans = self.seats.count(HUMAN) + self.seats.count(INVITE)
        if self.seed is not None and humans > 1:
            raise ValueError(
                f"seed: a chosen seed is refused in a game with {humans} human seats (whoever chose it would know "
                "every hand); leave it out and the server draws a secret one"
            )
        return self


class InviteLink(BaseModel):
    code: str = Field(..., description="the seat's invite code (144 bits; only its hash is stored)")
    url: str = Field(..., description="the table page with the game and the code, to send to the friend")


class GameCreated(BaseModel):
    game_id: str
    tokens: dict[str, str] = Field(..., description="one secret token per human seat, by seat number")
    seats: list[str]
    invites: dict[str, InviteLink] | None = Field(
        None, description="per invited seat its invite (to the host only); absent without invited seats")


class SeatInfo(BaseModel):
    """Who sits at a seat (docs/api-online-tables.md)."""

    name: str
    kind: Literal["person", "invite", "computer"] = Field(..., description="'invite': waiting for its friend")
    connected: bool = Field(..., description="a live connection of the seat is open (a device's seats share one)")
    host: bool
    player: str | None = Field(..., description="the computer playing the seat (its own, or standing in for its "
                               "absent person); null while a person plays it")


class ActionBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: ActionCode
    declare: list[Declaration] = Field(
        default_factory=list, examples=[["stoeck"], ["weis:1"]], max_length=2, json_schema_extra={"uniqueItems": True},
        description="'stoeck'; 'weis:N' with your trick-1 card: the Weis alternative N of the view's weis_choice; "
        "each at most once",
    )
    seq: Count | None = Field(
        None,
        description="the view's seq the action was chosen on; if given and the game has moved on: 409 stale",
    )

    @field_validator("action")
    @classmethod
    def _action(cls, v: str) -> str:
        return str(parse_any_action(v))

    @field_validator("declare")
    @classmethod
    def _declare(cls, v: list[str]) -> list[str]:
        # the pattern's $ lets a final newline through (Python's re); the game's own check says what is wrong
        return list(check_declarations([d.strip() for d in v]))


class Weis(BaseModel):
    announced: list[list[int]]
    shown: list[list[Any]]


class ScoreSheet(BaseModel):
    """The public score sheet: written rounds with their breakdown, totals, chalk marks, the result."""

    rounds: list[dict[str, Any]]
    totals: list[int]
    marks: list[dict[str, int]]
    target: int
    result: dict[str, Any] | None


class Prefs(BaseModel):
    deck: str
    lang: str


class GameView(BaseModel):
    """One seat's observation (INTERFACES.md §2) plus the public score sheet and the table's settings."""

    seat: int
    phase: str
    hand: list[str]
    dealer: int | None = Field(..., description="null while the table waits for its invited players")
    forehand: int | None = Field(..., description="null while the table waits (the first forehand may be the "
                                 "holder of a card: RULES.md §3.2)")
    pushed: bool
    chooser: int | None
    contract: str | None
    trick_direction: str | None = Field(
        default=None, description="under Slalom and Guschti the order of the current trick: O or U (J30)"
    )
    factor: int
    trick: list[tuple[int, str]]
    tricks: list[dict[str, Any]]
    legal_actions: list[str]
    to_act: int | None
    hand_sizes: list[int]
    scores: list[int]
    round_points: list[int]
    round_number: int
    target: int
    profile: dict[str, Any]
    weis: Weis
    stoeck: dict[str, Any] | None
    winner: int | None
    result: dict[str, Any] | None
    last_round: dict[str, Any] | None
    form: dict[str, Any] | None = Field(
        None, description="Coiffeur or Differenzler (issue 17): the sheet, the column in play, your own prediction "
        "(never another player's before the round ends), who has predicted, the points taken, the turned-up card")
    weis_choice: dict[str, Any] | None = Field(
        None,
        description="your Weis alternatives while you have not played to trick 1, where your hand gives a real "
        "choice (RULES.md §9.3): {alternatives: [{declare: 'weis:N', melds, points, best}], preselected: 'weis:0'}",
    )
    game_id: str
    seats: list[str]
    names: list[str]
    human_seats: list[int]
    status: Literal["waiting", "playing", "over"] = Field(
        ..., description="'waiting' (phase too): an invited seat is open; nothing of the deal is shown (no hand, "
        "no forehand, dealer, contract or turned-up card) and no card is played")
    seating: list[SeatInfo]
    seq: int = Field(..., description="how many actions the game has accepted")
    prefs: Prefs
    sheet: ScoreSheet
    fair_deal: FairDeal
    previous_trick: dict[str, Any] | None = Field(
        None,
        description="the last trick of the previous round ({leader, cards, winner, points}, as in tricks): "
        "public; null in round 1 or when that round ended before a trick",
    )


class FairDeal(BaseModel):
    """The deals' commitment (puur.fairness): SHA-256 of ``puur-seed-v1:SALT:SEED``, shown from the first card;
    the seed and salt only once the match is over (then ``puur verify`` checks the record)."""

    commitment: str | None = Field(..., description="lowercase hex SHA-256; null for a game stored before commitments")
    seed_source: Literal["drawn", "chosen"] = Field(..., description="drawn by the server, or chosen at creation")
    seed: str | None = Field(..., description="the seed in decimal, once the match is over; null before")
    salt: str | None = Field(..., description="32 hex digits, once the match is over; null before")


class Why(BaseModel):
    """Why a card may not be played: ``reason`` in English; ``code`` and ``params`` the same for a page in
    any language (``puur.rules.legal.REFUSAL_TEXTS``; ``not_your_turn`` with ``seat``, ``match_over``)."""

    card: str
    legal: bool
    reason: str | None
    code: str | None = Field(None, description="a stable refusal code; null when the card may be played")
    params: dict[str, str | int | list[str]] = Field(
        default_factory=dict, description="the code's parameters: cards as codes, the suit led as its letter"
    )


class LookupBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    tokens: list[str] = Field(..., max_length=200)


class GameSummary(BaseModel):
    """Public metadata of a game a token holds a seat in: no cards."""

    game_id: str
    seat: int
    status: str
    seats: list[str]
    names: list[str]
    scores: list[int]
    target: int
    profile: str
    round_number: int
    to_act: int | None
    created: float
    updated: float


class GameList(BaseModel):
    games: list[GameSummary]


class TableOptions(BaseModel):
    presets: dict[str, dict[str, Any]]
    multiplier_tables: dict[str, dict[str, int]]
    players: list[str]
    strengths: dict[str, str]


class RulesBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    profile: ProfileSpec = None


class RulesOrder(BaseModel):
    label: str
    suit: str
    cards: list[str]
    points: list[int]


class RulesContract(BaseModel):
    code: str
    factor: int
    orders: list[RulesOrder]


class TableRules(BaseModel):
    profile: dict[str, Any]
    contracts: list[RulesContract]


class Error(BaseModel):
    detail: str
