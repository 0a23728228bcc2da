"""Puur: Swiss Jass (Schieber) — rules engine, computer players, web table, scoreboards and open data.

>>> from puur import RuleProfile, Card, Contract
>>> RuleProfile.preset("schieber").factor(Contract.D)
2
"""

from puur.core.cards import CLAIM, PUSH, Action, Card, CardSet, Contract, Rank, Suit, parse_action
from puur.core.profile import PRESETS, RuleProfile
from puur.core.round import IllegalAction
from puur.info.determinize import determinize, resample
from puur.info.observation import Observation
from puur.match.game import Game

__version__ = "0.1.0"

__all__ = [
    "CLAIM", "PRESETS", "PUSH", "Action", "Card", "CardSet", "Contract", "Game", "IllegalAction", "Observation",
    "Rank", "RuleProfile", "Suit", "determinize", "parse_action", "resample",
]  # fmt: skip
