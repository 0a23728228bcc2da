"""Seats taken as remembered players, and their statistics: counted when a match ends, or sent from a device."""

from __future__ import annotations

import copy
import time
from typing import Any

from api_client import auth, play_to_end
from fastapi.testclient import TestClient
from players_helpers import as_player, make_player, place_rows

from puur.match.game import Game
from puur.server.place.stats import summarize
from puur.table.seats import seat_players

SHORT = {"preset": "schieber", "target": 100}
ALONE = ["human", "heuristic", "heuristic", "heuristic"]


def settings_of(c: TestClient, game_id: str) -> dict[str, Any]:
    return dict(c.app.state.game_hub.get(game_id).settings)  # type: ignore[attr-defined]


def new_table(c: TestClient, key: str | None, **body: Any) -> dict[str, Any]:
    r = c.post("/api/v1/games", headers=as_player(key) if key else {}, json={"seats": ALONE, "seed": 5, **body})
    assert r.status_code == 201, r.text
    return dict(r.json())


def test_the_creator_sits_as_their_player_under_their_name(client: TestClient) -> None:
    vreni, key = make_player(client)
    game = new_table(client, key)
    settings = settings_of(client, game["game_id"])
    assert seat_players(settings) == {0: vreni["id"]} and settings["names"][0] == "Vreni"
    named = new_table(client, key, names=["Vre", None, None, None])  # a name typed for the seat stays the seat's
    assert settings_of(client, named["game_id"])["names"][0] == "Vre"
    nobody = new_table(client, None)
    assert seat_players(settings_of(client, nobody["game_id"])) == {}
    r = client.post("/api/v1/games", headers=as_player(key + "x"), json={"seats": ALONE})
    assert r.status_code == 401  # a revoked key is nobody: refused, not silently someone else


def test_an_invited_friend_sits_as_their_player_and_the_rematch_keeps_both(client: TestClient) -> None:
    vreni, key = make_player(client)
    hans, hans_key = make_player(client, "Hans")
    r = client.post("/api/v1/games", headers={"X-Puur-Player": key},
                    json={"seats": ["human", "invite", "heuristic", "heuristic"], "profile": SHORT})
    assert r.status_code == 201, r.text
    game_id, host = r.json()["game_id"], r.json()["tokens"]["0"]
    code = r.json()["invites"]["1"]["code"]
    before = place_rows(client)
    assert client.post(f"/api/v1/games/{game_id}/join", headers=as_player(hans_key + "x"),
                       json={"code": code, "name": "Hans"}).status_code == 401
    assert place_rows(client) == before and seat_players(settings_of(client, game_id)) == {0: vreni["id"]}
    joined = client.post(f"/api/v1/games/{game_id}/join", headers=as_player(hans_key), json={"code": code, "name": "Hänsu"})
    assert joined.status_code == 201, joined.text
    assert seat_players(settings_of(client, game_id)) == {0: vreni["id"], 1: hans["id"]}
    play_to_end(client, game_id, {0: host, 1: joined.json()["token"]})
    for k in (key, hans_key):
        assert client.get("/api/v1/players/me/stats", headers=as_player(k)).json()["matches"] == 1
    again = client.post(f"/api/v1/games/{game_id}/rematch", headers=auth(host))
    assert again.status_code == 201, again.text
    assert seat_players(settings_of(client, again.json()["game_id"])) == {0: vreni["id"], 1: hans["id"]}


def test_a_finished_match_counts_once_for_its_player(client: TestClient) -> None:
    vreni, key = make_player(client)
    game = new_table(client, key, profile=SHORT)
    assert client.get("/api/v1/players/me/stats", headers=as_player(key)).json()["matches"] == 0
    play_to_end(client, game["game_id"], game["tokens"])
    record = client.get(f"/api/v1/games/{game['game_id']}/record", headers=auth(game["tokens"]["0"])).json()
    stats = client.get("/api/v1/players/me/stats", headers=as_player(key)).json()
    replayed = Game.from_record(record)
    rounds = record["rounds"]
    written = [e["result"] for e in rounds if "result" in e]
    assert stats["matches"] == 1 and stats["won"] == int(record["result"]["winner"] == 0)
    assert stats["rounds"] == len(written) and stats["points"] == sum(w["written"][0] for w in written)
    assert stats["points_per_round"] == round(stats["points"] / stats["rounds"], 1)
    complete = [w for w in written if w["complete"]]
    chosen = [w for w in complete if w["chooser"] == 0]
    assert sum(c["chosen"] for c in stats["contracts"].values()) == len(chosen)
    assert stats["forehand_rounds"] == sum(1 for w in complete if w["forehand"] == 0)
    assert stats["pushes"] == sum(1 for w in complete if w["forehand"] == 0 and w["pushed"])
    assert stats["cards_played"] == 9 * len(complete)
    assert stats["matches_made"] == sum(1 for w in complete if w["match"][0] > 0)
    assert stats["matches_suffered"] == sum(1 for w in complete if w["match"][1] > 0)
    assert stats["stoeck_written"] <= sum(1 for w in complete if w["stoeck"][0] > 0)
    assert stats == {**client.get(f"/api/v1/players/{vreni['id']}/stats").json()}  # public: the same counts
    assert summarize(replayed, 0).points == stats["points"]  # the one replay path gives what the table counted
    # the end seen again (a second worker, a later request) adds nothing
    from puur.server.http.player_stats import count_finished

    live = client.app.state.game_hub.get(game["game_id"])  # type: ignore[attr-defined]
    live.table.pop("counted", None)
    count_finished(client.app, live)
    assert client.get("/api/v1/players/me/stats", headers=as_player(key)).json()["matches"] == 1


def test_stats_of_nobody_are_refused(client: TestClient) -> None:
    assert client.get("/api/v1/players/me/stats").status_code == 401
    assert client.get("/api/v1/players/me/stats", headers=as_player("nope")).status_code == 401
    assert client.get("/api/v1/players/nobodyhere/stats").status_code == 404
    assert client.get("/api/v1/players/bad%20id/stats").status_code == 422
    assert client.get(f"/api/v1/players/{'x' * 33}/stats").status_code == 422


def test_the_best_card_rate_counts_the_rounds_the_review_made(client: TestClient) -> None:
    _, key = make_player(client)
    game = new_table(client, key, profile={"preset": "schieber", "target": 1500})  # round 1 cannot end it
    game_id, token = game["game_id"], game["tokens"]["0"]
    url = f"/api/v1/games/{game_id}"
    while (view := client.get(url, headers=auth(token)).json())["round_number"] == 1:  # play round 1
        assert client.post(f"{url}/actions", headers=auth(token), json={"action": view["legal_actions"][0]}).status_code == 200
    assert view["status"] != "over"
    deadline = time.monotonic() + 120
    while (r := client.get(f"{url}/rounds/1/review", headers=auth(token))).status_code == 202:
        assert time.monotonic() < deadline, "the review of round 1 took too long"
        time.sleep(0.2)
    review = r.json()["review"]
    play_to_end(client, game_id, game["tokens"])
    stats = client.get("/api/v1/players/me/stats", headers=as_player(key)).json()
    mine = [p for p in review["plays"] if p["seat"] == 0]
    assert stats["cards_reviewed"] == len(mine) == 9
    assert stats["best_cards"] == sum(1 for p in mine if p["cost"] == 0)
    assert stats["best_card_rate"] == round(stats["best_cards"] / 9, 3)


def finished_record(client: TestClient) -> dict[str, Any]:
    game = new_table(client, None, profile=SHORT)
    play_to_end(client, game["game_id"], game["tokens"])
    record = client.get(f"/api/v1/games/{game['game_id']}/record", headers=auth(game["tokens"]["0"])).json()
    record.pop("assist", None)  # the server's note beside the record, not the record
    return dict(record)


def test_a_device_match_counts_once_when_its_record_replays(client: TestClient) -> None:
    _, key = make_player(client)
    record = finished_record(client)
    sent = client.post("/api/v1/players/me/matches", headers=as_player(key), json={"record": record, "seat": 2})
    assert sent.status_code == 201, sent.text
    stats = client.get("/api/v1/players/me/stats", headers=as_player(key)).json()
    assert stats["matches"] == 1 and stats["recent"][0]["source"] == "device"
    assert stats["points"] == sum(e["result"]["written"][0] for e in record["rounds"] if "result" in e)  # seat 2: team 0
    before = place_rows(client)
    assert client.post("/api/v1/players/me/matches", headers=as_player(key),
                       json={"record": record, "seat": 2}).status_code == 409  # the same match once
    forged = copy.deepcopy(record)
    forged["scores"] = [forged["scores"][0] + 100, forged["scores"][1]]
    unfinished = Game("schieber", seed=4).record()
    for body, status in [
        ({"record": forged, "seat": 0}, 422), ({"record": unfinished, "seat": 0}, 422),
        ({"record": {"format": "other"}, "seat": 0}, 422), ({"record": record, "seat": 4}, 422),
        ({"record": record}, 422), ({"record": record, "seat": 0, "extra": 1}, 422),
        ({"record": {**record, "pad": "x" * 400_000}, "seat": 0}, 422),
    ]:
        r = client.post("/api/v1/players/me/matches", headers=as_player(key), json=body)
        assert r.status_code == status, (r.status_code, r.text[:200])
    assert client.post("/api/v1/players/me/matches", json={"record": record, "seat": 0}).status_code == 401
    assert place_rows(client) == before


def _played(form: str, **settings: Any) -> Game:
    game = Game("schieber", seed=3, form=form, form_settings=settings or None)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    return game


def test_a_contract_counts_as_chosen_only_where_a_seat_chose_it() -> None:
    """A Differenzler's turned-up trump is nobody's choice; its forehand rule and the Coiffeur's are."""
    turned_up = summarize(_played("differenzler"), 1)
    assert turned_up.contracts == {} and turned_up.form == "differenzler"
    named = _played("differenzler", contract="forehand")
    assert sum(c for c, _ in (summarize(named, s).contracts.get(k, [0, 0]) for s in range(4) for k in "CDHSOU")) == 4
    coiffeur = _played("coiffeur")
    chosen = sum(sum(c for c, _ in summarize(coiffeur, s).contracts.values()) for s in range(4))
    assert chosen == sum(1 for r in coiffeur.rounds if r.complete)
