"""Learnt models of the bidding (the contract and schieben, RULES.md §4.2) as the search player bids: the pushed partner's
reply, and whether the forehand pushes.

Two guesses enter ``mcts``'s contract decision. The forehand who weighs the push must guess what its
partner will choose on a hand it cannot see; the pushed partner must guess what the push says of the
forehand's hand. The heuristic's hand model (``puur.bots.contract_eval``) made both guesses, but the
partner and the forehand are ``mcts`` as well, and it bids otherwise: on pushed hands the two disagree
on some four replies in ten (the search takes Obenabe and Undenufe where the hand model takes a trump),
and the search pushes about half its hands where the hand model's threshold pushes a third
(docs/experiments/search.md, session 16). This module learns both from the search's own bidding.

- **The reply**: a softmax over the six base contracts of ``u(X) = w_kind(X) . features(hand, X) + b(X)``,
  where the kind is trump, Obenabe or Undenufe (the four trumps share their weights; each contract has
  its own intercept, which carries its factor) and the features read the hand as that contract orders
  it (``FEATURES``): the cards held at each step of the contract's order of strength (for a trump
  contract the trump suit's Puur, Nell, Ass and so on; for Obenabe and Undenufe how many suits hold
  their first, second, ... card), the length and entries around them, the heuristic's own score of the
  contract and the hand's Weis at the contract's factor.
- **The push**: the forehand's choice among the six contracts (their utilities as above) and the push,
  whose utility is ``v . push_features(hand)`` (``PUSH_FEATURES``, a constant among them: what the
  hand brings to a contract the partner chooses). ``push_chance`` is the chance of the push.

The weights are learnt by ``benchmarks/bidding_model.py`` from the bidding of ``mcts`` at its default
level (the labels are its replies and its forehand decisions) and live in
``puur/bots/bidding_model.json``, loaded from the package only, never from a path a caller names.
Profiles with Slalom or Guschti (``extra_contracts``) offer contracts the model was not taught: there
``reply_chances`` and ``push_chance`` return None and the caller keeps the hand model's guess.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass
from functools import cache
from importlib import resources

from puur.bots.contract_eval import contract_scores
from puur.core.cards import BASE_CONTRACTS, PUSH, Action, Contract, Rank
from puur.core.profile import RuleProfile
from puur.core.rules.tables import suit_strength_order
from puur.core.rules.weis import declaration

KINDS: tuple[str, ...] = ("trump", "obenabe", "undenufe")
"""The three families of weights: the four trump contracts share one."""

FEATURES: tuple[str, ...] = (
    "step_1",  # trump: the trump suit's strongest card held (the Puur); O/U: suits holding their first card
    "step_2",  # the second card in the contract's order (the Nell; the King under Obenabe, the 7 under Undenufe)
    "step_3",
    "step_4",
    "step_5",
    "step_6",
    "step_7",
    "step_8",
    "step_9",  # the weakest card of the order
    "length",  # trump: the trumps held; O/U: the cards in unbroken runs from the top of their suits
    "entries",  # trump: the side suits' masters (their Ass); O/U: the cards of suits headed by their master
    "seconds",  # suits (trump: side suits) whose second card is held without the first (a King without its Ass)
    "voids",  # the suits (trump: the side suits) the hand lacks
    "heuristic",  # the heuristic's score of the contract for this hand, in tens (contract_eval)
    "weis",  # the hand's Weis points times the contract's factor, in hundreds
)
"""The features of (hand, contract), read in the contract's order of strength (RULES.md §5)."""

PUSH_FEATURES: tuple[str, ...] = (
    "bias",  # 1
    "jacks",  # the Unders held: a Puur for the partner's trump
    "nines",  # the Nells
    "aces",  # the Asses: masters under Obenabe, strong in every trump
    "kings",
    "sixes",  # the 6s: masters under Undenufe
    "sevens",
)
"""The features of the forehand's hand that enter the push's utility."""

WEIGHTS_FILE = "bidding_model.json"

SUIT_ORDERS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(suit_strength_order(c, suit)) for suit in range(4)) for c in BASE_CONTRACTS
)
"""For each base contract, each suit's cards strongest first (the rules' ``suit_strength_order``, read once)."""


@dataclass(frozen=True)
class BiddingModel:
    """The reply's weights by kind (``KINDS`` by ``FEATURES``) and an intercept for each base contract;
    the push's weights (``PUSH_FEATURES``)."""

    weights: tuple[tuple[float, ...], ...]
    intercepts: tuple[float, ...]
    push: tuple[float, ...]
    source: str = ""


def kind_of(contract: Contract) -> int:
    """The index in ``KINDS`` of a base contract."""
    if contract.is_trump:
        return 0
    return 1 if contract == Contract.O else 2


def features(hand: int, contract: Contract, profile: RuleProfile, score: float, weis: int) -> tuple[float, ...]:
    """``FEATURES`` of ``hand`` (a dealt hand of nine cards) read as ``contract`` (a base contract) orders it;
    ``score`` is the heuristic's score of the contract for the hand, ``weis`` the hand's Weis points."""
    suits = SUIT_ORDERS[int(contract)]
    steps = [0.0] * 9
    length = entries = seconds = voids = 0
    if contract.is_trump:
        trump = int(contract)
        for i, c in enumerate(suits[trump]):
            steps[i] = float(hand >> c & 1)
        length = sum(1 for c in suits[trump] if hand >> c & 1)
        for s in range(4):
            if s == trump:
                continue
            held = [hand >> c & 1 for c in suits[s]]
            entries += held[0]
            seconds += held[1] and not held[0]
            voids += not any(held)
    else:
        for s in range(4):
            held = [hand >> c & 1 for c in suits[s]]
            for i, h in enumerate(held):
                steps[i] += h
            run = 0
            while run < 9 and held[run]:
                run += 1
            length += run
            if held[0]:
                entries += sum(held)
            seconds += held[1] and not held[0]
            voids += not any(held)
    multiplied = weis * profile.factor(contract)
    return (*steps, float(length), float(entries), float(seconds), float(voids), score / 10.0, multiplied / 100.0)


def hand_features(hand: int, profile: RuleProfile) -> dict[Contract, tuple[float, ...]]:
    """``FEATURES`` of ``hand`` for each base contract (the heuristic's scores and the Weis read once)."""
    scores = contract_scores(hand, profile)
    weis = declaration(hand, profile).points
    return {c: features(hand, c, profile, scores[c], weis) for c in BASE_CONTRACTS}


def push_features(hand: int) -> tuple[float, ...]:
    """``PUSH_FEATURES`` of ``hand``: the count of each rank the push reads."""
    ranks = [sum(hand >> (s * 9 + r) & 1 for s in range(4)) for r in range(9)]
    return (1.0, float(ranks[Rank.JACK]), float(ranks[Rank.NINE]), float(ranks[Rank.ACE]), float(ranks[Rank.KING]),
            float(ranks[Rank.SIX]), float(ranks[Rank.SEVEN]))  # fmt: skip


def utilities(hand: int, profile: RuleProfile, model: BiddingModel) -> dict[Contract, float]:
    """Each base contract's utility ``w . features + b`` for ``hand``."""
    out = {}
    for c, x in hand_features(hand, profile).items():
        w = model.weights[kind_of(c)]
        out[c] = sum(a * b for a, b in zip(w, x, strict=True)) + model.intercepts[int(c)]
    return out


def knows(profile: RuleProfile) -> bool:
    """Whether the model knows the profile's contracts (the six base ones; not Slalom or Guschti)."""
    return profile.extra_contracts == "none"


def reply_chances(hand: int, profile: RuleProfile, model: BiddingModel | None = None) -> dict[Contract, float] | None:
    """The chance of each base contract as the pushed partner's reply on ``hand``; None where the profile
    offers contracts beyond the six (Slalom, Guschti), which the model does not know."""
    if not knows(profile):
        return None
    u = utilities(hand, profile, model or default_model())
    top = max(u.values())
    e = {c: math.exp(v - top) for c, v in u.items()}
    total = sum(e.values())
    return {c: v / total for c, v in e.items()}


def forehand_chances(hand: int, profile: RuleProfile, model: BiddingModel | None = None) -> dict[Action, float] | None:
    """The chance of each decision of the forehand with ``hand``: a softmax over the six contracts and
    the push; None where the model does not know the profile's contracts."""
    if not knows(profile):
        return None
    m = model or default_model()
    u: dict[Action, float] = {c: v for c, v in utilities(hand, profile, m).items()}
    u[PUSH] = sum(a * b for a, b in zip(m.push, push_features(hand), strict=True))
    top = max(u.values())
    e = {a: math.exp(v - top) for a, v in u.items()}
    total = sum(e.values())
    return {a: v / total for a, v in e.items()}


def push_chance(hand: int, profile: RuleProfile, model: BiddingModel | None = None) -> float | None:
    """The chance that the forehand pushes ``hand`` (``forehand_chances``); None where the model does not
    know the profile's contracts."""
    chances = forehand_chances(hand, profile, model)
    return None if chances is None else chances[PUSH]


def bid_chance(hand: int, profile: RuleProfile, action: Action, as_forehand: bool, model: BiddingModel | None = None) -> float:
    """The chance that ``hand`` bids ``action``: as the forehand (``forehand_chances``: a contract or the
    push) or as the pushed partner (``reply_chances``); 0 where the model does not know the profile's
    contracts or the action is not one it gives a chance."""
    if as_forehand:
        chances = forehand_chances(hand, profile, model)
        return 0.0 if chances is None else chances.get(action, 0.0)
    replies = reply_chances(hand, profile, model)
    return 0.0 if replies is None or not isinstance(action, Contract) else replies.get(action, 0.0)


def sample_reply(hand: int, profile: RuleProfile, rng: random.Random, model: BiddingModel | None = None) -> Contract | None:
    """A reply drawn by ``reply_chances``; None where the model does not apply."""
    chances = reply_chances(hand, profile, model)
    if chances is None:
        return None
    x = rng.random()
    for c, p in chances.items():
        x -= p
        if x < 0:
            return c
    return c


@cache
def default_model() -> BiddingModel:
    """The model shipped in the package (``puur/bots/bidding_model.json``)."""
    data = json.loads(resources.files("puur.bots").joinpath(WEIGHTS_FILE).read_text(encoding="utf-8"))
    return model_from_dict(data)


def model_from_dict(data: dict[str, object]) -> BiddingModel:
    """The model ``benchmarks/bidding_model.py`` wrote; ``ValueError`` when its kinds or features differ
    from this module's (weights learnt on other features would misread the hand)."""
    if (
        data.get("features") != list(FEATURES)
        or data.get("kinds") != list(KINDS)
        or data.get("push_features") != list(PUSH_FEATURES)
    ):
        raise ValueError("bidding model: its kinds or features are not this module's")
    weights, intercepts, push = data.get("weights"), data.get("intercepts"), data.get("push")
    if not isinstance(weights, dict) or not isinstance(intercepts, dict) or not isinstance(push, dict):
        raise ValueError(
            "bidding model: weights (kind -> feature -> weight), intercepts (contract -> number) and push "
            "(feature -> weight) are needed"
        )
    try:
        rows = tuple(tuple(float(weights[k][f]) for f in FEATURES) for k in KINDS)
        bias = tuple(float(intercepts[c.name]) for c in BASE_CONTRACTS)
        pushing = tuple(float(push[f]) for f in PUSH_FEATURES)
    except (KeyError, TypeError, ValueError) as e:
        raise ValueError(f"bidding model: a weight is missing or not a number ({e!r})") from None
    return BiddingModel(rows, bias, pushing, str(data.get("source", "")))


__all__ = [
    "FEATURES", "KINDS", "PUSH_FEATURES", "BiddingModel", "bid_chance", "default_model", "features", "forehand_chances", "hand_features", "kind_of",
    "knows", "model_from_dict", "push_chance", "push_features", "reply_chances", "sample_reply", "utilities",
]  # fmt: skip
