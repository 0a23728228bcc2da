"""Solver timings: the median (and max) seconds to solve a round from trick 4 and from trick 1, one core.

    .venv/bin/python benchmarks/solver.py [--deals 20] [--jobs 1] [--limit 300] [--python] [--in-process] [--json]

``--python``: time the Python search instead of the compiled core (the same tree, node for node).
``--in-process``: solve the deals one after another in this process (no limit), as a server or a player
does: the solver's pooled cores and their legal-move memos carry over from deal to deal.
``median_cpu_s``: the median of the solving process's CPU time (``time.process_time``), which a machine
shared with other work inflates less than the wall-clock ``median_s`` (a deal over the limit counts as the
limit in both).

Deal i: ``random.Random(i)``, dealer 0, contract ``Contract(i % 6)``; play to the start of the trick with
the rollout policy, then time ``solve``. Each deal runs in its own process (``--jobs`` at a time); a deal
still running ``--limit`` seconds after its process started is stopped and reported as the limit (and
counted in ``over_limit``).
``over_10_s``: the deals that took more than 10 s of CPU (the bound set for the slowest; a deal over
the limit counts). ``median_nodes_solved``: the median of the positions searched (``SolveResult.nodes``)
over the deals solved within the limit.
"""

from __future__ import annotations

import multiprocessing
import random
import statistics
import time
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

from puur.lab.bench import benchmark_parser, print_result


def one(args: tuple[int, int, bool]) -> tuple[float, int, float]:
    from puur.bots.rollout import choose
    from puur.bots.solver import solve
    from puur.core.cards import Contract
    from puur.core.profile import RuleProfile
    from puur.core.round import RoundState, deal

    i, trick, compiled = args
    r = RoundState(RuleProfile.preset("schieber"), deal(random.Random(i), 0), 0, 1)
    r.choose(Contract(i % 6))
    while len(r.tricks) < trick - 1:
        r.play(choose(r))
    t, cpu = time.perf_counter(), time.process_time()
    nodes = solve(r, compiled=compiled).nodes
    return time.perf_counter() - t, nodes, time.process_time() - cpu


def _worker(conn: Connection, args: tuple[int, int, bool]) -> None:
    conn.send(one(args))
    conn.close()


def measure(trick: int, deals: int, jobs: int, limit: float, compiled: bool = True) -> dict[str, object]:
    """Each deal in its own process, ``jobs`` at a time; one still running ``limit`` seconds after its
    process started is stopped and counted as the limit."""
    ctx = multiprocessing.get_context()
    times: list[float] = []
    nodes: list[int] = []
    cpus: list[float] = []
    over = 0
    waiting = list(range(deals))
    running: dict[int, tuple[BaseProcess, Connection, float]] = {}
    while waiting or running:
        while waiting and len(running) < jobs:
            i = waiting.pop(0)
            recv, send = ctx.Pipe(duplex=False)
            proc = ctx.Process(target=_worker, args=(send, (i, trick, compiled)))
            proc.start()
            send.close()
            running[i] = (proc, recv, time.perf_counter())
        time.sleep(0.01)
        for i, (worker, recv, started) in list(running.items()):
            if recv.poll():
                seconds, n, cpu = recv.recv()
                times.append(seconds)
                nodes.append(n)
                cpus.append(cpu)
            elif time.perf_counter() - started > limit:
                worker.terminate()
                times.append(limit)
                cpus.append(limit)  # for the median: above the deals solved (it took at least this long)
                over += 1
            else:
                continue
            worker.join()
            del running[i]
    return _summary(trick, deals, compiled, times, nodes, cpus, over)


def measure_in_process(trick: int, deals: int, compiled: bool = True) -> dict[str, object]:
    """The deals solved one after another in this process (no limit)."""
    runs = [one((i, trick, compiled)) for i in range(deals)]
    return _summary(trick, deals, compiled, [t for t, _, _ in runs], [n for _, n, _ in runs],
                    [c for _, _, c in runs], 0) | {"in_process": True}  # fmt: skip


def _summary(
    trick: int, deals: int, compiled: bool, times: list[float], nodes: list[int], cpus: list[float], over: int
) -> dict[str, object]:
    return {"from_trick": trick, "deals": deals, "search": "compiled" if compiled else "python", "median_s": round(statistics.median(times), 4),
            "max_s": round(max(times), 3), "median_cpu_s": round(statistics.median(cpus), 4) if cpus else None,
            "over_limit": over, "over_10_s": sum(t > 10 for t in cpus),
            "median_nodes_solved": int(statistics.median(nodes)) if nodes else None}  # fmt: skip


def main() -> None:
    ap = benchmark_parser(__doc__)
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--limit", type=float, default=300.0)
    ap.add_argument("--tricks", default="4,1")
    ap.add_argument("--python", action="store_true", help="the Python search instead of the compiled core")
    ap.add_argument("--in-process", action="store_true", help="one process, deal after deal, no limit")
    a = ap.parse_args()
    out = [
        measure_in_process(int(t), a.deals, not a.python) if a.in_process
        else measure(int(t), a.deals, a.jobs, a.limit, not a.python)
        for t in a.tricks.split(",")
    ]  # fmt: skip
    print_result(out, a.json)


if __name__ == "__main__":
    main()
