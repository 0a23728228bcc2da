"""``puur selfplay``: the Parquet rows, their schema, sharding and resuming (issue 19)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pyarrow", reason="the rl extra (pip install 'puur[rl]') is not installed")
pytest.importorskip("pettingzoo", reason="the rl extra (pip install 'puur[rl]') is not installed")

import pyarrow as pa  # noqa: E402
import pyarrow.parquet as pq  # noqa: E402

from puur.cli import main  # noqa: E402
from puur.env.encoding import ACTIONS, ENCODING_VERSION, N_ACTIONS, OBS_SIZE  # noqa: E402
from puur.selfplay import SCHEMA, read_rows, run_selfplay  # noqa: E402


def same_rows(a: pa.Table, b: pa.Table) -> bool:
    """Equal tables (NaN values, where an action was not valued, equal to each other)."""
    values = [np.asarray(t.column("values").combine_chunks().flatten()) for t in (a, b)]
    return a.drop_columns(["values"]).equals(b.drop_columns(["values"])) and np.array_equal(*values, equal_nan=True)


def test_search_rows_carry_the_visit_distribution(tmp_path: Path) -> None:
    """mcts rows: the policy is the share of samples per legal action, the action one of the legal ones, the
    values set where valued; the outcome is the round's written difference from the seat's side."""
    result = run_selfplay("mcts:iters=12,citers=24,endgame=0", 2, tmp_path, profile="jasvel", seed=5, shard_size=1)
    assert (result["shards"], result["written"], result["skipped"]) == (2, 2, 0)
    table = read_rows(tmp_path)
    assert table.schema.remove_metadata() == SCHEMA
    rows = table.to_pylist()
    assert rows == sorted(rows, key=lambda r: (r["game"], r["decision"]))
    assert {r["game"] for r in rows} == {0, 1}
    for r in rows:
        mask = np.array(r["mask"])
        policy = np.array(r["policy"], dtype=np.float64)
        assert len(r["obs"]) == OBS_SIZE and len(mask) == N_ACTIONS
        assert mask[r["action"]] == 1
        assert abs(policy.sum() - 1) < 1e-5 and not policy[mask == 0].any()
        values = np.array(r["values"])
        assert np.isnan(values[mask == 0]).all()
        own, other = r["written"] if r["seat"] % 2 == 0 else r["written"][::-1]
        assert r["outcome"] == own - other
    searched = [r for r in rows if np.count_nonzero(r["policy"]) > 1]
    assert len(searched) > len(rows) / 3
    assert any(r["phase"] == "contract" for r in searched)
    meta = json.loads(pq.read_schema(tmp_path / "shard-00001.parquet").metadata[b"puur_selfplay"])
    assert meta["games_range"] == [1, 2] and meta["encoding_version"] == ENCODING_VERSION
    assert str(ACTIONS[rows[0]["action"]]) in {"P", "C", "D", "H", "S", "O", "U"}


def test_resume_skips_finished_shards_and_refuses_other_settings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--player", "heuristic", "--games", "5", "--shard-size", "2", "--out", str(tmp_path), "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert (first["shards"], first["written"], first["rows"] > 0) == (3, 3, True)
    before = read_rows(tmp_path)
    (tmp_path / "shard-00001.parquet").unlink()
    (tmp_path / "shard-00002.parquet").write_bytes(b"partial")
    assert main(["selfplay", "--player", "heuristic", "--games", "5", "--shard-size", "2", "--out", str(tmp_path), "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert (again["written"], again["skipped"]) == (2, 1)
    assert same_rows(read_rows(tmp_path), before)  # the same rows, played again
    assert main(["selfplay", "--player", "random", "--games", "5", "--shard-size", "2", "--out", str(tmp_path)]) == 2
    assert "other settings (player='heuristic')" in capsys.readouterr().err
    assert main(["selfplay", "--player", "nobody", "--games", "1", "--out", str(tmp_path / "x")]) == 2
    assert not (tmp_path / "x").exists()


def test_example_policy_plays_in_the_arena(monkeypatch: pytest.MonkeyPatch) -> None:
    """examples/policy_player.py (weights trained by examples/train_policy.py) as ``package.module:Class``."""
    from puur.arena import run_arena

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2]))
    result = run_arena("examples.policy_player:PolicyPlayer", "random", deals=2, seed=1)
    assert result["rounds"] == 4
