"""``benchmarks/contract.py`` measures what it says: the chosen contract's value on the true deal."""

from __future__ import annotations

from benchmark_scripts import load_benchmark

from puur.bots import make_player
from puur.core.cards import BASE_CONTRACTS, PUSH, Contract
from puur.lab.arena import deal_of, game_on_deal

bench = load_benchmark("contract")


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


def test_calibration_sets_each_estimate_against_the_true_deal() -> None:
    rows = bench.calibrate(("mcts:iters=20", 1, 2))
    hands, dealer = deal_of(bench.PROFILE, 1, 2)
    assert sum(chosen for *_, chosen in rows) == 1
    labels = [label for label, *_ in rows]
    assert len(set(labels)) == len(labels) >= 2 and "P" in labels  # the forehand may push
    game = game_on_deal(bench.PROFILE, hands, dealer)
    game.apply(PUSH, ())
    reply = make_player("mcts:iters=20", seed=2 + 10**6).act(game.observation((game.round.forehand + 2) % 4))
    assert isinstance(reply, Contract)
    for label, estimate, true, _ in rows:
        assert -2000 < estimate < 2000
        pushed = label == "P"
        assert true == bench.played_value(hands, dealer, pushed, reply if pushed else Contract[label])


def test_calibration_report_is_the_mean_bias_per_option() -> None:
    res = bench.measure_calibration("mcts:iters=20", deals=4, seed=1, jobs=1)
    rows = [row for i in range(4) for row in bench.calibrate(("mcts:iters=20", 1, i))]
    for label, ci in res["options"].items():
        biases = [est - true for lab, est, true, _ in rows if lab == label]
        assert abs(ci["mean"] - sum(biases) / len(biases)) < 0.01
    chosen = [est - true for _, est, true, c in rows if c]
    assert len(chosen) == 4
    assert abs(res["chosen"]["mean"] - sum(chosen) / 4) < 0.01
