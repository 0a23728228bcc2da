"""``random``: a uniformly random legal action (never a claim). The baseline every player must beat."""

from __future__ import annotations

import random

from puur.bots import register
from puur.core.cards import CLAIM, Action
from puur.info.observation import Observation


class RandomPlayer:
    """Picks uniformly among the legal actions; seeded players repeat themselves."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: Observation) -> Action:
        actions = [a for a in observation.legal_actions if a is not CLAIM]
        if not actions:
            raise ValueError("no legal action: it is not this seat's turn")
        return self.rng.choice(actions)  # type: ignore[return-value]  # a form's column or prediction too


@register("random")
def _make(seed: int | None = None) -> RandomPlayer:
    return RandomPlayer(seed)
