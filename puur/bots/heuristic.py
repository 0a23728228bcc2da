"""``heuristic``: a rule-based player built from the strategy knowledge of PRODUCT.md §3.

Its rules of play are ``puur.bots.card_play`` (the Schieber's: claims, the contract, the card); in Coiffeur and
Differenzler the forms' own rules (``puur.bots.form_players``) choose the column or the prediction. It reads
only the ``Observation`` (§3.1). Deterministic: it has no randomness.
"""

from __future__ import annotations

from puur.bots import form_players, legal_actions_of, register
from puur.bots.card_play import choose_contract, claim_is_true, play_card
from puur.core.cards import CLAIM, Action, Card
from puur.info.observation import Observation

# ----- the player -----


class HeuristicPlayer:
    """Plays by the rules of ``puur.bots.card_play`` and the forms' own; deterministic (no randomness)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def act(self, observation: Observation) -> Action:
        legal_actions = legal_actions_of(observation)
        if form_players.handles(observation):
            return form_players.heuristic_act(observation)  # type: ignore[return-value]
        if observation.phase == "contract" or observation.contract is None:
            return choose_contract(observation)
        if CLAIM in legal_actions and claim_is_true(observation):
            return CLAIM
        legal = [int(a) for a in legal_actions if isinstance(a, Card)]
        if len(legal) == 1:
            return Card(legal[0])
        return Card(play_card(observation, legal))


@register("heuristic")
def _make(seed: int | None = None) -> HeuristicPlayer:
    return HeuristicPlayer(seed)


__all__ = ["HeuristicPlayer", "claim_is_true", "choose_contract", "play_card"]
