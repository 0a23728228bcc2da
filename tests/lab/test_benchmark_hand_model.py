"""``benchmarks/hand_model.py`` learns what it says: weights that read the real seats better than the room
alone, written in the form ``puur.bots.hand_model`` loads."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import numpy as np
import pytest
from benchmark_scripts import load_benchmark

from puur.bots.hand_model import CLASSES, FEATURES, model_from_dict

bench = load_benchmark("hand_model")


@pytest.fixture(scope="module")
def rows(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[int, object, list[int]]]:
    """Two shards of heuristic self-play (quick), kept in a cache folder as the benchmark keeps them."""
    cache = tmp_path_factory.mktemp("hand-cache")
    out: list[tuple[int, object, list[int]]] = []
    for k in range(2):
        out += bench.play_shard((k, "heuristic", str(cache)))
    assert sorted(p.name for p in cache.iterdir()) == ["shard-0000.pkl", "shard-0001.pkl"]
    assert pickle.loads((cache / "shard-0001.pkl").read_bytes())[0][0] == bench.SHARD  # game numbers run on
    return out


def test_rows_hold_the_decider_s_view_and_the_real_hands(rows: list[tuple[int, object, list[int]]]) -> None:
    games = {g for g, _, _ in rows}
    assert games == set(range(2 * bench.SHARD))
    for _, obs, hands in rows[:200]:
        assert obs.phase == "play" and hands[obs.seat] == obs.hand_mask  # type: ignore[attr-defined]
        assert tuple(h.bit_count() for h in hands) == obs.hand_sizes  # type: ignore[attr-defined]


def test_the_fitted_weights_read_the_real_seats_better_than_the_room(rows: list[tuple[int, object, list[int]]]) -> None:
    t = bench.table(rows)
    n = len(t["y"])
    assert n > 1000 and t["x"].shape == (n, 3, len(FEATURES)) and t["ok"].sum(axis=1).min() >= 2
    assert t["ok"][np.arange(n), t["y"]].all()  # the real seat is always one the rules allow
    w = bench.fit(t, len(CLASSES), steps=150)
    fitted, room = bench.report(t, w), bench.report(t, np.zeros_like(w))
    assert fitted["nll"] < room["nll"] - 0.005 and fitted["on_real_seat"] > room["on_real_seat"]
    assert room["nll"] == pytest.approx(fitted["nll_room"])


def test_main_writes_a_model_the_player_loads(tmp_path: Path, rows: list[tuple[int, object, list[int]]]) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    for k in range(2):  # the fixture's games, cached where main looks for them
        part = [r for r in rows if k * bench.SHARD <= r[0] < (k + 1) * bench.SHARD]
        (cache / f"shard-{k:04d}.pkl").write_bytes(pickle.dumps(part))
    out = tmp_path / "model.json"
    assert bench.main(["--games", "50", "--jobs", "1", "--cache", str(cache), "--steps", "40", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    model = model_from_dict(data)
    assert len(model.weights) == len(CLASSES) and data["source"].startswith("benchmarks/hand_model.py --games 50")
