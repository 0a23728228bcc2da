"""A learnt model of the pushed partner's reply: which contract the search player chooses after a push.

When the forehand weighs the push (schieben, RULES.md §4), it must guess what its partner will choose on
a hand it cannot see. ``mcts`` plays each sampled deal out under that guess. The heuristic's hand model
(``puur.bots.contract_eval.best_contract``) was the guess, but the partner is ``mcts`` as well, and the
two disagree on some four pushed hands in ten: the search takes Obenabe and Undenufe where the hand model
takes a trump (BENCHMARKS.md, "Issue 18", session 16). This module gives the chance of each contract
from the partner's hand, learnt from the search's own replies, so the forehand values the push by the
partner it really has.

The model is a softmax over the six base contracts of ``u(X) = w_kind(X) . features(hand, X) + b(X)``,
where the kind is trump, Obenabe or Undenufe (the four trumps share their weights; each contract has its
own intercept, which carries its factor) and the features read the hand as that contract orders it
(``FEATURES``): the cards held at each step of the contract's order of strength (for a trump contract
the trump suit's Puur, Nell, Ass and so on; for Obenabe and Undenufe how many suits hold their first,
second, ... card), the length and entries around them, the heuristic's own score of the contract and
the hand's Weis at the contract's factor. The weights are learnt by ``benchmarks/reply_model.py`` from
the replies of ``mcts`` at its default level (the label is the contract it chose), and live in
``puur/bots/reply_model.json``, loaded from the package only, never from a path a caller names.

Profiles with Slalom or Guschti (issue 17) offer contracts the model was not taught: there
``reply_chances`` returns None and the caller keeps the hand model's guess.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass
from functools import cache
from importlib import resources

from puur.bots.contract_eval import contract_scores
from puur.cards import BASE_CONTRACTS, Contract
from puur.profile import RuleProfile
from puur.rules.tables import STRENGTH_TABLES
from puur.rules.weis import declaration

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
    "seconds",  # trump: the side suits' Tens; O/U: suits whose second card is held without the first
    "voids",  # the suits (trump: the side suits) the hand lacks
    "heuristic",  # the heuristic's score of the contract for this hand, in tens (contract_eval)
    "weis",  # the hand's Weis points times the contract's factor, in hundreds
)
"""The features of (hand, contract), read in the contract's order of strength (RULES.md §5)."""

WEIGHTS_FILE = "reply_model.json"


@dataclass(frozen=True)
class ReplyModel:
    """Weights by kind (``KINDS`` by ``FEATURES``) and an intercept for each base contract."""

    weights: tuple[tuple[float, ...], ...]
    intercepts: tuple[float, ...]
    source: str = ""


def kind_of(contract: Contract) -> int:
    """The index in ``KINDS`` of a base contract."""
    if contract.is_trump:
        return 0
    return 1 if contract == Contract.O else 2


def features(hand: int, contract: Contract, profile: RuleProfile, score: float, weis: int) -> tuple[float, ...]:
    """``FEATURES`` of ``hand`` (a dealt hand of nine cards) read as ``contract`` (a base contract) orders it;
    ``score`` is the heuristic's score of the contract for the hand, ``weis`` the hand's Weis points."""
    strength = STRENGTH_TABLES[int(contract)]
    suits = [[c for c in range(s * 9, s * 9 + 9)] for s in range(4)]
    for cards in suits:
        cards.sort(key=lambda c: -strength[c])
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


def utilities(hand: int, profile: RuleProfile, model: ReplyModel) -> dict[Contract, float]:
    """Each base contract's utility ``w . features + b`` for ``hand``."""
    out = {}
    for c, x in hand_features(hand, profile).items():
        w = model.weights[kind_of(c)]
        out[c] = sum(a * b for a, b in zip(w, x, strict=True)) + model.intercepts[int(c)]
    return out


def reply_chances(hand: int, profile: RuleProfile, model: ReplyModel | None = None) -> dict[Contract, float] | None:
    """The chance of each base contract as the pushed partner's reply on ``hand``; None where the profile
    offers contracts beyond the six (Slalom, Guschti), which the model does not know."""
    if tuple(profile.contracts) != tuple(BASE_CONTRACTS):
        return None
    u = utilities(hand, profile, model or default_model())
    top = max(u.values())
    e = {c: math.exp(v - top) for c, v in u.items()}
    total = sum(e.values())
    return {c: v / total for c, v in e.items()}


def sample_reply(hand: int, profile: RuleProfile, rng: random.Random, model: ReplyModel | None = None) -> Contract | None:
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
def default_model() -> ReplyModel:
    """The model shipped in the package (``puur/bots/reply_model.json``)."""
    data = json.loads(resources.files("puur.bots").joinpath(WEIGHTS_FILE).read_text(encoding="utf-8"))
    return model_from_dict(data)


def model_from_dict(data: dict[str, object]) -> ReplyModel:
    """The model ``benchmarks/reply_model.py`` wrote; ``ValueError`` when its kinds or features differ from
    this module's (weights learnt on other features would misread the hand)."""
    if data.get("features") != list(FEATURES) or data.get("kinds") != list(KINDS):
        raise ValueError("reply model: its kinds or features are not this module's")
    weights, intercepts = data.get("weights"), data.get("intercepts")
    if not isinstance(weights, dict) or not isinstance(intercepts, dict):
        raise ValueError("reply model: weights (kind -> feature -> weight) and intercepts (contract -> number) are needed")
    try:
        rows = tuple(tuple(float(weights[k][f]) for f in FEATURES) for k in KINDS)
        bias = tuple(float(intercepts[c.name]) for c in BASE_CONTRACTS)
    except (KeyError, TypeError, ValueError) as e:
        raise ValueError(f"reply model: a weight is missing or not a number ({e!r})") from None
    return ReplyModel(rows, bias, str(data.get("source", "")))


__all__ = [
    "FEATURES", "KINDS", "ReplyModel", "default_model", "features", "hand_features", "kind_of", "model_from_dict", "reply_chances",
    "sample_reply", "utilities",
]  # fmt: skip
