"""Card-play quality against perfect play: points lost per decision, measured with the true deal.

    .venv/bin/python benchmarks/endgame.py [--rounds 40] [--tricks-left 5,6,7] \
        [--players heuristic mcts:endgame=0 mcts:endgame=9] [--seeds 1] [--table heuristic] [--json]

Round ``i`` is the first round of ``Game(schieber, seed=i)`` played by four ``--table`` players
(``heuristic`` by default; an ``mcts`` table spec that names no seed is seeded by seat, 1 to 4). At
every decision with a choice where the seat to act holds ``--tricks-left`` cards, each player is asked
for its card (from that seat's observation only), and the solver, which sees the true deal, values every
legal card: a player's loss is the best card's value minus its card's, in points for its team. The same
positions serve every player, so the figures compare them directly; the interval is a 95% normal interval
over positions, and ``vs_first`` each player's loss less the first player's, position by position (paired:
a much tighter interval). ``mean_s`` is the player's mean think time there.

An ``mcts`` player is seeded 1 unless its spec names a seed (``mcts:seed=2``). The interval is over
positions for that one seed: the same player with other seeds loses notably more or less on the same
positions (docs/experiments/search.md, session 12), so compare players over several seeds each:
``--seeds N`` plays each ``mcts`` spec that names no seed with seeds 1 to N on the same positions and
reports its loss by seed, their mean and spread, and ``vs_first`` seed by seed against the first player
(when it too is played by seed) with the mean difference and its standard error over the seeds.
"""

from __future__ import annotations

import math
import statistics
import time
from typing import Any

from puur.lab.bench import benchmark_parser, print_result


def _unseeded_mcts(spec: str) -> bool:
    """An ``mcts`` spec that names no seed (the benchmark then gives it one)."""
    from puur.bots import parse_spec

    return spec.startswith("mcts") and "seed" not in parse_spec(spec)[1]


def measure(rounds: int, tricks_left: int, specs: list[str], seeds: int = 1, table: str = "heuristic") -> dict[str, Any]:
    from puur import Game, RuleProfile
    from puur.bots import make_player
    from puur.bots.runner import play_turn
    from puur.bots.solver import Solver
    from puur.core.cards import Card
    from puur.lab.arena import mean_ci

    seeds_of: dict[str, list[int | None]] = {  # an mcts spec naming no seed: seeds 1..N
        s: list(range(1, seeds + 1)) if _unseeded_mcts(s) else [None]
        for s in specs
    }
    runs = [(spec, k) for spec in specs for k in seeds_of[spec]]
    players = {run: make_player(run[0]) if run[1] is None else make_player(run[0], seed=run[1]) for run in runs}
    losses: dict[tuple[str, int | None], list[int]] = {run: [] for run in runs}
    think = dict.fromkeys(runs, 0.0)
    seated = _unseeded_mcts(table)
    for seed in range(rounds):
        game = Game(RuleProfile.preset("schieber"), seed=seed)
        at_table = {s: make_player(table, seed=s + 1) if seated else make_player(table) for s in range(4)}
        while len(game.round_states) == 1 and not game.is_over:
            r = game.round
            seat = r.to_act
            assert seat is not None
            if (
                r.contract is not None
                and r.hands[seat].bit_count() == tricks_left
                and r.legal_cards().bit_count() > 1
            ):
                obs = game.observation(seat)
                sign = 1 if seat % 2 == 0 else -1
                values = {c: sign * v for c, v in Solver(r, tt_bits=16).card_values(r).items()}
                best = max(values.values())
                for run, player in players.items():
                    t = time.perf_counter()
                    action = player.act(obs)
                    assert isinstance(action, Card), action
                    card = int(action)
                    think[run] += time.perf_counter() - t
                    losses[run].append(best - values[card])
            play_turn(game, at_table[seat])
    n = len(next(iter(losses.values())))
    out: dict[str, Any] = {"tricks_left": tricks_left, "rounds": rounds, "table": table, "positions": n, "players": {}}
    first = specs[0]
    for spec in specs:
        ks = seeds_of[spec]
        secs = sum(think[(spec, k)] for k in ks) / len(ks)
        if len(ks) == 1:
            xs = losses[(spec, ks[0])]
            loss = mean_ci([float(x) for x in xs])
            row: dict[str, Any] = {"mean_loss": loss["mean"], "ci95": loss["ci95"]}
            if spec != first and len(seeds_of[first]) == 1:  # paired position by position (a tighter interval)
                base = losses[(first, seeds_of[first][0])]
                row["vs_first"] = mean_ci([float(x - y) for x, y in zip(xs, base, strict=True)])
        else:
            by_seed = [statistics.fmean(losses[(spec, k)]) if n else 0.0 for k in ks]
            row = {"mean_loss": round(statistics.fmean(by_seed), 3), "by_seed": [round(x, 3) for x in by_seed],
                   "seed_sd": round(statistics.stdev(by_seed), 3)}  # fmt: skip
            if spec != first and seeds_of[first] == ks:  # seed by seed against the first player's same seed
                diffs = [b - statistics.fmean(losses[(first, k)]) for b, k in zip(by_seed, ks, strict=True)]
                row["vs_first"] = {"by_seed": [round(d, 3) for d in diffs], "mean": round(statistics.fmean(diffs), 3),
                                   "se": round(statistics.stdev(diffs) / math.sqrt(len(diffs)), 3)}  # fmt: skip
        row["mean_s"] = round(secs / n, 4) if n else None
        out["players"][spec] = row
    return out


def main() -> None:
    ap = benchmark_parser(__doc__)
    ap.add_argument("--rounds", type=int, default=40)
    ap.add_argument("--tricks-left", default="5,6,7")
    ap.add_argument(
        "--players", nargs="+", default=["heuristic", "mcts:endgame=0", "mcts:endgame=9"],
        help="player specs, separated by spaces (a spec may hold commas: mcts:endgame=7,iters=128)",
    )
    ap.add_argument("--seeds", type=int, default=1, help="each mcts spec without a seed played with seeds 1..N")
    ap.add_argument("--table", default="heuristic", help="the spec of the four players who play the rounds")
    a = ap.parse_args()
    if a.seeds < 1:
        ap.error("--seeds: at least 1")
    specs = a.players
    for t in a.tricks_left.split(","):
        res = measure(a.rounds, int(t), specs, a.seeds, a.table)
        print_result(res, a.json)


if __name__ == "__main__":
    main()
