"""The Gymnasium single-agent environment: one seat learns, the other three are Puur players.

``gymnasium.make("puur/Schieber-v0", opponents="heuristic")`` (``import puur.env`` registers one id per
preset: ``puur/Schieber-v0``, ``puur/Classic-v0``, ``puur/Schweizer-v0``, ``puur/Online-v0``,
``puur/Jasvel-v0``). ``opponents`` is a player spec (``random``, ``heuristic``, ``mcts:level=easy``,
``package.module:Class``) or three of them for the seats after the learner's in play order (the second
is its partner); ``partner`` overrides the partner alone. The other seats act through
``puur.bots.runner.play_turn``, so they see only their own ``Observation`` and make the declarations they
owe.

Observation and actions are those of the AEC environment (``puur.env.encoding``). The reward is the
learner's team's written points minus the other team's (per round written, or once at the end with
``reward="match"``). An illegal action is refused: nothing changes, the reward is ``-illegal_penalty``
and ``info["illegal"]`` is True (``illegal="raise"`` raises instead).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np

from puur.bots import Player, make_seat_player
from puur.bots.runner import play_turn
from puur.core.profile import RuleProfile
from puur.env.aec import (
    EPISODES,
    REWARDS,
    check_choice,
    encoded,
    episode_over,
    new_game,
    observation_space,
    team_rewards,
)
from puur.env.encoding import N_ACTIONS, check_profile, decode
from puur.match.game import Game

Spec = str | Player


class SingleSeatEnv(gym.Env):  # type: ignore[type-arg]
    """One learning seat against (and with) Puur players; see the module docstring."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        profile: str | dict[str, Any] | RuleProfile = "schieber",
        opponents: Spec | Sequence[Spec] = "heuristic",
        partner: Spec | None = None,
        seat: int = 0,
        reward: str = "round",
        episode: str = "match",
        illegal: str = "penalize",
        illegal_penalty: float = 10.0,
        render_mode: str | None = None,
    ) -> None:
        self.profile = check_profile(RuleProfile.resolve(profile))
        if isinstance(opponents, str) or not isinstance(opponents, Sequence):
            specs: list[Spec] = [opponents, opponents, opponents]
        else:
            specs = list(opponents)
            if len(specs) != 3:
                raise ValueError("opponents must be one player spec or three (the seats after the learner's)")
        if partner is not None:
            specs[1] = partner
        if seat not in range(4):
            raise ValueError(f"seat must be 0, 1, 2 or 3, got {seat!r}")
        self.seat = seat
        self.specs = specs
        for spec in specs:
            if isinstance(spec, str):
                make_seat_player(spec, 0)  # fail early on a bad spec
        self.reward_mode = check_choice("reward", reward, REWARDS)
        self.episode = check_choice("episode", episode, EPISODES)
        self.illegal = check_choice("illegal", illegal, ("penalize", "raise"))
        self.illegal_penalty = float(illegal_penalty)
        if render_mode is not None:
            check_choice("render_mode", render_mode, ("ansi",))
        self.render_mode = render_mode
        self.observation_space = observation_space()
        self.action_space = gym.spaces.Discrete(N_ACTIONS)
        self._rng = random.Random()
        self.game: Game | None = None
        self.players: dict[int, Player] = {}

    def _others(self) -> float:
        """Let the other seats act until the learner is to act or the episode is over; the learner's
        reward for what was written meanwhile."""
        game = self.game
        assert game is not None
        team = self.seat & 1
        total = 0.0
        while not episode_over(game, self.episode) and game.current_seat != self.seat:
            seat = game.current_seat
            assert seat is not None
            before = (game.scores[0], game.scores[1])
            play_turn(game, self.players[seat])
            total += team_rewards(before, game, self.reward_mode, episode_over(game, self.episode))[team]
        return total

    def _obs(self) -> dict[str, np.ndarray]:
        assert self.game is not None
        return encoded(self.game.observation(self.seat))

    def _info(self) -> dict[str, Any]:
        assert self.game is not None
        g = self.game
        return {"scores": list(g.scores), "round": g.round_number, "winner": g.winner}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
            self.action_space.seed(seed)
        self.game = new_game(self.profile, self._rng, options)
        self.players = {}
        for i, spec in enumerate(self.specs):
            s = (self.seat + 1 + i) % 4
            self.players[s] = make_seat_player(spec, self._rng.getrandbits(62)) if isinstance(spec, str) else spec
        self._others()  # what the others wrote before the learner's first turn is part of no step
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        game = self.game
        assert game is not None, "call reset() first"
        if episode_over(game, self.episode):
            raise ValueError("the episode is over: call reset()")
        obs = game.observation(self.seat)
        try:
            act, declare = decode(obs, action)
        except ValueError:
            if self.illegal == "raise":
                raise
            return self._obs(), -self.illegal_penalty, False, False, {**self._info(), "illegal": True}
        team = self.seat & 1
        before = (game.scores[0], game.scores[1])
        game.apply(act, declare)
        reward = team_rewards(before, game, self.reward_mode, episode_over(game, self.episode))[team]
        reward += self._others()
        done = episode_over(game, self.episode)
        return self._obs(), reward, done, False, {**self._info(), "illegal": False}

    def render(self) -> str | None:
        if self.render_mode is None or self.game is None:
            return None
        g = self.game
        hand = " ".join(str(c) for c in g.observation(self.seat).hand)
        return f"round {g.round_number}  contract {g.round.contract or '-'}  hand {hand}  scores {g.scores}"


__all__ = ["SingleSeatEnv"]
