"""Hint and undo in a game of one player against computers (``puur.server.http.assist``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from api_client import BOT, CARD, auth, new_game
from fastapi.testclient import TestClient

from puur.bots.mcts import Evaluation
from puur.core.cards import Card
from puur.match.game import Game
from puur.server.app import create_app
from puur.table.assist import best_of_list


def _view(c: TestClient, gid: str, token: str) -> dict[str, Any]:
    return c.get(f"/api/v1/games/{gid}", headers=auth(token)).json()


def _act(c: TestClient, gid: str, token: str, action: str) -> dict[str, Any]:
    r = c.post(f"/api/v1/games/{gid}/actions", headers=auth(token), json={"action": action})
    assert r.status_code == 200, r.text
    return r.json()


def _to_play(c: TestClient, gid: str, token: str) -> dict[str, Any]:
    """Act (the first legal action) until the seat is to play a card."""
    v = _view(c, gid, token)
    while v["phase"] != "play" or v["to_act"] != v["seat"]:
        v = _act(c, gid, token, v["legal_actions"][0])
    return v


def test_hint_is_a_legal_choice_with_values_and_is_counted(client: TestClient) -> None:
    gid, tokens = new_game(client, profile={"preset": "schieber", "target": 1000})
    v = _to_play(client, gid, tokens["0"])
    r = client.get(f"/api/v1/games/{gid}/hint", headers=auth(tokens["0"]))
    assert r.status_code == 200, r.text
    h = r.json()
    assert h["kind"] == "card" and CARD.match(h["action"]) and h["action"] in v["legal_actions"]
    assert h["seq"] == v["seq"] and h["hints"] == 1
    playable = [a for a in v["legal_actions"] if CARD.match(a)]
    if len(playable) > 1:  # valued by the search: the chosen card first, at most three, each a legal card
        assert h["reason"]["code"] in ("sampled", "solved") and h["reason"]["params"]["deals"] > 0
        assert 1 <= len(h["top"]) <= 3 and h["top"][0]["action"] == h["action"]
        assert all(t["action"] in playable and t["samples"] > 0 for t in h["top"])
        points = [t["points"] for t in h["top"]]
        assert points == sorted(points, reverse=True)  # best first: the suggestion is the best of its own list
    assert h["heuristic"] in v["legal_actions"]
    # what the card does at the table, from the seat's own view (puur.bots.explain)
    leading = not v["trick"]
    codes = ("lead_trump", "lead_master", "lead_low", "lead_high") if leading else (
        "take_trick", "go_ahead", "smear", "partner_holds", "give_least", "give")
    assert h["play"]["code"] in codes and h["play"]["params"]["card"] == h["action"]
    # the view is unchanged: a hint plays nothing
    assert _view(client, gid, tokens["0"]) == v


def test_the_hint_suggests_the_best_of_its_own_list() -> None:
    """The search picked the seven of hearts (valued longest), but valued the ace higher on fewer deals before
    it stopped valuing it: the hint names the ace, and lists the choices best first, so it never says one
    card and values another higher."""
    h7, ha, s6 = (Card.parse(c) for c in ("H7", "HA", "S6"))
    searched = Evaluation(h7, [(h7, 12.0, 240), (s6, -3.5, 60), (ha, 15.5, 120)], False)
    hint = best_of_list(searched)
    assert hint.action == ha and [v[0] for v in hint.values] == [ha, h7, s6]
    assert best_of_list(Evaluation(h7, [], False)).action == h7  # a single card: nothing was valued


def test_hint_and_undo_refused_outside_one_player_games(client: TestClient) -> None:
    gid, tokens = new_game(client, ["human", BOT, "human", BOT])
    for seat in ("0", "2"):
        assert client.get(f"/api/v1/games/{gid}/hint", headers=auth(tokens[seat])).status_code == 409
        r = client.post(f"/api/v1/games/{gid}/undo", headers=auth(tokens[seat]))
        assert r.status_code == 409 and "against computers" in r.json()["detail"]
    gid1, tokens1 = new_game(client)
    assert client.get(f"/api/v1/games/{gid1}/hint", headers=auth(tokens["0"])).status_code == 403
    assert client.post(f"/api/v1/games/{gid1}/undo").status_code == 401


def test_undo_takes_back_the_last_card_and_is_counted_across_a_restart(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite3")
    first = TestClient(create_app(db_path=db))
    gid, tokens = new_game(first, profile={"preset": "schieber", "target": 1000})
    t = tokens["0"]
    url = f"/api/v1/games/{gid}"
    before = _to_play(first, gid, t)
    card = next(a for a in before["legal_actions"] if CARD.match(a))
    with first.websocket_connect(f"{url}/live?pace=0") as ws:
        ws.send_json({"token": t})
        assert ws.receive_json()["type"] == "hello"
        after = _act(first, gid, t, card)
        assert after["seq"] > before["seq"]
        r = first.post(f"{url}/undo", headers=auth(t))
        assert r.status_code == 200, r.text
        assert r.json() == before  # the state before the card, exactly
        msg = ws.receive_json()
        while msg["type"] == "event":
            msg = ws.receive_json()
        assert msg["type"] == "undo" and msg["seq"] == before["seq"] and msg["view"] == before
    # the store dropped the undone actions: a restarted server replays to the same state
    second = TestClient(create_app(db_path=db))
    assert _view(second, gid, t) == before
    # the same card again brings the same answers (the computers' seeds follow the action's number)
    assert _act(second, gid, t, card) == after
    v = after
    while v["status"] == "playing":
        v = _act(second, gid, t, v["legal_actions"][0])
    rec = second.get(f"{url}/record", headers=auth(t)).json()
    assert rec["assist"] == {"hints": [0, 0, 0, 0], "undos": [1, 0, 0, 0]}
    assert Game.from_record(rec).scores == v["scores"]
    r = second.post(f"{url}/undo", headers=auth(t))
    assert r.status_code == 409 and "over" in r.json()["detail"]


def test_undo_without_a_card_in_the_round_is_409_and_changes_nothing(client: TestClient) -> None:
    gid, tokens = new_game(client)
    t = tokens["0"]
    v = _view(client, gid, t)
    played = [s for s, _ in v.get("trick", [])] if v["phase"] == "play" else []
    assert 0 not in played and not v["tricks"]  # round 1, the player's first decision
    r = client.post(f"/api/v1/games/{gid}/undo", headers=auth(t))
    assert r.status_code == 409 and "nothing to undo" in r.json()["detail"]
    assert _view(client, gid, t) == v


def test_hint_count_survives_a_restart_and_is_in_the_record(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite3")
    first = TestClient(create_app(db_path=db))
    gid, tokens = new_game(first, profile={"preset": "schieber", "target": 1000})
    t = tokens["0"]
    v = _view(first, gid, t)
    assert first.get(f"/api/v1/games/{gid}/hint", headers=auth(t)).json()["hints"] == 1
    second = TestClient(create_app(db_path=db))
    while v["status"] == "playing":
        v = _act(second, gid, t, v["legal_actions"][0])
    rec = second.get(f"/api/v1/games/{gid}/record", headers=auth(t)).json()
    assert rec["assist"] == {"hints": [1, 0, 0, 0], "undos": [0, 0, 0, 0]}
    assert second.get(f"/api/v1/games/{gid}/hint", headers=auth(t)).status_code == 409  # over
