"""The solver's Python search under Slalom and Guschti (docs/contracts-slalom-guschti.md), against the same
positions searched as a trump contract: seconds and positions per solve from a given number of cards played.

    .venv/bin/python benchmarks/slalom_solver.py [--deals 4] [--played 12,4,0] [--json]

Deal ``i`` is ``deal(random.Random(i), 0)`` with seat 1 leading; the cards up to ``--played`` are chosen
by the rollout policy. Each position is solved (``Solver.value``, the value only) under SLO, GUU and H, all
in Python (``compiled=False``), so the columns compare the searches, not the compiled core.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from puur.lab.bench import benchmark_parser, print_result


def measure(deals: int, played: int) -> dict[str, Any]:
    from puur.bots.rollout import choose
    from puur.bots.solver import Solver
    from puur.core.cards import Contract
    from puur.core.profile import RuleProfile
    from puur.core.round import RoundState, deal

    profile = RuleProfile.resolve({"preset": "schieber", "extra_contracts": "slalom_guschti"})
    out: dict[str, Any] = {}
    for contract in (Contract.SLO, Contract.GUU, Contract.H):
        secs, nodes = [], []
        for i in range(deals):
            r = RoundState(profile, deal(random.Random(i), 0), 0, 1)
            r.choose(contract)
            while len(r.tricks) * 4 + len(r.trick) < played:
                r.play(choose(r))
            solver = Solver(r, compiled=False)
            t = time.perf_counter()
            solver.value(r)
            secs.append(time.perf_counter() - t)
            nodes.append(solver.nodes)
        out[contract.name] = {"mean_s": round(statistics.mean(secs), 3), "max_s": round(max(secs), 3),
                              "mean_positions": int(statistics.mean(nodes))}  # fmt: skip
    return out


def main() -> None:
    ap = benchmark_parser(__doc__)
    ap.add_argument("--deals", type=int, default=4)
    ap.add_argument("--played", default="12,4,0", help="cards played before the solve, comma-separated")
    a = ap.parse_args()
    rows = {int(p): measure(a.deals, int(p)) for p in a.played.split(",")}
    print_result(rows, a.json, readable)


def readable(rows: dict[int, dict[str, dict[str, Any]]]) -> str:
    """A table: a line per number of cards played and contract, its mean and max seconds and positions."""
    lines = [f"{'played':>6}  {'contract':>8}  {'mean s':>8}  {'max s':>8}  {'positions':>10}"]
    for p, by in rows.items():
        for c, m in by.items():
            lines.append(f"{p:>6}  {c:>8}  {m['mean_s']:>8}  {m['max_s']:>8}  {m['mean_positions']:>10}")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
