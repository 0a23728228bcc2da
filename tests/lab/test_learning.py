"""``puur.lab.learning``: what the scripts that learn the players' models share."""

from __future__ import annotations

import numpy as np

from puur.lab.learning import adam, gather, learner_parser


def _square(x: int) -> int:
    return x * x


def test_gather_keeps_the_shards_order_in_one_process_or_several() -> None:
    assert gather(_square, [3, 1, 2], 1) == [9, 1, 4]
    assert gather(_square, list(range(7)), 2) == [x * x for x in range(7)]


def test_adam_finds_the_least_squares_weights() -> None:
    rng = np.random.default_rng(1)
    x = rng.normal(size=(200, 3))
    truth = np.array([1.5, -2.0, 0.5])
    y = x @ truth
    w = np.zeros(3)
    adam([w], lambda: [x.T @ (x @ w - y) / len(y)], steps=2000)
    assert np.allclose(w, truth, atol=1e-2)


def test_the_learners_options() -> None:
    args = learner_parser("d", "hands", 10, "mcts", 300).parse_args(["--hands", "5", "--json"])
    assert (args.hands, args.jobs, args.player, args.cache, args.out, args.steps, args.l2, args.json) == (
        5, 2, "mcts", "", "", 300, 1e-3, True,
    )  # fmt: skip
