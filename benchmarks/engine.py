"""Engine throughput: Puur's random full rounds against jass-kit-py's GameSim, in one run, one core.

    .venv/bin/python benchmarks/engine.py [--seconds 10]

Both sides deal, choose a contract at random (with pushing) and play random legal cards to the end of
the round. jass-kit is driven through its fastest path (``GameSim`` with ``RuleSchieber.get_valid_cards``
on the state, no observation objects); it scores no Weis, no Stöck and no multiplier. Puur's rounds go
through ``puur.round.random_round`` — the playout path of the search player — with Weis, Stöck and the
written score. The two are measured alternately in slices so that machine noise hits both alike.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from puur.profile import RuleProfile
from puur.round import random_round


def jasskit_rounds(seconds: float, seed: int = 1) -> tuple[int, float]:
    import numpy as np
    from jass.game.const import PUSH
    from jass.game.game_sim import GameSim
    from jass.game.game_util import deal_random_hand
    from jass.game.rule_schieber import RuleSchieber

    np.random.seed(seed)
    rule = RuleSchieber()
    sim = GameSim(rule=rule)
    rng = np.random.default_rng(seed)
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        sim.init_from_cards(hands=deal_random_hand(), dealer=int(rng.integers(4)))
        a = int(rng.integers(7))
        sim.action_trump(PUSH if a == 6 else a)
        if a == 6:
            sim.action_trump(int(rng.integers(6)))
        while not sim.is_done():
            st = sim.state
            valid = rule.get_valid_cards(st.hands[st.player], st.current_trick, st.nr_cards_in_trick, st.trump)
            sim.action_play_card(int(rng.choice(np.flatnonzero(valid))))
        n += 1
    return n, time.perf_counter() - start


def puur_rounds(seconds: float, profile: RuleProfile, seed: int = 1) -> tuple[int, float]:
    rng = random.Random(seed)
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(20):
            random_round(profile, rng)
        n += 20
    return n, time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=10.0, help="measuring time per engine")
    ap.add_argument("--profile", default="schieber")
    ap.add_argument("--slices", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    profile = RuleProfile.resolve(args.profile)
    puur_rounds(0.5, profile)  # warm-up
    jasskit_rounds(0.5)
    totals = {"puur": [0, 0.0], "jasskit": [0, 0.0]}
    per = args.seconds / args.slices
    for i in range(args.slices):
        for name in ("puur", "jasskit"):
            n, s = puur_rounds(per, profile, i) if name == "puur" else jasskit_rounds(per, i)
            totals[name][0] += n
            totals[name][1] += s
    rate = {k: v[0] / v[1] for k, v in totals.items()}
    result = {
        "profile": args.profile,
        "puur_rounds_per_s": round(rate["puur"], 1),
        "jasskit_rounds_per_s": round(rate["jasskit"], 1),
        "ratio": round(rate["puur"] / rate["jasskit"], 2),
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"puur    {result['puur_rounds_per_s']:>9} rounds/s  (Weis, Stöck, score; profile {args.profile})")
        print(f"jasskit {result['jasskit_rounds_per_s']:>9} rounds/s  (GameSim, no Weis/Stöck)")
        print(f"ratio   {result['ratio']:>9}×")


if __name__ == "__main__":
    main()
