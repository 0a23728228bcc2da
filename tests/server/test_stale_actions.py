"""Stale actions (SECURITY.md "Stale actions"): ``POST /games/{id}/actions`` may carry the ``seq``
of the view the action was chosen on; if the game has moved on since, the answer is 409 "stale" and the game
is unchanged, so a delayed double-click cannot play a card in the next trick."""

from __future__ import annotations

from typing import Any

import pytest
from api_client import BOT, auth
from fastapi.testclient import TestClient


@pytest.fixture
def game(client: TestClient) -> tuple[str, dict[str, str]]:
    r = client.post("/api/v1/games", json={"seats": ["human", BOT, BOT, BOT], "seed": 5})
    assert r.status_code == 201
    gid, token = r.json()["game_id"], r.json()["tokens"]["0"]
    return f"/api/v1/games/{gid}", auth(token)


def view(client: TestClient, url: str, h: dict[str, str]) -> dict[str, Any]:
    r = client.get(url, headers=h)
    assert r.status_code == 200
    return dict(r.json())


def play_until_card(client: TestClient, url: str, h: dict[str, str]) -> dict[str, Any]:
    """Choose or push as seat 0 until it has a card to play (the computers move in between)."""
    v = view(client, url, h)
    while v["phase"] != "play" or v["to_act"] != 0:
        v = client.post(f"{url}/actions", headers=h, json={"action": v["legal_actions"][0], "seq": v["seq"]}).json()
    return v


def test_the_current_seq_is_accepted(client: TestClient, game: tuple[str, dict[str, str]]) -> None:
    url, h = game
    v = view(client, url, h)
    r = client.post(f"{url}/actions", headers=h, json={"action": v["legal_actions"][0], "seq": v["seq"]})
    assert r.status_code == 200 and r.json()["seq"] > v["seq"]


def test_a_delayed_second_click_is_stale_and_changes_nothing(
    client: TestClient, game: tuple[str, dict[str, str]]
) -> None:
    url, h = game
    v = play_until_card(client, url, h)
    first = v["legal_actions"][0]
    after = client.post(f"{url}/actions", headers=h, json={"action": first, "seq": v["seq"]}).json()
    assert after["to_act"] == 0 and after["legal_actions"], "the computers moved: seat 0 plays the next trick"
    # the second click of the same view arrives late, for a card that is legal in the next trick
    late = after["legal_actions"][0]
    r = client.post(f"{url}/actions", headers=h, json={"action": late, "seq": v["seq"]})
    assert r.status_code == 409
    detail = r.json()["detail"]
    assert detail.startswith("stale") and str(v["seq"]) in detail and str(after["seq"]) in detail
    assert view(client, url, h) == after


def test_a_seq_ahead_of_the_game_is_stale(client: TestClient, game: tuple[str, dict[str, str]]) -> None:
    url, h = game
    v = view(client, url, h)
    r = client.post(f"{url}/actions", headers=h, json={"action": v["legal_actions"][0], "seq": v["seq"] + 1})
    assert r.status_code == 409 and r.json()["detail"].startswith("stale")
    assert view(client, url, h) == v


def test_without_seq_the_action_is_taken_as_before(client: TestClient, game: tuple[str, dict[str, str]]) -> None:
    url, h = game
    v = view(client, url, h)
    r = client.post(f"{url}/actions", headers=h, json={"action": v["legal_actions"][0]})
    assert r.status_code == 200 and r.json()["seq"] > v["seq"]


@pytest.mark.parametrize("seq", [True, False, -1, "0", 1.5, [0]])
def test_a_seq_that_is_not_a_count_is_422(client: TestClient, game: tuple[str, dict[str, str]], seq: Any) -> None:
    url, h = game
    v = view(client, url, h)
    r = client.post(f"{url}/actions", headers=h, json={"action": v["legal_actions"][0], "seq": seq})
    assert r.status_code == 422
    assert any("seq" in d["loc"] for d in r.json()["detail"])
    assert view(client, url, h) == v


def test_stale_is_checked_before_the_turn(client: TestClient) -> None:
    """Two humans: seat 2's old view is stale even when the action is refused for another reason too."""
    r = client.post("/api/v1/games", json={"seats": ["human", BOT, "human", BOT]})  # no seed: refused with two humans
    gid, tokens = r.json()["game_id"], r.json()["tokens"]
    url = f"/api/v1/games/{gid}"
    v0 = view(client, url, auth(tokens["0"]))
    to_act = v0["to_act"]
    v = view(client, url, auth(tokens[str(to_act)]))
    client.post(f"{url}/actions", headers=auth(tokens[str(to_act)]), json={"action": v["legal_actions"][0], "seq": v["seq"]})
    r = client.post(f"{url}/actions", headers=auth(tokens[str(to_act)]), json={"action": v["legal_actions"][0], "seq": v["seq"]})
    assert r.status_code == 409 and r.json()["detail"].startswith("stale")
