"""Trick resolution and card points (RULES.md §6, §8).

>>> from puur.core.cards import Card, Contract
>>> trick_winner([Card.CA, Card.H9, Card.HJ, Card.C7], Contract.H)
2
"""

from __future__ import annotations

from collections.abc import Sequence

from puur.core.cards import CHANGES_DIRECTION, TRUMP_INDEX, CardIndex, Contract
from puur.core.rules.tables import LAST_TRICK_BONUS, STRENGTH_TABLES, card_points_table, trick_points_table


def trick_winner(cards: Sequence[CardIndex], contract: Contract, trick_index: int | None = None) -> int:
    """Index (0..n-1) of the card that wins the (possibly partial) trick ``cards`` (RULES.md §8).

    The highest trump wins; without a trump, the highest card of the led suit in the contract's order
    (reversed in Undenufe). Cards of other suits never win. Sources: S000, S001, S004, J08, J13, J16.
    Slalom and Guschti play trick ``trick_index`` (0..8, required for them) as its direction, Obenabe
    or Undenufe (J30: "apply the order assigned to the current trick").
    """
    if CHANGES_DIRECTION[contract]:
        contract = _direction(contract, trick_index)
    strength = STRENGTH_TABLES[contract]
    led = cards[0] // 9
    trump = TRUMP_INDEX[contract]
    best = 0
    best_s = strength[cards[0]]
    for i in range(1, len(cards)):
        c = cards[i]
        s = c // 9
        if s != led and s != trump:
            continue
        v = strength[c]
        if v > best_s:
            best, best_s = i, v
    return best


def card_points(
    cards: Sequence[CardIndex], contract: Contract, undenufe_values: str = "modern", trick_index: int | None = None,
    slalom_guschti_values: str = "obenabe",
) -> int:
    """Sum of the card points of ``cards`` under ``contract`` (RULES.md §6, option ``undenufe_values``).
    Slalom and Guschti count at the Obenabe values in every trick (J30: "Every round contains exactly 152
    card points"); ``trick_index`` is still required for them, and read only under the old reading
    ``slalom_guschti_values="by_trick"`` (docs/contracts-slalom-guschti.md)."""
    if CHANGES_DIRECTION[contract]:
        _direction(contract, trick_index)
        table = trick_points_table(contract, trick_index or 0, undenufe_values, slalom_guschti_values)
    else:
        table = card_points_table(contract, undenufe_values)
    return sum(table[c] for c in cards)


def trick_points(
    cards: Sequence[CardIndex],
    contract: Contract,
    undenufe_values: str = "modern",
    last: bool = False,
    trick_index: int | None = None,
    slalom_guschti_values: str = "obenabe",
) -> int:
    """Card points of a trick, plus 5 when it is the last trick of the round (RULES.md §6)."""
    return card_points(cards, contract, undenufe_values, trick_index, slalom_guschti_values) + (LAST_TRICK_BONUS if last else 0)


def _direction(contract: Contract, trick_index: int | None) -> Contract:
    if trick_index is None or not isinstance(trick_index, int) or not 0 <= trick_index <= 8:
        raise ValueError(
            f"{Contract(contract).name} changes direction by trick: give the trick's index 0..8, got {trick_index!r}"
        )
    return Contract(contract).direction(trick_index)
