"""The position notation (``puur.info.position``, docs/position-notation.md): exact round trips over thousands of
positions of real matches in every preset, in both forms; bad lines refused naming the field and the fault."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from puur.core.cards import CLAIM, Card, Contract
from puur.core.profile import PRESETS, RuleProfile
from puur.core.round import RoundState, random_round
from puur.info.position import (
    PATTERN,
    PositionError,
    SeatView,
    format_position,
    format_profile,
    format_view,
    parse_position,
    parse_profile,
    parse_view,
)
from puur.match.game import Game

PRESET_NAMES = list(PRESETS)


def slots(r: RoundState) -> dict[str, object]:
    return {name: getattr(r, name) for name in RoundState.__slots__}


def positions(preset: str, seed: int, matches: int) -> Iterator[Game]:
    """Every step of ``matches`` matches of random players, with random Weis choices and Stöck declarations
    (declared at the wrong moment too, and by seats without the pair), up to four rounds each."""
    rng = random.Random(seed)
    for m in range(matches):
        g = Game(preset, seed=seed * 1000 + m)
        while not g.is_over and g.round_number <= 4:
            legal = g.legal_actions()
            if CLAIM in legal and rng.random() < 0.997:  # a claim ends the match: now and then
                legal.remove(CLAIM)
            act = rng.choice(legal)
            declare: list[str] = []
            if isinstance(act, Card):
                choice = g.observation(g.current_seat).weis_choice  # type: ignore[arg-type]
                if choice and rng.random() < 0.7:
                    declare.append(rng.choice(choice["alternatives"])["declare"])
                if rng.random() < (0.5 if g.stoeck_due(act) else 0.05):
                    declare.append("stoeck")
            g.apply(act, declare)
            yield g


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_round_trip_of_the_deal_form(preset: str) -> None:
    seen = 0
    marks = set()
    for g in positions(preset, seed=len(preset), matches=10):
        line = format_position(g.round)
        back = parse_position(line)
        assert slots(back) == slots(g.round), line
        assert format_position(back) == line
        marks |= {m for m in ("+stoeck", "+weis:", "stoeck=") if m in line}
        seen += 1
    assert seen > 1000
    if preset == "jasvel":  # strict Stöck: the declarations made show in the lines
        assert "+stoeck" in marks


def test_a_weis_choice_is_written_with_its_card() -> None:
    """Seat 0 declares its 8-run whole (weis:1) rather than 5 + 3 (RULES.md §9.3, S000 splitting)."""
    hands = [
        ["S6", "S7", "S8", "S9", "S10", "SJ", "SQ", "SK", "HA"],
        ["C6", "C7", "C8", "C9", "C10", "CJ", "D6", "D8", "H6"],
        ["CQ", "CA", "D7", "D9", "DJ", "DK", "H7", "H9", "HJ"],
        ["CK", "D10", "DQ", "DA", "H8", "H10", "HQ", "HK", "SA"],
    ]
    g = Game.from_deal("classic", hands, forehand=0, seed=5)
    g.apply("H")
    g.apply("HA", ["weis:1"])
    for card in ("H6", "H7", "H8"):
        g.apply(card)
    line = format_position(g.round)
    assert line.split()[5] == "0:HA+weis:1,H6,H7,H8"
    back = parse_position(line)
    assert back.weis == g.round.weis and back.weis.winner_seat == 0  # type: ignore[union-attr]
    assert slots(back) == slots(g.round)
    with pytest.raises(PositionError, match="Weis alternative 2 is not offered"):
        parse_position(line.replace("+weis:1", "+weis:2"))


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_round_trip_of_the_seat_form(preset: str) -> None:
    seen = 0
    for g in positions(preset, seed=7 + len(preset), matches=6):
        for seat in range(4):
            obs = g.observation(seat)
            line = format_view(obs)
            view = parse_view(line)
            assert view == SeatView.from_observation(obs), line
            assert format_view(view) == line
            assert view.hand_sizes == obs.hand_sizes and view.chooser == obs.chooser
            if not g.is_over:
                assert view.to_act == obs.to_act
            seen += 1
    assert seen > 2000


def test_strict_stoeck_without_declaration_and_playouts() -> None:
    """Playouts (``random_round``) leave the Stöck declaration to the engine: the line still round-trips."""
    for seed in range(200):
        r = random_round(RuleProfile.preset("jasvel"), random.Random(seed))
        assert slots(parse_position(format_position(r))) == slots(r)


def test_stoeck_scored_early_is_written() -> None:
    """A Stöck scored before its second card (to win a match, RULES.md §10) is no play's result: stoeck=."""
    r = parse_position(EXAMPLE)
    assert r.stoeck_status == "pending"
    r.score_stoeck_early()
    line = format_position(r)
    assert line == EXAMPLE + " stoeck=scored"
    assert slots(parse_position(line)) == slots(r)


# The solver API's example (puur/server/http/api_solver.py), four tricks in: hands as they are now.
EXAMPLE = (
    "puur1 schieber d2f3 H C6,C9,D8,D9,D10,SQ/C8,S6,S7,S8,S9,SJ/C7,CJ,CQ,CK,D7,DQ/C10,DJ,DA,HK,SK "
    "3:H9,H7,SA,H6/3:HJ,H8,S10,HA/3:HQ,H10,DK,D6/3:CA"
)


def test_the_example_line() -> None:
    r = parse_position(EXAMPLE)
    assert (r.dealer, r.forehand, r.contract, r.chooser, r.pushed) == (2, 3, Contract.H, 3, False)
    assert len(r.tricks) == 3 and r.trick == [int(Card.CA)] and r.to_act == 0
    assert [t.winner for t in r.tricks] == [3, 3, 3]
    assert Card.HK in [Card(c) for c in range(36) if r.hands[3] >> c & 1]
    assert r.dealt[0] >> int(Card.H7) & 1  # seat 0 played H7 to trick 1


def test_contract_phase_and_push() -> None:
    r = parse_position("puur1 jasvel d0f1 P C6,C7,C8,C9,C10,CJ,CQ,CK,CA/D6,D7,D8,D9,D10,DJ,DQ,DK,DA/"
                       "H6,H7,H8,H9,H10,HJ,HQ,HK,HA/S6,S7,S8,S9,S10,SJ,SQ,SK,SA -")  # fmt: skip
    assert r.pushed and r.contract is None and r.to_act == 3 and r.phase == "contract"
    r.choose(Contract.O)
    assert format_position(r).split()[3] == "PO"


@pytest.mark.parametrize(
    "profile",
    [
        RuleProfile.preset("jasvel").with_options(multipliers="both3", target=2500),
        RuleProfile.preset("schieber").with_options(
            multipliers={"C": 1, "D": 2, "H": 3, "S": 4, "O": 5, "U": 7}
        ),
        RuleProfile.preset("classic").with_options(schneider=None, targets_offered=[]),
        RuleProfile.preset("schweizer").with_options(schneider={"below_fraction": 1e-05, "counts_games": 3}),
        RuleProfile.preset("online").with_options(
            undertrump_ban_when_partner_leads=None, first_forehand="holder:C7"
        ),
    ],
)
def test_profile_with_overrides_round_trips(profile: RuleProfile) -> None:
    text = format_profile(profile)
    assert " " not in text and text.startswith(profile.name + "(")
    assert parse_profile(text) == profile and format_profile(parse_profile(text)) == text
    line = EXAMPLE.replace("schieber", text, 1)
    assert re.search(PATTERN, line) and parse_position(line).profile == profile


def test_profile_text_examples() -> None:
    assert format_profile(RuleProfile.preset("jasvel").with_options(target=2500, multipliers="both3")) == (
        "jasvel(multipliers=both3,target=2500)"
    )
    assert parse_profile("schieber(must_overtrump=true)").must_overtrump is True


def test_canonical_lines_match_the_schema_pattern() -> None:
    for g in positions("schweizer", seed=3, matches=1):
        assert re.search(PATTERN, format_position(g.round))


LINE = EXAMPLE.split()


def bad(**fields: str) -> str:
    names = ["version", "profile", "seats", "contract", "hands", "play"]
    parts = list(LINE)
    for k, v in fields.items():
        parts[names.index(k)] = v
    return " ".join(parts)


@pytest.mark.parametrize(
    ("line", "field", "fault"),
    [
        ("", "version", "starts with 'puur1'"),
        ("puur2 schieber", "version", "starts with 'puur1'"),
        ("puur1 schieber d2f3", "contract", "missing"),
        (bad(profile="bieter"), "profile", "unknown preset 'bieter'"),
        (bad(profile="schieber(target=12)"), "profile", "target must be a whole number from 100"),
        (bad(profile="schieber(stoeck=never)"), "profile", "stoeck='never' is not allowed"),
        (bad(profile="schieber(target=2500,target=3000)"), "profile", "given twice"),
        (bad(profile="schieber(colour=red)"), "profile", "unknown option 'colour'"),
        (bad(profile="schieber(must_overtrump=yes)"), "profile", "true or false"),
        (bad(profile="schieber(multipliers=C1.D2)"), "profile", "C1.D2.H1.S2.O3.U4"),
        (bad(seats="d4f0"), "seats", "not dDfF"),
        (bad(contract="X"), "contract", "is not - (none yet)"),
        (bad(contract="-"), "play", "before the contract is chosen"),
        (bad(hands="C6/C8"), "hands", "four hands"),
        (bad(hands=LINE[4].replace("C6", "Z6")), "hands", "unknown card 'Z6'"),
        (bad(hands=LINE[4].replace("C8", "C6")), "hands", "C6 is in two places"),
        (bad(hands=LINE[4].replace("C6,", "")), "hands", "seat 0 holds 5 cards and has played 3"),
        (bad(hands=LINE[4].replace("D8", "H7")), "hands", "seat 0 holds H7 and has played it"),
        (
            bad(play=LINE[5].replace("3:HJ", "1:HJ")),
            "play",
            "trick 2 is led by seat 3 (the winner of trick 1), not seat 1",
        ),
        (bad(play="3:H9,H7,SA"), "hands", "holds"),
        (bad(play=LINE[5].replace("SA,H6", "SA,H6,C6")), "play", "trick 1 has 5 cards"),
        (bad(play=LINE[5].replace("H7", "H7+bonus")), "play", "+bonus is no declaration"),
        (bad(play=LINE[5].replace("H7", "H7+weis:0+weis:1")), "play", "at most"),
        (bad(play=LINE[5].replace("H7", "H7+stoeck+stoeck")), "play", "at most"),
        (bad(play=LINE[5].replace("HJ", "HJ+weis:0")), "play", "no Weis to choose"),
        (EXAMPLE + " stoeck=maybe", "stoeck", "not one of pending, scored, lost"),
        (EXAMPLE + " colour=red", "colour", "is not one of stoeck="),
        (EXAMPLE.replace("H C6", "P C6"), "play", "before the contract is chosen"),
    ],
)
def test_bad_lines_name_the_field_and_the_fault(line: str, field: str, fault: str) -> None:
    with pytest.raises(PositionError) as e:
        parse_position(line)
    assert e.value.field == field and fault in str(e.value), str(e.value)
    assert str(e.value).startswith(f"position field {field}: ")


def test_an_illegal_card_is_refused_with_the_rule() -> None:
    # seat 0 holds hearts (H7) yet discards D8 on trick 1: must follow
    line = EXAMPLE.replace("3:H9,H7,SA,H6", "3:H9,D8,SA,H6").replace("C6,C9,D8,", "C6,C9,H7,")
    with pytest.raises(PositionError, match=r"^position field play: trick 1, D8 of seat 0: .*hearts"):
        parse_position(line)


VIEW = "puur1 schieber d2f3 H 0:C6,C9,D8,D9,D10,SQ 3:H9,H7,SA,H6/3:HJ,H8,S10,HA/3:HQ,H10,DK,D6/3:CA"


def test_the_view_example() -> None:
    v = parse_view(VIEW)
    assert (v.seat, v.to_act, v.hand_sizes, v.chooser) == (0, 0, (6, 6, 6, 5), 3)
    assert format_view(v) == VIEW
    assert format_view(parse_view(VIEW + " scores=1200,830 round=4")) == VIEW + " scores=1200,830 round=4"


@pytest.mark.parametrize(
    ("line", "field", "fault"),
    [
        (EXAMPLE, "hands", "read it with parse_position"),
        (VIEW.replace(" 0:", " 5:"), "hands", "a seat 0 to 3"),
        (VIEW.replace("C6,C9,", ""), "hands", "seat 0 holds 4 cards and has played 3"),
        (VIEW.replace("C6,", "SA,"), "hands", "SA, which is played"),
        (VIEW.replace("3:CA", "3:CA,C8,CQ,C10,H10"), "play", "trick 4 has 5 cards"),
        (VIEW.replace("H7", "H7+stoeck"), "play", "carries no declarations"),
        (VIEW + " shown=1:S6,S7", "shown", "not a meld"),
        (VIEW + " shown=1:C6,C7,C8", "shown", "C6 is elsewhere"),
        (VIEW + " announced=1:5", "announced", "not SEAT:POINTS"),
        (VIEW + " stoeck=2", "stoeck", "seat 2 cannot have held the trump King and Ober"),
        (VIEW + " scores=-3,2", "scores", "written totals"),
        (VIEW + " round=0", "round", "1 or more"),
        (VIEW + " round=2 round=3", "round", "given twice"),
    ],
)
def test_bad_views_name_the_field_and_the_fault(line: str, field: str, fault: str) -> None:
    with pytest.raises(PositionError) as e:
        parse_view(line)
    assert e.value.field == field and fault in str(e.value), str(e.value)


def test_a_view_refuses_an_illegal_card_of_its_own_seat() -> None:
    # seat 0 held H7 when it discarded D8 on a heart lead
    line = VIEW.replace("H9,H7,SA", "H9,D8,SA").replace("C6,C9,D8,D9,D10,SQ", "C6,C9,D9,D10,H7,SQ")
    with pytest.raises(PositionError, match=r"^position field play: trick 1, D8 of seat 0"):
        parse_view(line)


def test_a_view_cannot_become_a_round() -> None:
    with pytest.raises(PositionError, match="parse_view"):
        parse_position(VIEW)


def test_the_doc_examples_are_positions() -> None:
    """Every line of docs/position-notation.md's examples reads back to itself."""
    doc = (Path(__file__).parents[2] / "docs" / "position-notation.md").read_text(encoding="utf-8")
    lines = [line for line in doc.splitlines() if line.startswith("puur1 ")]
    assert len(lines) >= 5
    for line in lines:
        if ":" in line.split()[4]:
            assert format_view(parse_view(line)) == line
        else:
            assert format_position(parse_position(line)) == line
