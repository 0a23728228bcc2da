"""Steps per second of the environments with random legal actions.

    .venv/bin/python benchmarks/env_speed.py [--seconds 10] [--profile schieber] [--json]

AEC: ``puur.env.env(profile)``, every agent in turn takes a uniformly random legal action (from the
``action_mask`` of ``env.last()``), whole matches to the target, ``env.reset`` after each; a step is one
``env.step`` of the acting agent (``last()`` and its encoded observation included). Gymnasium:
``SingleSeatEnv(opponents="random")``, a step is the learner's ``step`` (the three random seats acting
in between included). One process, one core.
"""

from __future__ import annotations

import random
import time
from typing import Any

import numpy as np

import puur.env
from puur.lab.bench import benchmark_parser, print_result, random_match_steps


def aec_steps(profile: str, seconds: float, seed: int) -> dict[str, Any]:
    env = puur.env.env(profile)
    rng = random.Random(seed)
    env.reset(seed=seed)
    steps = episodes = 0
    start = time.perf_counter()
    while True:
        steps += random_match_steps(env, rng)
        episodes += 1
        if time.perf_counter() - start >= seconds:
            break
        env.reset()
    t = time.perf_counter() - start
    return {"env": "aec", "steps": steps, "matches": episodes, "seconds": round(t, 2), "steps_per_s": round(steps / t, 1)}


def gym_steps(profile: str, seconds: float, seed: int) -> dict[str, Any]:
    env = puur.env.SingleSeatEnv(profile, opponents="random")
    rng = random.Random(seed)
    obs, _ = env.reset(seed=seed)
    steps = episodes = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        obs, _, done, _, _ = env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        steps += 1
        if done:
            episodes += 1
            obs, _ = env.reset()
    t = time.perf_counter() - start
    return {"env": "gymnasium", "steps": steps, "matches": episodes, "seconds": round(t, 2), "steps_per_s": round(steps / t, 1)}


def main() -> None:
    ap = benchmark_parser(__doc__)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--profile", default="schieber")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    results = [aec_steps(args.profile, args.seconds, args.seed), gym_steps(args.profile, args.seconds, args.seed)]
    for r in results:
        print_result(r, args.json, readable)


def readable(r: dict[str, Any]) -> str:
    """One environment's line: steps per second, and the steps, matches and seconds behind it."""
    return f"{r['env']:>10}: {r['steps_per_s']:>8.1f} steps/s ({r['steps']} steps, {r['matches']} matches, {r['seconds']} s)"


if __name__ == "__main__":
    main()
