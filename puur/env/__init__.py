"""Reinforcement-learning environments on Puur's rules: PettingZoo and Gymnasium.

``puur.env.env(profile="schieber", seed=None)`` is the PettingZoo AEC environment (``puur.env.raw_env``
the class, ``puur.env.aec``); importing ``puur.env`` registers one Gymnasium single-agent id per preset,
``puur/Schieber-v0``, ``puur/Classic-v0``, ``puur/Schweizer-v0``, ``puur/Online-v0`` and
``puur/Jasvel-v0`` (``gymnasium.make("puur/Schieber-v0", opponents="heuristic")``, ``puur.env.single``).
The observation encoding is ``puur.env.encoding``; ``puur.env.VectorEnv`` steps many tables together in
numpy with the same encoding, and ``puur.env.selfplay`` streams its labelled positions (``puur.env.vector``). Needs the ``rl`` extra: ``pip install 'puur[rl]'``.
"""

from __future__ import annotations

try:
    import gymnasium
    import pettingzoo  # noqa: F401
except ImportError as e:  # pragma: no cover - the extra is installed by make test
    raise ImportError(
        f"puur.env needs PettingZoo and Gymnasium ({e.name} is missing): pip install 'puur[rl]'"
    ) from None

from puur.env.aec import AGENTS, env, raw_env
from puur.env.encoding import ACTIONS, ENCODING_VERSION, N_ACTIONS, OBS_SIZE, action_mask, encode
from puur.env.single import SingleSeatEnv
from puur.env.vector import VectorEnv, selfplay

GYM_IDS: dict[str, str] = {
    "puur/Schieber-v0": "schieber",
    "puur/Classic-v0": "classic",
    "puur/Schweizer-v0": "schweizer",
    "puur/Online-v0": "online",
    "puur/Jasvel-v0": "jasvel",
}
"""The Gymnasium ids ``import puur.env`` registers, each with its preset."""

for _id, _preset in GYM_IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(id=_id, entry_point="puur.env.single:SingleSeatEnv", kwargs={"profile": _preset})

__all__ = [
    "ACTIONS", "AGENTS", "ENCODING_VERSION", "GYM_IDS", "N_ACTIONS", "OBS_SIZE", "SingleSeatEnv", "VectorEnv", "action_mask",
    "encode", "env", "raw_env", "selfplay",
]  # fmt: skip
