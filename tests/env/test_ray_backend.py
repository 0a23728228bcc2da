"""The Ray backend of ``puur arena`` and ``puur selfplay``: one local Ray for the module, and
the results identical to the local backend, deal for deal."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'puur[ray]'): the ray backend is not tested")

from puur.cli import main  # noqa: E402
from puur.lab.arena import Arena, play_arena  # noqa: E402
from puur.lab.distributed import map_tasks  # noqa: E402


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_arena_on_ray_equals_local_deal_for_deal(local_ray: None, capsys: pytest.CaptureFixture[str]) -> None:
    done: list[int] = []
    local = play_arena(Arena("heuristic", "random", 20, seed=9))
    remote = play_arena(Arena("heuristic", "random", 20, seed=9, backend="ray"), progress=lambda d, t: done.append(d))
    assert remote.deals == local.deals and len(local.deals) == 20
    assert len(set(local.deals)) > 10  # the deals differ from each other
    assert done == list(range(1, 21))
    assert main(["arena", "--a", "heuristic", "--b", "random", "--deals", "3", "--seed", "9", "--backend", "ray", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["deals"] == 3


def test_selfplay_on_ray_equals_local(local_ray: None, tmp_path: Path) -> None:
    pytest.importorskip("pettingzoo", reason="the rl extra (pip install 'puur[rl]') is not installed")
    from test_rl_selfplay import same_rows

    from puur.lab.selfplay import read_rows, run_selfplay

    run_selfplay("heuristic", 3, tmp_path / "local", profile="jasvel", seed=2, shard_size=2)
    out = run_selfplay("heuristic", 3, tmp_path / "ray", profile="jasvel", seed=2, shard_size=2, backend="ray")
    assert out["written"] == 2
    assert same_rows(read_rows(tmp_path / "ray"), read_rows(tmp_path / "local"))


def test_backend_errors() -> None:
    with pytest.raises(ValueError, match="unknown backend"):
        list(map_tasks(abs, [1], backend="spark"))
    with pytest.raises(ValueError, match="--address is for --backend ray"):
        list(map_tasks(abs, [1], address="auto"))
