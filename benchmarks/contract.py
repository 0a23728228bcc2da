"""Quality of the contract decision: what the chosen contract is worth on the true deal.

    .venv/bin/python benchmarks/contract.py [--deals 800] [--seed 3] [--jobs 2] \
        [--players mcts mcts:contract=model mcts:citers=1440] [--json]

For arena deal ``i`` of ``--seed`` (``puur.arena.deal_of``) the forehand's player chooses from its own
observation; after a push the partner's player (same spec) chooses from its observation. The chosen
contract is then played out on the true deal by the search's rollout policy (``puur.bots.rollout``, all
four seats), and its value is the written points difference for the choosing team. ``oracle`` is the best
of the six contracts on the true deal (a bound no honest chooser reaches: it sees every hand). The same
deals and the same play-out serve every player, so ``paired`` (each player minus the first, with a 95%
interval over deals) compares choosers with little noise. The play-out is the policy's, not a real
table's: the figures rank choosers, they do not predict arena points.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
from collections import Counter
from typing import Any

from puur.arena import deal_of, game_on_deal, mean_ci
from puur.bots import make_player
from puur.bots.rollout import policy_score
from puur.cards import BASE_CONTRACTS, PUSH, Contract
from puur.profile import RuleProfile
from puur.round import RoundState

PROFILE = RuleProfile.preset("schieber")


def played_value(hands: list[int], dealer: int, pushed: bool, contract: Contract) -> int:
    """``contract`` played out on the true deal by the rollout policy: written points, choosing team minus other."""
    r = RoundState(PROFILE, list(hands), dealer, (dealer + 1) % 4)
    if pushed:
        r.push()
    r.choose(contract)
    w = policy_score(r).written
    team = r.forehand & 1
    return w[team] - w[1 - team]


def choose(args: tuple[str, int, int]) -> tuple[int, int, str]:
    """One deal: (value of the spec's choice, oracle value, choice as 'U' or 'P'+partner's contract)."""
    spec, seed, index = args
    hands, dealer = deal_of(PROFILE, seed, index)
    game = game_on_deal(PROFILE, hands, dealer)
    forehand = game.round.forehand
    oracle = max(played_value(hands, dealer, False, c) for c in BASE_CONTRACTS)
    action = make_player(spec, seed=index).act(game.observation(forehand))
    if action == PUSH:
        game.apply(PUSH, ())
        action = make_player(spec, seed=index + 10**6).act(game.observation((forehand + 2) % 4))
        assert isinstance(action, Contract)
        return played_value(hands, dealer, True, action), oracle, "P" + action.name
    assert isinstance(action, Contract)
    return played_value(hands, dealer, False, action), oracle, action.name


def measure(specs: list[str], deals: int, seed: int, jobs: int) -> dict[str, Any]:
    results: dict[str, list[tuple[int, int, str]]]
    tasks = {spec: [(spec, seed, i) for i in range(deals)] for spec in specs}
    if jobs <= 1:
        results = {spec: [choose(t) for t in tasks[spec]] for spec in specs}
    else:
        with multiprocessing.get_context().Pool(jobs) as pool:
            results = {spec: pool.map(choose, tasks[spec], chunksize=4) for spec in specs}
    first = [v for v, _, _ in results[specs[0]]]
    out: dict[str, Any] = {"deals": deals, "seed": seed, "players": {}}
    out["oracle"] = mean_ci([float(o) for _, o, _ in results[specs[0]]])["mean"]
    for spec, rows in results.items():
        values = [float(v) for v, _, _ in rows]
        out["players"][spec] = {
            "value": mean_ci(values),
            "paired": mean_ci([v - f for v, f in zip(values, first, strict=True)]),
            "choices": dict(Counter(c for _, _, c in rows).most_common()),
        }
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=800)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--players", nargs="+", default=["mcts", "mcts:contract=model", "mcts:citers=1440"])
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    res = measure(a.players, a.deals, a.seed, a.jobs)
    print(json.dumps(res) if a.json else res)


if __name__ == "__main__":
    main()
