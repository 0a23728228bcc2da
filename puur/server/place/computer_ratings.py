"""The computers' fixed ratings (mu, sigma) by strength, calibrated from the arena by ``puur.lab.ratings``.

Written by a command, not by hand; run it again after a computer player changes:

    python -m puur.lab.ratings --pairs 40 --slow-pairs 20 --levels 5 --jobs 2 --out puur/server/place/computer_ratings.py

on 2026-12-07; matches played by each strength: random 80, heuristic 160, mcts:level=easy 120, mcts:level=medium 120, mcts:level=strong 40, learned:level=medium 40.
"""

from __future__ import annotations

CALIBRATED: dict[str, tuple[float, float]] = {
    "random": (-1.147, 5.099),
    "heuristic": (26.039, 2.655),
    "mcts:level=easy": (31.116, 2.192),
    "mcts:level=medium": (32.243, 2.296),
    "mcts:level=strong": (33.194, 3.052),
    "learned:level=medium": (31.515, 2.524),
}
"""Strength (the seat's player spec, as the tables name it) -> (mu, sigma): never updated by a match."""

CALIBRATION_COMMAND = "python -m puur.lab.ratings --pairs 40 --slow-pairs 20 --levels 5 --jobs 2 --out puur/server/place/computer_ratings.py"
CALIBRATION_DATE = "2026-12-07"

__all__ = ["CALIBRATED", "CALIBRATION_COMMAND", "CALIBRATION_DATE"]
