"""Pydantic models of the game API (INTERFACES.md §4): every body and every response.

Validation asks the engine: a profile is what ``RuleProfile.resolve`` accepts, an action what
``parse_action`` parses, a computer seat what the server's ``PlayerPolicy`` allows (checked by the route,
which knows the operator's players). A refusal is a 422 naming the field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    StrictBool,
    StrictInt,
    Tag,
    WithJsonSchema,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from puur.core.actions import parse_any_action
from puur.core.profile import RuleProfile
from puur.match.forms import make_form
from puur.match.forms.differenzler import CONTRACT_RULES, MAX_ROUNDS, PREDICTIONS
from puur.match.game import check_declarations
from puur.schema_types import (
    NAME_LENGTH,
    SEAT_NAME_SCHEMA,
    WHOLE,
    ActionCode,
    Count,
    Declaration,
    Factor,
    ProfileSpec,
    SeatName,
    Seed,
    name_taken,
)
from puur.server.live import default_names
from puur.server.policy import BUILTIN_SPECS, MAX_SPEC_LENGTH
from puur.table.seats import HUMAN, INVITE
from puur.tools.differenzler import MAX_THRESHOLD

PERSON_SEATS = (HUMAN, INVITE)
"""A seat a person takes: here (``human``) or by invite link (``invite``)."""
PLAYER_SEAT_PATTERN = f"^(?:{BUILTIN_SPECS})$"
"""A computer's seat: a player the server offers (``PlayerPolicy.spec_pattern``; the served document names the
operator's players too: ``puur.server.policy.state_players``)."""


def _seats_schema(schema: dict[str, Any]) -> None:
    schema["items"] = {
        "anyOf": [{"enum": list(PERSON_SEATS)},
                  {"type": "string", "maxLength": MAX_SPEC_LENGTH, "pattern": PLAYER_SEAT_PATTERN}],
        "examples": ["human", "invite", "heuristic", "mcts:level=easy"],
    }
    schema["contains"] = {"const": HUMAN}  # a person at this device


def _blank_is_default(value: Any) -> Any:
    """A name of spaces only (or none) leaves the seat the table's name for it (``names_by_seat``)."""
    return None if isinstance(value, str) and len(value) <= NAME_LENGTH and not value.strip(" ") else value


if TYPE_CHECKING:
    SeatNameGiven = str | None
else:
    SeatNameGiven = Annotated[
        SeatName | None,
        BeforeValidator(_blank_is_default),
        WithJsonSchema({"anyOf": [SEAT_NAME_SCHEMA, {"type": "null"},
                                  {"type": "string", "maxLength": NAME_LENGTH, "pattern": "^ *$"}],
                        "description": "the seat's name (SeatName), or null or only spaces: the table's name "
                        "for the seat (You, Player N, Computer N)"}),
    ]


def with_a_person(seats: list[str]) -> list[str]:
    """A table's seats with someone at this device among them (``human``): a table of computers alone is not
    a game a page plays (``ValueError`` otherwise)."""
    if HUMAN not in seats:
        raise ValueError("at least one seat must be 'human'")
    return seats


def seat_names_apart(names: list[str | None] | None) -> list[str | None] | None:
    """The names given to a table's seats, each told apart from the others (``name_taken``: not by case alone,
    the rule of join too); a 422 ``name_taken`` naming the seat otherwise."""
    for seat, name in enumerate(names or []):
        if name is not None and name_taken(names or [], seat, name):
            raise PydanticCustomError(
                "name_taken", "seat {seat}: '{name}' is another seat's name at this table: choose another",
                {"seat": seat, "name": name},
            )
    return names


class _NewGame(BaseModel):
    """What every game form takes: the rule profile, who sits where (``human``, ``invite`` or a computer
    player), an optional seed, the names, the page's deck and language."""

    model_config = ConfigDict(extra="forbid")
    profile: ProfileSpec = None
    seats: list[str] = Field(
        ..., min_length=4, max_length=4, examples=[["human", "heuristic", "mcts", "heuristic"]],
        description="seat 0..3: 'human' (on this device), 'invite' (a friend on their own device, by invite link: "
        "docs/api-online-tables.md) or a computer player the server offers, with options (GET /table/options; "
        "partners: 0+2, 1+3); at least one 'human'",
        json_schema_extra=_seats_schema,
    )
    seed: Seed | None = Field(
        None,
        description="deal from this seed instead of a secret one: only with one human or invited seat (whoever "
        "chose it knows every hand); the record marks it (seed_source 'chosen')",
    )
    names: list[SeatNameGiven] | None = Field(
        None, min_length=4, max_length=4, examples=[["Vreni", None, "Hans Peter", "Zoë"]],
        description="display names by seat (SeatName: one rule with join's name); no two alike, case aside (422 "
        "name_taken: a rule across the list, which no schema states); null or blank: the table's name for the seat",
    )
    deck: Literal["swiss", "french"] = "swiss"
    lang: Literal["de", "en", "fr"] = "en"

    @field_validator("profile")
    @classmethod
    def _profile(cls, v: str | dict[str, Any] | None) -> str | dict[str, Any] | None:
        RuleProfile.resolve(v)  # raises ValueError with the option at fault
        return v

    @field_validator("seats")
    @classmethod
    def _seats(cls, v: list[str]) -> list[str]:
        """``human``, ``invite`` or a computer seat's spec, written as the schema writes it: whether the server
        offers that player is the route's question (``PlayerPolicy.check``, which also bounds its length;
        nothing named by a request is imported or built)."""
        for seat, spec in enumerate(v):
            if spec != spec.strip():
                raise ValueError(f"seat {seat}: no spaces around {spec.strip()!r}")
        return with_a_person(v)

    @field_validator("names")
    @classmethod
    def _names(cls, v: list[str | None] | None) -> list[str | None] | None:
        """Two seats are never told apart by case alone (``name_taken``, the rule of join too)."""
        return seat_names_apart(v)

    @model_validator(mode="after")
    def _seed_only_alone(self) -> _NewGame:
        """A chosen seed tells whoever chose it every hand of every round: refused when another human plays."""
        humans = self.seats.count(HUMAN) + self.seats.count(INVITE)
        if self.seed is not None and humans > 1:
            raise ValueError(
                f"seed: a chosen seed is refused in a game with {humans} human seats (whoever chose it would know "
                "every hand); leave it out and the server draws a secret one"
            )
        return self

    def names_by_seat(self, seats: list[str]) -> list[str] | None:
        """The names to store for ``seats`` (the table's, an invited seat a ``human`` one): each seat not named
        gets the table's name for it (``default_names``); None when no seat is named (the table names all)."""
        if self.names is None or all(n is None for n in self.names):
            return None
        return [n if n is not None else d for n, d in zip(self.names, default_names(seats), strict=True)]

    @model_validator(mode="after")
    def _form(self) -> _NewGame:
        """The form as the engine builds it from these settings (``puur.match.forms.make_form`` says what is
        wrong): a Coiffeur sheet, a Differenzler table; the Schieber takes none."""
        s = self.settings()
        make_form(s["form"], columns=s["columns"], rounds=s["rounds"], settings=s["form_settings"])
        return self

    def settings(self) -> dict[str, Any]:
        """The game's settings as the server stores them (every form's keys; the form's own settings as given)."""
        out = {"columns": None, "rounds": None, "form_settings": None, **self.model_dump(exclude={"form_settings"})}
        given = getattr(self, "form_settings", None)
        if given is not None:
            out["form_settings"] = given.model_dump(exclude_unset=True)
        out["profile"] = self.profile if self.profile is not None else "schieber"
        return out


def _seed_needs_one_person(schema: dict[str, Any]) -> None:
    """The schema's side of ``_seed_only_alone``: with a seed, at most one seat of a person."""
    schema["if"] = {"required": ["seed"], "properties": {"seed": {"type": "integer"}}}
    schema["then"] = {"properties": {"seats": {"contains": {"enum": list(PERSON_SEATS)}, "maxContains": 1}}}


def _unset(schema: dict[str, Any]) -> None:
    """A setting left out keeps the form's default: the schema shows none (null is not a value it takes)."""
    schema.pop("default", None)


class SchieberGame(_NewGame, json_schema_extra=_seed_needs_one_person):
    """A Schieber match (the default form): no form settings."""

    form: Literal["schieber"] = Field("schieber", description="the game: schieber (the default), coiffeur or "
                                      "differenzler (docs/forms.md)")
    rated: StrictBool = Field(False, description="true: the match counts for the ratings of the remembered "
                              "players at the table (docs/ratings.md); a public table's always do")


class CoiffeurSettings(BaseModel):
    """A Coiffeur table's settings (``puur.match.forms.coiffeur.CoiffeurForm``)."""

    model_config = ConfigDict(extra="forbid")
    factors: list[Factor] = Field(None, min_length=8, max_length=10, json_schema_extra=_unset,  # type: ignore[arg-type]
                                  description="one factor per column: 8, or for 10 columns 10 (or 8: Slalom and "
                                  "Guschti keep theirs, ×9 and ×10, Puur's choice: the pages leave them to the table)")
    method: Literal["A", "B", "a", "b"] = Field(None, json_schema_extra=_unset,  # type: ignore[arg-type]
                                                description="A: box × factor (default); B: tens of the multiplied round")
    joker_may_repeat: StrictBool = Field(None, json_schema_extra=_unset,  # type: ignore[assignment]
                                         description="true (default): a joker names any contract; false: a team's "
                                         "two jokers hold two different contracts")
    opponents_count: StrictBool = Field(None, json_schema_extra=_unset,  # type: ignore[assignment]
                                        description="true (default, J27: the factor applies to both teams): the "
                                        "other team's round, in tens with the column's factor, adds to its total; "
                                        "false: the boxes only")


def _coiffeur_schema(schema: dict[str, Any]) -> None:
    """The factors per sheet: 8 for 8 columns (the default), 8 or 10 for 10 (``CoiffeurForm``)."""
    _seed_needs_one_person(schema)
    ten = {"required": ["columns"], "properties": {"columns": {"const": 10}}}

    def factors(rule: dict[str, Any]) -> dict[str, Any]:
        return {"properties": {"form_settings": {"properties": {"factors": rule}}}}

    schema["allOf"] = [{"if": ten, "then": factors({"not": {"minItems": 9, "maxItems": 9}}),
                        "else": factors({"maxItems": 8})}]


class CoiffeurGame(_NewGame, json_schema_extra=_coiffeur_schema):
    """A Coiffeur match: a sheet of 8 or 10 columns (docs/forms.md)."""

    form: Literal["coiffeur"]
    columns: Annotated[Literal[8, 10], WHOLE] | None = Field(
        None, description="8 (default) or 10 columns (with Slalom and Guschti)")
    form_settings: CoiffeurSettings | None = None


class DifferenzlerSettings(BaseModel):
    """A Differenzler table's settings (``puur.match.forms.differenzler.DifferenzlerForm``)."""

    model_config = ConfigDict(extra="forbid")
    contract: Literal[CONTRACT_RULES] = Field(None, json_schema_extra=_unset,  # type: ignore[assignment,valid-type]
                                              description="turned_up (default: the dealer's card turned up, its suit "
                                              "trump), rotate (the six in turn, Obenabe and Undenufe among them) or "
                                              "forehand (the forehand names any of the six)")
    match_bonus: StrictBool = Field(None, json_schema_extra=_unset,  # type: ignore[assignment]
                                    description="true (default, page 28): a match counts its 100, 257 for the round; "
                                    "the highest prediction follows (legal_actions and the view's form.most)")
    threshold: Annotated[StrictInt, Field(ge=1, le=MAX_THRESHOLD), WHOLE] | None = Field(
        None, description="a penalty total that ends the game after its round; without rounds the only end")
    predictions: Literal[PREDICTIONS] = Field(None, json_schema_extra=_unset,  # type: ignore[assignment,valid-type]
                                              description="open (default, page 28: each prediction announced to all "
                                              "when made) or covered (hidden until the round ends)")
    weis_stoeck: StrictBool = Field(None, json_schema_extra=_unset,  # type: ignore[assignment]
                                    description="false (default); true: the best Weis's holder adds their Weis, "
                                    "Stöck's holder 20 (page 23), and the highest prediction grows with them")


class DifferenzlerGame(_NewGame, json_schema_extra=_seed_needs_one_person):
    """A Differenzler game: each for themselves, every player first predicts (docs/forms.md)."""

    form: Literal["differenzler"]
    rounds: Annotated[StrictInt, Field(ge=1, le=MAX_ROUNDS), WHOLE] | None = Field(
        None, description="the rounds to play (default 4; with a threshold and no rounds the threshold alone ends it)")
    form_settings: DifferenzlerSettings | None = None


def _form_of(value: Any) -> Any:
    """The body's form (``schieber`` when left out): which of the three models reads it."""
    if isinstance(value, dict):
        return value.get("form", "schieber")
    return getattr(value, "form", None)


if TYPE_CHECKING:
    GameCreate = SchieberGame | CoiffeurGame | DifferenzlerGame
else:
    GameCreate = Annotated[
        Annotated[SchieberGame, Tag("schieber")] | Annotated[CoiffeurGame, Tag("coiffeur")]
        | Annotated[DifferenzlerGame, Tag("differenzler")],
        Discriminator(_form_of, custom_error_type="form",
                      custom_error_message="form: the game is schieber (the default), coiffeur or differenzler"),
    ]
    """A new match, one model per game form (``form``, schieber when left out): a form's settings are its own."""


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
    kind: Literal["person", "invite", "reserved", "computer"] = Field(
        ..., description="'invite': waiting for its friend; 'reserved': a rematch's seat kept for its person")
    connected: bool = Field(..., description="a live connection of the seat is open (a device's seats share one)")
    host: bool
    player: str | None = Field(..., description="the computer playing the seat (its own, or standing in for its "
                               "absent person); null while a person plays it")


class Awaited(BaseModel):
    """The absent person an online table waits for at their turn (docs/api-online-tables.md "Absence")."""

    seat: int = Field(..., description="the seat whose turn it is; its person has no live connection")
    hand_over_at: float = Field(..., description="Unix time (the server's clock, seconds) at which a computer "
                                "plays for them (ServerSettings.away_seconds after the turn came or they left; "
                                "abandon_seconds for the last person at a rated table, docs/lobby.md)")


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
    deals: int | None = Field(None, description="the deals a duplicate tournament's table plays (its deal plan): "
                              "the match ends when they are played, whatever the target; null for a match "
                              "played to its target (docs/tournaments.md)")
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
    forehand_holds: str | None = Field(
        default=None, description="the card the forehand is known to hold: in a match's first round under a "
        "holder: profile the 7 whose holder leads (RULES.md §3.2); null in later rounds, under dealer_right and "
        "where the first forehand was given rather than found by the rule")
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
        None, description="Coiffeur or Differenzler: the sheet (Coiffeur: the boxes and each team's opponents' "
        "line), the column in play, your own prediction, `announced` (open predictions: every player's as made; "
        "null under covered ones, which no other seat sees before the round ends), who has predicted, the points "
        "taken, the turned-up card and `most`, the highest prediction the settings allow (257 with the match)")
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
    help: bool = Field(..., description="whether hints and undo are offered to this seat: a match in play at a "
                       "table of one person against computers")
    awaited: Awaited | None = Field(None, description="an online table waiting for an absent person at their "
                                    "turn: who, and when a computer plays for them; null otherwise")
    watchers: int = Field(0, description="how many spectators watch the table (a public table: docs/lobby.md)")
    seq: int = Field(..., description="how many actions the game has accepted")
    prefs: Prefs
    sheet: ScoreSheet
    fair_deal: FairDeal
    previous_trick: dict[str, Any] | None = Field(
        None,
        description="the last trick of the previous round ({leader, cards, winner, points}, as in tricks): "
        "public; null in round 1 or when that round ended before a trick",
    )


class SpectatorView(BaseModel):
    """What a spectator sees (docs/lobby.md, ``puur.table.watch``): no hand, no trick in play, the cards
    played one trick behind. A person who sat down during a round sees it too until their round (``seat``,
    ``arriving``)."""

    game_id: str
    seat: int | None = Field(..., description="null for a spectator")
    spectator: bool
    arriving: bool | None = Field(None, description="a person who plays from the next round")
    status: Literal["waiting", "playing", "over"]
    seq: int
    names: list[str]
    seats: list[str]
    seating: list[SeatInfo]
    round_number: int
    dealer: int | None
    chooser: int | None
    pushed: bool
    contract: str | None
    tricks: list[dict[str, Any]] = Field(..., description="the round's tricks shown: each one once the next has "
                                         "begun, all of them once the round has ended")
    round_points: list[int] = Field(..., description="the points of the tricks shown")
    previous_trick: dict[str, Any] | None
    scores: list[int]
    target: int
    sheet: ScoreSheet
    watchers: int
    prefs: Prefs


class FairDeal(BaseModel):
    """The deals' commitment (puur.match.fairness): SHA-256 of ``puur-seed-v1:SALT:SEED``, shown from the first card;
    the seed and salt only once the match is over (then ``puur verify`` checks the record)."""

    commitment: str | None = Field(..., description="lowercase hex SHA-256; null for a game stored before commitments")
    seed_source: Literal["drawn", "chosen"] = Field(..., description="drawn by the server, or chosen at creation")
    seed: str | None = Field(..., description="the seed in decimal, once the match is over; null before")
    salt: str | None = Field(..., description="32 hex digits, once the match is over; null before")


class Why(BaseModel):
    """Why a card may not be played: ``reason`` in English; ``code`` and ``params`` the same for a page in
    any language (``puur.core.rules.legal.REFUSAL_TEXTS``; ``not_your_turn`` with ``seat``, ``match_over``)."""

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
