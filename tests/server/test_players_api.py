"""Players who are remembered without an account: made with a name, found again by their key."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_a_player_is_made_once_and_found_by_its_key(client: TestClient) -> None:
    r = client.post("/api/v1/players/me", json={"name": "  Vreni ", "device": "phone"})
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["name"] == "Vreni" and len(made["tag"]) == 4 and made["handle"] == f"Vreni#{made['tag']}"
    key = made.pop("key")
    me = client.get("/api/v1/players/me", headers={"Authorization": f"Player {key}"})
    assert me.status_code == 200 and me.json() == made
    renamed = client.post("/api/v1/players/me", json={"name": "Vreni B"}, headers={"Authorization": f"Player {key}"})
    assert renamed.status_code == 200 and renamed.json()["id"] == made["id"] and "key" not in renamed.json()
    assert client.get("/api/v1/players/me", headers={"X-Puur-Player": key}).json()["name"] == "Vreni B"


def test_no_key_or_a_wrong_key_is_nobody(client: TestClient) -> None:
    assert client.get("/api/v1/players/me").status_code == 401
    assert client.get("/api/v1/players/me", headers={"Authorization": "Player nope"}).status_code == 401
    wrong = client.post("/api/v1/players/me", json={"name": "Hans"}, headers={"Authorization": "Player nope"})
    assert wrong.status_code == 401  # a wrong key never makes a second player silently


def test_a_name_follows_the_table_rule(client: TestClient) -> None:
    for bad in ["", "   ", "Player 2", "Hans\u200bPeter", "x" * 100]:
        r = client.post("/api/v1/players/me", json={"name": bad})
        assert r.status_code == 422, (bad, r.text)
    assert client.post("/api/v1/players/me", json={"name": "Ueli", "extra": 1}).status_code == 422
