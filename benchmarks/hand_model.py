"""Learn the model of the hidden hands (``puur.bots.hand_model``) from self-play, and measure it.

    .venv/bin/python benchmarks/hand_model.py [--games 2000] [--jobs 2] [--player mcts:level=easy] \
        [--cache DIR] [--out puur/bots/hand_model.json] [--json]

Plays ``--games`` rounds of ``--player`` at all four seats (round ``g`` is the first round of
``Game(schieber, seed=1_000_000 + g)``, seat ``s`` seeded ``7_000_000 + 4 g + s``; the arena's deals are
others) and keeps, at every card decision, the decider's observation and the real hands (the label).
``--cache DIR`` keeps the played rounds in shards of 25 there, so a second run reads them instead of
playing them again. Each hidden card that the sampler may deal to more than one seat is a row: its
features for each seat it may go to (``PlayRecord.features``), its class, the room left in each hand and
the seat that holds it. The weights maximise the likelihood of the real seats under
``room * exp(w . x)`` among the allowed seats (full-batch Adam, a small L2 penalty), learnt on the games
whose number does not end in 0 and measured on those that do:

- ``nll``: the mean negative log-likelihood of the real seat, the model's and the room alone's;
- ``on_real_seat``: the mean chance the model gives the real seat (and the room alone);
- ``sampled_share``: the share of the hidden cards the sampler deals (``Determinizer``) that a deal puts
  at their real seats, with the model's weights and without, over 20 deals a position; by tricks left.

``--out`` writes the weights as ``puur/bots/hand_model.json`` reads them. Needs numpy (the ``rl`` extra).
"""

from __future__ import annotations

import json
import math
import pickle
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np

from puur.lab.bench import print_result
from puur.lab.learning import adam, gather, learner_parser

SHARD = 25


def play_shard(args: tuple[int, str, str]) -> list[tuple[int, Any, list[int]]]:
    """The rows of games ``shard * SHARD`` to ``shard * SHARD + SHARD - 1``: (game, observation, hands)."""
    shard, spec, cache = args
    path = Path(cache) / f"shard-{shard:04d}.pkl" if cache else None
    if path is not None and path.exists():
        rows: list[tuple[int, Any, list[int]]] = pickle.loads(path.read_bytes())
        return rows
    rows = [row for g in range(shard * SHARD, shard * SHARD + SHARD) for row in game_rows(g, spec)]
    if path is not None:
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(pickle.dumps(rows))
        tmp.rename(path)
    return rows


def game_rows(g: int, spec: str) -> list[tuple[int, Any, list[int]]]:
    """Game ``g``: one round of Schieber dealt from ``1_000_000 + g``, every seat ``spec`` (seeded by the
    game and seat); its card decisions once the contract is chosen: (g, observation, the real hands)."""
    from puur.bots import make_seat_player
    from puur.bots.runner import declarations_for
    from puur.match.game import Game

    rows = []
    game = Game("schieber", seed=1_000_000 + g)
    players = {s: make_seat_player(spec, 7_000_000 + 4 * g + s) for s in range(4)}
    while not game.is_over and not game.rounds:
        seat = game.current_seat
        assert seat is not None
        obs = game.observation(seat)
        if obs.phase == "play" and obs.contract is not None:
            rows.append((g, obs, list(game.round.hands)))
        action = players[seat].act(obs)
        game.apply(action, declarations_for(game, action))
    return rows


def table(rows: list[tuple[int, Any, list[int]]]) -> dict[str, np.ndarray]:
    """The training rows: per hidden card with a choice of seats, its class, the features and room of
    the three other seats (relative to the decider), which may hold it, and which does."""
    from puur.bots.hand_model import FEATURES, PlayRecord, card_class
    from puur.info.determinize import Determinizer
    from puur.info.inference import played_mask

    classes, xs, rooms, allowed, labels, games, left = [], [], [], [], [], [], []
    for g, obs, hands in rows:
        if obs.contract is None or obs.contract.changes_direction:
            continue
        det = Determinizer(obs)
        record = PlayRecord(obs)
        unplayed = ((1 << 36) - 1) & ~played_mask(obs)
        others = det.others
        for c in det.cards:
            ok = [not det.cannot[s] >> c & 1 and det.need[s] > 0 for s in others]
            if sum(ok) < 2:
                continue
            holder = next(i for i, s in enumerate(others) if hands[s] >> c & 1)
            classes.append(card_class(c, obs.contract, unplayed, obs.profile.undenufe_values))
            xs.append([record.features(obs, c, s) for s in others])
            rooms.append([det.need[s] for s in others])
            allowed.append(ok)
            labels.append(holder)
            games.append(g)
            left.append(len(obs.hand))
    n = len(labels)
    return {
        "cls": np.array(classes, dtype=np.int64),
        "x": np.array(xs, dtype=np.float64).reshape(n, 3, len(FEATURES)),
        "room": np.array(rooms, dtype=np.float64),
        "ok": np.array(allowed, dtype=bool),
        "y": np.array(labels, dtype=np.int64),
        "game": np.array(games, dtype=np.int64),
        "left": np.array(left, dtype=np.int64),
    }


def probabilities(t: dict[str, np.ndarray], w: np.ndarray) -> np.ndarray:
    """Each row's chance for each of the three seats: room times exp(w . x) among the allowed seats."""
    score = np.einsum("nsf,nf->ns", t["x"], w[t["cls"]]) + np.log(np.maximum(t["room"], 1e-9))
    score = np.where(t["ok"], score, -np.inf)
    score -= score.max(axis=1, keepdims=True)
    p = np.exp(score)
    return p / p.sum(axis=1, keepdims=True)


def fit(t: dict[str, np.ndarray], n_classes: int, steps: int = 600, l2: float = 1e-3, lr: float = 0.05) -> np.ndarray:
    """The weights (classes by features) that maximise the real seats' likelihood, full-batch Adam."""
    n, _, f = t["x"].shape
    w = np.zeros((n_classes, f))
    onehot = np.eye(3)[t["y"]]

    def grads() -> list[np.ndarray]:
        d = np.einsum("ns,nsf->nf", probabilities(t, w) - onehot, t["x"])
        grad = np.zeros_like(w)
        np.add.at(grad, t["cls"], d)
        return [grad / n + l2 * w]

    adam([w], grads, steps, lr)
    return w


def report(t: dict[str, np.ndarray], w: np.ndarray) -> dict[str, float]:
    """Mean negative log-likelihood and mean chance of the real seat, the model's and the room's."""
    idx = np.arange(len(t["y"]))
    p = probabilities(t, w)[idx, t["y"]]
    p0 = probabilities(t, np.zeros_like(w))[idx, t["y"]]
    return {
        "rows": len(idx),
        "nll": float(-np.log(p).mean()),
        "nll_room": float(-np.log(p0).mean()),
        "on_real_seat": float(p.mean()),
        "on_real_seat_room": float(p0.mean()),
    }


def sampled_share(rows: list[tuple[int, Any, list[int]]], model: Any, deals: int = 20) -> dict[int, dict[str, float]]:
    """By tricks left: the share of the cards the sampler deals that land at their real seats, with the
    model's weights and without (``deals`` deals a position)."""
    from puur.bots.hand_model import card_weights
    from puur.info.determinize import Determinizer

    out: dict[int, list[float]] = {}
    rng = random.Random(5)
    for _, obs, hands in rows:
        if obs.contract is None or obs.contract.changes_direction:
            continue
        plain = Determinizer(obs)
        if not plain.cards:
            continue
        leaned = Determinizer(obs, weights=card_weights(obs, plain.cards, model))
        hits = [0, 0]
        for _ in range(deals):
            for i, det in enumerate((plain, leaned)):
                sample = det.sample(rng)
                hits[i] += sum(1 for c in det.cards for s in det.others if sample[s] >> c & 1 and hands[s] >> c & 1)
        total = deals * len(plain.cards)
        acc = out.setdefault(len(obs.hand), [0.0, 0.0, 0.0])
        acc[0] += hits[0] / total
        acc[1] += hits[1] / total
        acc[2] += 1
    return {k: {"room": a / n, "model": b / n, "positions": int(n)} for k, (a, b, n) in sorted(out.items(), reverse=True)}


def main(argv: list[str] | None = None) -> int:
    args = learner_parser(__doc__, "games", 2000, "mcts:level=easy", 600).parse_args(argv)

    from puur.bots.hand_model import CLASSES, FEATURES, HandModel

    if args.cache:
        Path(args.cache).mkdir(parents=True, exist_ok=True)
    shards = [(k, args.player, args.cache) for k in range(math.ceil(args.games / SHARD))]
    rows = [r for part in gather(play_shard, shards, args.jobs) for r in part if r[0] < args.games]
    train_rows = [r for r in rows if r[0] % 10]
    test_rows = [r for r in rows if r[0] % 10 == 0]
    train, test = table(train_rows), table(test_rows)
    w = fit(train, len(CLASSES), steps=args.steps, l2=args.l2)
    model = HandModel(tuple(tuple(float(x) for x in row) for row in w), f"benchmarks/hand_model.py {args.player}")
    result: dict[str, Any] = {
        "games": args.games,
        "player": args.player,
        "train": report(train, w),
        "test": report(test, w),
        "test_by_tricks_left": {
            int(k): report({key: a[test["left"] == k] for key, a in test.items()}, w) for k in sorted(set(test["left"]), reverse=True)
        },
        "sampled_share": sampled_share(test_rows, model),
        "weights": {k: {f: round(float(w[i, j]), 4) for j, f in enumerate(FEATURES)} for i, k in enumerate(CLASSES)},
    }
    if args.out:
        data = {
            "source": f"benchmarks/hand_model.py --games {args.games} --player {args.player}",
            "features": list(FEATURES),
            "classes": list(CLASSES),
            "weights": result["weights"],
            "test": result["test"],
        }
        Path(args.out).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print_result(result, args.json, readable)
    return 0


def readable(result: dict[str, Any]) -> str:
    """The fit on the training and the held-out games, and the chance on the real seat by tricks left."""
    lines = [f"{k} {result[k]}" for k in ("train", "test")]
    lines += [
        f"{k} left: sampler {v['room']:.3f}  with model {v['model']:.3f}  ({v['positions']} positions)"
        for k, v in result["sampled_share"].items()
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
