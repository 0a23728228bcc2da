"""One path for computer seats: the runner, ``puur play`` and the soak all move computer seats
through ``puur.bots.runner.play_computers``, so under ``stoeck: strict`` a computer seat declares its Stöck
with the second card and never loses it. (Live games: tests/server/test_computer_seats_api.py; MCP:
tests/api/test_mcp.py.)"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from typing import Any

import pytest
from game_checks import stoeck_outcomes
from rich.console import Console

import puur.lab.soak
from puur.bots.random_player import RandomPlayer
from puur.bots.runner import computer_move, play_computers, play_match, play_turn
from puur.cli.terminal import TerminalGame
from puur.core.profile import PRESETS
from puur.lab.soak import SoakStats, soak_match
from puur.match.game import Game

STRICT = {p: {"preset": p, "stoeck": "strict", "target": 1000} for p in PRESETS}


def computer_stoeck(play: Callable[[int], tuple[Game, set[int]]], tries: int = 30) -> list[str | None]:
    """Play seeds until a computer seat has played its Stöck; every such Stöck's status."""
    seen: list[str | None] = []
    for seed in range(tries):
        game, seats = play(seed)
        seen += stoeck_outcomes(game, seats)
        if seen:
            break
    return seen


@pytest.mark.parametrize("preset", list(PRESETS))
def test_runner_declares_stoeck_for_computer_seats(preset: str) -> None:
    def play(seed: int) -> tuple[Game, set[int]]:
        game = play_match(Game(STRICT[preset], seed=seed), {s: RandomPlayer(seed * 4 + s) for s in range(4)})
        return game, {0, 1, 2, 3}

    seen = computer_stoeck(play)
    assert seen and set(seen) == {"scored"}


@pytest.mark.parametrize("preset", list(PRESETS))
def test_terminal_declares_stoeck_for_computer_seats(preset: str) -> None:
    def play(seed: int) -> tuple[Game, set[int]]:
        game = Game(STRICT[preset], seed=seed)

        def read(prompt: str) -> str:  # the human at seat 0 types the first number offered (never 's')
            assert re.search(r"\(1-\d+\)", prompt)
            return "1"

        console = Console(file=io.StringIO(), width=100)
        players = {s: RandomPlayer(seed * 4 + s) for s in (1, 2, 3)}
        assert TerminalGame(game, players, console, read).run() == 0  # type: ignore[arg-type]
        return game, {1, 2, 3}

    seen = computer_stoeck(play)
    assert seen and set(seen) == {"scored"}


@pytest.mark.parametrize("preset", list(PRESETS))
def test_soak_declares_stoeck_for_computer_seats(preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    games: list[Game] = []

    class Kept(Game):
        def __init__(self, *args: Any, **kw: Any) -> None:
            super().__init__(*args, **kw)
            games.append(self)

    monkeypatch.setattr(puur.lab.soak, "Game", Kept)

    def play(seed: int) -> tuple[Game, set[int]]:
        soak_match(Kept(STRICT[preset]).profile, seed, SoakStats())
        return games[-1], {0, 1, 2, 3}

    seen = computer_stoeck(play)
    assert seen and set(seen) == {"scored"}


def test_computer_move_decides_without_applying() -> None:
    game = Game("jasvel", seed=2)
    before = game.record()
    action, declare = computer_move(game, RandomPlayer(1))
    assert action in game.legal_actions() and declare == ()
    assert game.record() == before
    assert play_turn(game, RandomPlayer(1)) == (action, ())


def test_play_computers_stops_at_a_human_seat_and_reports_each_move() -> None:
    game = Game("schieber", seed=5)
    moves: list[tuple[int, str, tuple[str, ...]]] = []
    players = {s: RandomPlayer(s) for s in (1, 2, 3)}
    n = play_computers(game, players, on_move=lambda s, a, d: moves.append((s, str(a), d)))
    assert game.current_seat == 0 or game.is_over
    assert n == len(moves) == sum(len(a) for a in game.actions)
    assert all(s != 0 for s, _, _ in moves)


def test_play_computers_until_and_max_moves() -> None:
    game = Game("schieber", seed=6)
    players = {s: RandomPlayer(s) for s in range(4)}
    assert play_computers(game, players, max_moves=7) == 7
    play_computers(game, players, until=lambda g: len(g.round.tricks) == 2)
    assert len(game.round.tricks) == 2 and not game.round.trick
    assert play_computers(game, lambda s: None) == 0  # a function giving no player: nobody moves
