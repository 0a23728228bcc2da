"""The calibration of the computers' ratings (``puur.lab.ratings``): the fit ranks the strength that wins above
the one that loses, and the module it writes is the module the server reads."""

from __future__ import annotations

import json
from pathlib import Path

from puur.lab.ratings import BESIDE, LADDER, Outcome, fit, fit_beside, main, module_text


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


def test_a_strength_beside_the_ladder_is_rated_against_the_level_it_is_built_on(tmp_path: Path) -> None:
    """``learned`` plays ``mcts:level=medium`` (``BESIDE``) once medium is calibrated; the matches kept in the
    ``--played`` file are not played again, so this run plays none."""
    ladder = LADDER[:4]
    played = {f"{a} vs {b} x{1 if 'medium' in a else 2} seed 1": [True, True, True, False]
              for a, b in zip(ladder[1:], ladder, strict=False)}  # fmt: skip
    played["learned:level=medium vs mcts:level=medium x1 seed 1"] = [True, False]
    (tmp_path / "played.json").write_text(json.dumps(played))
    out = tmp_path / "ratings.py"
    assert main(["--pairs", "2", "--slow-pairs", "1", "--levels", "4", "--played", str(tmp_path / "played.json"), "--out", str(out)]) == 0
    space: dict[str, object] = {}
    exec(compile(out.read_text(), "computer_ratings.py", "exec"), space)  # noqa: S102 - the text main writes
    calibrated = space["CALIBRATED"]
    assert isinstance(calibrated, dict) and list(calibrated) == [*ladder, *BESIDE]
    assert "learned:level=medium 2" in out.read_text()  # its matches counted beside the ladder's


def test_a_strength_beside_the_ladder_moves_alone_against_fixed_ratings() -> None:
    """Three wins in four against a fixed rating put a strength above it, one in four below; the fixed one
    stays. (Two hundred matches: one pass over forty is swayed by which come last.)"""
    fixed = {"mcts:level=medium": (32.0, 2.0)}
    wins = fit_beside([Outcome("learned:level=medium", "mcts:level=medium", i % 4 != 0) for i in range(200)], fixed, seed=1)
    losses = fit_beside([Outcome("learned:level=medium", "mcts:level=medium", i % 4 == 0) for i in range(200)], fixed, seed=1)
    assert list(wins) == ["learned:level=medium"] and fixed == {"mcts:level=medium": (32.0, 2.0)}
    assert wins["learned:level=medium"][0] > 32.0 + 2 > 32.0 - 2 > losses["learned:level=medium"][0]
