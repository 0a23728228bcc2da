"""Reading the other seats' decisions through the policy network: which sampled worlds make them likely.

``learned``'s worlds are dealt by the rules' facts and the network of the hidden hands, which reads one
position. Each decision the other seats took this round (each card, and with the contract the push and the
choice) is evidence about the hands as a whole: a world in which that seat, with the hand the world gives
it, would hardly have played so is less likely. This is policy-based inference (Rebstock, Solinas, Buro and
Sturtevant, "Policy Based Inference in Trick-Taking Card Games", 2019): the policy network
(``puur.bots.learned.PolicyNetwork``, learnt from the search's choices) serves as the model of the others'
play.

``ReadPool`` samples ``size`` deals by the rules' facts alone (``Determinizer`` without weights: importance
sampling's proposal, every consistent deal about alike), replays each (``Determinizer.round_of``) and weighs
it by the product, over the other seats' decisions this round, of the network's chance of the action taken
from that seat's view with that deal's hand, mixed ``READING_MIX`` with the uniform choice among its legal
actions (the network alone is far too sure of the search's choices to be read as their chance:
docs/experiments/research.md). The search draws its worlds from the pool by weight (``WorldPool.draw``).

A seat's view at an earlier decision differs between deals only in its hand (the card views are
``play_reading.view_at``'s, the contract's ``contract_view``), so the first layer of the public part is taken
once a decision and the hand's rows are added per deal; the rest of the forward pass is numpy's, over every
deal and decision at once (some 55 ms a card decision for 200 deals). Only the ``Observation`` is read: the
deals are sampled from it and every view is rebuilt from it, so no hidden card can reach the weights. numpy
is needed (``pip install 'puur[rl]'``); the engine in the page has none, and there ``learned`` reads the hands
by its network alone.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache
from itertools import accumulate
from typing import Any

from puur.bots.nets import read_arrays
from puur.bots.play_reading import WorldPool, view_at
from puur.core.cards import PUSH
from puur.core.round import RoundState
from puur.info.determinize import Determinizer
from puur.info.encoding import N_ACTIONS, action_index, features, layout
from puur.info.observation import Observation

READING_MIX = 0.5
"""The share of the uniform choice among the legal actions in the model of the others' play (chosen on the
validation games of docs/experiments/policy_reading.py)."""
HAND = layout()["hand"]
"""The encoding's block of the deciding seat's own cards (one input a card index): the part of the first layer
that differs between deals."""


def numpy_or_error() -> Any:
    """The numpy module, or ``ValueError`` saying how to get it (the reading's forward pass needs it)."""
    try:
        import numpy
    except ImportError:
        raise ValueError("reading the play through the policy network needs numpy: pip install 'puur[rl]'") from None
    return numpy


@cache
def numpy_layers(data: bytes) -> dict[str, Any]:
    """A policy network's file (``PolicyNetwork.data``) as float32 numpy arrays by layer (``w1``, ``b1``,
    ``w2``, ``b2``, ``wp``, ``bp``), for the batched forward pass."""
    np = numpy_or_error()
    arrays = read_arrays(data)
    return {k: np.asarray(arrays[k][1], dtype=np.float32).reshape(arrays[k][0]) for k in ("w1", "b1", "w2", "b2", "wp", "bp")}


def decision_logliks(
    net: dict[str, Any], public: Any, hands: list[int], legal: list[int], taken: list[int], mix: float = READING_MIX
) -> Any:
    """For each decision (a row): the log of the model's chance of the action ``taken``, from the first layer's
    public part ``public`` (one row each, ``b1`` included), the deciding seat's ``hands`` (card sets) and its
    ``legal`` actions (bit sets of action indices): the network's softmax over the legal actions, mixed ``mix``
    with the uniform choice among them; ``-inf`` where the action taken is not legal."""
    np = numpy_or_error()
    bits = np.arange(N_ACTIONS, dtype=np.uint64)
    held = (np.array(hands, dtype=np.uint64)[:, None] >> bits[: HAND.stop - HAND.start]) & np.uint64(1)
    allowed = ((np.array(legal, dtype=np.uint64)[:, None] >> bits) & np.uint64(1)).astype(bool)
    h = np.maximum(public + held.astype(np.float32) @ net["w1"][HAND], 0.0)
    h = np.maximum(h @ net["w2"] + net["b2"], 0.0)
    z = np.where(allowed, h @ net["wp"] + net["bp"], -np.inf)
    z -= z.max(axis=1, keepdims=True)
    e = np.exp(z)
    rows = np.arange(len(taken))
    p = e[rows, taken] / e.sum(axis=1)
    with np.errstate(divide="ignore"):
        return np.where(allowed[rows, taken], np.log((1 - mix) * p + mix / allowed.sum(axis=1)), -np.inf)


def contract_view(obs: Observation, seat: int, pushed: bool) -> Observation:
    """``seat``'s view, without its hand, when it chose the contract or pushed (the forehand; the partner after
    a push, ``pushed``): the round before its first card, rebuilt from a later ``obs`` of the same round."""
    return replace(
        obs, seat=seat, hand=(), phase="contract", pushed=pushed, chooser=None, contract=None, factor=0, trick=(),
        tricks=(), legal_actions=(), hand_sizes=(9, 9, 9, 9), round_points=(0, 0), to_act=seat, weis_announced=(),
        weis_shown=(), stoeck=None, weis_choice=None,
    )  # fmt: skip


def contract_decisions(obs: Observation) -> list[tuple[int, bool, int, int]]:
    """The other seats' decisions of the contract this round: (seat, pushed before it, the legal actions as a
    bit set of action indices, the action taken)."""
    if obs.contract is None or obs.chooser is None:
        return []
    contracts = sum(1 << action_index(c) for c in obs.profile.contracts)
    push = 1 << action_index(PUSH)
    if obs.pushed:  # the forehand pushed, its partner chose (RULES.md §4.2)
        taken = [(obs.forehand, False, contracts | push, action_index(PUSH)), (obs.chooser, True, contracts, action_index(obs.contract))]
    else:
        taken = [(obs.forehand, False, contracts | push, action_index(obs.contract))]
    return [t for t in taken if t[0] != obs.seat]


class ReadPool(WorldPool):
    """A card decision's worlds, weighed by the policy network's chance of the other seats' decisions (the
    module docstring)."""

    def __init__(
        self, det: Determinizer, rng: random.Random, size: int, net: dict[str, Any], mix: float = READING_MIX,
        contract: bool = True,
    ) -> None:
        """``size`` worlds of ``det``'s observation drawn with ``rng``, read by the network's layers ``net``
        (``numpy_layers``); ``contract=False`` reads the cards alone, not the push and the contract."""
        super().__init__(det, rng, 0.0)
        np = numpy_or_error()
        w1, b1 = net["w1"], net["b1"]
        obs = det.obs
        me = obs.seat
        public: dict[object, Any] = {}
        rows: list[tuple[int, object, int, int, int]] = []  # (world, decision, hand, legal actions, action taken)

        def first_layer(key: object, view: Observation) -> None:
            if key not in public:
                x = features(view)
                public[key] = b1 + (w1[list(x)].T @ np.asarray(list(x.values()), dtype=np.float32) if x else 0.0)

        bids = contract_decisions(obs) if contract else []
        for seat, pushed, _, _ in bids:
            first_layer(("contract", seat), contract_view(obs, seat, pushed))
        for i in range(size):

            def on_play(r: RoundState, card: int, i: int = i) -> None:
                seat = r.to_act
                if seat is None or seat == me:
                    return
                k = len(r.cards_played)
                first_layer(k, replace(view_at(obs, r, seat), hand=()))
                rows.append((i, k, r.hands[seat], r.legal_cards(), card))

            world = det.round_of(det.sample(rng), on_play)
            self.worlds.append(world)
            rows.extend((i, ("contract", seat), world.dealt[seat], legal, taken) for seat, _, legal, taken in bids)
        logw = np.zeros(size)
        if rows:
            chances = decision_logliks(
                net, np.stack([public[r[1]] for r in rows]), [r[2] for r in rows], [r[3] for r in rows], [r[4] for r in rows], mix
            )
            np.add.at(logw, [r[0] for r in rows], chances)
        self.loglik = logw
        """Each world's log-chance of the decisions read (the mixed model), in the order of ``worlds``."""
        self.cumulative = list(accumulate(float(x) for x in np.exp(logw - logw.max())))


__all__ = ["HAND", "READING_MIX", "ReadPool", "contract_decisions", "contract_view", "decision_logliks", "numpy_layers", "numpy_or_error"]
