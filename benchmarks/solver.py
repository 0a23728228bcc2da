"""Solver timings: the median (and max) seconds to solve a round from trick 4 and from trick 1, one core.

    .venv/bin/python benchmarks/solver.py [--deals 20] [--jobs 1] [--limit 300] [--json]

Deal i: ``random.Random(i)``, dealer 0, contract ``Contract(i % 6)``; play to the start of the trick with
the rollout policy, then time ``solve``. Each deal runs in its own process (``--jobs`` at a time); a deal
that exceeds ``--limit`` seconds is reported as the limit (and counted in ``over_limit``).
``median_nodes_solved``: the median of the positions searched (``SolveResult.nodes``) over the deals
solved within the limit.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import time


def one(args: tuple[int, int]) -> tuple[float, int]:
    from puur.bots.rollout import choose
    from puur.bots.solver import solve
    from puur.cards import Contract
    from puur.profile import RuleProfile
    from puur.round import RoundState, deal

    i, trick = args
    r = RoundState(RuleProfile.preset("schieber"), deal(random.Random(i), 0), 0, 1)
    r.choose(Contract(i % 6))
    while len(r.tricks) < trick - 1:
        r.play(choose(r))
    t = time.perf_counter()
    nodes = solve(r).nodes
    return time.perf_counter() - t, nodes


def measure(trick: int, deals: int, jobs: int, limit: float) -> dict[str, object]:
    times: list[float] = []
    nodes: list[int] = []
    over = 0
    with multiprocessing.Pool(jobs, maxtasksperchild=1) as pool:
        pending = [pool.apply_async(one, ((i, trick),)) for i in range(deals)]
        start = time.perf_counter()
        for p in pending:
            left = max(0.1, limit - (time.perf_counter() - start) if jobs >= deals else limit)
            try:
                seconds, n = p.get(timeout=left)
                times.append(seconds)
                nodes.append(n)
            except multiprocessing.TimeoutError:
                times.append(limit)
                over += 1
    return {"from_trick": trick, "deals": deals, "median_s": round(statistics.median(times), 3),
            "max_s": round(max(times), 3), "over_limit": over,
            "median_nodes_solved": int(statistics.median(nodes)) if nodes else None}  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--limit", type=float, default=300.0)
    ap.add_argument("--tricks", default="4,1")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    out = [measure(int(t), a.deals, a.jobs, a.limit) for t in a.tricks.split(",")]
    print(json.dumps(out) if a.json else "\n".join(str(o) for o in out))


if __name__ == "__main__":
    main()
