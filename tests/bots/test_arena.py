"""``puur arena``: duplicate deals, statistics and the --json schema of INTERFACES.md §3."""

from __future__ import annotations

import json

import pytest

from puur.cli import main
from puur.core.profile import RuleProfile
from puur.lab.arena import Arena, deal_of, rate_ci, run_arena


def _check_schema(r: dict[str, object], with_games: bool) -> None:
    assert set(r) == {"a", "b", "profile", "deals", "rounds", "seconds", "points_diff", "round_win_rate",
                      "paired_win_rate", "game_win_rate"}  # fmt: skip
    pd = r["points_diff"]
    assert isinstance(pd, dict) and set(pd) == {"mean", "ci95"} and len(pd["ci95"]) == 2
    for k in ("round_win_rate", "paired_win_rate") + (("game_win_rate",) if with_games else ()):
        v = r[k]
        assert isinstance(v, dict) and set(v) == {"value", "ci95"}
        lo, hi = v["ci95"]
        assert 0 <= lo <= v["value"] <= hi <= 1
    if not with_games:
        assert r["game_win_rate"] is None


def test_arena_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--a", "heuristic", "--b", "random", "--deals", "3", "--seed", "2", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    _check_schema(r, False)
    assert r["a"] == "heuristic" and r["b"] == "random" and r["deals"] == 3 and r["rounds"] == 6


def test_arena_games_and_jobs() -> None:
    r = run_arena(Arena("heuristic", "random", deals=2, games=1, profile="jasvel", seed=1, jobs=2))
    _check_schema(r, True)
    again = run_arena(Arena("heuristic", "random", deals=2, games=1, profile="jasvel", seed=1, jobs=1))
    assert {k: v for k, v in r.items() if k != "seconds"} == {k: v for k, v in again.items() if k != "seconds"}


def test_duplicate_deals_mirror() -> None:
    """The same player on both sides: a's two seatings are b's two seatings, so the paired diff is zero."""
    r = run_arena(Arena("heuristic", "heuristic", deals=3, seed=5))
    assert r["points_diff"]["mean"] == 0
    assert r["paired_win_rate"]["value"] == 0.5
    hands, dealer = deal_of(RuleProfile.preset("schieber"), 5, 0)
    assert sorted(bin(h).count("1") for h in hands) == [9, 9, 9, 9] and dealer == 0


def test_bad_player_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--a", "nobody", "--b", "random", "--deals", "1", "--json"]) == 2
    assert "nobody" in capsys.readouterr().err


def test_wilson() -> None:
    v = rate_ci(60, 100)
    assert v["value"] == 0.6 and 0.5 < v["ci95"][0] < 0.6 < v["ci95"][1] < 0.7
