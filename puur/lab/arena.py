"""Bot against bot on duplicate deals (INTERFACES.md §3, ``puur arena``).

Every deal is played twice with the same cards, the teams swapped, so luck of the cards cancels out.
Each round is played through the ``Game`` API: the players see only real ``Observation``s, choose the
contract themselves (pushing included) and are scored by the written points of the round. With
``games`` whole matches to the profile's target are played the same way (same seed, teams swapped).

>>> r = run_arena(Arena("heuristic", "random", deals=2, seed=1))
>>> r["rounds"], 0.0 <= r["paired_win_rate"]["value"] <= 1.0
(4, True)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from puur.bots import Player, make_seat_player
from puur.bots.runner import play_turn
from puur.core.profile import RuleProfile
from puur.core.round import deal
from puur.lab.distributed import check_backend, map_tasks
from puur.match.game import Game

Z95 = 1.959963984540054


def mix_seed(*parts: int) -> int:
    """A seed derived from several integers (stable across processes and Python versions)."""
    h = 1469598103934665603
    for p in parts:
        h = ((h ^ (p & 0xFFFFFFFFFFFF)) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return h >> 1


@dataclass(frozen=True)
class Arena:
    """One arena, as ``puur arena`` names it (INTERFACES.md §3): players ``a`` and ``b``, ``deals`` duplicate
    deals and ``games`` duplicate matches under ``profile`` from ``seed``, played by ``jobs`` worker processes
    here or as Ray tasks (``backend="ray"``, at ``address``: ``puur.lab.distributed``). Passed whole to each
    task: one deal or match is ``(arena, index)``."""

    a: str
    b: str
    deals: int
    games: int = 0
    profile: str = "schieber"
    seed: int = 0
    jobs: int = 1
    backend: str = "local"
    address: str | None = None

    def check(self) -> None:
        """``ValueError`` before anything is played: an unknown profile, a player spec that does not build, a
        backend that cannot run."""
        RuleProfile.resolve(self.profile)
        make_seat_player(self.a, 0)
        make_seat_player(self.b, 0)
        check_backend(self.backend, self.address)


Task = tuple[Arena, int]
"""One deal or match of an arena: the arena and the deal's (or match's) index."""


def _players(a: str, b: str, a_seats: int, seed: int) -> dict[int, Player]:
    """Team ``a_seats`` (0: seats 0 and 2, 1: seats 1 and 3) gets ``a``, the other team ``b``."""
    return {s: make_seat_player(a if s & 1 == a_seats else b, mix_seed(seed, s)) for s in range(4)}


def deal_of(profile: RuleProfile, seed: int, index: int) -> tuple[list[int], int]:
    """The ``index``-th arena deal: four hands and the dealer."""
    rng = random.Random(mix_seed(seed, index, 7))
    dealer = index % 4
    return deal(rng, dealer), dealer


def game_on_deal(profile: RuleProfile, hands: list[int], dealer: int) -> Game:
    """A match whose first round is dealt ``hands`` by ``dealer`` (the duplicate deal replaces the seed's)."""
    return Game.from_deal(profile, hands, forehand=(dealer + 1) % 4, seed=0)


def round_game(profile: RuleProfile, hands: list[int], dealer: int, players: dict[int, Player]) -> Game:
    """One round through the Game API (players see only their observation), played to its end: the match
    of that one round (its ``round_states[0]`` and ``rounds[0]``)."""
    game = game_on_deal(profile, hands, dealer)  # the match ends with this round
    while not game.is_over and not game.rounds:
        seat = game.current_seat
        assert seat is not None
        play_turn(game, players[seat])
    return game


def play_round(profile: RuleProfile, hands: list[int], dealer: int, players: dict[int, Player]) -> tuple[int, int]:
    """One round through the Game API (``round_game``); the written points by team."""
    written = round_game(profile, hands, dealer, players).rounds[0].written
    return written[0], written[1]


def seatings(a: str, b: str, seed: int, index: int) -> list[tuple[int, dict[int, Player]]]:
    """The two seatings of deal ``index``: ``a``'s team (0: seats 0 and 2, then 1: seats 1 and 3) and the
    four players, each seeded for its seat and seating."""
    return [(a_seats, _players(a, b, a_seats, mix_seed(seed, index, 1 + a_seats))) for a_seats in (0, 1)]


def play_deal(task: Task) -> tuple[int, int, int, int]:
    """Both seatings of one deal: (a's points, b's points) with a at seats 0/2, then with a at 1/3."""
    arena, index = task
    profile = RuleProfile.resolve(arena.profile)
    hands, dealer = deal_of(profile, arena.seed, index)
    (_, first), (_, second) = seatings(arena.a, arena.b, arena.seed, index)
    w1 = play_round(profile, hands, dealer, first)
    w2 = play_round(profile, hands, dealer, second)
    return w1[0], w1[1], w2[1], w2[0]


def play_game_pair(task: Task) -> tuple[int, int]:
    """One match seed played twice, teams swapped: 1 when a won, else 0, for each seating."""
    arena, index = task
    profile = RuleProfile.resolve(arena.profile)
    out = []
    for a_seats in (0, 1):
        game = Game(profile, seed=mix_seed(arena.seed, index, 11))
        players = _players(arena.a, arena.b, a_seats, mix_seed(arena.seed, index, 12 + a_seats))
        n = 0
        while not game.is_over and n < 10000:
            seat = game.current_seat
            assert seat is not None
            play_turn(game, players[seat])
            n += 1
        out.append(1 if game.winner == a_seats else 0)
    return out[0], out[1]


# ----- statistics -----


def mean_ci(values: list[float]) -> dict[str, Any]:
    """Mean with a normal 95% interval."""
    n = len(values)
    if n == 0:
        return {"mean": 0.0, "ci95": [0.0, 0.0]}
    m = sum(values) / n
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    h = Z95 * sd / math.sqrt(n)
    return {"mean": round(m, 3), "ci95": [round(m - h, 3), round(m + h, 3)]}


def rate_ci(wins: float, n: int) -> dict[str, Any]:
    """A proportion with its Wilson 95% interval (ties count half)."""
    if n == 0:
        return {"value": 0.0, "ci95": [0.0, 1.0]}
    p = wins / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return {"value": round(p, 4), "ci95": [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]}


def _score(x: int, y: int) -> float:
    return 1.0 if x > y else 0.5 if x == y else 0.0


@dataclass
class ArenaResult:
    deals: list[tuple[int, int, int, int]]
    games: list[tuple[int, int]]

    def summary(self, arena: Arena, seconds: float) -> dict[str, Any]:
        diffs: list[float] = []
        rounds_won = 0.0
        paired = 0.0
        per_deal: list[float] = []
        for a1, b1, a2, b2 in self.deals:
            diffs += [a1 - b1, a2 - b2]
            per_deal.append(((a1 - b1) + (a2 - b2)) / 2)
            rounds_won += _score(a1, b1) + _score(a2, b2)
            paired += _score(a1 + a2, b1 + b2)
        n = len(self.deals)
        pd = mean_ci(per_deal)  # the interval over paired deals (the two seatings are correlated)
        pd["mean"] = round(sum(diffs) / len(diffs), 3) if diffs else 0.0
        game_wins = sum(x + y for x, y in self.games)
        return {
            "a": arena.a,
            "b": arena.b,
            "profile": arena.profile,
            "deals": n,
            "rounds": 2 * n,
            "seconds": round(seconds, 2),
            "points_diff": pd,
            "round_win_rate": rate_ci(rounds_won, 2 * n),
            "paired_win_rate": rate_ci(paired, n),
            "game_win_rate": rate_ci(game_wins, 2 * len(self.games)) if arena.games > 0 else None,
        }


def _iter_results(fn: Callable[[Task], Any], arena: Arena, count: int) -> Iterator[Any]:
    """``fn`` of the arena's tasks 0..count-1, the results in task order: worker processes here, or Ray tasks
    (``puur.lab.distributed``)."""
    tasks = [(arena, i) for i in range(count)]
    yield from map_tasks(fn, tasks, backend=arena.backend, jobs=arena.jobs, address=arena.address)


def run_arena(arena: Arena, progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play the arena's duplicate deals (and matches); the INTERFACES.md §3 summary. Ray tasks
    (``backend="ray"``) give the same result as worker processes here."""
    start = time.perf_counter()
    results = play_arena(arena, progress)
    return results.summary(arena, time.perf_counter() - start)


def play_arena(arena: Arena, progress: Callable[[int, int], None] | None = None) -> ArenaResult:
    """Every deal's and match's result, in order (``run_arena`` sums them up); ``progress(done, total)``
    after each."""
    arena.check()
    total = arena.deals + arena.games
    results = ArenaResult([], [])
    for r in _iter_results(play_deal, arena, arena.deals):
        results.deals.append(r)
        if progress:
            progress(len(results.deals), total)
    for g in _iter_results(play_game_pair, arena, arena.games):
        results.games.append(g)
        if progress:
            progress(arena.deals + len(results.games), total)
    return results


def format_table(r: dict[str, Any]) -> str:
    """The human-readable report."""

    def pct(x: dict[str, Any]) -> str:
        lo, hi = x["ci95"]
        return f"{100 * x['value']:.1f}%  [{100 * lo:.1f}, {100 * hi:.1f}]"

    lines = [
        f"{r['a']} vs {r['b']}  profile {r['profile']}  {r['deals']} deals, {r['rounds']} rounds, {r['seconds']} s",
        f"  points difference per round: {r['points_diff']['mean']:+.1f}  "
        f"[{r['points_diff']['ci95'][0]:+.1f}, {r['points_diff']['ci95'][1]:+.1f}]",
        f"  round win rate:              {pct(r['round_win_rate'])}",
        f"  paired-deal win rate:        {pct(r['paired_win_rate'])}",
    ]
    if r["game_win_rate"] is not None:
        lines.append(f"  game win rate:               {pct(r['game_win_rate'])}")
    return "\n".join(lines)


def cli(args: Any) -> int:
    """``puur arena`` (INTERFACES.md §3)."""
    import json
    import sys

    arena = Arena(args.a, args.b, args.deals, args.games, args.profile, args.seed, args.jobs,
                  getattr(args, "backend", "local"), getattr(args, "address", None))
    try:
        if args.deals < 1 or args.games < 0 or args.jobs < 1:
            raise ValueError("--deals and --jobs must be at least 1, --games at least 0")
        arena.check()
    except ValueError as e:
        print(f"puur arena: {e}", file=sys.stderr)
        return 2
    if args.json:
        result = run_arena(arena)
    else:
        from rich.progress import Progress

        with Progress(transient=True) as bar:
            task = bar.add_task(f"{args.a} vs {args.b}", total=args.deals + args.games)
            result = run_arena(arena, progress=lambda done, total: bar.update(task, completed=done))
    print(json.dumps(result) if args.json else format_table(result))
    return 0


__all__ = [
    "Arena", "deal_of", "format_table", "mean_ci", "play_arena", "play_deal", "play_round", "rate_ci", "round_game", "run_arena",
    "seatings",
]  # fmt: skip
