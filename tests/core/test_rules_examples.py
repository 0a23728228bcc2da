"""Every worked example of RULES.md §15, under every preset it concerns.

Seats A, B, C, D of §15 are seats 0, 1, 2, 3 here (0 is the forehand; A/C = team 0, B/D = team 1).
CLASSIC legal moves = presets schieber, classic, schweizer, online; JASVEL = preset jasvel (§14).
D7/D8 (deal order, forehand rotation) and the Stöck timing cases of §15.8 belong to the game engine and
are tested with it.
"""

from __future__ import annotations

import pytest
from multiplier_tables import TABLES

from puur.core.cards import BASE_CONTRACTS, Card, Contract, cards_of, mask_of
from puur.core.profile import RuleProfile
from puur.core.rules import (
    card_points,
    crossing,
    declaration,
    games_won,
    has_stoeck,
    is_schneider,
    legal_moves,
    meld_key,
    resolve_weis,
    round_score,
    stoeck_cards,
    trick_points,
    trick_winner,
    why_illegal,
)
from puur.core.rules.weis import Meld

ALL = ("schieber", "classic", "schweizer", "online", "jasvel")
CLASSIC = ("schieber", "classic", "schweizer", "online")
JASVEL = ("jasvel",)
SMALL = ("classic", "schweizer")  # weis_values small (§14.1)
EXTENDED = ("schieber", "online", "jasvel")
UNDENUFE_CLASSIC = ("classic", "schweizer")  # A = 11, 6 = 0
UNDENUFE_MODERN = ("schieber", "online", "jasvel")  # A = 0, 6 = 11
SEEDS_REVERSE = ("schieber", "classic", "schweizer", "online")  # weis_undenufe_reverse
# The multiplier table of each preset (RULES.md §14.1's multipliers row, §14 "Multiplier tables by name").
FACTORS = {
    "schieber": TABLES["common"],
    "classic": TABLES["classic"],
    "schweizer": TABLES["common"],
    "online": TABLES["online"],
    "jasvel": TABLES["common"],
}


def P(name: str) -> RuleProfile:
    return RuleProfile.preset(name)


def cs(text: str) -> list[Card]:
    """Cards from a space-separated string, e.g. ``"HA H10 CJ"``."""
    return [Card.parse(t) for t in text.split()]


def m(text: str) -> int:
    return mask_of(cs(text))


def legal(preset: str, contract: str, trick: str, hand: str) -> set[str]:
    got = legal_moves(m(hand), [int(c) for c in cs(trick)], Contract.parse(contract), P(preset))
    return {str(c) for c in cards_of(got)}


def winner(trick: str, contract: str) -> int:
    return trick_winner([int(c) for c in cs(trick)], Contract.parse(contract))


def points(trick: str, contract: str, preset: str = "schieber", last: bool = False) -> int:
    return trick_points(
        [int(c) for c in cs(trick)], Contract.parse(contract), P(preset).undenufe_values, last
    )


def weis(
    preset: str, contract: str, hands: list[str], forehand: int = 0
) -> tuple[int | None, tuple[int, int]]:
    res = resolve_weis([m(h) for h in hands], P(preset), Contract.parse(contract), forehand)
    return res.winner_seat, res.points


# ======================================================================================================
# §15.1 From S000
# ======================================================================================================


@pytest.mark.parametrize("preset", ALL)
def test_x1_trick_winner_and_points(preset: str) -> None:
    # ♥ trump: A♣, 9♥, J♥, 7♣ -> C's Puur beats the Nell; 11 + 14 + 20 + 0 = 45.
    assert winner("CA H9 HJ C7", "H") == 2
    assert points("CA H9 HJ C7", "H", preset) == 45
    written = round_score(P(preset), Contract.H, (45, 107), (1, 8), 1).written
    assert written[0] == 45 * FACTORS[preset]["H"]


def test_x1_classic_writes_90() -> None:
    # T_S000: Rosen ×2, so the 45 are written as 90.
    assert P("classic").factor(Contract.H) == 2
    assert 45 * P("classic").factor(Contract.H) == 90
    for name in ("schieber", "schweizer", "jasvel", "online"):  # T_COMMON and T_S004: Rosen ×1
        assert P(name).factor(Contract.H) == 1


@pytest.mark.parametrize("preset", CLASSIC)
def test_x1_puur_legal_while_able_to_follow_classic(preset: str) -> None:
    # C still holds 8♣ and may trump with J♥ (trumping allowed while able to follow).
    assert "HJ" in legal(preset, "H", "CA H9", "C8 HJ")
    assert why_illegal(Card.HJ, m("C8 HJ"), [Card.CA, Card.H9], Contract.H, P(preset)) is None


@pytest.mark.parametrize("preset", JASVEL)
def test_x1_puur_illegal_while_able_to_follow_jasvel(preset: str) -> None:
    assert legal(preset, "H", "CA H9", "C8 HJ") == {"C8"}
    reason = why_illegal(Card.HJ, m("C8 HJ"), [Card.CA, Card.H9], Contract.H, P(preset))
    assert reason is not None and "follow" in reason


@pytest.mark.parametrize("preset", ALL)
def test_x2_undertrump_ban(preset: str) -> None:
    got = legal(preset, "H", "CA H9", "C8 HJ H6")
    if preset in CLASSIC:
        assert got == {"C8", "HJ"}  # 6♥ is an illegal undertrump: C still has 8♣
        reason = why_illegal(Card.H6, m("C8 HJ H6"), [Card.CA, Card.H9], Contract.H, P(preset))
        assert reason is not None and "undertrump" in reason
    else:
        assert got == {"C8"}


@pytest.mark.parametrize("preset", ALL)
def test_x3_round_score(preset: str) -> None:
    # Factor 2; team 1 of the text (our team 0): tricks 100 (incl. last trick) + Weis 20; other team 57.
    contract = next(Contract.parse(c) for c in "CDHS" if FACTORS[preset][c] == 2)
    s = round_score(P(preset), contract, (95, 57), (5, 4), 0, (20, 0), (0, 0))
    assert s.factor == 2
    assert s.raw == (120, 57)
    assert s.written == (240, 114)
    # the same split with the last trick on the other side
    s = round_score(P(preset), contract, (100, 52), (5, 4), 1, (20, 0), (0, 0))
    assert s.written == (240, 114)
    assert s.tricks_raw[0] + s.tricks_raw[1] == 157


@pytest.mark.parametrize("preset", ALL)
@pytest.mark.parametrize("contract", BASE_CONTRACTS)
def test_x4_x10_totals(preset: str, contract: Contract) -> None:
    # 152 card points in every contract, +5 last trick = 157, +100 match = 257 before the factor.
    vals = P(preset).undenufe_values
    assert card_points(list(range(36)), contract, vals) == 152
    s = round_score(P(preset), contract, (100, 52), (6, 3), 0)
    assert sum(s.tricks_raw) == 157
    s = round_score(P(preset), contract, (152, 0), (9, 0), 0)
    assert s.raw == (257, 0)
    assert s.written == (257 * FACTORS[preset][str(contract)], 0)
    s = round_score(P(preset), contract, (0, 152), (0, 9), 1)
    assert s.raw == (0, 257)


def test_x5_split_long_run_classic() -> None:
    # An 8-card run: 5 + 3 = 100 + 20 = 120 instead of 100; the best single meld becomes the 5-run.
    hand = m("S6 S7 S8 S9 S10 SJ SQ SK")
    d = declaration(hand, P("classic"), Contract.H)
    assert d.points == 120
    assert sorted(len(x.cards) for x in d.melds) == [3, 5]
    assert {x.points for x in d.melds} == {20, 100}
    assert d.best is not None and d.best.points == 100 and len(d.best.cards) == 5
    # of the two equal splits (3 + 5, 5 + 3) the one with the strongest best meld: 9-10-J-Q-K (INTERFACES §1)
    assert {str(Card(c)) for c in d.best.cards} == {"S9", "S10", "SJ", "SQ", "SK"}
    used = [c for x in d.melds for c in x.cards]
    assert len(used) == len(set(used)) == 8


def test_x5_no_split_elsewhere() -> None:
    hand = m("S6 S7 S8 S9 S10 SJ SQ SK")
    d = declaration(hand, P("schweizer"), Contract.H)  # SMALL, no splitting
    assert d.points == 100 and len(d.melds) == 1 and len(d.melds[0].cards) == 8
    for name in EXTENDED:
        d = declaration(hand, P(name), Contract.H)
        assert d.points == 250 and len(d.melds) == 1


def test_x5_split_nine_run_classic() -> None:
    # 9-run under SMALL with splitting: 5 + 4 = 150 (derived, §9.3).
    d = declaration(m("C6 C7 C8 C9 C10 CJ CQ CK CA"), P("classic"), Contract.H)
    assert d.points == 150
    assert sorted(len(x.cards) for x in d.melds) == [4, 5]


@pytest.mark.parametrize(("preset", "games"), (("classic", 2), ("schweizer", 1)))
def test_x6_schneider(preset: str, games: int) -> None:
    # S000 counts a Schneider as two games; S001 names it without a value: marked, one game (RULES §14).
    p = P(preset)
    assert is_schneider(p, 3000, 1499)
    assert games_won(p, 3000, 1499) == games
    assert not is_schneider(p, 3000, 1500)  # exactly 1500: not Schneider
    assert games_won(p, 3000, 1500) == 1
    assert not is_schneider(p, 3000, 2900)


@pytest.mark.parametrize("preset", ("schieber", "online", "jasvel"))
def test_x6_no_schneider(preset: str) -> None:
    assert not is_schneider(P(preset), 3000, 0)
    assert games_won(P(preset), 3000, 0) == 1


@pytest.mark.parametrize("preset", ALL)
def test_x7_x15_d1_crossing_priority(preset: str) -> None:
    # D1: target 2500, factor 1; A 2450, B 2480; A's Weis 50, B's Stöck 20, tricks A 60, B 97.
    blocks = {"weis": (50, 0), "stoeck": (0, 20), "tricks": (60, 97)}
    c = crossing(P(preset), 2500, (2450, 2480), blocks)
    if preset == "jasvel":  # Weis -> Stöck -> Stich (J06, X15)
        assert (c.winner, c.block) == (0, "weis")
    else:  # Stöck -> Weis -> Stich (S000, S001, S004; X7)
        assert (c.winner, c.block) == (1, "stoeck")


@pytest.mark.parametrize("preset", ALL)
def test_crossing_tricks_block(preset: str) -> None:
    p = P(preset)
    blocks = {"weis": (0, 0), "stoeck": (0, 0), "tricks": (80, 77)}
    steps = [(0, 30), (0, 25), (40, 0), (40, 0), (0, 22)]
    c = crossing(p, 1000, (950, 950), blocks, trick_steps=steps)
    if p.trick_block_tie == "higher_total":  # jasvel (J11): the higher total decides, not the order
        assert preset == "jasvel"
        assert (crossing(p, 1000, (950, 950), blocks).winner, c.winner, c.block) == (0, 0, "tricks")
    else:
        # both cross only in the tricks block: cannot be settled without the trick order
        assert crossing(p, 1000, (950, 950), blocks).winner is None
        assert crossing(p, 1000, (950, 950), blocks).block == "tricks"
        # trick by trick: team 1 gets there first
        assert (c.winner, c.block) == (1, "tricks")
    # reaching exactly the target counts (>=)
    c = crossing(p, 1000, (920, 0), {"tricks": (80, 77)})
    assert (c.winner, c.block) == (0, "tricks")
    # nobody crosses
    c = crossing(p, 1000, (100, 100), {"tricks": (80, 77)})
    assert (c.winner, c.block) == (None, None)


# ======================================================================================================
# §15.2 From S001, §15.3 From S004
# ======================================================================================================


@pytest.mark.parametrize("preset", SMALL)
def test_x8_small_weis(preset: str) -> None:
    p = P(preset)
    four_nines = declaration(m("C9 D9 H9 S9"), p, Contract.H)
    assert four_nines.points == 0 and four_nines.best is None and four_nines.melds == ()
    # a 5+ run = 100 (a 6- or 7-run gains nothing by splitting)
    for n in (5, 6, 7):
        run = " ".join(f"D{r}" for r in ("6", "7", "8", "9", "10", "J", "Q")[:n])
        assert declaration(m(run), p, Contract.H).points == 100
    # the 3-run beats four 9s (D4)
    assert weis(preset, "H", ["C9 D9 H9 S9", "C6 C7 C8", "", ""]) == (1, (0, 20))


@pytest.mark.parametrize("preset", ALL)
def test_x8_undenufe_ace(preset: str) -> None:
    ace = card_points([Card.HA], Contract.U, P(preset).undenufe_values)
    six = card_points([Card.H6], Contract.U, P(preset).undenufe_values)
    if preset in UNDENUFE_CLASSIC:
        assert (ace, six) == (11, 0)
    else:
        assert (ace, six) == (0, 11)


@pytest.mark.parametrize("preset", ALL)
def test_x9_undenufe_quartets(preset: str) -> None:
    # four K (100) against four A (100) in Undenufe: four K win under the seeds (reversed), four A under J.
    hands = ["CK DK HK SK", "CA DA HA SA", "", ""]
    seat, pts = weis(preset, "U", hands)
    if preset in SEEDS_REVERSE:
        assert seat == 0 and pts == (100, 0)
    else:
        assert seat == 1 and pts == (0, 100)
    # outside Undenufe four A win everywhere
    for contract in ("O", "H"):
        assert weis(preset, contract, hands)[0] == 1


@pytest.mark.parametrize("preset", ALL)
def test_x11_weis_table(preset: str) -> None:
    p = P(preset)
    ranks = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
    extended = {3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300}
    small = {3: 20, 4: 50, 5: 100, 6: 100, 7: 100, 8: 100, 9: 100}
    for n in range(3, 10):
        run = " ".join("C" + r for r in ranks[:n])
        d = declaration(m(run), p, Contract.H)
        if preset in EXTENDED:
            assert d.points == extended[n], n
        elif preset == "schweizer":
            assert d.points == small[n], n
        else:  # classic may split: best of the cuts into runs of >= 3 (8 = 5 + 3, 9 = 5 + 4)
            assert d.points == {3: 20, 4: 50, 5: 100, 6: 100, 7: 100, 8: 120, 9: 150}[n], n
        assert d.best is not None
    quartets_ext = {"A": 100, "K": 100, "Q": 100, "10": 100, "9": 150, "J": 200, "8": 0, "7": 0, "6": 0}
    quartets_small = {**quartets_ext, "9": 0}
    for r, val in (quartets_ext if preset in EXTENDED else quartets_small).items():
        d = declaration(m(" ".join(s + r for s in "CDHS")), p, Contract.H)
        assert d.points == val, r
        assert (d.best is None) == (val == 0)
        if val:
            assert d.best is not None and d.best.kind == "four"


# ======================================================================================================
# §15.4 From J06
# ======================================================================================================


@pytest.mark.parametrize("preset", ALL)
def test_x12_suit_totals(preset: str) -> None:
    vals = P(preset).undenufe_values
    for trump in range(4):
        c = Contract(trump)
        for suit in range(4):
            total = card_points(list(range(9 * suit, 9 * suit + 9)), c, vals)
            assert total == (62 if suit == trump else 30)
    for c in (Contract.O, Contract.U):
        for suit in range(4):
            assert card_points(list(range(9 * suit, 9 * suit + 9)), c, vals) == 38


@pytest.mark.parametrize("preset", ALL)
def test_x13_plain_suit_trick(preset: str) -> None:
    # ♣ led, ♥ trump, no trump in the trick: A wins; 11 + 10 + 2 + 0 = 23.
    assert winner("C10 CA CJ C7", "H") == 1
    assert points("C10 CA CJ C7", "H", preset) == 23
    # companion: the same ranks as trumps: 11 + 10 + 20 + 0 = 41, the Puur wins
    assert winner("H10 HA HJ H7", "H") == 2
    assert points("H10 HA HJ H7", "H", preset) == 41


@pytest.mark.parametrize("preset", ALL)
def test_x14_last_trick_and_match(preset: str) -> None:
    # trick 9 with no counting cards still gives +5
    assert points("C6 C7 D6 D7", "H", preset, last=True) == 5
    assert points("C6 C7 D6 D7", "H", preset) == 0
    s = round_score(P(preset), Contract.H, (152, 0), (9, 0), 0)
    assert s.tricks_raw == (257, 0)


# ======================================================================================================
# §15.5 From J08: the legal-move table, under both families
# ======================================================================================================

# (id, contract, trick so far, hand, CL legal, JV legal)
L_TABLE = [
    ("L1", "H", "SK", "S8 HJ", "S8 HJ", "S8"),
    ("L2", "D", "CK", "C6 DJ H7", "C6 DJ", "C6"),
    ("L3", "D", "CK", "DJ D8 H7", "DJ D8 H7", "DJ D8 H7"),
    ("L4", "H", "CK", "H10 S6", "H10 S6", "H10 S6"),
    ("L5a", "H", "CK H8", "H10 H6", "H10 H6", "H10"),
    ("L5b", "H", "CK H8", "H10 H6 S7", "H10 S7", "H10"),
    ("L6", "H", "H9", "HA H6", "HA H6", "HA H6"),
    ("L7", "H", "H9", "HJ H6", "HJ H6", "HJ H6"),
    ("L8a", "D", "SK D10", "D8 D6", "D8 D6", "D8 D6"),
    ("L8b", "D", "SK D10", "D8 D7 D6 H7", "H7", "D8 D7 D6 H7"),
    ("L9", "D", "SK D10", "D9 D8 D7 D6", "D9 D8 D7 D6", "D9"),
    ("L9b", "D", "SK D10", "D9 D8 D6 H7", "D9 H7", "D9"),
    ("L10", "D", "SK D10", "DJ D8 D6 H7", "DJ H7", "DJ D8 D6 H7"),
    ("L11", "C", "HK C9", "CJ S7", "CJ S7", "CJ S7"),
    ("L12", "C", "HK C9", "CJ C10", "CJ C10", "CJ C10"),
    ("L13", "C", "C10", "CJ H7 SK", "CJ H7 SK", "CJ"),
    ("L14", "O", "CK", "C6 HA", "C6", "C6"),
    ("L14b", "O", "CK", "HA S7", "HA S7", "HA S7"),
    ("L15", "U", "DK", "D6 DA", "D6 DA", "D6 DA"),
]


@pytest.mark.parametrize("preset", ALL)
@pytest.mark.parametrize("row", L_TABLE, ids=[r[0] for r in L_TABLE])
def test_j08_legal_move_table(row: tuple[str, str, str, str, str, str], preset: str) -> None:
    _id, contract, trick, hand, cl, jv = row
    expected = set((cl if preset in CLASSIC else jv).split())
    assert legal(preset, contract, trick, hand) == expected
    # why_illegal agrees with the legal set and gives a reason for every illegal card
    for card in cs(hand):
        reason = why_illegal(card, m(hand), [int(c) for c in cs(trick)], Contract.parse(contract), P(preset))
        if str(card) in expected:
            assert reason is None
        else:
            assert isinstance(reason, str) and len(reason) > 10


@pytest.mark.parametrize("preset", ALL)
def test_j08_trick_winners(preset: str) -> None:
    # ♥ trump, ♣ led, 8♥ played: a later higher heart wins (K♣ – 8♥ – 10♥ – x: the 10♥).
    for x in ("C6", "CA", "H7", "S6"):
        assert winner(f"CK H8 H10 {x}", "H") == 2
    assert winner("CK H8 H10 HJ", "H") == 3
    # Obenabe: an off-suit card never wins (K♣ – A♥ leaves K♣ winning unless a higher club follows)
    assert winner("CK HA", "O") == 0
    assert winner("CK HA SA DA", "O") == 0
    assert winner("CK HA CA", "O") == 2
    # L14b: A♥ cannot win against a club
    assert winner("CK HA S7 C6", "O") == 0
    # L15: in Undenufe the 6 is the stronger
    assert winner("DK D6 DA", "U") == 1
    assert winner("DK DA", "U") == 0
    assert winner("DK HA H6 S6", "U") == 0


# ======================================================================================================
# §15.6 From J12 (schieben), §15.7 From J13
# ======================================================================================================


@pytest.mark.parametrize("preset", ("schieber", "schweizer", "jasvel"))  # the common table
def test_j12_factor_depends_on_contract_only(preset: str) -> None:
    p = P(preset)
    assert p.factor(Contract.D) == 2  # Schellen after a push: ×2 for both teams
    assert p.factor(Contract.C) == 1  # Eicheln directly or after a push: ×1
    s = round_score(p, Contract.D, (100, 52), (5, 4), 0)
    assert s.written == (2 * 105, 2 * 52)


@pytest.mark.parametrize("preset", ALL)
def test_j13_schilten_trump_rosen_led(preset: str) -> None:
    # ♠ trump, ♥ led; the player holds a Rosen card, the Eicheln ace (and a Schilten).
    got = legal(preset, "S", "H10", "H8 CA S7")
    assert "CA" not in got
    if preset in JASVEL:
        assert got == {"H8"}
    else:
        assert got == {"H8", "S7"}
    # with no Rosen a Schilten may be played, and the strongest Schilten in the trick wins
    assert {"S7", "CA"} <= legal(preset, "S", "H10", "CA S7")
    assert winner("HA S6 S9 H6", "S") == 2
    assert winner("HA S6 SA SK", "S") == 2
    # Schilten trump order: Puur > Nell > A
    assert winner("S6 SA SJ S9", "S") == 2
    assert winner("S6 SA S9 SK", "S") == 2


@pytest.mark.parametrize("preset", ("schieber", "schweizer", "jasvel"))
def test_j13_common_table(preset: str) -> None:
    p = P(preset)
    assert p.factor(Contract.D) == 2
    assert p.factor(Contract.U) == 4
    # Undenufe: no Stöck can be added
    everything = (1 << 36) - 1
    assert not has_stoeck(everything, Contract.U)
    assert stoeck_cards(Contract.U) == 0


# ======================================================================================================
# §15.8 From J14: Stöck (the timing cases are the game engine's)
# ======================================================================================================


@pytest.mark.parametrize("preset", ALL)
def test_j14_stoeck(preset: str) -> None:
    assert has_stoeck(m("HK HQ C6"), Contract.H)
    assert stoeck_cards(Contract.H) == m("HK HQ")
    s = round_score(P(preset), Contract.H, (100, 52), (5, 4), 0, (0, 0), (20, 0))
    assert s.raw == (125, 52)
    assert s.written[0] == 125 * FACTORS[preset]["H"]
    # K♣ and Q♣ with ♥ trump: no Stöck
    assert not has_stoeck(m("CK CQ"), Contract.H)
    # K♥ in one hand and Q♥ in the partner's: no Stöck for either
    assert not has_stoeck(m("HK"), Contract.H) and not has_stoeck(m("HQ"), Contract.H)
    # Obenabe, Undenufe: no Stöck with any K + Q
    for c in (Contract.O, Contract.U):
        for suit in "CDHS":
            assert not has_stoeck(m(f"{suit}K {suit}Q"), c)
    # best Weis for one team, Stöck for the other: each keeps its own entry
    s = round_score(P(preset), Contract.H, (100, 52), (5, 4), 0, (50, 0), (0, 20))
    assert s.raw == (155, 72)


# ======================================================================================================
# §15.9 From J16
# ======================================================================================================


def test_j16_multiplier_tables() -> None:
    for name, table in (
        ("common", {"C": 1, "H": 1, "D": 2, "S": 2, "O": 3, "U": 4}),
        ("both3", {"C": 1, "H": 1, "D": 2, "S": 2, "O": 3, "U": 3}),
        ("ascending", {"C": 1, "H": 2, "D": 3, "S": 4, "O": 5, "U": 6}),
    ):
        assert RuleProfile.resolve({"preset": "jasvel", "multipliers": name}).multiplier_table == table


@pytest.mark.parametrize("preset", ALL)
def test_j16_obenabe_and_undenufe(preset: str) -> None:
    for suit in "CDHS":
        ace, six = Card.parse(suit + "A"), Card.parse(suit + "6")
        same = [c for c in Card if c.suit == ace.suit]
        others = [c for c in Card if c.suit != ace.suit]
        for c in same:
            if c != ace:
                # Obenabe: the ace of the led suit beats every other card of it
                assert trick_winner([c, ace], Contract.O) == 1
                assert trick_winner([ace, c], Contract.O) == 0
                # Undenufe: the led 6 beats every other card of its suit; the A loses to every one
                if c != six:
                    assert trick_winner([six, c], Contract.U) == 0
                assert trick_winner([ace, c], Contract.U) == 1
        for c in others:
            assert trick_winner([ace, c], Contract.O) == 0  # other suits never beat it
            assert trick_winner([six, c], Contract.U) == 0
    ace_points = card_points([Card.HA], Contract.U, P(preset).undenufe_values)
    assert ace_points == (0 if preset in UNDENUFE_MODERN else 11)


# ======================================================================================================
# §15.10 From J17: Weis comparisons
# ======================================================================================================


@pytest.mark.parametrize("preset", ALL)
def test_w1_run_against_four_aces(preset: str) -> None:
    run_below_a = "H9 H10 HJ HQ HK"  # 5-run (100) topping at K
    aces = "CA DA HA SA"  # four aces (100)
    for seats in ((0, 1), (1, 0), (0, 2)):
        hands = ["", "", "", ""]
        hands[seats[0]] = run_below_a
        hands[seats[1]] = aces
        seat, _ = weis(preset, "C", hands)
        if preset == "online":  # points_top: no count step; the top cards decide: four aces
            assert seat == seats[1]
        else:  # points_cards_top (S000, J) and sequence-above-quartet (S001): the sequence wins
            assert seat == seats[0]


@pytest.mark.parametrize("preset", ALL)
def test_w1_run_topped_by_ace_against_aces(preset: str) -> None:
    # A 5-run topping at A against four aces (compared by meld_key; one hand cannot hold both in
    # different seats). Under points_top the tie goes to trump: a trump run wins, else it stays equal.
    run = Meld("sequence", tuple(int(c) for c in cs("H10 HJ HQ HK HA")), 100)
    aces = Meld("four", tuple(int(c) for c in cs("CA DA HA SA")), 100)
    p = P(preset)
    if preset == "online":
        assert meld_key(run, p, Contract.H) > meld_key(aces, p, Contract.H)  # trump run
        assert meld_key(run, p, Contract.C) == meld_key(aces, p, Contract.C)  # seat decides
    else:
        assert meld_key(run, p, Contract.C) > meld_key(aces, p, Contract.C)


@pytest.mark.parametrize("preset", ALL)
def test_w2_four_sixes_no_weis(preset: str) -> None:
    d = declaration(m("C6 D6 H6 S6"), P(preset), Contract.H)
    assert d.points == 0 and d.best is None
    for contract in ("H", "O", "U"):
        assert weis(preset, contract, ["C6 D6 H6 S6", "H7 H8 H9", "", ""]) == (1, (0, 20))


@pytest.mark.parametrize("preset", ALL)
@pytest.mark.parametrize("contract", ["S", "O", "U"])
def test_w3_ace_topped_against_king_topped(preset: str, contract: str) -> None:
    hands = ["CJ CQ CK", "DQ DK DA", "", ""]  # seat 0: K-topped, seat 1: A-topped (20 each)
    seat, pts = weis(preset, contract, hands)
    if contract == "U" and preset in SEEDS_REVERSE:
        assert seat == 0 and pts == (20, 0)  # S000, S001, S004: the K-topped run wins in Undenufe
    else:
        assert seat == 1 and pts == (0, 20)  # J (also in Undenufe), and everywhere outside Undenufe


@pytest.mark.parametrize("preset", EXTENDED)
def test_w4_four_nines_against_six_run(preset: str) -> None:
    # Every 6-run holds the 9 of its suit, so two seats cannot hold both: compare the melds directly.
    p = P(preset)
    nines = Meld("four", tuple(int(c) for c in cs("C9 D9 H9 S9")), 150)
    low_run = Meld("sequence", tuple(int(c) for c in cs("H6 H7 H8 H9 H10 HJ")), 150)
    high_run = Meld("sequence", tuple(int(c) for c in cs("H9 H10 HJ HQ HK HA")), 150)
    for run in (low_run, high_run):
        # J's ladder (and S000's): the 6-card sequence wins on count; S004: its top card is above the 9
        assert meld_key(run, p, Contract.C) > meld_key(nines, p, Contract.C)
        assert meld_key(run, p, Contract.O) > meld_key(nines, p, Contract.O)
    if preset == "online":  # no count step, top card reversed in Undenufe: four 9s beat a 6-J run
        assert meld_key(nines, p, Contract.U) > meld_key(low_run, p, Contract.U)
    else:
        assert meld_key(low_run, p, Contract.U) > meld_key(nines, p, Contract.U)
    # realised in one hand under J's overlap: the run and the four 9s share H9, so only one is written
    # (J17 "declares only the strongest meld", J25 "does not score both melds together"): the run, on count
    if preset == "jasvel":
        d = declaration(m("C9 D9 H9 S9 H6 H7 H8 H10 HJ"), p, Contract.C)
        assert d.best is not None and d.best.kind == "sequence" and len(d.best.cards) == 6
        assert d.points == 150 and len(d.melds) == 1


@pytest.mark.parametrize("preset", ALL)
def test_w5_four_run_below_five_run(preset: str) -> None:
    four = declaration(m("C6 C7 C8 C9"), P(preset), Contract.H)
    five = declaration(m("D6 D7 D8 D9 D10"), P(preset), Contract.H)
    assert (four.points, five.points) == (50, 100)
    assert weis(preset, "H", ["C6 C7 C8 C9", "D6 D7 D8 D9 D10", "", ""]) == (1, (0, 100))


def test_w6_overlap_jasvel() -> None:
    # A 5-run (100) and four aces (100) sharing the A♥: the card belongs to both possible melds, but only
    # the strongest is declared (J17) and the team does not score both together (J25): the 5-run, on count.
    hand = m("H10 HJ HQ HK HA CA DA SA")
    d = declaration(hand, P("jasvel"), Contract.C)
    kinds = sorted((x.kind, x.points) for x in d.melds)
    assert kinds == [("sequence", 100)]
    assert d.points == 100
    assert d.best is not None and d.best.points == 100 and len(d.best.cards) == 5  # announces "a hundred"


@pytest.mark.parametrize("preset", ("schieber", "classic", "schweizer", "online"))
def test_w6_disjoint(preset: str) -> None:
    # Under disjoint the best choice: four aces and what is left of the run (10-J-Q-K♥ = 50), 150 > 100.
    d = declaration(m("H10 HJ HQ HK HA CA DA SA"), P(preset), Contract.C)
    used = [c for x in d.melds for c in x.cards]
    assert len(used) == len(set(used))
    assert d.points == 150
    assert d.best is not None and d.best.points == 100


@pytest.mark.parametrize("preset", ALL)
def test_w7_winning_team_scores_all_melds_of_both_partners(preset: str) -> None:
    hands = ["S6 S7 S8 S9", "C6 C7 C8 C9 C10", "H6 H7 H8", "D6 D7 D8"]
    res = resolve_weis([m(h) for h in hands], P(preset), Contract.H, 0)
    assert res.winner_seat == 1 and res.team == 1
    assert res.points == (0, 120)  # 100 + 20; team 0's 50 + 20 score nothing
    # and the other way round
    res = resolve_weis([m(h) for h in hands[1:] + hands[:1]], P(preset), Contract.H, 0)
    assert res.winner_seat == 0 and res.team == 0 and res.points == (120, 0)
    # no melds at all
    res = resolve_weis([m("C6 D7 H8"), m("CA"), 0, 0], P(preset), Contract.H, 0)
    assert (res.winner_seat, res.team, res.points) == (None, None, (0, 0))


@pytest.mark.parametrize("preset", ALL)
def test_weis_trump_then_seat_tiebreak(preset: str) -> None:
    hands = ["", "C6 C7 C8", "", "D6 D7 D8"]  # equal sequences in two seats
    assert weis(preset, "H", hands, forehand=0)[0] == 1  # nearer the forehand
    assert weis(preset, "H", hands, forehand=2)[0] == 3
    assert weis(preset, "H", hands, forehand=3)[0] == 3
    assert weis(preset, "D", hands, forehand=0)[0] == 3  # the trump-suit sequence wins
    assert weis(preset, "C", hands, forehand=2)[0] == 1


# ======================================================================================================
# §15.11 From J02
# ======================================================================================================


@pytest.mark.parametrize("preset", ALL)
def test_x16_sum_then_multiply(preset: str) -> None:
    p = RuleProfile.resolve({"preset": preset, "multipliers": "ascending"})  # Schilten ×4
    s = round_score(p, Contract.S, (95, 57), (5, 4), 0, (50, 0), (20, 0))
    assert s.factor == 4
    assert s.written[0] == 680
    assert s.written[0] != 100 * 4 + 50 + 20


@pytest.mark.parametrize("preset", ALL)
@pytest.mark.parametrize("contract", ["C", "D", "H", "S", "O", "U"])
def test_x17_three_run_is_twenty_everywhere(preset: str, contract: str) -> None:
    for suit in "CDHS":
        d = declaration(m(f"{suit}6 {suit}7 {suit}8"), P(preset), Contract.parse(contract))
        assert d.points == 20 and d.best is not None and d.best.kind == "sequence"


@pytest.mark.parametrize("preset", ALL)
def test_sequences_use_natural_order_only(preset: str) -> None:
    # §9.2: in trump 9-10-J is a sequence; runs never wrap (A-6-7 is none).
    assert declaration(m("H9 H10 HJ"), P(preset), Contract.H).points == 20
    assert declaration(m("HA H6 H7"), P(preset), Contract.H).points == 0
    assert declaration(m("HQ HK HA H6"), P(preset), Contract.U).points == 20
    assert declaration(m("H8 H9 HJ"), P(preset), Contract.H).points == 0  # gap at 10
    assert declaration(m("H8 C9 H10"), P(preset), Contract.H).points == 0  # not one suit


# ======================================================================================================
# §15.12 Derived edge tests
# ======================================================================================================


@pytest.mark.parametrize("preset", ALL)
def test_d2_undenufe_weis_reversal(preset: str) -> None:
    seat, _ = weis(preset, "U", ["C6 C7 C8", "HQ HK HA", "", ""])
    assert seat == (0 if preset in SEEDS_REVERSE else 1)


@pytest.mark.parametrize("preset", ALL)
def test_d3_undenufe_values(preset: str) -> None:
    assert winner("D6 D7 D9 DK", "U") == 0
    assert winner("D7 D6 D9 DK", "U") == 1
    expected = 15 if preset in UNDENUFE_MODERN else 4
    assert points("D6 D7 D9 DK", "U", preset) == expected


@pytest.mark.parametrize("preset", ALL)
def test_d4_four_nines(preset: str) -> None:
    d = declaration(m("C9 D9 H9 S9"), P(preset), Contract.S)
    assert d.points == (0 if preset in SMALL else 150)


@pytest.mark.parametrize("preset", ALL)
def test_d5_six_run_against_five_run(preset: str) -> None:
    hands = ["C6 C7 C8 C9 C10", "D6 D7 D8 D9 D10 DJ", "", ""]
    seat, pts = weis(preset, "H", hands)
    assert seat == 1
    assert pts == (0, 100 if preset in SMALL else 150)


@pytest.mark.parametrize("preset", ALL)
def test_d6_undertrump_with_partner_winning(preset: str) -> None:
    # ♦ trump. A leads K♠, B trumps with 10♦, C discards 7♣; D (B's partner) holds {8♦, 7♥}.
    assert winner("SK D10 C7", "D") == 1
    got = legal(preset, "D", "SK D10 C7", "D8 H7")
    assert got == ({"H7"} if preset in CLASSIC else {"D8", "H7"})


def test_d6_partner_option_off() -> None:
    # With the S000 clause turned off the undertrump is allowed while the partner is winning.
    p = RuleProfile.resolve({"preset": "schieber", "undertrump_ban_when_partner_leads": False})
    got = legal_moves(m("D8 H7"), [Card.SK, Card.D10, Card.C7], Contract.D, p)
    assert {str(c) for c in cards_of(got)} == {"D8", "H7"}
    # but not when an opponent is winning
    got = legal_moves(m("D8 H7"), [Card.SK, Card.C7, Card.D10], Contract.D, p)
    assert {str(c) for c in cards_of(got)} == {"H7"}


# ======================================================================================================
# §7 rules not pinned by a numbered example
# ======================================================================================================


@pytest.mark.parametrize("preset", ALL)
def test_leader_may_play_anything(preset: str) -> None:
    hand = "CA D6 HJ S9"
    for contract in "CDHSOU":
        assert legal(preset, contract, "", hand) == set(hand.split())


@pytest.mark.parametrize("preset", ALL)
def test_no_obligation_to_beat(preset: str) -> None:
    assert legal(preset, "O", "CK", "C6 CA HA") == {"C6", "CA"}
    assert legal(preset, "H", "CK", "C6 CA SA") == {"C6", "CA"}


@pytest.mark.parametrize("preset", ALL)
def test_trump_led_must_follow_with_trump(preset: str) -> None:
    assert legal(preset, "H", "H6", "H7 CA SA") == {"H7"}
    assert legal(preset, "H", "H6", "CA SA") == {"CA", "SA"}  # no trump: any card


@pytest.mark.parametrize("preset", CLASSIC)
def test_classic_overtrump_and_discard_allowed(preset: str) -> None:
    # Overtrumping is always allowed, there is no duty to overtrump: a discard is legal.
    assert legal(preset, "D", "SK D10", "DA D7 H7") == {"DA", "H7"}
    assert legal(preset, "D", "SK D10", "DA H7") == {"DA", "H7"}
