"""The Weis choice (RULES.md §9.3, S000) through the game API and the MCP ``game_play`` tool: the view
offers ``weis_choice``, ``declare: ["weis:N"]`` goes with the trick-1 card, a choice not offered is refused
and changes nothing, and the record keeps the choice so that it replays."""

from __future__ import annotations

from typing import Any

from api_client import auth
from fastapi.testclient import TestClient
from mcp_helpers import run_mcp

from puur.match.game import Game

# Under classic, seed 118638 deals seat 0 a hand whose declarations differ in the best meld.
SEED = 118638
SEATS = ["human", "random", "random", "random"]


def _to_first_card(client: TestClient, url: str, token: str) -> dict[str, Any]:
    """Choose a contract if asked; return seat 0's view when it is to play its trick-1 card."""
    for _ in range(4):
        v = client.get(url, headers=auth(token)).json()
        if v["to_act"] == 0 and v["phase"] == "contract":
            assert client.post(f"{url}/actions", headers=auth(token), json={"action": "H"}).status_code == 200
            continue
        assert v["to_act"] == 0 and v["phase"] == "play" and not v["tricks"]
        return v
    raise AssertionError("seat 0 never came to play")


def test_game_api_offers_checks_and_records_the_choice(client: TestClient) -> None:
    r = client.post("/api/v1/games", json={"seats": SEATS, "seed": SEED, "profile": {"preset": "classic", "target": 1000}})
    assert r.status_code == 201, r.text
    gid, token = r.json()["game_id"], r.json()["tokens"]["0"]
    url = f"/api/v1/games/{gid}"
    v = _to_first_card(client, url, token)
    choice = v["weis_choice"]
    assert choice["preselected"] == "weis:0" and len(choice["alternatives"]) >= 2
    points = [a["points"] for a in choice["alternatives"]]
    assert points == sorted(points, reverse=True)
    card = v["legal_actions"][0]
    bad = client.post(f"{url}/actions", headers=auth(token), json={"action": card, "declare": ["weis:9"]})
    assert bad.status_code == 409 and "not offered" in bad.text
    assert client.get(url, headers=auth(token)).json()["seq"] == v["seq"]  # nothing changed
    unknown = client.post(f"{url}/actions", headers=auth(token), json={"action": card, "declare": ["weis"]})
    assert unknown.status_code == 422 and "weis:N" in unknown.text
    last = choice["alternatives"][-1]["declare"]
    ok = client.post(f"{url}/actions", headers=auth(token), json={"action": card, "declare": [last]})
    assert ok.status_code == 200, ok.text
    assert ok.json()["weis_choice"] is None
    v = ok.json()
    while v["status"] == "playing":  # the record is given once the match is over
        v = client.post(f"{url}/actions", headers=auth(token), json={"action": v["legal_actions"][0]}).json()
    record = client.get(f"{url}/record", headers=auth(token)).json()
    assert f"0:{card}+{last}" in record["rounds"][0]["actions"]
    again = Game.from_record(record)
    assert again.round_states[0].weis.declarations[0].points == choice["alternatives"][-1]["points"]  # type: ignore[union-attr]


def test_mcp_game_play_takes_the_choice() -> None:
    async def main(c: Any) -> None:
        new = await c.call_tool("new_game", {"profile": "classic", "seed": SEED, "bot": "random"})
        assert not new.is_error, new.content
        gid, token = new.structured_content["game_id"], new.structured_content["token"]  # type: ignore[index]
        for _ in range(4):
            obs = (await c.call_tool("game_view", {"game_id": gid, "token": token})).structured_content
            if obs["phase"] == "contract":  # type: ignore[index]
                await c.call_tool("game_play", {"game_id": gid, "token": token, "action": "H"})
                continue
            break
        assert obs["to_act"] == 0 and not obs["tricks"]  # type: ignore[index]
        choice = obs["weis_choice"]  # type: ignore[index]
        assert choice and choice["preselected"] == "weis:0"
        card = obs["legal_actions"][0]  # type: ignore[index]
        bad = await c.call_tool("game_play", {"game_id": gid, "token": token, "action": card, "declare": ["weis:9"]})
        assert bad.is_error and "not offered" in bad.content[0].text  # type: ignore[union-attr]
        played = await c.call_tool("game_play", {"game_id": gid, "token": token, "action": card, "declare": ["weis:1"]})
        assert not played.is_error, played.content

    run_mcp(main)
