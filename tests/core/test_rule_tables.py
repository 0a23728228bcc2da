"""Each rule table of the rules core checked against the function it is read from, over every card and
contract (RULES.md §5, §6, §8, §10, §11.1)."""

from __future__ import annotations

import random

import pytest

from puur.core.cards import BASE_CONTRACTS, SUIT_MASKS, Contract, Rank
from puur.core.profile import RuleProfile
from puur.core.round import RoundState, deal
from puur.core.rules.beats import BEATS, HIGHER_TRUMPS, STRONGER_IN_SUIT, beats
from puur.core.rules.scoring import match_bonus, round_score
from puur.core.rules.tables import (
    LAST_TRICK_BONUS,
    MATCH_BONUS,
    PUUR_BITS,
    STOECK_POINTS,
    TRUMP_STRENGTH,
    card_points_table,
    puur_of,
)
from puur.core.rules.trick import trick_winner

CARDS = range(36)


@pytest.mark.parametrize("contract", BASE_CONTRACTS)
def test_beats_is_trick_winner_on_every_pair(contract: Contract) -> None:
    """§8: ``card`` takes the trick from ``best`` exactly when it wins the two-card trick [best, card]."""
    for best in CARDS:
        for card in CARDS:
            if card == best:
                assert not beats(card, best, contract)
                continue
            assert beats(card, best, contract) == (trick_winner([best, card], contract) == 1), (best, card)


@pytest.mark.parametrize("contract", BASE_CONTRACTS)
def test_beats_decides_any_trick_from_its_current_winner(contract: Contract) -> None:
    """§8: for every led card and its current winner, a third card wins the three-card trick exactly when
    ``beats`` says it takes the trick from that winner."""
    for led in range(0, 36, 4):  # a spread of led cards in every suit
        for second in CARDS:
            if second == led:
                continue
            best = (led, second)[trick_winner([led, second], contract)]
            for card in CARDS:
                if card in (led, second):
                    continue
                wins = trick_winner([led, second, card], contract) == 2
                assert beats(card, best, contract) == wins, (led, second, card)


def test_trumps_take_plain_cards_and_other_suits_never_win() -> None:
    """§5: a trump beats any non-trump; §8 rule 3: a card of another suit never wins."""
    for contract in BASE_CONTRACTS:
        for best in CARDS:
            for card in CARDS:
                same_suit = card // 9 == best // 9
                trump = contract.is_trump and card // 9 == int(contract) and best // 9 != int(contract)
                if not same_suit and not trump:
                    assert not beats(card, best, contract)
                if trump:
                    assert beats(card, best, contract)


def test_stronger_in_suit_is_beats_within_the_suit() -> None:
    for contract in BASE_CONTRACTS:
        for card in CARDS:
            expected = sum(1 << d for d in CARDS if d // 9 == card // 9 and beats(d, card, contract))
            assert STRONGER_IN_SUIT[contract][card] == expected
            assert BEATS[contract][card] & ~SUIT_MASKS[card // 9] == (
                SUIT_MASKS[int(contract)] if contract.is_trump and card // 9 != int(contract) else 0
            )


def test_higher_trumps_follow_the_trump_order() -> None:
    """§5: J > 9 > A > K > Q > 10 > 8 > 7 > 6 in the trump suit."""
    for card in CARDS:
        suit, rank = divmod(card, 9)
        expected = sum(1 << (9 * suit + r) for r in range(9) if TRUMP_STRENGTH[r] > TRUMP_STRENGTH[rank])
        assert HIGHER_TRUMPS[card] == expected
        assert HIGHER_TRUMPS[card] == BEATS[suit][card]
    assert HIGHER_TRUMPS[9 * 2 + Rank.JACK] == 0  # nothing beats the Puur
    assert HIGHER_TRUMPS[9 * 2 + Rank.NINE] == 1 << (9 * 2 + Rank.JACK)  # only the Puur beats the Nell


def test_puur_of_and_its_bit() -> None:
    for contract in BASE_CONTRACTS:
        if contract.is_trump:
            puur = puur_of(contract)
            assert puur // 9 == int(contract) and puur % 9 == Rank.JACK
            assert PUUR_BITS[contract] == 1 << puur
            assert HIGHER_TRUMPS[puur] == 0
        else:
            assert PUUR_BITS[contract] == 0
            with pytest.raises(ValueError, match="no trump"):
                puur_of(contract)


def test_bonus_constants_are_what_round_score_adds() -> None:
    """§11.1: +5 for the last trick, +100 for a match, +20 for Stöck, before the factor."""
    p = RuleProfile.preset("schieber")
    s = round_score(p, Contract.O, (152, 0), (9, 0), 0, (0, 0), (STOECK_POINTS, 0))
    assert s.last_trick == (LAST_TRICK_BONUS, 0)
    assert s.match == (MATCH_BONUS, 0)
    assert s.tricks_raw == (152 + LAST_TRICK_BONUS + MATCH_BONUS, 0)
    assert (LAST_TRICK_BONUS, MATCH_BONUS, STOECK_POINTS) == (5, 100, 20)
    assert sum(card_points_table(Contract.H)) + LAST_TRICK_BONUS == 157


@pytest.mark.parametrize("tricks", [(9, 0), (0, 9), (8, 1), (5, 4), (0, 0), (3, 0)])
def test_match_bonus_goes_to_the_team_with_all_nine_tricks(tricks: tuple[int, int]) -> None:
    """§11.1: +100 to a team that took all nine tricks, else nothing; round_score's match part is it."""
    expected = tuple(MATCH_BONUS if t == 9 else 0 for t in tricks)
    assert match_bonus(tricks) == expected
    if sum(tricks) == 9:
        s = round_score(RuleProfile.preset("schieber"), Contract.H, (152, 0) if tricks[0] else (0, 152), tricks, 0)
        assert s.match == expected


def test_round_points_is_the_contract_card_points_table() -> None:
    """``RoundState.points`` is §6's table for the chosen contract and the profile's Undenufe values."""
    for preset in ("schieber", "jasvel", "classic"):
        p = RuleProfile.preset(preset)
        for contract in BASE_CONTRACTS:
            r = RoundState(p, deal(random.Random(7), 0), 0, 1)
            assert r.points == ()
            r.choose(contract)
            assert r.points == card_points_table(contract, p.undenufe_values)
