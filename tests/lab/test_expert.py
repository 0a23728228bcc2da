"""Expert iteration's learner (``puur.lab.expert``): the rows it learns from, that a few epochs learn the
search's choices and values, that what it writes loads, and that its net leads the search."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pyarrow", reason="the rl extra (pip install 'puur[rl]') is not installed")
pytest.importorskip("jax", reason="the learn extra (pip install 'puur[learn]') is not installed")

from puur.bots.learned import LearnedPlayer, PolicyNetwork  # noqa: E402
from puur.env.policy_net import load  # noqa: E402
from puur.lab.expert import examples, main, measure, split, train  # noqa: E402
from puur.lab.selfplay import run_selfplay  # noqa: E402
from puur.match.game import Game  # noqa: E402


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("selfplay")
    run_selfplay("mcts:iters=12,citers=24,endgame=0", 11, out, seed=3, shard_size=11)
    return out


def test_the_rows_are_the_search_s_valued_choices(run: Path) -> None:
    data = examples([run])
    n = len(data["x"])
    assert n > 100 and data["x"].shape[1] == 1808 and data["x"].dtype == np.float16
    assert (data["mask"].sum(axis=1) > 1).all()  # a forced move teaches nothing
    assert (data["mask"][np.arange(n), data["action"]] == 1).all()  # the choice is legal
    valued = ~np.isnan(data["values"])
    assert (valued.sum(axis=1) > 1).all() and not (valued & (data["mask"] == 0)).any()
    np.testing.assert_allclose(data["weight"].sum(axis=1), valued.sum(axis=1), rtol=1e-4)  # a mean of one a valued action
    assert data["early"].any() and not data["early"].all()
    learn, held = split(data)
    assert set(held["game"]) == {0, 10} and not set(learn["game"]) & {0, 10}


def test_a_few_epochs_learn_the_choices_and_the_values(run: Path) -> None:
    data = examples([run])
    net = train(data, seed=2, epochs=100, batch=64, hidden=32)
    got = measure(net, data)
    uniform = float(np.log(data["mask"].sum(axis=1)).mean())  # every legal action alike
    assert got["all_choice_ce"] < 0.8 * uniform
    assert got["all_spread_rmse"] < 0.8 * got["all_spread_rmse_flat"]
    again = train(data, seed=2, epochs=100, batch=64, hidden=32)
    np.testing.assert_array_equal(again.w1, net.w1)  # the same seed, the same network


def test_the_command_writes_a_network_that_loads_and_leads_the_search(run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "net.npz"
    assert main([str(run), "--epochs", "2", "--hidden", "16", "--out", str(out), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["learnt_rows"] > 0 and report["held_out"]["early_rows"] > 0
    assert load(out.read_bytes()).w1.shape == (1808, 16)
    net = PolicyNetwork(out.read_bytes())
    assert "puur.lab.expert" in net.source
    player = LearnedPlayer(iters=8, seed=1, net=net)
    game = Game("schieber", seed=21)
    seat = game.current_seat
    assert seat is not None
    obs = game.observation(seat)
    word = net.guide(obs)
    guide = player.guide(obs, list(obs.legal_actions))  # type: ignore[arg-type]
    assert guide and set(guide) == {a for a, p in word.policy.items() if p >= player.prune}
    assert all(guide[a] == (word.values[a], player.prior) for a in guide)
    assert main([str(tmp_path / "nothing")]) == 2
