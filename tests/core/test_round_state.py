"""RoundState: deal order, forehand, schieben, Stöck modes, Weis timing (RULES.md §3, §4, §9.4, §10)."""

from __future__ import annotations

import random

import pytest

from puur.core.cards import Card, Contract, mask_of
from puur.core.profile import RuleProfile
from puur.core.round import IllegalAction, RoundState, deal, first_forehand
from puur.info.position import parse_position


class FixedRng(random.Random):
    """random() values that sort the deck into index order 0..35."""

    def __init__(self) -> None:
        super().__init__(0)
        self._n = 0

    def random(self) -> float:
        self._n += 1
        return self._n / 100.0


def test_d8_deal_order_packets_of_three_from_dealers_right() -> None:
    # D8: dealer 3, packets go to seats 0, 1, 2, 3, repeated three times, 3 cards each.
    hands = deal(FixedRng(), dealer=3)
    assert hands[0] == mask_of([0, 1, 2, 12, 13, 14, 24, 25, 26])
    assert hands[1] == mask_of([3, 4, 5, 15, 16, 17, 27, 28, 29])
    assert hands[3] == mask_of([9, 10, 11, 21, 22, 23, 33, 34, 35])
    hands = deal(FixedRng(), dealer=0)
    assert hands[1] == mask_of([0, 1, 2, 12, 13, 14, 24, 25, 26])  # the dealer's right receives first


def test_every_deal_is_four_hands_of_nine() -> None:
    rng = random.Random(5)
    for _ in range(200):
        hands = deal(rng, rng.randrange(4))
        assert [h.bit_count() for h in hands] == [9, 9, 9, 9]
        assert hands[0] | hands[1] | hands[2] | hands[3] == (1 << 36) - 1


@pytest.mark.parametrize(
    ("preset", "card"), [("classic", Card.C7), ("schweizer", Card.H7), ("online", Card.D7), ("schieber", Card.D7)]
)
def test_first_forehand_is_the_holder_of_the_seven(preset: str, card: Card) -> None:
    rng = random.Random(1)
    for _ in range(20):
        hands = deal(rng, 0)
        holder = next(s for s in range(4) if hands[s] >> card & 1)
        assert first_forehand(RuleProfile.preset(preset), hands, 0) == holder


def test_jasvel_first_forehand_is_dealers_right() -> None:
    hands = deal(random.Random(2), 0)
    assert first_forehand(RuleProfile.preset("jasvel"), hands, 0) == 1  # D7 (J): dealer(1) = 0 -> forehand 1


def _round(preset: str, hands: list[list[Card]], forehand: int = 0) -> RoundState:
    return RoundState(RuleProfile.preset(preset), [mask_of(h) for h in hands], (forehand - 1) % 4, forehand)


def test_schieben_partner_must_choose_and_forehand_leads() -> None:
    # §15.6 (J12): Grace pushes, Henry picks Undenufe: Grace leads, not Henry.
    r = _round("schieber", [list(Card)[i * 9 : i * 9 + 9] for i in range(4)], forehand=1)
    assert "P" in r.contract_options()
    r.push()
    assert r.to_act == 3
    assert "P" not in r.contract_options()
    with pytest.raises(IllegalAction, match="push back"):
        r.push()
    r.choose(Contract.U)
    assert r.chooser == 3 and r.to_act == 1 and r.leader == 1
    assert r.factor == 4


def _stoeck_round(preset: str) -> RoundState:
    # seat 0 holds HK and HQ (hearts trump); seat 0 leads and keeps the lead with hearts
    return parse_position(
        f"puur1 {preset} d3f0 H C6,C7,C8,C9,C10,CJ,HQ,HK,HA/D6,D7,D8,D9,D10,DJ,DQ,DK,DA/"
        "S6,S7,S8,S9,S10,SJ,SQ,SK,SA/CQ,CK,CA,H6,H7,H8,H9,H10,HJ -"
    )


def _play_trick(r: RoundState, first: Card, declare: bool | None = None) -> tuple[str, ...]:
    events = r.play(int(first), declare)
    while r.trick:
        events += r.play((r.legal_cards() & -r.legal_cards()).bit_length() - 1)
    return events


@pytest.mark.parametrize("preset", ["schieber", "schweizer", "online"])
def test_automatic_stoeck_scores_with_the_second_card(preset: str) -> None:
    r = _stoeck_round(preset)
    _play_trick(r, Card.HK)
    assert r.stoeck_status == "pending"
    r.to_act = 0  # keep the test on the holder; the state machine does not care who led
    r.leader = 0
    events = _play_trick(r, Card.HQ)
    assert "stoeck" in events and r.stoeck_status == "scored"
    assert r.stoeck_points() == (20, 0)


# Jasvel's strict Stöck (J14, J02): said with the second card of the pair, never earlier, or it is lost.
@pytest.mark.parametrize(
    ("with_first", "with_second", "status", "points"),
    [(False, True, "scored", (20, 0)), (True, True, "lost", (0, 0)), (False, False, "lost", (0, 0))],
    ids=["declared_with_second_card", "declared_with_first_card_too_early", "not_declared"],
)
def test_strict_stoeck(with_first: bool, with_second: bool, status: str, points: tuple[int, int]) -> None:
    r = _stoeck_round("jasvel")
    _play_trick(r, Card.HK, declare=with_first)
    r.to_act = r.leader = 0
    _play_trick(r, Card.HQ, declare=with_second)
    assert r.stoeck_status == status and r.stoeck_points() == points


def test_strict_declaration_without_the_pair_scores_nothing() -> None:
    r = _stoeck_round("jasvel")
    r.play(int(Card.HA), True)  # seat 0 has the pair but HA is not part of it
    assert r.stoeck_status == "pending"
    assert r.declarations == [(0, int(Card.HA), ("stoeck",))]


def test_no_stoeck_in_obenabe() -> None:
    hands = [[Card.HK, Card.HQ, *list(Card)[0:7]], *[list(Card)[9 + 9 * i : 18 + 9 * i] for i in range(3)]]
    hands[3] = [c for c in Card if all(c not in h for h in hands[:3])]
    r = _round("schieber", hands)
    r.choose(Contract.O)
    assert r.stoeck_holder is None and r.stoeck_pair == 0


def test_lenient_stoeck_counts_when_shown_in_a_scored_weis() -> None:
    # classic (S000): Q-K-A of trump is the winning team's scored Weis, so Stöck counts at once.
    hands = [
        [Card.HQ, Card.HK, Card.HA, Card.C6, Card.C8, Card.D6, Card.D8, Card.S6, Card.S8],
        [Card.H7, Card.H9, Card.H10, Card.C9, Card.CJ, Card.D9, Card.DJ, Card.S9, Card.SJ],  # four 9s: no Weis in SMALL
        [Card.C10, Card.CQ, Card.CA, Card.D10, Card.DQ, Card.DA, Card.S10, Card.SQ, Card.SA],
        [Card.H6, Card.H8, Card.HJ, Card.C7, Card.D7, Card.S7, Card.CK, Card.DK, Card.SK],
    ]
    r = _round("classic", hands)
    r.choose(Contract.H)
    assert r.stoeck_holder == 0
    assert r.weis is not None and r.weis.winner_seat == 0 and r.weis.points == (20, 0)
    events = _play_trick(r, Card.C6)
    assert "weis" in events and "stoeck" in events and r.stoeck_status == "scored"
    # the same deal in the automatic profile waits for the second card
    r = _round("schweizer", hands)
    r.choose(Contract.H)
    events = _play_trick(r, Card.C6)
    assert "stoeck" not in events and r.stoeck_status == "pending"


def test_weis_is_credited_after_trick_one() -> None:
    r = _stoeck_round("schieber")
    assert r.weis is not None and r.weis.team is not None
    assert r.weis_points() == (0, 0)
    events = _play_trick(r, Card.C6)
    assert events[0] == "weis"
    assert r.weis_points() == r.weis.points


def test_clone_is_independent() -> None:
    r = _stoeck_round("schieber")
    c = r.clone()
    c.play(int(Card.HA))
    assert r.trick == [] and r.hands[0] >> Card.HA & 1
