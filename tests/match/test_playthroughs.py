"""Golden playthroughs in the OpenSpiel manner: every step's observations and legal actions pinned.

One file per preset in tests/golden/playthroughs/: the first two rounds of a seeded match played by four
heuristic seats (with the declarations a computer seat makes, ``declarations_for``). Each step holds the
seat to act, its legal actions, the action taken with its declarations, and every seat's observation
(``Observation.to_dict``, the profile written once at the top); a last entry holds the observations after
the final action. Replaying the recorded actions must give the same observations and legal actions at every
step, so a change in what a seat may see (or may do) shows up, named by step, seat and field.

The whole-match records (tests/match/test_golden.py) pin the play and the score; these pin the views.
Regenerate deliberately, and say why in the commit::

    PUUR_REGENERATE_PLAYTHROUGHS=1 .venv/bin/pytest tests/match/test_playthroughs.py
    .venv/bin/python tests/match/test_playthroughs.py --regenerate
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from puur.bots import make_player
from puur.bots.runner import declarations_for
from puur.core.profile import PRESETS
from puur.match.game import Game

PLAYTHROUGHS = Path(__file__).parent.parent / "golden" / "playthroughs"
SEEDS = {"schieber": 201, "classic": 202, "schweizer": 203, "online": 204, "jasvel": 205}
ROUNDS = 2
"""Rounds pinned per preset: the second shows the first one's result (``last_round``) and the next dealer."""


def _views(game: Game) -> list[dict[str, Any]]:
    """Every seat's observation as the API writes it, less the profile (written once per file)."""
    out = []
    for seat in range(4):
        d = game.observation(seat).to_dict()
        assert d.pop("profile") == game.profile.to_dict()
        out.append(d)
    return out


def play(preset: str) -> dict[str, Any]:
    """The playthrough of ``preset``: its seed, profile and steps (see the module docstring)."""
    game = Game(preset, seed=SEEDS[preset])
    player = make_player("heuristic")
    steps: list[dict[str, Any]] = []
    while len(game.rounds) < ROUNDS and not game.is_over:
        seat = game.current_seat
        assert seat is not None
        views = _views(game)
        action = player.act(game.observation(seat))
        declare = declarations_for(game, action)
        steps.append({
            "seat": seat, "legal": [str(a) for a in game.legal_actions()], "action": str(action),
            "declare": list(declare), "views": views,
        })  # fmt: skip
        game.apply(action, declare)
    steps.append({"seat": game.current_seat, "legal": [str(a) for a in game.legal_actions()], "views": _views(game)})
    return {"preset": preset, "seed": SEEDS[preset], "profile": game.profile.to_dict(), "steps": steps}


def write(preset: str) -> Path:
    """Write the playthrough, one step a line (a change reads as a diff of the steps it touches)."""
    data = play(preset)
    steps = ",\n".join(json.dumps(s, ensure_ascii=False, separators=(",", ":")) for s in data.pop("steps"))
    head = json.dumps(data, ensure_ascii=False, separators=(",", ":"))[:-1]
    path = PLAYTHROUGHS / f"{preset}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f'{head},"steps":[\n{steps}\n]}}\n', encoding="utf-8")
    return path


def first_difference(golden: Any, now: Any, path: str = "") -> str | None:
    """The first place two JSON values differ, as ``path: golden ... now ...``; None when equal."""
    if isinstance(golden, dict) and isinstance(now, dict):
        for key in [*golden, *(k for k in now if k not in golden)]:
            if key not in now or key not in golden:
                return f"{path}.{key}: golden {golden.get(key, '<absent>')!r}, now {now.get(key, '<absent>')!r}"
            found = first_difference(golden[key], now[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(golden, list) and isinstance(now, list) and len(golden) == len(now):
        for i, (g, n) in enumerate(zip(golden, now, strict=True)):
            found = first_difference(g, n, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if golden == now else f"{path}: golden {golden!r}, now {now!r}"


@pytest.mark.parametrize("preset", list(PRESETS))
def test_playthrough(preset: str) -> None:
    if os.environ.get("PUUR_REGENERATE_PLAYTHROUGHS"):
        write(preset)
    golden = json.loads((PLAYTHROUGHS / f"{preset}.json").read_text(encoding="utf-8"))
    game = Game(golden["preset"], seed=golden["seed"])
    diff = first_difference(golden["profile"], game.profile.to_dict(), "profile")
    assert diff is None, f"{preset}: {diff}"
    for i, step in enumerate(golden["steps"]):
        where = f"{preset} step {i} (round {game.round_number}, seat {game.current_seat} to act)"
        assert game.current_seat == step["seat"], f"{where}: golden has seat {step['seat']} to act"
        diff = first_difference(step["legal"], [str(a) for a in game.legal_actions()], "legal actions")
        assert diff is None, f"{where}: {diff}"
        for seat, view in enumerate(_views(game)):
            diff = first_difference(step["views"][seat], view, f"seat {seat}'s observation")
            assert diff is None, f"{where}: {diff}"
        if "action" in step:
            game.apply(step["action"], step["declare"])
    assert "action" not in golden["steps"][-1], f"{preset}: the last step holds the final observations"
    assert len(game.rounds) == ROUNDS or game.is_over


def test_first_difference_names_the_path() -> None:
    golden = {"hand": ["H6", "H7"], "weis": {"announced": [[1, 20]]}}
    assert first_difference(golden, golden) is None
    now = {"hand": ["H6", "H7"], "weis": {"announced": [[1, 50]]}}
    assert first_difference(golden, now) == ".weis.announced[0][1]: golden 20, now 50"
    assert first_difference(golden, {"hand": ["H6"], "weis": {}}) == ".hand: golden ['H6', 'H7'], now ['H6']"


if __name__ == "__main__":
    if sys.argv[1:] != ["--regenerate"]:
        sys.exit("usage: python tests/match/test_playthroughs.py --regenerate  (rewrites tests/golden/playthroughs/)")
    for name in PRESETS:
        print(write(name), file=sys.stderr)
