"""Experiment: ``learned`` whose search draws its worlds by the policy network's reading of the other seats'
decisions (policy-based inference, Rebstock, Solinas, Buro and Sturtevant, 2019), as ``policy_reading.py``
measures it on the hidden hands. The reading itself now lives in the package (``puur.bots.net_reading``,
``learned:reading=N``); this player names the variants the first runs compared:

    PYTHONPATH=docs/experiments .venv/bin/puur arena --a "reading_player:ReadingLearned" --b mcts --deals 600 --jobs 2 --seed 4
    PYTHONPATH=docs/experiments .venv/bin/puur arena --a "reading_player:ReadingLearned:contract=1" --b learned --deals 300 --jobs 2 --seed 4

``pool`` deals a card decision (``learned``'s ``reading``), ``contract=0`` (the first run) reading the cards
alone and ``contract=1`` the push and the contract too (``learned:reading=200`` is ``pool=200,contract=1``).
The findings are in docs/experiments/research.md.
"""

from __future__ import annotations

from typing import Any

from puur.bots.learned import LearnedPlayer


class ReadingLearned(LearnedPlayer):
    """``learned:reading=pool``, reading the push and the contract only with ``contract=1``."""

    def __init__(self, pool: int = 200, contract: int = 0, **options: Any) -> None:
        super().__init__(reading=int(pool), **options)
        self.read_contract = bool(contract)
