"""Two workers, one truth: every change of an online table (a seat taken by invite, a seat filled or handed
over, a hint counted, an undo) goes through ``GameHub.change``: on PostgreSQL the game's row is locked, the
worker's copy brought up to it, and the change committed in that one transaction. An invite code is spent in
the transaction that takes its seat, so it seats one person however many workers it is sent to at once, and
no change is written from a copy that is behind (concurrent changes are all kept).

Real worker processes (``pg_cluster.workers``) and concurrent clients, a few trials each.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

from api_client import at_once
from pg_cluster import postgres_url, workers  # noqa: F401  (the fixtures)

TRIALS = 3


def call(base: str, path: str, token: str | None = None, body: dict[str, Any] | None = None) -> tuple[int, Any]:
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    data = json.dumps(body).encode() if body is not None else None
    try:
        with urllib.request.urlopen(urllib.request.Request(base + "/api/v1" + path, data, headers), timeout=30) as r:
            return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)


def _table(base: str, seats: list[str]) -> dict[str, Any]:
    status, t = call(base, "/games", body={"seats": seats, "names": ["Host", "", "", ""]})
    assert status == 201, t
    return dict(t)


def test_one_invite_sent_to_both_workers_at_once_seats_one_person(workers: dict[str, Any]) -> None:  # noqa: F811
    a, b = workers["a"], workers["b"]
    for trial in range(TRIALS):
        t = _table(a, ["human", "invite", "invite", "heuristic"])
        gid, code = t["game_id"], t["invites"]["1"]["code"]
        answers = at_once(call, [((a, b)[i % 2], f"/games/{gid}/join", None, {"code": code, "name": f"Guest {i}"})
                            for i in range(6)])
        statuses = sorted(status for status, _ in answers)
        assert statuses == [201] + [409] * 5, (trial, answers)
        winner = next(out for status, out in answers if status == 201)
        for base in (a, b):  # both workers hold one person in seat 1, with the winner's name and token
            status, v = call(base, f"/games/{gid}", winner["token"])
            assert status == 200 and v["seat"] == 1 and v["seating"][1]["kind"] == "person"
        _, host_view = call(b, f"/games/{gid}", t["tokens"]["0"])
        assert [s["kind"] for s in host_view["seating"]] == ["person", "person", "invite", "computer"]


def test_changes_made_at_once_on_both_workers_are_all_kept(workers: dict[str, Any]) -> None:  # noqa: F811
    """Two friends join on A and B while the host fills the third seat on the other: nothing is lost (each
    worker wrote the whole seat plan from its own copy, so one change overwrote another)."""
    a, b = workers["a"], workers["b"]
    for trial in range(TRIALS):
        t = _table(a, ["human", "invite", "invite", "invite"])
        gid, host, inv = t["game_id"], t["tokens"]["0"], t["invites"]
        answers = at_once(call, [
            (b, f"/games/{gid}/join", None, {"code": inv["1"]["code"], "name": "Vreni"}),
            (a, f"/games/{gid}/join", None, {"code": inv["3"]["code"], "name": "Kari"}),
            ((a, b)[trial % 2], f"/games/{gid}/seats/2", host, {"player": "heuristic"}),
        ])
        assert [status for status, _ in answers] == [201, 201, 204], (trial, answers)
        for base in (a, b):
            status, v = call(base, f"/games/{gid}", host)
            assert status == 200 and v["status"] == "playing", (trial, v.get("status"))
            assert [s["kind"] for s in v["seating"]] == ["person", "person", "computer", "person"]
            assert v["names"][1] == "Vreni" and v["names"][3] == "Kari"
        for seat, (_, joined) in ((1, answers[0]), (3, answers[1])):
            status, v = call(b, f"/games/{gid}", joined["token"])
            assert status == 200 and v["seat"] == seat
