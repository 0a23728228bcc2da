"""Rule profiles: every disputed rule point as a named option, and the five presets (RULES.md §13, §14).

A ``RuleProfile`` is frozen and versioned. It is given as a preset name or as
``{"preset": NAME, ...overrides}``; ``to_dict``/``from_dict`` round-trip.

>>> p = RuleProfile.resolve({"preset": "jasvel", "multipliers": "ascending"})
>>> p.factor(Contract.U)
6
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from puur.core.cards import BASE_CONTRACTS, GUSCHTI_CONTRACTS, SLALOM_CONTRACTS, Contract

PROFILE_VERSION = 1
"""Bumped whenever the meaning of an option changes; records of another version are refused."""

MULTIPLIER_TABLES: dict[str, dict[str, int]] = {
    # RULES.md §11.3 and §14. Keys are contract codes.
    "common": {"C": 1, "H": 1, "D": 2, "S": 2, "O": 3, "U": 4},  # S001; J11-J16 "common", Jasvel app
    "both3": {"C": 1, "H": 1, "D": 2, "S": 2, "O": 3, "U": 3},  # J11-J16 "widely published variant"
    "ascending": {"C": 1, "H": 2, "D": 3, "S": 4, "O": 5, "U": 6},  # J11-J16
    "classic": {"C": 1, "H": 2, "D": 2, "S": 1, "O": 3, "U": 4},  # S000 (T_S000; its ♥×2 example)
    "online": {"C": 2, "H": 1, "D": 1, "S": 2, "O": 3, "U": 3},  # S004 (T_S004)
}
MULTIPLIER_SOURCES: dict[str, str] = {
    "common": "S001; Jasvel J11, J12, J13, J16 (the common table, the Jasvel app's default)",
    "both3": "Jasvel J11, J12, J13, J16 (a widely published variant; J02 names Swiss Jassverzeichnis, Swisslos)",
    "ascending": "Jasvel J11, J12, J13, J16",
    "classic": "S000 (French suits: clubs/spades ×1, diamonds/hearts ×2)",
    "online": "S004, Jassen Online",
}

# The allowed values of every enumerated option (RULES.md §14.1), each a Literal type: the field's type
# in RuleProfile and, through ``CHOICES``, what ``_validate`` and the schemas accept.
FirstForehand = Literal["holder:C7", "holder:H7", "holder:D7", "dealer_right"]
UndenufeValues = Literal["modern", "classic"]
Undertrump = Literal["banned_unless_only_trumps", "allowed_unless_can_overtrump"]
WeisValues = Literal["small", "extended"]
WeisOverlap = Literal["disjoint", "sequence_and_quartet_may_share"]
WeisCompare = Literal["points_cards_top", "points_type_length_top", "points_top"]
WeisDeclaration = Literal[
    "automatic", "announce_then_resolve", "show_with_first_card", "announce_value_show_on_trick_2"
]
StoeckMode = Literal["automatic", "lenient", "strict"]
CrossingPriority = Literal["stoeck_weis_tricks", "weis_stoeck_tricks"]
TrickBlockTie = Literal["trick_by_trick", "higher_total"]
GameEnd = Literal["end_of_round", "live", "claim"]
ExtraContracts = Literal["none", "slalom", "guschti", "slalom_guschti"]
SlalomGuschtiValues = Literal["obenabe", "by_trick"]

CHOICES: dict[str, tuple[str, ...]] = {
    "first_forehand": get_args(FirstForehand),
    "undenufe_values": get_args(UndenufeValues),
    "undertrump": get_args(Undertrump),
    "weis_values": get_args(WeisValues),
    "weis_overlap": get_args(WeisOverlap),
    "weis_compare": get_args(WeisCompare),
    "weis_declaration": get_args(WeisDeclaration),
    "stoeck": get_args(StoeckMode),
    "crossing_priority": get_args(CrossingPriority),
    "trick_block_tie": get_args(TrickBlockTie),
    "game_end": get_args(GameEnd),
    "extra_contracts": get_args(ExtraContracts),
    "slalom_guschti_values": get_args(SlalomGuschtiValues),
}
"""Option -> its allowed values, read off the Literal types above (one source)."""
BOOL_OPTIONS = (
    "trump_allowed_when_able_to_follow",
    "must_overtrump",
    "lone_puur_may_be_kept",
    "weis_split_long_runs",
    "weis_undenufe_reverse",
)
NULLABLE_BOOL_OPTIONS = ("undertrump_ban_when_partner_leads", "overtrump_on_trump_lead")


@dataclass(frozen=True)
class RuleProfile:
    """One frozen set of rule options. Each field names the option of RULES.md §14.1 and its source."""

    name: str = "schieber"
    """The preset this profile starts from (``"preset"`` in the dict form)."""
    first_forehand: FirstForehand = "holder:D7"
    """Hand 1 forehand (§3.2): holder of C7 (S000), H7 (S001), D7 (S004) or the dealer's right (J07)."""
    multipliers: str | dict[str, int] = "common"
    """A table name of §14 or an explicit ``{"C":1,...,"U":4}`` (§11.3)."""
    undenufe_values: UndenufeValues = "modern"
    """Undenufe card values (§6): modern A=0, 6=11 (S004, J06); classic A=11, 6=0 (S000, S001)."""
    trump_allowed_when_able_to_follow: bool = True
    """§7.2 rule 1 (S000, S001, S004: yes); J08/J13 strict Farbzwang: no."""
    undertrump: Undertrump = "banned_unless_only_trumps"
    """§7.2 rule 2 (seeds) or §7.3 rule 3 (J08: allowed whenever no compulsory overtrump)."""
    undertrump_ban_when_partner_leads: bool | None = True
    """S000 keeps the undertrump ban when the partner is winning the trick (§7.2); None where n/a."""
    must_overtrump: bool = False
    """J08: a void player holding a higher non-Puur trump must overtrump (§7.3 rule 3)."""
    overtrump_on_trump_lead: bool | None = None
    """J08 "the same rule" on a trump lead (§7.3 rule 5; flagged, §16 item 6); None where n/a."""
    lone_puur_may_be_kept: bool = True
    """Seeds: a lone Puur may be withheld on a trump lead; J08: it must be played (§7.2 rule 3, §7.3 rule 4)."""
    weis_values: WeisValues = "extended"
    """§9.1: small (S000, S001: 5+ run = 100, no four 9s) or extended (S004, J17)."""
    weis_overlap: WeisOverlap = "disjoint"
    """§9.3: ``disjoint`` (S000, S001): no card in two melds, the best disjoint choice is declared (a quartet
    may shorten a run); ``sequence_and_quartet_may_share`` (J17, J25): a card may sit in a run and a
    quartet, but a run and a quartet sharing a card are never both written."""
    weis_split_long_runs: bool = False
    """§9.3: S000 lets a long run be written in parts (8 = 5 + 3); the most points by default, a human
    seat chooses where the best meld differs."""
    weis_compare: WeisCompare = "points_cards_top"
    """§9.5 chain, each then trump, then seat: S000/J, S001 (type before length), S004 (no count)."""
    weis_undenufe_reverse: bool = True
    """§9.5: the seeds reverse the top-card comparison in Undenufe; Jasvel never does."""
    weis_declaration: WeisDeclaration = "automatic"
    """§9.4 / §14.1: what is announced and shown, and when."""
    stoeck: StoeckMode = "automatic"
    """§10: automatic on the 2nd card (S001, S004), lenient (S000), strict declaration (J14)."""
    crossing_priority: CrossingPriority = "stoeck_weis_tricks"
    """§12.3: Stöck, Weis, tricks (seeds) or Weis, Stöck, tricks (Jasvel)."""
    trick_block_tie: TrickBlockTie = "trick_by_trick"
    """§12.3, disputed (no source settles it): both teams cross in the tricks block. ``trick_by_trick``:
    the team that got there first, the tricks credited in order (+5 and +100 with trick 9);
    ``higher_total``: the higher written total after the round (J11: a finish "checked without relying
    on memory of the deal"). Equal totals fall back to the first team there, trick by trick."""
    game_end: GameEnd = "end_of_round"
    """§12.2: end_of_round (J11), live (S001), claim (S000)."""
    target: int = 2500
    """§12.1: the score to reach (≥ target wins)."""
    targets_offered: tuple[int, ...] = (1000, 1500, 2500, 3000)
    schneider: dict[str, float] | None = None
    """§12.4: ``{"below_fraction": 0.5, "counts_games": 2}`` (S000), ``counts_games: 1`` (S001 names a
    Schneider but gives it no value: marked, one game) or None."""
    extra_contracts: ExtraContracts = "none"
    """A table option (off in every preset): the chooser may also pick Slalom (``SLO``/``SLU``),
    Guschti (``GUO``/``GUU``) or both (J30; docs/contracts-slalom-guschti.md). Their factor is that of
    the starting direction, which governs five of the nine tricks, unless ``multipliers`` names them."""
    slalom_guschti_values: SlalomGuschtiValues = "obenabe"
    """The card points of a Slalom or Guschti round: ``obenabe`` (every preset) counts every card at the
    Obenabe values whichever direction its trick is played in, so that every round holds 152 (J30, J27,
    J28: "Every round contains exactly 152 card points"); ``by_trick`` counts each trick at its direction's
    values (the profile's ``undenufe_values`` in an Undenufe trick), the reading of records stored before
    this option, which keep it (``stored_profile``)."""
    version: int = field(default=PROFILE_VERSION)

    def __post_init__(self) -> None:
        _validate(self)
        # Derived tables used by the hot paths (not part of the profile's identity).
        object.__setattr__(self, "_factors", _factor_tuple(self.multipliers))
        object.__setattr__(self, "_hash", hash(json.dumps(self.to_dict(), sort_keys=True)))

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined, no-any-return]

    # ----- construction -----
    @classmethod
    def preset(cls, name: str) -> RuleProfile:
        """One of the five presets of RULES.md §14: schieber, classic, schweizer, online, jasvel."""
        if name not in PRESETS:
            raise ValueError(f"unknown preset {name!r}: choose one of {', '.join(PRESETS)}")
        return PRESETS[name]

    @classmethod
    def resolve(cls, spec: str | dict[str, Any] | RuleProfile | None) -> RuleProfile:
        """A profile from a preset name, a ``{"preset": NAME, ...overrides}`` object, or None (default)."""
        if spec is None:
            return PRESETS["schieber"]
        if isinstance(spec, RuleProfile):
            return spec
        if isinstance(spec, str):
            return cls.preset(spec.strip().lower())
        if isinstance(spec, dict):
            return cls.from_dict(spec)
        raise ValueError("profile must be a preset name or an object {\"preset\": NAME, ...overrides}")

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleProfile:
        """Build from ``{"preset": NAME, ...overrides}``; unknown options are refused by name."""
        if not isinstance(data, dict):
            raise ValueError("profile must be an object {\"preset\": NAME, ...overrides}")
        data = dict(data)
        base = cls.preset(str(data.pop("preset", "schieber")))
        version = data.pop("version", PROFILE_VERSION)
        if version != PROFILE_VERSION:
            raise ValueError(
                f"profile version {version!r} is not supported: this Puur reads profile version {PROFILE_VERSION}"
            )
        names = {f.name for f in dataclasses.fields(cls)} - {"name", "version"}
        unknown = sorted(set(data) - names)
        if unknown:
            raise ValueError(
                f"unknown profile option {unknown[0]!r}; the options are: {', '.join(sorted(names))}"
            )
        if "targets_offered" in data and isinstance(data["targets_offered"], list):
            data["targets_offered"] = tuple(data["targets_offered"])
        if "target" in data and "targets_offered" not in data:
            t = data["target"]
            if isinstance(t, int) and t not in base.targets_offered:
                data["targets_offered"] = tuple(sorted({*base.targets_offered, t}))
        return dataclasses.replace(base, **data)

    def with_options(self, **overrides: Any) -> RuleProfile:
        """A copy with some options changed (validated)."""
        return RuleProfile.from_dict({**self.to_dict(), **overrides})

    def to_dict(self) -> dict[str, Any]:
        """Every option by name, JSON-able; ``RuleProfile.from_dict(p.to_dict()) == p``."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if isinstance(v, tuple):
                v = list(v)
            elif isinstance(v, dict):
                v = dict(v)
            out["preset" if f.name == "name" else f.name] = v
        return out

    # ----- derived -----
    def factor(self, contract: Contract | int) -> int:
        """The multiplier of ``contract`` in this profile's table (RULES.md §11). Slalom and Guschti take
        their own entry of an explicit table, else the factor of their starting direction
        (docs/contracts-slalom-guschti.md)."""
        return self._factors[int(contract)]  # type: ignore[attr-defined, no-any-return]

    @property
    def contracts(self) -> tuple[Contract, ...]:
        """The contracts the chooser may pick (RULES.md §4.1): the six, plus Slalom and/or Guschti when
        ``extra_contracts`` allows them."""
        extra = self.extra_contracts
        return (
            BASE_CONTRACTS
            + (SLALOM_CONTRACTS if extra in ("slalom", "slalom_guschti") else ())
            + (GUSCHTI_CONTRACTS if extra in ("guschti", "slalom_guschti") else ())
        )

    @property
    def multiplier_table(self) -> dict[str, int]:
        """The table as ``{"C": n, "D": n, "H": n, "S": n, "O": n, "U": n}``, plus the factors of the
        Slalom and Guschti codes the profile allows (``extra_contracts``)."""
        return {c.name: self.factor(c) for c in self.contracts}

    @property
    def multiplier_name(self) -> str:
        """The table's name, or ``"custom"`` for an explicit table that matches no named one."""
        if isinstance(self.multipliers, str):
            return self.multipliers
        for name, table in MULTIPLIER_TABLES.items():
            if table == self.multipliers:
                return name
        return "custom"

    @property
    def is_preset(self) -> bool:
        return PRESETS.get(self.name) == self

    def overrides(self) -> dict[str, Any]:
        """Options that differ from the named preset (the compact form ``{"preset": ..., ...}``)."""
        base = PRESETS[self.name].to_dict()
        mine = self.to_dict()
        out: dict[str, Any] = {"preset": self.name}
        out.update({k: v for k, v in mine.items() if k not in ("preset", "version") and base[k] != v})
        return out


def stored_profile(data: dict[str, Any]) -> RuleProfile:
    """The profile of a stored game or record (``to_dict`` as it was written then), read as it was played:
    one stored before the option ``slalom_guschti_values`` and offering Slalom or Guschti counted their
    tricks by direction (``by_trick``), so it replays with the same scores."""
    if isinstance(data, dict) and "slalom_guschti_values" not in data and data.get("extra_contracts", "none") != "none":
        data = {**data, "slalom_guschti_values": "by_trick"}
    return RuleProfile.from_dict(data)


EXTRA_FACTOR_KEYS = ("SLO", "SLU", "GUO", "GUU")
"""The optional keys of an explicit multiplier table for Slalom and Guschti."""


def _factor_tuple(multipliers: str | dict[str, int]) -> tuple[int, ...]:
    """Factors indexed by ``int(contract)``: C D H S O U, then SLO SLU GUO GUU (an explicit table's own
    entry, else the starting direction's factor)."""
    table = MULTIPLIER_TABLES[multipliers] if isinstance(multipliers, str) else multipliers
    six = tuple(table[c] for c in "CDHSOU")
    return six + tuple(table.get(k, table[k[-1]]) for k in EXTRA_FACTOR_KEYS)


def _validate(p: RuleProfile) -> None:
    """Refuse any option value not listed in RULES.md §14.1, with a message that names it."""
    for name, allowed in CHOICES.items():
        v = getattr(p, name)
        if v not in allowed:
            raise ValueError(f"profile option {name}={v!r} is not allowed; choose one of {', '.join(allowed)}")
    for name in BOOL_OPTIONS:
        if not isinstance(getattr(p, name), bool):
            raise ValueError(f"profile option {name} must be true or false")
    for name in NULLABLE_BOOL_OPTIONS:
        v = getattr(p, name)
        if v is not None and not isinstance(v, bool):
            raise ValueError(f"profile option {name} must be true, false or null")
    m = p.multipliers
    if isinstance(m, str):
        if m not in MULTIPLIER_TABLES:
            raise ValueError(
                f"profile option multipliers: unknown table {m!r}; use one of {', '.join(MULTIPLIER_TABLES)} "
                'or an explicit table {"C":1,"D":2,"H":1,"S":2,"O":3,"U":4}'
            )
    elif isinstance(m, dict):
        keys = set(m)
        if not set("CDHSOU") <= keys <= set("CDHSOU") | set(EXTRA_FACTOR_KEYS):
            raise ValueError(
                "profile option multipliers: an explicit table needs exactly the keys C, D, H, S, O, U "
                "(and may add SLO, SLU, GUO, GUU for Slalom and Guschti)"
            )
        for k, v in m.items():
            if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 100:
                raise ValueError(f"profile option multipliers: the factor for {k} must be a whole number from 1 to 100, got {v!r}")
    else:
        raise ValueError("multipliers must be a table name or an object {\"C\":1,...,\"U\":4}")
    if not isinstance(p.target, int) or isinstance(p.target, bool) or not 100 <= p.target <= 100_000:
        raise ValueError(f"target must be a whole number from 100 to 100000, got {p.target!r}")
    if not isinstance(p.targets_offered, tuple) or not all(isinstance(t, int) for t in p.targets_offered):
        raise ValueError("targets_offered must be a list of whole numbers")
    if p.schneider is not None:
        s = p.schneider
        if not isinstance(s, dict) or set(s) != {"below_fraction", "counts_games"}:
            raise ValueError('schneider must be null or {"below_fraction": 0.5, "counts_games": 2}')
        frac, games = s["below_fraction"], s["counts_games"]
        if (
            not isinstance(frac, int | float)
            or isinstance(frac, bool)
            or not 0 < frac < 1
            or not isinstance(games, int)
            or isinstance(games, bool)
            or games < 1
        ):
            raise ValueError("schneider: below_fraction must be between 0 and 1, counts_games a whole number ≥ 1")
    if p.name not in _PRESET_NAMES:
        raise ValueError(f"unknown preset {p.name!r}: choose one of {', '.join(_PRESET_NAMES)}")


_PRESET_NAMES = ("schieber", "classic", "schweizer", "online", "jasvel")
_SCHNEIDER = {"below_fraction": 0.5, "counts_games": 2}

PRESETS: dict[str, RuleProfile] = {}
PRESETS["schieber"] = RuleProfile()
PRESETS["classic"] = RuleProfile(
    name="classic",
    first_forehand="holder:C7",
    multipliers="classic",
    undenufe_values="classic",
    weis_values="small",
    weis_split_long_runs=True,
    weis_declaration="announce_then_resolve",
    stoeck="lenient",
    game_end="claim",
    target=3000,
    schneider=dict(_SCHNEIDER),
)
PRESETS["schweizer"] = RuleProfile(
    name="schweizer",
    first_forehand="holder:H7",
    undenufe_values="classic",
    weis_values="small",
    weis_compare="points_type_length_top",
    game_end="live",
    target=3000,
    schneider={"below_fraction": 0.5, "counts_games": 1},  # S001: named, no value given (RULES §14)
)
PRESETS["online"] = RuleProfile(
    name="online",
    multipliers="online",
    weis_compare="points_top",
    weis_declaration="show_with_first_card",
    target=2500,
    targets_offered=(1000, 1500, 2500),
)
PRESETS["jasvel"] = RuleProfile(
    name="jasvel",
    first_forehand="dealer_right",
    trump_allowed_when_able_to_follow=False,
    undertrump="allowed_unless_can_overtrump",
    undertrump_ban_when_partner_leads=None,
    must_overtrump=True,
    overtrump_on_trump_lead=True,
    lone_puur_may_be_kept=False,
    weis_overlap="sequence_and_quartet_may_share",
    weis_undenufe_reverse=False,
    weis_declaration="announce_value_show_on_trick_2",
    stoeck="strict",
    crossing_priority="weis_stoeck_tricks",
    trick_block_tie="higher_total",  # J11 (RULES §14, corrected 2026-12-01)
    target=1000,
    targets_offered=(1000, 2500),
)

PRESET_SOURCES: dict[str, str] = {
    "schieber": "the default: point by point the practice most sources share (RULES.md §14)",
    "classic": "S000, the English 10-section guide (classic small-Weis profile)",
    "schweizer": "S001, the 'Schweizer Jass' app rules page",
    "online": "S004, 'Jassen Online' (German rules page)",
    "jasvel": "the Jasvel rules pages J06-J17",
}
