"""``puur arena --form coiffeur|differenzler``: player A against player B in a game form (docs/forms.md).

* Coiffeur, paired matches: each seed deals the same cards in both matches of a pair (the deals come from
  the seed alone); A holds seats 0 and 2 in one and seats 1 and 3 in the other, B the rest. Reported: A's
  share of the matches (a tie counts half) with a 95% Wilson interval, and A's share of the pairs.
* Differenzler, paired rounds: each seed is one round (``rounds=1``); A sits at seat ``seed % 4`` against
  three Bs, and the same deal is played again with B in that seat. Reported: that seat's mean penalty per
  round under A and under B, with 95% intervals, the paired difference and A's reduction.

``--deals`` is the number of seeds (pairs of matches, or rounds). ``benchmarks/forms.py`` runs the same for
BENCHMARKS.md.
"""

from __future__ import annotations

import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from puur.bots import make_player
from puur.bots.runner import play_computers
from puur.match.game import Game


def coiffeur_pair(args: tuple[str, str, int, int]) -> tuple[float, float]:
    """A's result in the two matches of one seed (1 win, 0.5 tie, 0 loss): A on team 0, then on team 1."""
    a, b, seed, columns = args
    out = []
    for team_a in (0, 1):
        game = Game("schieber", seed=seed, form="coiffeur", columns=columns)
        players = {s: make_player(a if s % 2 == team_a else b, seed=seed * 10 + s) for s in range(4)}
        play_computers(game, players)
        w = game.winner
        out.append(0.5 if w is None else float(w == team_a))
    return out[0], out[1]


def differenzler_round(args: tuple[str, str, int]) -> tuple[int, int]:
    """The penalty of seat ``seed % 4`` in one round played by A, and the same round played by B."""
    a, b, seed = args
    seat = seed % 4
    out = []
    for spec in (a, b):
        game = Game("schieber", seed=seed, form="differenzler", rounds=1)
        players = {s: make_player(spec if s == seat else b, seed=seed * 10 + s) for s in range(4)}
        play_computers(game, players)
        res = game.result()
        assert res is not None
        out.append(int(res["penalties"][seat]))
    return out[0], out[1]


def wilson(k: float, n: int) -> tuple[float, float]:
    """95% Wilson interval of a rate ``k / n``."""
    if n == 0:
        return (0.0, 1.0)
    p, z = k / n, 1.96
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (c - h, c + h)


def mean_ci(xs: list[int]) -> dict[str, float]:
    """Mean with a 95% normal interval."""
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return {"mean": round(m, 2), "low": round(m - half, 2), "high": round(m + half, 2)}


def run_form_arena(form: str, a: str, b: str, deals: int, seed: int = 0, jobs: int = 1, columns: int = 8,
                   budget: float = 0.0) -> dict[str, Any]:
    """Play ``deals`` seeds of ``form`` (see the module docstring); ``budget`` seconds (0: none) stops handing
    out seeds once spent, and the result says how many were played."""
    start = time.perf_counter()
    out: dict[str, Any] = {"form": form, "a": a, "b": b}
    with ProcessPoolExecutor(jobs) as pool:
        if form == "coiffeur":
            pairs: list[tuple[float, float]] = []
            for r in pool.map(coiffeur_pair, [(a, b, seed + i, columns) for i in range(deals)]):
                pairs.append(r)
                if budget and time.perf_counter() - start > budget:
                    pool.shutdown(cancel_futures=True)
                    break
            matches = [x for p in pairs for x in p]
            lo, hi = wilson(sum(matches), len(matches))
            pair_score = sum(1.0 if p == (1.0, 1.0) else 0.0 if p == (0.0, 0.0) else 0.5 for p in pairs)
            out.update({"columns": columns, "pairs": len(pairs), "matches": len(matches),
                        "a_match_rate": round(sum(matches) / len(matches), 3), "ci95": [round(lo, 3), round(hi, 3)],
                        "a_pair_score": round(pair_score / len(pairs), 3)})  # fmt: skip
        else:
            pens: list[tuple[int, int]] = []
            for r2 in pool.map(differenzler_round, [(a, b, seed + i) for i in range(deals)], chunksize=4):
                pens.append(r2)
                if budget and time.perf_counter() - start > budget:
                    pool.shutdown(cancel_futures=True)
                    break
            pa, pb = [p[0] for p in pens], [p[1] for p in pens]
            out.update({"rounds": len(pens), "a_penalty": mean_ci(pa), "b_penalty": mean_ci(pb),
                        "a_reduction": round(1 - statistics.fmean(pa) / statistics.fmean(pb), 3),
                        "paired_difference_b_minus_a": mean_ci([y - x for x, y in pens])})  # fmt: skip
    out["seconds"] = round(time.perf_counter() - start, 1)
    return out


def cli(args: Any) -> int:
    """``puur arena --form coiffeur|differenzler --a A --b B --deals N``."""
    try:
        if args.deals < 1 or args.jobs < 1:
            raise ValueError("--deals and --jobs must be at least 1")
        make_player(args.a)
        make_player(args.b)
    except ValueError as e:
        print(f"puur arena: {e}", file=sys.stderr)
        return 2
    result = run_form_arena(args.form, args.a, args.b, args.deals, args.seed, args.jobs, getattr(args, "columns", None) or 8)
    if args.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k}: {v}")
    return 0


__all__ = ["cli", "coiffeur_pair", "differenzler_round", "run_form_arena"]
