"""Learn the network of the hidden hands (``puur.env.hand_net``) from self-play, and measure it against the
log-linear model (``puur.bots.hand_model``) on the same held-out positions.

    .venv/bin/python benchmarks/hand_net.py [--games 2000] [--jobs 2] [--player mcts:level=easy] \
        [--cache DIR] [--extra-games 0] [--extra-player heuristic] [--hidden 128] [--epochs 4] \
        [--batch 512] [--lr 0.002] [--seed 1] [--out puur/bots/hand_net.npz] [--json]

The positions are ``benchmarks/hand_model.py``'s (its ``play_shard``, the same seeds and the same ``--cache``
shards): every card decision of ``--games`` rounds of ``--player`` at all four seats, labelled with the
real hands. Games whose number ends in 0 are held out (the log-linear model's test set, row for row),
those ending in 1 choose the epoch, the others train; ``--extra-games`` rounds of ``--extra-player``
(the same deals, cached under ``DIR/extra``) train too, only those whose number ends in 2 to 9, so
that no held-out or validation deal is seen in training. The input
is the decider's encoded observation; the loss is the negative log-likelihood of the real seat of each
hidden card under ``room * exp(score)`` among the seats the rules allow (the log-linear model's form),
minimised by Adam on minibatches in numpy (He initialisation, seeded by ``--seed``, a small L2 penalty).

Reported on the held-out rows that ``benchmarks/hand_model.py`` measures (hidden cards with a choice of at
least two seats): ``nll`` (log-loss) and ``on_real_seat`` of the network, of the shipped log-linear
model and of the room alone, and ``accuracy`` (the real seat is the likeliest). ``--out`` writes the
weights as ``puur.env.hand_net`` reads them. Needs numpy (the ``rl`` extra); no other library.
"""

from __future__ import annotations

import json
import math
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hand_model import SHARD, play_shard, probabilities, table  # noqa: E402

from puur.lab.bench import benchmark_parser, print_result
from puur.lab.learning import gather  # noqa: E402

Rows = list[tuple[int, Any, list[int]]]


def positions(rows: Rows) -> dict[str, np.ndarray]:
    """Per position: the encoded observation ``x``; per hidden card and relative seat (1..3): may it hold
    it (``ok``), the room in its hand (``room``), and the label ``y`` (the relative seat 0..2 that holds
    it, -1 for a card that is not hidden or that only one seat may hold); ``game``."""
    from puur.env.encoding import encode
    from puur.info.determinize import Determinizer

    xs, oks, rooms, ys, games = [], [], [], [], []
    for g, obs, hands in rows:
        if obs.contract is None or obs.contract.changes_direction:
            continue
        det = Determinizer(obs)
        others = [(obs.seat + r) % 4 for r in (1, 2, 3)]
        ok = np.zeros((36, 3), dtype=bool)
        y = np.full(36, -1, dtype=np.int64)
        for c in det.cards:
            allowed = [not det.cannot[s] >> c & 1 and det.need[s] > 0 for s in others]
            ok[c] = allowed
            if sum(allowed) >= 2:
                y[c] = next(i for i, s in enumerate(others) if hands[s] >> c & 1)
        xs.append(encode(obs))
        oks.append(ok)
        rooms.append([det.need[s] for s in others])
        ys.append(y)
        games.append(g)
    return {
        "x": np.array(xs, dtype=np.float32),
        "ok": np.array(oks, dtype=bool),
        "room": np.array(rooms, dtype=np.float32),
        "y": np.array(ys, dtype=np.int64),
        "game": np.array(games, dtype=np.int64),
    }


def cached_positions(rows: Rows, cache: str, name: str) -> dict[str, np.ndarray]:
    """``positions(rows)``, kept in ``cache`` (when given) as ``positions-NAME.npz``: encoding the
    observations and reading their constraints takes minutes."""
    path = Path(cache) / f"positions-{name.replace(':', '_').replace('=', '_')}.npz" if cache else None
    if path is not None and path.exists():
        with np.load(path) as z:
            return {k: z[k] for k in z.files}
    d = positions(rows)
    if path is not None:
        np.savez(path, **d)
    return d


def subset(d: dict[str, np.ndarray], keep: np.ndarray) -> dict[str, np.ndarray]:
    return {k: v[keep] for k, v in d.items()}


def init(n_in: int, hidden: int, rng: np.random.Generator) -> dict[str, np.ndarray]:
    """He initialisation of the two hidden layers; the output starts at zero (the room alone)."""
    return {
        "w1": rng.normal(0, math.sqrt(2 / n_in), (n_in, hidden)).astype(np.float32),
        "b1": np.zeros(hidden, dtype=np.float32),
        "w2": rng.normal(0, math.sqrt(2 / hidden), (hidden, hidden)).astype(np.float32),
        "b2": np.zeros(hidden, dtype=np.float32),
        "w3": np.zeros((hidden, 108), dtype=np.float32),
        "b3": np.zeros(108, dtype=np.float32),
    }


def seat_probabilities(p: dict[str, np.ndarray], d: dict[str, np.ndarray]) -> np.ndarray:
    """``(n, 36, 3)``: each hidden card's chance at each relative seat, room x exp(score) among the allowed."""
    h1 = np.maximum(d["x"] @ p["w1"] + p["b1"], 0)
    h2 = np.maximum(h1 @ p["w2"] + p["b2"], 0)
    z = (h2 @ p["w3"] + p["b3"]).reshape(-1, 36, 3) + np.log(np.maximum(d["room"], 1e-9))[:, None, :]
    return _softmax(np.where(d["ok"], z, -np.inf))


def _softmax(z: np.ndarray) -> np.ndarray:
    m = np.max(np.where(np.isfinite(z), z, -1e30), axis=-1, keepdims=True)
    e = np.exp(z - m)
    s = e.sum(axis=-1, keepdims=True)
    return e / np.where(s > 0, s, 1.0)


def loss_and_grads(p: dict[str, np.ndarray], d: dict[str, np.ndarray], l2: float) -> tuple[float, dict[str, np.ndarray]]:
    """The mean negative log-likelihood of the labelled cards and its gradient (plus ``l2`` on the weights)."""
    x = d["x"]
    a1 = x @ p["w1"] + p["b1"]
    h1 = np.maximum(a1, 0)
    a2 = h1 @ p["w2"] + p["b2"]
    h2 = np.maximum(a2, 0)
    z = (h2 @ p["w3"] + p["b3"]).reshape(-1, 36, 3) + np.log(np.maximum(d["room"], 1e-9))[:, None, :]
    prob = _softmax(np.where(d["ok"], z, -np.inf))
    labelled = d["y"] >= 0
    count = max(1, int(labelled.sum()))
    onehot = np.zeros_like(prob)
    r, c = np.nonzero(labelled)
    onehot[r, c, d["y"][r, c]] = 1.0
    loss = -float(np.log(np.maximum(prob[r, c, d["y"][r, c]], 1e-12)).sum()) / count
    dz = ((prob - onehot) * labelled[:, :, None] / count).reshape(-1, 108).astype(np.float32)
    g = {"w3": h2.T @ dz + l2 * p["w3"], "b3": dz.sum(0)}
    dh2 = (dz @ p["w3"].T) * (a2 > 0)
    g["w2"], g["b2"] = h1.T @ dh2 + l2 * p["w2"], dh2.sum(0)
    dh1 = (dh2 @ p["w2"].T) * (a1 > 0)
    g["w1"], g["b1"] = x.T @ dh1 + l2 * p["w1"], dh1.sum(0)
    return loss, g


def train(
    d: dict[str, np.ndarray], val: dict[str, np.ndarray], hidden: int, epochs: int, seed: int,
    batch: int = 256, lr: float = 1e-3, l2: float = 1e-4, log: bool = True,
) -> tuple[dict[str, np.ndarray], list[dict[str, float]]]:  # fmt: skip
    """Adam (Kingma and Ba, 2015) on shuffled minibatches; the weights of the epoch with the lowest
    validation log-loss."""
    rng = np.random.default_rng(seed)
    p = init(d["x"].shape[1], hidden, rng)
    m = {k: np.zeros_like(v) for k, v in p.items()}
    v = {k: np.zeros_like(v) for k, v in p.items()}
    best, best_loss, history, step = {k: a.copy() for k, a in p.items()}, nll(p, val)["nll"], [], 0
    n = len(d["x"])
    for epoch in range(1, epochs + 1):
        order = rng.permutation(n)
        total = 0.0
        for i in range(0, n, batch):
            loss, g = loss_and_grads(p, subset(d, order[i : i + batch]), l2)
            total += loss * len(order[i : i + batch])
            step += 1
            for k in p:
                m[k] = 0.9 * m[k] + 0.1 * g[k]
                v[k] = 0.999 * v[k] + 0.001 * g[k] * g[k]
                p[k] -= lr * (m[k] / (1 - 0.9**step)) / (np.sqrt(v[k] / (1 - 0.999**step)) + 1e-8)
        val_loss = nll(p, val)["nll"]
        history.append({"epoch": epoch, "train_nll": round(total / n, 4), "val_nll": round(val_loss, 4)})
        if log:
            print(json.dumps(history[-1]), file=sys.stderr)
        if val_loss < best_loss:
            best, best_loss = {k: a.copy() for k, a in p.items()}, val_loss
    return best, history


def nll(p: dict[str, np.ndarray], d: dict[str, np.ndarray]) -> dict[str, float]:
    """Log-loss, chance on the real seat and accuracy over the labelled cards of ``d``."""
    probs, ys = [], []
    for i in range(0, len(d["x"]), 4096):
        part = subset(d, np.arange(i, min(i + 4096, len(d["x"]))))
        prob = seat_probabilities(p, part)
        r, c = np.nonzero(part["y"] >= 0)
        probs.append(prob[r, c])
        ys.append(part["y"][r, c])
    prob, y = np.concatenate(probs), np.concatenate(ys)
    real = np.maximum(prob[np.arange(len(y)), y], 1e-12)
    return {"rows": len(y), "nll": float(-np.log(real).mean()), "on_real_seat": float(real.mean()),
            "accuracy": float((prob.argmax(1) == y).mean())}  # fmt: skip


def loglinear(rows: Rows) -> dict[str, float]:
    """The shipped log-linear model (``puur/bots/hand_model.json``) and the room alone on the same rows."""
    from puur.bots.hand_model import default_model

    t = table(rows)
    w = np.array(default_model().weights)
    out: dict[str, float] = {"rows": len(t["y"])}
    for name, weights in (("loglinear", w), ("room", np.zeros_like(w))):
        prob = probabilities(t, weights)
        real = prob[np.arange(len(t["y"])), t["y"]]
        out[f"{name}_nll"] = float(-np.log(real).mean())
        out[f"{name}_on_real_seat"] = float(real.mean())
        out[f"{name}_accuracy"] = float((prob.argmax(1) == t["y"]).mean())
    return out


def rows_of(games: int, player: str, cache: str, jobs: int, offset: int = 0) -> Rows:
    """The positions of ``games`` rounds of ``player`` (``hand_model.play_shard``'s shards)."""
    if cache:
        Path(cache).mkdir(parents=True, exist_ok=True)
    shards = [(k, player, cache) for k in range(offset // SHARD, math.ceil((offset + games) / SHARD))]
    return [r for part in gather(_shard, shards, jobs) for r in part if offset <= r[0] < offset + games]


def _shard(args: tuple[int, str, str]) -> Rows:
    return play_shard(args)


def main(argv: list[str] | None = None) -> int:
    ap = benchmark_parser(__doc__)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--player", default="mcts:level=easy")
    ap.add_argument("--cache", default="")
    ap.add_argument("--extra-games", type=int, default=0)
    ap.add_argument("--extra-player", default="heuristic")
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--l2", type=float, default=1e-4)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--batch", type=int, default=512)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="")
    args = ap.parse_args(argv)

    start = time.perf_counter()
    rows = rows_of(args.games, args.player, args.cache, args.jobs)
    test_rows = [r for r in rows if r[0] % 10 == 0]
    data = cached_positions(rows, args.cache, f"{args.player}-{args.games}")
    kind = data["game"] % 10
    train_set, val_set, test_set = subset(data, kind >= 2), subset(data, kind == 1), subset(data, kind == 0)
    if args.extra_games:
        cache = str(Path(args.cache) / "extra") if args.cache else ""
        if cache:
            Path(cache).mkdir(parents=True, exist_ok=True)
        extra = cached_positions(rows_of(args.extra_games, args.extra_player, cache, args.jobs), cache,
                                 f"{args.extra_player}-{args.extra_games}")  # fmt: skip
        extra = subset(extra, extra["game"] % 10 >= 2)  # the held-out and validation deals stay unseen
        train_set = {k: np.concatenate([train_set[k], extra[k]]) for k in train_set}
    net, history = train(train_set, val_set, args.hidden, args.epochs, args.seed, batch=args.batch, lr=args.lr, l2=args.l2,
                         log=not args.json)  # fmt: skip
    result: dict[str, Any] = {
        "games": args.games,
        "player": args.player,
        "extra": f"{args.extra_games} {args.extra_player}" if args.extra_games else "none",
        "positions": {"train": len(train_set["x"]), "val": len(val_set["x"]), "test": len(test_set["x"])},
        "net_test": nll(net, test_set),
        "net_train": nll(net, train_set),
        "same_rows": loglinear(test_rows),
        "history": history,
        "seconds": round(time.perf_counter() - start, 1),
    }
    result["nll_lower_than_loglinear"] = 1 - result["net_test"]["nll"] / result["same_rows"]["loglinear_nll"]
    if args.out:
        from puur.env.hand_net import HandNet

        source = (f"benchmarks/hand_net.py --games {args.games} --player {args.player} --extra-games {args.extra_games} "
                  f"--extra-player {args.extra_player} --hidden {args.hidden} --epochs {args.epochs} --batch {args.batch} --lr {args.lr} --seed {args.seed}")  # fmt: skip
        Path(args.out).write_bytes(HandNet(*(net[k] for k in ("w1", "b1", "w2", "b2", "w3", "b3")), source=source).to_bytes())
    print_result(result, args.json, without_history)
    return 0


def without_history(result: dict[str, Any]) -> str:
    """The result to read, indented, less the figures of every epoch (``--json`` keeps them for a script)."""
    return json.dumps({k: v for k, v in result.items() if k != "history"}, indent=2)


if __name__ == "__main__":
    sys.exit(main())
