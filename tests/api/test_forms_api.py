"""The game API with a form (docs/forms.md): ``"form"`` on ``POST /api/v1/games``, the column and prediction
actions, the form in the view (one's own prediction only), the record that replays, and bad settings
refused."""

from __future__ import annotations

import pytest
from api_client import BOT, auth, new_game
from fastapi.testclient import TestClient

from puur.match.game import Game


def test_differenzler_and_coiffeur_through_the_game_api(client: TestClient) -> None:
    gid, tokens = new_game(client, form="differenzler", rounds=1, form_settings={"contract": "rotate"})
    h = auth(tokens["0"])
    view = client.get(f"/api/v1/games/{gid}", headers=h).json()
    while view["status"] != "over":
        legal = view["legal_actions"]
        action = "predict:35" if view["phase"] == "predict" else legal[0]
        r = client.post(f"/api/v1/games/{gid}/actions", json={"action": action}, headers=h)
        assert r.status_code == 200, r.text
        view = r.json()
        if view["status"] != "over":
            assert view["form"]["own_prediction"] == 35 and view["contract"] == "C"
    assert view["form"]["sheet"]["rounds"][0]["predicted"][0] == 35
    record = client.get(f"/api/v1/games/{gid}/record", headers=h).json()
    assert record["form"] == {"form": "differenzler", "rounds": 1, "contract": "rotate", "match_bonus": True,
                              "predictions": "open", "weis_stoeck": False}
    assert Game.from_record(record).result() == view["result"]

    gid, tokens = new_game(client, form="coiffeur", columns=8)
    h = auth(tokens["0"])
    view = client.get(f"/api/v1/games/{gid}", headers=h).json()
    while not (view["to_act"] == 0 and view["phase"] == "contract"):
        r = client.post(f"/api/v1/games/{gid}/actions", json={"action": view["legal_actions"][0]}, headers=h)
        view = r.json()
    bad = client.post(f"/api/v1/games/{gid}/actions", json={"action": "H"}, headers=h)
    assert bad.status_code in (409, 422) and "column" in bad.text
    ok = client.post(f"/api/v1/games/{gid}/actions", json={"action": "column:joker2=O"}, headers=h)
    assert ok.status_code == 200 and ok.json()["form"]["current"] == {"team": 0, "column": "joker2", "contract": "O"}
    for body in ({"form": "coiffeur", "columns": 9}, {"form": "differenzler", "rounds": 0}, {"form": "coiffeur", "rounds": 4},
                 {"form": "differenzler", "form_settings": {"contract": "dealer"}}):
        r = client.post("/api/v1/games", json={"seats": ["human", BOT, BOT, BOT], **body})
        assert r.status_code == 422, (body, r.text)


@pytest.mark.parametrize("predictions", ["covered", "open"])
def test_live_events_show_another_players_prediction_as_the_table_plays_them(
    client: TestClient, predictions: str
) -> None:
    """Covered predictions: another seat's live event says only that it predicted; open ones (page 28's
    "announced prediction", the default) carry the number, and the view lists it (``announced``)."""
    for seed in range(1, 20):  # a deal whose forehand is not seat 1, so computers predict after seat 0
        gid, tokens = new_game(client, form="differenzler", rounds=1, seed=seed,
                               form_settings={"predictions": predictions})
        view = client.get(f"/api/v1/games/{gid}", headers=auth(tokens["0"])).json()
        if view["forehand"] != 1:
            break
    t = tokens["0"]
    with client.websocket_connect(f"/api/v1/games/{gid}/live?pace=0") as ws:
        ws.send_json({"token": t})
        assert ws.receive_json()["type"] == "hello"
        client.post(f"/api/v1/games/{gid}/actions", json={"action": "predict:44"}, headers=auth(t))
        seen = []
        while True:
            msg = ws.receive_json()
            if msg["type"] != "event":
                continue
            seen.append((msg["seat"], msg["action"]))
            if msg["view"]["phase"] == "play" and msg["view"]["to_act"] == 0 or msg["view"]["status"] == "over":
                break
    assert (0, "predict:44") in seen
    others = [a for s, a in seen if s != 0 and a.startswith("predict")]
    if predictions == "covered":
        assert others and all(a == "predict" for a in others)
        assert msg["view"]["form"]["announced"] is None
    else:
        assert others and all(a.startswith("predict:") for a in others)
        announced = msg["view"]["form"]["announced"]
        assert announced[0] == 44
        assert all(int(a[len("predict:"):]) == announced[s] for s, a in seen if s != 0 and a.startswith("predict"))
