"""The open-card review of a whole round (``puur.bots.analysis.review_round``, as the web review and
``puur analyse`` answer it): seconds per round, one core, one process, round after round.

    .venv/bin/python benchmarks/review.py [--rounds 10] [--ahead] [--json]

Round ``i``: ``random.Random(i)``, dealer 0, contract ``Contract(i % 6)``, all 36 cards played by the
rollout policy, then the whole round reviewed (perfect play from the first card, each card's cost).
``median_cpu_s`` is the process's CPU time (``time.process_time``), which a machine shared with other work
inflates less than the wall clock.

``--ahead``: the round reviewed as it is played (``puur.bots.analysis.RoundReviewer``, what ``puur serve``
does with ``ServerSettings.reviews_ahead``): ``first_position`` the work done once the contract is chosen
(perfect play from the first card, in the background while the cards are played), ``per_card`` each of the
first 35 cards as it is played, and ``answer`` what is left when the round ends: the last card and the
review as the JSON the table gets, the time a request after the round waits for.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from typing import Any

from puur.lab.bench import benchmark_parser, print_result


def played_round(i: int) -> tuple[Any, list[int], Any, list[int]]:
    """Round ``i``: the profile, the deal, the contract and its 36 cards played by the rollout policy."""
    from puur.bots.rollout import choose
    from puur.core.cards import Contract
    from puur.core.profile import RuleProfile
    from puur.core.round import RoundState, deal

    profile = RuleProfile.preset("schieber")
    dealt = deal(random.Random(i), 0)
    r = RoundState(profile, dealt, 0, 1)
    r.choose(Contract(i % 6))
    cards = []
    while not r.is_done:
        c = choose(r)
        cards.append(c)
        r.play(c)
    return profile, dealt, Contract(i % 6), cards


def measure(rounds: int) -> dict[str, object]:
    from puur.bots.analysis import review_round

    wall: list[float] = []
    cpu: list[float] = []
    for i in range(rounds):
        profile, dealt, contract, cards = played_round(i)
        t, c0 = time.perf_counter(), time.process_time()
        review_round(profile, dealt, 0, 1, contract, cards)
        wall.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c0)
    return {"rounds": rounds, "median_s": round(statistics.median(wall), 3), "max_s": round(max(wall), 3),
            "median_cpu_s": round(statistics.median(cpu), 3), "max_cpu_s": round(max(cpu), 3)}  # fmt: skip


def measure_ahead(rounds: int) -> dict[str, object]:
    from puur.bots.analysis import RoundReviewer

    first: list[float] = []
    per_card: list[float] = []
    answer: list[float] = []
    for i in range(rounds):
        profile, dealt, contract, cards = played_round(i)
        t = time.perf_counter()
        reviewer = RoundReviewer(profile, dealt, 0, 1, contract)
        first.append(time.perf_counter() - t)
        for c in cards[:-1]:
            t = time.perf_counter()
            reviewer.add(c)
            per_card.append(time.perf_counter() - t)
        t = time.perf_counter()
        reviewer.add(cards[-1])
        json.dumps(reviewer.review().to_dict())
        answer.append(time.perf_counter() - t)
    return {"rounds": rounds,
            "first_position_median_s": round(statistics.median(first), 3), "first_position_max_s": round(max(first), 3),
            "per_card_median_s": round(statistics.median(per_card), 4), "per_card_max_s": round(max(per_card), 3),
            "answer_median_s": round(statistics.median(answer), 4), "answer_max_s": round(max(answer), 4)}  # fmt: skip


def main() -> None:
    ap = benchmark_parser(__doc__)
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--ahead", action="store_true", help="reviewed as the round is played (RoundReviewer)")
    a = ap.parse_args()
    out = measure_ahead(a.rounds) if a.ahead else measure(a.rounds)
    print_result(out, a.json)


if __name__ == "__main__":
    main()
