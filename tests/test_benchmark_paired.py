"""``benchmarks/paired.py`` measures what it says: the arena's paired deals, split by the contracts chosen."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from puur.arena import play_deal

_spec = importlib.util.spec_from_file_location(
    "paired_bench", Path(__file__).parents[1] / "benchmarks" / "paired.py"
)
assert _spec and _spec.loader
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


def test_a_pair_is_the_arenas_deal() -> None:
    """The same deal, seats and seeds as ``puur arena``: with an ``iters`` budget (no clock) the two seatings
    give the arena's points exactly, although ``a``'s contract is read through ``evaluate``."""
    for index in range(2):
        pair = bench.play_pair(("mcts:iters=20", "heuristic", 1, index))
        a1, b1, a2, b2 = play_deal(("mcts:iters=20", "heuristic", "schieber", 1, index))
        assert [s["a"] for s in pair] == [a1 - b1, a2 - b2]
        assert sum(s["a_chose"] for s in pair) == 1  # one seating each team chooses
        mine = next(s for s in pair if s["a_chose"])
        assert mine["log"] and mine["log"][-1][0] == mine["contract"]  # after a push, the partner's choice


def _seating(
    a: int, contract: str, a_chose: bool, log: list[tuple[str, dict[str, float]]] | None = None
) -> dict:
    return {"a": a, "contract": contract, "a_chose": a_chose, "log": log or []}


def test_summary_splits_the_deals_by_the_contracts_chosen() -> None:
    pairs = [
        [_seating(40, "C", True, [("C", {"C": 50.0, "U": 20.0})]), _seating(-20, "C", False)],  # same, won
        [_seating(-300, "U", True, [("U", {"U": 100.0})]), _seating(100, "H", False)],  # a_top, lost
        [_seating(10, "D", True), _seating(-10, "O", False)],  # b_top, tied
        [_seating(5, "S", True), _seating(5, "D", False)],  # other, won
    ]
    out = bench.summarize(pairs)
    assert {g: out[g]["deals"] for g in ("same", "a_top", "b_top", "other", "all")} == {
        "same": 1, "a_top": 1, "b_top": 1, "other": 1, "all": 4,
    }  # fmt: skip
    assert out["same"]["rate"]["value"] == 1.0 and out["a_top"]["rate"]["value"] == 0.0
    assert out["b_top"]["rate"]["value"] == 0.5
    assert out["all"]["rate"]["value"] == 2.5 / 4
    assert out["a_top"]["points_per_round"]["mean"] == -100.0  # (-300 + 100) / 2
    assert out["estimates"]["C"]["bias"]["mean"] == 10.0  # expected 50, made 40
    assert out["estimates"]["U"]["bias"]["mean"] == 400.0
    assert out["lost"] == [  # by deal index, the tie too
        {"deal": 1, "group": "a_top", "a_contract": "U", "b_contract": "H", "points": -200},
        {"deal": 2, "group": "b_top", "a_contract": "D", "b_contract": "O", "points": 0},
    ]
