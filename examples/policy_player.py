"""A computer player from a policy network trained on ``puur selfplay`` data (``examples/train_policy.py``).

The network (numpy only: one hidden layer of ReLU units and a softmax over ``puur.env.encoding.ACTIONS``)
reads the seat's encoded ``Observation`` and plays the legal action it rates highest, so it sees what the
seat may know and nothing else. Enter it in the arena by its class (``PYTHONPATH=.`` puts ``examples`` on the
path when run from the repository's root)::

    PYTHONPATH=. puur arena --a examples.policy_player:PolicyPlayer --b heuristic --deals 200 --jobs 2

``weights=PATH`` loads other weights than ``examples/policy_weights.npz``.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from puur.core.cards import Action
from puur.env.encoding import ENCODING_VERSION, action_mask, decode, encode
from puur.info.observation import Observation

WEIGHTS = Path(__file__).with_name("policy_weights.npz")


def forward(params: dict[str, np.ndarray], x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The network's logits for a batch of encoded observations, and its hidden layer."""
    hidden = np.maximum(0.0, x @ params["w1"] + params["b1"])
    return hidden @ params["w2"] + params["b2"], hidden


def load(path: str | Path = WEIGHTS) -> dict[str, np.ndarray]:
    """The weights saved by ``train_policy.py``; ``ValueError`` when they were trained on another encoding."""
    with np.load(path) as data:
        params = {k: data[k].astype(np.float32) for k in ("w1", "b1", "w2", "b2")}
        version = int(data["encoding_version"])
    if version != ENCODING_VERSION:
        raise ValueError(f"{path} was trained on encoding version {version}; this Puur encodes version {ENCODING_VERSION}")
    return params


class PolicyPlayer:
    """Plays the legal action with the highest logit (``seed`` is accepted and unused: it is deterministic)."""

    name = "policy"

    def __init__(self, weights: str | None = None, seed: int | None = None) -> None:
        self.params = load(weights or WEIGHTS)

    def act(self, observation: Observation) -> Action:
        mask = action_mask(observation)
        if not mask.any():
            raise ValueError("no legal action: it is not this seat's turn")
        logits, _ = forward(self.params, encode(observation)[None, :])
        scores = np.where(mask > 0, logits[0], -np.inf)
        action, _ = decode(observation, int(np.argmax(scores)))  # Stöck: the card; the runner declares it
        return action
