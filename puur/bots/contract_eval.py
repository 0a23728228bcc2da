"""The heuristic's model of a hand: a score for each of the six contracts (PRODUCT.md §3.2).

The sources give an order (control, then continuation, then the multiplier) and no numbers; the weights
below start from the [PROPOSAL] evaluator of PRODUCT.md §3.2 and were adjusted by self-play in the arena.
"""

from __future__ import annotations

from puur.core.cards import Contract, Rank
from puur.core.profile import RuleProfile
from puur.core.rules.weis import declaration

SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(9)

PUUR_WEIGHT = 10.0
"""§3.2.1: "Puur highest": the trump Under controls the trump suit."""
NELL_WEIGHT = 7.0
"""§3.2.1: "Nell is strong evidence, but check where the Puur is"."""
TRUMP_HONOUR_WEIGHTS = {ACE: 4.0, KING: 2.0, QUEEN: 1.0}
"""§3.2.1: "Add A, K, O of the suit as support"."""
TRUMP_LENGTH_WEIGHT = 2.0
"""§3.2.1: "Length is support, not a substitute for control": each trump beyond the first."""
NELL_WITHOUT_PUUR_PENALTY = 4.0
"""§3.2.1: Nell without the Puur and with few trumps must first survive the Puur."""
ISOLATED_PUUR_PENALTY = 6.0
"""§3.2.1: "An isolated Puur or isolated ace is not enough"."""
SIDE_ACE_WEIGHT = 3.0
"""§3.2.1: "Plain-suit aces and tens give entries when trump is not led"."""
SIDE_TEN_WEIGHT = 1.0
"""§3.2.1: a guarded plain ten (with its ace, or with length) is a second entry."""
SIDE_KING_WEIGHT = 0.5
"""§3.2.1: a plain king behind its ace continues the suit."""

OBE_ACE = 6.0
"""§3.2.2: Obenabe wants aces spread across suits."""
OBE_BACKING = {KING: 3.0, QUEEN: 1.5, TEN: 1.0, EIGHT: 0.5}
"""§3.2.2: "ideally backed by K/O/10 (8 is also worth 8)": connected high cards below a winner."""
OBE_LOOSE_HIGH_PENALTY = 1.5
"""§3.2.2: "Reject it for isolated, disconnected high cards" (a king or queen without its ace)."""

MULTIPLIER_WEIGHT = 0.04
"""§3.2.4: the multiplier only separates close, credible choices: a small bonus per step of factor."""
WEIS_WEIGHT = 0.05
"""§3.2.5: Weis may tip a close decision (it is multiplied) but cannot repair a contract."""
PUSH_THRESHOLD = 18.0
"""§3.2.7: schieben when no contract convinces (tuned so that roughly a third of forehand hands push)."""


def _ranks(hand: int, suit: int) -> set[int]:
    return {r for r in range(9) if hand >> (suit * 9 + r) & 1}


def trump_score(hand: int, suit: int) -> float:
    """§3.2.1, each suit as trump: control (Puur, Nell), support (A, K, O), length, side entries."""
    mine = _ranks(hand, suit)
    n = len(mine)
    score = 0.0
    if JACK in mine:
        score += PUUR_WEIGHT
        if n == 1:
            score -= ISOLATED_PUUR_PENALTY
    if NINE in mine:
        score += NELL_WEIGHT
        if JACK not in mine and n < 3:
            score -= NELL_WITHOUT_PUUR_PENALTY
    score += sum(w for r, w in TRUMP_HONOUR_WEIGHTS.items() if r in mine)
    score += TRUMP_LENGTH_WEIGHT * max(0, n - 1)
    for other in range(4):
        if other == suit:
            continue
        side = _ranks(hand, other)
        if ACE in side:
            score += SIDE_ACE_WEIGHT
            if KING in side:
                score += SIDE_KING_WEIGHT
        if TEN in side and (ACE in side or len(side) >= 3):
            score += SIDE_TEN_WEIGHT
    return score


def _top_down_score(ranks_by_suit: list[set[int]], order: list[int], eight_bonus: bool) -> float:
    """Obenabe (order A K Q J 10 9 8 7 6) or, mirrored, Undenufe (order 6 7 8 ... A): winners from the top of
    each suit and the cards connected below them (§3.2.2, §3.2.3)."""
    top, second, third = order[0], order[1], order[2]
    score = 0.0
    for ranks in ranks_by_suit:
        if top in ranks:
            score += OBE_ACE
            if second in ranks:
                score += OBE_BACKING[KING]
                if third in ranks:
                    score += OBE_BACKING[QUEEN]
            # length behind a winner keeps the suit running (continuation)
            score += 0.5 * max(0, len(ranks) - 3)
        elif second in ranks and len(ranks) <= 1:
            score -= OBE_LOOSE_HIGH_PENALTY
        if eight_bonus and EIGHT in ranks and top in ranks:
            score += OBE_BACKING[EIGHT]
        if order[3] in ranks and top in ranks and second in ranks:
            score += OBE_BACKING[TEN]
    return score


OBE_ORDER = [ACE, KING, QUEEN, JACK, TEN, NINE, EIGHT, SEVEN, SIX]
UNDE_ORDER = list(reversed(OBE_ORDER))


def obenabe_score(hand: int) -> float:
    """§3.2.2: aces spread across suits, backed by K/O/10."""
    return _top_down_score([_ranks(hand, s) for s in range(4)], OBE_ORDER, True)


def undenufe_score(hand: int) -> float:
    """§3.2.3: "find the sixes", connected 6-7-8, low cards spread; reject ace-heavy hands."""
    return _top_down_score([_ranks(hand, s) for s in range(4)], UNDE_ORDER, True)


def direction_mix_score(hand: int, contract: Contract) -> float:
    """Slalom and Guschti (J30): the Obenabe and Undenufe scores weighted by the tricks each direction
    governs (five for the starting one, four for the other), so a hand strong both ways scores best."""
    dirs = [contract.direction(t) for t in range(9)]
    n_obe = dirs.count(Contract.O)
    return (n_obe * obenabe_score(hand) + (9 - n_obe) * undenufe_score(hand)) / 9


def contract_scores(hand: int, profile: RuleProfile) -> dict[Contract, float]:
    """Every contract's score for ``hand``, with the multiplier and Weis as tie-breakers (§3.2.4, §3.2.5);
    the contracts are the profile's (with Slalom and Guschti when ``extra_contracts`` offers them)."""
    out: dict[Contract, float] = {}
    for c in profile.contracts:
        if c.is_trump:
            base = trump_score(hand, int(c))
        elif c == Contract.O:
            base = obenabe_score(hand)
        elif c == Contract.U:
            base = undenufe_score(hand)
        else:
            base = direction_mix_score(hand, c)
        d = declaration(hand, profile, c)
        weis = d.best.points if d.best else 0
        out[c] = base * (1 + MULTIPLIER_WEIGHT * (profile.factor(c) - 1)) + WEIS_WEIGHT * weis
    return out


def best_contract(hand: int, profile: RuleProfile) -> tuple[Contract, float]:
    """The contract with the highest score (§3.2.6: control, continuation, coverage, extras)."""
    scores = contract_scores(hand, profile)
    best = max(scores, key=lambda c: (scores[c], -int(c)))
    return best, scores[best]


__all__ = [
    "PUSH_THRESHOLD", "Rank", "best_contract", "contract_scores", "direction_mix_score", "obenabe_score", "trump_score",
    "undenufe_score",
]  # fmt: skip
