"""``PlayerPolicy``: which players a request may name (SECURITY.md "Players a request may name")."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from puur.bots.heuristic import HeuristicPlayer
from puur.bots.learned import LearnedPlayer
from puur.bots.mcts import LEVELS, MCTSPlayer
from puur.server.policy import BUILTIN_PLAYERS, MAX_THINK_SECONDS, PlayerPolicy, PlayerRefused


def test_checking_a_spec_imports_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(name: str, *args: Any) -> Any:
        raise AssertionError(f"imported {name}")

    policy = PlayerPolicy()
    monkeypatch.setattr(importlib, "import_module", refuse)
    for spec in ("os:system:command=id", "builtins:eval", "remote:url=http://127.0.0.1:1/x", "a.b.c:D"):
        with pytest.raises(PlayerRefused, match="Allowed players"):
            policy.check(spec)


def test_builtin_players_with_their_options() -> None:
    policy = PlayerPolicy()
    assert policy.check("mcts:level=strong,seed=4") == ("mcts", {"level": "strong", "seed": 4})
    assert policy.check(" heuristic ") == ("heuristic", {})
    assert policy.check("mcts:time=1") == ("mcts", {"time": 1})  # a whole number is a valid float
    assert isinstance(policy.make("heuristic", seed=3), HeuristicPlayer)
    assert policy.check("mcts:hands=model") == ("mcts", {"hands": "model"})  # the shipped model, by name
    assert policy.check("mcts:bidding=model") == ("mcts", {"bidding": "model"})
    assert policy.check("mcts:readbid=8") == ("mcts", {"readbid": 8})
    with pytest.raises(PlayerRefused, match="readbid"):
        policy.check("mcts:readbid=1000")  # each candidate costs a sampled deal: bounded


@pytest.mark.parametrize(
    "spec",
    [
        "mcts:hands=/etc/passwd", "mcts:hands=model.json", "mcts:hands=http://x/w",
        "mcts:bidding=/etc/passwd", "mcts:bidding=bidding_model.json", "mcts:bidding=http://x/w",
    ],
)  # fmt: skip
def test_the_learnt_models_are_a_choice_never_a_file(spec: str) -> None:
    with pytest.raises(PlayerRefused, match="model"):
        PlayerPolicy().check(spec)


def test_the_seed_given_by_the_server_replaces_the_spec_s() -> None:
    player = PlayerPolicy().make("mcts:level=easy,seed=1", seed=99)
    assert isinstance(player, MCTSPlayer) and player.seed == 99


def test_an_iters_budget_gets_a_safety_stop() -> None:
    """With ``iters`` and no ``time`` mcts would search without a clock; a request's gets the bound."""
    player = PlayerPolicy().make("mcts:iters=50")
    assert isinstance(player, MCTSPlayer) and player.limit == MAX_THINK_SECONDS and player.budget == 50
    assert PlayerPolicy().make("mcts:iters=50,time=0.5").limit == 0.5  # type: ignore[attr-defined]


def test_bounds_follow_the_levels() -> None:
    mcts = BUILTIN_PLAYERS["mcts"]
    assert mcts["iters"].high == max(b for b, _, _ in LEVELS.values())
    assert mcts["level"].choices == tuple(LEVELS)
    for bad in (True, "5", float("inf"), 0, 2001):
        assert not mcts["iters"].check(bad)


@pytest.mark.parametrize("name", ["mcts", "human", "Bad", "a b", "x" * 40, "auto"])
def test_operator_names_must_be_plain_and_new(name: str) -> None:
    with pytest.raises(ValueError, match="NAME"):
        PlayerPolicy({name: "random"})


def test_operator_players_are_named_by_name_alone() -> None:
    policy = PlayerPolicy.from_options(["quick=random:seed=5"])
    assert policy.names() == ["heuristic", "learned", "mcts", "random", "quick"]
    assert policy.check("quick") == ("quick", {})
    with pytest.raises(PlayerRefused, match="takes no options"):
        policy.check("quick:seed=1")
    assert "quick (no options)" in policy.describe()


def test_learned_is_a_built_in_player_with_the_search_s_bounds_and_a_safety_stop() -> None:
    player = PlayerPolicy().make("learned:level=easy,prior=8,prune=0.05", seed=7)
    assert isinstance(player, LearnedPlayer) and player.seed == 7 and (player.prior, player.prune) == (8, 0.05)
    assert player.budget == LEVELS["easy"][0]
    assert PlayerPolicy().make("learned:iters=50").limit == MAX_THINK_SECONDS  # type: ignore[attr-defined]
    assert set(BUILTIN_PLAYERS["learned"]) == (set(BUILTIN_PLAYERS["mcts"]) - {"hands"}) | {"prior", "prune"}
