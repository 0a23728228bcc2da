"""``puur selfplay``: the Parquet rows, their schema, sharding and resuming."""

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
from puur.env.encoding import ACTIONS, ENCODING_VERSION, N_ACTIONS, OBS_SIZE, layout  # noqa: E402
from puur.lab.selfplay import SCHEMA, read_rows, run_selfplay  # noqa: E402


def same_rows(a: pa.Table, b: pa.Table) -> bool:
    """Equal tables (NaN values, where an action was not valued, equal to each other)."""
    values = [np.asarray(t.column("values").combine_chunks().flatten()) for t in (a, b)]
    return a.drop_columns(["values"]).equals(b.drop_columns(["values"])) and np.array_equal(values[0], values[1], equal_nan=True)


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


def test_rows_carry_the_real_hands_as_a_label(tmp_path: Path) -> None:
    """``hands``: the four current hands at each decision, seats relative to the decider as in ``obs``; the
    decider's own is the encoded hand, the others' cards are exactly the ones it cannot see, and each card
    played leaves the hand of the seat that played it."""
    run_selfplay("heuristic", 3, tmp_path, seed=2, shard_size=3, matches=True)
    rows = read_rows(tmp_path).to_pylist()
    hand_block = layout()["hand"]
    last: dict[tuple[int, int], tuple[int, list[int]]] = {}  # (game, round) -> (seat, absolute hands)
    played_checked = 0
    for r in rows:
        hands = r["hands"]
        own = sum(1 << c for c in np.flatnonzero(np.array(r["obs"])[hand_block]))
        assert hands[0] == own
        assert sum(h.bit_count() for h in hands) == (hands[0] | hands[1] | hands[2] | hands[3]).bit_count()
        absolute = [hands[(k - r["seat"]) % 4] for k in range(4)]
        key = (r["game"], r["round"])
        if key in last and r["phase"] == "play":
            seat, before = last[key]
            gone = [before[k] & ~absolute[k] for k in range(4)]
            if any(gone):  # the previous decision played a card (a push or a contract plays none)
                assert [g.bit_count() for g in gone] == [int(k == seat) for k in range(4)]
                played_checked += 1
            assert all(absolute[k] & ~before[k] == 0 for k in range(4))  # no card comes back
        last[key] = (r["seat"], absolute)
    assert played_checked > 100
    assert len({r["round"] for r in rows}) > 1  # whole matches: the label follows each round's deal


def test_a_run_without_the_label_is_not_resumed(tmp_path: Path) -> None:
    """A folder of an earlier run, whose shards lack ``hands``, is refused rather than mixed with new ones."""
    run_selfplay("heuristic", 1, tmp_path, seed=2, shard_size=1)
    manifest = json.loads((tmp_path / "run.json").read_text())
    del manifest["columns"]
    (tmp_path / "run.json").write_text(json.dumps(manifest))
    with pytest.raises(ValueError, match="other settings \\(columns=None\\)"):
        run_selfplay("heuristic", 2, tmp_path, seed=2, shard_size=1)
    assert not (tmp_path / "shard-00001.parquet").exists()


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
    from puur.lab.arena import Arena, run_arena

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2]))
    result = run_arena(Arena("examples.policy_player:PolicyPlayer", "random", deals=2, seed=1))
    assert result["rounds"] == 4
