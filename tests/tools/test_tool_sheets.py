"""Coiffeur and Differenzler sheets: TOOLS.md §2, §3; worked examples W12-W23 and C."""

from __future__ import annotations

import pytest

from puur.core.cards import Contract
from puur.tools import ToolInputError
from puur.tools import coiffeur as co
from puur.tools import differenzler as di

# ----- Coiffeur -----


def test_w17_standard_and_ten_column_sheets() -> None:
    cols = co.standard_columns()
    assert [(c.name, c.factor) for c in cols] == [
        ("Eicheln", 1), ("Rosen", 2), ("Schellen", 3), ("Schilten", 4), ("Obenabe", 5), ("Undenufe", 6),
        ("Joker 1", 7), ("Joker 2", 8),
    ]  # fmt: skip
    ten = co.ten_columns()
    assert [c.name for c in ten[8:]] == ["Slalom", "Guschti"] and ten[8].factor is None


@pytest.mark.parametrize("points, box", [(129, 12), (257, 25), (0, 0), (9, 0), (10, 1)])
def test_w12_w13_w18_tens_by_truncation(points: int, box: int) -> None:
    assert co.box_from_points(points) == box


def test_w19_c_methods() -> None:
    assert co.box_from_points(129, 2, "B") == 25  # 258 → 25
    assert co.box_from_points(257, 8, "B") == 205  # 2056 → 205
    a = co.Sheet.standard("A").fill(0, "Rosen", co.box_from_points(129, 2, "A"))
    assert a.boxes[0][1] == 12 and a.contribution(0, 1) == 24


def test_w14_w15_w16_c_method_a_total() -> None:
    s = co.Sheet.standard().fill(0, "Eicheln", 12).fill(0, "Rosen", 12).fill(0, "Joker 2", 25, joker="O")
    assert s.totals() == (236, 0)
    assert s.jokers[0][7] == "O"
    b = co.Sheet.standard("B").fill(0, "Rosen", 25).fill(0, "Joker 2", 205, joker="U")
    assert b.totals() == (230, 0)


def test_c_empty_box_is_not_zero() -> None:
    s = co.Sheet.standard().fill(1, "Obenabe", 0)
    d = s.to_dict()
    assert d["boxes"][1][4] == 0 and d["boxes"][1][3] is None
    assert "Obenabe" not in d["empty"][1] and "Schilten" in d["empty"][1]
    assert d["contributions"][1][3] is None and d["contributions"][1][4] == 0
    assert not s.complete and s.winner() is None


def test_complete_sheet_winner_and_tie() -> None:
    s = co.Sheet.standard()
    for i in range(8):
        s = s.fill(0, i, 10, joker="C" if i >= 6 else None).fill(1, i, 9, joker="H" if i >= 6 else None)
    assert s.complete and s.winner() == 0 and s.totals() == (360, 324)
    assert s.to_dict()["message"].startswith("We win")
    t = s.fill(1, 0, 46)  # 324 - 9 + 46 = 361 → They
    assert t.winner() == 1
    tie = s.fill(1, 0, 45)
    assert tie.winner() is None and tie.to_dict()["tie"]
    cleared = s.fill(0, "Eicheln", None)
    assert not cleared.complete and cleared.boxes[0][0] is None  # edit/clear a box (§2.2)


def test_jokers_and_repeat_agreement() -> None:
    """``joker_may_repeat=False``: the two jokers hold two different contracts (the one meaning of the form,
    the tool and the API); a joker may name a fixed column's contract."""
    s = co.Sheet(co.standard_columns(), joker_may_repeat=False).fill(0, "Obenabe", 10).fill(0, "Joker 1", 12, joker="O")
    assert not any("other joker" in w for w in s.warnings())
    s = s.fill(0, "Joker 2", 8, joker="O")
    assert any("other joker" in w for w in s.warnings())
    s2 = co.Sheet(co.standard_columns()).fill(0, "Joker 1", 12, joker="O").fill(0, "Joker 2", 8, joker="O")
    assert not any("other joker" in w for w in s2.warnings())
    assert any("name the contract" in w for w in co.Sheet.standard().fill(0, "Joker 1", 3).warnings())


def test_box_above_what_a_round_can_hold() -> None:
    # 257 (a match) + two nine-card runs (2 × 300) + Stöck (20) = 877 before the factor: 87 tens
    from puur.core.cards import Card, Contract, mask_of
    from puur.core.profile import RuleProfile
    from puur.core.rules.weis import declaration

    whole_suit = mask_of(int(Card.parse(f"H{r}")) for r in ("6", "7", "8", "9", "10", "J", "Q", "K", "A"))
    assert declaration(whole_suit, RuleProfile.preset("schieber"), Contract.H).points == 300
    assert (co.MAX_ROUND, co.MAX_ROUND_TENS) == (877, 87)

    def too_much(s: co.Sheet) -> list[str]:
        return [w for w in s.warnings() if "more than a round can hold" in w]

    assert too_much(co.Sheet.standard().fill(0, "Eicheln", 87)) == []
    w = too_much(co.Sheet.standard().fill(0, "Eicheln", 88))
    assert len(w) == 1 and "877" in w[0] and "87 tens" in w[0]
    assert too_much(co.Sheet(co.standard_columns(), method="B").fill(0, "Eicheln", 88)) == []


def test_ten_column_factors_must_be_agreed() -> None:
    s = co.Sheet(co.ten_columns())
    assert any("Slalom" in w for w in s.warnings())
    with pytest.raises(ToolInputError) as e:
        s.fill(0, "Slalom", 10)
    assert e.value.field == ("columns", 8, "factor")
    s = co.Sheet(co.ten_columns(9, 10)).fill(0, "Slalom", 10).fill(0, "Guschti", 25)
    assert s.totals() == (340, 0)


def test_sheet_from_and_errors() -> None:
    s = co.sheet_from(None, [[12, 12, None, None, None, None, None, 25], []])
    assert s.totals() == (236, 0)
    with pytest.raises(ToolInputError) as e:
        co.sheet_from(None, [[-1], []])
    assert e.value.field == ("boxes", 0, 0)
    with pytest.raises(ToolInputError):
        co.sheet_from(None, [[1] * 9, []])
    with pytest.raises(ToolInputError):
        co.sheet_from(None, [[], []], [[None, None, None, None, None, None, "Q"], []])
    with pytest.raises(ToolInputError):
        co.sheet_from(None, [[], []], [["C"], []])  # Eicheln is not a joker column
    with pytest.raises(ToolInputError):
        co.Sheet(co.standard_columns(), method="C")
    with pytest.raises(ToolInputError):
        co.box_from_points(-5)
    custom = co.sheet_from([{"name": "Bock", "kind": "joker", "factor": 9}, {"contract": "rosen", "factor": 2}], [[3, 4], []])
    assert custom.totals() == (35, 0) and custom.columns[1].name == "Rosen"


# ----- Differenzler -----


def test_c_differenzler_rounds() -> None:
    s = di.Sheet().add([40, 30, 57, 30], [45, 30, 50, 32])
    assert s.rounds[0].differences == (5, 0, 7, 2) and s.rounds[0].warnings() == []
    s = s.add([20, 60, 40, 37], [25, 40, 52, 40])
    assert s.rounds[1].differences == (5, 20, 12, 3)
    assert s.totals() == (10, 20, 19, 5)
    assert s.leaders() == [3]
    assert "Player 4 leads" in s.to_dict()["message"]


def test_w21_w22_predictions_free_exact_is_zero() -> None:
    s = di.Sheet().add([100, 100, 100, 100], [40, 40, 40, 37])  # predictions add to 400: no adjustment
    assert s.rounds[0].warnings() == []
    assert di.Sheet().add([40, 40, 40, 37], [40, 40, 40, 37]).totals() == (0, 0, 0, 0)


def test_157_check() -> None:
    assert di.Sheet().add([0] * 4, [40, 40, 40, 40]).rounds[0].warnings()
    assert di.Sheet().add([0] * 4, [257, 0, 0, 0]).rounds[0].warnings() == []  # a match under that convention


def test_undo_reset_planned_rounds_and_ties() -> None:
    s = di.Sheet(rounds_planned=2).add([0] * 4, [40, 40, 40, 37]).add([0] * 4, [40, 40, 40, 37])
    assert s.finished and s.leaders() == [3] and "wins" in s.to_dict()["message"]
    with pytest.raises(ToolInputError, match="game is over"):
        s.add([0] * 4, [40, 40, 40, 37])
    assert not s.undo().finished and s.reset().rounds == ()
    t = di.Sheet().add([0] * 4, [40, 40, 37, 40])
    assert t.leaders() == [2]
    t = di.Sheet().add([40, 40, 37, 40], [40, 40, 37, 40])
    assert t.leaders() == [0, 1, 2, 3]


def test_differenzler_threshold_ends_the_game() -> None:
    """TOOLS.md §3.1 [DECISION]: optionally the game ends after the round in which a total reaches the
    threshold; the lowest total still wins; with rounds agreed too, the first to come ends it."""
    s = di.Sheet(threshold=30).add([0, 40, 40, 40], [20, 40, 40, 37])
    assert not s.finished and s.to_dict()["ended_by"] is None
    s = s.add([0, 40, 40, 40], [10, 40, 40, 37])  # player 1 reaches 30
    assert s.finished and s.ended_by == "threshold" and s.leaders() == [1, 2]
    assert s.to_dict()["threshold"] == 30 and "win" in s.to_dict()["message"]
    with pytest.raises(ToolInputError) as e:
        s.add([0] * 4, [40, 40, 40, 37])
    assert e.value.code == "threshold_over" and e.value.params == {"rounds": 2, "threshold": 30}
    assert not s.undo().finished
    both = di.Sheet(rounds_planned=1, threshold=1000).add([0] * 4, [40, 40, 40, 37])
    assert both.ended_by == "rounds"
    assert di.Sheet(rounds_planned=5, threshold=10).add([0] * 4, [40, 40, 40, 37]).ended_by == "threshold"
    with pytest.raises(ToolInputError) as e:  # a round written after the one that ended the game
        di.sheet_from(None, [{"predicted": [0] * 4, "actual": [40, 40, 40, 37]}] * 2, threshold=40)
    assert e.value.field == ("rounds", 1) and e.value.code == "threshold_passed"
    with pytest.raises(ToolInputError) as e:
        di.Sheet(threshold=0)
    assert e.value.field == ("threshold",)


def test_differenzler_weis_and_stoeck_count_where_the_sheet_counts_them() -> None:
    """TOOLS.md §3.1 [DECISION]: off by default; the option adds each player's own Weis and Stöck to the
    points taken before the difference."""
    s = di.Sheet(weis_stoeck=True).add([60, 40, 40, 37], [40, 40, 40, 37], [20, 0, 0, 0], [0, 20, 0, 0])
    assert s.rounds[0].taken == (60, 60, 40, 37) and s.totals() == (0, 20, 0, 0)
    assert s.to_dict()["rounds"][0]["weis"] == [20, 0, 0, 0] and s.to_dict()["weis_stoeck"] is True
    assert s.rounds[0].warnings() == []  # the 157 check reads the card points alone
    with pytest.raises(ToolInputError) as e:
        di.Sheet().add([0] * 4, [40, 40, 40, 37], [20, 0, 0, 0])
    assert e.value.code == "weis_stoeck_off"
    for weis, stoeck, code in (([30, 0, 0, 0], None, "weis_value"), ([360, 0, 0, 0], None, "too_large"),
                               (None, [20, 20, 0, 0], "stoeck_twice"), (None, [10, 0, 0, 0], "stoeck_value")):
        with pytest.raises(ToolInputError) as e:
            di.Sheet(weis_stoeck=True).add([0] * 4, [40, 40, 40, 37], weis, stoeck)
        assert e.value.code == code, (weis, stoeck)
    r = {"predicted": [0] * 4, "actual": [40, 40, 40, 37], "stoeck": [0, 0, 20, 0]}
    assert di.sheet_from(None, [r], weis_stoeck=True).totals() == (40, 40, 60, 37)
    with pytest.raises(ToolInputError) as e:
        di.sheet_from(None, [r])
    assert e.value.field == ("rounds", 0) and e.value.code == "weis_stoeck_off"


def test_differenzler_errors() -> None:
    with pytest.raises(ToolInputError) as e:
        di.Sheet().add([1, 2, 3], [1, 2, 3, 4])
    assert e.value.field == ("round", "predicted")
    with pytest.raises(ToolInputError) as e:
        di.Sheet().add([1, 2, 3, -4], [1, 2, 3, 4])
    assert e.value.field == ("round", "predicted", 3)
    with pytest.raises(ToolInputError) as e:
        di.sheet_from(None, [{"predicted": [1, 2, 3, 4], "actual": [1, 2, 3, 400]}])
    assert e.value.field == ("rounds", 0, "actual", 3)


def test_w23_estimate_counts_trumps_twice() -> None:
    # Rosen trump: HJ 20 + H9 14 (twice) + CA 11 + C10 10 → 34*2 + 21 = 89
    assert di.estimate(["HJ", "H9", "CA", "C10"], Contract.H) == 89
    assert di.estimate(["C6", "CA"], Contract.U) == 11  # no trump in Undenufe: once


def test_coiffeur_joker_notices_have_codes() -> None:
    from puur.tools.coiffeur import Sheet

    s = Sheet.standard().fill(0, "Eicheln", 5).fill(0, "Joker 1", 4, joker="C").fill(0, "Joker 2", 6, joker="C")
    s = Sheet(s.columns, s.boxes, s.jokers, joker_may_repeat=False).fill(1, "Joker 2", 3)
    assert [(n.code, n.params) for n in s.notices()] == [
        ("joker_repeat", {"team": 0, "col": 7, "contract": "C"}), ("joker_unnamed", {"team": 1, "col": 7})
    ]
