"""Experiment (not shipped): the hidden hands read through the policy network (policy-based inference,
Rebstock, Solinas, Buro and Sturtevant, 2019), measured as ``benchmarks/hand_net.py`` measures a model of the
hidden hands.

    .venv/bin/python docs/experiments/policy_reading.py --games 950 --every 10 --particles 200 --jobs 2 [--out FILE]

A seat that sees the play can weigh each deal of the hidden hands by how likely the other seats were to take
their decisions (the push, the contract, each card) with the hands that deal gives them. The policy network
(``puur/bots/policy_net.npz``) says how likely the search is to take each action from a seat's view; read as a
model of the other seats' play, it turns every decision into evidence. Here that posterior is estimated for
each observing seat by importance sampling: ``--particles`` deals of the other seats' dealt hands that keep the
rules' facts, each equally likely (uniform at the deal with 7♦ at the first forehand; a card played swapped into
its player's hand where a deal has it elsewhere, which keeps a sample with fixed hand sizes uniform; a fact made
public walked to, as in ``docs/experiments/hand_ceiling.py``; every step three swaps of cards not yet played
that keep the facts), each weighed at a decision of the observing seat by the model's chance of every decision
the other seats took so far with its hands. The model is the network's chance mixed ``--mix`` with the uniform
choice among the legal actions (``--mix 1``: a player that plays any legal action alike).

The network reads an encoded view (``puur.env.encoding``), and a seat's view differs between deals only in its
hand (checked on the first position of each game), so the first layer's product is taken once per decision for
the public part and the hand's rows are added per deal.

The positions are ``benchmarks/hand_model.py``'s: round 1 of ``Game(schieber, seed=1_000_000 + g)``, every seat
``mcts:level=easy`` seeded ``7_000_000 + 4 g + s``, the games ``g = --offset + --every * n`` below ``--games``
(offset 0, every 10: the held-out games of ``benchmarks/hand_net.py``, the same rows; offset 1: the games that
choose its epoch, used here to choose ``--mix``). At each card decision of each
seat the log-loss of the labelled hidden cards: the room alone, the log-linear model, the shipped network of the
hidden hands and the read posterior (the particles' weighted shares mixed 2% with the room: ``posterior``, and
``cards_only`` reading the cards alone, not the push and the contract). The findings are in
docs/experiments/research.md.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from dataclasses import replace
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hand_ceiling import bring, fresh_deal, holds, move, play, played_before, position_rows, repair, summary  # noqa: E402

from puur.bots.net_reading import decision_logliks
from puur.core.cards import Card, CardSet, iter_cards
from puur.core.rules.legal import legal_moves
from puur.info.determinize import Determinizer


class Reader:
    """The policy network's log-chance of each decision of the round, given the deciding seat's hand then."""

    def __init__(self, steps: list[Any], mix: float) -> None:
        from puur.env.encoding import action_index, encode
        from puur.env.policy_net import default_net

        net = default_net()
        self.mix = mix
        """The share of the uniform choice among the legal actions in the model of play (the network alone is
        far too sure of the search's choices to be read as their chance)."""
        self.layers = {k: getattr(net, k) for k in ("w1", "b1", "w2", "b2", "wp", "bp")}
        self.public: dict[int, np.ndarray] = {}
        self.action: dict[int, int] = {}
        self.fixed: dict[int, list[int]] = {}
        """Per decision: the legal actions that do not depend on the hand (a contract, the push, a claim)."""
        self.play: dict[int, tuple[list[int], Any, Any]] = {}
        """Per card decision: the trick's cards, the contract and the profile (the legal cards by hand)."""
        for k, (seat, action, views, _) in enumerate(steps):
            view = views[seat]
            try:
                self.action[k] = action_index(action)
            except ValueError:
                continue
            bare = encode(replace(view, hand=()))
            if k == 0 and not np.array_equal(encode(view) - bare, np.isin(np.arange(len(bare)), [int(c) for c in view.hand]).astype(np.float32)):
                raise AssertionError("a view's encoding differs from another hand's by more than the hand")
            self.public[k] = bare @ net.w1 + net.b1
            self.fixed[k] = [action_index(a) for a in view.legal_actions if not isinstance(a, Card)]
            if view.phase == "play" and view.contract is not None:
                self.play[k] = ([int(c) for _, c in view.trick], view.contract, view.profile)

    def logliks(self, pairs: list[tuple[int, int]]) -> np.ndarray:
        """For each (decision, the deciding seat's hand then): the log-chance of the action taken (``-inf``
        for a card the hand does not hold; 0 for a decision the network has no index for, or with one legal
        action); the forward pass is the package's (``puur.bots.net_reading.decision_logliks``)."""
        out = np.zeros(len(pairs))
        where: list[int] = []
        rows: list[tuple[int, int, int, int]] = []  # (decision, hand, legal actions as a bit set, action taken)
        for i, (k, hand) in enumerate(pairs):
            if k not in self.public:
                continue
            a = self.action[k]
            if k in self.play:
                if a < 36 and not hand >> a & 1:
                    out[i] = -math.inf
                    continue
                trick, contract, profile = self.play[k]
                options = list(iter_cards(legal_moves(CardSet(hand), trick, contract, profile))) + self.fixed[k]
            else:
                options = self.fixed[k]
            if len(options) < 2:
                continue
            where.append(i)
            rows.append((k, hand, sum(1 << o for o in options), a))
        if rows:
            out[where] = decision_logliks(
                self.layers, np.stack([self.public[r[0]] for r in rows]), [r[1] for r in rows], [r[2] for r in rows],
                [r[3] for r in rows], self.mix,
            )  # fmt: skip
        return out


class Stuck(RuntimeError):
    """No particle could be brought to the facts (that observing seat's round is left out, and counted)."""


class Round:
    """One observing seat's round: the decisions, who played what before each step, the first forehand."""

    def __init__(self, dealt: list[int], dealer: int, steps: list[Any], observer: int, reader: Reader) -> None:
        self.steps, self.observer, self.reader = steps, observer, reader
        self.others = [s for s in range(4) if s != observer]
        self.dealt = dealt
        self.profile = steps[0][2][observer].profile
        self.dealer, self.forehand = dealer, steps[0][2][observer].forehand
        self.played_before = played_before(steps)
        self.decisions = {s: [k for k, (seat, _, _, _) in enumerate(steps) if seat == s] for s in range(4)}
        self.ess: list[float] = []
        """The effective number of particles at each decision of the observing seat."""
        self.repairs = 0
        """How often no particle held a card played, or kept a fact made public, and they were walked to it."""

    def agrees(self, seat: int, hand: int, upto: int) -> bool:
        """Every deal that keeps the facts is in the sample (``hand_ceiling``'s moves ask); the model of play
        weighs it instead."""
        return True

    def fresh(self, rng: random.Random) -> list[int]:
        return fresh_deal(self.dealt, self.dealer, self.observer, self.forehand, self.profile, rng)

    def seat_logliks(self, items: list[tuple[int, int]], upto: int, since: int = 0) -> np.ndarray:
        """For each (seat, dealt hand): the log-chance of all that seat's decisions from step ``since`` to
        before step ``upto``."""
        pairs, owner = [], []
        for i, (s, hand) in enumerate(items):
            for k in self.decisions[s]:
                if k >= upto:
                    break
                if k >= since:
                    pairs.append((k, hand & ~self.played_before[k][s]))
                    owner.append(i)
        out = np.zeros(len(items))
        if pairs:
            np.add.at(out, owner, self.reader.logliks(pairs))
        return out


def posterior(rd: Round, particles: int, rng: random.Random, moves: int = 3) -> dict[int, tuple[np.ndarray, np.ndarray]]:
    """At each card decision of the observing seat (step index): the read chance of each card (36) at each
    relative seat (1..3), reading every decision of the other seats, and reading their cards only (not the
    push and the contract).

    The particles stay a sample of the deals that keep the facts, each equally likely (importance sampling's
    proposal): a card played is swapped into its player's hand where a particle has it elsewhere (with hand
    sizes fixed this keeps the sample uniform), a fact made public is walked to, and every step each particle
    takes ``moves`` swaps that keep the facts. At a decision of the observing seat each particle is weighed by
    the model's chance of every decision of the other seats so far with its hands."""
    steps, o = rd.steps, rd.observer
    first_play = next(k for k, (_, _, v, _) in enumerate(steps) if v[o].phase == "play" and v[o].contract is not None)
    pool = [rd.fresh(rng) for _ in range(particles)]
    out: dict[int, tuple[np.ndarray, np.ndarray]] = {}
    for k in range(first_play, len(steps)):
        seat, _, views, _ = steps[k]
        det = Determinizer(views[o])
        played = rd.played_before[k]
        for p in pool:
            for s in rd.others:
                for c in iter_cards(played[s] & ~p[s]):
                    bring(rd, p, s, c, k, rng, det)
            if not holds(det, [h & ~played[s] for s, h in enumerate(p)]):
                repair(rd, p, k, rng, det)
        kept = [p for p in pool if all(played[s] & ~p[s] == 0 for s in rd.others) and holds(det, [h & ~played[s] for s, h in enumerate(p)])]
        if not kept:
            raise Stuck(f"no particle keeps the facts at step {k}")
        if len(kept) < len(pool):
            rd.repairs += 1
            pool = [list(rng.choice(kept)) for _ in range(particles)]
        for p in pool:
            move(rd, p, k, rng, moves, det)
        if seat == o:
            cards = sum((rd.seat_logliks([(s, p[s]) for p in pool], k, first_play) for s in rd.others), np.zeros(particles))
            logw = cards + sum((rd.seat_logliks([(s, p[s]) for p in pool], first_play) for s in rd.others), np.zeros(particles))
            if not np.isfinite(logw).any():
                raise Stuck(f"no particle's hands could have played so, at step {k}")
            shares = []
            for lw in (logw, cards):
                w = np.exp(lw - lw.max())
                w /= w.sum()
                share = np.zeros((36, 3))
                for p, wi in zip(pool, w, strict=True):
                    for r in (1, 2, 3):
                        for c in iter_cards(p[(o + r) % 4] & ~played[(o + r) % 4]):
                            share[c, r - 1] += wi
                shares.append(share)
            out[k] = (shares[0], shares[1])
            w = np.exp(logw - logw.max())
            w /= w.sum()
            rd.ess.append(1.0 / float((w * w).sum()))
    return out


def measure(task: tuple[int, int, int, str, float]) -> list[dict[str, Any]]:
    """The rows of game ``g`` for every observing seat: per labelled card, the real relative seat's chance by
    each model."""
    from puur.bots.hand_model import default_model
    from puur.env.hand_net import default_net

    g, particles, seed, spec, mix = task
    dealt, dealer, steps = play(g, spec)
    reader = Reader(steps, mix)
    model, net = default_model(), default_net()
    rows: list[dict[str, Any]] = []
    for o in range(4):
        rd = Round(dealt, dealer, steps, o, reader)
        try:
            post = posterior(rd, particles, random.Random(seed * 1_000_003 + 4 * g + o))
        except Stuck:
            rows.append({"game": g, "observer": o, "stuck": True})
            continue
        for k, (share, share_cards) in post.items():
            view = steps[k][2][o]
            if view.contract is None or view.contract.changes_direction:
                continue
            for row in position_rows(view, steps[k][3], {"posterior": share, "cards_only": share_cards}, model, net):
                rows.append({"game": g, "observer": o, **row, "repairs": rd.repairs, "ess": rd.ess[list(post).index(k)]})
    return rows


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=950)
    ap.add_argument("--every", type=int, default=10)
    ap.add_argument("--offset", type=int, default=0, help="games offset + every * n (1: the validation games)")
    ap.add_argument("--mix", type=float, default=0.5)
    ap.add_argument("--particles", type=int, default=200)
    ap.add_argument("--player", default="mcts:level=easy")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="")
    args = ap.parse_args(argv)
    start = time.time()
    tasks = [(g, args.particles, args.seed, args.player, args.mix) for g in range(args.offset, args.games, args.every)]
    with Pool(args.jobs) as pool:
        rows = [r for part in pool.imap_unordered(measure, tasks) for r in part]
    if args.out:
        Path(args.out).write_text(json.dumps(rows))
    print(json.dumps(summary(rows) | {"player": args.player, "mix": args.mix, "particles": args.particles, "seconds": round(time.time() - start)}, indent=1))


if __name__ == "__main__":
    main()
