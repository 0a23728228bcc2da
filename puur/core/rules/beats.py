"""Which card takes a trick from which: one table per contract, built from ``trick_winner`` (RULES.md §5, §8).

A trick's current winner ``best`` is always of the led suit or a trump, so whether a later card takes the
trick from it depends on the two cards alone: the led suit only decides which card can be ``best``. The
two-card trick ``[best, card]`` therefore decides it, and every table here is read off ``trick_winner``
on all such pairs, so the search, the bots and the legal-move rules share the one rule.

>>> from puur.core.cards import Card, Contract
>>> beats(Card.H6, Card.SA, Contract.H)  # any trump takes a plain card (§5)
True
>>> beats(Card.H9, Card.HJ, Contract.H)  # the Nell does not take the Puur
False
>>> beats(Card.CA, Card.SA, Contract.O)  # a card of another suit never wins (§8 rule 3)
False
"""

from __future__ import annotations

from puur.core.cards import BASE_CONTRACTS, SUIT_MASKS, Contract
from puur.core.rules.trick import trick_winner


def _beaters(best: int, contract: Contract) -> int:
    """The card set of cards that take a trick whose current winner is ``best`` (RULES.md §8)."""
    return sum(1 << c for c in range(36) if c != best and trick_winner([best, c], contract) == 1)


BEATS: tuple[tuple[int, ...], ...] = tuple(tuple(_beaters(b, contract) for b in range(36)) for contract in BASE_CONTRACTS)
"""``BEATS[int(contract)][best]``: the cards that take a trick from its current winner ``best`` under
``contract`` (RULES.md §5, §8): a stronger card of ``best``'s suit, or any trump when ``best`` is not one.
Six entries: Slalom and Guschti read the entry of the trick's direction (``Contract.direction``)."""

STRONGER_IN_SUIT: tuple[tuple[int, ...], ...] = tuple(
    tuple(BEATS[contract][c] & SUIT_MASKS[c // 9] for c in range(36)) for contract in BASE_CONTRACTS
)
"""``STRONGER_IN_SUIT[int(contract)][card]``: the cards of ``card``'s own suit stronger than it under
``contract`` (RULES.md §5): ``BEATS`` without the trumps that take a plain card."""

HIGHER_TRUMPS: tuple[int, ...] = tuple(BEATS[c // 9][c] for c in range(36))
"""``HIGHER_TRUMPS[card]``: the cards of ``card``'s suit that beat it when that suit is trump, the
overtrumps of RULES.md §7.2-§7.3 (trump order of §5)."""


def beats(card: int, best: int, contract: Contract) -> bool:
    """Whether ``card`` takes a trick whose current winner is ``best`` (so ``best`` is of the led suit or
    a trump) under ``contract`` (RULES.md §8): ``trick_winner([best, card], contract) == 1``. For Slalom
    and Guschti pass the trick's direction."""
    return BEATS[contract][best] >> card & 1 == 1
