"""The Ray backend of ``puur arena``: its speed-up with 2 workers against 1, and its equality with the
local backend, deal for deal.

    .venv/bin/python benchmarks/ray_arena.py [--a mcts:iters=60,citers=180] [--b heuristic] [--deals 10] [--seed 1]

Plays the same duplicate deals three times: the local backend in this process, then as Ray tasks on a
local Ray started with 1 CPU and with 2 CPUs (``ray.init(num_cpus=N)``, one task per CPU at a time). The
times are from the first deal submitted to the last result (Ray's start, some seconds, is left out and
printed apart). Use players with a playout budget (``iters``), not a clock, so every run plays the same
cards: the script fails when a backend's deals differ from the local ones.
"""

from __future__ import annotations

import time

import ray

from puur.lab.arena import Arena, play_arena
from puur.lab.bench import arena_parser, print_result


def main() -> None:
    ap = arena_parser(__doc__, "mcts:iters=60,citers=180", 10)
    args = ap.parse_args()
    start = time.perf_counter()
    local = play_arena(Arena(args.a, args.b, args.deals, seed=args.seed))
    out: dict[str, object] = {"a": args.a, "b": args.b, "deals": args.deals, "local_s": round(time.perf_counter() - start, 2)}
    for cpus in (1, 2):
        t0 = time.perf_counter()
        ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
        t1 = time.perf_counter()
        result = play_arena(Arena(args.a, args.b, args.deals, seed=args.seed, backend="ray"))
        t2 = time.perf_counter()
        ray.shutdown()
        if result.deals != local.deals:
            raise SystemExit(f"ray with {cpus} CPU(s) gave other results than the local backend")
        out[f"ray{cpus}_start_s"] = round(t1 - t0, 2)
        out[f"ray{cpus}_s"] = round(t2 - t1, 2)
    out["speedup_2_vs_1"] = round(float(out["ray1_s"]) / float(out["ray2_s"]), 2)  # type: ignore[arg-type]
    out["identical_to_local"] = True
    print_result(out, args.json)


if __name__ == "__main__":
    main()
