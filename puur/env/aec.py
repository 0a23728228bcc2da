"""The PettingZoo AEC environment: four seats play Schieber matches under any rule profile.

Agents ``player_0`` .. ``player_3`` are the seats 0..3 (teams 0/2 and 1/3). Each agent observes
``{"observation": encode(obs), "action_mask": action_mask(obs)}`` of its seat's ``Observation`` only
(``puur.env.encoding``), so nothing hidden is ever shown. An action is an index of
``puur.env.encoding.ACTIONS``; an illegal one raises ``ValueError`` and changes nothing (use the mask).

Rewards: ``reward="round"`` (default) gives each agent its team's written points minus the other team's
whenever a round is written (RULES.md §11); ``reward="match"`` gives the final totals' difference once, at
the end. ``episode="match"`` (default) plays a match to the profile's target (RULES.md §12);
``episode="round"`` ends after the first round. The game form is the Schieber.

Seeding: ``reset(seed=s)`` deals the same match for the same ``s`` (later resets without a seed draw
their match seeds from it); ``env(seed=s)`` seeds the first reset. ``reset(options={"hands": [...],
"forehand": n})`` deals the first round by hand (``Game.from_deal``).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from puur.core.profile import RuleProfile
from puur.env.encoding import N_ACTIONS, OBS_SIZE, action_mask, check_profile, decode, encode
from puur.info.observation import Observation
from puur.match.game import Game

REWARDS = ("round", "match")
EPISODES = ("match", "round")
AGENTS = tuple(f"player_{s}" for s in range(4))


def observation_space() -> spaces.Dict:
    """The space of one agent's observation (the same for every seat and profile)."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, shape=(OBS_SIZE,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(N_ACTIONS,), dtype=np.int8),
        }
    )


def encoded(obs: Observation) -> dict[str, np.ndarray]:
    """One seat's observation as the environments give it."""
    return {"observation": encode(obs), "action_mask": action_mask(obs)}


def check_choice(name: str, value: str, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(allowed)}, got {value!r}")
    return value


def new_game(profile: RuleProfile, rng: random.Random, options: dict[str, Any] | None) -> Game:
    """A match seeded from ``rng``; ``options["hands"]`` (and ``"forehand"``) deal its first round by hand."""
    seed = rng.getrandbits(62)
    if options and options.get("hands") is not None:
        return Game.from_deal(profile, options["hands"], forehand=options.get("forehand"), seed=seed)
    return Game(profile, seed=seed)


def team_rewards(before: tuple[int, int], game: Game, reward: str, done: bool) -> tuple[float, float]:
    """What each team is given for one step: the change in written points, as a difference to the other
    team (``round``), or the final totals' difference at the end (``match``)."""
    if reward == "round":
        d0, d1 = game.scores[0] - before[0], game.scores[1] - before[1]
    elif done:
        d0, d1 = game.scores[0], game.scores[1]
    else:
        return 0.0, 0.0
    return float(d0 - d1), float(d1 - d0)


def episode_over(game: Game, episode: str) -> bool:
    return game.is_over or (episode == "round" and bool(game.rounds))


class raw_env(AECEnv):  # noqa: N801 - PettingZoo's name for the unwrapped class
    """Schieber for four agents; see the module docstring."""

    metadata = {"name": "puur_schieber_v0", "render_modes": ["ansi"], "render_fps": 1, "is_parallelizable": False}

    def __init__(
        self,
        profile: str | dict[str, Any] | RuleProfile = "schieber",
        seed: int | None = None,
        reward: str = "round",
        episode: str = "match",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.profile = check_profile(RuleProfile.resolve(profile))
        self.reward_mode = check_choice("reward", reward, REWARDS)
        self.episode = check_choice("episode", episode, EPISODES)
        if render_mode is not None:
            check_choice("render_mode", render_mode, ("ansi",))
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self._space = observation_space()
        self._actions = spaces.Discrete(N_ACTIONS)
        self._rng = random.Random(seed)
        self.game: Game | None = None
        self._cache: dict[str, dict[str, np.ndarray]] = {}
        self._views: dict[str, Observation] = {}

    def observation_space(self, agent: str) -> spaces.Space:
        return self._space

    def action_space(self, agent: str) -> spaces.Space:
        return self._actions

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
            self._actions.seed(seed)
        self.game = new_game(self.profile, self._rng, options)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._cache, self._views = {}, {}
        seat = self.game.current_seat
        assert seat is not None
        self.agent_selection = AGENTS[seat]

    def seat_observation(self, agent: str) -> Observation:
        """The Puur ``Observation`` of ``agent``'s seat (what ``observe`` encodes)."""
        assert self.game is not None, "call reset() first"
        if agent not in self._views:
            self._views[agent] = self.game.observation(AGENTS.index(agent))
        return self._views[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if agent not in self._cache:
            self._cache[agent] = encoded(self.seat_observation(agent))
        return self._cache[agent]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        assert game is not None
        act, declare = decode(self.seat_observation(agent), action)
        before = (game.scores[0], game.scores[1])
        game.apply(act, declare)
        self._cache, self._views = {}, {}
        done = episode_over(game, self.episode)
        r0, r1 = team_rewards(before, game, self.reward_mode, done)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: (r0 if i % 2 == 0 else r1) for i, a in enumerate(AGENTS)}
        if done:
            self.terminations = dict.fromkeys(self.agents, True)
            result = {"scores": list(game.scores), "rounds": len(game.rounds), "winner": game.winner}
            self.infos = {a: {"result": result} for a in self.agents}
        else:
            seat = game.current_seat
            assert seat is not None
            self.agent_selection = AGENTS[seat]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None or self.game is None:
            return None
        g = self.game
        r = g.round
        trick = " ".join(f"{s}:{c}" for s, c in r.trick_seats())
        return (
            f"round {g.round_number}  contract {r.contract or '-'}  trick [{trick}]  "
            f"round points {r.card_points}  scores {g.scores}  to act {g.current_seat}"
        )

    def close(self) -> None:
        pass


def env(*args: Any, **kwargs: Any) -> AECEnv:
    """The AEC environment with PettingZoo's order checks; the arguments are ``raw_env``'s (the bare class),
    as PettingZoo's own environments pass them."""
    e: AECEnv = raw_env(*args, **kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


__all__ = ["AGENTS", "env", "observation_space", "raw_env"]
