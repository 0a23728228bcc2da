"""``benchmarks/contract.py`` measures what it says: the chosen contract's value on the true deal."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from puur.arena import deal_of
from puur.cards import BASE_CONTRACTS, Contract

_spec = importlib.util.spec_from_file_location("contract_bench", Path(__file__).parents[1] / "benchmarks" / "contract.py")
assert _spec and _spec.loader
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


def test_choice_is_valued_on_the_true_deal() -> None:
    value, oracle, choice = bench.choose(("mcts:iters=20", 1, 0))
    hands, dealer = deal_of(bench.PROFILE, 1, 0)
    pushed = choice.startswith("P")
    contract = Contract[choice[1:] if pushed else choice]
    assert value == bench.played_value(hands, dealer, pushed, contract)
    assert oracle == max(bench.played_value(hands, dealer, False, c) for c in BASE_CONTRACTS)


def test_measure_pairs_every_player_on_the_first() -> None:
    res = bench.measure(["mcts:iters=20", "mcts:contract=model"], deals=3, seed=1, jobs=1)
    first, model = res["players"]["mcts:iters=20"], res["players"]["mcts:contract=model"]
    assert first["paired"]["mean"] == 0.0
    assert sum(first["choices"].values()) == sum(model["choices"].values()) == 3
    assert abs(model["paired"]["mean"] - (model["value"]["mean"] - first["value"]["mean"])) < 0.01
