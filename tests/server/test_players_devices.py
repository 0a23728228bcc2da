"""A remembered player's devices, carrying them to another device, blocking, and deleting themselves."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient
from players_helpers import as_player, make_player, place_rows, rows_about

from puur.server.store.player_links import blocked_pairs, new_carry

BAD_BODIES = [{}, {"code": ""}, {"code": "x" * 65}, {"code": "abc", "extra": 1}, {"code": "abc", "device": "d" * 41}]


def carry_code(url: str) -> str:
    assert "/player#carry=" in url, url
    return url.split("#carry=", 1)[1]


def test_a_carry_link_gives_the_other_device_its_own_key_once(client: TestClient) -> None:
    vreni, key = make_player(client)
    r = client.post("/api/v1/players/me/carry", headers=as_player(key))
    assert r.status_code == 201, r.text
    carry = r.json()
    assert key not in carry["url"] and carry["qr"].startswith("data:image/svg+xml")
    code = carry_code(carry["url"])
    taken = client.post("/api/v1/players/carry", json={"code": code, "device": "phone"})
    assert taken.status_code == 201, taken.text
    phone_key = taken.json()["key"]
    assert phone_key != key and taken.json()["id"] == vreni["id"]
    assert client.get("/api/v1/players/me", headers=as_player(phone_key)).json()["handle"] == vreni["handle"]
    before = place_rows(client)
    again = client.post("/api/v1/players/carry", json={"code": code, "device": "tablet"})
    assert again.status_code == 404  # single use
    assert place_rows(client) == before
    listed = client.get("/api/v1/players/me/devices", headers=as_player(phone_key)).json()["devices"]
    assert [(d["device"], d["current"]) for d in listed] == [("laptop", False), ("phone", True)]


def test_an_expired_carry_code_carries_nobody(client: TestClient) -> None:
    vreni, key = make_player(client)
    place = client.app.state.place  # type: ignore[attr-defined]
    with place.begin() as conn:
        code, expires = new_carry(conn, vreni["id"], now=1000.0)  # expired long ago
    assert expires == 1600.0
    r = client.post("/api/v1/players/carry", json={"code": code})
    assert r.status_code == 404
    assert len(client.get("/api/v1/players/me/devices", headers=as_player(key)).json()["devices"]) == 1


def test_carry_refuses_bad_input_and_changes_nothing(client: TestClient) -> None:
    _, key = make_player(client)
    before = place_rows(client)
    for body in BAD_BODIES:
        assert client.post("/api/v1/players/carry", json=body).status_code == 422, body
    assert client.post("/api/v1/players/carry", json={"code": "no-such-code"}).status_code == 404
    assert client.post("/api/v1/players/me/carry").status_code == 401
    assert client.post("/api/v1/players/me/carry", headers=as_player(key + "x")).status_code == 401
    assert place_rows(client) == before


def test_a_revoked_device_is_nobody(client: TestClient) -> None:
    vreni, key = make_player(client)
    code = carry_code(client.post("/api/v1/players/me/carry", headers=as_player(key)).json()["url"])
    phone_key = client.post("/api/v1/players/carry", json={"code": code, "device": "phone"}).json()["key"]
    devices = client.get("/api/v1/players/me/devices", headers=as_player(key)).json()["devices"]
    phone = next(d for d in devices if d["device"] == "phone")
    assert phone_key not in str(devices) and len(phone["id"]) == 16
    before = place_rows(client)
    for wrong in ["nope", "0" * 16, "x" * 64]:
        assert client.delete(f"/api/v1/players/me/devices/{wrong}", headers=as_player(key)).status_code == 404
    assert client.delete(f"/api/v1/players/me/devices/{'x' * 65}", headers=as_player(key)).status_code == 422
    assert client.delete(f"/api/v1/players/me/devices/{phone['id']}").status_code == 401
    assert place_rows(client) == before
    assert client.delete(f"/api/v1/players/me/devices/{phone['id']}", headers=as_player(key)).status_code == 204
    assert client.get("/api/v1/players/me", headers=as_player(phone_key)).status_code == 401
    assert client.get("/api/v1/players/me/stats", headers=as_player(phone_key)).status_code == 401
    assert client.get("/api/v1/players/me", headers=as_player(key)).json()["id"] == vreni["id"]
    # another player cannot revoke this player's device
    _, hans_key = make_player(client, "Hans")
    mine = client.get("/api/v1/players/me/devices", headers=as_player(key)).json()["devices"][0]["id"]
    assert client.delete(f"/api/v1/players/me/devices/{mine}", headers=as_player(hans_key)).status_code == 404
    assert client.get("/api/v1/players/me", headers=as_player(key)).status_code == 200


def test_blocks_bind_both_ways_for_the_lobby(client: TestClient) -> None:
    vreni, key = make_player(client)
    hans, hans_key = make_player(client, "Hans")
    ueli, _ = make_player(client, "Ueli")
    before = place_rows(client)
    assert client.post(f"/api/v1/players/me/blocks/{vreni['id']}", headers=as_player(key)).status_code == 409  # oneself
    assert client.post("/api/v1/players/me/blocks/nobodyhere", headers=as_player(key)).status_code == 404
    assert client.post("/api/v1/players/me/blocks/bad%20id", headers=as_player(key)).status_code == 422
    assert client.post(f"/api/v1/players/me/blocks/{hans['id']}").status_code == 401
    assert client.delete(f"/api/v1/players/me/blocks/{hans['id']}", headers=as_player(key)).status_code == 404
    assert place_rows(client) == before
    assert client.post(f"/api/v1/players/me/blocks/{hans['id']}", headers=as_player(key)).status_code == 204
    assert client.post(f"/api/v1/players/me/blocks/{hans['id']}", headers=as_player(key)).status_code == 204  # again: no change
    listed = client.get("/api/v1/players/me/blocks", headers=as_player(key)).json()["blocked"]
    assert listed == [{"id": hans["id"], "name": "Hans", "handle": hans["handle"]}]
    assert client.get("/api/v1/players/me/blocks", headers=as_player(hans_key)).json()["blocked"] == []  # nobody is told
    with client.app.state.place.read() as conn:  # type: ignore[attr-defined]
        assert blocked_pairs(conn, [vreni["id"], hans["id"], ueli["id"]]) == {frozenset((vreni["id"], hans["id"]))}
        assert blocked_pairs(conn, [hans["id"], ueli["id"]]) == set()
    assert client.delete(f"/api/v1/players/me/blocks/{hans['id']}", headers=as_player(key)).status_code == 204
    with client.app.state.place.read() as conn:  # type: ignore[attr-defined]
        assert blocked_pairs(conn, [vreni["id"], hans["id"]]) == set()


def test_deleting_the_player_removes_every_row_about_them(client: TestClient) -> None:
    vreni, key = make_player(client)
    hans, hans_key = make_player(client, "Hans")
    client.post("/api/v1/players/me/carry", headers=as_player(key))
    client.post(f"/api/v1/players/me/blocks/{hans['id']}", headers=as_player(key))
    client.post(f"/api/v1/players/me/blocks/{vreni['id']}", headers=as_player(hans_key))
    game = client.post("/api/v1/games", headers=as_player(key), json={
        "seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": 3, "profile": {"preset": "schieber", "target": 100}})
    assert game.status_code == 201, game.text
    from api_client import play_to_end

    play_to_end(client, game.json()["game_id"], game.json()["tokens"])
    assert client.get("/api/v1/players/me/stats", headers=as_player(key)).json()["matches"] == 1
    about = rows_about(client, vreni["id"])
    assert about["players"] == 1 and about["player_keys"] == 1 and about["player_carry"] == 1
    assert about["player_blocks"] == 2 and about["player_matches"] == 1
    before = place_rows(client)
    assert client.delete("/api/v1/players/me").status_code == 401
    assert place_rows(client) == before
    assert client.delete("/api/v1/players/me", headers=as_player(key)).status_code == 204
    assert not any(rows_about(client, vreni["id"]).values())
    assert client.get("/api/v1/players/me", headers=as_player(key)).status_code == 401
    assert client.get(f"/api/v1/players/{vreni['id']}/stats").status_code == 404
    assert client.get("/api/v1/players/me", headers=as_player(hans_key)).status_code == 200  # the other player stays
    # the game keeps its seat's name only
    view = client.get(f"/api/v1/games/{game.json()['game_id']}",
                      headers={"Authorization": f"Bearer {game.json()['tokens']['0']}"}).json()
    assert view["seating"][0]["name"] == "Vreni"


def test_no_key_and_no_carry_code_is_kept_in_clear(client: TestClient, tmp_path: Path) -> None:
    _, key = make_player(client)
    code = carry_code(client.post("/api/v1/players/me/carry", headers=as_player(key)).json()["url"])
    second = client.post("/api/v1/players/me/carry", headers=as_player(key)).json()["url"]
    phone_key = client.post("/api/v1/players/carry", json={"code": code}).json()["key"]
    db = Path(client.app.state.db_path)  # type: ignore[attr-defined]
    raw = b"".join(p.read_bytes() for p in db.parent.glob(db.name + "*"))
    for secret in (key, phone_key, code, carry_code(second)):
        assert secret.encode() not in raw


def test_making_and_carrying_players_is_rate_limited_per_address(tmp_path: Path) -> None:
    from puur.server.app import create_app
    from puur.server.policy import ServerSettings

    with TestClient(create_app(str(tmp_path / "g.sqlite3"), ServerSettings(rate_games="3/minute"))) as c:
        _, key = make_player(c)
        assert c.post("/api/v1/players/me/carry", headers=as_player(key)).status_code == 201
        assert c.post("/api/v1/players/carry", json={"code": "unknown"}).status_code == 404
        r = c.post("/api/v1/players/me", json={"name": "Hans"})
        assert r.status_code == 429 and "making players" in r.json()["detail"]
        assert c.get("/api/v1/players/me", headers=as_player(key)).status_code == 200  # reading is not limited


PLAYER_ROUTES = [("GET", "/api/v1/players/me"), ("GET", "/api/v1/players/me/devices"),
                 ("DELETE", "/api/v1/players/me/devices/0123456789abcdef"), ("POST", "/api/v1/players/me/carry"),
                 ("DELETE", "/api/v1/players/me"), ("GET", "/api/v1/players/me/blocks"),
                 ("POST", "/api/v1/players/me/blocks/abc"), ("DELETE", "/api/v1/players/me/blocks/abc"),
                 ("GET", "/api/v1/players/me/stats")]


def test_every_route_of_the_player_is_401_without_a_key_or_with_a_revoked_one(client: TestClient) -> None:
    vreni, key = make_player(client)
    code = carry_code(client.post("/api/v1/players/me/carry", headers=as_player(key)).json()["url"])
    phone_key = client.post("/api/v1/players/carry", json={"code": code, "device": "phone"}).json()["key"]
    phone = next(d for d in client.get("/api/v1/players/me/devices", headers=as_player(key)).json()["devices"]
                 if d["device"] == "phone")
    assert client.delete(f"/api/v1/players/me/devices/{phone['id']}", headers=as_player(key)).status_code == 204
    before = place_rows(client)
    for headers in ({}, as_player(phone_key), {"X-Puur-Player": phone_key}, {"Authorization": "Player "}):
        for method, path in PLAYER_ROUTES:
            r = client.request(method, path, headers=headers)
            assert r.status_code == 401, (method, path, headers, r.text)
            assert isinstance(r.json()["detail"], str) and r.json()["detail"]
    assert place_rows(client) == before
    assert client.get("/api/v1/players/me", headers=as_player(key)).json()["id"] == vreni["id"]
