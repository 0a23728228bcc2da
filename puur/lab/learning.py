"""What the scripts that learn the players' models share (``benchmarks/hand_model.py``,
``benchmarks/bidding_model.py``): their command line, labels gathered by shards across processes, and
the full-batch Adam that fits the weights.

Adam is Kingma and Ba's (2015), with their defaults but the step: ``m`` and ``v`` the running means of the
gradient and its square (decays 0.9 and 0.999), corrected for their start at zero. It works on any arrays
with numpy's arithmetic (``numpy`` is the ``rl`` extra; this module does not import it).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from multiprocessing import Pool
from typing import Any, TypeVar

from puur.lab.bench import benchmark_parser

T = TypeVar("T")
R = TypeVar("R")


def learner_parser(doc: str | None, count: str, count_default: int, player: str, steps: int) -> argparse.ArgumentParser:
    """The learners' common options on top of every benchmark's (``benchmark_parser``: the script's docstring
    as ``--help``, ``--json``): ``--COUNT`` (how many games or hands), ``--jobs``, ``--player`` (whose
    decisions are the labels), ``--cache DIR`` (the labels kept in shards), ``--out`` (the weights'
    file), ``--steps`` and ``--l2`` (the fit)."""
    parser = benchmark_parser(doc)
    parser.add_argument(f"--{count}", type=int, default=count_default)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--player", default=player)
    parser.add_argument("--cache", default="")
    parser.add_argument("--out", default="")
    parser.add_argument("--steps", type=int, default=steps)
    parser.add_argument("--l2", type=float, default=1e-3)
    return parser


def gather(task: Callable[[T], R], shards: Sequence[T], jobs: int) -> list[R]:
    """``task`` of each shard, in order: in ``jobs`` processes, or in this one for ``jobs`` 1."""
    if jobs > 1:
        with Pool(jobs) as pool:
            return list(pool.imap(task, shards))
    return [task(s) for s in shards]


def adam(params: list[Any], grads: Callable[[], list[Any]], steps: int, lr: float = 0.05) -> None:
    """Full-batch Adam on ``params`` (numpy arrays, changed in place); ``grads`` returns the gradients at
    their current values."""
    state = [(p * 0.0, p * 0.0) for p in params]
    for step in range(1, steps + 1):
        for param, grad, (m, v) in zip(params, grads(), state, strict=True):
            m *= 0.9
            m += 0.1 * grad
            v *= 0.999
            v += 0.001 * grad * grad
            param -= lr * (m / (1 - 0.9**step)) / ((v / (1 - 0.999**step)) ** 0.5 + 1e-8)


__all__ = ["adam", "gather", "learner_parser"]
