"""The open-card review of a whole round (``puur.bots.analysis.review_round``, as the web review and
``puur analyse`` answer it): seconds per round, one core, one process, round after round.

    .venv/bin/python benchmarks/review.py [--rounds 10] [--json]

Round ``i``: ``random.Random(i)``, dealer 0, contract ``Contract(i % 6)``, all 36 cards played by the
rollout policy, then the whole round reviewed (perfect play from the first card, each card's cost).
``median_cpu_s`` is the process's CPU time (``time.process_time``), which a machine shared with other work
inflates less than the wall clock.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time


def measure(rounds: int) -> dict[str, object]:
    from puur.bots.analysis import review_round
    from puur.bots.rollout import choose
    from puur.cards import Contract
    from puur.profile import RuleProfile
    from puur.round import RoundState, deal

    profile = RuleProfile.preset("schieber")
    wall: list[float] = []
    cpu: list[float] = []
    for i in range(rounds):
        dealt = deal(random.Random(i), 0)
        r = RoundState(profile, dealt, 0, 1)
        r.choose(Contract(i % 6))
        cards = []
        while not r.is_done:
            c = choose(r)
            cards.append(c)
            r.play(c)
        t, c0 = time.perf_counter(), time.process_time()
        review_round(profile, dealt, 0, 1, Contract(i % 6), cards)
        wall.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c0)
    return {"rounds": rounds, "median_s": round(statistics.median(wall), 3), "max_s": round(max(wall), 3),
            "median_cpu_s": round(statistics.median(cpu), 3), "max_cpu_s": round(max(cpu), 3)}  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    out = measure(a.rounds)
    print(json.dumps(out) if a.json else out)


if __name__ == "__main__":
    main()
