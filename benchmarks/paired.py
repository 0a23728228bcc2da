"""Where the paired deals are lost: an arena of ``--a`` against ``--b``, split by the contracts chosen.

    .venv/bin/python benchmarks/paired.py [--a mcts] [--b heuristic] [--deals 400] [--seed 1] [--jobs 2] \
        [--peek none|play|playouts|endgame|all|contract] [--know 1] [--json]

Each deal is played twice with the teams swapped, exactly as ``puur arena`` plays it (the same deals,
seat seeds and players: ``puur.lab.arena``), so the paired-deal rate is the arena's. The same seat is forehand
in both seatings, so one seating has ``a``'s team choose the contract and the other ``b``'s team, on the
same hand. The deals are split by what the two choosers did:

- ``same``: both seatings played the same contract; the pair is decided by the card play;
- ``a_top``: ``a``'s team chose Obenabe or Undenufe (the two highest factors in ``schieber``, 3 and 4)
  where ``b``'s chose a trump;
- ``b_top``: the other way round;
- ``other``: any other difference (another trump, another factor).

For each: the deals, ``a``'s paired-deal rate and its written points difference a round (the two
seatings' mean, as ``puur arena``'s ``points_diff``). ``lost``: each pair ``a`` lost or tied, by deal index
(``puur arena``'s ``--seed`` and that index replay it), with the two contracts, who chose which, and the
two seatings' points difference summed.

When ``a`` is an ``mcts`` spec its contract decisions are read through ``MCTSPlayer.evaluate`` (the same
decision ``act`` takes, with the same random draws) and ``estimates`` sets the value it expected of the
contract it chose (whole-round playouts of its policy on sampled deals) against the written points
difference the round then gave, by contract: ``bias`` is the mean of the estimate less the result, with a
95% interval.

``--peek`` is a research ceiling, not a player: ``a``'s ``mcts`` seats search the true deal in place of
sampled ones (every world it would draw is the real one), in the card play (``play``; ``playouts`` and
``endgame`` split it where the search changes from playouts to exact worlds), in the contract decision
too (``all``) or in the contract decision alone (``contract``). What ``a`` then wins is what perfect
knowledge of the hidden hands is worth to the search as it is: the most that any reading of the bidding
and the play (``infer``, ``bid``, ``read``, ``bidding``, ``readbid``) could give it. ``--know Q`` below 1 knows less: in each world the search draws, each hidden card lies where it really
is with chance ``Q`` and the rest are dealt at random within what the seat knows, as a model of the hidden
hands of that sharpness would draw them. No seat's observation changes; only the benchmark's own process
patches the search's sampler, around ``a``'s decisions.
"""

from __future__ import annotations

import multiprocessing
import random
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any
from unittest import mock

from puur.bots import mcts
from puur.bots.mcts import MCTSPlayer
from puur.core.cards import Action, Contract
from puur.core.profile import RuleProfile
from puur.info.determinize import Determinizer
from puur.info.inference import played_mask
from puur.info.observation import Observation
from puur.lab.arena import deal_of, mean_ci, rate_ci, round_game, seatings
from puur.lab.bench import arena_parser, print_result

TOP = {Contract.O, Contract.U}
"""The contracts of the two highest factors in ``schieber`` (Obenabe ×3, Undenufe ×4)."""


PEEKS = ("none", "play", "playouts", "endgame", "all", "contract")
"""``--peek``: where ``a``'s search sees the true deal: nowhere, in the card play, in the card decisions it
values by playouts (more than ``endgame`` tricks left), in those it solves on exact worlds, in the
contract decision too, in the contract decision alone."""


def true_hands(dealt: list[int], obs: Observation) -> list[int]:
    """The four current hands of the real deal at ``obs``'s position: each dealt hand less the cards played."""
    played = played_mask(obs)
    return [h & ~played for h in dealt]


def partly_true(det: Determinizer, truth: list[int], know: float, rng: random.Random) -> list[int]:
    """A sampled deal where each hidden card the sampler may place lies where it really is with chance
    ``know``; the others are dealt as ``Determinizer`` deals them (at random, within what the seat knows)."""
    fixed = [0, 0, 0, 0]
    for c in det.cards:
        if rng.random() < know:
            seat = next(s for s in det.others if truth[s] >> c & 1)
            fixed[seat] |= 1 << c
    return det.sample_fixing(fixed, rng)


@contextmanager
def peeking(dealt: list[int], know: float = 1.0) -> Iterator[None]:
    """Within the block, every ``Determinizer`` the search builds draws the real deal (``--peek``); with
    ``know`` under 1, each world knows each hidden card's seat with that chance (``--know``)."""

    class Truth(Determinizer):
        def sample(self, rng: random.Random) -> list[int]:
            truth = true_hands(dealt, self.obs)
            return truth if know >= 1 else partly_true(self, truth, know, rng)

    with mock.patch.object(mcts, "Determinizer", Truth):
        yield


@dataclass(eq=False)  # a player, compared (and hashed) by identity like the one it wraps
class Reading:
    """Wraps a player; an ``MCTSPlayer``'s contract decisions are taken by ``evaluate`` and logged. With a
    ``peek`` other than ``none`` and the dealt hands, its decisions there search the real deal."""

    player: Any
    log: list[tuple[str, dict[str, float]]]
    peek: str = "none"
    dealt: list[int] | None = None
    know: float = 1.0

    def act(self, observation: Observation) -> Action:
        bidding = observation.phase == "contract" or observation.contract is None
        if self.dealt is not None and self.sees(observation, bidding):
            with peeking(self.dealt, self.know):
                return self.decide(observation, bidding)
        return self.decide(observation, bidding)

    def sees(self, observation: Observation, bidding: bool) -> bool:
        """Whether this decision searches the real deal (``PEEKS``)."""
        if not isinstance(self.player, MCTSPlayer) or self.peek == "none":
            return False
        if bidding:
            return self.peek in ("all", "contract")
        if self.peek in ("play", "all"):
            return True
        exact = len(observation.hand) <= self.player.endgame_of(observation)
        return self.peek == ("endgame" if exact else "playouts")

    def decide(self, observation: Observation, bidding: bool) -> Action:
        if isinstance(self.player, MCTSPlayer) and self.player.contract_mode == "search" and bidding:
            ev = self.player.evaluate(observation)
            self.log.append((str(ev.action), {str(a): mean for a, mean, _ in ev.values}))
            return ev.action
        return self.player.act(observation)  # type: ignore[no-any-return]


PairTask = tuple[str, str, int, int, str, float]
"""(a, b, seed, deal index, ``--peek``, ``--know``)."""


def play_pair(args: PairTask) -> list[dict[str, Any]]:
    """Both seatings of deal ``index``: for each, a's written points difference, the contract, whether a's
    team chose it, and a's contract decisions (its choice and each option's expected value)."""
    a, b, seed, index, peek, know = args
    profile = RuleProfile.preset("schieber")
    hands, dealer = deal_of(profile, seed, index)
    out = []
    for a_seats, players in seatings(a, b, seed, index):  # puur.lab.arena.play_deal's seatings and seeds
        log: list[tuple[str, dict[str, float]]] = []
        reading = {s: Reading(p, log, peek, hands, know) if s & 1 == a_seats else p for s, p in players.items()}
        game = round_game(profile, hands, dealer, reading)
        r = game.round_states[0]
        w = game.rounds[0].written
        assert r.contract is not None and r.chooser is not None
        out.append({"a": w[a_seats] - w[1 - a_seats], "contract": r.contract.name,
                    "a_chose": r.chooser & 1 == a_seats, "log": log})  # fmt: skip
    return out


def summarize(pairs: list[list[dict[str, Any]]]) -> dict[str, Any]:
    groups: dict[str, list[int]] = defaultdict(list)
    estimates: dict[str, list[float]] = defaultdict(list)
    lost: list[dict[str, Any]] = []
    for index, seating in enumerate(pairs):
        mine = next(s for s in seating if s["a_chose"])
        theirs = next(s for s in seating if not s["a_chose"])
        total = seating[0]["a"] + seating[1]["a"]
        if mine["contract"] == theirs["contract"]:
            group = "same"
        elif Contract[mine["contract"]] in TOP and Contract[theirs["contract"]] not in TOP:
            group = "a_top"
        elif Contract[theirs["contract"]] in TOP and Contract[mine["contract"]] not in TOP:
            group = "b_top"
        else:
            group = "other"
        groups[group].append(total)
        groups["all"].append(total)
        if total <= 0:
            lost.append({"deal": index, "group": group, "a_contract": mine["contract"],
                         "b_contract": theirs["contract"], "points": total})  # fmt: skip
        if mine["log"]:
            chosen, values = mine["log"][-1]  # the last decision chose the contract played (after a push too)
            if chosen == mine["contract"] and chosen in values:
                estimates[chosen].append(values[chosen] - mine["a"])

    def rate(xs: list[int]) -> dict[str, Any]:
        return rate_ci(sum(1.0 if x > 0 else 0.5 if x == 0 else 0.0 for x in xs), len(xs))

    out: dict[str, Any] = {
        g: {"deals": len(xs), "rate": rate(xs), "points_per_round": mean_ci([x / 2 for x in xs])}
        for g, xs in sorted(groups.items())
    }
    out["lost"] = lost
    if estimates:
        out["estimates"] = {c: {"rounds": len(d), "bias": mean_ci(d)} for c, d in sorted(estimates.items())}
    return out


def main() -> None:
    ap = arena_parser(__doc__, "mcts", 400)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--peek", choices=PEEKS, default="none", help="a's search sees the true deal (a ceiling)")
    ap.add_argument("--know", type=float, default=1.0, help="with --peek: each hidden card's seat known with this chance")
    o = ap.parse_args()
    if not 0 <= o.know <= 1:
        ap.error("--know is a chance, from 0 to 1")
    jobs: list[PairTask] = [(o.a, o.b, o.seed, i, o.peek, o.know) for i in range(o.deals)]
    if o.jobs > 1:
        with multiprocessing.Pool(o.jobs) as pool:
            pairs = pool.map(play_pair, jobs, chunksize=1)
    else:
        pairs = [play_pair(j) for j in jobs]
    res = {"a": o.a, "b": o.b, "deals": o.deals, "seed": o.seed, "peek": o.peek, "know": o.know, **summarize(pairs)}
    print_result(res, o.json)


if __name__ == "__main__":
    main()
