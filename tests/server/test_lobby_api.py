"""The public lobby (docs/lobby.md): a host opens a waiting table to the public, "Play now" seats a person at
the table that starts soonest or opens one where computers hold the seats, a person takes a computer's seat
from the next round, the host removes a seated person before the start, abandons are noted; every route's
bad input is a 4xx that changes nothing. Spectators: tests/server/test_spectators.py."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from api_client import auth
from fastapi.testclient import TestClient

from puur.server.app import create_app
from puur.server.http.game_models import SpectatorView
from puur.server.http.lobby import get_lobby
from puur.server.policy import ServerSettings
from puur.server.store.lobby import abandons_of
from puur.table.public import abandoned_seats, computers_until_their_round, new_public
from puur.table.seats import rematch_settings

SHORT = {"preset": "schieber", "target": 100}


def player(c: TestClient, name: str) -> dict[str, str]:
    r = c.post("/api/v1/players/me", json={"name": name})
    assert r.status_code == 201, r.text
    return {"Authorization": f"Player {r.json()['key']}", "id": r.json()["id"], "tag": r.json()["tag"]}


def key(p: dict[str, str]) -> dict[str, str]:
    return {"Authorization": p["Authorization"]}


def hosted(c: TestClient, seats: list[str] | None = None, **public: Any) -> dict[str, Any]:
    """A waiting table of Host with invited seats, opened to the public."""
    r = c.post("/api/v1/games", json={"seats": seats or ["human", "invite", "invite", "heuristic"], "profile": SHORT,
                                      "names": ["Host", None, None, None]})
    assert r.status_code == 201, r.text
    t = dict(r.json())
    r = c.post(f"/api/v1/games/{t['game_id']}/public", headers=auth(t["tokens"]["0"]),
               json={"open": True, "lang": "de", "speed": "normal", **public})
    assert r.status_code == 204, r.text
    return t


def lobby(c: TestClient, **query: Any) -> list[dict[str, Any]]:
    r = c.get("/api/v1/lobby", params=query)
    assert r.status_code == 200, r.text
    return list(r.json()["tables"])


def test_a_table_opened_to_the_public_is_listed_with_its_seats_and_closed_again(client: TestClient) -> None:
    t = hosted(client)
    gid, host = t["game_id"], t["tokens"]["0"]
    [listed] = lobby(client)
    assert listed["game_id"] == gid and listed["free"] == 2 and listed["people"] == 1
    assert listed["lang"] == "de" and listed["speed"] == "normal" and listed["status"] == "waiting"
    assert listed["target"] == 100 and listed["form"] == "schieber" and listed["watchers"] == 0
    assert [s["kind"] for s in listed["seats"]] == ["person", "open", "open", "computer"]
    assert listed["seats"][0]["name"] == "Host" and listed["seats"][3]["strength"] == "heuristic"
    assert lobby(client, lang="fr") == [] and lobby(client, speed="fast") == []
    assert client.post(f"/api/v1/games/{gid}/public", headers=auth(host), json={"open": False}).status_code == 204
    assert lobby(client) == []
    assert client.post(f"/api/v1/games/{gid}/public", headers=auth(host), json={"open": False}).status_code == 409


def test_play_now_seats_people_at_the_table_that_starts_soonest_with_their_names_and_tags(client: TestClient) -> None:
    t = hosted(client)
    other = hosted(client, seats=["human", "invite", "invite", "invite"])  # one person of four: starts later
    gid = t["game_id"]
    vreni = player(client, "Vreni")
    r = client.post("/api/v1/lobby/play", headers=key(vreni), json={})
    assert r.status_code == 201, r.text
    seated = r.json()
    assert seated["game_id"] == gid and seated["seat"] == 1 and not seated["new_table"] and not seated["arriving"]
    view = client.get(f"/api/v1/games/{gid}", headers=auth(seated["token"])).json()
    assert view["seat"] == 1 and view["names"][1] == "Vreni" and view["status"] == "waiting"
    listed = {x["game_id"]: x for x in lobby(client)}
    shown = listed[gid]["seats"][1]
    assert (shown["kind"], shown["name"], shown["tag"]) == ("person", "Vreni", vreni["tag"])
    assert listed[other["game_id"]]["free"] == 3
    ueli = player(client, "Ueli")
    r = client.post("/api/v1/lobby/play", headers=key(ueli), json={"lang": "de"})
    assert r.status_code == 201 and r.json()["game_id"] == gid and r.json()["seat"] == 2
    view = client.get(f"/api/v1/games/{gid}", headers=auth(r.json()["token"])).json()
    assert view["status"] == "playing" and len(view["hand"]) == 9  # the last seat taken: the table starts
    assert gid not in {x["game_id"] for x in lobby(client)}  # full: no free seat
    assert gid in {x["game_id"] for x in lobby(client, full=True)}


def test_play_now_with_no_table_opens_one_where_computers_hold_the_seats(client: TestClient) -> None:
    hana = player(client, "Hana")
    r = client.post("/api/v1/lobby/play", headers=key(hana), json={"lang": "fr", "speed": "fast"})
    assert r.status_code == 201, r.text
    first = r.json()
    assert first["new_table"] and first["seat"] == 0
    gid = first["game_id"]
    view = client.get(f"/api/v1/games/{gid}", headers=auth(first["token"])).json()
    assert view["status"] == "playing" and view["seats"] == ["human", "heuristic", "heuristic", "heuristic"]
    assert view["help"] is False  # a public table is rated: no hints, no undo
    [listed] = lobby(client, lang="fr", speed="fast")
    assert listed["free"] == 3 and [s.get("free") for s in listed["seats"]] == [None, True, True, True]
    # a second person takes a computer's seat: from the next round (the computer finishes this one)
    kari = player(client, "Kari")
    r = client.post("/api/v1/lobby/play", headers=key(kari), json={"lang": "fr"})
    assert r.status_code == 201 and r.json()["game_id"] == gid
    seat, token = r.json()["seat"], r.json()["token"]
    assert seat == 1 and r.json()["arriving"]
    waiting = client.get(f"/api/v1/games/{gid}", headers=auth(token)).json()
    assert waiting["arriving"] and waiting["spectator"] and "hand" not in waiting
    # the shape the API documents for this route: a seat's view, or this one
    doc = client.get("/api/v1/openapi.json").json()["paths"]["/api/v1/games/{game_id}"]["get"]["responses"]
    shapes = doc["200"]["content"]["application/json"]["schema"]["anyOf"]
    assert {"$ref": "#/components/schemas/SpectatorView"} in shapes
    SpectatorView.model_validate(waiting)
    live = client.app.state.game_hub.get(gid)  # type: ignore[attr-defined]
    assert live.seats[1] == "heuristic"  # this round: the computer
    round_now = live.game.round_number
    while live.game.round_number == round_now and not live.game.is_over:  # Hana plays until the round ends
        v = client.get(f"/api/v1/games/{gid}", headers=auth(first["token"])).json()
        if v["to_act"] != 0:
            break
        assert client.post(f"/api/v1/games/{gid}/actions", headers=auth(first["token"]),
                           json={"action": v["legal_actions"][0]}).status_code == 200
    assert live.seats[1] == "human"  # from the next round Kari plays
    mine = client.get(f"/api/v1/games/{gid}", headers=auth(token)).json()
    assert "arriving" not in mine and len(mine["hand"]) == 9 and mine["names"][1] == "Kari"


def test_two_people_racing_for_the_last_seat_get_one_seat_each_or_a_clean_409(client: TestClient) -> None:
    t = hosted(client, seats=["human", "invite", "heuristic", "heuristic"])
    gid = t["game_id"]
    a, b = player(client, "Anna"), player(client, "Beat")
    first = client.post(f"/api/v1/lobby/tables/{gid}/sit", headers=key(a))
    second = client.post(f"/api/v1/lobby/tables/{gid}/sit", headers=key(b))
    assert first.status_code == 201 and second.status_code == 409, (first.text, second.text)
    again = client.post(f"/api/v1/lobby/tables/{gid}/sit", headers=key(a))
    assert again.status_code == 409


def test_the_host_removes_a_seated_person_before_the_start_and_their_token_holds_nothing(client: TestClient) -> None:
    t = hosted(client)
    gid, host = t["game_id"], t["tokens"]["0"]
    vreni = player(client, "Vreni")
    seated = client.post(f"/api/v1/lobby/tables/{gid}/sit", headers=key(vreni)).json()
    seat, token = seated["seat"], seated["token"]
    assert client.post(f"/api/v1/games/{gid}/seats/{seat}/remove", headers=auth(token)).status_code == 403
    assert client.post(f"/api/v1/games/{gid}/seats/0/remove", headers=auth(host)).status_code == 409  # the host
    assert client.post(f"/api/v1/games/{gid}/seats/{seat}/remove", headers=auth(host)).status_code == 204
    assert client.get(f"/api/v1/games/{gid}", headers=auth(token)).status_code == 403
    [listed] = lobby(client)
    assert listed["free"] == 2 and listed["seats"][seat]["kind"] == "open"
    assert client.post(f"/api/v1/games/{gid}/seats/{seat}/remove", headers=auth(host)).status_code == 409
    again = client.post(f"/api/v1/lobby/tables/{gid}/sit", headers=key(player(client, "Ueli")))
    assert again.status_code == 201 and again.json()["seat"] == seat


def test_bad_input_is_refused_with_a_reason_and_changes_nothing(client: TestClient) -> None:
    t = hosted(client)
    gid, host = t["game_id"], t["tokens"]["0"]
    p = player(client, "Vreni")
    assert client.post("/api/v1/lobby/play", json={}).status_code == 401
    assert client.post("/api/v1/lobby/play", headers={"Authorization": "Player nope"}, json={}).status_code == 401
    for body in ({"lang": "it"}, {"speed": "warp"}, {"extra": 1}, {"lang": 3}):
        assert client.post("/api/v1/lobby/play", headers=key(p), json=body).status_code == 422, body
    assert client.get("/api/v1/lobby", params={"lang": "xx"}).status_code == 422
    assert client.post("/api/v1/lobby/tables/nope/sit", headers=key(p)).status_code == 404
    assert client.post(f"/api/v1/lobby/tables/{gid}/sit").status_code == 401
    assert client.post(f"/api/v1/lobby/tables/{gid}/sit", json={"x": 1}, headers={"Authorization": "Player x"}).status_code == 401
    for body in ({}, {"open": True, "lang": "it"}, {"open": "maybe"}, {"open": True, "x": 1}):
        assert client.post(f"/api/v1/games/{gid}/public", headers=auth(host), json=body).status_code == 422, body
    assert client.post(f"/api/v1/games/{gid}/public", json={"open": True}).status_code == 401
    assert client.post(f"/api/v1/games/{gid}/public", headers=auth("x" * 43), json={"open": True}).status_code == 403
    assert client.post("/api/v1/games/nope/public", headers=auth(host), json={"open": True}).status_code == 404
    assert client.post(f"/api/v1/games/{gid}/spectators", headers=auth(host), json={}).status_code == 422
    assert client.post(f"/api/v1/games/{gid}/seats/7/remove", headers=auth(host)).status_code == 422
    solo = client.post("/api/v1/games", json={"seats": ["human", "heuristic", "heuristic", "heuristic"]}).json()
    r = client.post(f"/api/v1/games/{solo['game_id']}/public", headers=auth(solo["tokens"]["0"]), json={"open": True})
    assert r.status_code == 409  # not an online table
    [listed] = lobby(client)
    assert listed["people"] == 1 and listed["free"] == 2  # nothing changed


def test_a_person_handed_to_a_computer_at_the_end_of_a_public_match_abandoned_it(client: TestClient) -> None:
    hana = player(client, "Hana")
    first = client.post("/api/v1/lobby/play", headers=key(hana), json={}).json()
    gid = first["game_id"]
    live = client.app.state.game_hub.get(gid)  # type: ignore[attr-defined]
    kari = player(client, "Kari")
    kari_seat = client.post(f"/api/v1/lobby/tables/{gid}/sit", headers=key(kari)).json()["seat"]
    settings = {**live.settings, "online": {**live.settings["online"], "stand_in": {str(kari_seat): "heuristic"}}}
    assert abandoned_seats(settings) == [kari_seat]
    assert abandoned_seats(live.settings) == []  # Kari is at the table
    # the host hands Kari's seat over once Kari plays (the away watchdog does the same after away_seconds)
    while live.seats[kari_seat] != "human":
        v = client.get(f"/api/v1/games/{gid}", headers=auth(first["token"])).json()
        client.post(f"/api/v1/games/{gid}/actions", headers=auth(first["token"]), json={"action": v["legal_actions"][0]})
    assert client.post(f"/api/v1/games/{gid}/seats/{kari_seat}", headers=auth(first["token"]),
                       json={"player": "heuristic"}).status_code == 204
    while not live.game.is_over:
        v = client.get(f"/api/v1/games/{gid}", headers=auth(first["token"])).json()
        client.post(f"/api/v1/games/{gid}/actions", headers=auth(first["token"]), json={"action": v["legal_actions"][0]})
    with get_lobby(client.app).place.read() as conn:
        assert abandons_of(conn, gid) == [{"game_id": gid, "player_id": kari["id"], "seat": kari_seat, "abandoned": True}]
    assert gid not in {x["game_id"] for x in lobby(client, full=True)}  # the match over: off the lobby


def test_a_lone_person_who_leaves_a_rated_table_at_their_turn_has_abandoned_it_and_lost(tmp_path: Path) -> None:
    """Alone with the computers at a Play-now table (public, so rated), Hana opens it and leaves at her turn:
    after ``abandon_seconds`` a computer plays for her and the computers finish the match, which is noted as
    abandoned and rated as her loss (leaving cannot spare a rated loss). The last person at a private table
    that is not rated is waited for: nobody plays for them."""
    settings = ServerSettings(away_seconds=0.2, abandon_seconds=0.4)
    with TestClient(create_app(db_path=str(tmp_path / "g.sqlite3"), settings=settings)) as c:
        hana = player(c, "Hana")
        first = c.post("/api/v1/lobby/play", headers=key(hana), json={}).json()
        gid, token = first["game_id"], first["token"]
        live = c.app.state.game_hub.get(gid)  # type: ignore[attr-defined]
        assert live.patience(0) == 0.4 and live.patience(1) == 0.2  # the last person; a seat beside others
        with c.websocket_connect(f"/api/v1/games/{gid}/live?pace=0") as ws:  # she opens the table, then leaves
            ws.send_json({"token": token})
            assert ws.receive_json()["type"] == "hello"
        deadline = time.monotonic() + 30
        while not live.game.is_over and time.monotonic() < deadline:
            time.sleep(0.05)
        assert live.game.is_over and live.seats[0] == "heuristic"
        noted: list[dict[str, Any]] = []
        while not noted and time.monotonic() < deadline:  # the lobby notes the end after the match's commit
            with get_lobby(c.app).place.read() as conn:
                noted = abandons_of(conn, gid)
            time.sleep(0.05)
        assert noted == [{"game_id": gid, "player_id": hana["id"], "seat": 0, "abandoned": True}]
        rated = c.get(f"/api/v1/players/{hana['id']}/ratings").json()
        assert rated["matches"] == 1 and not rated["history"][0]["won"]
        # a private table, not rated: its host, once the last person there, is waited for
        made = c.post("/api/v1/games", json={"seats": ["human", "invite", "heuristic", "heuristic"]}).json()
        joined = c.post(f"/api/v1/games/{made['game_id']}/join", json={"code": made["invites"]["1"]["code"], "name": "Ueli"})
        assert joined.status_code == 201, joined.text
        assert c.post(f"/api/v1/games/{made['game_id']}/seats/1", headers=auth(made["tokens"]["0"]),
                      json={"player": "heuristic"}).status_code == 204
        private = c.app.state.game_hub.get(made["game_id"])  # type: ignore[attr-defined]
        assert private.patience(0) is None and private.hand_over_due(time.monotonic() + 1e9) is None


def test_play_now_and_sitting_down_count_against_the_joining_rate(tmp_path: Path) -> None:
    with TestClient(create_app(db_path=str(tmp_path / "g.sqlite3"), settings=ServerSettings(rate_games="2/minute"))) as c:
        p = player(c, "Hana")
        assert c.post("/api/v1/lobby/play", headers=key(p), json={}).status_code == 201
        assert c.post("/api/v1/lobby/tables/nope/sit", headers=key(p)).status_code == 404
        r = c.post("/api/v1/lobby/play", headers=key(p), json={})
        assert r.status_code == 429 and "Retry-After" in r.headers
        documented = c.get("/api/v1/openapi.json").json()["paths"]
        assert "429" in documented["/api/v1/lobby/play"]["post"]["responses"]
        assert "429" in documented["/api/v1/lobby/tables/{game_id}/sit"]["post"]["responses"]


def test_two_players_who_blocked_each_other_are_never_seated_together(client: TestClient, monkeypatch: Any) -> None:
    """The players' part answers who blocked whom (``blocked_pairs``); the lobby asks it through
    ``blocked_among`` before it seats anyone, and passes a table where a blocked player sits."""
    t = hosted(client)
    gid = t["game_id"]
    vreni, ueli, kari = player(client, "Vreni"), player(client, "Ueli"), player(client, "Kari")
    assert client.post(f"/api/v1/lobby/tables/{gid}/sit", headers=key(vreni)).status_code == 201
    blocks = {frozenset((vreni["id"], ueli["id"]))}
    monkeypatch.setattr("puur.server.live.lobby.blocked_among",
                        lambda conn, ids: {pair for pair in blocks if pair <= set(ids)})
    assert client.post(f"/api/v1/lobby/tables/{gid}/sit", headers=key(ueli)).status_code == 409
    r = client.post("/api/v1/lobby/play", headers=key(ueli), json={"lang": "de"})
    assert r.status_code == 201 and r.json()["game_id"] != gid and r.json()["new_table"]  # passed over
    r = client.post("/api/v1/lobby/play", headers=key(kari), json={"lang": "de"})
    assert r.status_code == 201 and r.json()["game_id"] == gid  # nobody Kari blocked sits there


def test_a_rematch_of_a_public_table_counts_no_arrival_of_the_old_match() -> None:
    """A person who sat down in round 4 plays from round 5 of that match; in the rematch (round 1 on) the
    seat is theirs from the start, not a computer's until round 5."""
    settings = {"seats": ["human"] * 4, "public": {**new_public("de", "normal"),
                                                   "arriving": {"1": {"player": "heuristic", "round": 5}}}}
    assert computers_until_their_round(settings, 4) == {1: "heuristic"}
    again = rematch_settings(settings)
    assert computers_until_their_round(again, 1) == {} and again["public"]["lang"] == "de"


def test_the_lobby_page_is_served_under_the_pages_policy(client: TestClient) -> None:
    r = client.get("/lobby")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert "script-src 'self'" in r.headers["content-security-policy"]
    assert '<script type="module" src="/static/place/lobby.js">' in r.text
    assert client.get("/static/place/lobby.js").status_code == 200
