"""Weis calculator and trick arbiter: TOOLS.md §4, §5; worked examples W24-W38, S2-S4 and C."""

from __future__ import annotations

import pytest

from puur.core.cards import Contract
from puur.core.profile import RuleProfile
from puur.tools import ToolInputError
from puur.tools.trick_arbiter import judge
from puur.tools.weis_calculator import NO_MELD_TEXT, calculate, compare_with_other_team, seat_from_hand

SCHIEBER = RuleProfile.preset("schieber")
JASVEL = RuleProfile.preset("jasvel")


def hand(cards: str, profile: RuleProfile = SCHIEBER, contract: Contract = Contract.C):
    return seat_from_hand(0, cards.split(), profile, contract).declaration


# ----- Weis: meld values (W24, S2) and hands (C) -----


@pytest.mark.parametrize(
    "cards, points",
    [
        ("C6 C7 C8", 20), ("C6 C7 C8 C9", 50), ("C6 C7 C8 C9 C10", 100), ("C6 C7 C8 C9 C10 CJ", 150),
        ("C6 C7 C8 C9 C10 CJ CQ", 200), ("C6 C7 C8 C9 C10 CJ CQ CK", 250), ("C6 C7 C8 C9 C10 CJ CQ CK CA", 300),
        ("CJ DJ HJ SJ", 200), ("C9 D9 H9 S9", 150), ("CA DA HA SA", 100), ("CK DK HK SK", 100),
        ("CQ DQ HQ SQ", 100), ("C10 D10 H10 S10", 100), ("C8 D8 H8 S8", 0), ("C6 D6 H6 S6", 0),
    ],
)  # fmt: skip
def test_w24_meld_values(cards: str, points: int) -> None:
    assert hand(cards).points == points


@pytest.mark.parametrize("contract", list(Contract))
def test_s2_six_seven_eight_is_20_in_every_contract(contract: Contract) -> None:
    assert hand("H6 H7 H8", contract=contract).points == 20


def test_c_hands() -> None:
    d = hand("H10 HJ HQ HK HA")
    assert d.points == 100 and len(d.melds) == 1
    d = hand("S6 S7 S8 S10 SJ SQ")
    assert d.points == 40 and len(d.melds) == 2 and d.best is not None and d.best.points == 20
    assert d.best.top == 6  # top card Ober
    assert hand("C8 D8 H8 S8").melds == ()  # worth 0: no Weis


def test_c_shared_cards_under_jasvel_only() -> None:
    cards = "C9 D9 H9 S9 C7 C8 C10 CJ"
    j = hand(cards, JASVEL)
    # the run C7-CJ (100) and the four 9s (150) share C9: only the stronger is written (J17, J25)
    assert j.points == 150 and j.best is not None and j.best.points == 150 and len(j.melds) == 1
    assert hand(cards, SCHIEBER).points == 150  # disjoint: the four 9s take C9, the run breaks


def test_empty_hand_text() -> None:
    out = calculate([{"hand": ["CA", "D6"]}], Contract.C, SCHIEBER)
    assert out.seats[0].to_dict()["text"] == NO_MELD_TEXT
    assert out.winner_seat is None and out.written == (0, 0)


def seat_melds(*melds: str) -> dict[str, object]:
    return {"melds": [m.split() for m in melds]}


def winner(a: str, b: str, contract: Contract = Contract.C, profile: RuleProfile = SCHIEBER, forehand: int = 0):
    out = calculate([seat_melds(a), seat_melds(b)], contract, profile, forehand)
    return out.winner_seat, out.steps[-1].name, out


def test_w25_w27() -> None:
    # W25: 100 with 5 cards beats 100 with 4 (step 2); W27: opposing teams → 100 and 0
    out = calculate([seat_melds("S9 S10 SJ SQ SK"), seat_melds("CA DA HA SA")], Contract.C, SCHIEBER)
    assert out.winner_seat == 0 and out.steps[-1].name == "cards"
    assert out.written == (100, 0)


def test_w26_one_team_holds_both_writes_all_melds() -> None:
    # TOOLS.md §4.3 [DECISION]: the winning team writes all melds of both partners
    out = calculate([seat_melds("S9 S10 SJ SQ SK"), None, seat_melds("CA DA HA SA")], Contract.C, SCHIEBER)
    assert out.winner_seat == 0 and out.written == (200, 0)


def test_step2_count() -> None:
    w, step, _ = winner("C6 C7 C8 C9 C10", "CA DA HA SA")  # 100/5 vs 100/4
    assert (w, step) == (0, "cards")
    w, step, _ = winner("CA DA HA SA", "C6 C7 C8 C9 C10")
    assert (w, step) == (1, "cards")


def test_s4_six_sequence_beats_four_nells() -> None:
    # A 6-run always holds a 9, so 150/6 vs 150/4 across seats is compared with the widget's inputs
    six = hand("C6 C7 C8 C9 C10 CJ").best
    r = compare_with_other_team(six, 150, 4, SCHIEBER)
    assert (r.result, r.step) == ("yours", "cards")
    r = compare_with_other_team(hand("C9 D9 H9 S9").best, 150, 6, SCHIEBER)
    assert (r.result, r.step) == ("theirs", "cards")


def test_200_seven_beats_four_under() -> None:
    r = compare_with_other_team(hand("D6 D7 D8 D9 D10 DJ DQ").best, 200, 4, SCHIEBER)
    assert (r.result, r.step) == ("yours", "cards")


def test_step3_four_aces_beat_four_kings() -> None:
    w, step, _ = winner("CA DA HA SA", "CK DK HK SK")
    assert (w, step) == (0, "top")
    w, step, _ = winner("CK DK HK SK", "CA DA HA SA")
    assert (w, step) == (1, "top")


def test_step4_trump_sequence_wins_then_obenabe_seat_decides() -> None:
    w, step, out = winner("H10 HJ HQ HK", "C10 CJ CQ CK", Contract.C)
    assert (w, step) == (1, "trump")
    w, step, out = winner("H10 HJ HQ HK", "C10 CJ CQ CK", Contract.O, forehand=0)
    assert (w, step) == (0, "seat")
    w, step, out = winner("H10 HJ HQ HK", "C10 CJ CQ CK", Contract.O, forehand=1)
    assert (w, step) == (1, "seat")
    assert "nearer the forehand" in out.steps[-1].reason


def test_w29_undenufe_reads_sequences_naturally() -> None:
    assert hand("H6 H7 H8", contract=Contract.U).points == 20
    # jasvel never reverses the top card; schieber reverses it in Undenufe (RULES.md §9.5)
    w, step, _ = winner("H6 H7 H8", "CQ CK CA", Contract.U, JASVEL)
    assert (w, step) == (1, "top")
    w, step, _ = winner("H6 H7 H8", "CQ CK CA", Contract.U, SCHIEBER)
    assert (w, step) == (0, "top")


def test_c_partial_compare() -> None:
    seq = hand("C6 C7 C8 C9 C10").best
    assert compare_with_other_team(seq, 100, 4, SCHIEBER).result == "yours"
    assert compare_with_other_team(seq, 150, 4, SCHIEBER).result == "theirs"
    r = compare_with_other_team(seq, 100, 5, SCHIEBER)
    assert r.result == "undecided" and "undecided at the table" in r.reason
    assert compare_with_other_team(None, 0, 0, SCHIEBER).result == "undecided"


def test_partial_compare_takes_only_melds_the_profile_scores() -> None:
    """Their meld's points and cards are a meld's (§4.5): 150 with 6 cards under schieber's extended values,
    not under classic's, where a long run is 100; 130 or 20 with 5 cards nowhere."""
    assert compare_with_other_team(None, 150, 6, SCHIEBER).result == "theirs"
    classic = RuleProfile.preset("classic")
    assert compare_with_other_team(None, 100, 6, classic).result == "theirs"
    for profile, points, cards in [(classic, 150, 6), (SCHIEBER, 130, 2), (SCHIEBER, 20, 5), (SCHIEBER, 0, 3)]:
        with pytest.raises(ToolInputError) as e:
            compare_with_other_team(None, points, cards, profile)
        assert e.value.field == ("their_points",) and e.value.code == "no_such_meld"


def test_chain_matches_core_with_full_hands() -> None:
    hands = [
        {"hand": ["C6", "C7", "C8", "HA", "HK"]},
        {"hand": ["D6", "D7", "D8", "SA", "SK"]},
        {"hand": ["S6", "S7", "S8", "S9"]},
        {"hand": ["H6", "H7", "H8"]},
    ]
    out = calculate(hands, Contract.H, SCHIEBER, forehand=1)
    assert out.winner_seat == 2 and out.written == (70, 0)  # 50 + partner's 20


def test_weis_errors() -> None:
    with pytest.raises(ToolInputError) as e:
        calculate([{"hand": ["CA", "CA"]}], Contract.C, SCHIEBER)
    assert e.value.field[:3] == ("seats", 0, "hand")
    with pytest.raises(ToolInputError) as e:
        calculate([{"hand": ["CA"]}, {"hand": ["CA"]}], Contract.C, SCHIEBER)
    assert "already held" in str(e.value)
    with pytest.raises(ToolInputError) as e:
        calculate([seat_melds("C6 C7 C9")], Contract.C, SCHIEBER)
    assert "not a meld" in str(e.value)
    with pytest.raises(ToolInputError):
        calculate([{"hand": ["C6", "C7", "C8", "C9", "C10", "CJ", "CQ", "CK", "CA", "D6"]}], Contract.C, SCHIEBER)
    with pytest.raises(ToolInputError, match="sequence_and_quartet_may_share"):
        calculate([seat_melds("C9 D9 H9 S9", "C7 C8 C9")], Contract.C, SCHIEBER)
    out = calculate([seat_melds("C9 D9 H9 S9", "C7 C8 C9")], Contract.C, JASVEL)
    assert out.written == (150, 0)  # they share C9: only the four 9s are written (J17, J25)
    assert [m["points"] for m in out.seats[0].to_dict()["melds"]] == [150]


# ----- trick (W30-W38, S3, C) -----

TRICKS = [
    ("D", "HA D7 HK H10", 1, 25),  # C: Schellen trump
    ("D", "HA D7 D9 H6", 2, 25),
    ("D", "HA D7 D9 DJ", 3, 45),
    ("U", "C8 C6 CA H6", 1, 30),
    ("O", "C10 HA C9 C6", 0, 21),
    ("O", "H10 HJ H6 H7", 1, 12),
    ("C", "HA H10 HJ H7", 0, 23),  # S3
    ("U", "SA SK SQ C6", 2, 18),
]


@pytest.mark.parametrize("contract, cards, seat, worth", TRICKS)
def test_c_tricks(contract: str, cards: str, seat: int, worth: int) -> None:
    r = judge(Contract.parse(contract), cards.split(), SCHIEBER)
    assert (r.winner, r.worth, r.complete) == (seat, worth, True)


def test_w30_w32_trump_ladder() -> None:
    assert judge(Contract.D, ["HA", "D7"], SCHIEBER).winner == 1  # W30 trump seven beats the led ace
    assert judge(Contract.D, ["HA", "D7", "D9"], SCHIEBER).winner == 2  # W31 the Nell
    r = judge(Contract.D, ["HA", "D7", "D9", "DJ"], SCHIEBER)  # W32 the Puur
    assert r.winner == 3 and "trumps are looked at first" in r.reason


def test_w33_w36_w38_plain_and_undenufe_ladders() -> None:
    assert judge(Contract.U, ["H7", "H8", "H9", "H6"], SCHIEBER).winner == 3  # W33 six wins in Undenufe
    assert judge(Contract.O, ["H10", "CA", "H6", "H7"], SCHIEBER).winner == 0  # W34 off-suit ace cannot win
    assert judge(Contract.O, ["H10", "HJ"], SCHIEBER).winner == 1  # W35 U above 10
    assert judge(Contract.U, ["HA", "HK"], SCHIEBER).winner == 1  # W36 ace lowest in Undenufe
    assert judge(Contract.U, ["HJ", "HA", "HK", "HQ"], SCHIEBER).winner == 0  # W38 U above O K A in Undenufe
    assert judge(Contract.C, ["HA", "HJ"], SCHIEBER).winner == 0  # W38 plain U below A
    assert judge(Contract.H, ["HA", "HJ"], SCHIEBER).winner == 1  # W38 trump U beats every trump


def test_w37_initial_state() -> None:
    r = judge(Contract.C, [], SCHIEBER)
    d = r.to_dict()
    assert (d["winner_label"], d["worth"]) == ("—", 0)


def test_partial_and_last_trick() -> None:
    r = judge(Contract.C, ["HA", "HK"], SCHIEBER)
    assert r.winner == 0 and not r.complete
    assert judge(Contract.C, ["HA", "HK"], SCHIEBER, partial=False).winner is None
    assert judge(Contract.C, ["HA", "H10", "HJ", "H7"], SCHIEBER, last_trick=True).worth == 28


def test_trick_errors() -> None:
    with pytest.raises(ToolInputError) as e:
        judge(Contract.C, ["HA", "HA"], SCHIEBER)
    assert e.value.field == ("cards", 1)
    with pytest.raises(ToolInputError):
        judge(Contract.C, ["HA", "XX"], SCHIEBER)
    with pytest.raises(ToolInputError):
        judge(Contract.C, ["HA", "H6", "H7", "H8", "H9"], SCHIEBER)
    with pytest.raises(ToolInputError, match="not in this hand"):
        judge(Contract.C, ["HA"], SCHIEBER, hands=[["H6"]])


def test_legality_with_hands_uses_the_profile() -> None:
    # Rosen led, seat 2 holds a Rosen and trumps with an Eicheln: allowed in schieber, not in jasvel
    hands = [["HA"], ["H6", "C7"], ["H7"], ["H8"]]
    cards = ["HA", "C7", "H7", "H8"]
    r = judge(Contract.C, cards, SCHIEBER, hands).to_dict()
    assert [p["legal"] for p in r["plays"]] == [True, True, True, True]
    r = judge(Contract.C, cards, JASVEL, hands).to_dict()
    assert r["plays"][1]["legal"] is False and "follow" in r["plays"][1]["illegal_reason"]
    r = judge(Contract.O, ["HA", "C7"], SCHIEBER, [["HA"], ["H6", "C7"]]).to_dict()
    assert r["plays"][1]["legal"] is False
    assert r["plays"][0]["legal"] is True
