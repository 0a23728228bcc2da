"""Puur: Swiss Jass (Schieber) — rules engine, computer players, web table, scoreboards and open data.

>>> from puur import RuleProfile, Card, Contract
>>> RuleProfile.preset("schieber").factor(Contract.D)
2
"""

from puur.cards import CLAIM, PUSH, Action, Card, CardSet, Contract, Rank, Suit, parse_action
from puur.game import Game
from puur.observation import Observation, determinize, resample
from puur.profile import PRESETS, RuleProfile
from puur.round import IllegalAction

__version__ = "0.1.0"

__all__ = [
    "CLAIM", "PRESETS", "PUSH", "Action", "Card", "CardSet", "Contract", "Game", "IllegalAction", "Observation",
    "Rank", "RuleProfile", "Suit", "determinize", "parse_action", "resample",
]  # fmt: skip
