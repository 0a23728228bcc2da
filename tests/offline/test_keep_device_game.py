"""A game played on a device without the server (``puur.local.table``, what the engine in the page answers)
kept on the server once online again (``POST /api/v1/games/upload``): the server replays and checks its
record, stores it as any game, and it plays on there; a record that does not hold, a computer the server
does not offer, a body too big are refused with a clear 4xx and store nothing; a client creates games at
its rate (``--rate-games``), kept ones counted."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from api_client import auth
from fastapi.testclient import TestClient

from puur.local.table import LocalTable
from puur.match.verify import verify_record
from puur.server.app import create_app
from puur.server.http.device_games import DEVICE_GAME_BYTES
from puur.server.policy import ServerSettings

ALONE = {"profile": {"preset": "schieber", "target": 1000}, "seats": ["human", "heuristic", "random", "heuristic"],
         "names": ["Vreni", "Ueli", "Kari", "Zoë"], "lang": "de"}
TOGETHER = {"seats": ["human", "heuristic", "human", "heuristic"], "names": [None, "Ueli", None, "Kari"]}
"""Pass-and-play on one device: two people (named by the table: "Player 1", "Player 3"), the device's secret seed."""


def device_game(body: dict[str, Any], actions: int) -> tuple[LocalTable, str, dict[str, str]]:
    """A game of the device, its people taking their last legal action ``actions`` times (or to the end)."""
    table = LocalTable()
    made = table.request("POST", "/games", body)["body"]
    game_id, tokens = made["game_id"], made["tokens"]
    for _ in range(actions):
        live = table.games[game_id]
        if live.game.is_over:
            break
        token = next(t for t, seat in live.tokens.items() if seat == live.game.current_seat)
        view = table.request("GET", f"/games/{game_id}", token=token)["body"]
        assert table.request("POST", f"/games/{game_id}/actions", {"action": view["legal_actions"][-1]}, token)["status"] == 200
    return table, game_id, tokens


def upload_of(table: LocalTable, game_id: str, token: str) -> dict[str, Any]:
    """What the page sends: the engine's answer as JSON text (a 64-bit seed whole), read back."""
    answer = table.request("GET", f"/games/{game_id}/upload", token=token)
    assert answer["status"] == 200
    return json.loads(json.dumps(answer["body"]))


def stored(client: TestClient) -> list[str]:
    return client.app.state.game_hub.store.idle_games(float("inf"))  # type: ignore[attr-defined]


@pytest.fixture
def app_client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db_path=str(tmp_path / "g.sqlite3"))) as c:
        c.post("/api/v1/games/lookup", json={"tokens": []})  # the store opened: stored() reads it
        yield c


def test_a_game_in_progress_plays_on_at_the_server(app_client: TestClient) -> None:
    table, game_id, tokens = device_game(ALONE, 14)  # into the first round's tricks
    while table.games[game_id].game.is_over:  # the device's own seed may deal a round that reaches 1,000 (a Match at ×4)
        table, game_id, tokens = device_game(ALONE, 14)
    here = table.request("GET", f"/games/{game_id}", token=tokens["0"])["body"]
    r = app_client.post("/api/v1/games/upload", json=upload_of(table, game_id, tokens["0"]))
    assert r.status_code == 201, r.text
    kept = r.json()
    assert kept["seats"] == ALONE["seats"] and set(kept["tokens"]) == {"0"} and kept["tokens"]["0"] != tokens["0"]
    path = f"/api/v1/games/{kept['game_id']}"
    there = app_client.get(path, headers=auth(kept["tokens"]["0"])).json()
    for key in ("hand", "seq", "legal_actions", "tricks", "sheet", "names", "prefs", "status", "to_act"):
        assert there.get(key) == here.get(key), key  # the same game: cards, turn, sheet, names, language
    listed = app_client.post("/api/v1/games/lookup", json={"tokens": [kept["tokens"]["0"]]}).json()["games"]
    assert [g["game_id"] for g in listed] == [kept["game_id"]]
    r = app_client.post(f"{path}/actions", headers=auth(kept["tokens"]["0"]), json={"action": there["legal_actions"][0]})
    assert r.status_code == 200 and r.json()["seq"] > there["seq"]  # and it plays on online


def test_a_finished_pass_and_play_match_keeps_its_record(app_client: TestClient) -> None:
    table, game_id, tokens = device_game({**TOGETHER, "profile": {"preset": "schieber", "target": 1000}}, 2000)
    assert table.games[game_id].game.is_over
    body = upload_of(table, game_id, tokens["0"])
    r = app_client.post("/api/v1/games/upload", json=body)
    assert r.status_code == 201, r.text
    kept = r.json()
    assert set(kept["tokens"]) == {"0", "2"}  # a token for each person of the device
    record = app_client.get(f"/api/v1/games/{kept['game_id']}/record", headers=auth(kept["tokens"]["2"])).json()
    device = table.request("GET", f"/games/{game_id}/record", token=tokens["0"])["body"]
    assert record == json.loads(json.dumps(device))
    assert verify_record(record).ok


def tampered() -> list[tuple[str, Any]]:
    """Bodies a device (or anyone) might send whose record does not hold or whose table the server refuses."""
    table, game_id, tokens = device_game(ALONE, 20)
    good = upload_of(table, game_id, tokens["0"])
    cases: list[tuple[str, Any]] = []

    def case(name: str, change: Any) -> None:
        body = copy.deepcopy(good)
        change(body)
        cases.append((name, body))

    def swap_a_card(b: dict[str, Any]) -> None:
        items = b["record"]["rounds"][0]["actions"].split()
        items[-1], items[-2] = items[-2], items[-1]
        b["record"]["rounds"][0]["actions"] = " ".join(items)

    case("an action out of turn", swap_a_card)
    case("another seed", lambda b: b["record"].update(seed=b["record"]["seed"] + 1))
    case("a score written by hand", lambda b: b["record"].update(scores=[999, 0]))
    case("no commitment", lambda b: [b["record"].pop(k) for k in ("commitment", "salt")])
    case("not a record", lambda b: b.update(record={"format": "pgn"}))
    case("a module for a computer", lambda b: b["seats"].__setitem__(1, "os:system"))
    case("a friend's seat", lambda b: b["seats"].__setitem__(2, "invite"))
    case("nobody at the device", lambda b: b.update(seats=["heuristic"] * 4))
    case("the device's tokens", lambda b: b.update(tokens=tokens))
    case("a negative hint count", lambda b: b.update(assist={"hints": [-1, 0, 0, 0], "undos": [0] * 4}))
    cases.append(("not JSON", "{"))
    return cases


def test_a_body_that_does_not_hold_is_refused_and_nothing_is_stored(app_client: TestClient) -> None:
    before = stored(app_client)
    for name, body in tampered():
        r = (app_client.post("/api/v1/games/upload", content=body, headers={"Content-Type": "application/json"})
             if isinstance(body, str) else app_client.post("/api/v1/games/upload", json=body))
        assert r.status_code == 422, (name, r.status_code, r.text)
        assert r.json()["detail"], name  # says why
    assert stored(app_client) == before


def test_a_body_too_big_is_refused(app_client: TestClient) -> None:
    table, game_id, tokens = device_game(ALONE, 4)
    body = upload_of(table, game_id, tokens["0"])
    body["record"]["padding"] = "x" * DEVICE_GAME_BYTES  # a field no record has, as long as the bound
    before = stored(app_client)
    r = app_client.post("/api/v1/games/upload", json=body)
    assert r.status_code == 413 and "bytes" in r.json()["detail"]
    assert stored(app_client) == before


def test_kept_games_count_as_games_a_client_creates(tmp_path: Path) -> None:
    table, game_id, tokens = device_game(ALONE, 4)
    body = upload_of(table, game_id, tokens["0"])
    settings = ServerSettings(rate_games="2/minute")
    with TestClient(create_app(db_path=str(tmp_path / "g.sqlite3"), settings=settings)) as c:
        assert c.post("/api/v1/games", json=ALONE).status_code == 201
        assert c.post("/api/v1/games/upload", json=body).status_code == 201
        r = c.post("/api/v1/games/upload", json=body)
        assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
