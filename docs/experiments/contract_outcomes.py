"""Experiment (not shipped): the contract decision's values set against what happened.

The search values each contract, and the push, by whole-round playouts on sampled open-card worlds. The
self-play rows (`puur selfplay`) hold, for each contract decision, every option's playout mean (`values`)
and the round's written result under the search's real play (`outcome`). Two questions, two uses:

1. Is the playouts' value biased by option, and can the hand predict the bias?

       .venv/bin/python docs/experiments/contract_outcomes.py runs/iter0 runs/iter1 runs/iter2

   prints, per option, the mean of outcome less the chosen option's playout mean, and the held-out R² of
   ridge fits of that residual on the option alone, and on the option, its value and the encoded hand.

2. Does correcting the values by those means choose better contracts? `CalibratedLearned` is `learned`
   with an offset added to each option's playout values (and to the network's prior for it): ``push`` for
   the push, ``trump`` per factor point for the four trump suits, ``ou`` per factor point for Obenabe and
   Undenufe:

       PYTHONPATH=docs/experiments .venv/bin/puur arena \
           --a 'contract_outcomes:CalibratedLearned:level=easy,push=22,trump=-10,ou=-2' \
           --b learned:level=easy --deals 600 --jobs 2 --seed 2 --json

The findings are in docs/experiments/research.md ("Contract values set against what happened").
"""

from __future__ import annotations

import sys
from typing import Any, NamedTuple

from puur.bots.learned import LearnedPlayer
from puur.core.cards import PUSH, Action, Contract
from puur.core.profile import RuleProfile
from puur.core.round import RoundState
from puur.info.observation import Observation


class Shifted(NamedTuple):
    """A playout's written score, shifted (all the contract search reads of a ``RoundScore``)."""

    written: tuple[int, int]


class CalibratedLearned(LearnedPlayer):
    """``learned`` whose contract values are shifted by fixed offsets (see the module docstring)."""

    def __init__(self, push: float = 0.0, trump: float = 0.0, ou: float = 0.0, **options: Any) -> None:
        super().__init__(**options)
        self.push, self.trump, self.ou = float(push), float(trump), float(ou)

    def offset(self, profile: RuleProfile, contract: Contract, pushed: bool) -> float:
        """The points added to a playout of ``contract`` (chosen after a push when ``pushed``)."""
        if pushed:
            return self.push
        return (self.ou if contract in (Contract.O, Contract.U) else self.trump) * profile.factor(contract)

    def guide(self, obs: Observation, options: list[Action]) -> dict[Action, tuple[float, float]] | None:
        word = super().guide(obs, options)
        if not word:
            return word
        shifted = {}
        for a, (value, weight) in word.items():
            off = self.push if a == PUSH else self.offset(obs.profile, a, False) if isinstance(a, Contract) else 0.0
            shifted[a] = (value + off, weight)
        return shifted

    def playout(self, r: RoundState, first: int | None = None) -> Any:
        """The search's playout; one from the contract decision (no first card) with its written score
        shifted for the chooser's team by the offset of the contract it played."""
        score = super().playout(r, first)
        if first is not None:
            return score
        w = list(score.written)
        assert r.contract is not None and r.chooser is not None
        w[r.chooser & 1] += round(self.offset(r.profile, r.contract, r.pushed))
        return Shifted((w[0], w[1]))


def residuals(runs: list[str]) -> None:
    """Per option: outcome less the chosen option's playout mean; then how much of it the hand predicts."""
    import glob

    import numpy as np
    import pyarrow.parquet as pq

    parts = []
    for k, run in enumerate(runs):
        t = pq.ParquetDataset(sorted(glob.glob(f"{run}/shard-*.parquet"))).read(
            columns=["phase", "action", "values", "outcome", "obs", "game"])  # fmt: skip
        sel = np.array(t.column("phase").to_pylist()) == "contract"
        a = t.column("action").to_numpy()[sel]
        v = np.stack(t.column("values").to_numpy(zero_copy_only=False)[sel])[np.arange(sel.sum()), a]
        obs = np.stack(t.column("obs").to_numpy(zero_copy_only=False)[sel])
        ok = ~np.isnan(v)
        game = t.column("game").to_numpy()[sel] + k * 1_000_000
        parts.append((a[ok], v[ok], t.column("outcome").to_numpy()[sel][ok], obs[ok], game[ok]))
    a, v, o, obs, game = (np.concatenate([p[i] for p in parts]) for i in range(5))
    y = o - v
    for act in sorted(set(a)):
        m = a == act
        print(f"action {act:2d}: {m.sum():5d} chosen, playouts {v[m].mean():7.1f}, outcome {o[m].mean():7.1f}, "
              f"residual {y[m].mean():6.1f} ± {1.96 * y[m].std() / np.sqrt(m.sum()):4.1f}")  # fmt: skip
    onehot = np.stack([(a == x).astype(float) for x in sorted(set(a))], 1)
    hand = obs[:, obs.std(0) > 0]
    test = game % 5 == 0
    base = np.mean((y[test] - y[~test].mean()) ** 2)
    for name, f in (("option", onehot), ("option, value, hand", np.concatenate([onehot, v[:, None] / 250, hand], 1))):
        w = np.linalg.solve(f[~test].T @ f[~test] + 100 * np.eye(f.shape[1]), f[~test].T @ (y[~test] - y[~test].mean()))
        r2 = 1 - np.mean((y[test] - f[test] @ w - y[~test].mean()) ** 2) / base
        print(f"held-out R² of the residual on {name}: {r2:.4f} ({len(y)} decisions, {test.sum()} held out)")


if __name__ == "__main__":
    residuals(sys.argv[1:])
