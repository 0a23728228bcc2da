"""Reading the play: which sampled worlds make the cards the other seats played likely.

``puur.info.determinize`` samples the hidden hands from what the rules show (a seat that did not follow is
void, and so on: ``puur.info.inference``); every such deal is equally likely to it. A card player reads more
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
drawn so lost no fewer points per decision against perfect play (docs/experiments/search.md, session 8).

It reads only the observation: the cards played are public, the hidden hands are the sampled world's.
The policy is a model of sensible play, not of any real opponent, so a misread is evidence, not proof:
a world is weighed down, never ruled out.

The model of the others' play is a choice (``READ_MODELS``, ``mcts``'s ``read=``): the rollout policy,
which plays inside the world seeing every hand there, or the heuristic player (PRODUCT.md §3, the
habits a card player is taught), which decides from that seat's own view at that point of the round
(``view_at``): what a seat at the table would have played with that hand. Against a table that plays
like the model, the heuristic's reading is exact (the true deal reads with no misread); the exact
endgame then loses some three quarters of a point a decision less at six tricks left (a quarter; over
five seeds), half a point at seven (not proven), and the playouts nothing: docs/experiments/search.md
(session 12).
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from itertools import accumulate

from puur.bots.card_play import play_card
from puur.bots.rollout import choose
from puur.core.cards import Card, iter_cards
from puur.core.round import RoundState
from puur.info.determinize import Determinizer
from puur.info.observation import Observation, TrickView

POOL = 160
"""Sampled deals in a decision's pool, each replayed once with the policy (some 0.15 ms each from the fifth
trick: 25 ms a decision)."""


READ_MODELS = ("policy", "heuristic")
"""The models ``misreads`` can read the play with: the rollout policy in the world, or the heuristic from
the seat's own view (the module docstring)."""


def view_at(obs: Observation, r: RoundState, seat: int) -> Observation:
    """``seat``'s observation at ``r``, an earlier point of the round ``obs`` sees, replayed in a sampled
    world: its hand there and the play so far. What the replay does not track is taken from ``obs``: the
    Weis announced and shown once trick 1 is over, a declared Stöck once both its cards are played."""
    legal = r.legal_cards()
    played = 0
    for c in r.cards_played:
        played |= 1 << c
    stoeck = obs.stoeck if obs.stoeck and all(played >> c & 1 for c in obs.stoeck.cards) else None
    return replace(
        obs,
        seat=seat,
        hand=tuple(Card(c) for c in iter_cards(r.hands[seat])),
        trick=tuple((s, Card(c)) for s, c in r.trick_seats()),
        tricks=tuple(TrickView(t.leader, tuple(Card(c) for c in t.cards), t.winner, t.points) for t in r.tricks),
        legal_actions=tuple(Card(c) for c in iter_cards(legal)),
        hand_sizes=(r.hands[0].bit_count(), r.hands[1].bit_count(), r.hands[2].bit_count(), r.hands[3].bit_count()),
        round_points=(r.card_points[0], r.card_points[1]),
        to_act=seat,
        weis_announced=obs.weis_announced if r.tricks else (),
        weis_shown=obs.weis_shown if r.tricks else (),
        stoeck=stoeck,
        weis_choice=None,
    )


def misreads(det: Determinizer, hands: list[int], model: str = "policy") -> tuple[RoundState, int]:
    """The round at the observed position in the world ``hands`` (the four current hands), and how many of
    the cards the other seats played this round the ``model`` (``READ_MODELS``) would not have played
    there: neither its card nor one of the same suit and points. Cards of the observing seat, and cards
    that were the only legal one, are not counted."""
    obs = det.obs
    seat = obs.seat
    count = 0
    if model not in READ_MODELS:
        raise ValueError(f"read: one of {', '.join(READ_MODELS)}, not {model!r}")

    def read(r: RoundState, card: int) -> None:
        nonlocal count
        to_act = r.to_act
        if to_act is None or to_act == seat or r.contract is None:
            return
        legal = r.legal_cards()
        if legal & (legal - 1) == 0:
            return
        if model == "policy":
            guess = choose(r)
        else:
            guess = play_card(view_at(obs, r, to_act), list(iter_cards(legal)))
        if guess != card and (guess // 9 != card // 9 or r.points[guess] != r.points[card]):
            count += 1

    return det.round_of(hands, read), count


class WorldPool:
    """The worlds of one decision, drawn by how well they read the play (see the module docstring)."""

    def __init__(
        self, det: Determinizer, rng: random.Random, infer: float, size: int = POOL, model: str = "policy"
    ) -> None:
        self.det = det
        self.rng = rng
        self.infer = infer
        self.worlds: list[RoundState] = []
        self.cumulative: list[float] = []
        if infer > 0:
            read = [misreads(det, det.sample(rng), model) for _ in range(size)]
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


__all__ = ["POOL", "READ_MODELS", "WorldPool", "misreads", "view_at"]
