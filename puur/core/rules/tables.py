"""Strength orders and card points, precomputed per contract (RULES.md §5, §6).

Every table is a tuple indexed by card (0..35) so the hot paths do one lookup per card.
"""

from __future__ import annotations

from functools import cache

from puur.core.cards import BASE_CONTRACTS, SUIT_MASKS, Contract, Rank

# Trump order J > 9 > A > K > Q > 10 > 8 > 7 > 6 (RULES.md §5), as a strength 0..8 per natural rank.
TRUMP_STRENGTH: tuple[int, ...] = (0, 1, 2, 7, 3, 8, 4, 5, 6)
# Natural rank of each trump strength 0..8 (inverse of TRUMP_STRENGTH): 6 7 8 10 Q K A 9 J.
TRUMP_ORDER: tuple[int, ...] = (0, 1, 2, 4, 6, 7, 8, 3, 5)

TRUMP_POINTS = (0, 0, 0, 14, 10, 20, 3, 4, 11)  # 6 7 8 9 10 J Q K A, trump suit (§6)
PLAIN_POINTS = (0, 0, 0, 0, 10, 2, 3, 4, 11)  # non-trump suit in a trump contract
OBENABE_POINTS = (0, 0, 8, 0, 10, 2, 3, 4, 11)
UNDENUFE_MODERN = (11, 0, 8, 0, 10, 2, 3, 4, 0)  # S004, J06, J13, J16
UNDENUFE_CLASSIC = (0, 0, 8, 0, 10, 2, 3, 4, 11)  # S000, S001

LAST_TRICK_BONUS = 5
"""Points for taking the last trick (trick 9), before the multiplier (RULES.md §6, §8 rule 5, §11.1)."""
MATCH_BONUS = 100
"""Points for taking all nine tricks, a match, before the multiplier (RULES.md §11.1)."""
STOECK_POINTS = 20
"""Stöck, the trump King and Ober in one hand, before the multiplier (RULES.md §10, §11.1)."""


def _one_order(contract: Contract) -> None:
    if Contract(contract).changes_direction:
        raise ValueError(
            f"{Contract(contract).name} changes direction by trick: use the trick's direction "
            "(contract.direction(trick_index)), Obenabe or Undenufe"
        )


@cache
def card_points_table(contract: Contract, undenufe_values: str = "modern") -> tuple[int, ...]:
    """Points of every card under ``contract`` (RULES.md §6; option ``undenufe_values``).

    Slalom and Guschti count every card of the round at the Obenabe values, whichever direction its trick
    is played in: J30 (and J27, J28) "Every round contains exactly 152 card points", which one value set
    for the whole round keeps in every preset (docs/contracts-slalom-guschti.md). Records played before
    that reading keep theirs through the profile option ``slalom_guschti_values`` (``trick_points_table``)."""
    if Contract(contract).changes_direction:
        return card_points_table(Contract.O)
    out: list[int] = []
    for card in range(36):
        suit, rank = divmod(card, 9)
        if contract.is_trump:
            out.append(TRUMP_POINTS[rank] if suit == int(contract) else PLAIN_POINTS[rank])
        elif contract == Contract.O:
            out.append(OBENABE_POINTS[rank])
        else:
            out.append((UNDENUFE_MODERN if undenufe_values == "modern" else UNDENUFE_CLASSIC)[rank])
    return tuple(out)


@cache
def strength_table(contract: Contract) -> tuple[int, ...]:
    """Trick strength of every card (RULES.md §5, §8).

    A trump is worth ``100 + trump strength`` so it beats any non-trump; other cards their rank in the
    contract's order (reversed in Undenufe). Whether a non-trump card can win at all depends on the
    led suit, which ``trick_winner`` checks. Slalom and Guschti have none (see ``card_points_table``).
    """
    _one_order(contract)
    out: list[int] = []
    for card in range(36):
        suit, rank = divmod(card, 9)
        if contract.is_trump and suit == int(contract):
            out.append(100 + TRUMP_STRENGTH[rank])
        elif contract == Contract.U:
            out.append(8 - rank)
        else:
            out.append(rank)
    return tuple(out)


STRENGTH_TABLES: tuple[tuple[int, ...], ...] = tuple(strength_table(c) for c in BASE_CONTRACTS)
"""``strength_table`` for the six contracts of one order, indexed by ``int(contract)`` (no cache call in
hot paths). Slalom and Guschti index it by ``contract.direction(trick_index)``."""



def trump_strength(card: int) -> int:
    """Strength of a card within the trump order (0 = 6 .. 8 = Puur)."""
    return TRUMP_STRENGTH[card % 9]


def puur_of(contract: Contract) -> int:
    """The Puur, the trump Under (Jack), of a trump contract (RULES.md §5; its exemptions in §7.2-§7.3)."""
    if not Contract(contract).is_trump:
        raise ValueError(f"{Contract(contract).name} has no trump, so no Puur")
    return 9 * int(contract) + Rank.JACK


PUUR_BITS: tuple[int, ...] = tuple(1 << puur_of(c) if c.is_trump else 0 for c in Contract)
"""``PUUR_BITS[int(contract)]``: the Puur as a one-card set, 0 in Obenabe and Undenufe (``puur_of``)."""


def trump_mask(contract: Contract) -> int:
    return SUIT_MASKS[int(contract)] if contract.is_trump else 0


def trick_points_table(
    contract: Contract, trick_index: int, undenufe_values: str = "modern", slalom_guschti_values: str = "obenabe"
) -> tuple[int, ...]:
    """The card points of trick ``trick_index`` (0..8) under ``contract``: the round's one table
    (``card_points_table``; Slalom and Guschti at the Obenabe values). Only the profile option
    ``slalom_guschti_values="by_trick"``, the reading of records played before the 152 of J30, counts a
    Slalom or Guschti trick at its direction's values (the profile's Undenufe values in an Undenufe trick)."""
    if slalom_guschti_values == "by_trick":
        return card_points_table(Contract(contract).direction(trick_index), undenufe_values)
    return card_points_table(contract, undenufe_values)


def direction_points_table(
    contract: Contract, direction: Contract, undenufe_values: str = "modern", slalom_guschti_values: str = "obenabe"
) -> tuple[int, ...]:
    """The card points a trick played in ``direction`` counts under ``contract`` (``trick_points_table``
    of its first trick in that direction): the round's one table, Obenabe values under Slalom and Guschti."""
    contract = Contract(contract)
    index = next(t for t in range(9) if contract.direction(t) == direction)
    return trick_points_table(contract, index, undenufe_values, slalom_guschti_values)


def suit_strength_order(contract: Contract, suit: int) -> list[int]:
    """The cards of ``suit`` strongest first under ``contract`` (for display and docs); for Slalom and
    Guschti pass the trick's direction."""
    table = strength_table(contract)
    return sorted(range(9 * suit, 9 * suit + 9), key=lambda c: -table[c])
