"""Experiment (not shipped): how low can any model of the hidden hands bring the log-loss, at a table whose play
it knows exactly?

    .venv/bin/python docs/experiments/hand_ceiling.py --games 40 --particles 200 --jobs 2 [--first 0] [--out FILE]

At a table of four ``heuristic`` players, which have no randomness (``puur.bots.heuristic``), what a seat sees
decides the hidden hands' chances exactly: every deal is equally likely before the play, so afterwards every
deal is equally likely that agrees with the rules' facts (``puur.info.determinize.Determinizer``'s constraints,
the public Weis, the first forehand holding 7♦) and in which each earlier decision of the other three seats
(the push, the contract, each card, a claim) is the one the heuristic takes with that seat's hand there.
The chance of each hidden card at each seat under that posterior is the best any model of the hidden hands
can give on these positions: the log-loss is lowest at the true conditional chances. It is the ceiling of
``benchmarks/hand_net.py``'s aim (20% lower log-loss than the log-linear model) at the most readable table there
is, one that plays by known rules with no randomness.

The posterior is estimated by sequential Monte Carlo over the round, for each observing seat: ``--particles``
deals of the other three seats' dealt hands (uniform, 7♦ at the first forehand), kept where each decision of
the other seats agrees with its hand (a seat's decisions read its own hand and the public play only, so the
check is per seat, remembered by hand), resampled, and moved by swaps of two not yet played cards between two
other seats, a swap kept when both seats' decisions so far still agree (Metropolis with a uniform target:
the chain keeps the posterior). Before the play the push and the contract are met by rejection from fresh
deals, so that the first particles are independent. Where no particle agrees with a decision, they are walked
(the card played swapped into its player's hand first, then swaps that keep the decisions before it) until some
do; where none keeps a fact made public (a shown Weis), they are walked to it; these walks only approximate the
posterior, and their count is kept (``rescues``, ``repairs``). A seat's round where 60 walks find no deal is left
out and counted (``left_out``).

Measured at every card decision of the observing seat (each seat observes in turn), on the rows that
``benchmarks/hand_net.py`` labels (a hidden card that more than one seat may hold): the log-loss of the room
alone, of the shipped log-linear model (``puur.bots.hand_model``), of the shipped network
(``puur/bots/hand_net.npz``) and of the posterior's estimate (the particles' shares, mixed 2% with the room so
that no real seat gets a zero; a finite sample overstates the ceiling's log-loss, so the ceiling is at most the
figure given). Games are ``benchmarks/hand_model.py``'s (round 1 of ``Game(schieber, seed=1_000_000 + g)``).
The findings are in docs/experiments/research.md.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from dataclasses import replace
from multiprocessing import Pool
from typing import Any

import numpy as np

from puur.bots import make_seat_player
from puur.bots.heuristic import HeuristicPlayer
from puur.bots.runner import declarations_for
from puur.core.cards import Card, CardSet, iter_cards
from puur.core.round import first_forehand
from puur.core.rules.legal import legal_moves
from puur.info.determinize import Determinizer
from puur.match.game import Game

ALL = (1 << 36) - 1
MIX = 0.02
"""The room's share in the posterior's estimate (no real seat at zero)."""


def play(g: int, spec: str = "heuristic") -> tuple[list[int], int, list[tuple[int, Any, list[Any], list[int]]]]:
    """Game ``g`` of ``benchmarks/hand_model.py`` (round 1 of ``Game(schieber, seed=1_000_000 + g)``, seat ``s``
    ``spec`` seeded ``7_000_000 + 4 g + s``): the dealt hands, the dealer, and each decision as (seat, action,
    the four seats' observations then, the four hands then)."""
    game = Game("schieber", seed=1_000_000 + g)
    players = {s: make_seat_player(spec, 7_000_000 + 4 * g + s) for s in range(4)}
    dealt, dealer = [int(h) for h in game.round.hands], game.round.dealer
    steps = []
    while not game.is_over and not game.rounds:
        seat = game.current_seat
        assert seat is not None
        views = [game.observation(s) for s in range(4)]
        action = players[seat].act(views[seat])
        steps.append((seat, action, views, [int(h) for h in game.round.hands]))
        game.apply(action, declarations_for(game, action))
    return dealt, dealer, steps


def played_before(steps: list[Any]) -> list[list[int]]:
    """The cards each seat had played before each step (and after the last), by seat."""
    out: list[list[int]] = []
    played = [0, 0, 0, 0]
    for seat, action, _, _ in steps:
        out.append(list(played))
        if isinstance(action, Card):
            played[seat] |= 1 << int(action)
    return [*out, played]


def fresh_deal(dealt: list[int], dealer: int, observer: int, forehand: int, profile: Any, rng: random.Random) -> list[int]:
    """Dealt hands of the seats other than ``observer`` (whose own are ``dealt``'s), uniform among those that
    give the first forehand its 7."""
    others = [s for s in range(4) if s != observer]
    while True:
        cards = list(iter_cards(ALL & ~dealt[observer]))
        rng.shuffle(cards)
        hands = [0, 0, 0, 0]
        hands[observer] = dealt[observer]
        for i, s in enumerate(others):
            for c in cards[9 * i : 9 * i + 9]:
                hands[s] |= 1 << c
        if first_forehand(profile, hands, dealer) == forehand:
            return hands


def position_rows(view: Any, hands: list[int], shares: dict[str, np.ndarray], model: Any, net: Any) -> list[dict[str, Any]]:
    """The rows ``benchmarks/hand_net.py`` labels at one position (a hidden card more than one seat may hold):
    the real relative seat's chance by the room alone, the log-linear model, the network of the hidden hands
    and each of ``shares`` (a (36, 3) estimate, mixed ``MIX`` with the room)."""
    from puur.bots.hand_model import card_weights
    from puur.env.encoding import encode

    o = view.seat
    det = Determinizer(view)
    others = [(o + r) % 4 for r in (1, 2, 3)]
    room = np.array([det.need[s] for s in others], dtype=float)
    scores = net.scores(encode(view)[None, :])[0]
    weights = card_weights(view, det.cards, model) or {}
    rows = []
    for c in det.cards:
        ok = np.array([not det.cannot[s] >> c & 1 and det.need[s] > 0 for s in others])
        if ok.sum() < 2:
            continue
        y = next(i for i, s in enumerate(others) if hands[s] >> c & 1)
        base = np.where(ok, room, 0.0)
        p_room = base / base.sum()
        z = np.where(ok, scores[c] + np.log(np.maximum(room, 1e-9)), -np.inf)
        p_net = np.exp(z - z.max())
        p_net /= p_net.sum()
        lean = np.array([weights[c][s] for s in others] if c in weights else [1.0] * 3)
        p_ll = base * lean / (base * lean).sum()
        row = {"tricks": len(view.tricks), "y": int(y), "room": float(p_room[y]), "loglinear": float(p_ll[y]),
               "net": float(p_net[y])}  # fmt: skip
        for name, share in shares.items():
            row[name] = float((1 - MIX) * share[c][y] + MIX * p_room[y])
        rows.append(row)
    return rows


class Stuck(RuntimeError):
    """The particles found no deal that agrees with a decision (that observing seat's round is left out)."""


class Table:
    """The round as one seat saw it, and the per-seat check of a dealt hand against the decisions so far."""

    def __init__(self, dealt: list[int], dealer: int, steps: list[Any], observer: int) -> None:
        self.steps = steps
        self.observer = observer
        self.others = [s for s in range(4) if s != observer]
        self.unknown = ALL & ~dealt[observer]
        self.profile = steps[0][2][observer].profile
        self.dealer = dealer
        self.forehand = steps[0][2][observer].forehand
        self.dealt = dealt
        self.player = HeuristicPlayer()
        self.played_before = played_before(steps)
        self.memo: dict[tuple[int, int], int] = {}
        """(seat, dealt hand) -> how many of that seat's decisions agree (from the first), -1 - n when
        decision n disagrees."""
        self.rescues = 0
        self.repairs = 0
        """How often no particle kept a fact made public and the particles were walked to it."""
        """How often no particle agreed with a decision and the particles were walked until some did."""
        self.decisions = {s: [k for k, (seat, _, _, _) in enumerate(steps) if seat == s] for s in range(4)}

    def agrees(self, seat: int, hand: int, upto: int) -> bool:
        """Whether the heuristic with dealt hand ``hand`` at ``seat`` takes each of that seat's decisions
        before step ``upto`` as taken."""
        done = self.memo.get((seat, hand), 0)
        if done < 0:
            return self.decisions[seat][-1 - done] >= upto
        for n in range(done, len(self.decisions[seat])):
            k = self.decisions[seat][n]
            if k >= upto:
                self.memo[(seat, hand)] = n
                return True
            _, action, views, _ = self.steps[k]
            if not self.decides(seat, hand & ~self.played_before[k][seat], views[seat], action):
                self.memo[(seat, hand)] = -1 - n
                return False
        self.memo[(seat, hand)] = len(self.decisions[seat])
        return True

    def decides(self, seat: int, hand: int, view: Any, action: Any) -> bool:
        if isinstance(action, Card) and not hand >> int(action) & 1:
            return False
        cards = tuple(Card(c) for c in iter_cards(hand))
        if view.phase == "play" and view.contract is not None:
            legal = legal_moves(CardSet(hand), [int(c) for _, c in view.trick], view.contract, view.profile)
            other = tuple(a for a in view.legal_actions if not isinstance(a, Card))
            view = replace(view, hand=cards, legal_actions=tuple(Card(c) for c in iter_cards(legal)) + other)
        else:
            view = replace(view, hand=cards)
        return bool(self.player.act(view) == action)

    def fresh(self, rng: random.Random) -> list[int]:
        """Dealt hands of the other seats, uniform among those that give the first forehand 7♦."""
        return fresh_deal(self.dealt, self.dealer, self.observer, self.forehand, self.profile, rng)


def holds(det: Determinizer, now: list[int]) -> bool:
    """The current hands ``now`` keep the observing seat's constraints (cards fixed, cards ruled out, Weis)."""
    for s in det.others:
        if now[s] & det.cannot[s] or (now[s] & det.base[s]) != det.base[s]:
            return False
    return det.weis_holds(now)


def posterior(table: Table, particles: int, rng: random.Random, moves: int = 8) -> dict[int, np.ndarray]:
    """At each card decision of the observing seat (step index): the estimated chance of each card (36) at
    each relative seat (1..3), ``(36, 3)``."""
    steps, o = table.steps, table.observer
    first_play = next(k for k, (_, _, v, _) in enumerate(steps) if v[o].phase == "play" and v[o].contract is not None)
    pool: list[list[int]] = []
    tries = 0
    while len(pool) < particles:
        tries += 1
        if tries > 400 * particles:
            raise RuntimeError("the push and the contract: too few deals agree")
        hands = table.fresh(rng)
        if all(table.agrees(s, hands[s], first_play) for s in table.others):
            pool.append(hands)
    out: dict[int, np.ndarray] = {}
    for k in range(first_play, len(steps)):
        seat, _, views, _ = steps[k]
        det = Determinizer(views[o])  # what the observing seat knows before step k
        played = table.played_before[k]
        kept = [p for p in pool if holds(det, [h & ~played[s] for s, h in enumerate(p)])]
        if not kept:  # a fact made public (a shown Weis): the particles are walked to it
            table.repairs += 1
            for p in pool:
                repair(table, p, k, rng, det)
            kept = [p for p in pool if holds(det, [h & ~played[s] for s, h in enumerate(p)])]
        pool = _refill(table, kept, particles, k, rng, moves, det)
        if seat == o:
            share = np.zeros((36, 3))
            for p in pool:
                for r in (1, 2, 3):
                    for c in iter_cards(p[(o + r) % 4] & ~played[(o + r) % 4]):
                        share[c, r - 1] += 1
            out[k] = share / len(pool)
        else:
            kept = [p for p in pool if table.agrees(seat, p[seat], k + 1)]
            walks = 0
            while not kept:  # the decision was unlikely under the particles: walk them until some agree
                table.rescues += 1
                walks += 1
                if walks > 60:
                    raise Stuck(f"no particle agrees with step {k}")
                card = steps[k][1]
                for p in pool:
                    if isinstance(card, Card) and not p[seat] >> int(card) & 1:
                        bring(table, p, seat, int(card), k, rng, det)
                    else:
                        move(table, p, k, rng, moves, det)
                kept = [p for p in pool if table.agrees(seat, p[seat], k + 1)]
            pool = kept
    return out


def _refill(table: Table, pool: list[list[int]], particles: int, upto: int, rng: random.Random, moves: int,
            det: Determinizer) -> list[list[int]]:  # fmt: skip
    """The survivors (which agree with the decisions before step ``upto`` and ``det``'s constraints) resampled
    to ``particles`` and each moved by ``moves`` swap proposals (when any died)."""
    if not pool:
        raise RuntimeError("no particle keeps the constraints")
    if len(pool) == particles:
        return pool
    pool = [list(rng.choice(pool)) for _ in range(particles)]
    for p in pool:
        move(table, p, upto, rng, moves, det)
    return pool


def violations(det: Determinizer, now: list[int]) -> int:
    """How far the current hands ``now`` are from ``det``'s constraints (cards missing, cards ruled out, the Weis)."""
    n = sum((det.base[s] & ~now[s]).bit_count() + (now[s] & det.cannot[s]).bit_count() for s in det.others)
    return n + (0 if det.weis_holds(now) else 1)


def swapped(p: list[int], a: int, x: int, b: int, y: int) -> list[int]:
    """The dealt hands ``p`` with card ``x`` of seat ``a`` and card ``y`` of seat ``b`` exchanged."""
    q = list(p)
    q[a] = (q[a] & ~(1 << x)) | 1 << y
    q[b] = (q[b] & ~(1 << y)) | 1 << x
    return q


def keeps(table: Any, q: list[int], seats: tuple[int, int], upto: int, det: Determinizer | None) -> bool:
    """Whether the dealt hands ``q`` give the first forehand its 7, agree with the decisions of ``seats``
    before step ``upto`` (``table.agrees``) and, with ``det``, keep its constraints."""
    if first_forehand(table.profile, q, table.dealer) != table.forehand:
        return False
    if not all(table.agrees(s, q[s], upto) for s in seats):
        return False
    played = table.played_before[upto]
    return det is None or holds(det, [h & ~played[s] for s, h in enumerate(q)])


def repair(table: Any, p: list[int], upto: int, rng: random.Random, det: Determinizer, tries: int = 400) -> None:
    """Swaps on ``p`` (in place) that keep the decisions before ``upto`` and never take the hands further
    from ``det``'s constraints, until they hold (a card a seat must hold is swapped in first)."""
    played = table.played_before[upto]
    for _ in range(tries):
        now = [h & ~played[s] for s, h in enumerate(p)]
        v = violations(det, now)
        if v == 0:
            return
        missing = [(s, c) for s in det.others for c in iter_cards(det.base[s] & ~now[s])]
        if missing and rng.random() < 0.7:
            b, y = rng.choice(missing)
            a = next(s for s in table.others if now[s] >> y & 1)
            free_b = now[b] & ~det.base[b]
            if not free_b:
                continue
            x = rng.choice(list(iter_cards(free_b)))
        else:
            a, b = rng.sample(table.others, 2)
            if not now[a] or not now[b]:
                continue
            y = rng.choice(list(iter_cards(now[a])))
            x = rng.choice(list(iter_cards(now[b])))
        q = swapped(p, a, y, b, x)
        if keeps(table, q, (a, b), upto, None) and violations(det, [h & ~played[s] for s, h in enumerate(q)]) <= v:
            p[:] = q


def bring(table: Any, p: list[int], seat: int, card: int, upto: int, rng: random.Random, det: Determinizer) -> None:
    """Swap ``card`` into ``seat``'s dealt hand for one of its cards not yet played (in place), if some swap
    keeps the decisions before ``upto`` and ``det``'s constraints."""
    played = table.played_before[upto]
    holder = next(s for s in table.others if p[s] >> card & 1)
    options = list(iter_cards(p[seat] & ~played[seat]))
    rng.shuffle(options)
    for x in options:
        q = swapped(p, seat, x, holder, card)
        if keeps(table, q, (seat, holder), upto, det):
            p[:] = q
            return


def move(table: Any, p: list[int], upto: int, rng: random.Random, moves: int, det: Determinizer) -> None:
    """``moves`` swaps of two cards not yet played between two other seats on the dealt hands ``p`` (in place),
    each kept when the hands still agree with the decisions before step ``upto`` and keep ``det``'s
    constraints (Metropolis with a uniform target over the deals that do)."""
    played = table.played_before[upto]
    for _ in range(moves):
        a, b = rng.sample(table.others, 2)
        free_a, free_b = p[a] & ~played[a], p[b] & ~played[b]
        if not free_a or not free_b:
            continue
        q = swapped(p, a, rng.choice(list(iter_cards(free_a))), b, rng.choice(list(iter_cards(free_b))))
        if keeps(table, q, (a, b), upto, det):
            p[:] = q


def measure(task: tuple[int, int, int]) -> list[dict[str, Any]]:
    """The rows of game ``g`` for every observing seat: per labelled card, the real relative seat and each
    model's chance of it."""
    from puur.bots.hand_model import default_model
    from puur.env.hand_net import default_net

    g, particles, seed = task
    dealt, dealer, steps = play(g)
    model, net = default_model(), default_net()
    rows: list[dict[str, Any]] = []
    for o in range(4):
        table = Table(dealt, dealer, steps, o)
        try:
            post = posterior(table, particles, random.Random(seed * 1_000_003 + 4 * g + o))
        except Stuck:
            rows.append({"game": g, "observer": o, "stuck": True})
            continue
        for k, share in post.items():
            for row in position_rows(steps[k][2][o], steps[k][3], {"posterior": share}, model, net):
                rows.append({"game": g, "observer": o, **row, "rescues": table.rescues, "repairs": table.repairs})
    return rows


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--particles", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="")
    args = ap.parse_args(argv)
    start = time.time()
    tasks = [(g, args.particles, args.seed) for g in range(args.first, args.first + args.games)]
    with Pool(args.jobs) as pool:
        rows = [r for part in pool.imap(measure, tasks) for r in part]
    if args.out:
        with open(args.out, "w") as f:
            json.dump(rows, f)
    print(json.dumps(summary(rows) | {"seconds": round(time.time() - start)}, indent=1))


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Log-loss of each model over all rows and by tricks played."""
    stuck = [r for r in rows if r.get("stuck")]
    rows = [r for r in rows if not r.get("stuck")]
    names = [n for n in ("room", "loglinear", "net", "posterior", "cards_only") if rows and n in rows[0]]

    def nll(part: list[dict[str, Any]]) -> dict[str, float]:
        return {n: round(-sum(math.log(r[n]) for r in part) / len(part), 4) for n in names} | {"rows": len(part)}

    out: dict[str, Any] = {"all": nll(rows), "observed_rounds": len({(r["game"], r["observer"]) for r in rows}),
                           "left_out": len(stuck)}  # fmt: skip
    out["posterior_lower_than_loglinear"] = round(1 - out["all"]["posterior"] / out["all"]["loglinear"], 4)
    out["by_tricks"] = {t: nll([r for r in rows if r["tricks"] == t]) for t in sorted({r["tricks"] for r in rows})}
    return out


if __name__ == "__main__":
    main()
