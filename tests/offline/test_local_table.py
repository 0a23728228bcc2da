"""The table of one device (``puur.local.table``, what the engine in the page answers) gives the server's JSON
for the same requests: a seeded game played on both shows the same views, legal actions, events, scores,
hints, reasons and undo (the game id and the fairness commitment's salt aside, drawn afresh by each)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from api_client import auth
from fastapi.testclient import TestClient

from puur.local.table import LocalTable
from puur.local.worker import TABLE, request, restore
from puur.match.verify import verify_record
from puur.server.http import assist as server_assist
from puur.table import assist as table_assist

# the computers: the rule-of-thumb player, a random one and a search bounded by playouts only (a level's safety
# stop in seconds would make the search's choice depend on how busy the machine is, here or on the server)
OWN = ("game_id", "fair_deal")
"""What differs between two tables by design: the game's id and its commitment (a fresh salt each)."""


def same(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in OWN}


def both(client: TestClient, body: dict[str, Any]) -> tuple[LocalTable, str, str, str, str]:
    r = client.post("/api/v1/games", json=body)
    assert r.status_code == 201, r.text
    table = LocalTable()
    a = table.request("POST", "/games", body)
    assert a["status"] == 201 and a["body"]["seats"] == r.json()["seats"]
    return table, r.json()["game_id"], r.json()["tokens"]["0"], a["body"]["game_id"], a["body"]["tokens"]["0"]


def first_choice(view: dict[str, Any]) -> str:
    """A person's deterministic choice: the last legal action (pushes when it may, predicts, names a column)."""
    return view["legal_actions"][-1]


@pytest.mark.parametrize("body", [
    {"profile": {"preset": "schieber", "target": 1000}, "seats": ["human", "heuristic", "mcts:iters=20", "heuristic"], "seed": 7},
    {"form": "coiffeur", "seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": 11},
    {"form": "differenzler", "rounds": 1, "seats": ["human", "heuristic", "random", "heuristic"], "seed": 3, "lang": "de"},
])
def test_a_seeded_game_plays_the_same_on_the_device_and_on_the_server(client: TestClient, body: dict[str, Any]) -> None:
    table, gid, token, lid, ltoken = both(client, body)
    served = client.get(f"/api/v1/games/{gid}", headers=auth(token)).json()
    local = table.request("GET", f"/games/{lid}", token=ltoken)["body"]
    assert same(local) == same(served)
    why_server = client.get(f"/api/v1/games/{gid}/why?card=H6", headers=auth(token)).json()
    assert table.request("GET", f"/games/{lid}/why?card=H6", token=ltoken)["body"] == why_server
    steps = 0
    while served["status"] == "playing" and steps < 40:
        action = first_choice(served)
        served = client.post(f"/api/v1/games/{gid}/actions", json={"action": action, "seq": served["seq"]},
                             headers=auth(token)).json()
        answer = table.request("POST", f"/games/{lid}/actions", {"action": action, "seq": local["seq"]}, ltoken)
        assert answer["status"] == 200, answer["body"]
        local = answer["body"]
        assert same(local) == same(served)
        assert [e["seq"] for e in answer["events"]] == list(range(served["seq"] - len(answer["events"]) + 1, served["seq"] + 1))
        assert answer["saved"]["log"][-1][1] == answer["events"][-1]["action"] or body.get("form") == "differenzler"
        steps += 1
    assert steps > 5


def test_hint_undo_and_the_saved_game(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    # a search bounded by playouts only (no safety stop in seconds): the same choice however busy the machine
    for module in (server_assist, table_assist):
        monkeypatch.setattr(module, "HINT_PLAYER", "mcts:iters=40")
    body = {"profile": "schieber", "seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": 5}
    table, gid, token, lid, ltoken = both(client, body)
    view = client.get(f"/api/v1/games/{gid}", headers=auth(token)).json()
    lview = table.request("GET", f"/games/{lid}", token=ltoken)["body"]
    while view["phase"] != "play" or view["to_act"] != 0:  # the contract made, our card to play
        view = client.post(f"/api/v1/games/{gid}/actions", json={"action": first_choice(view)}, headers=auth(token)).json()
        lview = table.request("POST", f"/games/{lid}/actions", {"action": first_choice(lview)}, ltoken)["body"]
    assert same(lview) == same(view)
    served_hint = client.get(f"/api/v1/games/{gid}/hint", headers=auth(token)).json()
    assert table.request("GET", f"/games/{lid}/hint", token=ltoken)["body"] == served_hint
    card = view["legal_actions"][0]
    client.post(f"/api/v1/games/{gid}/actions", json={"action": card}, headers=auth(token))
    table.request("POST", f"/games/{lid}/actions", {"action": card}, ltoken)
    served = client.post(f"/api/v1/games/{gid}/undo", headers=auth(token)).json()
    undone = table.request("POST", f"/games/{lid}/undo", token=ltoken)
    assert same(undone["body"]) == same(served) and served["seq"] == view["seq"]
    # the page's worker keeps the record and gives it back: the game resumes as it was
    saved = undone["saved"]
    assert restore(json.dumps(saved)) == lid
    again = json.loads(request("GET", f"/games/{lid}", "", ltoken))
    assert same(json.loads(again["body"])) == same(served)
    assert saved["settings"]["assist"] == {"hints": [1, 0, 0, 0], "undos": [1, 0, 0, 0]}
    # a kept game whose computer names a module to import is refused, as a new game's would be
    forged = {**saved, "id": "local-forged", "settings": {**saved["settings"], "seats": ["human", "os:system", "heuristic", "heuristic"]}}
    with pytest.raises(Exception, match="offline the computers are"):
        LocalTable().restore(forged)


def test_what_needs_the_network_says_so() -> None:
    table = LocalTable()
    r = table.request("POST", "/games", {"seats": ["human", "invite", "heuristic", "heuristic"]})
    assert r["status"] == 503 and "network" in r["body"]["detail"]
    created = table.request("POST", "/games", {"seats": ["human", "heuristic", "heuristic", "heuristic"]})["body"]
    r = table.request("GET", f"/games/{created['game_id']}/rounds/1/review", token=created["tokens"]["0"])
    assert r["status"] == 503 and "network" in r["body"]["detail"]
    assert table.request("GET", f"/games/{created['game_id']}", token="nope")["status"] == 403
    assert table.request("GET", "/games/nosuch", token="x")["status"] == 404
    bad = table.request("POST", "/games", {"seats": ["human", "remote:url=http://x", "heuristic", "heuristic"]})
    assert bad["status"] == 422


def test_options_and_rules_are_the_servers(client: TestClient) -> None:
    table = LocalTable()
    served = client.get("/api/v1/table/options").json()
    local = table.request("GET", "/table/options")["body"]
    assert local["presets"] == served["presets"] and local["strengths"] == served["strengths"]
    for profile in ("schieber", {"preset": "classic"}, {"preset": "schieber", "extra_contracts": "slalom_guschti"}):
        body = {"profile": profile}
        assert table.request("POST", "/table/rules", body)["body"] == client.post("/api/v1/table/rules", json=body).json()


def test_a_game_of_the_device_gives_a_record_puur_verify_accepts() -> None:
    """An offline game is a normal game record: downloaded from the engine in the page, ``puur verify``
    replays it to the same deals and scores and checks the fairness commitment."""
    table = TABLE  # the engine's own table, which request() asks
    made = table.request("POST", "/games", {"profile": {"preset": "schieber", "target": 1000},
                                             "seats": ["human", "heuristic", "heuristic", "heuristic"]})["body"]
    gid, token = made["game_id"], made["tokens"]["0"]
    view = table.request("GET", f"/games/{gid}", token=token)["body"]
    assert table.request("GET", f"/games/{gid}/record", token=token)["status"] == 409  # not before the end
    while view["status"] == "playing":
        view = table.request("POST", f"/games/{gid}/actions", {"action": view["legal_actions"][0]}, token)["body"]
    text = json.loads(request("GET", f"/games/{gid}/record", "", token))["body"]  # as the page downloads it
    verdict = verify_record(json.loads(text))
    assert verdict.ok, verdict.lines()
    assert json.loads(text)["seed"] == table.games[gid].game.seed  # whole: the text keeps a 64-bit seed
