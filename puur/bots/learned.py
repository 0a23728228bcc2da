"""``learned``: the search player (``puur.bots.mcts``) led by two learnt networks.

- Its sampled worlds deal the hidden cards by the network of the hidden hands (``HandNetwork``, learnt by
  ``benchmarks/hand_net.py``) instead of the room alone: each hidden card goes to a seat the rules allow
  with weight room x ``exp(score)``, the network's score read from the seat's encoded observation.
- Where the search plays out sampled worlds (the contract, and the cards before its exact endgame) the
  policy and value network (``PolicyNetwork``, learnt by expert iteration: ``puur.lab.expert``) guides it:
  each action's value by the network counts as ``prior`` playouts already made, and an action the network
  gives less than ``prune`` chance of being the search's choice is not tried (all are, when it gives every
  one less). Where the network has no word (another rule profile, a game form's round) the search is
  ``mcts``'s.
- With ``reading=N`` the card play's worlds are N deals sampled by the rules' facts and weighed by the policy
  network's chance of every decision the other seats took this round with the hands each deal gives them
  (``puur.bots.net_reading``: policy-based inference); off by default, and it needs numpy.

This is expert iteration (Anthony, Tian and Barber, 2017; AlphaZero's scheme) on the flat search of
``mcts``: the search plays itself and values every decision, the network learns the search's choices and
values, and the search then leans on the network. Everything else (the contract, the budget of each level,
the endgame solver) is ``mcts``'s, and so are the other options. The networks are given the
``Observation`` and nothing else (its encoding, ``puur.info.encoding.features``), so no hidden card can
reach them. Their weights ship in the package (``hand_net.npz``, ``policy_net.npz`` beside this module)
and are read from the package only; the inference is plain Python (``puur.bots.nets``), so the player
runs wherever Puur does, the engine in the page included.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import cache
from importlib import resources
from typing import Any, NamedTuple

from puur.bots import register
from puur.bots.mcts import MCTSPlayer
from puur.bots.net_reading import ReadPool, numpy_layers, numpy_or_error
from puur.bots.nets import Head, Layer, metadata, read_arrays, relu
from puur.bots.play_reading import WorldPool
from puur.core.cards import Action, Card, Contract, Special
from puur.core.profile import RuleProfile
from puur.core.round import first_forehand_card
from puur.info.determinize import Determinizer
from puur.info.encoding import ENCODING_VERSION, OBS_SIZE, action_index, features
from puur.info.observation import Observation

HAND_NET_FILE = "hand_net.npz"
POLICY_NET_FILE = "policy_net.npz"
VALUE_SCALE = 250.0
"""The value head's unit in written points: a round's difference rarely passes ±1,000 (a match of 157 at
factor 4 with Weis), so the targets stay within a few units."""
PRIOR = 16.0
"""How many playouts the network's value of an action counts as (``prior=N``; 0: the values unused)."""
PRUNE = 0.02
"""Below this chance of being the search's choice by the network an action is not tried (``prune=p``;
0: every legal action tried)."""
MAX_READING = 2000
"""The most deals a decision's reading (``reading=N``) may weigh."""


class Trunk:
    """Both networks' body: a seat's encoded observation through two hidden layers of rectified units."""

    __slots__ = ("first", "second")

    def __init__(self, arrays: dict[str, Any], what: str) -> None:
        if arrays["w1"][0][0] != OBS_SIZE:
            raise ValueError(f"{what}: it reads {arrays['w1'][0][0]} inputs, the encoding {OBS_SIZE}")
        self.first, self.second = Layer(arrays["w1"], arrays["b1"]), Layer(arrays["w2"], arrays["b2"])

    def __call__(self, obs: Observation) -> dict[int, float]:
        """The second layer's units that fired, by index (what the heads read)."""
        return relu(self.second(relu(self.first(features(obs)))))


class HandNetwork:
    """The network of the hidden hands: from a seat's observation, for each card it cannot see, a score for
    each other seat (``puur.env.hand_net`` learns it and holds the layout)."""

    def __init__(self, data: bytes) -> None:
        arrays = read_arrays(data)
        version = arrays["encoding_version"][1][0]
        if version != ENCODING_VERSION:
            raise ValueError(f"hand network: learnt on encoding version {version}, not {ENCODING_VERSION}")
        self.trunk = Trunk(arrays, "hand network")
        self.scores = Head(arrays["w3"], arrays["b3"])
        self.source: str = arrays["source"]

    def seat_weights(self, obs: Observation, cards: Iterable[int]) -> dict[int, list[float]]:
        """For each of ``cards``, the factor by which the sampler multiplies the room left in each seat's hand
        (by absolute seat; the observing seat's is 0): ``exp`` of the network's score, the card's best
        score taken as 0."""
        h = self.trunk(obs)
        out: dict[int, list[float]] = {}
        for c in cards:
            s = [self.scores(h, 3 * c + r) for r in range(3)]
            top = max(s)
            w = [0.0] * 4
            for rel in (1, 2, 3):
                w[(obs.seat + rel) % 4] = math.exp(s[rel - 1] - top)
            out[c] = w
        return out


class Guide(NamedTuple):
    """The policy network's word on the legal actions of one decision."""

    policy: dict[Action, float]
    """Each legal action's chance that the search chooses it (they sum to 1)."""
    values: dict[Action, float]
    """Each legal action's value: written points of the round, the seat's team minus the other."""


class PolicyNetwork:
    """The policy and value network (``puur.env.policy_net`` learns it and holds the layout): for each legal
    action the chance that the search chooses it and its value; the rule profiles it was learnt in."""

    def __init__(self, data: bytes) -> None:
        arrays = read_arrays(data)
        meta = metadata(arrays)
        if meta["encoding_version"] != ENCODING_VERSION:
            raise ValueError(f"policy network: learnt on encoding version {meta['encoding_version']}, not {ENCODING_VERSION}")
        self.data = data
        """The file's bytes (``puur.bots.net_reading.numpy_layers`` reads them for its batched pass)."""
        self.trunk = Trunk(arrays, "policy network")
        self.policy = Head(arrays["wp"], arrays["bp"])
        self.values = Head(arrays["wv"], arrays["bv"])
        self.profiles: tuple[str, ...] = tuple(meta["profiles"])
        self.source: str = meta["source"]

    def knows(self, obs: Observation) -> bool:
        """Whether the network has a word on ``obs``: a Schieber round (no game form's) under a profile it
        was learnt in."""
        return obs.form is None and any(obs.profile == RuleProfile.preset(p) for p in self.profiles)

    def guide(self, obs: Observation) -> Guide:
        """The policy over the legal actions (a softmax of their scores) and their values."""
        h = self.trunk(obs)
        legal = [a for a in obs.legal_actions if isinstance(a, Card | Contract | Special)]
        scores = [self.policy(h, action_index(a)) for a in legal]
        top = max(scores)
        e = [math.exp(s - top) for s in scores]
        total = sum(e)
        return Guide(
            {a: p / total for a, p in zip(legal, e, strict=True)},
            {a: self.values(h, action_index(a)) * VALUE_SCALE for a in legal},
        )


@cache
def hand_network() -> HandNetwork:
    """The network of the hidden hands shipped in the package."""
    return HandNetwork(resources.files("puur.bots").joinpath(HAND_NET_FILE).read_bytes())


@cache
def policy_network() -> PolicyNetwork:
    """The policy and value network shipped in the package."""
    return PolicyNetwork(resources.files("puur.bots").joinpath(POLICY_NET_FILE).read_bytes())


class LearnedPlayer(MCTSPlayer):
    """``mcts`` sampling its worlds from the network of the hidden hands and led by the policy and value
    network; see the module docstring."""

    name = "learned"

    def __init__(
        self, prior: float = PRIOR, prune: float = PRUNE, reading: int = 0, net: PolicyNetwork | None = None, **options: Any
    ) -> None:
        if "hands" in options:
            raise ValueError("learned deals the hidden hands by its network: the option hands is mcts's")
        if not 0 <= float(prior) <= 1000:
            raise ValueError(f"prior must be 0 to 1000 playouts, not {prior!r}")
        if not 0 <= float(prune) < 1:
            raise ValueError(f"prune must be a chance from 0 to below 1, not {prune!r}")
        if net is not None and not isinstance(net, PolicyNetwork):
            raise ValueError("net is a PolicyNetwork given in Python; the shipped network is read from the package")
        if isinstance(reading, bool) or not isinstance(reading, int) or not 0 <= reading <= MAX_READING:
            raise ValueError(f"reading must be a number of deals from 0 (off) to {MAX_READING}, not {reading!r}")
        if reading:
            numpy_or_error()
        super().__init__(**options)
        if reading and self.infer:
            raise ValueError("reading and infer both weigh the sampled worlds by the play: choose one")
        self.prior = float(prior)
        self.prune = float(prune)
        self.reading = reading
        self.read_contract = True
        """Whether the reading reads the push and the contract as well as the cards."""
        self.net = net or policy_network()

    def world_pool(self, obs: Observation) -> WorldPool:
        """With ``reading=N``, where the policy network knows the round: N deals sampled by the rules' facts,
        weighed by the network's chance of the other seats' decisions (``puur.bots.net_reading.ReadPool``);
        otherwise ``mcts``'s pool of worlds from ``determinizer``."""
        if self.reading and obs.contract is not None and self.net.knows(obs):
            return ReadPool(Determinizer(obs), self.rng, self.reading, numpy_layers(self.net.data), contract=self.read_contract)
        return super().world_pool(obs)

    def determinizer(self, obs: Observation) -> Determinizer:
        """The sampler of the search's worlds, leaning by the network of the hidden hands on every hidden card
        but the 7 whose holder leads a match's first round (``first_forehand_card``, RULES.md §3.2). Where the
        rule chose the forehand that 7 is the forehand's by the rules' facts (``Observation.forehand_holds``);
        elsewhere it is dealt by the room alone: the network learnt on first rounds of matches, where that 7
        lies with the forehand, and gives it to the forehand in every round (98% against a third in later
        rounds and in the arena's deals, whose forehand the rule did not choose), so its word on that card is
        not taken."""
        det = Determinizer(obs)
        if obs.contract is not None and det.cards:
            seven = first_forehand_card(obs.profile)
            det.weights = hand_network().seat_weights(obs, [c for c in det.cards if c != seven])
        return det

    def guide(self, obs: Observation, options: list[Action]) -> dict[Action, tuple[float, float]] | None:
        if (self.prior <= 0 and self.prune <= 0) or not self.net.knows(obs):
            return None
        word = self.net.guide(obs)
        return {a: (word.values[a], self.prior) for a in options if a in word.values and word.policy[a] >= self.prune}


register("learned")(LearnedPlayer)

__all__ = [
    "HAND_NET_FILE", "MAX_READING", "POLICY_NET_FILE", "PRIOR", "PRUNE", "VALUE_SCALE", "Guide", "HandNetwork", "LearnedPlayer", "Trunk",
    "PolicyNetwork", "hand_network", "policy_network",
]  # fmt: skip
