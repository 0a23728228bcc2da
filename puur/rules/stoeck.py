"""Stöck: the trump King and Ober in one hand, 20 before the multiplier (RULES.md §10).

Only in a trump contract; never in Obenabe or Undenufe (S000, J06, J11, J13, J14). Independent of Weis.
How and when it is declared is the profile's ``stoeck`` option, handled by the game.
"""

from __future__ import annotations

from puur.cards import Contract, Rank


def stoeck_cards(contract: Contract) -> int:
    """The card set {trump K, trump Q}, or 0 in Obenabe and Undenufe."""
    if not contract.is_trump:
        return 0
    base = 9 * int(contract)
    return (1 << (base + Rank.KING)) | (1 << (base + Rank.QUEEN))


def has_stoeck(hand: int, contract: Contract) -> bool:
    """True when ``hand`` (as dealt) holds both the trump K and Q."""
    pair = stoeck_cards(contract)
    return bool(pair) and hand & pair == pair
