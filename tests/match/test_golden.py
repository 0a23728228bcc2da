"""Golden whole-game records, one per preset: a complete match pinned move by move.

The records in tests/golden/ were made by four seeded ``random`` players. Replaying a record must give
the identical state, and playing the same seeds again must give the identical record: any change to
dealing, the rules, scoring or the end of the match shows up here. Regenerate deliberately with
``PUUR_REGENERATE_GOLDEN=1 pytest tests/match/test_golden.py`` and say why in the commit.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from puur.bots.random_player import RandomPlayer
from puur.bots.runner import play_match
from puur.core.profile import PRESETS
from puur.match.game import Game

GOLDEN = Path(__file__).parent.parent / "golden"
SEEDS = {"schieber": 101, "classic": 102, "schweizer": 103, "online": 104, "jasvel": 105}


def _play(preset: str) -> dict[str, object]:
    seed = SEEDS[preset]
    game = play_match(Game(preset, seed=seed), {s: RandomPlayer(seed * 10 + s) for s in range(4)})
    return game.record()


@pytest.mark.parametrize("preset", list(PRESETS))
def test_golden_record(preset: str) -> None:
    path = GOLDEN / f"{preset}.json"
    if os.environ.get("PUUR_REGENERATE_GOLDEN"):
        path.write_text(json.dumps(_play(preset), indent=1) + "\n")
    golden = json.loads(path.read_text())
    assert golden["result"] is not None, "a golden record is a finished match"
    assert Game.from_record(golden).record() == golden
    assert _play(preset) == golden
