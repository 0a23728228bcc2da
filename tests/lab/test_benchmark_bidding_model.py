"""``benchmarks/bidding_model.py`` learns what it says: weights that name the replies and the pushes of the
player it asked, written in the form ``puur.bots.bidding_model`` loads."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import numpy as np
import pytest
from benchmark_scripts import load_benchmark

from puur.bots.bidding_model import (
    FEATURES,
    KINDS,
    PUSH_FEATURES,
    model_from_dict,
    push_chance,
    reply_chances,
)
from puur.bots.contract_eval import PUSH_THRESHOLD, best_contract
from puur.core.profile import RuleProfile

bench = load_benchmark("bidding_model")

SCHIEBER = RuleProfile.preset("schieber")


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two shards of the heuristic's replies and forehand decisions (quick), kept as the benchmark keeps them."""
    folder = tmp_path_factory.mktemp("bidding-cache")
    for k in range(2):
        bench.ask_reply_shard((k, "heuristic", str(folder)))
        bench.ask_forehand_shard((k, "heuristic", str(folder)))
    return folder


def test_each_row_is_the_pushed_partner_s_hand_and_its_reply(cache: Path) -> None:
    names = ["forehand-0000.pkl", "forehand-0001.pkl", "reply-0000.pkl", "reply-0001.pkl"]
    assert sorted(p.name for p in cache.iterdir()) == names
    rows = pickle.loads((cache / "reply-0001.pkl").read_bytes())
    assert [g for g, _, _ in rows] == list(range(bench.SHARD, 2 * bench.SHARD))
    for _, hand, reply in rows:
        assert hand.bit_count() == 9
        assert reply == int(best_contract(hand, SCHIEBER)[0])  # the heuristic replies by its hand model
    assert bench.ask_reply_shard((1, "no-such-player", str(cache))) == rows  # read back, not asked again
    forehand = pickle.loads((cache / "forehand-0001.pkl").read_bytes())
    assert [g for g, _, _ in forehand] == [g for g, _, _ in rows]  # the same deals, the other seat
    for (_, hand, choice), (_, partner_hand, _) in zip(forehand, rows, strict=True):
        assert hand != partner_hand and hand & partner_hand == 0
        contract, score = best_contract(hand, SCHIEBER)
        assert choice == (-1 if score < PUSH_THRESHOLD else int(contract))  # the heuristic's push rule


def test_the_fit_learns_the_replies_and_writes_what_the_module_loads(cache: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "bidding_model.json"
    assert bench.main(["--hands", "200", "--jobs", "1", "--player", "heuristic", "--cache", str(cache), "--out", str(out), "--steps", "400", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    reply, push = result["reply"], result["push"]
    assert reply["train"]["heuristic"] == 1.0 and push["train"]["heuristic"] == 1.0  # the heuristic's own bidding
    assert reply["train"]["top"] > 0.7 and reply["train"]["nll"] < np.log(6) - 0.5  # far better than a guess among six
    assert push["train"]["right"] > 0.75 and push["train"]["nll"] < np.log(2) - 0.15
    rate = push["train"]["rate"]
    assert abs(rate["pushed"] - rate["expected"]) < 0.05  # the model's chances add up to the pushes it saw
    assert reply["test"]["hands"] == 20 and reply["train"]["hands"] == 180 and push["test"]["hands"] == 20
    data = json.loads(out.read_text())
    assert data["kinds"] == list(KINDS) and data["features"] == list(FEATURES)
    assert data["push_features"] == list(PUSH_FEATURES)
    model = model_from_dict(data)
    rows = pickle.loads((cache / "reply-0000.pkl").read_bytes())
    named = 0
    for _, hand, reply in rows:
        chances = reply_chances(hand, SCHIEBER, model)
        assert chances is not None
        named += max(chances, key=lambda c: chances[c]) == reply
    assert named >= 70  # the written weights read as the fit's
    forehand = pickle.loads((cache / "forehand-0000.pkl").read_bytes())
    right = sum(((push_chance(hand, SCHIEBER, model) or 0.0) > 0.5) == (choice == -1) for _, hand, choice in forehand)
    assert right >= 70
