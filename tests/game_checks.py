"""Checks on a played match shared by the test folders (on the path through pytest's ``pythonpath``)."""

from __future__ import annotations

from puur.game import Game


def stoeck_outcomes(game: Game, seats: set[int]) -> list[str | None]:
    """For every round in which one of ``seats`` held the Stöck and has played both cards: its status."""
    return [
        r.stoeck_status
        for r in game.round_states
        if r.stoeck_holder in seats and r.stoeck_pair and not r.hands[r.stoeck_holder] & r.stoeck_pair
    ]
