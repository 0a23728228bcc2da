"""``benchmarks/endgame.py`` measures what it says: each player's loss against perfect play on the same
positions, by seed when asked."""

from __future__ import annotations

from benchmark_scripts import load_benchmark

bench = load_benchmark("endgame")


def test_one_seed_pairs_each_player_with_the_first_position_by_position() -> None:
    res = bench.measure(3, 3, ["heuristic", "mcts:iters=16"])
    rows = res["players"]
    assert res["positions"] > 0 and set(rows) == {"heuristic", "mcts:iters=16"}
    assert rows["heuristic"]["mean_loss"] >= 0 and "vs_first" not in rows["heuristic"]
    assert "vs_first" in rows["mcts:iters=16"] and "by_seed" not in rows["mcts:iters=16"]


def test_seeds_play_each_mcts_spec_by_seed_and_compare_seed_by_seed() -> None:
    """``seeds``: an mcts spec without a seed is played with seeds 1..N, a spec that names its seed once;
    the same seed of the same spec loses the same; differences are taken seed by seed."""
    res = bench.measure(3, 3, ["mcts:iters=16", "mcts:iters=16,endgame=0", "mcts:iters=16,seed=2"], seeds=3)
    rows = res["players"]
    base, other, fixed = rows["mcts:iters=16"], rows["mcts:iters=16,endgame=0"], rows["mcts:iters=16,seed=2"]
    assert len(base["by_seed"]) == 3 and base["mean_loss"] == round(sum(base["by_seed"]) / 3, 3)
    assert "by_seed" not in fixed and fixed["mean_loss"] == base["by_seed"][1]  # seed 2 alike
    diffs = other["vs_first"]["by_seed"]
    assert all(abs(d - (o - b)) < 0.002 for d, o, b in zip(diffs, other["by_seed"], base["by_seed"], strict=True))
    assert other["vs_first"]["se"] >= 0


def test_the_table_plays_the_rounds() -> None:
    """``table``: the four players who reach the positions; another table, other positions (the same
    rounds' deals), and the report names it."""
    heur = bench.measure(3, 4, ["heuristic"])
    res = bench.measure(3, 4, ["heuristic"], table="mcts:iters=16")
    assert heur["table"] == "heuristic" and res["table"] == "mcts:iters=16" and res["positions"] > 0
    again = bench.measure(3, 4, ["heuristic"], table="mcts:iters=16")
    loss = lambda out: (out["positions"], out["players"]["heuristic"]["mean_loss"])  # noqa: E731
    assert loss(again) == loss(res)  # seeded by seat: the same play
    assert loss(res) != loss(heur)
