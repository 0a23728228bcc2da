"""Experiment (not shipped): the search's playouts played by a small card-play network, each seat of a sampled
world playing from what that seat would see at the table (its own hand and the public play), not from the open
deal.

The search values a card or a contract by playing sampled worlds to the end of the round. The rule policy
of ``puur.bots.rollout`` plays them with every hand open to every seat, so a playout's value is that of a
round played by players who know where the cards are; the rounds the search really plays are not (the
contract values set against what happened: docs/experiments/research.md). This network imitates the search's
own choices at the real table, read from the self-play rows (``puur selfplay``), from a seat's view only.

Its input (``features``, ``N_FEATURES`` values, every one 0 or 1; seats relative to the seat to play: 0
itself, 1 the next, 2 its partner, 3 the one before):

============ ======= =====================================================================
block        size    meaning
============ ======= =====================================================================
hand         36      the seat's cards
played       4 x 36  the cards each relative seat played in the finished tricks
trick        4 x 36  the cards each relative seat has played to the current trick
contract     10      the contract (``puur.info.encoding.CONTRACTS``)
chooser      4       the relative seat that chose the contract
trick_index  9       the number of finished tricks
winning      4       the relative seat whose card wins the current trick so far (none when it is empty)
shown_out    3 x 4   relative seats 1-3 that did not follow the led suit, by suit (the Puur's exception
                     included: a fact of the play, not a proof of a void, RULES.md §7)
============ ======= =====================================================================

``features`` takes the round in relative terms, so that the self-play rows (whose encoding,
``puur.info.encoding``, is relative already: ``row_features``) and a ``RoundState`` in a playout
(``seat_features``) give the same input for the same position. The network is one hidden layer (128
rectified units) and a score for each card; a playout plays the legal card of the highest score.

    .venv/bin/python docs/experiments/rollout_net.py check                  # the two inputs agree
    .venv/bin/python docs/experiments/rollout_net.py rows ROWS.npz runs/iter0 runs/iter1 runs/iter2
    .venv/bin/python docs/experiments/rollout_net.py train ROWS.npz NET.npz  # JAX: the learn extra
    PYTHONPATH=docs/experiments .venv/bin/puur arena \\
        --a 'rollout_net:NetRollouts:iters=60,net=NET.npz,where=contract' --b mcts:iters=60 \\
        --deals 600 --jobs 2 --seed 2 --json

``where``: ``contract`` (the contract decision's playouts only), ``cards`` (the card decisions' only) or
``all``. The findings are in docs/experiments/research.md ("Playouts played from each seat's view").
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from puur.bots.mcts import MCTSPlayer
from puur.core.cards import Card, Contract, iter_cards
from puur.core.round import RoundState
from puur.core.rules.scoring import RoundScore
from puur.core.rules.trick import trick_winner
from puur.info.encoding import CONTRACTS, layout

HAND, PLAYED, TRICK, CONTRACT, CHOOSER, TRICK_INDEX, WINNING, SHOWN_OUT = 0, 36, 180, 324, 334, 338, 347, 351
N_FEATURES = 363
_CONTRACT_INDEX = {c: i for i, c in enumerate(CONTRACTS)}

Trick = tuple[int, Sequence[int]]
"""A trick in relative terms: the relative seat that led it and its cards in the order played."""


def features(hand: int, tricks: Sequence[Trick], trick: Trick, contract: Contract, chooser: int) -> list[int]:
    """The indices of the inputs that are set, for the relative seat 0 holding ``hand`` (a card mask), after
    the finished ``tricks``, with ``trick`` on the table, under ``contract`` chosen by relative seat
    ``chooser``."""
    out = [HAND + c for c in iter_cards(hand)]
    shown = 0

    def seen(block: int, leader: int, cards: Sequence[int]) -> None:
        nonlocal shown
        led = cards[0] // 9
        for i, c in enumerate(cards):
            seat = (leader + i) & 3
            out.append(block + seat * 36 + c)
            if seat and c // 9 != led:
                shown |= 1 << ((seat - 1) * 4 + led)

    for leader, cards in tricks:
        seen(PLAYED, leader, cards)
    leader, cards = trick
    if cards:
        seen(TRICK, leader, cards)
        out.append(WINNING + ((leader + trick_winner(cards, contract, len(tricks))) & 3))
    out.append(CONTRACT + _CONTRACT_INDEX[contract])
    out.append(CHOOSER + (chooser & 3))
    out.append(TRICK_INDEX + len(tricks))
    out.extend(SHOWN_OUT + b for b in iter_cards(shown))
    return out


def seat_features(r: RoundState, seat: int) -> list[int]:
    """``features`` of ``seat``'s view of the round ``r`` (in play): its hand and the public play."""
    assert r.contract is not None and r.chooser is not None
    tricks = [((t.leader - seat) & 3, t.cards) for t in r.tricks]
    return features(int(r.hands[seat]), tricks, ((r.leader - seat) & 3, r.trick), r.contract, (r.chooser - seat) & 3)



def row_features(x: np.ndarray) -> list[int]:
    """``features`` of one self-play row's encoded observation (``puur.info.encoding``, seats relative)."""
    at = layout()
    hand = 0
    for c in np.flatnonzero(x[at["hand"]]):
        hand |= 1 << int(c)
    on_table = x[at["trick"]].reshape(4, 36)
    leaders = x[at["trick_leader"]]
    leader = int(np.argmax(leaders)) if leaders.any() else 0
    cards = []
    for k in range(4):
        held = np.flatnonzero(on_table[(leader + k) & 3])
        if not len(held):
            break
        cards.append(int(held[0]))
    tricks: list[Trick] = []
    past = x[at["tricks"]].reshape(9, 4, 36)
    past_leaders = x[at["trick_leaders"]].reshape(9, 4)
    for t in range(9):
        if not past_leaders[t].any():
            break
        led = int(np.argmax(past_leaders[t]))
        tricks.append((led, [int(np.flatnonzero(past[t, (led + k) & 3])[0]) for k in range(4)]))
    contract = CONTRACTS[int(np.argmax(x[at["contract"]]))]
    return features(hand, tricks, (leader, cards), contract, int(np.argmax(x[at["chooser"]])))


def check(positions: int = 3000, seed: int = 1) -> None:
    """Random rounds of random legal play: every seat's ``seat_features`` equal ``row_features`` of the
    seat's encoded observation. Exits with an error at the first difference."""
    from puur.env.encoding import encode
    from puur.match.game import Game

    rng = random.Random(seed)
    seen = 0
    while seen < positions:
        game = Game("schieber", seed=rng.randrange(1 << 30))
        while not game.is_over and seen < positions:
            seat = game.current_seat
            assert seat is not None
            obs = game.observation(seat)
            assert obs is not None
            if obs.phase == "play":
                want = sorted(seat_features(game.round, seat))
                got = sorted(row_features(encode(obs)))
                if want != got:
                    sys.exit(f"position {seen}: {want} != {got}")
                seen += 1
            game.apply(rng.choice(obs.legal_actions))
    print(f"{seen} positions: the same features from the round and from the encoded observation")


def rows(out: str, runs: list[str]) -> None:
    """The card decisions of self-play runs (with a choice or not) as features, the search's card, the legal
    cards and the game's index, into one ``.npz``."""
    import pyarrow.parquet as pq

    xs, ys, masks, games = [], [], [], []
    for run in runs:
        for shard in sorted(Path(run).glob("shard-*.parquet")):
            t = pq.read_table(shard, columns=["game", "phase", "obs", "mask", "action"]).to_pydict()
            for g, phase, obs, mask, action in zip(t["game"], t["phase"], t["obs"], t["mask"], t["action"], strict=True):
                if phase == "play" and action < 36:
                    xs.append(row_features(np.asarray(obs, dtype=np.float32)))
                    ys.append(action)
                    masks.append(mask[:36])
                    games.append(g)
    x = np.zeros((len(xs), N_FEATURES), dtype=np.int8)
    for i, f in enumerate(xs):
        x[i, f] = 1
    np.savez_compressed(out, X=x, y=np.array(ys, dtype=np.int16), mask=np.array(masks, dtype=np.int8), game=np.array(games))
    print(f"{len(ys)} card decisions, {x.sum(1).mean():.1f} inputs set on average")


def train(data: str, out: str, hidden: int = 128, epochs: int = 8, seed: int = 1) -> None:
    """Softmax over the legal cards, cross-entropy on the search's card; Adam with weight decay (Optax),
    batches of 512; the games whose index ends in 0 held out, the epoch with their least loss kept."""
    import jax
    import jax.numpy as jnp
    import optax

    d = np.load(data)
    x, y, m, g = d["X"].astype(np.float32), d["y"].astype(np.int32), d["mask"].astype(np.float32), d["game"]
    choice = m.sum(1) >= 2
    fit, held = choice & (g % 10 != 0), choice & (g % 10 == 0)
    k1, k2 = jax.random.split(jax.random.PRNGKey(seed))
    p = {"w1": jax.random.normal(k1, (N_FEATURES, hidden)) * np.sqrt(2 / 30), "b1": jnp.zeros(hidden),
         "w2": jax.random.normal(k2, (hidden, 36)) * np.sqrt(1 / hidden), "b2": jnp.zeros(36)}

    def scores(p: Any, x: Any) -> Any:
        return jax.nn.relu(x @ p["w1"] + p["b1"]) @ p["w2"] + p["b2"]

    def loss(p: Any, x: Any, m: Any, a: Any) -> Any:
        z = jnp.where(m > 0, scores(p, x), -1e9)
        return -jnp.mean(jax.nn.log_softmax(z)[jnp.arange(len(a)), a])

    opt = optax.adamw(2e-3, weight_decay=1e-4)
    state = opt.init(p)

    @jax.jit
    def step(p: Any, state: Any, x: Any, m: Any, a: Any) -> Any:
        value, grads = jax.value_and_grad(loss)(p, x, m, a)
        updates, state = opt.update(grads, state, p)
        return optax.apply_updates(p, updates), state, value

    def measure(p: Any) -> tuple[float, float]:
        z = np.where(m[held] > 0, np.asarray(scores(p, x[held])), -1e9)
        z = z - z.max(1, keepdims=True)
        z = z - np.log(np.exp(z).sum(1, keepdims=True))
        return float(-z[np.arange(held.sum()), y[held]].mean()), float((z.argmax(1) == y[held]).mean())

    order = np.flatnonzero(fit)
    rng = np.random.default_rng(seed)
    best: tuple[float, float, dict[str, np.ndarray]] | None = None
    for epoch in range(epochs):
        rng.shuffle(order)
        for i in range(0, len(order) - 511, 512):
            b = order[i : i + 512]
            p, state, _ = step(p, state, x[b], m[b], y[b])
        ce, right = measure(p)
        print(f"epoch {epoch}: held out {ce:.4f} cross-entropy, the search's card first {right:.1%}")
        if best is None or ce < best[0]:
            best = (ce, right, {k: np.asarray(v, dtype=np.float32) for k, v in p.items()})
    assert best is not None
    np.savez(out, **best[2])
    print(f"{fit.sum()} decisions learnt, {held.sum()} held out: {best[0]:.4f} cross-entropy, {best[1]:.1%} first")


_NETS: dict[str, dict[str, np.ndarray]] = {}


class NetRollouts(MCTSPlayer):
    """``mcts`` whose playouts (``where``: the contract decision's, the card decisions' or all) are played by
    the network ``net`` at every seat, each from its own view (``seat_features``)."""

    name = "rollout-net"

    def __init__(self, net: str = "rollout_net.npz", where: str = "all", **options: Any) -> None:
        super().__init__(**options)
        if where not in ("all", "contract", "cards"):
            raise ValueError("where: all, contract or cards")
        if net not in _NETS:
            _NETS[net] = dict(np.load(net))
        w = _NETS[net]
        self.w1, self.b1, self.w2, self.b2 = w["w1"], w["b1"], w["w2"], w["b2"]
        self.where = where

    def playout(self, r: RoundState, first: int | None = None) -> RoundScore:
        if (self.where == "contract" and first is not None) or (self.where == "cards" and first is None):
            return super().playout(r, first)
        s = r.clone()
        if first is not None:
            s.play(first)
        while s.to_act is not None:
            legal = [int(c) for c in iter_cards(s.legal_cards())]
            if len(legal) > 1:
                h = self.w1[seat_features(s, s.to_act)].sum(0) + self.b1
                np.maximum(h, 0, out=h)
                legal = [legal[int((h @ self.w2[:, legal] + self.b2[legal]).argmax())]]
            s.play(Card(legal[0]))
        return s.score()


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    if command == "check":
        check()
    elif command == "rows":
        rows(args[0], args[1:])
    elif command == "train":
        train(args[0], args[1])
    else:
        sys.exit("commands: check, rows OUT RUN..., train ROWS OUT")
