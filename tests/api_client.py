"""Helpers for the tests that talk to the game API (on the path through pytest's ``pythonpath = ["tests"]``):
a ``TestClient``'s game, a seat token's header, and plain HTTP to a live server."""

from __future__ import annotations

import asyncio
import json
import re
import threading
import urllib.error
import urllib.request
from collections.abc import Callable, Coroutine, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar, cast

from fastapi.testclient import TestClient

from puur.bots import player_names

BOT = "heuristic" if "heuristic" in player_names() else "random"
T = TypeVar("T")
CARD = re.compile(r"^[CDHS](10|[6-9JQKA])$")


def run_apart(coro: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(coro)`` in a thread of its own: a test process may hold a running loop already (the
    browser tests' Playwright, kept for the session by the worker that ran them)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()


def at_once(send: Callable[..., T], calls: Sequence[tuple[Any, ...]]) -> list[T]:
    """``send(*args)`` for every ``args`` of ``calls`` at the same moment (one thread each, released together):
    a race between workers, as people pressing at once make one; the answers in the order of ``calls``."""
    gate = threading.Barrier(len(calls))
    out: list[T | None] = [None] * len(calls)

    def one(i: int) -> None:
        gate.wait()
        out[i] = send(*calls[i])

    threads = [threading.Thread(target=one, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return cast(list[T], out)


def auth(token: str) -> dict[str, str]:
    """The header that names a seat: ``Authorization: Bearer TOKEN``."""
    return {"Authorization": f"Bearer {token}"}


def new_game(c: TestClient, seats: list[str] | None = None, **extra: Any) -> tuple[str, dict[str, str]]:
    """A new game; seeded (11) when one human plays: a chosen seed is refused with more than one."""
    seats = seats or ["human", BOT, BOT, BOT]
    seed = {"seed": 11} if seats.count("human") == 1 else {}
    r = c.post("/api/v1/games", json={"seats": seats, **seed, **extra})
    assert r.status_code == 201, r.text
    return r.json()["game_id"], r.json()["tokens"]


def api(base: str, path: str, token: str | None = None, body: dict[str, Any] | None = None) -> Any:
    """JSON from a live server at ``base``: GET, or POST when there is a ``body``; a seat ``token`` if given."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    with urllib.request.urlopen(urllib.request.Request(base + path, data=data, headers=headers)) as resp:
        return json.load(resp)


def call(base: str, path: str, token: str | None = None, body: Any = None) -> tuple[int, Any]:
    """(status, JSON) of a GET to a live server's ``/api/v1`` ``path``, or a POST when there is a ``body``; a
    refusal's status and JSON too (a 409 is an answer, not an error)."""
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + "/api/v1" + path, data=data, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=20) as resp:
            return resp.status, json.load(resp)
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)


def play_to_end(c: TestClient, game_id: str, tokens: dict[Any, str]) -> dict[str, Any]:
    """Play the first legal action of each person to act (``tokens`` by seat) until the match is over (the
    computers move by themselves); the last view."""
    by_seat = {int(s): t for s, t in tokens.items()}
    url = f"/api/v1/games/{game_id}"
    v = c.get(url, headers=auth(next(iter(by_seat.values())))).json()
    for _ in range(3000):
        if v["status"] == "over":
            return dict(v)
        token = by_seat[v["to_act"]]
        action = c.get(url, headers=auth(token)).json()["legal_actions"][0]
        r = c.post(f"{url}/actions", headers=auth(token), json={"action": action})
        assert r.status_code == 200, r.text
        v = r.json()
    raise AssertionError("the match did not end")
