"""Think time of a search player per decision (card decisions with a choice), one core.

    .venv/bin/python benchmarks/think_time.py [--player mcts] [--rounds 10] [--json]

The player sits at seats 0 and 2 against the heuristic on arena deals (seed 0). Card decisions with a
choice are reported as ``mean_s``/``max_s``, contract decisions (push included) as ``contract_*``.
"""

from __future__ import annotations

import statistics
import time

from puur.bots import make_player
from puur.bots.runner import play_turn
from puur.core.profile import RuleProfile
from puur.lab.arena import deal_of
from puur.lab.bench import benchmark_parser, print_result
from puur.match.game import Game


def main() -> None:
    ap = benchmark_parser(__doc__)
    ap.add_argument("--player", default="mcts")
    ap.add_argument("--rounds", type=int, default=10)
    a = ap.parse_args()
    profile = RuleProfile.preset("schieber")
    times: list[float] = []
    contract_times: list[float] = []
    for i in range(a.rounds):
        hands, dealer = deal_of(profile, 0, i)
        game = Game.from_deal(profile, hands, forehand=(dealer + 1) % 4, seed=0)
        players = {s: make_player(a.player, seed=s) if s % 2 == 0 else make_player("heuristic") for s in range(4)}
        while not game.rounds:
            seat = game.current_seat
            assert seat is not None
            obs = game.observation(seat)
            t = time.perf_counter()
            play_turn(game, players[seat])
            if seat % 2 == 0 and obs.phase == "play" and len(obs.legal_actions) > 1:
                times.append(time.perf_counter() - t)
            elif seat % 2 == 0 and obs.phase == "contract":
                contract_times.append(time.perf_counter() - t)
    out = {"player": a.player, "decisions": len(times), "mean_s": round(statistics.mean(times), 3),
           "max_s": round(max(times), 3)}  # fmt: skip
    if contract_times:
        out |= {"contract_decisions": len(contract_times), "contract_mean_s": round(statistics.mean(contract_times), 3),
                "contract_max_s": round(max(contract_times), 3)}  # fmt: skip
    print_result(out, a.json)


if __name__ == "__main__":
    main()
