"""Expert iteration: learn the policy and value network (``puur.env.policy_net``) from the search's self-play.

One iteration is two commands. The search plays itself and values every decision::

    puur selfplay --player "mcts:level=medium,endgame=0" --games 1600 --seed 1 --out runs/iter0

(``endgame=0``: every decision by playouts, so that every row has the values the guided decisions need,
and fast), and the network learns from those rows::

    python -m puur.lab.expert runs/iter0 --seed 1 --out puur/bots/policy_net.npz --json

The next iteration's self-play is by the player that leans on that network (``--player
"learned:level=medium,endgame=0"``, ``puur.bots.learned``), and its network learns from the new rows (or
from all so far). Anthony, Tian and Barber (2017) call the search the expert and the network the
apprentice; each makes the other better for as many rounds as it pays.

What is learnt, from each row of self-play that the search valued by playouts (not its exact endgame)
with a choice of two actions or more:

- the policy head, the search's choice (the row's ``action``): cross-entropy of a softmax over the legal
  actions;
- the value head, each valued action's mean value (``values``, divided by ``VALUE_SCALE``): a squared error
  weighted by the action's share of the playouts (``policy``), as the mean of more playouts is surer.

The rows of the games whose index ends in 0 are held out and measured (``measure``). Training is JAX
(Optax's Adam with weight decay), seeded, on the CPU or wherever JAX finds a device; it needs the
``learn`` extra (``pip install 'puur[learn]'``) and is never needed to play: the network's inference is
plain Python (``puur.bots.learned``).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from puur.bots.learned import VALUE_SCALE
from puur.env.policy_net import LAYERS, PolicyNet, load
from puur.lab.bench import benchmark_parser, print_result
from puur.lab.selfplay import read_rows

HIDDEN = 256
"""The width of each of the two hidden layers."""
HELD_OUT = 10
"""The games whose index is a multiple of this are held out."""


EPOCHS = 8
"""Passes over the rows: on the first self-play's 40,000 rows the held-out choice's cross-entropy was 1.33
after 8 passes and 1.74 after 20: more passes learn the choices by heart."""


def _matrix(t: Any, column: str, dtype: Any) -> np.ndarray:
    """A fixed-size list column of a self-play table as one row per decision."""
    return np.asarray(t.column(column).combine_chunks().flatten(), dtype=dtype).reshape(t.num_rows, -1)


def examples(runs: list[str | Path]) -> dict[str, np.ndarray]:
    """The learnable rows of the self-play runs' folders as arrays: ``x`` (float16 encodings), ``mask``
    (legal actions), ``action`` (the search's choice), ``values`` (NaN where not valued; points),
    ``weight`` (each valued action's share of the playouts, scaled to a mean of one in its row), ``early``
    (a contract decision or a card of the first two tricks: where the search plays out rather than
    solving), ``game``."""
    parts: list[dict[str, np.ndarray]] = []
    for run in runs:
        t = read_rows(run)
        values, mask = _matrix(t, "values", np.float32), _matrix(t, "mask", np.int8)
        valued = ~np.isnan(values)
        keep = (~np.asarray(t.column("exact"))) & (mask.sum(axis=1) > 1) & (valued.sum(axis=1) > 1)
        share = np.where(valued, _matrix(t, "policy", np.float32), 0.0)
        weight = share * valued.sum(axis=1, keepdims=True) / np.maximum(share.sum(axis=1, keepdims=True), 1e-9)
        in_hand = np.array([int(h).bit_count() for h in _matrix(t, "hands", np.int64)[:, 0]])
        early = (np.asarray(t.column("phase").to_pylist()) == "contract") | (in_hand >= 8)
        x = _matrix(t, "obs", np.float16)
        parts.append({
            "x": x[keep], "mask": mask[keep], "action": np.asarray(t.column("action"), dtype=np.int32)[keep],
            "values": values[keep], "weight": weight[keep].astype(np.float32), "early": early[keep],
            "game": np.asarray(t.column("game"), dtype=np.int64)[keep],
        })  # fmt: skip
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def split(data: dict[str, np.ndarray]) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    """(learnt from, held out): by game, every ``HELD_OUT``-th game held out."""
    held = data["game"] % HELD_OUT == 0
    return {k: v[~held] for k, v in data.items()}, {k: v[held] for k, v in data.items()}


def train(
    data: dict[str, np.ndarray], seed: int = 1, epochs: int = EPOCHS, batch: int = 512, lr: float = 1e-3,
    hidden: int = HIDDEN, source: str = "",
) -> PolicyNet:  # fmt: skip
    """The network learnt from ``data`` (``examples``) by minibatch Adam (weight decay 1e-4), the rows
    shuffled each epoch from ``seed``."""
    import jax
    import jax.numpy as jnp
    import optax

    key = jax.random.PRNGKey(seed)
    k1, k2, k3, k4 = jax.random.split(key, 4)
    n_in, n_act = data["x"].shape[1], data["mask"].shape[1]

    def dense(k: Any, fan_in: int, fan_out: int, scale: float = 1.0) -> jax.Array:
        return jax.random.normal(k, (fan_in, fan_out)) * scale * np.sqrt(2.0 / fan_in)

    params = {
        "w1": dense(k1, n_in, hidden), "b1": jnp.zeros(hidden), "w2": dense(k2, hidden, hidden), "b2": jnp.zeros(hidden),
        "wp": dense(k3, hidden, n_act, 0.1), "bp": jnp.zeros(n_act), "wv": dense(k4, hidden, n_act, 0.1), "bv": jnp.zeros(n_act),
    }  # fmt: skip

    def loss(p: dict[str, jax.Array], x: jax.Array, mask: jax.Array, action: jax.Array, target: jax.Array,
             weight: jax.Array) -> jax.Array:  # fmt: skip
        h = jax.nn.relu(x @ p["w1"] + p["b1"])
        h = jax.nn.relu(h @ p["w2"] + p["b2"])
        logits = jnp.where(mask > 0, h @ p["wp"] + p["bp"], -1e9)
        ce = -jnp.take_along_axis(jax.nn.log_softmax(logits), action[:, None], axis=1).mean()
        err = weight * (h @ p["wv"] + p["bv"] - target) ** 2
        return ce + err.sum() / jnp.maximum(1.0, (weight > 0).sum())

    opt = optax.adamw(lr, weight_decay=1e-4)
    state = opt.init(params)

    @jax.jit
    def step(p: Any, s: Any, *batch_arrays: jax.Array) -> tuple[Any, Any, jax.Array]:
        value, grads = jax.value_and_grad(loss)(p, *batch_arrays)
        updates, s = opt.update(grads, s, p)
        return optax.apply_updates(p, updates), s, value

    target = np.nan_to_num(data["values"] / VALUE_SCALE).astype(np.float32)
    rng = np.random.default_rng(seed)
    n = len(data["x"])
    for _ in range(epochs):
        order = rng.permutation(n)
        for start in range(0, n - batch + 1, batch):
            i = order[start : start + batch]
            params, state, _ = step(
                params, state, data["x"][i].astype(np.float32), data["mask"][i], data["action"][i], target[i], data["weight"][i],
            )  # fmt: skip
    return PolicyNet.from_layers({k: np.asarray(params[k]) for k in LAYERS}, source=source)


def measure(net: PolicyNet, data: dict[str, np.ndarray]) -> dict[str, float]:
    """On ``data`` (held-out rows), where the search plays out (``early``) and everywhere: how often the
    network's likeliest action is the search's choice (``top1``), the cross-entropy of the choice, the
    values' error in points (``value_rmse``, weighted by the playouts' shares) and the error of the values'
    differences within a decision, what ranks the actions (``spread_rmse``: each side less its weighted
    mean over the valued actions), against taking every action alike (``spread_rmse_flat``)."""
    out: dict[str, float] = {}
    for name, rows in (("early", data["early"]), ("all", np.ones(len(data["x"]), dtype=bool))):
        logits, v = net.forward(data["x"][rows].astype(np.float32))
        logits = np.where(data["mask"][rows] > 0, logits, -1e9)
        logp = logits - logits.max(axis=1, keepdims=True)
        logp -= np.log(np.exp(logp).sum(axis=1, keepdims=True))
        action, weight = data["action"][rows], data["weight"][rows]
        target = np.nan_to_num(data["values"][rows])
        v = v * VALUE_SCALE

        def centred(a: np.ndarray, w: np.ndarray = weight) -> np.ndarray:
            return np.where(w > 0, a - (w * a).sum(axis=1, keepdims=True) / w.sum(axis=1, keepdims=True), 0.0)

        def rmse(err: np.ndarray, w: np.ndarray = weight) -> float:
            return float(np.sqrt((w * err**2).sum() / w.sum()))

        out[f"{name}_rows"] = float(rows.sum())
        out[f"{name}_top1"] = float((logp.argmax(axis=1) == action).mean())
        out[f"{name}_choice_ce"] = float(-logp[np.arange(len(action)), action].mean())
        out[f"{name}_value_rmse"] = rmse(np.where(weight > 0, v - target, 0.0))
        out[f"{name}_spread_rmse"] = rmse(centred(v) - centred(target))
        out[f"{name}_spread_rmse_flat"] = rmse(centred(target))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = benchmark_parser(__doc__)
    parser.add_argument("runs", nargs="+", help="puur selfplay output folders")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--epochs", type=int, default=EPOCHS)
    parser.add_argument("--hidden", type=int, default=HIDDEN)
    parser.add_argument("--out", default="", help="where to write the weights (puur/bots/policy_net.npz ships them)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    try:
        learn, held = split(examples(args.runs))
    except ValueError as e:
        print(f"puur.lab.expert: {e}", file=sys.stderr)
        return 2
    source = f"python -m puur.lab.expert {' '.join(args.runs)} --seed {args.seed} --epochs {args.epochs} --hidden {args.hidden}"
    net = train(learn, seed=args.seed, epochs=args.epochs, hidden=args.hidden, source=source)
    report = {"learnt_rows": len(learn["x"]), "held_out": measure(net, held), "seconds": round(time.perf_counter() - started, 1)}
    if args.out:
        data = net.to_bytes()
        load(data)  # what ships reads back
        Path(args.out).write_bytes(data)
        report["out"] = args.out
    print_result(report, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

__all__ = ["examples", "main", "measure", "split", "train"]
