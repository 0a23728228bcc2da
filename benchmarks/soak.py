"""`make soak`: 10,000 random rounds per preset through whole matches, every invariant checked.

    .venv/bin/python benchmarks/soak.py [--rounds 10000]

Checks per round and match (puur/lab/soak.py): 152/157, the written score against the oracle, no hidden
card in any observation, determinized deals consistent with the view, records replaying exactly.
Then ``soak_playout``: the random batches of ``puur.core.playout`` by both paths, the compiled
core and ``python_round``, every round equal, scored as the oracle scores it and replayed through
``RoundState`` (``--playout-rounds`` per preset; 0 skips it). Then ``soak_policy``: the search's
playout policy compiled (``policy_score``) against ``choose`` played through ``RoundState``, card for
card and score for score, from random positions (``--policy-positions`` per preset; 0 skips it). Then
``soak_solver``: the solver's compiled core against the Python search from random positions with two to
five tricks left, the same card, points and positions searched (``--solver-positions`` per preset).
"""

from __future__ import annotations

import argparse

from puur.core.profile import PRESETS
from puur.lab.soak import soak, soak_playout, soak_policy, soak_solver


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=50_000)
    ap.add_argument("--playout-rounds", type=int, default=10_000)
    ap.add_argument("--policy-positions", type=int, default=10_000)
    ap.add_argument("--solver-positions", type=int, default=2_000)
    ap.add_argument("--matches", action=argparse.BooleanOptionalAction, default=True, help="the match soak")
    args = ap.parse_args()
    if args.matches:
        match_soak(args)
    # the presets, and Slalom and Guschti (``extra_contracts``, off in every preset) on the default table
    extra = {"preset": "schieber", "extra_contracts": "slalom_guschti"}
    profiles = [*((p, p) for p in PRESETS), ("+slalom", extra)]
    if args.playout_rounds:
        print(f"{'preset':<10} {'batch rounds':>12} {'compiled':>8} {'compiled s':>10} {'python s':>8}")
        for name, spec in profiles:
            ps = soak_playout(spec, args.playout_rounds, seed=args.seed)
            print(f"{name:<10} {ps.rounds:>12} {ps.compiled!s:>8} {ps.seconds_compiled:>10.3f} {ps.seconds_python:>8.1f}")
    if args.policy_positions:
        print(f"{'preset':<10} {'positions':>9} {'decisions':>9} {'compiled':>8} {'seconds':>8}")
        for name, spec in profiles:
            pol = soak_policy(spec, args.policy_positions, seed=args.seed)
            print(f"{name:<10} {pol.positions:>9} {pol.decisions:>9} {pol.compiled!s:>8} {pol.seconds:>8.1f}")
    if args.solver_positions:
        print(f"{'preset':<10} {'positions':>9} {'searched':>9} {'compiled':>8} {'seconds':>8}")
        for name, spec in profiles:
            sol = soak_solver(spec, args.solver_positions, seed=args.seed)
            print(f"{name:<10} {sol.positions:>9} {sol.nodes:>9} {sol.compiled!s:>8} {sol.seconds:>8.1f}")
    print("all invariants held")


def match_soak(args: argparse.Namespace) -> None:
    print(f"{'preset':<10} {'matches':>7} {'rounds':>7} {'actions':>8} {'observations':>12} {'determinized':>12} {'max record':>10} {'seconds':>8}")
    for preset in PRESETS:
        s = soak(preset, args.rounds, seed=args.seed)
        print(
            f"{preset:<10} {s.matches:>7} {s.rounds:>7} {s.actions:>8} {s.observations:>12} {s.determinizations:>12}"
            f" {s.max_record_bytes:>9}B {s.seconds:>8.1f}"
        )


if __name__ == "__main__":
    main()
