"""The lobby with two workers on one PostgreSQL (``pg_cluster.workers``): a table opened on one worker is in
the other's lobby and live feed (the listing is a row, its change a NOTIFY); two people pressing "Play now"
at once on the two workers each get a seat of their own (the game's row lock), and two people racing for a
table's last seat get one seat each or a clean 409; spectators on both workers are counted together."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.error
import urllib.request
from typing import Any

import websockets
from api_client import at_once, run_apart
from pg_cluster import postgres_url, workers  # noqa: F401  (the fixtures)

TRIALS = 3


def call(base: str, path: str, headers: dict[str, str] | None = None, body: dict[str, Any] | None = None,
         method: str | None = None) -> tuple[int, Any]:
    h = {"Content-Type": "application/json", **(headers or {})}
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + "/api/v1" + path, data, h, method=method or ("POST" if data else "GET"))
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def player(base: str, name: str) -> dict[str, str]:
    status, made = call(base, "/players/me", body={"name": name})
    assert status == 201, made
    return {"Authorization": f"Player {made['key']}"}


def public_table(base: str, seats: list[str], lang: str = "de", speed: str = "normal") -> dict[str, Any]:
    status, t = call(base, "/games", body={"seats": seats, "names": ["Host", None, None, None]})
    assert status == 201, t
    status, out = call(base, f"/games/{t['game_id']}/public", bearer(t["tokens"]["0"]),
                       {"open": True, "lang": lang, "speed": speed})
    assert status == 204, out
    return dict(t)


def listed(base: str, game_id: str, **query: str) -> dict[str, Any] | None:
    q = "&".join(f"{k}={v}" for k, v in query.items())
    status, out = call(base, "/lobby" + (f"?{q}" if q else ""))
    assert status == 200, out
    return next((t for t in out["tables"] if t["game_id"] == game_id), None)


def test_a_table_opened_on_one_worker_is_in_the_other_workers_lobby_and_feed(workers: dict[str, Any]) -> None:  # noqa: F811
    a, b = workers["a"], workers["b"]

    async def feed_on_b() -> list[dict[str, Any]]:
        async with websockets.connect(b.replace("http", "ws") + "/api/v1/lobby/live?lang=fr") as ws:
            first = json.loads(await asyncio.wait_for(ws.recv(), timeout=20))
            assert first["type"] == "lobby"
            t = await asyncio.to_thread(public_table, a, ["human", "invite", "invite", "heuristic"], "fr")
            heard = [json.loads(await asyncio.wait_for(ws.recv(), timeout=20))]
            assert heard[0]["type"] == "changes" and [x["game_id"] for x in heard[0]["tables"]] == [t["game_id"]]
            vreni = await asyncio.to_thread(player, a, "Vreni")
            status, _ = await asyncio.to_thread(call, a, f"/lobby/tables/{t['game_id']}/sit", vreni, {})
            assert status == 201
            while True:  # the seat taken on A reaches B's feed
                m = json.loads(await asyncio.wait_for(ws.recv(), timeout=20))
                heard.append(m)
                if m["tables"] and m["tables"][0]["free"] == 1:
                    return heard

    heard = run_apart(feed_on_b())
    gid = heard[0]["tables"][0]["game_id"]
    on_b = listed(b, gid)
    assert on_b is not None and on_b["free"] == 1 and on_b["seats"][1]["name"] == "Vreni"


def test_two_people_pressing_play_now_on_two_workers_get_a_seat_each(workers: dict[str, Any]) -> None:  # noqa: F811
    a, b = workers["a"], workers["b"]
    for trial in range(TRIALS):
        lang = ("de", "fr", "en")[trial]
        t = public_table(a, ["human", "invite", "heuristic", "heuristic"], lang, "fast")  # one free seat
        people = [player(a, f"Anna {trial}"), player(b, f"Beat {trial}")]
        body = {"lang": lang, "speed": "fast"}
        answers = at_once(call, [(a, "/lobby/play", people[0], body), (b, "/lobby/play", people[1], body)])
        statuses = [status for status, _ in answers]
        assert statuses == [201, 201], answers
        seats = {(out["game_id"], out["seat"]) for _, out in answers}
        assert len(seats) == 2, answers  # never one seat for two
        at_the_table = [out for _, out in answers if out["game_id"] == t["game_id"]]
        assert len(at_the_table) == 1 and at_the_table[0]["seat"] == 1  # one took the seat, the other a new table
        assert sum(out["new_table"] for _, out in answers) == 1
        for _, out in answers:  # each token holds its own seat on either worker
            for base in (a, b):
                status, view = call(base, f"/games/{out['game_id']}", bearer(out["token"]))
                assert status == 200 and view["seat"] == out["seat"]


def test_two_people_racing_for_the_last_seat_on_two_workers_get_it_once(workers: dict[str, Any]) -> None:  # noqa: F811
    a, b = workers["a"], workers["b"]
    for trial in range(TRIALS):
        t = public_table(b, ["human", "invite", "heuristic", "heuristic"])
        gid = t["game_id"]
        people = [player(a, f"Cla {trial}"), player(b, f"Dora {trial}")]
        sit = f"/lobby/tables/{gid}/sit"
        answers = at_once(call, [(a, sit, people[0], {}), (b, sit, people[1], {})])
        assert sorted(status for status, _ in answers) == [201, 409], answers
        deadline = time.monotonic() + 10
        while (entry := listed(a, gid, full="true")) is None or entry["free"] != 0:
            assert time.monotonic() < deadline, entry
            time.sleep(0.05)


def test_spectators_on_both_workers_are_counted_in_every_seat_view(workers: dict[str, Any]) -> None:  # noqa: F811
    a, b = workers["a"], workers["b"]
    t = public_table(a, ["human", "invite", "heuristic", "heuristic"])
    gid, host = t["game_id"], t["tokens"]["0"]
    assert call(b, f"/lobby/tables/{gid}/sit", player(b, "Edi"), {})[0] == 201

    async def watch_on_both() -> None:
        url = "/api/v1/games/" + gid + "/watch/live"
        async with websockets.connect(a.replace("http", "ws") + url) as one, \
                websockets.connect(b.replace("http", "ws") + url) as two:
            for ws in (one, two):
                assert json.loads(await asyncio.wait_for(ws.recv(), timeout=20))["type"] == "hello"
            deadline = time.monotonic() + 20
            while True:  # each worker hears the other's spectators (announced beside the presence)
                counts = [(await asyncio.to_thread(call, base, f"/games/{gid}", bearer(host)))[1]["watchers"]
                          for base in (a, b)]
                if counts == [2, 2]:
                    return
                assert time.monotonic() < deadline, counts
                await asyncio.sleep(0.05)

    run_apart(watch_on_both())
