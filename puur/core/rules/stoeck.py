"""Stöck: the trump King and Ober in one hand, 20 before the multiplier (RULES.md §10).

Only in a trump contract; never in Obenabe or Undenufe (S000, J06, J11, J13, J14). Independent of Weis.
How and when it is declared is the profile's ``stoeck`` option, handled by the game.
"""

from __future__ import annotations

from enum import StrEnum

from puur.core.cards import EMPTY, CardSet, Contract, Rank


class StoeckStatus(StrEnum):
    """Where a round's Stöck stands (RULES.md §10); a round without the pair in one hand has none (None).

    A ``StrEnum``: each status is equal to, and written in JSON as, its lower-case name."""

    PENDING = "pending"
    """One seat holds the pair; not scored yet (before its second card, or declared too early)."""
    SCORED = "scored"
    """Written for the holder's team: with the second card, from a shown Weis (``lenient``), or early
    because it wins the match (S000, S001)."""
    LOST = "lost"
    """Never scores this round: under ``strict`` (J14, J02) declared with the first card or not with the
    second; or hidden by what a seat's view shows."""


def stoeck_cards(contract: Contract) -> CardSet:
    """The card set {trump K, trump Q}, or the empty set in Obenabe and Undenufe."""
    if not contract.is_trump:
        return EMPTY
    base = 9 * int(contract)
    return EMPTY | (1 << (base + Rank.KING)) | (1 << (base + Rank.QUEEN))


def has_stoeck(hand: CardSet, contract: Contract) -> bool:
    """True when ``hand`` (as dealt) holds both the trump K and Q."""
    pair = stoeck_cards(contract)
    return bool(pair) and hand & pair == pair
