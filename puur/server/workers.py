"""The app of one ``puur serve --workers N`` worker process (README "Running several workers").

uvicorn starts each worker by importing an app factory: ``puur.server.workers:app_from_env`` builds the same
app as ``puur serve`` with one process, from the environment that ``puur serve`` set before starting them:

- ``PUUR_DB``: the database (a ``postgresql://`` URL; several workers never share a SQLite file);
- ``PUUR_SERVE_OPTIONS``: ``puur serve``'s bounds as JSON (the same option names: ``allow_player``,
  ``rate_games``, ``rate_calls``, ``rate_actions``, ``max_body``, ``max_live_games``, ``retention_days``),
  checked the same way (``puur.server.serving.settings_from_options``).

(The connections' bounds, ``--forwarded-allow-ips`` and ``--max-connections``, are uvicorn's settings: uvicorn
gives them to every worker itself.)

Both are operator configuration, set by ``puur serve`` (or a deployment's environment), never by a request.
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from fastapi import FastAPI

OPTIONS_ENV = "PUUR_SERVE_OPTIONS"
DB_ENV = "PUUR_DB"
OPTION_NAMES = ("allow_player", "rate_games", "rate_calls", "rate_actions", "max_body", "max_live_games",
                "retention_days")
DEFAULTS: dict[str, Any] = {"allow_player": [], "rate_games": "20/minute", "rate_calls": "120/minute",
                            "rate_actions": "40/2seconds", "max_body": 1_000_000, "max_live_games": 1000,
                            "retention_days": 90.0}


def options_json(args: argparse.Namespace) -> str:
    """``puur serve``'s bounds (from its parsed options) as ``PUUR_SERVE_OPTIONS`` carries them."""
    return json.dumps({name: getattr(args, name) for name in OPTION_NAMES})


def app_from_env() -> FastAPI:
    """One worker's app: ``create_app`` with the database of ``PUUR_DB`` and the bounds of
    ``PUUR_SERVE_OPTIONS`` (``ValueError`` names a bad one: the worker does not start)."""
    from puur.server.app import create_app
    from puur.server.serving import settings_from_options

    given = json.loads(os.environ.get(OPTIONS_ENV) or "{}")
    unknown = set(given) - set(OPTION_NAMES)
    if unknown:
        raise ValueError(f"{OPTIONS_ENV}: unknown options {sorted(unknown)}")
    args = argparse.Namespace(**{**DEFAULTS, **given})
    return create_app(db_path=os.environ.get(DB_ENV) or None, settings=settings_from_options(args))


__all__ = ["DB_ENV", "OPTIONS_ENV", "app_from_env", "options_json"]
