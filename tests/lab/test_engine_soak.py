"""400 random seeded rounds per preset (2,000 in all; ``make soak`` runs the long soak): 152/157 per
round, written score = the oracle's, no observation shows a hidden card, determinized deals agree with the
view, records replay exactly."""

from __future__ import annotations

import pytest

from puur.core.profile import PRESETS
from puur.lab.soak import soak


@pytest.mark.parametrize("preset", list(PRESETS))
def test_four_hundred_rounds(preset: str) -> None:
    """400 rounds per preset here (2,000 in all); ``make soak`` runs the long soak of every path."""
    stats = soak(preset, 400, seed=1000, obs_every=9, det_every=23)
    assert stats.rounds >= 400
    assert stats.observations > 0 and stats.determinizations > 0
    assert stats.max_record_bytes < 16 * 1024
