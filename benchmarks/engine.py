"""Engine throughput: Puur's random full rounds against jass-kit-py's GameSim, in one run, one core.

    .venv/bin/python benchmarks/engine.py [--seconds 10] [--api batch|round|both] [--chunk 1000]

Both sides deal, choose a contract at random (with pushing) and play random legal cards to the end of
the round. jass-kit is driven through its fastest path (``GameSim`` with ``RuleSchieber.get_valid_cards``
on the state, no observation objects); it scores no Weis, no Stöck and no multiplier. Puur's rounds go
through ``puur.core.playout.random_rounds`` (``batch``: the batch API for reinforcement learning, the compiled
playout core where it implements the profile, ``--chunk`` rounds a call, every round with Weis, Stöck
and the written score in its columns) and through ``puur.core.round.random_round`` (``round``: the
``RoundState`` playout path of the search player, the figure measured before the batch API). All are
measured alternately in slices so that machine noise hits them alike; each ratio is to jass-kit in the
same run.
"""

from __future__ import annotations

import json
import random
import time

from puur.core.playout import random_rounds
from puur.core.profile import RuleProfile
from puur.core.round import random_round
from puur.lab.bench import benchmark_parser, print_result


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
            random_round(profile, rng).score()
        n += 20
    return n, time.perf_counter() - start


def batch_rounds(seconds: float, profile: RuleProfile, seed: int = 1, chunk: int = 1000) -> tuple[int, float]:
    """Rounds through the batch API, ``chunk`` a call (the compiled core where it implements the profile)."""
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        random_rounds(profile, chunk, seed, start=n)
        n += chunk
    return n, time.perf_counter() - start


def main() -> None:
    ap = benchmark_parser(__doc__)
    ap.add_argument("--seconds", type=float, default=10.0, help="measuring time per engine")
    ap.add_argument("--profile", default="schieber")
    ap.add_argument("--slices", type=int, default=5)
    ap.add_argument("--api", choices=("batch", "round", "both"), default="both",
                    help="batch: puur.core.playout.random_rounds; "
                    "round: puur.core.round.random_round (before the batch API)")
    ap.add_argument("--chunk", type=int, default=1000, help="rounds per random_rounds call")
    args = ap.parse_args()
    # a preset name, or a profile object as JSON: '{"preset": "schieber", "extra_contracts": "slalom_guschti"}'
    profile = RuleProfile.resolve(json.loads(args.profile) if args.profile.startswith("{") else args.profile)
    engines = {
        "batch": lambda sec, i: batch_rounds(sec, profile, i, args.chunk),
        "round": lambda sec, i: puur_rounds(sec, profile, i),
        "jasskit": lambda sec, i: jasskit_rounds(sec, i),
    }
    names = [k for k in ("batch", "round") if args.api in (k, "both")] + ["jasskit"]
    for name in names:
        engines[name](0.5, 0)  # warm-up
    totals = {name: [0, 0.0] for name in names}
    per = args.seconds / args.slices
    for i in range(args.slices):
        for name in names:
            n, s = engines[name](per, i)
            totals[name][0] += n
            totals[name][1] += s
    rate = {k: v[0] / v[1] for k, v in totals.items()}
    result: dict[str, object] = {"profile": args.profile, "jasskit_rounds_per_s": round(rate["jasskit"], 1)}
    if "batch" in rate:
        result["batch_rounds_per_s"] = round(rate["batch"], 1)
        result["batch_ratio"] = round(rate["batch"] / rate["jasskit"], 2)
        result["batch_compiled"] = random_rounds(profile, 1).compiled
    if "round" in rate:  # the method of the figures before the batch API (keys kept)
        result["puur_rounds_per_s"] = round(rate["round"], 1)
        result["ratio"] = round(rate["round"] / rate["jasskit"], 2)
    print_result(result, args.json, lambda r: readable(r, args.chunk))


def readable(result: dict[str, object], chunk: int) -> str:
    """A line per engine measured: rounds per second, what a round holds, and the ratio to jass-kit."""
    lines = []
    if "batch_rounds_per_s" in result:
        how = "compiled core" if result["batch_compiled"] else "Python path"
        lines.append(f"puur batch {result['batch_rounds_per_s']:>11} rounds/s  (random_rounds, {how}, chunks of "
                     f"{chunk}; Weis, Stöck, score; profile {result['profile']})  {result['batch_ratio']}×")  # fmt: skip
    if "puur_rounds_per_s" in result:
        lines.append(f"puur round {result['puur_rounds_per_s']:>11} rounds/s  (random_round, RoundState; Weis, "
                     f"Stöck, score)  {result['ratio']}×")  # fmt: skip
    lines.append(f"jasskit    {result['jasskit_rounds_per_s']:>11} rounds/s  (GameSim, no Weis/Stöck)")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
