"""Strength of the search's playout policy against the policy of an earlier commit, on duplicate deals.

    .venv/bin/python benchmarks/rollout.py --against b6b9e32~1 [--deals 20000] [--seed 3] [--json]
    .venv/bin/python benchmarks/rollout.py --speed [--deals 2000] [--seed 3] [--json]

``--against REV`` loads ``puur/bots/rollout.py`` as it stands at the git revision ``REV`` (``git show``)
next to today's ``puur.bots.rollout``. Deal ``i`` (``random.Random(seed)``, dealer ``i % 4``) is played
under a contract drawn uniformly from the six, twice: today's policy for seats 0 and 2 and the other for 1
and 3, then the seats swapped. A deal's value is half the difference of today's written points difference
over the two plays, so the figure is written points per round, today's policy minus the other, with a 95%
interval over deals and split by contract. The policies see every hand (they play inside a sampled world),
so this measures them as playout policies, not as players.

``--speed`` times today's policy instead: whole rounds played out from the first card under a random
contract, ``deals`` of them, by ``policy_score`` (the compiled core where it is built) and by ``playout`` on
a copy in Python, each round's score checked equal; playouts per second of each, on one core.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

from puur.bots import rollout
from puur.core.cards import BASE_CONTRACTS, Contract
from puur.core.profile import RuleProfile
from puur.core.round import RoundState, deal
from puur.lab.arena import mean_ci
from puur.lab.bench import benchmark_parser, print_result

Policy = Callable[[RoundState], int]
PROFILE = RuleProfile.preset("schieber")


def policy_at(rev: str) -> Policy:
    """The ``choose`` of ``puur/bots/rollout.py`` at git revision ``rev``."""
    root = Path(__file__).resolve().parents[1]
    source = subprocess.run(
        ["git", "show", f"{rev}:puur/bots/rollout.py"], cwd=root, check=True, capture_output=True, text=True
    ).stdout
    module = types.ModuleType(f"rollout_at_{rev}")
    exec(compile(source, f"{rev}:puur/bots/rollout.py", "exec"), module.__dict__)
    choose: Policy = module.choose
    return choose


def written_difference(hands: list[int], dealer: int, contract: Contract, even: Policy, odd: Policy) -> int:
    """``contract`` played out on ``hands``: seats 0 and 2 by ``even``, 1 and 3 by ``odd``; team 0 minus team 1."""
    r = RoundState(PROFILE, list(hands), dealer, (dealer + 1) % 4)
    r.choose(contract)
    policies = (even, odd)
    while r.to_act is not None:
        r.play(policies[r.to_act & 1](r))
    w = r.score().written
    return w[0] - w[1]


def measure(new: Policy, old: Policy, deals: int, seed: int) -> dict[str, Any]:
    """Today's policy minus the other in written points per round, overall and by contract."""
    rng = random.Random(seed)
    values: list[float] = []
    by_contract: dict[str, list[float]] = {c.name: [] for c in BASE_CONTRACTS}
    for i in range(deals):
        dealer = i % 4
        hands = deal(rng, dealer)
        contract = Contract(rng.randrange(6))
        v = (
            written_difference(hands, dealer, contract, new, old)
            - written_difference(hands, dealer, contract, old, new)
        ) / 2
        values.append(v)
        by_contract[contract.name].append(v)
    return {
        "deals": deals,
        "seed": seed,
        "per_round": mean_ci(values),
        "by_contract": {c: mean_ci(v)["mean"] for c, v in by_contract.items()},
    }


def speed(deals: int, seed: int) -> dict[str, Any]:
    """Whole-round playouts per second, compiled (``policy_score``) and in Python (``playout``), on the same
    rounds; raises if one round scores differently."""
    rng = random.Random(seed)
    rounds = []
    for i in range(deals):
        dealer = i % 4
        r = RoundState(PROFILE, deal(rng, dealer), dealer, (dealer + 1) % 4)
        r.choose(Contract(rng.randrange(6)))
        rounds.append(r)
    t0 = time.perf_counter()
    compiled = [rollout.policy_score(r) for r in rounds]
    t1 = time.perf_counter()
    python = []
    for r in rounds:
        s = r.clone()
        rollout.playout(s)
        python.append(s.score())
    t2 = time.perf_counter()
    if compiled != python:
        raise AssertionError("the compiled playout scored a round differently from the Python one")
    return {
        "deals": deals,
        "compiled": rollout.compiled_policy(PROFILE) is not None,
        "compiled_per_s": round(deals / (t1 - t0)),
        "python_per_s": round(deals / (t2 - t1)),
    }


def main() -> None:
    ap = benchmark_parser(__doc__)
    ap.add_argument("--against", help="git revision whose puur/bots/rollout.py is the other policy")
    ap.add_argument("--speed", action="store_true", help="playouts per second, compiled and in Python")
    ap.add_argument("--deals", type=int, default=None, help="20000 against a revision, 2000 with --speed")
    ap.add_argument("--seed", type=int, default=3)
    a = ap.parse_args()
    if a.speed:
        res = speed(a.deals or 2000, a.seed)
        print_result(res, a.json)
        return
    if not a.against:
        ap.error("--against REV or --speed is required")
    try:
        old = policy_at(a.against)
    except subprocess.CalledProcessError as e:
        sys.exit(f"rollout.py: cannot read puur/bots/rollout.py at {a.against!r}: {e.stderr.strip()}")
    res = {"against": a.against, **measure(rollout.choose, old, a.deals or 20000, a.seed)}
    print_result(res, a.json)


if __name__ == "__main__":
    main()
