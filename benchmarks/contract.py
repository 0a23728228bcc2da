"""Quality of the contract decision: what the chosen contract is worth on the true deal.

    .venv/bin/python benchmarks/contract.py [--deals 800] [--seed 3] [--jobs 2] \
        [--players mcts mcts:contract=model mcts:citers=1440] [--calibration] [--json]

For arena deal ``i`` of ``--seed`` (``puur.lab.arena.deal_of``) the forehand's player chooses from its own
observation; after a push the partner's player (same spec) chooses from its observation. The chosen
contract is then played out on the true deal by the search's rollout policy (``puur.bots.rollout``, all
four seats), and its value is the written points difference for the choosing team. ``oracle`` is the best
of the six contracts on the true deal (a bound no honest chooser reaches: it sees every hand). The same
deals and the same play-out serve every player, so ``paired`` (each player minus the first, with a 95%
interval over deals) compares choosers with little noise. The play-out is the policy's, not a real
table's: the figures rank choosers, they do not predict arena points.

``--calibration`` asks instead how well the first player's search knows what its options are worth: the
forehand's decision is searched once more through ``MCTSPlayer.evaluate`` (the same worlds and choice as
``act``), and each option's estimate (its mean over the sampled worlds) is set against its value on the
true deal, the push valued by the contract the partner (the same spec) then chooses there. Per option
(``C D H S O U``, ``P`` the push) the mean bias (estimate minus true value) with its 95% interval; and the
chosen option's own bias (the best of several noisy means is biased upwards: the winner's curse). A bias
shared by every option decides nothing; one that sets an option apart (the worlds' partner model after a
push) moves choices.
"""

from __future__ import annotations

import multiprocessing
from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

from puur.bots import make_player
from puur.bots.mcts import MCTSPlayer
from puur.bots.rollout import policy_score
from puur.core.cards import BASE_CONTRACTS, PUSH, Action, Contract
from puur.core.profile import RuleProfile
from puur.core.round import RoundState
from puur.lab.arena import deal_of, game_on_deal, mean_ci
from puur.lab.bench import benchmark_parser, print_result

PROFILE = RuleProfile.preset("schieber")
T = TypeVar("T")


def played_value(hands: list[int], dealer: int, pushed: bool, contract: Contract) -> int:
    """``contract`` played out on the true deal by the rollout policy: written points, choosing team minus other."""
    r = RoundState(PROFILE, list(hands), dealer, (dealer + 1) % 4)
    if pushed:
        r.push()
    r.choose(contract)
    w = policy_score(r).written
    team = r.forehand & 1
    return w[team] - w[1 - team]


def partner_reply(spec: str, index: int, hands: list[int], dealer: int) -> Contract:
    """The contract the partner (``spec``, seeded ``index + 10**6``) chooses on deal ``index`` after the
    forehand's push."""
    game = game_on_deal(PROFILE, hands, dealer)
    game.apply(PUSH, ())
    reply = make_player(spec, seed=index + 10**6).act(game.observation((game.round.forehand + 2) % 4))
    assert isinstance(reply, Contract)
    return reply


def per_deal(fn: Callable[[tuple[str, int, int]], T], tasks: list[tuple[str, int, int]], jobs: int) -> list[T]:
    """``fn`` of each task, in order: here with ``jobs`` 1, else in ``jobs`` worker processes."""
    if jobs <= 1:
        return [fn(t) for t in tasks]
    with multiprocessing.get_context().Pool(jobs) as pool:
        return pool.map(fn, tasks, chunksize=4)


def choose(args: tuple[str, int, int]) -> tuple[int, int, str]:
    """One deal: (value of the spec's choice, oracle value, choice as 'U' or 'P'+partner's contract)."""
    spec, seed, index = args
    hands, dealer = deal_of(PROFILE, seed, index)
    game = game_on_deal(PROFILE, hands, dealer)
    forehand = game.round.forehand
    oracle = max(played_value(hands, dealer, False, c) for c in BASE_CONTRACTS)
    action = make_player(spec, seed=index).act(game.observation(forehand))
    if action == PUSH:
        reply = partner_reply(spec, index, hands, dealer)
        return played_value(hands, dealer, True, reply), oracle, "P" + reply.name
    assert isinstance(action, Contract)
    return played_value(hands, dealer, False, action), oracle, action.name


def option_label(action: Action) -> str:
    """An option's name in the reports: the contract's letter, ``P`` for the push."""
    return action.name if isinstance(action, Contract) else "P"


def calibrate(args: tuple[str, int, int]) -> list[tuple[str, float, int, bool]]:
    """One deal: for each option the forehand's search valued, (label, estimate, value on the true deal,
    chosen), the push's true value by the partner's (same spec) reply on the true deal."""
    spec, seed, index = args
    hands, dealer = deal_of(PROFILE, seed, index)
    game = game_on_deal(PROFILE, hands, dealer)
    forehand = game.round.forehand
    player = make_player(spec, seed=index)
    if not isinstance(player, MCTSPlayer):
        raise SystemExit(f"--calibration needs a search player (mcts...), not {spec!r}")
    ev = player.evaluate(game.observation(forehand))
    rows = []
    for action, estimate, _n in ev.values:
        if action == PUSH:
            true = played_value(hands, dealer, True, partner_reply(spec, index, hands, dealer))
        else:
            assert isinstance(action, Contract)
            true = played_value(hands, dealer, False, action)
        rows.append((option_label(action), estimate, true, action == ev.action))
    return rows


def measure_calibration(spec: str, deals: int, seed: int, jobs: int) -> dict[str, Any]:
    """``--calibration``: each option's bias (estimate minus true value) over ``deals``, and the chosen one's."""
    rows = [row for deal in per_deal(calibrate, [(spec, seed, i) for i in range(deals)], jobs) for row in deal]
    labels = sorted({label for label, *_ in rows}, key="CDHSOUP".find)
    return {
        "deals": deals,
        "seed": seed,
        "player": spec,
        "options": {
            label: mean_ci([est - true for lab, est, true, _ in rows if lab == label]) for label in labels
        },
        "chosen": mean_ci([est - true for _, est, true, chosen in rows if chosen]),
    }


def measure(specs: list[str], deals: int, seed: int, jobs: int) -> dict[str, Any]:
    results = {spec: per_deal(choose, [(spec, seed, i) for i in range(deals)], jobs) for spec in specs}
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
    ap = benchmark_parser(__doc__)
    ap.add_argument("--deals", type=int, default=800)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--players", nargs="+", default=["mcts", "mcts:contract=model", "mcts:citers=1440"])
    ap.add_argument("--calibration", action="store_true", help="estimates against the true deal")
    a = ap.parse_args()
    if a.calibration:
        res = measure_calibration(a.players[0], a.deals, a.seed, a.jobs)
    else:
        res = measure(a.players, a.deals, a.seed, a.jobs)
    print_result(res, a.json)


if __name__ == "__main__":
    main()
