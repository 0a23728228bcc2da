"""Card-play quality against perfect play: points lost per decision, measured with the true deal.

    .venv/bin/python benchmarks/endgame.py [--rounds 40] [--tricks-left 5,6,7] \
        [--players heuristic mcts:endgame=0 mcts:endgame=9] [--json]

Round ``i`` is the first round of ``Game(schieber, seed=i)`` played by four ``heuristic`` players. At
every decision with a choice where the seat to act holds ``--tricks-left`` cards, each player is asked
for its card (from that seat's observation only), and the solver, which sees the true deal, values every
legal card: a player's loss is the best card's value minus its card's, in points for its team. The same
positions serve every player, so the figures compare them directly; the interval is a 95% normal interval
over positions, and ``vs_first`` each player's loss less the first player's, position by position (paired:
a much tighter interval). ``mean_s`` is the player's mean think time there.

An ``mcts`` player is seeded 1 unless its spec names a seed (``mcts:seed=2``). The interval is over
positions for that one seed: the same player with other seeds loses notably more or less on the same
positions (BENCHMARKS.md, "Issue 18", session 12), so compare players over several seeds each.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any


def measure(rounds: int, tricks_left: int, specs: list[str]) -> dict[str, Any]:
    from puur import Game, RuleProfile
    from puur.arena import mean_ci
    from puur.bots import make_player, parse_spec
    from puur.bots.runner import play_turn
    from puur.bots.solver import Solver
    from puur.cards import Card

    players = {
        spec: make_player(spec, seed=1)
        if spec.startswith("mcts") and "seed" not in parse_spec(spec)[1]
        else make_player(spec)
        for spec in specs
    }
    losses: dict[str, list[int]] = {spec: [] for spec in specs}
    think = dict.fromkeys(specs, 0.0)
    for seed in range(rounds):
        game = Game(RuleProfile.preset("schieber"), seed=seed)
        table = {s: make_player("heuristic") for s in range(4)}
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
                for spec, player in players.items():
                    t = time.perf_counter()
                    action = player.act(obs)
                    assert isinstance(action, Card), action
                    card = int(action)
                    think[spec] += time.perf_counter() - t
                    losses[spec].append(best - values[card])
            play_turn(game, table[seat])
    n = len(next(iter(losses.values())))
    out: dict[str, Any] = {"tricks_left": tricks_left, "rounds": rounds, "positions": n, "players": {}}
    first = losses[specs[0]]
    for spec, xs in losses.items():
        loss = mean_ci([float(x) for x in xs])
        out["players"][spec] = {"mean_loss": loss["mean"], "ci95": loss["ci95"],
                                "mean_s": round(think[spec] / n, 4) if n else None}  # fmt: skip
        if spec != specs[0]:  # paired with the first player, position by position (a tighter interval)
            out["players"][spec]["vs_first"] = mean_ci([float(x - y) for x, y in zip(xs, first, strict=True)])
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=40)
    ap.add_argument("--tricks-left", default="5,6,7")
    ap.add_argument(
        "--players", nargs="+", default=["heuristic", "mcts:endgame=0", "mcts:endgame=9"],
        help="player specs, separated by spaces (a spec may hold commas: mcts:endgame=7,iters=128)",
    )
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    specs = a.players
    for t in a.tricks_left.split(","):
        res = measure(a.rounds, int(t), specs)
        print(json.dumps(res) if a.json else res, flush=True)


if __name__ == "__main__":
    main()
