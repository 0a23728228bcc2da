"""`make soak`: 10,000 random rounds per preset through whole matches, every invariant checked.

    .venv/bin/python benchmarks/soak.py [--rounds 10000] [--json]

Checks per round and match (puur/lab/soak.py): 152/157, the written score against the oracle, no hidden
card in any observation, determinized deals consistent with the view, records replaying exactly.
Then ``soak_playout``: the random batches of ``puur.core.playout`` by both paths, the compiled
core and ``python_round``, every round equal, scored as the oracle scores it and replayed through
``RoundState`` (``--playout-rounds`` per preset; 0 skips it). Then ``soak_policy``: the search's
playout policy compiled (``policy_score``) against ``choose`` played through ``RoundState``, card for
card and score for score, from random positions (``--policy-positions`` per preset; 0 skips it). Then
``soak_solver``: the solver's compiled core against the Python search from random positions with two to
five tricks left, the same card, points and positions searched (``--solver-positions`` per preset).

A table per check, a line per preset as each is done; with ``--json`` a line of JSON per preset instead
(``soak``, ``preset`` and the check's figures). A broken invariant stops the run with the seed that shows it.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from puur.core.profile import PRESETS
from puur.lab.bench import benchmark_parser, print_result
from puur.lab.soak import soak, soak_playout, soak_policy, soak_solver

Figures = dict[str, Any]
"""One preset's line of a check: ``soak`` (which check), ``preset`` and the check's stats."""


def main() -> None:
    ap = benchmark_parser(__doc__)
    ap.add_argument("--rounds", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=50_000)
    ap.add_argument("--playout-rounds", type=int, default=10_000)
    ap.add_argument("--policy-positions", type=int, default=10_000)
    ap.add_argument("--solver-positions", type=int, default=2_000)
    ap.add_argument("--matches", action=argparse.BooleanOptionalAction, default=True, help="the match soak")
    args = ap.parse_args()
    if args.matches:
        presets = [(p, p) for p in PRESETS]
        check("match", presets, lambda p: soak(p, args.rounds, seed=args.seed), MATCH, match_line, args.json)
    # the presets, and Slalom and Guschti (``extra_contracts``, off in every preset) on the default table
    extra = {"preset": "schieber", "extra_contracts": "slalom_guschti"}
    profiles: list[tuple[str, Any]] = [*((p, p) for p in PRESETS), ("+slalom", extra)]
    if args.playout_rounds:
        n = args.playout_rounds
        check("playout", profiles, lambda p: soak_playout(p, n, seed=args.seed), PLAYOUT, playout_line, args.json)
    if args.policy_positions:
        n = args.policy_positions
        check("policy", profiles, lambda p: soak_policy(p, n, seed=args.seed), POLICY, policy_line, args.json)
    if args.solver_positions:
        n = args.solver_positions
        check("solver", profiles, lambda p: soak_solver(p, n, seed=args.seed), SOLVER, solver_line, args.json)
    if not args.json:
        print("all invariants held")


def check(
    name: str, profiles: list[tuple[str, Any]], run: Callable[[Any], Any], header: str,
    line: Callable[[Figures], str], as_json: bool,
) -> None:  # fmt: skip
    """Run one check preset by preset, printing each preset's figures as it is done (a check takes minutes):
    under its table's ``header``, or one line of JSON each with ``--json``."""
    if not as_json:
        print(header, flush=True)
    for preset, profile in profiles:
        print_result({"soak": name, "preset": preset, **asdict(run(profile))}, as_json, line)


MATCH = f"{'preset':<10} {'matches':>7} {'rounds':>7} {'actions':>8} {'observations':>12} {'determinized':>12} {'max record':>10} {'seconds':>8}"
PLAYOUT = f"{'preset':<10} {'batch rounds':>12} {'compiled':>8} {'compiled s':>10} {'python s':>8}"
POLICY = f"{'preset':<10} {'positions':>9} {'decisions':>9} {'compiled':>8} {'seconds':>8}"
SOLVER = f"{'preset':<10} {'positions':>9} {'searched':>9} {'compiled':>8} {'seconds':>8}"


def match_line(s: Figures) -> str:
    """A preset's matches: rounds, actions, observations and deals checked, its largest record."""
    return (
        f"{s['preset']:<10} {s['matches']:>7} {s['rounds']:>7} {s['actions']:>8} {s['observations']:>12} "
        f"{s['determinizations']:>12} {s['max_record_bytes']:>9}B {s['seconds']:>8.1f}"
    )


def playout_line(s: Figures) -> str:
    """A preset's random batches: rounds, whether the compiled core played them, both paths' seconds."""
    return f"{s['preset']:<10} {s['rounds']:>12} {s['compiled']!s:>8} {s['seconds_compiled']:>10.3f} {s['seconds_python']:>8.1f}"


def policy_line(s: Figures) -> str:
    """A preset's policy positions: decisions compared, whether the compiled policy played them."""
    return f"{s['preset']:<10} {s['positions']:>9} {s['decisions']:>9} {s['compiled']!s:>8} {s['seconds']:>8.1f}"


def solver_line(s: Figures) -> str:
    """A preset's solver positions: positions searched, whether the compiled core searched them."""
    return f"{s['preset']:<10} {s['positions']:>9} {s['nodes']:>9} {s['compiled']!s:>8} {s['seconds']:>8.1f}"


if __name__ == "__main__":
    main()
