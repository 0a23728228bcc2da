"""Helpers of the tournament tests that talk to a live server (on the path through pytest's ``pythonpath =
["tests"]``): plain HTTP with any headers, and a seat that plays its table to the end."""

from __future__ import annotations

import json
import urllib.request
from typing import Any


def call(base: str, path: str, body: dict[str, Any] | None = None, headers: dict[str, str] | None = None) -> Any:
    """JSON from the server at ``base``: GET, or POST when there is a ``body``; ``headers`` as given (a player
    key's ``Authorization: Player KEY``, a seat's ``Bearer TOKEN``)."""
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, headers={"Content-Type": "application/json", **(headers or {})})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.load(resp)


def play_table(base: str, game_id: str, token: str) -> None:
    """The seat plays its first legal action each turn until the match is over (the computers move alone)."""
    auth = {"Authorization": f"Bearer {token}"}
    for _ in range(500):
        view = call(base, f"/api/v1/games/{game_id}", headers=auth)
        if view["status"] == "over":
            return
        call(base, f"/api/v1/games/{game_id}/actions", {"action": view["legal_actions"][0]}, auth)
    raise AssertionError("the table did not finish")
