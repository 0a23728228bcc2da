"""Rematch (SECURITY.md "Rematch tokens"): ``POST /games/{id}/rematch`` answers each human seat with its own
new token only. Every seat that asks (with its own old token) joins the same new game; asking again gives the
same token. Only a finished match has a rematch (``puur.server.live.rematch``)."""

from __future__ import annotations

from pathlib import Path

from api_client import BOT, auth, play_to_end
from fastapi.testclient import TestClient

from puur.server.app import create_app
from puur.server.live import rematch_id, rematch_token

SEATS = ["human", BOT, "human", BOT]
SHORT = {"preset": "schieber", "target": 100}


def two_human_game(c: TestClient, finished: bool = True) -> tuple[str, dict[str, str]]:
    """A match of two people (0, 2) and two computers, played to its end unless ``finished`` is False."""
    r = c.post("/api/v1/games", json={"seats": SEATS, "names": ["Ana", "B", "Cla", "D"], "profile": SHORT})
    assert r.status_code == 201  # no seed: refused with two humans
    gid, tokens = r.json()["game_id"], r.json()["tokens"]
    if finished:
        play_to_end(c, gid, tokens)
    return gid, tokens


def test_only_a_finished_match_has_a_rematch(client: TestClient) -> None:
    """A rematch is asked after the last card: in the middle of the match it is a 409 with the reason, and
    nothing is created; once the match is over the same request is answered."""
    gid, old = two_human_game(client, finished=False)
    r = client.post(f"/api/v1/games/{gid}/rematch", headers=auth(old["2"]))
    assert r.status_code == 409 and "still being played" in r.json()["detail"]
    assert client.get(f"/api/v1/games/{rematch_id(gid)}", headers=auth(old["2"])).status_code == 404
    play_to_end(client, gid, old)
    assert client.post(f"/api/v1/games/{gid}/rematch", headers=auth(old["2"])).status_code == 201


def test_each_seat_gets_only_its_own_token_in_the_same_new_game(client: TestClient) -> None:
    gid, old = two_human_game(client)
    first = client.post(f"/api/v1/games/{gid}/rematch", headers=auth(old["0"]))
    assert first.status_code == 201
    body = first.json()
    assert set(body["tokens"]) == {"0"} and body["seats"] == SEATS and body["game_id"] != gid
    new_id, t0 = body["game_id"], body["tokens"]["0"]
    assert t0 not in old.values()

    second = client.post(f"/api/v1/games/{gid}/rematch", headers=auth(old["2"])).json()
    assert second["game_id"] == new_id and set(second["tokens"]) == {"2"}
    t2 = second["tokens"]["2"]
    assert t2 != t0

    v0 = client.get(f"/api/v1/games/{new_id}", headers=auth(t0)).json()
    v2 = client.get(f"/api/v1/games/{new_id}", headers=auth(t2)).json()
    assert (v0["seat"], v2["seat"]) == (0, 2)
    assert v0["names"] == ["Ana", "B", "Cla", "D"] and v0["status"] == "playing"
    assert v0["hand"] != v2["hand"]


def test_asking_again_gives_the_same_game_and_token(client: TestClient) -> None:
    gid, old = two_human_game(client)
    a = client.post(f"/api/v1/games/{gid}/rematch", headers=auth(old["2"])).json()
    b = client.post(f"/api/v1/games/{gid}/rematch", headers=auth(old["2"])).json()
    assert a == b


def test_an_unclaimed_seat_has_no_token_yet(client: TestClient) -> None:
    """Until seat 2 asks, the new game knows no token for it: seat 0's answer gives nothing to act for it."""
    gid, old = two_human_game(client)
    new_id = client.post(f"/api/v1/games/{gid}/rematch", headers=auth(old["0"])).json()["game_id"]
    unclaimed = rematch_token(old["2"], new_id)
    assert client.get(f"/api/v1/games/{new_id}", headers=auth(unclaimed)).status_code == 403
    assert client.get(f"/api/v1/games/{new_id}", headers=auth(old["2"])).status_code == 403
    client.post(f"/api/v1/games/{gid}/rematch", headers=auth(old["2"]))
    assert client.get(f"/api/v1/games/{new_id}", headers=auth(unclaimed)).json()["seat"] == 2


def test_refusals(client: TestClient) -> None:
    gid, old = two_human_game(client)
    other, other_tokens = two_human_game(client, finished=False)
    assert client.post(f"/api/v1/games/{gid}/rematch").status_code == 401
    assert client.post(f"/api/v1/games/{gid}/rematch", headers=auth(other_tokens["0"])).status_code == 403
    assert client.post("/api/v1/games/nosuchgame/rematch", headers=auth(old["0"])).status_code == 404
    # a refused request creates nothing
    assert client.get(f"/api/v1/games/{rematch_id(gid)}", headers=auth(old["0"])).status_code == 404


def test_a_claimed_token_survives_a_restart(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite3")
    with TestClient(create_app(db_path=db)) as c:
        gid, old = two_human_game(c)
        new_id = c.post(f"/api/v1/games/{gid}/rematch", headers=auth(old["0"])).json()["game_id"]
        t2 = c.post(f"/api/v1/games/{gid}/rematch", headers=auth(old["2"])).json()["tokens"]["2"]
    with TestClient(create_app(db_path=db)) as c:
        assert c.get(f"/api/v1/games/{new_id}", headers=auth(t2)).json()["seat"] == 2
        again = c.post(f"/api/v1/games/{gid}/rematch", headers=auth(old["0"])).json()
        assert again["game_id"] == new_id


def test_rematch_tokens_are_derived_one_way() -> None:
    t = rematch_token("a" * 43, "0123456789abcdef")
    assert t == rematch_token("a" * 43, "0123456789abcdef") and len(t) == 43
    assert t != rematch_token("b" * 43, "0123456789abcdef")
    assert t != rematch_token("a" * 43, "fedcba9876543210")
    assert rematch_id("abc") == rematch_id("abc") != rematch_id("abd")


def test_the_rematch_route_documents_its_refusal(client: TestClient) -> None:
    responses = client.get("/api/v1/openapi.json").json()["paths"]["/api/v1/games/{game_id}/rematch"]["post"]["responses"]
    assert "finished" in responses["409"]["description"] and {"401", "403", "404", "503"} <= set(responses)
