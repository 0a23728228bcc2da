"""Search for the game forms (docs/forms.md): playouts on deals sampled around one seat's view.

The sampled deals come from ``puur.info.determinize`` (they hold only what the seat may know) and the playouts
from ``puur.bots.rollout`` (the search player's own playout policy); nothing here re-implements a rule.

Differenzler: the objective is one seat's own distance |prediction − points taken| (each for themselves).
``DifferenzlerWorlds`` samples deals (the turned-up trump card kept in the dealer's hand),
``prediction_samples`` gives the seat's points over playouts, ``best_card`` the card whose playouts end
nearest the prediction, the seat itself playing on by the policy while short of its prediction and its
least winning card (``duck_index``) once there. (Coiffeur's column is the hand model's,
``puur.bots.form_players``.)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from puur.bots.rollout import choose, playout
from puur.core.cards import Contract
from puur.core.round import RoundState
from puur.core.rules.tables import STRENGTH_TABLES
from puur.core.rules.trick import trick_winner
from puur.info.determinize import Determinizer

if TYPE_CHECKING:
    from puur.info.observation import Observation


def duck_index(contract: Contract, trick: Sequence[int], legal: Sequence[int], trick_index: int) -> int:
    """The card of ``legal`` least likely to take the trick: the strongest card that does not win the trick
    so far (it gets rid of a later winner), else, when every card wins, the one worth least; leading, the
    weakest card."""
    c0 = contract.direction(trick_index) if int(contract) >= 6 else contract  # type: ignore[attr-defined]
    strength = STRENGTH_TABLES[int(c0)]
    if not trick:
        return min(legal, key=lambda c: (strength[c], c))
    n = len(trick)
    losing = [c for c in legal if trick_winner([*trick, c], c0) != n]
    if losing:
        return max(losing, key=lambda c: (strength[c], -c))
    return min(legal, key=lambda c: (strength[c], c))


def taken_by(r: RoundState, seat: int) -> int:
    """The points ``seat`` has taken in ``r`` so far (its tricks, with the last trick's 5)."""
    return sum(t.points for t in r.tricks if t.winner == seat)


def aimed_playout(r: RoundState, seat: int, target: int) -> int:
    """Play ``r`` out by the policy, ``seat`` ducking (``duck_index``) once it has ``target`` points;
    returns the points ``seat`` took."""
    taken = taken_by(r, seat)
    contract = r.contract
    assert contract is not None
    n_tricks = len(r.tricks)
    while r.to_act is not None:
        if r.to_act == seat and taken >= target:
            from puur.core.rules.legal import legal_moves

            legal_mask = legal_moves(r.hands[seat], r.trick, contract, r.profile)
            legal = [c for c in range(36) if legal_mask >> c & 1]
            events = r.play(duck_index(contract, r.trick, legal, len(r.tricks)))
        else:
            events = r.play(choose(r))
        if "trick" in events and len(r.tricks) > n_tricks:
            n_tricks = len(r.tricks)
            last = r.tricks[-1]
            if last.winner == seat:
                taken += last.points
    return taken


class DifferenzlerWorlds:
    """Deals sampled around a Differenzler seat's view, as rounds at the observed position."""

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        self.det = Determinizer(obs)
        self.seat = obs.seat
        turned = obs.form.turned_up if obs.form is not None else None
        played = {int(c) for t in obs.tricks for c in t.cards} | {int(c) for _, c in obs.trick}
        self.turned = int(turned) if turned is not None and obs.dealer != obs.seat and int(turned) not in played else None

    def world(self, rng: random.Random) -> RoundState:
        """One sampled round; the turned-up card (public) is put back in the dealer's hand."""
        hands = self.det.sample(rng)
        if self.turned is not None:
            bit = 1 << self.turned
            dealer = self.obs.dealer
            if not hands[dealer] & bit:
                holder = next(s for s in range(4) if hands[s] & bit)
                mine = [c for c in range(36) if hands[dealer] >> c & 1]
                give = 1 << mine[rng.randrange(len(mine))]
                hands[dealer] ^= give | bit
                hands[holder] ^= give | bit
        return self.det.round_of(hands)

    def best_card(self, legal: Sequence[int], target: int, worlds: int, rng: random.Random) -> int:
        """The card whose playouts (``aimed_playout``) end nearest ``target`` on average."""
        cost = dict.fromkeys(legal, 0)
        for _ in range(worlds):
            base = self.world(rng)
            for c in legal:
                r = base.clone()
                r.play(c)
                cost[c] += abs(target - aimed_playout(r, self.seat, target))
        return min(legal, key=lambda c: (cost[c], c))


def prediction_samples(worlds: DifferenzlerWorlds, n: int, rng: random.Random) -> list[int]:
    """The seat's points in ``n`` playouts by the policy on sampled deals (its prediction's evidence)."""
    out = []
    for _ in range(n):
        r = worlds.world(rng)
        playout(r)
        out.append(taken_by(r, worlds.seat))
    return out


__all__ = ["DifferenzlerWorlds", "aimed_playout", "duck_index", "prediction_samples", "taken_by"]
