"""Experiment (not shipped): the network of the hidden hands (``benchmarks/hand_net.py``'s) learnt on the search's
own self-play, measured on that benchmark's held-out rows.

    .venv/bin/python docs/experiments/hand_net_selfplay.py runs/iter0 runs/iter1 runs/iter2

The self-play runs (``puur selfplay``, the expert iteration's: docs/experiments/research.md) are replayed into
observations: each game dealt as the run dealt it (``puur.lab.selfplay.new_game``),
each row's action applied, the first rows' encodings checked equal to the stored ones. Their games ending in 1
choose the epoch, the others train. The held-out rows are ``benchmarks/hand_net.py``'s test rows: its games
ending in 0 of 950 rounds of ``mcts:level=easy`` (the same deals and seeds, played again here), where the
log-linear model and the room alone are measured too. Writes the weights to ``hand_net_selfplay.npz``.
The findings are in docs/experiments/research.md.
"""
from __future__ import annotations

import json
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from hand_model import game_rows  # noqa: E402
from hand_net import loglinear, nll, positions, subset, train  # noqa: E402

Rows = list[tuple[int, Any, list[int]]]


def held_out_game(g: int) -> Rows:
    """Game ``g`` of ``benchmarks/hand_model.py`` (its deal and seats' seeds) by ``mcts:level=easy``."""
    return game_rows(g, "mcts:level=easy")


def replayed(task: tuple[str, int]) -> Rows:
    """The card decisions of a self-play run, replayed: (``offset`` + game, observation, real hands)."""
    import pyarrow.parquet as pq

    from puur.env.encoding import decode, encode
    from puur.lab.selfplay import new_game

    run, offset = task
    meta = json.loads(Path(run, "run.json").read_text())
    out: Rows = []
    for shard in sorted(Path(run).glob("shard-*.parquet")):
        t = pq.read_table(shard, columns=["game", "action", "obs"]).to_pydict()
        by_game: dict[int, list[tuple[int, list[float]]]] = {}
        for g, a, o in zip(t["game"], t["action"], t["obs"], strict=True):
            by_game.setdefault(g, []).append((a, o))
        for g, actions in by_game.items():
            game = new_game(meta["profile"], meta["seed"], g)
            for k, (a, o) in enumerate(actions):
                seat = game.current_seat
                assert seat is not None
                obs = game.observation(seat)
                if k < 3 and not np.array_equal(encode(obs), np.asarray(o, dtype=np.float32)):
                    sys.exit(f"{run}, game {g}: the replay is not the game played")
                if obs.phase == "play" and obs.contract is not None:
                    out.append((offset + g, obs, list(game.round.hands)))
                game.apply(*decode(obs, a))
    return out


def main(runs: list[str]) -> None:
    start = time.time()
    with Pool(2) as pool:
        test_rows = [r for part in pool.map(held_out_game, range(0, 950, 10)) for r in part]
        rows = [r for part in pool.map(replayed, [(run, 10_000 * (i + 1)) for i, run in enumerate(runs)]) for r in part]
    data = positions(rows)
    kind = data["game"] % 10
    train_set, val_set = subset(data, kind != 1), subset(data, kind == 1)
    test_set = positions(test_rows)
    net, history = train(train_set, val_set, 128, 4, 1, batch=512, lr=2e-3, l2=1e-4, log=True)
    result = {"net_test": nll(net, test_set), "same_rows": loglinear(test_rows), "history": history,
              "positions": {"train": len(train_set["x"]), "val": len(val_set["x"]), "test": len(test_set["x"])},
              "seconds": round(time.time() - start)}  # fmt: skip
    result["nll_lower_than_loglinear"] = 1 - result["net_test"]["nll"] / result["same_rows"]["loglinear_nll"]
    np.savez("hand_net_selfplay.npz", **net)
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1:])
