"""Strength of the computer players in Coiffeur and Differenzler, for BENCHMARKS.md: the search
player against the heuristic, as ``puur arena --form`` plays it (``puur.lab.form_arena``: paired matches in
Coiffeur, paired rounds in Differenzler), with a time budget so the run fits a shared machine.

    .venv/bin/python benchmarks/forms.py coiffeur --deals 12 --search mcts:level=easy --jobs 2 --budget 170
    .venv/bin/python benchmarks/forms.py differenzler --deals 500 --search mcts:level=easy --jobs 2 --budget 170
"""

from __future__ import annotations

from puur.lab.bench import benchmark_parser, print_result
from puur.lab.form_arena import run_form_arena


def main() -> None:
    ap = benchmark_parser(__doc__)
    ap.add_argument("form", choices=("coiffeur", "differenzler"))
    ap.add_argument("--search", default="mcts:level=easy", help="the search player (default mcts:level=easy)")
    ap.add_argument("--against", default="heuristic")
    ap.add_argument("--deals", type=int, default=500, help="seeds: pairs of Coiffeur matches, or Differenzler rounds")
    ap.add_argument("--columns", type=int, default=8, choices=(8, 10))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--budget", type=float, default=0.0, help="stop handing out seeds after this many seconds (0: none)")
    a = ap.parse_args()
    print_result(run_form_arena(a.form, a.search, a.against, a.deals, a.seed, a.jobs, a.columns, a.budget), a.json)


if __name__ == "__main__":
    main()
