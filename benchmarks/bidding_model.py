"""Learn the models of the search's bidding (``puur.bots.bidding_model``) from its own decisions.

    .venv/bin/python benchmarks/bidding_model.py [--hands 10000] [--jobs 2] [--player mcts] \
        [--cache DIR] [--out puur/bots/bidding_model.json] [--json]

For hand ``g`` the deal is ``puur.core.round.deal(random.Random(3_000_000 + g), g % 4)`` (the arena's deals
are others). Two labels come from each deal: the forehand's decision (``--player`` seeded
``6_000_000 + g`` chooses from its own observation: a contract or the push), and the pushed partner's
reply (the forehand pushes, whatever its hand, and the player seeded ``5_000_000 + g`` chooses as the
partner). The partner's choice reads only its own hand and the push, so every deal is a fair example of
its reply. ``--cache DIR`` keeps the labels in shards of 100 (``reply-NNNN.pkl``, ``forehand-NNNN.pkl``),
so a second run reads them instead of asking again.

The reply's weights maximise the likelihood of the replies (a softmax over the six contracts); then,
those held fixed, the push's weights maximise the likelihood of the forehand's push or not (a softmax
over the six contracts and the push). Full-batch Adam, a small L2 penalty; learnt on the hands whose
number does not end in 0 and measured on those that do:

- reply: ``nll``, the mean negative log-likelihood of the reply; ``top``, the share of replies the
  model's most likely contract names; ``heuristic``, the share the heuristic's hand model
  (``contract_eval.best_contract``, the guess ``mcts`` made before) names; ``choices``, how often the
  player took each contract and how often the model expects it;
- push: ``nll`` of push or not, ``right`` the share the model's likelier answer gets right,
  ``heuristic`` the share the hand model's threshold (``PUSH_THRESHOLD``) gets right, ``rate`` the
  player's push rate and the model's mean chance.

``--out`` writes the weights as ``puur/bots/bidding_model.json`` reads them. Needs numpy (the ``rl`` extra).
"""

from __future__ import annotations

import json
import math
import pickle
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

from puur.lab.bench import print_result
from puur.lab.learning import adam, gather, learner_parser

SHARD = 100

Row = tuple[int, int, int]
"""(hand number, the deciding seat's hand, the contract it chose; -1 for the push)."""


def _ask(kind: str, shard: int, spec: str, cache: str) -> list[Row]:
    """The ``kind`` labels (``reply`` or ``forehand``) of hands ``shard * SHARD`` to ``shard * SHARD +
    SHARD - 1``, read from the cache folder when it holds them."""
    path = Path(cache) / f"{kind}-{shard:04d}.pkl" if cache else None
    if path is not None and path.exists():
        rows: list[Row] = pickle.loads(path.read_bytes())
        return rows
    from puur.bots import make_seat_player
    from puur.core.cards import PUSH, Contract
    from puur.core.profile import RuleProfile
    from puur.core.round import deal
    from puur.lab.arena import game_on_deal

    profile = RuleProfile.preset("schieber")
    rows = []
    for g in range(shard * SHARD, shard * SHARD + SHARD):
        dealer = g % 4
        hands = deal(random.Random(3_000_000 + g), dealer)
        game = game_on_deal(profile, hands, dealer)
        if kind == "reply":
            game.apply(PUSH, ())
        seat = game.current_seat
        assert seat is not None
        player = make_seat_player(spec, (5_000_000 if kind == "reply" else 6_000_000) + g)
        action = player.act(game.observation(seat))
        assert action == PUSH or isinstance(action, Contract)
        rows.append((g, hands[seat], -1 if action == PUSH else int(action)))
    if path is not None:
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(pickle.dumps(rows))
        tmp.rename(path)
    return rows


def ask_reply_shard(args: tuple[int, str, str]) -> list[Row]:
    """The pushed partner's replies of one shard: (hand number, its hand, the contract it chose)."""
    return _ask("reply", *args)


def ask_forehand_shard(args: tuple[int, str, str]) -> list[Row]:
    """The forehand's decisions of one shard: (hand number, its hand, the contract or -1 for the push)."""
    return _ask("forehand", *args)


def table(rows: list[Row]) -> dict[str, np.ndarray]:
    """Each hand's features for each of the six contracts (hands by contracts by features), its push
    features, the labels (-1: the push) and the heuristic's guesses (its contract; whether it pushes)."""
    from puur.bots.bidding_model import FEATURES, PUSH_FEATURES, hand_features, push_features
    from puur.bots.contract_eval import PUSH_THRESHOLD, best_contract
    from puur.core.cards import BASE_CONTRACTS
    from puur.core.profile import RuleProfile

    profile = RuleProfile.preset("schieber")
    xs = [[hand_features(hand, profile)[c] for c in BASE_CONTRACTS] for _, hand, _ in rows]
    guesses = [best_contract(hand, profile) for _, hand, _ in rows]
    return {
        "x": np.array(xs, dtype=np.float64).reshape(len(rows), 6, len(FEATURES)),
        "p": np.array([push_features(hand) for _, hand, _ in rows], dtype=np.float64).reshape(len(rows), len(PUSH_FEATURES)),
        "y": np.array([y for _, _, y in rows], dtype=np.int64),
        "heuristic": np.array([int(c) for c, _ in guesses], dtype=np.int64),
        "heuristic_push": np.array([score < PUSH_THRESHOLD for _, score in guesses], dtype=bool),
    }


KIND = np.array([0, 0, 0, 0, 1, 2])
"""``bidding_model.kind_of`` for the six base contracts, in their order."""


def utilities(t: dict[str, np.ndarray], w: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Each hand's utility of each contract: ``w[kind] . x + b``."""
    return np.einsum("ncf,cf->nc", t["x"], w[KIND]) + b  # type: ignore[no-any-return]


def softmax(u: np.ndarray) -> np.ndarray:
    u = u - u.max(axis=1, keepdims=True)
    e = np.exp(u)
    return e / e.sum(axis=1, keepdims=True)  # type: ignore[no-any-return]


def fit_reply(t: dict[str, np.ndarray], steps: int = 1500, l2: float = 1e-3) -> tuple[np.ndarray, np.ndarray]:
    """The reply's weights (kinds by features) and intercepts (six) that maximise the replies' likelihood."""
    n, _, f = t["x"].shape
    w, b = np.zeros((3, f)), np.zeros(6)
    onehot = np.eye(6)[t["y"]]

    def grads() -> list[np.ndarray]:
        err = softmax(utilities(t, w, b)) - onehot
        d = np.einsum("nc,ncf->cf", err, t["x"]) / n
        gw = np.zeros_like(w)
        np.add.at(gw, KIND, d)
        return [gw + l2 * w, err.mean(axis=0) + l2 * b]

    adam([w, b], grads, steps)
    return w, b


def push_logit(t: dict[str, np.ndarray], w: np.ndarray, b: np.ndarray, v: np.ndarray) -> np.ndarray:
    """The log-odds of the push: its utility less the log of the six contracts' summed exp-utilities."""
    u = utilities(t, w, b)
    top = u.max(axis=1)
    lse = top + np.log(np.exp(u - top[:, None]).sum(axis=1))
    return t["p"] @ v - lse  # type: ignore[no-any-return]


def fit_push(t: dict[str, np.ndarray], w: np.ndarray, b: np.ndarray, steps: int = 1500, l2: float = 1e-3) -> np.ndarray:
    """The push's weights (``PUSH_FEATURES``) that maximise the likelihood of push or not, the reply's
    weights held fixed."""
    v = np.zeros(t["p"].shape[1])
    pushed = (t["y"] == -1).astype(np.float64)

    def grads() -> list[np.ndarray]:
        q = 1 / (1 + np.exp(-push_logit(t, w, b, v)))
        return [t["p"].T @ (q - pushed) / len(pushed) + l2 * v]

    adam([v], grads, steps)
    return v


def report_reply(t: dict[str, np.ndarray], w: np.ndarray, b: np.ndarray) -> dict[str, Any]:
    """The replies' mean negative log-likelihood, the share the model's top contract and the heuristic's
    guess name, and the contracts chosen against those the model expects."""
    from puur.core.cards import BASE_CONTRACTS

    p = softmax(utilities(t, w, b))
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


def report_push(t: dict[str, np.ndarray], w: np.ndarray, b: np.ndarray, v: np.ndarray) -> dict[str, Any]:
    """Push or not: the mean negative log-likelihood, the share the model and the heuristic's threshold
    get right, the player's push rate and the model's mean chance."""
    q = 1 / (1 + np.exp(-push_logit(t, w, b, v)))
    pushed = t["y"] == -1
    return {
        "hands": len(pushed),
        "nll": float(-np.where(pushed, np.log(q), np.log(1 - q)).mean()),
        "right": float(((q > 0.5) == pushed).mean()),
        "heuristic": float((t["heuristic_push"] == pushed).mean()),
        "rate": {"pushed": float(pushed.mean()), "expected": round(float(q.mean()), 4)},
    }


def main(argv: list[str] | None = None) -> int:
    args = learner_parser(__doc__, "hands", 10000, "mcts", 1500).parse_args(argv)

    from puur.bots.bidding_model import FEATURES, KINDS, PUSH_FEATURES
    from puur.core.cards import BASE_CONTRACTS

    if args.cache:
        Path(args.cache).mkdir(parents=True, exist_ok=True)
    shards = [(k, args.player, args.cache) for k in range(math.ceil(args.hands / SHARD))]
    labels: dict[str, list[Row]] = {}
    for kind, ask in (("reply", ask_reply_shard), ("forehand", ask_forehand_shard)):
        labels[kind] = [r for part in gather(ask, shards, args.jobs) for r in part if r[0] < args.hands]
    replies = {k: table([r for r in labels["reply"] if (r[0] % 10 == 0) == (k == "test")]) for k in ("train", "test")}
    forehand = {k: table([r for r in labels["forehand"] if (r[0] % 10 == 0) == (k == "test")]) for k in ("train", "test")}
    w, b = fit_reply(replies["train"], steps=args.steps, l2=args.l2)
    v = fit_push(forehand["train"], w, b, steps=args.steps, l2=args.l2)
    weights = {k: {f: round(float(w[i, j]), 4) for j, f in enumerate(FEATURES)} for i, k in enumerate(KINDS)}
    intercepts = {c.name: round(float(b[i]), 4) for i, c in enumerate(BASE_CONTRACTS)}
    push = {f: round(float(v[j]), 4) for j, f in enumerate(PUSH_FEATURES)}
    result: dict[str, Any] = {
        "hands": args.hands,
        "player": args.player,
        "reply": {k: report_reply(replies[k], w, b) for k in ("train", "test")},
        "push": {k: report_push(forehand[k], w, b, v) for k in ("train", "test")},
        "weights": weights,
        "intercepts": intercepts,
        "push_weights": push,
    }
    if args.out:
        data = {
            "source": f"benchmarks/bidding_model.py --hands {args.hands} --player {args.player}",
            "kinds": list(KINDS),
            "features": list(FEATURES),
            "push_features": list(PUSH_FEATURES),
            "weights": weights,
            "intercepts": intercepts,
            "push": push,
            "test": {
                "reply": {k: x for k, x in result["reply"]["test"].items() if k != "choices"},
                "push": result["push"]["test"],
            },
        }
        Path(args.out).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print_result(result, args.json, readable)
    return 0


def readable(result: dict[str, Any]) -> str:
    """The fit's figures, a line per part and set, and the held-out replies' choices (the weights left out)."""
    lines = []
    for part in ("reply", "push"):
        for k in ("train", "test"):
            figures = {key: x for key, x in result[part][k].items() if key != "choices"}
            lines.append(f"{part} {k} {figures}")
    return "\n".join([*lines, f"choices (held out): {result['reply']['test']['choices']}"])


if __name__ == "__main__":
    sys.exit(main())
