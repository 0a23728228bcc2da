"""The calibration of the computers' ratings (``puur.lab.ratings``): the fit ranks the strength that wins above
the one that loses, and the module it writes is the module the server reads."""

from __future__ import annotations

from puur.lab.ratings import Outcome, fit, module_text


def test_the_strength_that_wins_more_is_fitted_higher_and_listed_in_the_ladders_order() -> None:
    outcomes = [Outcome("heuristic", "random", True)] * 18 + [Outcome("heuristic", "random", False)] * 2
    outcomes += [Outcome("mcts:level=easy", "heuristic", i % 3 != 0) for i in range(20)]
    ratings = fit(outcomes, seed=3)
    assert list(ratings) == ["random", "heuristic", "mcts:level=easy"]
    mus = [mu for mu, _ in ratings.values()]
    assert mus == sorted(mus) and all(0 < sigma < 25 / 3 for _, sigma in ratings.values())


def test_the_written_module_holds_the_numbers_the_command_and_its_date() -> None:
    ratings = {"random": (1.5, 4.0), "heuristic": (29.0, 3.0)}
    text = module_text(ratings, "python -m puur.lab.ratings --pairs 2", "2026-12-06", {"random": 4, "heuristic": 4})
    space: dict[str, object] = {}
    exec(compile(text, "computer_ratings.py", "exec"), space)  # noqa: S102 - the text this module writes
    assert space["CALIBRATED"] == ratings
    assert space["CALIBRATION_COMMAND"] == "python -m puur.lab.ratings --pairs 2"
    assert space["CALIBRATION_DATE"] == "2026-12-06"
