"""The ratings with several workers on one PostgreSQL store (docs/ratings.md): a match finished through two
workers at once is rated once, in the commit of its end, and a finished match that no rating followed is
rated by the sweep of the next server that opens the games."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace
from typing import Any

import pytest
from api_client import call, play_to_end
from fastapi.testclient import TestClient
from pg_cluster import fresh_database, postgres_url, workers  # noqa: F401  (the fixtures)
from sqlalchemy import create_engine, text

from puur.server.app import create_app
from puur.server.http.game_models import SchieberGame
from puur.server.http.games import get_hub
from puur.server.place import rated_matches
from puur.server.store.postgres import PgStore, engine_url
from puur.table.play import start_game
from puur.table.seats import with_seat_player

SHORT = {"preset": "schieber", "target": 100}


def rated_settings(players: dict[int, str]) -> dict[str, Any]:
    """A rated private match of four remembered players, as the players' part seats them."""
    settings = SchieberGame(seats=["human"] * 4, profile=SHORT, rated=True).settings()  # type: ignore[arg-type]
    for seat, pid in players.items():
        settings = with_seat_player(settings, seat, pid)
    return start_game(settings)[1]


def rows(db: str, sql: str, **params: Any) -> list[tuple[Any, ...]]:
    engine = create_engine(engine_url(db))
    try:
        with engine.connect() as conn:
            return [tuple(r) for r in conn.execute(text(sql), params)]
    finally:
        engine.dispose()


def test_a_match_finished_through_two_workers_at_once_is_rated_once_with_its_end(workers: dict[str, Any]) -> None:  # noqa: F811
    a, b = workers["a"], workers["b"]
    players = {}
    for seat, name in enumerate(["Anna", "Beat", "Chrige", "Dora"]):
        status, made = call(a, "/players/me", body={"name": name})
        assert status == 201, made
        players[seat] = made["id"]
    tokens = {seat: f"token-{seat}-" + "x" * 40 for seat in range(4)}
    store = PgStore(workers["db"], migrate=False)
    try:
        store.create_game("ratedpg1", rated_settings(players), tokens, "playing")
    finally:
        store.close()
    for _ in range(400):  # every action sent to both workers at once: one accepts it, the other refuses it
        _, v = call(a, "/games/ratedpg1", tokens[0])
        if v["status"] == "over":
            break
        token = tokens[v["to_act"]]
        _, v = call(b, "/games/ratedpg1", token)
        body = {"action": v["legal_actions"][0], "seq": v["seq"]}
        with ThreadPoolExecutor(2) as pool:
            answers = [f.result() for f in [pool.submit(call, base, "/games/ratedpg1/actions", token, body)
                                            for base in (a, b)]]
        assert sorted(code for code, _ in answers) == [200, 409], answers
        ended = next(out for code, out in answers if code == 200)["status"] == "over"
        if ended:  # read at once: the ratings were committed with the match's end, nothing to wait for
            history = rows(workers["db"], "SELECT player_id, won FROM rating_history WHERE game_id = 'ratedpg1'")
            assert sorted(pid for pid, _ in history) == sorted(players.values())
            break
    else:
        raise AssertionError("the match did not end")
    assert rows(workers["db"], "SELECT counted FROM rated_matches WHERE game_id = 'ratedpg1'") == [(True,)]
    matches = rows(workers["db"], "SELECT player_id, matches FROM ratings WHERE player_id = ANY(:ids)",
                   ids=list(players.values()))
    assert sorted(m for _, m in matches) == [1, 1, 1, 1]
    status, board = call(b, "/leaderboard?limit=10")
    assert status == 200 and {p["player_id"] for p in board["players"]} >= set(players.values())
    won = {pid for pid, w in rows(workers["db"], "SELECT player_id, won FROM rating_history "
                                  "WHERE game_id = 'ratedpg1'") if w}
    assert len(won) == 2 and all(p["trend"] > 0 for p in board["players"] if p["player_id"] in won)


def test_a_rating_that_fails_does_not_stop_the_match_and_the_next_servers_sweep_rates_it(
        postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    db = fresh_database(postgres_url, "ratings_sweep")

    def broken(*args: Any) -> bool:
        raise RuntimeError("the rating failed")

    monkeypatch.setattr(rated_matches, "rate_match", broken)
    with TestClient(create_app(db)) as c:
        hub = get_hub(SimpleNamespace(app=c.app))  # type: ignore[arg-type]  # the store migrates the database
        made = c.post("/api/v1/players/me", json={"name": "Vreni"}).json()
        settings = {**SchieberGame(seats=["human", "random", "random", "random"], profile=SHORT,  # type: ignore[arg-type]
                                   rated=True).settings()}
        settings = with_seat_player(settings, 0, made["id"])
        live, tokens = hub.create(settings)
        last = play_to_end(c, live.id, {str(s): t for s, t in tokens.items()})  # every action answered 200
        assert last["status"] == "over"  # the match ended: only the rating was rolled back (a savepoint)
        assert c.get("/api/v1/leaderboard").json()["total"] == 0
    monkeypatch.undo()
    with TestClient(create_app(db)) as c:
        get_hub(SimpleNamespace(app=c.app))  # type: ignore[arg-type]  # the games opened: the sweep starts
        deadline = time.monotonic() + 30
        while c.get("/api/v1/leaderboard").json()["total"] == 0:
            assert time.monotonic() < deadline, "the finished match was not rated"
            time.sleep(0.05)
        assert c.get(f"/api/v1/players/{made['id']}/ratings").json()["history"][0]["game_id"] == live.id
