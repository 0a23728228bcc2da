"""Jasstafel scoreboard and chalk marks: TOOLS.md §0, §1 and the worked examples W1-W11, S1, S5, C."""

from __future__ import annotations

import pytest

from puur.core.cards import Contract
from puur.core.profile import RuleProfile
from puur.core.rules.chalk import Marks, format_marks, parse_marks, to_marks
from puur.tools import ToolInputError
from puur.tools.jasstafel import (
    TABLE_LABELS,
    TARGETS,
    Board,
    Entry,
    check_crossing,
    cumulative_marks,
    marks_for,
    score_entry,
    tally_marks,
)

SCHIEBER = RuleProfile.preset("schieber")
JASVEL = RuleProfile.preset("jasvel")


def board(**kw: object) -> Board:
    return Board(**kw)  # type: ignore[arg-type]


# ----- W6, W7: factors multiply the whole round for both teams -----


@pytest.mark.parametrize(
    "table, factors",
    [
        ("common", (1, 1, 2, 2, 3, 4)),
        ("both3", (1, 1, 2, 2, 3, 3)),
        ("ascending", (1, 2, 3, 4, 5, 6)),
        ("classic", (1, 2, 2, 1, 3, 4)),
        ("online", (2, 1, 1, 2, 3, 3)),
    ],
)
def test_w6_factor_tables(table: str, factors: tuple[int, ...]) -> None:
    b = board(multipliers=table)
    got = tuple(b.factor(Contract.parse(c)) for c in ("C", "H", "D", "S", "O", "U"))  # Eicheln Rosen Schellen Schilten
    assert got == factors
    assert table in TABLE_LABELS


def test_w6_labels_and_w8_targets() -> None:
    assert TABLE_LABELS["common"] == "Common (Undenufe ×4)"
    assert TABLE_LABELS["both3"] == "Obenabe and Undenufe ×3"
    assert TABLE_LABELS["ascending"] == "Ascending 1–6"
    assert TARGETS == (1000, 1500, 2500, 3000)
    assert Board().target == 1000


def test_c_round_scoring_schellen_x2_both_teams() -> None:
    # W7 / C: common, Schellen ×2: We 100 + Weis 50 + Stöck 20 → 340; They 57 → 114
    st = board().write(Entry.of("Schellen", (100, 57), (50, 0), (20, 0))).state()
    r = st.rounds[0]
    assert (r.factor, r.raw, r.written) == (2, (170, 57), (340, 114))
    assert r.warnings == ()


def test_c_round_scoring_obenabe_match() -> None:
    st = board().write(Entry.of("obenabe", (257, 0))).state()
    assert st.rounds[0].written == (771, 0)
    assert st.rounds[0].warnings == ()


def test_s1_multiply_the_sum_not_the_tricks() -> None:
    # S1: tricks 100 + Weis 50 + Stöck 20 under ×4 (ascending, Schilten) → 680, not 470
    st = board(multipliers="ascending").write(Entry.of("S", (100, 57), (50, 0), (20, 0))).state()
    assert st.rounds[0].written[0] == 680


def test_w1_totals_accepted_without_warning() -> None:
    assert Entry.of("C", (100, 57)).warnings() == []
    assert Entry.of("C", (100, 52)).warnings() == []  # 152: the widget hint also accepts it
    assert Entry.of("C", (257, 0)).warnings() == []
    assert Entry.of("C", (0, 257)).warnings() == []


def test_validation_warnings() -> None:
    assert any("add to 150" in w for w in Entry.of("C", (100, 50)).warnings())
    assert any("match" in w for w in Entry.of("C", (200, 57)).warnings())
    assert any("does not exist in Obenabe" in w for w in Entry.of("O", (100, 57), stoeck=(20, 0)).warnings())
    assert any("does not exist in Undenufe" in w for w in Entry.of("U", (100, 57), stoeck=(0, 20)).warnings())
    assert any("both teams" in w and "Stöck" in w for w in Entry.of("H", (100, 57), stoeck=(20, 20)).warnings())
    assert any("Weis for both" in w for w in Entry.of("H", (100, 57), weis=(20, 50)).warnings())
    assert any("worth 20" in w for w in Entry.of("H", (100, 57), stoeck=(40, 0)).warnings())
    # W5: a late Stöck is simply not entered; 0 is fine
    assert Entry.of("H", (100, 57), stoeck=(0, 0)).warnings() == []


def test_entry_errors_name_the_field() -> None:
    with pytest.raises(ToolInputError) as e:
        Entry.of("X", (1, 2))
    assert e.value.field == ("contract",)
    with pytest.raises(ToolInputError) as e:
        Entry.of("C", (1,))
    assert e.value.field == ("card_points",)
    with pytest.raises(ToolInputError) as e:
        Entry.of("C", (1, "2"))  # type: ignore[arg-type]
    assert e.value.field == ("card_points", 1)
    with pytest.raises(ToolInputError):
        Board(multipliers="nonsense")
    with pytest.raises(ToolInputError):
        Board(target=0)


# ----- crossing (W9, S5, C) -----


def crossing_of(profile: RuleProfile, before: tuple[int, int], contract: str, cards: tuple[int, int],
                weis: tuple[int, int] = (0, 0), stoeck: tuple[int, int] = (0, 0), table: str = "common"):
    prof = profile.with_options(multipliers=table)
    e = Entry.of(contract, cards, weis, stoeck)
    return check_crossing(prof, 1000, before, score_entry(e, prof.factor(e.contract)))


@pytest.mark.parametrize("profile", [SCHIEBER, JASVEL])
def test_c_crossing_weis_block_beats_higher_total(profile: RuleProfile) -> None:
    out = crossing_of(profile, (960, 900), "C", (20, 137), weis=(50, 0), stoeck=(0, 20))
    assert out is not None and (out.winner, out.block) == (0, "weis")
    # final totals: We 1030, They 1057 — They is higher but loses (W9)


@pytest.mark.parametrize("profile", [SCHIEBER, JASVEL])
def test_c_crossing_stoeck_block(profile: RuleProfile) -> None:
    out = crossing_of(profile, (985, 990), "C", (40, 117), stoeck=(20, 0))
    assert out is not None and (out.winner, out.block) == (0, "stoeck")


def test_c_crossing_multiplied_block_and_reaching_counts() -> None:
    # S5: ">=" and multiplied block values: 900 + 50×2 = 1000 → We win in the Weis block
    out = crossing_of(SCHIEBER, (900, 950), "D", (20, 137), weis=(50, 0))
    assert out is not None and (out.winner, out.block) == (0, "weis")


def test_crossing_order_follows_the_profile() -> None:
    # We cross by Weis, They by Stöck: schieber counts Stöck first, jasvel Weis first
    a = crossing_of(SCHIEBER, (980, 990), "C", (10, 147), weis=(20, 0), stoeck=(0, 20))
    b = crossing_of(JASVEL, (980, 990), "C", (10, 147), weis=(20, 0), stoeck=(0, 20))
    assert a is not None and (a.winner, a.block) == (1, "stoeck")
    assert b is not None and (b.winner, b.block) == (0, "weis")


def crossing_with(profile: RuleProfile, before: tuple[int, int], cards: tuple[int, int],
                  first: int | None, stoeck: tuple[int, int] = (0, 0)):
    e = Entry.of("C", cards, (0, 0), stoeck, first_in_tricks=first)
    return check_crossing(profile, 1000, before, score_entry(e, 1), 0, e.first_in_tricks)


def test_c_double_crossing_higher_total_wins_under_jasvel() -> None:
    # jasvel: trick_block_tie = higher_total (RULES §14, J11): the totals decide, whoever was first
    out = crossing_of(JASVEL, (950, 900), "C", (57, 100))
    assert out is not None and (out.winner, out.block, out.tie) == (0, "tricks", False)  # 1007 vs 1000
    out = crossing_of(JASVEL, (900, 950), "C", (100, 57))
    assert out is not None and (out.winner, out.tie) == (1, False)
    out = crossing_with(JASVEL, (950, 900), (57, 100), first=1)
    assert out is not None and out.winner == 0
    assert out.both_crossed and "both teams did: the higher total wins" in out.message


@pytest.mark.parametrize("preset", ["schieber", "classic", "schweizer", "online"])
def test_c_double_crossing_trick_by_trick_needs_who_was_first(preset: str) -> None:
    # trick_by_trick (RULES §14): the team that got there first; the board cannot see the tricks
    prof = RuleProfile.preset(preset)
    out = crossing_with(prof, (950, 900), (57, 100), first=None)
    assert out is not None and out.tie and out.winner is None and out.block == "tricks"
    assert "trick by trick" in out.message and "Undo" in out.message
    out = crossing_with(prof, (950, 900), (57, 100), first=1)
    assert out is not None and (out.winner, out.block, out.tie) == (1, "tricks", False)  # lower total, first
    assert out.both_crossed and "first there, trick by trick" in out.message
    out = crossing_with(prof, (950, 900), (57, 100), first=0)
    assert out is not None and out.winner == 0


def test_c_double_crossing_equal_totals_needs_who_was_first() -> None:
    out = crossing_of(JASVEL, (921, 921), "C", (80, 77), stoeck=(0, 3))
    assert out is not None and out.tie and out.winner is None and out.block == "tricks"
    assert "equal totals" in out.message
    out = crossing_with(JASVEL, (921, 921), (80, 77), first=1, stoeck=(0, 3))
    assert out is not None and (out.winner, out.tie) == (1, False)


def test_first_in_tricks_is_checked_and_kept() -> None:
    with pytest.raises(ToolInputError) as e:
        Entry.of("C", (100, 57), first_in_tricks=2)
    assert e.value.field == ("first_in_tricks",)
    with pytest.raises(ToolInputError):
        Entry.of("C", (100, 57), first_in_tricks=True)  # type: ignore[arg-type]
    assert Entry.of("C", (100, 57), first_in_tricks=1).to_dict()["first_in_tricks"] == 1
    assert "first_in_tricks" not in Entry.of("C", (100, 57)).to_dict()


def test_board_undecided_then_rewritten() -> None:
    # schieber (trick_by_trick): 312/316, then 624/632: both cross in the tricks block
    both = Board(target=600).write(Entry.of("U", (78, 79))).write(Entry.of("U", (78, 79)))
    st = both.state()
    assert st.totals == (624, 632)
    assert st.finished and st.outcome is not None and st.outcome.tie and st.outcome.winner is None
    with pytest.raises(ToolInputError, match="game is over"):
        both.write(Entry.of("C", (100, 57)))
    fixed = both.undo().write(Entry.of("U", (78, 79), first_in_tricks=0))
    assert fixed.state().outcome is not None and fixed.state().outcome.winner == 0  # lower total, first there
    # the same board under jasvel (higher_total): They, with the higher total
    jas = Board(JASVEL, target=600, entries=both.entries).state()
    assert jas.outcome is not None and (jas.outcome.winner, jas.outcome.tie) == (1, False)


def test_no_crossing() -> None:
    assert crossing_of(SCHIEBER, (0, 0), "C", (100, 57)) is None


def test_board_announces_the_winner_round() -> None:
    b = Board(target=1000).write(Entry.of("U", (157, 0))).write(Entry.of("U", (157, 0)))  # 628 per round
    st = b.state()
    assert st.finished and st.outcome is not None
    assert (st.outcome.winner, st.outcome.block, st.outcome.round) == (0, "tricks", 2)
    assert st.outcome.message.startswith("We win")


def test_write_refused_after_win() -> None:
    b = Board(target=1000).write(Entry.of("U", (157, 0))).write(Entry.of("U", (157, 0)))
    assert b.state().outcome is not None
    with pytest.raises(ToolInputError, match="game is over"):
        b.write(Entry.of("C", (100, 57)))
    b2 = b.undo()
    assert len(b2.entries) == 1 and b2.state().outcome is None
    assert b2.write(Entry.of("C", (100, 57))).state().totals == (728, 57)
    assert b.reset().entries == () and b.reset().state().totals == (0, 0)
    assert Board().undo().entries == ()


def test_stored_rounds_after_a_win_are_refused() -> None:
    e = Entry.of("U", (157, 0))
    with pytest.raises(ToolInputError) as err:
        Board(entries=(e, e, e)).state()
    assert err.value.field == ("rounds", 2)


def test_running_totals() -> None:
    b = Board(target=3000)
    b = b.write(Entry.of("C", (100, 57))).write(Entry.of("O", (57, 100), (0, 100))).write(Entry.of("H", (0, 257)))
    st = b.state()
    assert [r.totals for r in st.rounds] == [(100, 57), (271, 657), (271, 914)]


# ----- chalk marks (D-J1..D-J20, parser, style B) -----

DJ = [
    (0, (0, 0, 0, 0, 0, 0)), (7, (0, 0, 0, 0, 0, 7)), (19, (0, 0, 0, 0, 0, 19)), (20, (0, 0, 0, 0, 1, 0)),
    (45, (0, 0, 0, 0, 2, 5)), (50, (0, 0, 0, 1, 0, 0)), (99, (0, 0, 0, 1, 2, 9)), (152, (0, 0, 1, 1, 0, 2)),
    (157, (0, 0, 1, 1, 0, 7)), (257, (0, 0, 2, 1, 0, 7)), (314, (0, 0, 3, 0, 0, 14)), (499, (0, 0, 4, 1, 2, 9)),
    (500, (0, 1, 0, 0, 0, 0)), (680, (0, 1, 1, 1, 1, 10)), (999, (0, 1, 4, 1, 2, 9)), (1000, (1, 0, 0, 0, 0, 0)),
    (1500, (1, 1, 0, 0, 0, 0)), (2500, (2, 1, 0, 0, 0, 0)), (3000, (3, 0, 0, 0, 0, 0)), (-15, (0, 0, 0, 0, 0, -15)),
]  # fmt: skip


@pytest.mark.parametrize("n, expected", DJ)
def test_d_j_compact_marks(n: int, expected: tuple[int, ...]) -> None:
    m = marks_for(n)
    assert (m.x, m.v, m.hundreds, m.fifties, m.twenties, m.remainder) == expected


def test_round_trip_every_value_minus500_to_10000() -> None:
    for n in range(-500, 10_001):
        m = to_marks(n)
        assert m.value == n
        assert parse_marks(format_marks(m)) == m
        t = tally_marks(n)
        assert t.value == n and t.v == 0
        assert parse_marks(format_marks(t)).value == n
        if n >= 0:
            assert 0 <= m.remainder <= 19 and m.hundreds <= 4 and m.fifties <= 1 and m.twenties <= 2


def test_parser_examples() -> None:
    assert parse_marks("100: ||||/ ||").value == 700
    assert parse_marks("20: ||||/").value == 100
    assert parse_marks("50: ||||//").value == 250
    assert parse_marks("X V; r: -3").value == 1497


def test_style_b_cumulative() -> None:
    assert cumulative_marks([157]) == Marks(0, 0, 1, 1, 0, 7)
    m = cumulative_marks([157, 157])
    assert (m.hundreds, m.fifties, m.remainder) == (2, 2, 14) and m.value == 314
    # a negative entry lowers the remainder, strokes stay
    m = cumulative_marks([157, -40])
    assert m == Marks(0, 0, 1, 1, 0, -33) and m.value == 117


def test_state_marks_styles_agree_with_totals() -> None:
    b = Board(target=10_000)
    for cp in ((157, 0), (100, 57), (0, 257), (57, 100)):
        b = b.write(Entry.of("S", cp, (50, 0), (0, 20)))
    st = b.state()
    for style in ("compact", "tally", "cumulative"):
        we, they = st.marks(style)
        assert (we.value, they.value) == st.totals
    with pytest.raises(ToolInputError):
        st.marks("zigzag")


def test_tally_shows_groups() -> None:
    m = tally_marks(2735)
    assert (m.x, m.v, m.hundreds) == (2, 0, 7) and m.groups("hundreds") == (1, 2)
