"""Types the HTTP API's request models share, so that the OpenAPI document says exactly what the server takes.
They sit below the server: the rules oracle's operations (``puur.ops``, also read by ``puur rules eval`` and
MCP) and the server's models use them alike.

INTERFACES.md §4: the server's OpenAPI document describes the API, and a body that does not parse is 422
naming the field. A schema-valid request is therefore never refused for its form, only for a rule that a
schema cannot state (a card in two hands, points that do not sum to 157...). Three kinds of value need care:

- Cards, contracts and actions ("Names and notation"): any case, ``T`` for 10, the Swiss and French contract
  names. Their patterns are built from the spellings ``puur.core.cards`` parses (``CARD_SPELLINGS``,
  ``CONTRACT_SPELLINGS``, ``PUSH_SPELLINGS``), so they cannot drift from the parser. The pattern is checked
  with Python's ``re`` (the dialect of the schema's checkers here); the parser then reads the value.
- Integers: JSON Schema counts ``611226.0`` as an integer, so ``JsonInt`` takes a float with no fractional
  part as that integer, and refuses true/false, strings and 3.5 (no silent coercion).
- Profiles: a preset name from ``PRESETS``, or ``{"preset": NAME, ...overrides}`` whose options are typed
  from ``puur.core.profile`` (``CHOICES``, ``BOOL_OPTIONS``, ``NULLABLE_BOOL_OPTIONS``, the multiplier tables).
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import re
from collections.abc import Callable, Iterable
from decimal import Decimal
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    StrictBool,
    StrictFloat,
    StrictInt,
    ValidationError,
    ValidatorFunctionWrapHandler,
    WithJsonSchema,
    WrapValidator,
    create_model,
)
from pydantic_core import PydanticCustomError

from puur.core.cards import CARD_SPELLINGS, CLAIM_SPELLING, CONTRACT_SPELLINGS, PUSH_SPELLINGS, Card, Contract
from puur.core.profile import (
    BOOL_OPTIONS,
    CHOICES,
    MULTIPLIER_TABLES,
    NULLABLE_BOOL_OPTIONS,
    PRESETS,
    PROFILE_VERSION,
    RuleProfile,
)
from puur.info.position import EXAMPLE as POSITION_EXAMPLE
from puur.info.position import MAX_LENGTH as POSITION_MAX_LENGTH
from puur.info.position import PATTERN as POSITION_PATTERN

if TYPE_CHECKING:
    from fastapi import FastAPI

# ----- integers -----


def _whole_float_as_int(value: Any) -> Any:
    """611226.0 is the JSON integer 611226 (JSON Schema: a number with a zero fractional part is an integer)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


WHOLE = BeforeValidator(_whole_float_as_int)
"""Put last in an ``Annotated`` integer, after its ``Field`` bounds: ``Annotated[StrictInt, Field(ge=0), WHOLE]``
(bounds after it would land on the validator, and the schema would show ``ge`` instead of ``minimum``)."""
JsonInt = Annotated[StrictInt, WHOLE]
"""An integer as JSON Schema means it: an int, or a float with no fractional part; never a bool or a string.
Bounds go on the field (``x: JsonInt = Field(ge=0)``) or use ``WHOLE`` as above."""

SEED_MAX = 2**63 - 1
"""The largest seed (a signed 64-bit integer), written exactly: ``lt=2**63`` shows as a rounded float."""
Seed = Annotated[StrictInt, Field(ge=0, le=SEED_MAX), WHOLE]
NAME_LENGTH = 24
"""The longest name a seat or a player is shown by (the table's name fields hold as many)."""
Team = Annotated[StrictInt, Field(ge=0, le=1), WHOLE]
"""Team 0 (seats 0 and 2) or team 1 (seats 1 and 3), INTERFACES.md "Names and notation"."""
Count = Annotated[StrictInt, Field(ge=0), WHOLE]

# ----- cards, contracts, actions -----


def any_case(word: str) -> str:
    """``obenabe`` -> ``[Oo][Bb]...``: case-insensitive without a flag (JSON Schema patterns take none)."""
    return "".join(f"[{c.upper()}{c.lower()}]" if c.isalpha() else re.escape(c) for c in word)


def spelling_pattern(words: Iterable[str]) -> str:
    """An anchored pattern matching exactly ``words`` in any case (longest first, then alphabetical)."""
    alternatives = sorted({w.lower() for w in words}, key=lambda w: (-len(w), w))
    return "^(?:" + "|".join(any_case(w) for w in alternatives) + ")$"


def _digits_between(low: str, high: str) -> list[str]:
    """Patterns for the digit strings of one length from ``low`` to ``high`` (zeros in front count as digits)."""
    n = len(low)
    if low == high:
        return [low]
    if n == 1:
        return [f"[{low}-{high}]"]
    if low[1:] == "0" * (n - 1) and high[1:] == "9" * (n - 1):
        return [f"[{low[0]}-{high[0]}][0-9]{{{n - 1}}}"]
    if low[0] == high[0]:
        return [low[0] + "(?:" + "|".join(_digits_between(low[1:], high[1:])) + ")"]
    parts = _digits_between(low, low[0] + "9" * (n - 1))
    first, last = int(low[0]) + 1, int(high[0]) - 1
    if first <= last:
        parts.append(f"{first if first == last else f'[{first}-{last}]'}[0-9]{{{n - 1}}}")
    return parts + _digits_between(high[0] + "0" * (n - 1), high)


def whole_number_pattern(low: int, high: int) -> str:
    """An unanchored pattern for the whole numbers ``low..high`` (0 <= low <= high) as written plainly: digits
    without a sign or a zero in front (``7``, ``2000``), so that a number in a string has one spelling."""
    parts: list[str] = []
    for n in range(len(str(low)), len(str(high)) + 1):
        a, b = max(low, 10 ** (n - 1) if n > 1 else 0), min(high, 10**n - 1)
        if a <= b:
            parts += _digits_between(str(a), str(b))
    return "(?:" + "|".join(parts) + ")"


def decimal_pattern(low: float, high: float, places: int = 2) -> str:
    """An unanchored pattern for the numbers from ``low`` to ``high`` (not negative) written plainly with at
    most ``places`` decimals: ``1``, ``0.5``, ``0.25`` (``whole_number_pattern`` before the point)."""
    scale = 10**places
    lo = math.ceil(Decimal(str(low)) * scale)
    hi = math.floor(Decimal(str(high)) * scale)
    parts = []
    if -(-lo // scale) <= hi // scale:
        parts.append(whole_number_pattern(-(-lo // scale), hi // scale))
    for k in range(1, places + 1):
        unit = 10**k
        a, b = -(-lo // 10 ** (places - k)), hi // 10 ** (places - k)  # the numbers in units of 10**-k
        if a > b:
            continue
        (ia, fa), (ib, fb) = divmod(a, unit), divmod(b, unit)
        tail = f"[0-9]{{{k}}}"

        def fraction(f0: int, f1: int, k: int = k) -> str:
            return "(?:" + "|".join(_digits_between(f"{f0:0{k}d}", f"{f1:0{k}d}")) + ")"

        if ia == ib:
            parts.append(f"{ia}\\.{fraction(fa, fb)}")
            continue
        parts.append(f"{ia}\\.{fraction(fa, unit - 1)}")
        if ia + 1 <= ib - 1:
            parts.append(f"{whole_number_pattern(ia + 1, ib - 1)}\\.{tail}")
        parts.append(f"{ib}\\.{fraction(0, fb)}")
    return "(?:" + "|".join(parts) + ")"


CARD_PATTERN = spelling_pattern(CARD_SPELLINGS)
CONTRACT_PATTERN = spelling_pattern(CONTRACT_SPELLINGS)
ONE_ORDER_CONTRACT_PATTERN = spelling_pattern(w for w in CONTRACT_SPELLINGS if not Contract.parse(w).changes_direction)
"""The contracts of one order for the whole round (not Slalom or Guschti)."""
FORM_ACTION_PATTERN = r"[Cc][Oo][Ll][Uu][Mm][Nn]:[A-Za-z0-9 ]{1,20}(?:=[A-Za-z-]{1,20})?|[Pp][Rr][Ee][Dd][Ii][Cc][Tt]:[0-9]{1,3}"
"""The game forms' actions (``puur.core.actions``, docs/forms.md): ``column:KEY`` or ``column:KEY=CONTRACT``
and ``predict:N``; which column or number is legal is the engine's answer."""


def _spellings_of(card: Card) -> list[str]:
    """Every way to write ``card`` (``H10``, ``h10``, ``HT``, ``hT``, ``Ht``, ``ht``), in a fixed order."""
    return sorted({"".join(p) for w in CARD_SPELLINGS if Card.parse(w) == card
                   for p in itertools.product(*({c.upper(), c.lower()} for c in w))})


EACH_CARD_ONCE: list[dict[str, Any]] = [
    {"contains": {"enum": _spellings_of(card)}, "minContains": 0, "maxContains": 1} for card in Card
]
"""JSON Schema 2020-12 (OpenAPI 3.1) for "no card twice in a list, in any spelling": for each of the 36 cards,
at most one item is one of its spellings (``H10``, ``h10``, ``HT``, ``ht``...). ``uniqueItems`` alone lets
``["H10", "ht"]`` through, which the parsers refuse. The served document carries it (``each_card_once``); the
MCP tools' schemas, read by language models, keep ``uniqueItems`` and the description (3 kB less per list)."""
ACTION_PATTERN = spelling_pattern({*CARD_SPELLINGS, *CONTRACT_SPELLINGS, *PUSH_SPELLINGS, CLAIM_SPELLING})[:-2] + "|" + FORM_ACTION_PATTERN + ")$"
DECLARATION_PATTERN = "^(?:stoeck|weis:[0-9]{1,3})$"
"""``stoeck`` or ``weis:N`` (puur.match.game ``DECLARATIONS``, ``weis_choice_index``: N at most three digits)."""


def _matching(pattern: str, what: str, hint: str) -> Callable[[str], str]:
    """Python's ``re.fullmatch`` with the schema's pattern: the same verdict as a checker of the schema
    (ECMA-262's ``$`` ends the text; Python's ``re.search`` would let a final newline through)."""
    compiled = re.compile(pattern)

    def check(value: str) -> str:
        if compiled.fullmatch(value) is None:
            raise PydanticCustomError(
                "string_pattern_mismatch", "'{value}' is not {what}: {hint}", {"value": value, "what": what, "hint": hint}
            )
        return value

    return check


def _spelled(pattern: str, what: str, description: str, examples: list[str]) -> Any:
    return Annotated[
        str,
        AfterValidator(_matching(pattern, what, description)),
        WithJsonSchema({"type": "string", "pattern": pattern, "description": description, "examples": examples}),
    ]


if TYPE_CHECKING:  # what the validated value is: a str, None, a plain dict
    CardCode = str
    ContractCode = str
    OneOrderContract = str
    ActionCode = str
    Declaration = str
    PresetName = str
    TableName = str
    Cards = list[str]
    ProfileSpec = str | dict[str, Any] | None
else:
    PresetName = Literal[tuple(PRESETS)]
    TableName = Literal[tuple(MULTIPLIER_TABLES)]
    CardCode = _spelled(
        CARD_PATTERN,
        "a card",
        "a card: suit C D H S and rank A K Q J 10 9 8 7 6 (T for 10), any case; e.g. H10, DA",
        ["H10", "DA"],
    )
    ContractCode = _spelled(
        CONTRACT_PATTERN,
        "a contract",
        "C D H S (that suit is trump), O Obenabe, U Undenufe, SLO/SLU Slalom and GUO/GUU Guschti (Obenabe/Undenufe "
        "first), or a Swiss or French name ("
        + ", ".join(sorted(w for w in CONTRACT_SPELLINGS if len(w) > 1))
        + "); any case",
        ["H", "obenabe"],
    )
    OneOrderContract = _spelled(
        ONE_ORDER_CONTRACT_PATTERN,
        "a contract of one order",
        "C D H S (that suit is trump), O Obenabe or U Undenufe, or a Swiss or French name; any case (not Slalom "
        "or Guschti, whose order changes by trick)",
        ["H", "obenabe"],
    )
    Cards = Annotated[list[CardCode], Field(json_schema_extra={"uniqueItems": True})]
    """Cards without a repeat in any spelling (the parsers refuse ``H10`` with ``ht`` too): ``uniqueItems``
    here, and in the served document ``EACH_CARD_ONCE`` (``each_card_once``)."""
    ActionCode = _spelled(
        ACTION_PATTERN,
        "an action",
        "a card (H10), a contract (C D H S O U, SLO SLU GUO GUU, or its name), P or schieben to push, or claim; "
        "any case",
        ["H10", "P", "H", "column:rosen", "predict:57"],
    )
    Declaration = _spelled(
        DECLARATION_PATTERN,
        "a declaration",
        "'stoeck', or 'weis:N' with your trick-1 card: the Weis alternative N of the view's weis_choice",
        ["stoeck", "weis:1"],
    )

# ----- positions (docs/position-notation.md) -----

if TYPE_CHECKING:
    PositionText = str
else:
    PositionText = Annotated[
        str,
        AfterValidator(_matching(POSITION_PATTERN, "a position line", "puur1 PROFILE SEATS CONTRACT HANDS PLAY")),
        WithJsonSchema(
            {
                "type": "string",
                "pattern": POSITION_PATTERN,
                "maxLength": POSITION_MAX_LENGTH,
                "description": "a position in Puur's notation (docs/position-notation.md): 'puur1 PROFILE dDfF "
                "CONTRACT HANDS PLAY', the four hands as they are now (seats 0 to 3) and the tricks so far",
                "examples": [POSITION_EXAMPLE],
            }
        ),
        Field(max_length=POSITION_MAX_LENGTH),
    ]
    """A position line of the deal form (``puur.info.position``): the schema states its shape and length; that it
    is a position (36 cards, legal play) is the parser's rule, a 422 naming the field of the line at fault."""

# ----- rule profiles (RULES.md §14) -----

Factor = Annotated[StrictInt, Field(ge=1, le=100), WHOLE]
Target = Annotated[StrictInt, Field(ge=100, le=100_000), WHOLE]


def _no_null(schema: dict[str, Any]) -> None:
    """An optional factor shows no default (null is not a factor)."""
    schema.pop("default", None)


class MultiplierTable(BaseModel):
    """An explicit multiplier table: a factor 1..100 for each contract (RULES.md §11.3)."""

    model_config = ConfigDict(extra="forbid")
    C: Factor
    D: Factor
    H: Factor
    S: Factor
    O: Factor  # noqa: E741 - the contract's own letter
    U: Factor
    # Slalom and Guschti: optional, never null; left out, the starting direction's factor
    SLO: Factor = Field(None, description="Slalom, Obenabe first; default: the O factor", json_schema_extra=_no_null)  # type: ignore[assignment]
    SLU: Factor = Field(None, description="Slalom, Undenufe first; default: the U factor", json_schema_extra=_no_null)  # type: ignore[assignment]
    GUO: Factor = Field(None, description="Guschti, Obenabe first; default: the O factor", json_schema_extra=_no_null)  # type: ignore[assignment]
    GUU: Factor = Field(None, description="Guschti, Undenufe first; default: the U factor", json_schema_extra=_no_null)  # type: ignore[assignment]


class Schneider(BaseModel):
    """RULES.md §12.4: below this fraction of the target the loser is Schneider, counted as that many games."""

    model_config = ConfigDict(extra="forbid")
    below_fraction: Annotated[StrictFloat, Field(gt=0, lt=1)]
    counts_games: Annotated[StrictInt, Field(ge=1, le=100), WHOLE]


def _option_type(name: str) -> Any:
    """The type of one profile option, from the tables ``RuleProfile`` validates with."""
    if name in CHOICES:
        return Literal[CHOICES[name]]
    if name in BOOL_OPTIONS:
        return StrictBool
    if name in NULLABLE_BOOL_OPTIONS:
        return StrictBool | None
    return {
        "multipliers": TableName | MultiplierTable,
        "target": Target,
        "targets_offered": Annotated[list[Target], Field(max_length=20)],
        "schneider": Schneider | None,
    }[name]


_OPTIONS = [f.name for f in dataclasses.fields(RuleProfile) if f.name not in ("name", "version")]


def _unset(schema: dict[str, Any]) -> None:
    """An option left out keeps the preset's value: the schema shows no default (null is not its value)."""
    schema.pop("default", None)


ProfileOverrides: type[BaseModel] = create_model(  # type: ignore[call-overload]
    "ProfileOverrides",
    __config__=ConfigDict(extra="forbid"),
    __doc__='{"preset": NAME, ...overrides}: a preset and the options that differ from it (RULES.md §14.1).',
    preset=(PresetName, "schieber"),
    version=(Literal[PROFILE_VERSION], PROFILE_VERSION),
    **{name: (_option_type(name), Field(None, json_schema_extra=_unset)) for name in _OPTIONS},
)


def _profile_spec(value: Any) -> str | dict[str, Any] | None:
    """The plain spec ``RuleProfile.resolve`` reads (only the options given), checked by it."""
    spec = value.model_dump(exclude_unset=True) if isinstance(value, BaseModel) else value
    RuleProfile.resolve(spec)  # what a schema cannot say: a ValueError names the option at fault (422)
    return spec  # type: ignore[no-any-return]


def _form_tag(part: Any) -> bool:
    """pydantic's name for one form of a union in an error's ``loc`` (``literal['a','b']``, ``MultiplierTable``)."""
    return isinstance(part, str) and ("[" in part or part in ("MultiplierTable", "Schneider"))


def _one_profile_error(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
    """One error at ``profile`` itself, not one per form of the union (pydantic would put the form's name in
    ``loc``): for a string, why it is no preset; for an object, the option at fault and why."""
    try:
        return handler(value)
    except ValidationError as e:
        errors = e.errors()
        form = "ProfileOverrides" if isinstance(value, dict) else "literal"
        mine = [err for err in errors if not err["loc"] or str(err["loc"][0]).startswith(form)] or errors
        # a nested union (multipliers: a name or a table): the error of the form the value has
        mine.sort(key=lambda err: err["type"] == "literal_error" and not isinstance(err["input"], str))
        err = mine[0]
        where = ".".join(str(p) for p in err["loc"][1:] if not _form_tag(p))
        message = f"profile option {where}: {err['msg']}" if where else err["msg"]
        if not isinstance(value, str | dict) and value is not None:
            message = 'a profile is a preset name or an object {"preset": NAME, ...options}'
        raise PydanticCustomError(err["type"], message) from None


if not TYPE_CHECKING:
    ProfileSpec = Annotated[
        PresetName | ProfileOverrides | None,
        AfterValidator(_profile_spec),
        PlainSerializer(lambda v: v, return_type=Any),
        WrapValidator(_one_profile_error),
        Field(
            description="a preset name (" + ", ".join(PRESETS) + ') or {"preset": NAME, ...overrides}; default schieber',
            examples=["schieber", {"preset": "jasvel", "multipliers": "both3"}],
        ),
    ]
    """A rule profile in a request; after validation the plain ``str | dict | None`` that ``RuleProfile.resolve``
    takes."""


# ----- names (a seat's display name: one rule at creation and at join) -----

REFUSED_IN_NAMES: tuple[tuple[int, int], ...] = (
    # Unicode Cc (controls: NUL, newlines, tabs...), Cf (format: zero-width U+200B..U+200F, bidi embeddings and
    # overrides U+202A..U+202E, isolates U+2066..U+2069, the BOM U+FEFF...), Zl and Zp (line and paragraph
    # separators U+2028, U+2029), as Python 3.11 (Unicode 14) lists them; a test holds the list to unicodedata.
    (0x0000, 0x001F), (0x007F, 0x009F), (0x00AD, 0x00AD), (0x0600, 0x0605), (0x061C, 0x061C), (0x06DD, 0x06DD),
    (0x070F, 0x070F), (0x0890, 0x0891), (0x08E2, 0x08E2), (0x180E, 0x180E), (0x200B, 0x200F), (0x2028, 0x202E),
    (0x2060, 0x2064), (0x2066, 0x206F), (0xFEFF, 0xFEFF), (0xFFF9, 0xFFFB), (0x110BD, 0x110BD), (0x110CD, 0x110CD),
    (0x13430, 0x13438), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0001, 0xE0001), (0xE0020, 0xE007F),
    # letters that draw nothing (Hangul fillers, the blank Braille pattern): a name of them reads as no name
    (0x115F, 0x1160), (0x2800, 0x2800), (0x3164, 0x3164), (0xFFA0, 0xFFA0),
)
"""Characters no name may hold: they hide, reorder or break the text around them (a name shown next to
another seat's, in a list, in a live message), or they draw nothing."""
NAME_SPACES: tuple[tuple[int, int], ...] = ((0x0020, 0x0020), (0x00A0, 0x00A0), (0x1680, 0x1680), (0x2000, 0x200A),
                                            (0x202F, 0x202F), (0x205F, 0x205F), (0x3000, 0x3000))
"""The space separators (Unicode Zs): around a name they are dropped, within it a run of them is one space."""
TABLE_WORDS = ("you", "du", "vous")
"""What the table calls the seat of the one person at a device, in the page's languages (the table's i18n.js ``you``)."""
TABLE_NUMBERED = ("player", "spieler", "joueur", "computer", "ordinateur")
"""What the table calls a seat by number ("Player 2", "Computer 3"; the table's i18n.js ``player``, ``computer_n``)."""


def _char_class(ranges: Iterable[tuple[int, int]]) -> str:
    r"""The inside of a character class: ``\uXXXX`` escapes in the Basic Multilingual Plane (Python's ``re``,
    ECMA-262 and Rust's regex read them alike), the character itself above it."""

    def one(cp: int) -> str:
        return f"\\u{cp:04x}" if cp <= 0xFFFF else chr(cp)

    return "".join(one(a) if a == b else f"{one(a)}-{one(b)}" for a, b in ranges)


_REFUSED = _char_class(REFUSED_IN_NAMES)
_SPACE = _char_class(NAME_SPACES)
TABLE_NAME_PATTERN = (
    f"^[{_SPACE}]*(?:" + "|".join(any_case(w) for w in TABLE_WORDS) + "|(?:"
    + "|".join(any_case(w) for w in TABLE_NUMBERED) + f")[{_SPACE}]*[0-9]+)[{_SPACE}]*$"
)
"""A name the table gives its seats ("You", "Player 2", "computer 3", "Spieler 1"; any case, spaces aside)."""
NAME_PATTERN = f"^(?!{TABLE_NAME_PATTERN[1:-1]}$)[^{_REFUSED}]*[^{_REFUSED}{_SPACE}][^{_REFUSED}]*$"
"""A seat's name as given: no character of ``REFUSED_IN_NAMES``, something besides spaces, not a name the
table gives (the schema's pattern; ``check_name`` says which of the three a refused name breaks)."""
_HAS_REFUSED = re.compile(f"[{_REFUSED}\\ud800-\\udfff]")  # and a lone surrogate, which no JSON text in UTF-8 holds
_TABLE_NAME = re.compile(TABLE_NAME_PATTERN)


def normal_name(name: str) -> str:
    """Spaces around dropped, each run of spaces within one space: the name as every seat sees it."""
    return " ".join(name.split())


def check_name(name: str) -> str:
    """A seat's name by the one rule of creation and join (SECURITY.md "Names"), normalised; else a
    ``PydanticCustomError`` (422 naming the field) whose type says which rule (a page words it)."""
    bad = _HAS_REFUSED.search(name)
    if bad is not None:
        raise PydanticCustomError(
            "name_characters", "a name may not hold control, zero-width, direction or invisible characters "
            "(U+{code} here)", {"code": f"{ord(bad.group()):04X}"},
        )
    shown = normal_name(name)
    if not shown:
        raise PydanticCustomError("name_blank", "a name needs a letter, a digit or a sign besides spaces")
    if _TABLE_NAME.fullmatch(shown):
        raise PydanticCustomError(
            "name_reserved", "'{name}' is what the table calls a seat: choose another name", {"name": shown}
        )
    return shown


def name_taken(names: Iterable[str | None], seat: int, name: str) -> bool:
    """``name`` is another seat's at this table, case aside (two seats are never told apart by case alone)."""
    wanted = name.casefold()
    return any(other is not None and i != seat and other.casefold() == wanted for i, other in enumerate(names))


class NameTaken(ValueError):
    """A seat's name that another seat of the table has: 422 naming the field (``name_taken``)."""

    def __init__(self, name: str) -> None:
        super().__init__(f"'{name}' is another seat's name at this table: choose another")


def refuse_taken_name(names: Iterable[str | None], seat: int, name: str) -> None:
    """``NameTaken`` when ``name_taken``: the check ``puur.server.live.tables.join`` makes with the table's names."""
    if name_taken(names, seat, name):
        raise NameTaken(name)


SEAT_NAME_SCHEMA: dict[str, Any] = {
    "type": "string", "minLength": 1, "maxLength": NAME_LENGTH, "pattern": NAME_PATTERN,
    "description": f"a name of at most {NAME_LENGTH} characters: spaces around are dropped and a run of spaces is "
    "one; no control, zero-width, direction or invisible character; not only spaces; not what the table calls a "
    "seat (You, Player N, Computer N, in English, German or French, any case)",
    "examples": ["Vreni", "Zoë", "Hans Peter"],
}
if TYPE_CHECKING:
    SeatName = str
else:
    SeatName = Annotated[
        str,
        Field(max_length=NAME_LENGTH),
        AfterValidator(check_name),
        WithJsonSchema(SEAT_NAME_SCHEMA),
    ]
    """A seat's name (``check_name``): the schema's pattern and the check are one rule."""


# ----- the document -----

EXACT_BOUNDS: dict[float, int] = {float(SEED_MAX): SEED_MAX}
"""Integer bounds beyond a float's precision, by the float FastAPI turns them into."""
_BOUND_KEYS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")


def each_schema(node: Any, change: Callable[[dict[str, Any]], None]) -> Any:
    """Call ``change`` on every object of a JSON document (the OpenAPI document's schemas), depth first."""
    if isinstance(node, dict):
        change(node)
        for child in node.values():
            each_schema(child, change)
    elif isinstance(node, list):
        for child in node:
            each_schema(child, change)
    return node


def _exact_bounds(node: dict[str, Any]) -> None:
    types = node.get("type")
    if types == "integer" or (isinstance(types, list) and "integer" in types):
        for key in _BOUND_KEYS:
            value = node.get(key)
            if isinstance(value, float) and value.is_integer():
                node[key] = EXACT_BOUNDS.get(value, int(value))


def exact_integer_bounds(node: Any) -> Any:
    """Write the bounds of integer schemas as integers again. FastAPI's OpenAPI model keeps every bound as a
    float (``minimum: 0.0``; ``2**63 - 1`` becomes 9.223372036854776e18, which is 2**63): a checker then
    judges the edge in floating point. ``EXACT_BOUNDS`` restores the bounds a float cannot hold."""
    return each_schema(node, _exact_bounds)


def each_card_once(node: Any) -> None:
    """Give every list of cards without a repeat (``Cards``: ``uniqueItems`` over the card pattern) the
    schema of "no card twice in any spelling" (``EACH_CARD_ONCE``)."""
    if isinstance(node, dict):
        items = node.get("items")
        if node.get("uniqueItems") is True and isinstance(items, dict) and items.get("pattern") == CARD_PATTERN:
            node["allOf"] = [*node.get("allOf", []), *EACH_CARD_ONCE]
        for child in node.values():
            each_card_once(child)
    elif isinstance(node, list):
        for child in node:
            each_card_once(child)


def install_exact_openapi(app: FastAPI, *rewrites: Callable[[Any], None]) -> None:
    """Serve the app's OpenAPI document with exact integer bounds (``exact_integer_bounds``), each card list's
    "no card twice" (``each_card_once``) and ``rewrites`` (the server's own players: ``policy.state_players``)."""
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            doc = exact_integer_bounds(generate())
            for rewrite in (each_card_once, *rewrites):
                rewrite(doc)
            app.openapi_schema = doc
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
