"""Each status the server answers an operation with is in that operation's documented responses: the rate
limits' 429 (solve, rules/eval, rematch), the rematch's 409 (a table still waiting) and 503 (memory full of
games in play). A client generated from the OpenAPI document knows every answer it may get."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from api_client import BOT, auth, play_to_end
from fastapi.testclient import TestClient

from puur.server.app import create_app
from puur.server.policy import ServerSettings

SOLVE = {"position": "puur1 schieber d2f3 H C6,C9,D8,D9,D10,SQ/C8,S6,S7,S8,S9,SJ/C7,CJ,CQ,CK,D7,DQ/C10,DJ,DA,HK,SK "
                     "3:H9,H7,SA,H6/3:HJ,H8,S10,HA/3:HQ,H10,DK,D6/3:CA"}


def _documented(c: TestClient, method: str, path: str) -> set[int]:
    doc: dict[str, Any] = c.get("/api/v1/openapi.json").json()
    return {int(s) for s in doc["paths"][path][method]["responses"]}


def _answers_and_documents(c: TestClient, status: int, method: str, template: str, path: str, **kw: Any) -> None:
    r = c.request(method.upper(), path, **kw)
    assert r.status_code == status, r.text
    assert status in _documented(c, method, template), (method, template, status)


def test_the_costly_calls_answer_429_as_documented(tmp_path: Path) -> None:
    settings = ServerSettings(rate_calls="1/minute", rate_games="1/minute")
    with TestClient(create_app(db_path=str(tmp_path / "g.sqlite3"), settings=settings)) as c:
        assert c.post("/api/v1/solve", json=SOLVE).status_code == 200  # the one costly call of the minute
        _answers_and_documents(c, 429, "post", "/api/v1/solve", "/api/v1/solve", json=SOLVE)
        _answers_and_documents(c, 429, "post", "/api/v1/rules/eval", "/api/v1/rules/eval",
                               json={"op": "chalk", "value": 20})
        r = c.post("/api/v1/games", json={"seats": ["human", BOT, BOT, BOT]})  # the one game of the minute
        assert r.status_code == 201, r.text
        game, token = r.json()["game_id"], r.json()["tokens"]["0"]
        _answers_and_documents(c, 429, "post", "/api/v1/games/{game_id}/rematch", f"/api/v1/games/{game}/rematch",
                               headers=auth(token))


def test_the_rematch_answers_409_and_503_as_documented(tmp_path: Path) -> None:
    short = {"preset": "schieber", "target": 300}
    with TestClient(create_app(db_path=str(tmp_path / "g.sqlite3"), settings=ServerSettings(max_live_games=2))) as c:
        r = c.post("/api/v1/games", json={"seats": ["human", "invite", BOT, BOT]})
        assert r.status_code == 201, r.text
        waiting, token = r.json()["game_id"], r.json()["tokens"]["0"]
        _answers_and_documents(c, 409, "post", "/api/v1/games/{game_id}/rematch",
                               f"/api/v1/games/{waiting}/rematch", headers=auth(token))
        r = c.post(f"/api/v1/games/{waiting}/seats/1", json={"player": BOT}, headers=auth(token))
        assert r.status_code == 204, r.text  # the table plays
        _answers_and_documents(c, 409, "post", "/api/v1/games/{game_id}/rematch",
                               f"/api/v1/games/{waiting}/rematch", headers=auth(token))  # not finished
        r = c.post("/api/v1/games", json={"seats": ["human", BOT, BOT, BOT], "profile": short})
        finished, mine = r.json()["game_id"], r.json()["tokens"]
        play_to_end(c, finished, mine)
        r = c.post("/api/v1/games", json={"seats": ["human", BOT, BOT, BOT], "profile": short})
        assert r.status_code == 201, r.text  # two games in play fill the server's memory ...
        _answers_and_documents(c, 503, "post", "/api/v1/games/{game_id}/rematch",
                               f"/api/v1/games/{finished}/rematch", headers=auth(mine["0"]))  # ... no room
