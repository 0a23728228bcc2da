"""Train ``examples/policy_player.py``'s network on ``puur selfplay`` rows (numpy only, on the CPU).

    puur selfplay --player mcts:level=easy --games 200 --shard-size 25 --jobs 2 --out data/easy
    python examples/train_policy.py data/easy --out examples/policy_weights.npz

The target of each row is the search's chosen action (``--target policy``: its visit distribution, the
share of samples per action, which successive halving keeps close to uniform over the first candidates),
the loss the cross-entropy of the network's softmax over the legal actions (``mask``) against it; one hidden
layer of ``--hidden`` ReLU units, Adam, mini-batches. A tenth of the games is held out and the share of
held-out decisions on which the network picks the search's action is printed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from examples.policy_player import forward  # noqa: E402
from puur.env.encoding import ENCODING_VERSION, N_ACTIONS, OBS_SIZE  # noqa: E402
from puur.lab.selfplay import read_rows  # noqa: E402


def arrays(folder: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Observations, masks, target distributions, actions and game indices of every row."""
    t = read_rows(folder)

    def matrix(name: str, width: int, dtype: type) -> np.ndarray:
        col = t.column(name).combine_chunks()
        return np.asarray(col.flatten(), dtype=dtype).reshape(-1, width)

    return (
        matrix("obs", OBS_SIZE, np.float32),
        matrix("mask", N_ACTIONS, np.float32),
        matrix("policy", N_ACTIONS, np.float32),
        np.asarray(t.column("action"), dtype=np.int64),
        np.asarray(t.column("game"), dtype=np.int64),
    )


def train(
    x: np.ndarray, mask: np.ndarray, target: np.ndarray, hidden: int, epochs: int, lr: float, seed: int
) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    params = {
        "w1": (rng.standard_normal((x.shape[1], hidden)) * np.sqrt(2.0 / x.shape[1])).astype(np.float32),
        "b1": np.zeros(hidden, np.float32),
        "w2": (rng.standard_normal((hidden, N_ACTIONS)) * np.sqrt(1.0 / hidden)).astype(np.float32),
        "b2": np.zeros(N_ACTIONS, np.float32),
    }
    m = {k: np.zeros_like(v) for k, v in params.items()}
    v = {k: np.zeros_like(p) for k, p in params.items()}
    step = 0
    for epoch in range(epochs):
        order = rng.permutation(len(x))
        loss_sum = 0.0
        for start in range(0, len(x), 256):
            idx = order[start : start + 256]
            xb, mb, tb = x[idx], mask[idx], target[idx]
            logits, h = forward(params, xb)
            logits = np.where(mb > 0, logits, -1e9)
            logits -= logits.max(axis=1, keepdims=True)
            p = np.exp(logits) * mb
            p /= p.sum(axis=1, keepdims=True)
            loss_sum += float(-(tb * np.log(p + 1e-9)).sum())
            g_logits = (p - tb) / len(idx)
            grads = {"w2": h.T @ g_logits, "b2": g_logits.sum(axis=0)}
            g_h = (g_logits @ params["w2"].T) * (h > 0)
            grads["w1"] = xb.T @ g_h
            grads["b1"] = g_h.sum(axis=0)
            step += 1
            for k in params:
                m[k] = 0.9 * m[k] + 0.1 * grads[k]
                v[k] = 0.999 * v[k] + 0.001 * grads[k] ** 2
                mhat, vhat = m[k] / (1 - 0.9**step), v[k] / (1 - 0.999**step)
                params[k] -= (lr * mhat / (np.sqrt(vhat) + 1e-8)).astype(np.float32)
        entropy = float(-(target * np.log(np.where(target > 0, target, 1.0))).sum())
        print(f"epoch {epoch + 1}: KL(search || network) {(loss_sum - entropy) / len(x):.3f}", flush=True)
    return params


def agreement(params: dict[str, np.ndarray], x: np.ndarray, mask: np.ndarray, action: np.ndarray) -> float:
    logits, _ = forward(params, x)
    return float((np.where(mask > 0, logits, -np.inf).argmax(axis=1) == action).mean())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data", help="a puur selfplay folder")
    ap.add_argument("--out", default=str(Path(__file__).with_name("policy_weights.npz")))
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--epochs", type=int, default=15)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--target", choices=("action", "policy"), default="action",
        help="learn the search's chosen action (default) or its whole visit distribution",
    )  # fmt: skip
    args = ap.parse_args()
    x, mask, target, action, game = arrays(args.data)
    if args.target == "action":
        target = np.eye(N_ACTIONS, dtype=np.float32)[action]
    held = game % 10 == 9
    print(f"{len(x)} decisions from {len(set(game.tolist()))} games; {int(held.sum())} held out")
    params = train(x[~held], mask[~held], target[~held], args.hidden, args.epochs, args.lr, args.seed)
    if held.any():
        chance = float((1.0 / mask[held].sum(axis=1)).mean())
        print(
            f"held-out agreement with the search's action: {agreement(params, x[held], mask[held], action[held]):.3f}"
            f" (a uniformly random legal action: {chance:.3f})"
        )
    np.savez_compressed(
        args.out, **{k: p.astype(np.float16) for k, p in params.items()}, encoding_version=np.int64(ENCODING_VERSION)
    )
    print(f"weights written to {args.out} ({Path(args.out).stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
