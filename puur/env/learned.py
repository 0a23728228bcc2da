"""``learned``: the search player (``puur.bots.mcts``) whose sampled worlds deal the hidden cards by the
learnt network of the hidden hands (``puur.env.hand_net``) instead of the room alone or the log-linear
model.

The search plays each sampled deal as if the cards were open, so what it knows of the hidden hands is
what the sampler deals: here each hidden card goes to a seat the rules allow with weight room x
``exp(score)``, the network's score read from the seat's encoded observation. Everything else (the
contract, the budget of each level, the endgame solver) is ``mcts``'s; the options are its options.

The player lives beside the network, above the players (the encoding it reads is the environments'), and
registers itself under ``learned`` in the players' registry when this module is imported: the arena and
the command line import it where numpy and the ``rl`` extra are installed.
"""

from __future__ import annotations

from typing import Any

from puur.bots import register
from puur.bots.mcts import MCTSPlayer
from puur.env.hand_net import seat_weights
from puur.info.determinize import Determinizer
from puur.info.observation import Observation


class LearnedPlayer(MCTSPlayer):
    """``mcts`` sampling its worlds from the network of the hidden hands; see the module docstring."""

    name = "learned"

    def __init__(self, **options: Any) -> None:
        if "hands" in options:
            raise ValueError("learned deals the hidden hands by its network: the option hands is mcts's")
        super().__init__(**options)

    def determinizer(self, obs: Observation) -> Determinizer:
        det = Determinizer(obs)
        if obs.contract is not None and det.cards:
            w = seat_weights(obs)
            det.weights = {c: [float(v) for v in w[c]] for c in det.cards}
        return det


register("learned")(LearnedPlayer)

__all__ = ["LearnedPlayer"]
