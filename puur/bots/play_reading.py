"""Reading the play: which sampled worlds make the cards the other seats played likely.

``puur.determinize`` samples the hidden hands from what the rules show (a seat that did not follow is
void, and so on: ``puur.inference``); every such deal is equally likely to it. A card player reads more
than the rules: a seat that led an ace probably holds no master it would rather cash, one that smeared a
ten onto its partner's trick probably had no cheaper card worth throwing. PRODUCT.md §3.3 lists these
habits; ``puur.bots.rollout`` plays by them.

``misreads`` replays the round in one sampled world and counts the other seats' cards that the rollout
policy would not have played there (a card of the same suit and points as the policy's counts as the
same). A world where the others' play looks like sensible play gets few misreads. ``WorldPool`` draws
the worlds of one decision by weight ``exp(-infer * misreads)`` from a pool of sampled deals (sampling
importance resampling), so with ``infer`` 0 every world weighs the same and the draw is the plain
sampler's. ``mcts`` reads the play with ``infer=λ``; off by default: the true deal does read better than
most sampled ones (after four tricks of heuristic play it ranks 11.6th of 60 on average), but the worlds
drawn so lost no fewer points per decision against perfect play (BENCHMARKS.md, "Issue 18").

It reads only the observation: the cards played are public, the hidden hands are the sampled world's.
The policy is a model of sensible play, not of any real opponent, so a misread is evidence, not proof:
a world is weighed down, never ruled out.
"""

from __future__ import annotations

import math
import random
from itertools import accumulate

from puur.bots.rollout import choose
from puur.determinize import Determinizer
from puur.round import RoundState

POOL = 160
"""Sampled deals in a decision's pool, each replayed once with the policy (some 0.15 ms each from the fifth
trick: 25 ms a decision)."""


def misreads(det: Determinizer, hands: list[int]) -> tuple[RoundState, int]:
    """The round at the observed position in the world ``hands`` (the four current hands), and how many of
    the cards the other seats played this round the rollout policy would not have played there: neither
    its card nor one of the same suit and points. Cards of the observing seat are not counted."""
    seat = det.obs.seat
    count = 0

    def read(r: RoundState, card: int) -> None:
        nonlocal count
        if r.to_act == seat:
            return
        policy = choose(r)
        if policy != card and (policy // 9 != card // 9 or r.points[policy] != r.points[card]):
            count += 1

    return det.round_of(hands, read), count


class WorldPool:
    """The worlds of one decision, drawn by how well they read the play (see the module docstring)."""

    def __init__(self, det: Determinizer, rng: random.Random, infer: float, size: int = POOL) -> None:
        self.det = det
        self.rng = rng
        self.infer = infer
        self.worlds: list[RoundState] = []
        self.cumulative: list[float] = []
        if infer > 0:
            read = [misreads(det, det.sample(rng)) for _ in range(size)]
            fewest = min(n for _, n in read)
            self.worlds = [r for r, _ in read]
            self.cumulative = list(accumulate(math.exp(-infer * (n - fewest)) for _, n in read))

    def draw(self) -> tuple[int, RoundState]:
        """A world to search: its index in the pool (drawn by weight; the same world may come again, and
        then counts again) and the caller's own copy of it; or, when the play is not read (``infer`` 0),
        -1 and a fresh sample."""
        if not self.worlds:
            return -1, self.det.resample(self.rng)
        i = self.rng.choices(range(len(self.worlds)), cum_weights=self.cumulative)[0]
        return i, self.worlds[i].clone()


__all__ = ["POOL", "WorldPool", "misreads"]
