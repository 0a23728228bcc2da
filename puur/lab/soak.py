"""Self-checks of the engine over many random seeded matches (used by the tests and by ``make soak``).

For every round: the card points sum to 152 (157 with the last trick), the written score equals the
oracle's ``score`` op on the round's parts, observations never hold a card of another hand that the
rules have not made public, determinized deals agree with the observation (and the true deal satisfies
every constraint read from the play); for every match: the record replays exactly.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

from puur.bots.random_player import RandomPlayer
from puur.bots.runner import play_computers
from puur.core.cards import Action, Card, Contract, iter_cards
from puur.core.profile import RuleProfile
from puur.core.round import RoundState, deal
from puur.info.determinize import Determinizer
from puur.info.inference import constraints
from puur.match.game import Game
from puur.oracle import evaluate


class SoakFailure(AssertionError):
    """An invariant that did not hold, with the seed that shows it."""


@dataclass
class SoakStats:
    matches: int = 0
    rounds: int = 0
    actions: int = 0
    observations: int = 0
    determinizations: int = 0
    max_record_bytes: int = 0
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)


def _fail(seed: int, msg: str) -> SoakFailure:
    return SoakFailure(f"seed {seed}: {msg}")


def check_round(game: Game, index: int, seed: int) -> None:
    """The finished round ``index``: 152/157 and the written score against the oracle."""
    r = game.round_states[index]
    res = game.rounds[index]
    s = res.score
    if not r.is_done:
        return
    if sum(s["card_points"]) != 152 or sum(s["card_points"]) + sum(s["last_trick"]) != 157:
        raise _fail(seed, f"round {index + 1}: card points {s['card_points']} do not sum to 152")
    if sum(t.points for t in r.tricks) != 157:
        raise _fail(seed, f"round {index + 1}: trick points do not sum to 157")
    answer = evaluate(
        {
            "op": "score",
            "profile": game.profile.to_dict(),
            "contract": str(r.contract),
            "card_points": s["card_points"],
            "tricks": list(r.tricks_won),
            "last_trick": r.tricks[-1].winner & 1,
            "weis": s["weis"],
            "stoeck": s["stoeck"],
        }
    )
    if not answer["ok"] or list(res.written) != answer["written"]:
        raise _fail(seed, f"round {index + 1}: written {list(res.written)} but the oracle says {answer}")


def check_observations(game: Game, seed: int) -> int:
    """No observation holds another seat's hidden card; the hand is the seat's own."""
    r = game.round
    for seat in range(4):
        obs = game.observation(seat)
        if obs.hand_mask != r.hands[seat]:
            raise _fail(seed, f"seat {seat}'s observation shows a hand that is not its own")
        text = json.dumps(obs.to_dict())
        public: set[str] = set()
        for _owner, melds in obs.weis_shown:
            for _kind, cards, _points in melds:
                public.update(str(c) for c in cards)
        if obs.forehand_holds is not None:  # who holds the first forehand's 7 is public (RULES.md §3.2)
            public.add(str(obs.forehand_holds))
        for other in range(4):
            if other == seat:
                continue
            for c in range(36):
                if r.hands[other] >> c & 1 and f'"{Card(c)}"' in text and str(Card(c)) not in public:
                    raise _fail(seed, f"seat {seat}'s observation shows {Card(c)} of seat {other}")
    return 4


def check_determinize(game: Game, seat: int, rng: random.Random, seed: int, samples: int = 2) -> int:
    """Sampled deals agree with the view, and the true deal satisfies every constraint it reads."""
    obs = game.observation(seat)
    r = game.round
    cannot, must = constraints(obs)
    for s in range(4):
        if s != seat and (r.hands[s] & cannot[s] or must[s] & ~r.hands[s]):
            raise _fail(seed, f"a constraint read by seat {seat} is false for the real hand of seat {s}")
    det = Determinizer(obs)
    for _ in range(samples):
        hands = det.sample(rng)
        if hands[seat] != r.hands[seat]:
            raise _fail(seed, "a determinized deal changed the seat's own hand")
        if [h.bit_count() for h in hands] != [h.bit_count() for h in r.hands]:
            raise _fail(seed, "a determinized deal has the wrong hand sizes")
        if hands[0] | hands[1] | hands[2] | hands[3] != r.hands[0] | r.hands[1] | r.hands[2] | r.hands[3]:
            raise _fail(seed, "a determinized deal holds a played card or misses a hidden one")
        for s in range(4):
            if hands[s] & cannot[s] or must[s] & ~hands[s]:
                raise _fail(seed, f"a determinized hand of seat {s} breaks a constraint")
    return samples


def soak_match(profile: RuleProfile, seed: int, stats: SoakStats, *, obs_every: int = 5, det_every: int = 11) -> None:
    """Play one match with seeded random players and check everything on the way."""
    game = Game(profile, seed=seed)
    players = {s: RandomPlayer(seed * 4 + s) for s in range(4)}
    rng = random.Random(seed)
    step = 0
    checked = 0

    def check_position() -> None:
        """The position before the next action: observations and determinized deals, every few steps."""
        seat = game.current_seat
        assert seat is not None
        if step % obs_every == 0:
            stats.observations += check_observations(game, seed)
        if step % det_every == 0 and game.round.contract is not None:
            stats.determinizations += check_determinize(game, seat, rng, seed)

    def after_move(seat: int, action: Action, declare: tuple[str, ...]) -> None:
        nonlocal step, checked
        step += 1
        while checked < len(game.rounds):
            check_round(game, checked, seed)
            checked += 1
        if not game.is_over:
            check_position()

    check_position()
    play_computers(game, players, on_move=after_move)
    record = game.record()
    text = json.dumps(record, separators=(",", ":"))
    stats.max_record_bytes = max(stats.max_record_bytes, len(text))
    replay = Game.from_record(json.loads(text))
    if replay.record() != record:
        raise _fail(seed, "the record does not replay to the identical state")
    stats.matches += 1
    stats.rounds += len(game.rounds)
    stats.actions += sum(len(a) for a in game.actions)


def soak(profile: RuleProfile | str, rounds: int, seed: int = 0, **kw: int) -> SoakStats:
    """Play matches until at least ``rounds`` rounds were checked."""
    p = RuleProfile.resolve(profile)
    stats = SoakStats()
    start = time.perf_counter()
    s = seed
    while stats.rounds < rounds:
        soak_match(p, s, stats, **kw)
        s += 1
    stats.seconds = time.perf_counter() - start
    return stats


@dataclass
class PlayoutSoakStats:
    """What ``soak_playout`` checked: rounds of both paths, whether the compiled core played them."""

    rounds: int = 0
    compiled: bool = False
    seconds_compiled: float = 0.0
    seconds_python: float = 0.0


def soak_playout(
    profile: RuleProfile | str | dict[str, object], rounds: int, seed: int = 0, chunk: int = 500
) -> PlayoutSoakStats:
    """The random batches of ``puur.core.playout`` played by both paths, the compiled core and
    ``python_round`` (RoundState and the rules core): every column of every round equal; per round the
    card points sum to 152 in the six contracts (the tricks to them plus the last trick's 5), the written
    score equals the oracle's ``score`` op, and the compiled round replays through ``RoundState``, every
    card checked legal, to the same score. Without the compiled core for the profile both batches are
    Python's and only the invariants say something."""
    from puur.core.playout import random_rounds

    p = RuleProfile.resolve(profile)
    stats = PlayoutSoakStats()
    for start in range(0, rounds, chunk):
        n = min(chunk, rounds - start)
        t0 = time.perf_counter()
        fast = random_rounds(p, n, seed, start=start)
        t1 = time.perf_counter()
        slow = random_rounds(p, n, seed, start=start, compiled=False)
        stats.seconds_compiled += t1 - t0
        stats.seconds_python += time.perf_counter() - t1
        stats.compiled = fast.compiled
        for i in range(n):
            where = f"random round {start + i} of batch {seed}"
            if fast.row(i) != slow.row(i):
                raise _fail(seed, f"{where}: the compiled core gave {fast.row(i)}, Python {slow.row(i)}")
            score = fast.score(i)
            cp = score.card_points
            if fast.contract[i] < 6 and sum(cp) != 152:
                raise _fail(seed, f"{where}: card points {cp} do not sum to 152")
            r = fast.state(i)
            if r.score() != score or sum(t.points for t in r.tricks) != sum(cp) + sum(score.last_trick):
                raise _fail(seed, f"{where}: the replay through RoundState scores {r.score()}, the batch {score}")
            answer = evaluate(
                {
                    "op": "score", "profile": p.to_dict(), "contract": Contract(fast.contract[i]).name,
                    "card_points": list(cp), "tricks": list(r.tricks_won), "last_trick": r.tricks[-1].winner & 1,
                    "weis": list(score.weis), "stoeck": list(score.stoeck),
                }
            )  # fmt: skip
            if not answer["ok"] or answer["written"] != list(score.written):
                raise _fail(seed, f"{where}: written {score.written} but the oracle says {answer}")
        stats.rounds += n
    return stats


@dataclass
class PolicySoakStats:
    """What ``soak_policy`` checked: positions, the policy's decisions compared card for card, and whether
    the compiled policy played them."""

    positions: int = 0
    decisions: int = 0
    compiled: bool = False
    seconds: float = 0.0


def _snapshot(r: RoundState) -> list[str]:
    """Every field of a round, written out (a change to any of them shows)."""
    return [repr(getattr(r, name)) for name in type(r).__slots__]


def policy_positions(profile: RuleProfile, rng: random.Random) -> Iterator[RoundState]:
    """Endless random positions of the card play: a random deal and contract, then up to 35 cards, each a
    random legal card or the rollout policy's (``choose``) at even odds; rounds played to their end are
    skipped. The positions of ``soak_policy`` and of the compiled policy's tests."""
    from puur.bots.rollout import choose

    while True:
        dealer = rng.randrange(4)
        r = RoundState(profile, deal(rng, dealer), dealer, (dealer + 1) % 4)
        r.choose(rng.choice(profile.contracts))
        for _ in range(rng.randrange(36)):
            r.play(rng.choice(list(iter_cards(r.legal_cards()))) if rng.random() < 0.5 else choose(r))
        if not r.is_done:
            yield r


def soak_policy(profile: RuleProfile | str | dict[str, object], positions: int, seed: int = 0) -> PolicySoakStats:
    """The search's playout policy compiled (``Rules.policy``, ``Rules.rollout``; ``policy_score``)
    against its reference, ``puur.bots.rollout.choose`` played through ``RoundState``, from random positions
    (a random contract, then some cards by a mix of random legal cards and the policy): at every decision
    of the playout the compiled card is ``choose``'s; ``policy_score`` of the position, and after a random
    legal first card, is the written score of the Python playout (Weis, Stöck, the last trick, the match,
    the factor), and leaves the position as it was. Without the compiled policy for the profile there is
    nothing to compare: ``compiled`` says so."""
    from puur.bots.rollout import choose, compiled_policy, policy_score

    p = RuleProfile.resolve(profile)
    core = compiled_policy(p)
    stats = PolicySoakStats(compiled=core is not None)
    if core is None:
        return stats
    rng = random.Random(seed)
    start = time.perf_counter()
    for r in policy_positions(p, rng):
        if stats.positions == positions:
            break
        where = f"policy position {stats.positions} ({r.contract!r}, {len(r.cards_played)} cards played)"
        first = rng.choice(list(iter_cards(r.legal_cards())))
        before = _snapshot(r)
        for lead in (None, first):
            s = r.clone()
            if lead is not None:
                s.play(lead)
            while s.to_act is not None:
                card = choose(s)
                mine = core.policy(s.hands, s.trick, s.leader, len(s.tricks), int(s.contract))  # type: ignore[arg-type]
                if mine != card:
                    raise _fail(seed, f"{where}: the compiled policy plays {mine}, choose {card}")
                s.play(card)
                stats.decisions += 1
            fast = policy_score(r, lead)
            if fast != s.score():
                raise _fail(seed, f"{where}, first card {lead}: policy_score {fast}, the Python playout {s.score()}")
        if _snapshot(r) != before:
            raise _fail(seed, f"{where}: policy_score changed the position")
        stats.positions += 1
    stats.seconds = time.perf_counter() - start
    return stats


@dataclass
class SolverSoakStats:
    """What ``soak_solver`` checked: positions solved by both searches, the positions they searched, and
    whether the compiled core searched them (Slalom and Guschti: only the Python search)."""

    positions: int = 0
    nodes: int = 0
    compiled: bool = False
    seconds: float = 0.0


def soak_solver(profile: RuleProfile | str | dict[str, object], positions: int, seed: int = 0) -> SolverSoakStats:
    """The solver's compiled core against the Python search, its reference, from random positions
    with two to five tricks left (a random contract, the cards before by the playout policy, the position at
    a trick boundary or inside a trick): the same card, the same final points and the same positions
    searched; and every legal card's value agrees with the position's (the best is the value, none beats
    it). Slalom and Guschti, which only the Python search plays, are left out; without the compiled core
    there is nothing to compare: ``compiled`` stays False."""
    from puur.bots.rollout import choose
    from puur.bots.solver import COMPILED, Solver, solve

    p = RuleProfile.resolve(profile)
    stats = SolverSoakStats()
    contracts = [c for c in p.contracts if not c.changes_direction]
    if not COMPILED or not contracts:
        return stats
    stats.compiled = True
    rng = random.Random(seed)
    start = time.perf_counter()
    while stats.positions < positions:
        dealer = rng.randrange(4)
        r = RoundState(p, deal(rng, dealer), dealer, (dealer + 1) % 4)
        r.choose(rng.choice(contracts))
        stop = 36 - 4 * rng.randint(2, 5) + rng.randrange(4)
        while len(r.cards_played) < stop:
            r.play(choose(r))
        where = f"solver position {stats.positions} ({r.contract!r}, {stop} cards played)"
        fast, slow = solve(r, compiled=True), solve(r, compiled=False)
        if fast != slow:
            raise _fail(seed, f"{where}: the compiled core gives {fast}, the Python search {slow}")
        solver = Solver(r, compiled=True)
        values = solver.card_values(r)
        best = max(values.values()) if r.to_act is not None and r.to_act % 2 == 0 else min(values.values())
        if solver.final_points(best, r) != fast.points:
            raise _fail(seed, f"{where}: the best card's value {best} gives {solver.final_points(best, r)}, "
                              f"the solve {fast.points}")  # fmt: skip
        stats.positions += 1
        stats.nodes += fast.nodes
    stats.seconds = time.perf_counter() - start
    return stats
