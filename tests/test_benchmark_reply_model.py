"""``benchmarks/reply_model.py`` learns what it says: weights that name the replies of the player it asked,
written in the form ``puur.bots.reply_model`` loads."""

from __future__ import annotations

import importlib.util
import json
import pickle
from pathlib import Path

import numpy as np
import pytest

from puur.bots.contract_eval import best_contract
from puur.bots.reply_model import FEATURES, KINDS, model_from_dict, reply_chances
from puur.profile import RuleProfile

_spec = importlib.util.spec_from_file_location("reply_model_bench", Path(__file__).parents[1] / "benchmarks" / "reply_model.py")
assert _spec and _spec.loader
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

SCHIEBER = RuleProfile.preset("schieber")


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two shards of the heuristic's replies (quick), kept as the benchmark keeps them."""
    folder = tmp_path_factory.mktemp("reply-cache")
    for k in range(2):
        bench.ask_shard((k, "heuristic", str(folder)))
    return folder


def test_each_row_is_the_pushed_partner_s_hand_and_its_reply(cache: Path) -> None:
    assert sorted(p.name for p in cache.iterdir()) == ["shard-0000.pkl", "shard-0001.pkl"]
    rows = pickle.loads((cache / "shard-0001.pkl").read_bytes())
    assert [g for g, _, _ in rows] == list(range(bench.SHARD, 2 * bench.SHARD))
    for _, hand, reply in rows:
        assert hand.bit_count() == 9
        assert reply == int(best_contract(hand, SCHIEBER)[0])  # the heuristic replies by its hand model
    assert bench.ask_shard((1, "no-such-player", str(cache))) == rows  # read back, not asked again


def test_the_fit_learns_the_replies_and_writes_what_the_module_loads(cache: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "reply_model.json"
    assert bench.main(["--hands", "200", "--jobs", "1", "--player", "heuristic", "--cache", str(cache), "--out", str(out), "--steps", "400", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["train"]["heuristic"] == 1.0  # the heuristic's own replies
    assert result["train"]["top"] > 0.7 and result["train"]["nll"] < np.log(6) - 0.5  # far better than a guess among six
    assert result["test"]["hands"] == 20 and result["train"]["hands"] == 180
    data = json.loads(out.read_text())
    assert data["kinds"] == list(KINDS) and data["features"] == list(FEATURES)
    model = model_from_dict(data)
    rows = pickle.loads((cache / "shard-0000.pkl").read_bytes())
    named = 0
    for _, hand, reply in rows:
        chances = reply_chances(hand, SCHIEBER, model)
        assert chances is not None
        named += max(chances, key=lambda c: chances[c]) == reply
    assert named >= 70  # the written weights read as the fit's
