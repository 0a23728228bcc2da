"""A duplicate tournament on two workers sharing one PostgreSQL store: created on one, its tables joined and played
through both, and both — the plain answer and the live feed — show the same standings (docs/tournaments.md)."""

from __future__ import annotations

import json
import threading
import urllib.request
from typing import Any

from pg_cluster import postgres_url, workers  # noqa: F401  (the fixtures)
from tournament_helpers import call, play_table

from puur.match.tournament import verify_tournament


def _follow(base: str, tid: str, events: list[dict[str, Any]]) -> None:
    """Read the live feed until it says the tournament is over (the server ends it then)."""
    with urllib.request.urlopen(f"{base}/api/v1/tournaments/{tid}/live", timeout=60) as resp:
        for raw in resp:
            line = raw.decode().strip()
            if line.startswith("data: "):
                events.append(json.loads(line[6:]))
                if events[-1]["over"]:
                    return


def test_two_workers_show_the_same_standings(workers: dict[str, Any]) -> None:  # noqa: F811
    a, b = workers["a"], workers["b"]
    hans = {"Authorization": f"Player {call(a, '/api/v1/players/me', {'name': 'Hans'})['key']}"}
    vreni = {"Authorization": f"Player {call(b, '/api/v1/players/me', {'name': 'Vreni'})['key']}"}
    seats = [["invite", "heuristic", "heuristic", "heuristic"], ["heuristic", "invite", "heuristic", "heuristic"]]
    t = call(a, "/api/v1/tournaments", {"name": "Zwei Wirte", "tables": 2, "deals": 2, "seats": seats}, hans)
    tid = t["id"]
    assert call(b, f"/api/v1/tournaments/{tid}")["commitments"] == t["commitments"]
    events: list[dict[str, Any]] = []
    follower = threading.Thread(target=_follow, args=(b, tid, events), daemon=True)
    follower.start()
    s0 = call(a, f"/api/v1/tournaments/{tid}/join", {"table": 0, "seat": 0, "name": "Hans"}, hans)
    s1 = call(b, f"/api/v1/tournaments/{tid}/join", {"table": 1, "seat": 1, "name": "Vreni"}, vreni)
    play_table(b, s0["game_id"], s0["token"])  # table 0 joined on A, played through B
    middle = call(a, f"/api/v1/tournaments/{tid}")
    assert [tb["deals_played"] for tb in middle["tables"]] == [2, 0] and middle["seeds"] is None
    play_table(a, s1["game_id"], s1["token"])
    on_a, on_b = call(a, f"/api/v1/tournaments/{tid}"), call(b, f"/api/v1/tournaments/{tid}")
    assert on_a == on_b and on_a["over"]
    assert {tuple(r["names"]) for r in on_a["standings"]} >= {("Hans", "Computer 3")}
    follower.join(timeout=60)
    assert events and events[-1]["over"] and events[-1]["standings"] == on_a["standings"]
    assert verify_tournament(call(b, f"/api/v1/tournaments/{tid}/record")).ok
