"""Players over two workers on one PostgreSQL store: what one worker changes about a player the other shows
at once (the place is read from the database on every request, never kept in one worker's memory)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

from pg_cluster import postgres_url, workers  # noqa: F401  (the fixtures)


def call(base: str, method: str, path: str, headers: dict[str, str] | None = None,
         body: dict[str, Any] | None = None) -> tuple[int, Any]:
    """The status and JSON body (None when there is none) of a request to a live server."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request) as resp:
            raw = resp.read()
            return resp.status, json.loads(raw) if raw else None
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


def test_a_player_carried_and_counted_on_one_worker_is_seen_on_the_other(workers: dict[str, Any]) -> None:  # noqa: F811
    a, b = workers["a"], workers["b"]
    status, made = call(a, "POST", "/api/v1/players/me", body={"name": "Vreni", "device": "laptop"})
    assert status == 201
    key = {"Authorization": f"Player {made['key']}"}
    status, carry = call(a, "POST", "/api/v1/players/me/carry", key)
    code = carry["url"].split("#carry=", 1)[1]
    status, carried = call(b, "POST", "/api/v1/players/carry", body={"code": code, "device": "phone"})
    assert status == 201 and carried["id"] == made["id"]
    assert call(a, "POST", "/api/v1/players/carry", body={"code": code})[0] == 404  # spent on the other worker
    phone = {"Authorization": f"Player {carried['key']}"}

    status, game = call(b, "POST", "/api/v1/games", {"X-Puur-Player": carried["key"]}, {
        "seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": 8,
        "profile": {"preset": "schieber", "target": 100}})
    assert status == 201
    seat = {"Authorization": f"Bearer {game['tokens']['0']}"}
    url = f"/api/v1/games/{game['game_id']}"
    view = call(b, "GET", url, seat)[1]
    while view["status"] != "over":
        view = call(b, "POST", f"{url}/actions", seat, {"action": view["legal_actions"][0]})[1]
    stats = call(a, "GET", "/api/v1/players/me/stats", key)[1]
    assert stats["matches"] == 1 and stats["player"]["name"] == "Vreni"

    devices = call(a, "GET", "/api/v1/players/me/devices", key)[1]["devices"]
    phone_id = next(d["id"] for d in devices if d["device"] == "phone")
    assert call(a, "DELETE", f"/api/v1/players/me/devices/{phone_id}", key)[0] == 204
    assert call(b, "GET", "/api/v1/players/me", phone)[0] == 401  # revoked on a: nobody on b
    assert call(b, "DELETE", "/api/v1/players/me", key)[0] == 204
    assert call(a, "GET", "/api/v1/players/me", key)[0] == 401
    assert call(a, "GET", f"/api/v1/players/{made['id']}/stats")[0] == 404
