"""The network of the hidden hands: its numpy inference against a plain reference on fixed inputs, the
shipped weights, that it reads the observation alone, and that ``benchmarks/hand_net.py`` learns."""

from __future__ import annotations

import math

import numpy as np
import pytest
from benchmark_scripts import load_benchmark
from game_checks import one_view_of_two_deals

pytest.importorskip("pettingzoo", reason="the rl extra (pip install 'puur[rl]') is not installed")

from puur.bots.learned import HandNetwork, hand_network  # noqa: E402
from puur.core.cards import Contract  # noqa: E402
from puur.env.encoding import OBS_SIZE, encode  # noqa: E402
from puur.env.hand_net import HandNet, default_net, load  # noqa: E402
from puur.match.game import Game  # noqa: E402

bench = load_benchmark("hand_net")


def _tiny(hidden: int = 3, seed: int = 0) -> HandNet:
    rng = np.random.default_rng(seed)
    shapes = [(OBS_SIZE, hidden), (hidden,), (hidden, hidden), (hidden,), (hidden, 108), (108,)]
    return HandNet(*(rng.normal(0, 0.3, s).astype(np.float32) for s in shapes), source="test")


def _reference_scores(net: HandNet, x: list[float]) -> list[list[float]]:
    """The network written out sum by sum, without numpy's matrix products."""
    w1, b1, w2, b2, w3, b3 = (a.tolist() for a in (net.w1, net.b1, net.w2, net.b2, net.w3, net.b3))
    h1 = [max(0.0, b1[j] + sum(x[i] * w1[i][j] for i in range(len(x)) if x[i])) for j in range(len(b1))]
    h2 = [max(0.0, b2[j] + sum(h1[i] * w2[i][j] for i in range(len(h1)))) for j in range(len(b2))]
    out = [b3[k] + sum(h2[i] * w3[i][k] for i in range(len(h2))) for k in range(108)]
    return [out[3 * c : 3 * c + 3] for c in range(36)]


def test_numpy_and_plain_inference_equal_the_reference_on_fixed_inputs() -> None:
    """The learner's numpy scores and the players' plain-Python weights (``HandNetwork``, read from the
    file the learner writes) against the network written out sum by sum."""
    net = load(_tiny().to_bytes())  # the weights as the file keeps them
    obs = Game("schieber", seed=11).observation(1)
    x = encode(obs)
    got = net.scores(x[None, :])[0]
    want = np.array(_reference_scores(net, x.tolist()))
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)
    w = HandNetwork(net.to_bytes()).seat_weights(obs, range(36))
    assert all(w[c][1] == 0 for c in range(36))  # the observing seat's own
    for c in (0, 17, 35):
        top = max(want[c])
        assert [w[c][(1 + r) % 4] for r in (1, 2, 3)] == pytest.approx([math.exp(v - top) for v in want[c]], rel=1e-4)


def test_the_weights_round_trip_and_the_shipped_network_loads() -> None:
    net = _tiny()
    again = load(net.to_bytes())
    for k in ("w1", "b1", "w2", "b2", "w3", "b3"):  # kept to half precision
        np.testing.assert_allclose(getattr(again, k), getattr(net, k), rtol=1e-3, atol=1e-4)
    assert again.source == "test"
    shipped = default_net()
    assert shipped.w1.shape[0] == OBS_SIZE and "benchmarks/hand_net.py" in shipped.source == hand_network().source
    w = hand_network().seat_weights(Game("schieber", seed=3).observation(0), range(36))
    assert all(math.isfinite(v) and v > 0 for c in range(36) for v in w[c][1:])


def test_it_reads_the_observation_alone() -> None:
    """Two deals seat 0 cannot tell apart: the network's weights are the same."""
    first, second, _ = one_view_of_two_deals(contract=Contract.H)
    assert hand_network().seat_weights(first, range(36)) == hand_network().seat_weights(second, range(36))


def test_the_learner_s_gradient_is_the_loss_s_slope_and_a_few_steps_learn() -> None:
    """On a handful of heuristic positions: the back-propagated gradient agrees with finite differences, and
    a few epochs lower the training log-loss below the room's."""
    rows = bench.play_shard((0, "heuristic", ""))[:120]
    d = bench.positions(rows)
    p = bench.init(OBS_SIZE, 4, np.random.default_rng(0))
    p["w3"] = np.random.default_rng(1).normal(0, 0.1, p["w3"].shape).astype(np.float32)
    p = {k: v.astype(np.float64) for k, v in p.items()}
    d64 = {**d, "x": d["x"].astype(np.float64)}
    _, g = bench.loss_and_grads(p, d64, 0.0)
    for key, idx in (("w3", (2, 7)), ("b1", (1,)), ("w2", (0, 3))):
        e = 1e-5
        p[key][idx] += e
        up = bench.loss_and_grads(p, d64, 0.0)[0]
        p[key][idx] -= 2 * e
        down = bench.loss_and_grads(p, d64, 0.0)[0]
        p[key][idx] += e
        assert g[key][idx] == pytest.approx((up - down) / (2 * e), rel=1e-3, abs=1e-7)
    net, history = bench.train(d, d, hidden=16, epochs=4, seed=0, batch=32, lr=3e-3, log=False)
    room = bench.nll(bench.init(OBS_SIZE, 16, np.random.default_rng(0)), d)["nll"]
    assert bench.nll(net, d)["nll"] < room
