"""Computer players: anything with ``act(observation) -> action`` (INTERFACES.md §2).

Built-in players are addressed by name with options (``random``, ``random:seed=3``); anywhere a player
name is accepted, ``package.module:ClassName`` (with the same ``:key=value`` options after the class,
separated by commas) loads an outside player.

>>> make_player("random:seed=1").name
'random'
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from puur.core.cards import Action
from puur.info.observation import Observation


@runtime_checkable
class Player(Protocol):
    """A computer player: maps one seat's observation to one of its legal actions."""

    def act(self, observation: Observation) -> Action: ...


def legal_actions_of(observation: Observation) -> list[Any]:
    """The actions the seat may take now (a form's column or prediction among them); ``ValueError`` where
    there is none: it is not this seat's turn, and a player never guesses one."""
    if not observation.legal_actions:
        raise ValueError("no legal action: it is not this seat's turn")
    return list(observation.legal_actions)


REGISTRY: dict[str, Callable[..., Player]] = {}
"""Built-in players by name; each factory takes the player's options as keyword arguments."""


def register(name: str) -> Callable[[Callable[..., Player]], Callable[..., Player]]:
    def deco(factory: Callable[..., Player]) -> Callable[..., Player]:
        REGISTRY[name] = factory
        return factory

    return deco


def _parse_value(text: str) -> Any:
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"mcts:time=0.5,seed=3"`` -> ``("mcts", {"time": 0.5, "seed": 3})``. For an outside player,
    ``"pkg.mod:Class:opt=1"`` -> ``("pkg.mod:Class", {"opt": 1})``."""
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError("a player is a name like 'random', 'heuristic', 'mcts:time=0.5' or 'package.module:ClassName'")
    parts = spec.strip().split(":")
    name = parts[0]
    rest = parts[1:]
    if rest and "=" not in rest[0] and rest[0]:  # package.module:ClassName
        name = f"{name}:{rest[0]}"
        rest = rest[1:]
    opts: dict[str, Any] = {}
    for chunk in ":".join(rest).split(","):
        chunk = chunk.strip()
        if not chunk:
            continue
        if "=" not in chunk:
            raise ValueError(f"player option {chunk!r} must be key=value, as in 'mcts:time=0.5'")
        k, v = chunk.split("=", 1)
        opts[k.strip()] = _parse_value(v.strip())
    return name, opts


def make_player(spec: str, **overrides: Any) -> Player:
    """A player from its spec; ``overrides`` (e.g. ``seed``) are added to the options it accepts."""
    _load_builtins()
    name, opts = parse_spec(spec)
    opts.update(overrides)
    if ":" in name:
        module_name, _, cls_name = name.partition(":")
        try:
            factory = getattr(importlib.import_module(module_name), cls_name)
        except (ImportError, AttributeError) as e:
            raise ValueError(f"cannot load player {name!r}: {e}") from None
    elif name in REGISTRY:
        factory = REGISTRY[name]
    else:
        raise ValueError(f"unknown player {name!r}: built-in players are {', '.join(sorted(REGISTRY))}")
    try:
        player = factory(**opts)
    except TypeError as e:
        raise ValueError(f"bad options for player {name!r}: {e}") from None
    if not hasattr(player, "act"):
        raise ValueError(f"{name!r} is not a player: it has no act(observation) method")
    if not hasattr(player, "name"):
        with contextlib.suppress(AttributeError):
            player.name = name  # type: ignore[attr-defined]
    return player


_BUILTIN_MODULES = ("puur.bots.random_player", "puur.bots.heuristic", "puur.bots.mcts", "puur.bots.learned", "puur.bots.remote")


def _load_builtins() -> None:
    for mod in _BUILTIN_MODULES:
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as e:
            if e.name != mod:
                raise


def player_names() -> list[str]:
    _load_builtins()
    return sorted(REGISTRY)


def make_seat_player(spec: str, seed: int) -> Player:
    """A player for one seat; seeded when the player takes a seed, so arenas and self-play repeat themselves."""
    try:
        return make_player(spec, seed=seed)
    except ValueError:
        return make_player(spec)


__all__ = ["REGISTRY", "Player", "legal_actions_of", "make_player", "make_seat_player", "parse_spec", "player_names", "register"]
