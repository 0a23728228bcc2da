"""``benchmarks/rollout.py`` measures what it says: one playout policy against another on duplicate deals."""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

import pytest
from benchmark_scripts import load_benchmark

from puur.bots import rollout
from puur.core.round import RoundState

bench = load_benchmark("rollout")


def random_card(r: RoundState) -> int:
    """A legal card at random (seeded by the position, so the play repeats)."""
    mask = r.legal_cards()
    legal = [c for c in range(36) if mask >> c & 1]
    return random.Random(r.hands[r.to_act or 0] * 37 + len(r.trick)).choice(legal)


def test_a_policy_against_itself_scores_exactly_zero() -> None:
    res = bench.measure(rollout.choose, rollout.choose, deals=40, seed=1)
    assert res["per_round"] == {"mean": 0.0, "ci95": [0.0, 0.0]}
    assert set(res["by_contract"]) == {"C", "D", "H", "S", "O", "U"}


def test_the_policy_beats_random_play_and_the_sign_follows_the_order() -> None:
    ahead = bench.measure(rollout.choose, random_card, deals=200, seed=2)
    behind = bench.measure(random_card, rollout.choose, deals=200, seed=2)
    assert ahead["per_round"]["ci95"][0] > 0
    assert behind["per_round"]["mean"] == -ahead["per_round"]["mean"]


def test_policy_at_a_revision_loads_that_commits_file() -> None:
    root = Path(__file__).parents[2]
    if subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True).returncode:
        pytest.skip("not a git checkout")
    old = bench.policy_at("HEAD")
    res = bench.measure(rollout.choose, old, deals=20, seed=3)
    assert res["deals"] == 20 and len(res["by_contract"]) == 6
    with pytest.raises(subprocess.CalledProcessError):
        bench.policy_at("no-such-revision")


def test_speed_plays_the_same_rounds_both_ways() -> None:
    res = bench.speed(deals=30, seed=4)
    assert res["deals"] == 30 and res["compiled_per_s"] > 0 and res["python_per_s"] > 0
    assert res["compiled"] == (rollout.compiled_policy(bench.PROFILE) is not None)
