"""Experiment (not shipped): ``learned`` whose search draws its worlds by the policy network's reading of the
other seats' cards (policy-based inference, Rebstock, Solinas, Buro and Sturtevant, 2019), as
``policy_reading.py`` measures it on the hidden hands.

    PYTHONPATH=docs/experiments .venv/bin/puur arena --a "reading_player:ReadingLearned" --b mcts --deals 300 --jobs 2 --seed 4

At each card decision that the policy network knows, a pool of ``pool`` deals is sampled by the rules' facts
alone (``Determinizer`` without weights: every consistent deal about alike, importance sampling's proposal).
Each deal is replayed, and each card another seat played this round is read: the network's chance that the
search plays that card from that seat's view with that deal's hand then, mixed ``mix`` with the uniform
choice among its legal cards. A deal weighs the product of those chances to the power ``temper``; the
search draws its worlds from the pool by weight (``puur.bots.play_reading.WorldPool``, whose draws the
exact endgame and the playouts share). The view of a seat at an earlier card differs between deals only in
its hand, so its public part is encoded once (``play_reading.view_at`` on the first deal) and the hand's rows
of the first layer added per deal; the forward pass is numpy's, over all deals and cards at once.
"""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import accumulate
from typing import Any

import numpy as np

from puur.bots.learned import LearnedPlayer, policy_network
from puur.bots.play_reading import WorldPool, view_at
from puur.core.cards import PUSH
from puur.core.round import RoundState
from puur.info.determinize import Determinizer
from puur.info.encoding import action_index, features
from puur.info.observation import Observation


def contract_view(obs: Observation, seat: int, pushed: bool) -> Observation:
    """``seat``'s view when it chose the contract or pushed (the forehand; the partner after a push), without
    its hand: the public part of the round before its first card, from the play's ``obs``."""
    return replace(
        obs, seat=seat, hand=(), phase="contract", pushed=pushed, chooser=None, contract=None, factor=0, trick=(),
        tricks=(), legal_actions=(), hand_sizes=(9, 9, 9, 9), round_points=(0, 0), to_act=seat, weis_announced=(),
        weis_shown=(), stoeck=None, weis_choice=None,
    )  # fmt: skip


class ReadPool(WorldPool):
    """A decision's worlds, weighed by the policy network's chance of the other seats' decisions (module
    docstring)."""

    def __init__(self, det: Determinizer, rng: random.Random, size: int, mix: float, temper: float, contract: bool = False) -> None:
        super().__init__(det, rng, 0.0)
        from puur.env.policy_net import default_net

        net = default_net()
        obs = det.obs
        me = obs.seat
        public: dict[object, np.ndarray] = {}
        legal_of: dict[object, int] = {}
        rows: list[tuple[int, object, int, int, int]] = []  # (world, decision, hand, legal, action)

        def first_layer(key: object, view: Observation) -> None:
            if key not in public:
                public[key] = net.b1 + sum((v * net.w1[j] for j, v in features(view).items()), np.zeros_like(net.b1))

        bidders: list[tuple[int, bool, int]] = []  # (seat, pushed before, action index)
        if contract and obs.contract is not None:
            chooser = obs.chooser if obs.chooser is not None else obs.forehand
            if obs.pushed:
                bidders = [(obs.forehand, False, action_index(PUSH)), (chooser, True, action_index(obs.contract))]
            else:
                bidders = [(obs.forehand, False, action_index(obs.contract))]
            bidders = [b for b in bidders if b[0] != me]
            options = [action_index(c) for c in obs.profile.contracts]
            for seat, before, _ in bidders:
                first_layer(("contract", seat), contract_view(obs, seat, before))
                legal_of[("contract", seat)] = sum(1 << a for a in options + ([] if before else [action_index(PUSH)]))
        for i in range(size):
            hands = det.sample(rng)

            def on_play(r: RoundState, card: int, i: int = i) -> None:
                seat = r.to_act
                if seat is None or seat == me:
                    return
                k = len(r.cards_played)
                first_layer(k, replace(view_at(obs, r, seat), hand=()))
                rows.append((i, k, r.hands[seat], r.legal_cards(), card))

            world = det.round_of(hands, on_play)
            self.worlds.append(world)
            for seat, _, chosen in bidders:
                rows.append((i, ("contract", seat), world.dealt[seat], legal_of[("contract", seat)], chosen))
        logw = np.zeros(size)
        if rows:
            n_actions = net.wp.shape[1]
            where = np.array([r[0] for r in rows])
            hand = np.array([[r[2] >> c & 1 for c in range(36)] for r in rows], dtype=np.float32)
            legal = np.array([[r[3] >> a & 1 for a in range(n_actions)] for r in rows], dtype=bool)
            action = np.array([r[4] for r in rows])
            h = np.maximum(np.stack([public[r[1]] for r in rows]) + hand @ net.w1[:36], 0.0)
            h = np.maximum(h @ net.w2 + net.b2, 0.0)
            z = np.where(legal, h @ net.wp + net.bp, -np.inf)
            z -= z.max(axis=1, keepdims=True)
            e = np.exp(z)
            p = e[np.arange(len(rows)), action] / e.sum(axis=1)
            n = legal.sum(axis=1)
            np.add.at(logw, where, np.log((1 - mix) * p + mix / n))
        w = np.exp(temper * (logw - logw.max()))
        self.cumulative = list(accumulate(float(x) for x in w))
        self.ess = float(w.sum() ** 2 / (w * w).sum())


class ReadingLearned(LearnedPlayer):
    """``learned`` whose card play draws its worlds from ``ReadPool`` where the policy network knows the
    round (otherwise ``learned``'s)."""

    def __init__(self, pool: int = 200, mix: float = 0.5, temper: float = 1.0, proposal: str = "room", contract: int = 0, **options: Any) -> None:
        super().__init__(**options)
        self.pool, self.mix, self.temper, self.proposal, self.contract = int(pool), float(mix), float(temper), proposal, bool(contract)

    def world_pool(self, obs: Observation) -> WorldPool:
        if obs.contract is None or not policy_network().knows(obs):
            return super().world_pool(obs)
        det = Determinizer(obs) if self.proposal == "room" else self.determinizer(obs)
        return ReadPool(det, self.rng, self.pool, self.mix, self.temper, self.contract)
