"""``puur bench engine``: full random rounds per second on one core (INTERFACES.md §3).

A round is: deal, contract choice with pushing, random legal play of all 36 cards, Weis, Stöck and the
written score — through ``puur.core.round.random_round`` and ``RoundState.score``, the rules core's own path;
with ``--batch`` through ``puur.core.playout.random_rounds``, the batch API for reinforcement learning (the
compiled playout core where it implements the profile, the core the search player's playouts run
in), 1,000 rounds a call.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from puur.core.profile import RuleProfile
from puur.core.round import random_round


def bench_engine(seconds: float = 5.0, profile: RuleProfile | str | None = None, seed: int = 1) -> dict[str, float]:
    """Play random rounds for ``seconds`` and count them."""
    p = RuleProfile.resolve(profile)
    rng = random.Random(seed)
    for _ in range(50):  # warm the tables and caches
        random_round(p, rng).score()
    n = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(100):
            random_round(p, rng).score()  # the round written: factor, last trick, match (RULES.md §11)
        n += 100
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return {"rounds": n, "seconds": round(elapsed, 3), "rounds_per_s": round(n / elapsed, 1)}


def bench_batch(seconds: float = 5.0, profile: RuleProfile | str | None = None, seed: int = 1) -> dict[str, float]:
    """Play random rounds through ``puur.core.playout.random_rounds``, 1,000 a call, for ``seconds``."""
    from puur.core.playout import random_rounds

    p = RuleProfile.resolve(profile)
    random_rounds(p, 100, seed)  # warm the tables
    n = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        random_rounds(p, 1000, seed, start=n)
        n += 1000
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return {"rounds": n, "seconds": round(elapsed, 3), "rounds_per_s": round(n / elapsed, 1)}


def _seconds(text: str) -> float:
    """``--seconds``: a number of seconds from 0.1 to an hour (not 0, negative, nan or inf)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0.1 <= value <= 3600:  # false for nan
        raise argparse.ArgumentTypeError(f"give 0.1 to 3600 seconds, not {text}")
    return value


def run_bench(args: argparse.Namespace) -> int:
    try:
        result = (bench_batch if args.batch else bench_engine)(args.seconds, args.profile)
    except ValueError as e:
        print(f"puur bench: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['rounds']} rounds in {result['seconds']} s: {result['rounds_per_s']} rounds/s "
              f"(profile {args.profile}, one core{', batch API' if args.batch else ''})")  # fmt: skip
    return 0


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    bench = sub.add_parser("bench", help="benchmarks").add_subparsers(dest="bench_command", required=True)
    eng = bench.add_parser("engine", help="random full rounds per second on one core")
    eng.add_argument("--seconds", type=_seconds, default=5.0, help="how long to play rounds, 0.1 to 3600 (default 5)")
    eng.add_argument("--profile", default="schieber")
    eng.add_argument("--json", action="store_true")
    eng.add_argument("--batch", action="store_true", help="through puur.core.playout.random_rounds (the batch API)")
    eng.set_defaults(handler=run_bench)
