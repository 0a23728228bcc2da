"""The computers' fixed ratings (mu, sigma) by strength, calibrated from the arena by ``puur.lab.ratings``.

Written by a command, not by hand; run it again after a computer player changes:

    python -m puur.lab.ratings --pairs 40 --slow-pairs 6 --levels 4 --out puur/server/place/computer_ratings.py

on 2026-12-06; matches played by each strength: random 80, heuristic 160, mcts:level=easy 92, mcts:level=medium 12.
"""

from __future__ import annotations

CALIBRATED: dict[str, tuple[float, float]] = {
    "random": (0.871, 5.265),
    "heuristic": (29.44, 2.937),
    "mcts:level=easy": (34.145, 2.876),
    "mcts:level=medium": (39.231, 5.075),
}
"""Strength (the seat's player spec, as the tables name it) -> (mu, sigma): never updated by a match."""

CALIBRATION_COMMAND = "python -m puur.lab.ratings --pairs 40 --slow-pairs 6 --levels 4 --out puur/server/place/computer_ratings.py"
CALIBRATION_DATE = "2026-12-06"

__all__ = ["CALIBRATED", "CALIBRATION_COMMAND", "CALIBRATION_DATE"]
