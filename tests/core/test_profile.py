"""Rule profiles and presets (RULES.md §14, §14.1, §11.3; INTERFACES.md "Rule profiles").

The expected tables below are copied by hand from RULES.md §14.1; they are not derived from the code.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from multiplier_tables import TABLES

from puur.core.cards import BASE_CONTRACTS, Contract
from puur.core.profile import PRESETS, RuleProfile

PRESET_NAMES = ("schieber", "classic", "schweizer", "online", "jasvel")

_SCHNEIDER = {"below_fraction": 0.5, "counts_games": 2}
_ALL_TARGETS = [1000, 1500, 2500, 3000]

# RULES.md §14.1, column by column: the schieber column whole; every other preset as the cells where it
# differs (an empty cell or a `*` row is the schieber value). "n/a" is null.
_SCHIEBER: dict[str, Any] = {
    "first_forehand": "holder:D7",
    "multipliers": "common",
    "undenufe_values": "modern",
    "trump_allowed_when_able_to_follow": True,
    "undertrump": "banned_unless_only_trumps",
    "undertrump_ban_when_partner_leads": True,
    "must_overtrump": False,
    "overtrump_on_trump_lead": None,
    "lone_puur_may_be_kept": True,
    "weis_values": "extended",
    "weis_overlap": "disjoint",
    "weis_split_long_runs": False,
    "weis_compare": "points_cards_top",
    "weis_undenufe_reverse": True,
    "weis_declaration": "automatic",
    "stoeck": "automatic",
    "crossing_priority": "stoeck_weis_tricks",
    "trick_block_tie": "trick_by_trick",
    "game_end": "end_of_round",
    "target": 2500,
    "targets_offered": _ALL_TARGETS,
    "schneider": None,
}
EXPECTED: dict[str, dict[str, Any]] = {
    "schieber": _SCHIEBER,
    "classic": {
        **_SCHIEBER,
        "first_forehand": "holder:C7",
        "multipliers": "classic",
        "undenufe_values": "classic",
        "weis_values": "small",
        "weis_split_long_runs": True,
        "weis_declaration": "announce_then_resolve",
        "stoeck": "lenient",
        "game_end": "claim",
        "target": 3000,
        "schneider": _SCHNEIDER,
    },
    "schweizer": {
        **_SCHIEBER,
        "first_forehand": "holder:H7",
        "undenufe_values": "classic",
        "weis_values": "small",
        "weis_compare": "points_type_length_top",
        "game_end": "live",
        "target": 3000,
        "schneider": {"below_fraction": 0.5, "counts_games": 1},
    },
    "online": {
        **_SCHIEBER,
        "multipliers": "online",
        "weis_compare": "points_top",
        "weis_declaration": "show_with_first_card",
        "targets_offered": [1000, 1500, 2500],
    },
    "jasvel": {
        **_SCHIEBER,
        "first_forehand": "dealer_right",
        "trump_allowed_when_able_to_follow": False,
        "undertrump": "allowed_unless_can_overtrump",
        "undertrump_ban_when_partner_leads": None,
        "must_overtrump": True,
        "overtrump_on_trump_lead": True,
        "lone_puur_may_be_kept": False,
        "weis_overlap": "sequence_and_quartet_may_share",
        "weis_undenufe_reverse": False,
        "weis_declaration": "announce_value_show_on_trick_2",
        "stoeck": "strict",
        "crossing_priority": "weis_stoeck_tricks",
        "trick_block_tie": "higher_total",
        "target": 1000,
        "targets_offered": [1000, 2500],
    },
}

OPTION_NAMES = set(EXPECTED["schieber"]) | {"extra_contracts", "slalom_guschti_values"}  # Slalom, Guschti (J30; off in every preset; 152)



def _options(p: RuleProfile) -> dict[str, Any]:
    d = p.to_dict()
    return {k: v for k, v in d.items() if k not in ("preset", "version")}


def test_exactly_five_presets() -> None:
    from puur.core.profile import PRESETS

    assert set(PRESETS) == set(PRESET_NAMES)
    for name in PRESET_NAMES:
        with pytest.raises(ValueError):
            RuleProfile.preset(name + "x")


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_preset_has_exactly_the_options_of_14_1(name: str) -> None:
    p = RuleProfile.preset(name)
    opts = _options(p)
    assert set(opts) == OPTION_NAMES
    for option, expected in EXPECTED[name].items():
        assert opts[option] == expected, f"{name}.{option}: {opts[option]!r} != {expected!r}"
    d = p.to_dict()
    assert d["preset"] == name
    json.dumps(d)  # JSON-able


def test_default_profile_is_schieber() -> None:
    assert RuleProfile.resolve(None) == RuleProfile.preset("schieber")
    assert RuleProfile() == RuleProfile.preset("schieber")
    assert RuleProfile.resolve("Jasvel") == RuleProfile.preset("jasvel")


@pytest.mark.parametrize("table", sorted(TABLES))
def test_multiplier_tables(table: str) -> None:
    p = RuleProfile.resolve({"preset": "schieber", "multipliers": table})
    assert p.multiplier_table == TABLES[table]
    for code, factor in TABLES[table].items():
        assert p.factor(Contract.parse(code)) == factor
    assert p.multiplier_name == table


@pytest.mark.parametrize(
    "name, table",
    [("schieber", "common"), ("classic", "classic"), ("schweizer", "common"), ("online", "online"),
     ("jasvel", "common")],
)  # fmt: skip
def test_preset_factors(name: str, table: str) -> None:
    p = RuleProfile.preset(name)
    assert p.multiplier_table == TABLES[table]
    assert [p.factor(c) for c in BASE_CONTRACTS] == [TABLES[table][str(c)] for c in BASE_CONTRACTS]


def test_classic_table_hearts_double() -> None:
    # RULES.md §11.3 / §15.1 X1: S000's example needs hearts ×2.
    assert RuleProfile.preset("classic").factor(Contract.H) == 2
    assert RuleProfile.preset("schieber").factor(Contract.H) == 1
    assert RuleProfile.preset("online").factor(Contract.H) == 1


def test_override_named_table() -> None:
    p = RuleProfile.resolve({"preset": "jasvel", "multipliers": "ascending"})
    assert p.multiplier_table == TABLES["ascending"]
    assert p.factor(Contract.U) == 6
    assert p.factor(Contract.S) == 4
    # every other option is still jasvel's
    opts = _options(p)
    for option, expected in EXPECTED["jasvel"].items():
        if option != "multipliers":
            assert opts[option] == expected
    assert p != RuleProfile.preset("jasvel")
    assert p.name == "jasvel"


def test_override_explicit_table() -> None:
    table = {"C": 1, "D": 2, "H": 3, "S": 4, "O": 7, "U": 9}
    p = RuleProfile.resolve({"preset": "schieber", "multipliers": table})
    assert p.multiplier_table == table
    assert p.factor(Contract.O) == 7
    assert p.multiplier_name == "custom"
    # an explicit table equal to a named one reads as that name
    q = RuleProfile.resolve({"preset": "schieber", "multipliers": dict(TABLES["both3"])})
    assert q.multiplier_name == "both3"
    assert q.factor(Contract.U) == 3


def test_override_target() -> None:
    p = RuleProfile.resolve({"preset": "schieber", "target": 1500})
    assert p.target == 1500
    q = RuleProfile.resolve({"preset": "jasvel", "target": 2500})
    assert q.target == 2500


def test_resolve_preset_object_without_overrides() -> None:
    for name in PRESET_NAMES:
        assert RuleProfile.resolve({"preset": name}) == RuleProfile.preset(name)


@pytest.mark.parametrize(
    "spec",
    [
        "schieber",
        "jasvel",
        {"preset": "jasvel", "multipliers": "ascending"},
        {"preset": "classic", "multipliers": {"C": 1, "D": 2, "H": 3, "S": 4, "O": 5, "U": 6}},
        {"preset": "online", "target": 1000, "weis_overlap": "sequence_and_quartet_may_share"},
        {"preset": "schieber", "schneider": {"below_fraction": 0.5, "counts_games": 2}},
    ],
)
def test_to_dict_from_dict_round_trip(spec: Any) -> None:
    p = RuleProfile.resolve(spec)
    d = p.to_dict()
    text = json.dumps(d)
    q = RuleProfile.from_dict(json.loads(text))
    assert q == p
    assert q.to_dict() == d
    assert hash(q) == hash(p)


def test_profiles_are_frozen() -> None:
    p = RuleProfile.preset("schieber")
    with pytest.raises(AttributeError):
        p.target = 1000  # type: ignore[misc]


@pytest.mark.parametrize("option", ["colour", "trump", "undertrumping", "target_score"])
def test_unknown_option_refused_by_name(option: str) -> None:
    with pytest.raises(ValueError) as exc:
        RuleProfile.resolve({"preset": "schieber", option: 1})
    assert option in str(exc.value)


@pytest.mark.parametrize(
    "option, value",
    [
        ("first_forehand", "holder:S7"),
        ("undenufe_values", "new"),
        ("trump_allowed_when_able_to_follow", "yes"),
        ("undertrump", "always"),
        ("undertrump_ban_when_partner_leads", "maybe"),
        ("must_overtrump", 1),
        ("overtrump_on_trump_lead", "true"),
        ("lone_puur_may_be_kept", None),
        ("weis_values", "huge"),
        ("weis_overlap", "any"),
        ("weis_split_long_runs", "no"),
        ("weis_compare", "points"),
        ("weis_undenufe_reverse", 0),
        ("weis_declaration", "never"),
        ("stoeck", "off"),
        ("crossing_priority", "tricks_weis_stoeck"),
        ("trick_block_tie", "higher_total_maybe"),
        ("game_end", "never"),
        ("target", "3000"),
        ("target", -5),
        ("targets_offered", "1000"),
        ("schneider", {"below": 0.5}),
        ("schneider", {"below_fraction": "half", "counts_games": 2}),
        ("schneider", {"below_fraction": 1.5, "counts_games": 2}),
        ("schneider", {"below_fraction": 0.5, "counts_games": "two"}),
        ("schneider", True),
        ("multipliers", "descending"),
        ("multipliers", {"C": 1, "D": 2}),
        ("multipliers", {"C": 0, "D": 2, "H": 1, "S": 2, "O": 3, "U": 4}),
        ("multipliers", 3),
    ],
)
def test_bad_value_refused_naming_the_option(option: str, value: Any) -> None:
    with pytest.raises(ValueError) as exc:
        RuleProfile.resolve({"preset": "schieber", option: value})
    assert option in str(exc.value)


def test_unknown_preset_refused() -> None:
    with pytest.raises(ValueError, match="preset"):
        RuleProfile.resolve("swiss")
    with pytest.raises(ValueError, match="preset"):
        RuleProfile.resolve({"preset": "swiss"})


@pytest.mark.parametrize("version", [0, 2, 99, "1"])
def test_version_mismatch_refused(version: Any) -> None:
    d = RuleProfile.preset("schieber").to_dict()
    d["version"] = version
    with pytest.raises(ValueError, match="version"):
        RuleProfile.from_dict(d)


def test_current_version_accepted() -> None:
    d = RuleProfile.preset("jasvel").to_dict()
    assert isinstance(d["version"], int)
    assert RuleProfile.from_dict(d) == RuleProfile.preset("jasvel")


def test_profile_not_an_object_refused() -> None:
    with pytest.raises(ValueError):
        RuleProfile.resolve(5)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        RuleProfile.from_dict(["schieber"])  # type: ignore[arg-type]


def test_schneider_per_preset() -> None:
    # RULES §12.4, §14: S000 counts a Schneider as two games; S001 names it but gives it no value (one game)
    from puur.core.rules.scoring import games_won, is_schneider

    classic, schweizer = RuleProfile.preset("classic"), RuleProfile.preset("schweizer")
    assert is_schneider(classic, 3000, 1499) and games_won(classic, 3000, 1499) == 2
    assert is_schneider(schweizer, 3000, 1499) and games_won(schweizer, 3000, 1499) == 1
    assert not is_schneider(schweizer, 3000, 1500) and games_won(classic, 3000, 1500) == 1
    for name in ("schieber", "online", "jasvel"):
        assert not is_schneider(RuleProfile.preset(name), 3000, 0)


def test_trick_block_tie_per_preset() -> None:
    # RULES §12.3, §14: disputed; jasvel takes the higher total (J11), the others trick by trick
    assert {n: p.trick_block_tie for n, p in PRESETS.items()} == {
        "schieber": "trick_by_trick", "classic": "trick_by_trick", "schweizer": "trick_by_trick",
        "online": "trick_by_trick", "jasvel": "higher_total",
    }  # fmt: skip
    assert RuleProfile.resolve({"preset": "schieber", "trick_block_tie": "higher_total"}).trick_block_tie == (
        "higher_total"
    )
