"""Learn the model of the pushed partner's reply (``puur.bots.reply_model``) from the search's replies.

    .venv/bin/python benchmarks/reply_model.py [--hands 6000] [--jobs 2] [--player mcts] \
        [--cache DIR] [--out puur/bots/reply_model.json] [--json]

For hand ``g`` the deal is ``puur.round.deal(random.Random(3_000_000 + g), g % 4)`` (the arena's deals
are others); the forehand pushes, whatever its hand, and ``--player`` (seeded ``5_000_000 + g``)
chooses as the pushed partner from its own observation: the contract it chooses is the label. The
partner's choice reads only its own hand and the push, so every deal is a fair example of its reply.
``--cache DIR`` keeps the labels in shards of 100, so a second run reads them instead of asking again.

The weights maximise the likelihood of the replies (a softmax over the six contracts, full-batch Adam,
a small L2 penalty), learnt on the hands whose number does not end in 0 and measured on those that do:

- ``nll``: the mean negative log-likelihood of the reply;
- ``top``: the share of replies the model's most likely contract names, and ``heuristic``: the share
  the heuristic's hand model (``contract_eval.best_contract``, the guess ``mcts`` made before) names;
- ``choices``: how often the player took each contract, and how often the model expects it.

``--out`` writes the weights as ``puur/bots/reply_model.json`` reads them. Needs numpy (the ``rl`` extra).
"""

from __future__ import annotations

import argparse
import json
import math
import pickle
import random
import sys
from collections import Counter
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np

SHARD = 100


def ask_shard(args: tuple[int, str, str]) -> list[tuple[int, int, int]]:
    """The labels of hands ``shard * SHARD`` to ``shard * SHARD + SHARD - 1``: (hand number, the
    partner's hand, the contract it chose)."""
    shard, spec, cache = args
    path = Path(cache) / f"shard-{shard:04d}.pkl" if cache else None
    if path is not None and path.exists():
        rows: list[tuple[int, int, int]] = pickle.loads(path.read_bytes())
        return rows
    from puur.arena import game_on_deal, make_seat_player
    from puur.cards import PUSH, Contract
    from puur.profile import RuleProfile
    from puur.round import deal

    profile = RuleProfile.preset("schieber")
    rows = []
    for g in range(shard * SHARD, shard * SHARD + SHARD):
        dealer = g % 4
        hands = deal(random.Random(3_000_000 + g), dealer)
        game = game_on_deal(profile, hands, dealer)
        game.apply(PUSH, ())
        seat = game.current_seat
        assert seat is not None
        action = make_seat_player(spec, 5_000_000 + g).act(game.observation(seat))
        assert isinstance(action, Contract)
        rows.append((g, hands[seat], int(action)))
    if path is not None:
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(pickle.dumps(rows))
        tmp.rename(path)
    return rows


def table(rows: list[tuple[int, int, int]]) -> dict[str, np.ndarray]:
    """Each hand's features for each of the six contracts (hands by contracts by features), the labels
    and the heuristic's guess."""
    from puur.bots.contract_eval import best_contract
    from puur.bots.reply_model import hand_features
    from puur.cards import BASE_CONTRACTS
    from puur.profile import RuleProfile

    profile = RuleProfile.preset("schieber")
    xs = [[hand_features(hand, profile)[c] for c in BASE_CONTRACTS] for _, hand, _ in rows]
    return {
        "x": np.array(xs, dtype=np.float64),
        "y": np.array([y for _, _, y in rows], dtype=np.int64),
        "heuristic": np.array([int(best_contract(hand, profile)[0]) for _, hand, _ in rows], dtype=np.int64),
    }


KIND = np.array([0, 0, 0, 0, 1, 2])
"""``reply_model.kind_of`` for the six base contracts, in their order."""


def probabilities(t: dict[str, np.ndarray], w: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Each hand's chance of each contract: softmax of ``w[kind] . x + b``."""
    u = np.einsum("ncf,cf->nc", t["x"], w[KIND]) + b
    u -= u.max(axis=1, keepdims=True)
    p = np.exp(u)
    return p / p.sum(axis=1, keepdims=True)


def fit(t: dict[str, np.ndarray], steps: int = 1500, l2: float = 1e-3, lr: float = 0.05) -> tuple[np.ndarray, np.ndarray]:
    """The weights (kinds by features) and intercepts (six) that maximise the replies' likelihood."""
    n, _, f = t["x"].shape
    w, b = np.zeros((3, f)), np.zeros(6)
    state = [(np.zeros_like(w), np.zeros_like(w)), (np.zeros_like(b), np.zeros_like(b))]
    onehot = np.eye(6)[t["y"]]
    for step in range(1, steps + 1):
        err = probabilities(t, w, b) - onehot
        d = np.einsum("nc,ncf->cf", err, t["x"]) / n
        gw = np.zeros_like(w)
        np.add.at(gw, KIND, d)
        grads = (gw + l2 * w, err.mean(axis=0) + l2 * b)
        for param, grad, (m, v) in zip((w, b), grads, state, strict=True):
            m *= 0.9
            m += 0.1 * grad
            v *= 0.999
            v += 0.001 * grad * grad
            param -= lr * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
    return w, b


def report(t: dict[str, np.ndarray], w: np.ndarray, b: np.ndarray) -> dict[str, Any]:
    """The replies' mean negative log-likelihood, the share the model's top contract and the heuristic's
    guess name, and the contracts chosen against those the model expects."""
    from puur.cards import BASE_CONTRACTS

    p = probabilities(t, w, b)
    n = len(t["y"])
    names = [c.name for c in BASE_CONTRACTS]
    chosen = Counter(names[y] for y in t["y"])
    return {
        "hands": n,
        "nll": float(-np.log(p[np.arange(n), t["y"]]).mean()),
        "top": float((p.argmax(axis=1) == t["y"]).mean()),
        "heuristic": float((t["heuristic"] == t["y"]).mean()),
        "choices": {c: {"chosen": chosen[c] / n, "expected": round(float(p[:, i].mean()), 4)} for i, c in enumerate(names)},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=6000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--player", default="mcts")
    parser.add_argument("--cache", default="")
    parser.add_argument("--out", default="")
    parser.add_argument("--steps", type=int, default=1500)
    parser.add_argument("--l2", type=float, default=1e-3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    from puur.bots.reply_model import FEATURES, KINDS
    from puur.cards import BASE_CONTRACTS

    if args.cache:
        Path(args.cache).mkdir(parents=True, exist_ok=True)
    shards = [(k, args.player, args.cache) for k in range(math.ceil(args.hands / SHARD))]
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            parts = list(pool.imap(ask_shard, shards))
    else:
        parts = [ask_shard(s) for s in shards]
    rows = [r for part in parts for r in part if r[0] < args.hands]
    train, test = table([r for r in rows if r[0] % 10]), table([r for r in rows if r[0] % 10 == 0])
    w, b = fit(train, steps=args.steps, l2=args.l2)
    weights = {k: {f: round(float(w[i, j]), 4) for j, f in enumerate(FEATURES)} for i, k in enumerate(KINDS)}
    intercepts = {c.name: round(float(b[i]), 4) for i, c in enumerate(BASE_CONTRACTS)}
    result: dict[str, Any] = {
        "hands": args.hands,
        "player": args.player,
        "train": report(train, w, b),
        "test": report(test, w, b),
        "weights": weights,
        "intercepts": intercepts,
    }
    if args.out:
        data = {
            "source": f"benchmarks/reply_model.py --hands {args.hands} --player {args.player}",
            "kinds": list(KINDS),
            "features": list(FEATURES),
            "weights": weights,
            "intercepts": intercepts,
            "test": {k: v for k, v in result["test"].items() if k != "choices"},
        }
        Path(args.out).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        for k in ("train", "test"):
            print(k, {key: v for key, v in result[k].items() if key != "choices"})
        print("choices (held out):", result["test"]["choices"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
