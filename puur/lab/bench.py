"""``puur bench engine``: full random rounds per second on one core (INTERFACES.md §3); ``puur bench env``:
environment steps per second, the PettingZoo environment's or (``--vector``) the vector environment's.

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
from collections.abc import Callable
from typing import Any

from puur.core.profile import RuleProfile
from puur.core.round import random_round


def _rounds_per_second(play: Callable[[int], int], seconds: float) -> dict[str, float]:
    """Call ``play(done)`` (it plays some rounds and says how many) until ``seconds`` have passed; the count."""
    n = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        n += play(n)
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return {"rounds": n, "seconds": round(elapsed, 3), "rounds_per_s": round(n / elapsed, 1)}


def bench_engine(seconds: float = 5.0, profile: RuleProfile | str | None = None, seed: int = 1) -> dict[str, float]:
    """Play random rounds for ``seconds`` and count them."""
    p = RuleProfile.resolve(profile)
    rng = random.Random(seed)
    for _ in range(50):  # warm the tables and caches
        random_round(p, rng).score()

    def hundred(_: int) -> int:
        for _ in range(100):
            random_round(p, rng).score()  # the round written: factor, last trick, match (RULES.md §11)
        return 100

    return _rounds_per_second(hundred, seconds)


def bench_batch(seconds: float = 5.0, profile: RuleProfile | str | None = None, seed: int = 1) -> dict[str, float]:
    """Play random rounds through ``puur.core.playout.random_rounds``, 1,000 a call, for ``seconds``."""
    from puur.core.playout import random_rounds

    p = RuleProfile.resolve(profile)
    random_rounds(p, 100, seed)  # warm the tables

    def thousand(done: int) -> int:
        random_rounds(p, 1000, seed, start=done)
        return 1000

    return _rounds_per_second(thousand, seconds)


def random_match_steps(env: Any, rng: random.Random, deadline: float | None = None) -> int:
    """Step the PettingZoo environment ``env`` from where it stands to the end of its match, every agent
    taking a uniformly random legal action (from the ``action_mask`` of ``env.last()``); the steps taken.
    With ``deadline`` (a ``time.perf_counter()`` value, looked at every 256 steps) it stops there instead, the
    match unfinished, so that a timed run ends on time whatever the match's length."""
    import numpy as np

    steps = 0
    for _agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        steps += 1
        if deadline is not None and steps % 256 == 0 and time.perf_counter() >= deadline:
            break
    return steps


def bench_env(seconds: float = 5.0, profile: RuleProfile | str | None = None, seed: int = 1) -> dict[str, Any]:
    """Steps of the PettingZoo environment (``puur.env.env``), uniformly random legal actions, whole
    matches: a step is ``last()`` (the acting seat's encoded observation and mask) and ``step``."""
    import puur.env

    env = puur.env.env(RuleProfile.resolve(profile))
    rng = random.Random(seed)
    env.reset(seed=seed)
    steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        steps += random_match_steps(env, rng, deadline)
        env.reset()
    elapsed = time.perf_counter() - start
    return {"env": "pettingzoo", "steps": steps, "seconds": round(elapsed, 3), "steps_per_s": round(steps / elapsed, 1)}


def bench_vector(
    seconds: float = 5.0, profile: RuleProfile | str | None = None, seed: int = 1, tables: int = 1024
) -> dict[str, Any]:
    """Steps of ``puur.env.vector.VectorEnv``: ``tables`` tables, a uniformly random legal action at each
    (from the mask), every step's observations encoded into one array; a step is one table's action."""
    import numpy as np

    from puur.env.vector import VectorEnv, random_actions

    env = VectorEnv(tables, RuleProfile.resolve(profile), seed=seed)
    rng = np.random.default_rng(seed)
    _, mask = env.reset()
    calls = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        _, mask, _, _ = env.step(random_actions(mask, rng))
        calls += 1
    elapsed = time.perf_counter() - start
    steps = calls * tables
    return {"env": "vector", "tables": tables, "steps": steps, "seconds": round(elapsed, 3), "steps_per_s": round(steps / elapsed, 1)}


def benchmark_parser(doc: str | None) -> argparse.ArgumentParser:
    """The command line every script in ``benchmarks/`` starts from: its ``--help`` shows the script's module
    docstring whole, line breaks kept (the docstring is the benchmark's manual: what it measures, how, and the
    usage lines BENCHMARKS.md's commands follow), and the ``--json`` flag each benchmark takes, so that a
    script or a person comparing runs reads any of them the same way."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true", help="print the result as one line of JSON")
    return parser


def arena_parser(doc: str | None, a: str, deals: int) -> argparse.ArgumentParser:
    """A benchmark's command line for an arena (``puur.lab.arena``) of ``--a`` against ``--b`` on ``--deals``
    duplicate deals of ``--seed``: the options ``puur arena`` takes for the same players and deals, so that a
    deal a benchmark reports replays there; ``a`` and ``deals`` are the script's defaults."""
    parser = benchmark_parser(doc)
    parser.add_argument("--a", default=a, help=f"player A, a spec (default {a})")
    parser.add_argument("--b", default="heuristic", help="player B, a spec (default heuristic)")
    parser.add_argument("--deals", type=int, default=deals, help=f"duplicate deals, each played twice (default {deals})")
    parser.add_argument("--seed", type=int, default=1, help="the arena's seed: which deals (default 1)")
    return parser


def print_result(result: Any, as_json: bool, text: Callable[[Any], str] | None = None) -> None:
    """Print a benchmark's result: with ``as_json`` one line of JSON (what a script reads, one run a line);
    else ``text(result)``, the script's readable form where it has one, or the JSON indented by 2 (the same
    keys as a person reads them)."""
    if as_json:
        print(json.dumps(result), flush=True)
    elif text is not None:
        print(text(result), flush=True)
    else:
        print(json.dumps(result, indent=2), flush=True)


def _measured(measure: Callable[[], dict[str, Any]], as_json: bool, line: Callable[[dict[str, Any]], str]) -> int:
    """Run one measurement and print it: one JSON object with ``--json`` (what scripts read), else one line.
    A profile or setting it cannot measure is exit status 2 with the reason, never a traceback."""
    try:
        result = measure()
    except (ValueError, ImportError) as e:
        print(f"puur bench: {e}", file=sys.stderr)
        return 2
    print_result(result, as_json, line)
    return 0


def run_bench_env(args: argparse.Namespace) -> int:
    def measure() -> dict[str, Any]:
        if args.vector:
            return bench_vector(args.seconds, args.profile, tables=args.tables)
        return bench_env(args.seconds, args.profile)

    def line(r: dict[str, Any]) -> str:
        return (f"{r['steps']} steps in {r['seconds']} s: {r['steps_per_s']} steps/s "
                f"({r['env']} environment, profile {args.profile}, one process)")  # fmt: skip

    return _measured(measure, args.json, line)


def _bounded(cast: type[int] | type[float], what: str, low: float, high: float) -> Callable[[str], float]:
    """An argparse type: a number of ``what`` from ``low`` to ``high`` (never nan or inf)."""

    def parse(text: str) -> float:
        try:
            value = cast(text)
        except ValueError:
            kind = "whole number" if cast is int else "number"
            raise argparse.ArgumentTypeError(f"not a {kind} of {what}: {text!r}") from None
        if not low <= value <= high:  # false for nan
            raise argparse.ArgumentTypeError(f"give {low:g} to {high:g} {what}, not {text}")
        return value

    return parse


_tables = _bounded(int, "tables", 1, 65_536)
"""``--tables``: 1 to 65,536 tables."""
_seconds = _bounded(float, "seconds", 0.1, 3600)
"""``--seconds``: a number of seconds from 0.1 to an hour (not 0, negative, nan or inf)."""


def run_bench(args: argparse.Namespace) -> int:
    bench = bench_batch if args.batch else bench_engine

    def line(r: dict[str, Any]) -> str:
        return (f"{r['rounds']} rounds in {r['seconds']} s: {r['rounds_per_s']} rounds/s "
                f"(profile {args.profile}, one core{', batch API' if args.batch else ''})")  # fmt: skip

    return _measured(lambda: bench(args.seconds, args.profile), args.json, line)


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    bench = sub.add_parser("bench", help="benchmarks").add_subparsers(dest="bench_command", required=True)
    eng = bench.add_parser("engine", help="random full rounds per second on one core")
    eng.add_argument("--seconds", type=_seconds, default=5.0, help="how long to play rounds, 0.1 to 3600 (default 5)")
    eng.add_argument("--profile", default="schieber")
    eng.add_argument("--json", action="store_true")
    eng.add_argument("--batch", action="store_true", help="through puur.core.playout.random_rounds (the batch API)")
    eng.set_defaults(handler=run_bench)
    env = bench.add_parser("env", help="environment steps per second, random legal actions, the encoding included")
    env.add_argument("--seconds", type=_seconds, default=5.0, help="how long to step, 0.1 to 3600 (default 5)")
    env.add_argument("--profile", default="schieber")
    env.add_argument("--json", action="store_true")
    env.add_argument("--vector", action="store_true", help="the vector environment (puur.env.vector), many tables a step")
    env.add_argument("--tables", type=_tables, default=1024, help="tables of the vector environment (default 1024)")
    env.set_defaults(handler=run_bench_env)
