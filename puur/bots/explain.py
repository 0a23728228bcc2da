"""What a choice does at the table, as a code and parameters: the hint's one line.

``explain(observation, action)`` describes the effect of a card or a contract from the seat's own view, with
the rules core (``trick_winner``, ``card_points``, the contract's strength table): the card takes the trick or
goes ahead in it, gives points to the partner who holds the trick (schmieren), leads a trump or the master
of its suit, or gives away as little as the hand allows. It describes the move the search chose; the
search's own reason (the expected points over sampled deals) is given beside it. A page words the codes in
its language (the table's ``hint_plays``); card, suit and contract parameters are codes.

Codes: ``push``, ``contract``; leading ``lead_trump``, ``lead_master``, ``lead_low``, ``lead_high``;
following ``take_trick``, ``go_ahead``, ``smear``, ``partner_holds``, ``give_least``, ``give``.
"""

from __future__ import annotations

from puur.core.cards import Action, Card, Contract
from puur.core.rules.tables import LAST_TRICK_BONUS, strength_table
from puur.core.rules.trick import card_points, trick_winner
from puur.info.observation import Observation

SMEAR_POINTS = 10
"""A card worth this much or more, given to a partner who holds the trick, is schmieren (a Ten or an Ace
in a plain suit)."""

Explanation = tuple[str, dict[str, str | int]]


def explain(obs: Observation, action: Action) -> Explanation:
    """The effect of ``action`` for the seat of ``obs`` (which must be the seat to act)."""
    if not isinstance(action, Card):
        if str(action) == "P":
            return "push", {}
        return "contract", {"contract": str(action)}
    contract = obs.contract
    if contract is None:  # a card before a contract: not a position the engine offers
        raise ValueError("a card is explained only once the contract is known")
    index = len(obs.tricks)
    trick = [int(c) for _, c in obs.trick]
    if not trick:
        return _lead(obs, action, contract, index)
    return _follow(obs, action, contract, index, trick)


def _lead(obs: Observation, card: Card, contract: Contract, index: int) -> Explanation:
    suit = int(card) // 9
    played = {int(c) for t in obs.tricks for c in t.cards}
    mine = {int(c) for c in obs.hand}
    strength = strength_table(contract.direction(index))  # Slalom and Guschti: this trick's order
    if int(contract) < 4 and suit == int(contract):
        return "lead_trump", {"card": str(card)}
    out = [c for c in range(suit * 9, suit * 9 + 9) if c not in played and c not in mine]
    if all(strength[c] < strength[int(card)] for c in out):
        return "lead_master", {"card": str(card)}
    same = [int(c) for c in obs.hand if int(c) // 9 == suit]
    weakest = min(same, key=lambda c: strength[c])
    return ("lead_low" if int(card) == weakest else "lead_high"), {"card": str(card)}


def _follow(obs: Observation, card: Card, contract: Contract, index: int, trick: list[int]) -> Explanation:
    seats = [s for s, _ in obs.trick]
    values = obs.profile.undenufe_values
    after = [*trick, int(card)]
    winner = [*seats, obs.seat][trick_winner(after, contract, index)]
    slalom = obs.profile.slalom_guschti_values
    points = card_points(after, contract, values, index, slalom) + (LAST_TRICK_BONUS if len(after) == 4 and index == 8 else 0)
    own = card_points([int(card)], contract, values, index, slalom)
    if winner == obs.seat:
        if len(after) == 4:
            return "take_trick", {"card": str(card), "points": points}
        return "go_ahead", {"card": str(card)}
    if winner == (obs.seat + 2) % 4:
        if own >= SMEAR_POINTS:
            return "smear", {"card": str(card), "points": own}
        return "partner_holds", {"card": str(card)}
    legal = [int(a) for a in obs.legal_actions if isinstance(a, Card)]
    least = min(card_points([c], contract, values, index) for c in legal)
    return ("give_least" if own == least else "give"), {"card": str(card), "points": own}


__all__ = ["SMEAR_POINTS", "Explanation", "explain"]
