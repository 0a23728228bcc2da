"""Computer players in Coiffeur and Differenzler (docs/forms.md): what the heuristic and the search player do
where the form asks something the Schieber does not. ``HeuristicPlayer.act`` and ``MCTSPlayer.act`` hand
an observation with a ``form`` to ``heuristic_act`` / ``search_act`` here; everything else (Coiffeur's
card play) stays theirs.

Coiffeur, the column (TOOLS.md §2.1): every column is played once, so a hand is worth playing in a column
when it is better than the column's usual hand: the choice maximises ``factor × (value − usual value)``,
where the value is the heuristic's hand model (``puur.bots.contract_eval``); a joker's usual value is that
of the best contract of a usual hand. The forehand pushes when no open column convinces (the Schieber's
rule, RULES.md §4.2). The search player names its column the same way (on the same seeds its column from
playouts won 56% of the matches, the hand model's 72%: docs/experiments/players.md, "Coiffeur and
Differenzler") and plays its cards by its Schieber search.

Differenzler (TOOLS.md §3.1): the heuristic predicts by the sheet's rule of thumb (the hand's card points
plus its trumps' points again, ``puur.tools.differenzler.estimate``, W23) and plays the heuristic's card
while short of its prediction, its least winning card once there. The search player predicts the median
of its own points over playouts on sampled deals (the median minimises the expected distance) and then
plays the card whose playouts end nearest its prediction (``puur.bots.form_search``).
"""

from __future__ import annotations

import random
import statistics
from typing import TYPE_CHECKING, Protocol

from puur.bots.card_play import play_card
from puur.bots.contract_eval import PUSH_THRESHOLD, contract_scores
from puur.bots.form_search import (
    DifferenzlerWorlds,
    duck_index,
    prediction_samples,
)
from puur.core.actions import AnyAction, ColumnChoice, Prediction
from puur.core.cards import PUSH, Card, Contract
from puur.tools.differenzler import ROUND_TOTAL, estimate

if TYPE_CHECKING:
    from puur.info.observation import Observation


class SearchBudget(Protocol):
    """What the search in a form reads of the search player (``MCTSPlayer``): its playouts per card decision,
    per contract decision, and its random source."""

    budget: int
    contract_budget: int
    rng: random.Random

USUAL_SCORE = {Contract.C: 11.5, Contract.D: 11.5, Contract.H: 11.5, Contract.S: 11.5, Contract.O: 7.5, Contract.U: 8.0}
"""The hand model's mean score of a random hand per contract (400 random hands, ``contract_scores``)."""
USUAL_BEST_SCORE = 21.0
"""The model's mean score of a random hand's best contract: what a joker usually gets."""


# ----- Coiffeur -----


def _factors(obs: Observation) -> dict[str, int]:
    assert obs.form is not None
    sheet = obs.form.sheet
    return {k: int(c["factor"] or 1) for k, c in zip(sheet["keys"], sheet["columns"], strict=True)}


def _kinds(obs: Observation) -> dict[str, str]:
    assert obs.form is not None
    sheet = obs.form.sheet
    return {k: str(c["kind"]) for k, c in zip(sheet["keys"], sheet["columns"], strict=True)}


def _column_contract(key: str) -> Contract:
    return Contract.parse(key)


def heuristic_column(obs: Observation) -> AnyAction:
    """The heuristic's column: the hand model's score (``contract_scores``) against the usual score of that
    contract (of the best contract for a joker), weighted by the column's factor; a push when no contract
    reaches the Schieber's threshold (``PUSH_THRESHOLD``)."""
    scores = contract_scores(obs.hand_mask, obs.profile)
    options = [a for a in obs.legal_actions if isinstance(a, ColumnChoice)]
    if not options:
        return PUSH
    if PUSH in obs.legal_actions and max(scores.values()) < PUSH_THRESHOLD:
        return PUSH
    factors, kinds = _factors(obs), _kinds(obs)

    def value(a: ColumnChoice) -> float:
        c = a.contract if a.contract is not None else _column_contract(a.column)
        usual = USUAL_BEST_SCORE if kinds[a.column] == "joker" else USUAL_SCORE.get(c, USUAL_BEST_SCORE / 2)
        return factors[a.column] * (scores.get(c, 0.0) - usual)

    return max(options, key=lambda a: (value(a), str(a)))


# ----- Differenzler -----


def heuristic_prediction(obs: Observation) -> Prediction:
    """The sheet's rule of thumb (W23): the hand's points, the trumps' counted twice, at most 157."""
    assert obs.contract is not None
    return Prediction(min(ROUND_TOTAL, estimate([c.name for c in obs.hand], obs.contract, obs.profile)))


def own_taken(obs: Observation) -> int:
    assert obs.form is not None
    return obs.form.taken[obs.seat]


def duck_card(obs: Observation, legal: list[int]) -> int:
    """The card least likely to take the trick, and among those the cheapest (a card that cannot win the
    trick so far, else the weakest)."""
    assert obs.contract is not None
    trick = [int(c) for _, c in obs.trick]
    return duck_index(obs.contract, trick, legal, len(obs.tricks))


def differenzler_contract(obs: Observation) -> AnyAction:
    """The forehand's contract under the ``forehand`` rule: the one the hand model scores highest of those
    offered (a hand it reads well is one it can predict well)."""
    offered = [a for a in obs.legal_actions if isinstance(a, Contract)]
    scores = contract_scores(obs.hand_mask, obs.profile)
    return max(offered, key=lambda c: (scores.get(c, 0.0), -int(c)))


def heuristic_differenzler(obs: Observation) -> AnyAction:
    if obs.phase == "contract":
        return differenzler_contract(obs)
    if obs.phase == "predict":
        return heuristic_prediction(obs)
    legal = [int(a) for a in obs.legal_actions if isinstance(a, Card)]
    if len(legal) == 1:
        return Card(legal[0])
    assert obs.form is not None and obs.form.own_prediction is not None
    if own_taken(obs) < obs.form.own_prediction:
        return Card(play_card(obs, legal))
    return Card(duck_card(obs, legal))


def search_differenzler(player: SearchBudget, obs: Observation) -> AnyAction:
    """Predict the median of sampled playouts; then the card whose playouts end nearest the prediction."""
    legal_actions = obs.legal_actions
    if obs.phase == "contract":
        return differenzler_contract(obs)
    worlds = DifferenzlerWorlds(obs)
    if obs.phase == "predict":
        samples = prediction_samples(worlds, max(16, min(200, player.contract_budget // 3)), player.rng)
        return Prediction(min(ROUND_TOTAL, int(statistics.median(samples))))
    legal = [int(a) for a in legal_actions if isinstance(a, Card)]
    if len(legal) == 1:
        return Card(legal[0])
    assert obs.form is not None and obs.form.own_prediction is not None
    per_card = max(8, min(60, player.budget // max(1, len(legal))))
    return Card(worlds.best_card(legal, obs.form.own_prediction, per_card, player.rng))


# ----- entry points -----


def heuristic_act(obs: Observation) -> AnyAction:
    """``HeuristicPlayer`` in a form: the column or the Differenzler decisions; its Coiffeur cards are its own."""
    assert obs.form is not None
    if obs.form.form == "differenzler":
        return heuristic_differenzler(obs)
    return heuristic_column(obs)


def search_act(player: SearchBudget, obs: Observation) -> AnyAction:
    """``MCTSPlayer`` in a form: Coiffeur's column, Differenzler's prediction and card play."""
    assert obs.form is not None
    if obs.form.form == "differenzler":
        return search_differenzler(player, obs)
    return heuristic_column(obs)


def handles(obs: Observation) -> bool:
    """Whether the form decides this observation's action (else the Schieber player acts as usual)."""
    return obs.form is not None and (obs.form.form == "differenzler" or obs.phase == "contract")


__all__ = ["SearchBudget", "handles", "heuristic_act", "search_act"]
