"""Fair deals through the game API, the live connection and MCP (SECURITY.md "Fair deals"): a chosen seed only
with one human seat and marked, the commitment in every view, the seed in nothing a seat receives before the
end."""

from __future__ import annotations

import json

from api_client import BOT, auth
from fastapi.testclient import TestClient
from mcp import Client
from mcp_helpers import run_mcp

from puur.match.fairness import seed_commitment
from puur.match.game import Game
from puur.match.verify import verify_record

SHORT = {"preset": "schieber", "target": 500}


def test_a_chosen_seed_is_refused_with_more_than_one_human_seat(client: TestClient) -> None:
    for seats in (["human", BOT, "human", BOT], ["human"] * 4):
        r = client.post("/api/v1/games", json={"seats": seats, "seed": 11})
        assert r.status_code == 422
        assert "chosen seed is refused" in r.text and f"{seats.count('human')} human seats" in r.text
    assert client.post("/api/v1/games", json={"seats": ["human", BOT, "human", BOT]}).status_code == 201


def test_a_chosen_seed_with_one_human_seat_is_marked(client: TestClient) -> None:
    r = client.post("/api/v1/games", json={"seats": ["human", BOT, BOT, BOT], "seed": 11, "profile": SHORT})
    assert r.status_code == 201
    gid, token = r.json()["game_id"], r.json()["tokens"]["0"]
    v = client.get(f"/api/v1/games/{gid}", headers=auth(token)).json()
    assert v["fair_deal"]["seed_source"] == "chosen" and v["fair_deal"]["seed"] is None
    assert v["hand"] == [str(c) for c in Game(SHORT, seed=11).observation(0).hand]  # the seed's deal
    while v["status"] == "playing":
        v = client.post(f"/api/v1/games/{gid}/actions", headers=auth(token), json={"action": v["legal_actions"][0]}).json()
    rec = client.get(f"/api/v1/games/{gid}/record", headers=auth(token)).json()
    assert rec["seed"] == 11 and rec["seed_source"] == "chosen"
    assert rec["commitment"] == v["fair_deal"]["commitment"] == seed_commitment(11, rec["salt"])
    assert verify_record(rec).ok


def _scan(text: str, secrets_: list[str], where: str) -> None:
    for s in secrets_:
        assert s not in text, f"{where} shows the seed or salt before the end"


def test_no_answer_shows_the_seed_before_the_end_and_the_record_verifies(client: TestClient) -> None:
    """Two human seats, two computers, a short match: every view (GET and after each action, for both
    seats), every live message, every lookup and 'why' answer is scanned for the seed and the salt while
    the match is played; the commitment stays the same; at the end the view and the record reveal them."""
    r = client.post("/api/v1/games", json={"seats": ["human", BOT, "human", BOT], "profile": SHORT})
    gid, tokens = r.json()["game_id"], r.json()["tokens"]
    url = f"/api/v1/games/{gid}"
    game = client.app.state.game_hub.get(gid).game  # type: ignore[attr-defined]
    hidden = [str(game.seed), game.salt or "", str(game.seed)[:12]]
    commitment = game.commitment
    assert commitment and client.app.state.game_hub.get(gid).settings["seed_source"] == "drawn"  # type: ignore[attr-defined]
    with client.websocket_connect(f"{url}/live?pace=0") as ws:
        ws.send_json({"token": tokens["0"]})
        hello = ws.receive_json()
        _scan(json.dumps(hello), hidden, "the live hello")
        seq = hello["seq"]
        views = {s: client.get(url, headers=auth(tokens[s])).json() for s in ("0", "2")}
        while True:
            for s, v in views.items():
                assert v["fair_deal"]["commitment"] == commitment
                if v["status"] == "playing":
                    _scan(json.dumps(v), hidden, f"seat {s}'s view")
            if views["0"]["status"] == "over":
                break
            _scan(client.post("/api/v1/games/lookup", json={"tokens": list(tokens.values())}).text, hidden, "lookup")
            _scan(client.get(f"{url}/why?card=H7", headers=auth(tokens["0"])).text, hidden, "why")
            s = str(views["0"]["to_act"])
            after = client.post(f"{url}/actions", headers=auth(tokens[s]), json={"action": views[s]["legal_actions"][0]})
            assert after.status_code == 200, after.text
            views = {o: client.get(url, headers=auth(tokens[o])).json() for o in ("0", "2")}
            views[s] = after.json() if after.json()["status"] == views[s]["status"] else views[s]
            while seq < views["0"]["seq"]:  # the live connection's events up to this view
                msg = ws.receive_json()
                seq = msg["seq"]
                if msg["view"]["status"] == "playing":
                    _scan(json.dumps(msg), hidden, "a live event")
                else:
                    assert msg["view"]["fair_deal"]["seed"] == str(game.seed)
    end = views["0"]["fair_deal"]
    assert end == {"commitment": commitment, "seed_source": "drawn", "seed": str(game.seed), "salt": game.salt}
    rec = client.get(f"{url}/record", headers=auth(tokens["2"])).json()
    assert rec["seed"] == game.seed and rec["commitment"] == commitment and rec["seed_source"] == "drawn"
    assert verify_record(rec).ok


def test_a_restart_keeps_the_commitment_and_a_rematch_draws_a_new_seed(client: TestClient) -> None:
    r = client.post("/api/v1/games", json={"seats": ["human", BOT, BOT, BOT], "seed": 5, "profile": SHORT})
    gid, token = r.json()["game_id"], r.json()["tokens"]["0"]
    hub = client.app.state.game_hub  # type: ignore[attr-defined]
    before = client.get(f"/api/v1/games/{gid}", headers=auth(token)).json()["fair_deal"]
    rebuilt = hub.rebuild(hub.store.load(gid))  # what a restarted server replays from the store
    assert rebuilt.game.fair_deal() == before and rebuilt.game.salt == hub.get(gid).game.salt
    v = client.get(f"/api/v1/games/{gid}", headers=auth(token)).json()
    while v["status"] == "playing":
        v = client.post(f"/api/v1/games/{gid}/actions", headers=auth(token), json={"action": v["legal_actions"][0]}).json()
    m = client.post(f"/api/v1/games/{gid}/rematch", headers=auth(token)).json()
    new = hub.get(m["game_id"]).game
    assert new.seed_source == "drawn" and new.seed != 5 and new.commitment != before["commitment"]


def test_mcp_answers_carry_the_commitment_and_no_seed_before_the_end() -> None:
    async def check(c: Client) -> None:
        started = (await c.call_tool("new_game", {"seat": 0, "bot": "random", "profile": SHORT})).structured_content
        assert started is not None
        gid, token, view = started["game_id"], started["token"], started["view"]
        fair = view["fair_deal"]
        assert fair["seed_source"] == "drawn" and len(fair["commitment"]) == 64 and fair["seed"] is None
        answers = [started]
        while view["status"] != "over":
            la = (await c.call_tool("game_legal_actions", {"game_id": gid, "token": token})).structured_content
            assert la is not None
            answers.append(la)
            view = (await c.call_tool("game_play", {"game_id": gid, "token": token, "action": la["legal_actions"][0]})).structured_content
            assert view is not None
            answers.append(view)
        seed, salt = view["fair_deal"]["seed"], view["fair_deal"]["salt"]
        assert view["fair_deal"]["commitment"] == fair["commitment"] == seed_commitment(int(seed), salt)
        for a in answers[:-1]:
            _scan(json.dumps(a), [seed, salt], "an MCP answer")
        chosen = (await c.call_tool("new_game", {"seat": 1, "bot": "random", "seed": 7})).structured_content
        assert chosen is not None and chosen["view"]["fair_deal"]["seed_source"] == "chosen"
        assert (await c.call_tool("new_game", {"seed": -1})).is_error

    run_mcp(check)
