"""The playout policy's rules (``puur.bots.rollout``), each in a position where it decides the card.

Every position is a small deal (the policy sees every hand: it plays inside one sampled world) with the
trick so far played through the engine; seat 0 leads (dealer 3).
"""

from __future__ import annotations

from puur.bots.rollout import choose
from puur.core.cards import Card, Contract, mask_of, parse_cards
from puur.core.profile import RuleProfile
from puur.core.round import RoundState


def position(contract: Contract, hands: list[str], trick: str = "") -> RoundState:
    """A round on ``hands`` (seats 0-3) under ``contract`` after the cards of ``trick`` are played."""
    r = RoundState(RuleProfile.preset("schieber"), [mask_of(parse_cards(h.split())) for h in hands], 3, 0)
    r.choose(contract)
    for card in parse_cards(trick.split()):
        r.check_card(card)
        r.play(card)
    return r


def test_leads_into_the_partners_master() -> None:
    """No master of its own: the leader plays the suit whose master the partner holds (CA), and the card of
    that suit worth most (C10), so the partner takes the points."""
    r = position(Contract.O, ["C10 C6 D7", "CK D9 S6", "CA D6 S7", "CQ D8 S8"])
    assert choose(r) == Card.C10


def test_leads_a_low_trump_to_the_partners_master_trump() -> None:
    """Hearts trump, no master of its own, the partner holding the Puur and both opponents trumps: the
    leader plays its lowest trump (H6) to draw theirs (docs/experiments/players.md, "Playout policy")."""
    r = position(Contract.H, ["H6 H10 C6 D6", "H7 CA DA S6", "HJ C7 D7 S7", "H8 CK DK S8"])
    assert choose(r) == Card.H6


def test_leads_the_shortest_suit_with_nothing_better() -> None:
    """No master and no partner's master to lead into: the leader plays the cheapest card of its shortest
    suit (D7, its only diamond), not the cheapest of the hand (C6), so that it may soon throw or ruff
    (docs/experiments/players.md, "Playout policy": +1.6 and +2.4 points a round on two seeds)."""
    r = position(Contract.O, ["C6 C7 C8 D7", "CA DA S6 S7", "CK DK S8 S9", "CQ DQ SA H6"])
    assert choose(r) == Card.D7


def test_secures_the_partners_trick() -> None:
    """The partner's CQ would fall to the last opponent's CK: the third hand overtakes with the CA, which
    nobody can beat, rather than throwing the C7."""
    r = position(Contract.O, ["CQ D6 S6", "C6 D7 S7", "CA C7 D8", "CK D9 S8"], "CQ C6")
    assert choose(r) == Card.CA


def test_smears_a_card_that_cannot_win_a_trick_itself() -> None:
    """On the partner's sure trick the last hand smears the C10 (CJ, CQ, CK are still out) and keeps the
    CA, the master of its suit, for a trick of its own."""
    r = position(Contract.H, ["D6 CK S7", "DA CQ S8", "D7 CJ S9", "CA C10 S6"], "D6 DA D7")
    assert choose(r) == Card.C10


def test_throws_a_card_that_cannot_win_and_keeps_the_master() -> None:
    """Nothing to win and void in the suit led: the C7 is the master of clubs (only the C6 is out), so the
    D9 goes, although it is the higher card."""
    r = position(Contract.O, ["S9 D10", "C7 D9", "S10 C6", "SJ D6"], "S9")
    assert choose(r) == Card.D9


def test_second_hand_low_when_the_partner_can_take_the_trick() -> None:
    """Obenabe: the second hand's CJ would fall to the next opponent's CQ, and the partner, last to play,
    holds the CA: the second hand plays low (C6)."""
    r = position(Contract.O, ["C10 D6", "CJ C6", "CQ D7", "CA D8"], "C10")
    assert choose(r) == Card.C6


def test_overtakes_an_opponent_with_a_card_the_next_one_cannot_beat() -> None:
    """The opponent's C10 leads; the second hand holds CQ, which the next opponent's CK would beat, and the
    CA, which nothing beats: it takes the trick with the CA."""
    r = position(Contract.O, ["C10 D6", "CQ CA", "CK D7", "D8 D9"], "C10")
    assert choose(r) == Card.CA
