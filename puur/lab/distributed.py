"""Where the deals of ``puur arena`` and ``puur selfplay`` run: worker processes here, or Ray tasks.

``map_tasks(fn, tasks, backend=..., jobs=..., address=...)`` yields ``fn(task)`` for every task, in the
order of the tasks, whichever backend plays them:

* ``local``: in this process (``jobs=1``) or a pool of ``jobs`` worker processes (``multiprocessing``);
* ``ray``: each task a Ray task (``pip install 'puur[ray]'``). Without an address a local Ray with
  ``jobs`` CPUs is started for the command and stopped after it; with ``address`` (``ray://host:10001`` or
  ``host:6379``, or ``auto``) the tasks go to that cluster, whose nodes must have Puur (and any player a
  spec names, ``package.module:Class``) installed. A Ray already initialised in this process (a test's
  session) is used as it is.

Every task is a pure function of its arguments (each deal's cards and players are seeded from the run's
seed and the deal's index), so the backends give identical results, deal for deal, for players that
repeat themselves given a seed (a clock-bounded search, such as the safety time limit of ``mcts``'s levels,
may stop at another point on a loaded machine; ``mcts:iters=N`` does not).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

BACKENDS = ("local", "ray")


def check_backend(backend: str, address: str | None = None) -> None:
    """``ValueError`` for an unknown backend, an address without Ray, or Ray not installed."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}: use local or ray")
    if address is not None and backend != "ray":
        raise ValueError("--address is for --backend ray")
    if backend == "ray":
        ray_module()


def ray_module() -> Any:
    """The ``ray`` module, or ``ValueError`` saying how to install it."""
    try:
        import ray
    except ImportError:
        raise ValueError("the ray backend needs Ray: pip install 'puur[ray]'") from None
    return ray


def start_ray(jobs: int, address: str | None = None) -> bool:
    """Connect to ``address``, or start a local Ray with ``jobs`` CPUs; False when one was already running
    in this process (then it is left as it is)."""
    ray = ray_module()
    if ray.is_initialized():
        return False
    if address is not None:
        ray.init(address=address, log_to_driver=False)
    else:
        ray.init(num_cpus=max(1, jobs), include_dashboard=False, log_to_driver=False)
    return True


def map_tasks(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    *,
    backend: str = "local",
    jobs: int = 1,
    address: str | None = None,
) -> Iterator[R]:
    """``fn(task)`` for each task, in order (see the module docstring)."""
    check_backend(backend, address)
    if backend == "ray":
        yield from _ray_map(fn, tasks, jobs, address)
        return
    if jobs <= 1 or len(tasks) <= 1:
        for t in tasks:
            yield fn(t)
        return
    ctx = multiprocessing.get_context()
    with ctx.Pool(jobs) as pool:
        yield from pool.imap(fn, tasks, chunksize=1)


def _ray_map(fn: Callable[[T], R], tasks: Sequence[T], jobs: int, address: str | None) -> Iterator[R]:
    ray = ray_module()
    started = start_ray(jobs, address)
    try:
        remote = ray.remote(num_cpus=1, max_retries=2)(fn)
        refs = [remote.remote(t) for t in tasks]
        for ref in refs:
            yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()


__all__ = ["BACKENDS", "check_backend", "map_tasks", "start_ray"]
