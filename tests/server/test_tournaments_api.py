"""Duplicate tournaments through the API (docs/tournaments.md): two tables over two deals played to the end, the
duplicate standings, the record and its verification, bad input."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from api_client import BOT, auth, play_to_end
from fastapi.testclient import TestClient

from puur.cli import main
from puur.match.fairness import seed_commitment

TABLES = [["invite", BOT, BOT, BOT], [BOT, "invite", BOT, BOT]]


def _player(c: TestClient, name: str) -> dict[str, str]:
    r = c.post("/api/v1/players/me", json={"name": name})
    assert r.status_code == 201, r.text
    return {"Authorization": f"Player {r.json()['key']}"}


def _create(c: TestClient, key: dict[str, str], **extra: Any) -> dict[str, Any]:
    body = {"name": "Jassabend", "tables": 2, "deals": 2, "profile": "schieber", "seats": TABLES, **extra}
    r = c.post("/api/v1/tournaments", json=body, headers=key)
    assert r.status_code == 201, r.text
    return dict(r.json())


@pytest.fixture(scope="module")
def played(module_client: TestClient) -> dict[str, Any]:
    """A tournament of two tables over two deals, a person at each table (the rest computers), played to the end."""
    c = module_client
    host, vreni = _player(c, "Host"), _player(c, "Vreni")
    t = _create(c, host)
    tid = t["id"]
    before = c.get(f"/api/v1/tournaments/{tid}").json()
    seat0 = c.post(f"/api/v1/tournaments/{tid}/join", json={"table": 0, "seat": 0, "name": "Hans"}, headers=host)
    assert seat0.status_code == 201, seat0.text
    seat1 = c.post(f"/api/v1/tournaments/{tid}/join", json={"table": 1, "seat": 1, "name": "Vreni"}, headers=vreni)
    assert seat1.status_code == 201, seat1.text
    early_record = c.get(f"/api/v1/tournaments/{tid}/record")
    play_to_end(c, seat0.json()["game_id"], {0: seat0.json()["token"]})
    middle = c.get(f"/api/v1/tournaments/{tid}").json()  # one table done, the other not started
    play_to_end(c, seat1.json()["game_id"], {1: seat1.json()["token"]})
    return {"id": tid, "created": t, "before": before, "middle": middle, "early_record": early_record,
            "after": c.get(f"/api/v1/tournaments/{tid}").json(), "record": c.get(f"/api/v1/tournaments/{tid}/record"),
            "seats": [seat0.json(), seat1.json()], "host": host, "vreni": vreni}


def test_the_seeds_are_committed_at_creation_and_shown_at_the_end(played: dict[str, Any]) -> None:
    created = played["created"]
    assert len(created["commitments"]) == 2 and created["seeds"] is None and created["host_token"]
    assert played["before"]["seeds"] is None and played["middle"]["seeds"] is None
    assert played["early_record"].status_code == 409  # the record (and its seeds) wait for the last table
    after = played["after"]
    assert after["over"] and after["commitments"] == created["commitments"]
    for deal in after["seeds"]:
        assert seed_commitment(int(deal["seed"]), deal["salt"]) == deal["commitment"]


def test_every_table_plays_the_same_deals_the_second_turned_by_one_seat(played: dict[str, Any]) -> None:
    record = played["record"].json()
    a, b = (t["record"] for t in record["tables"])
    for ra, rb in zip(a["rounds"], b["rounds"], strict=True):
        assert rb["deal"] == [ra["deal"][(s + 1) % 4] for s in range(4)]
    assert len(a["rounds"]) == len(b["rounds"]) == 2


def test_a_tournament_table_has_no_rematch(played: dict[str, Any], module_client: TestClient) -> None:
    seat = played["seats"][0]
    r = module_client.post(f"/api/v1/games/{seat['game_id']}/rematch", headers=auth(seat["token"]))
    assert r.status_code == 409 and "tournament" in r.json()["detail"]


def test_the_standings_are_the_duplicate_differences_computed_by_hand(played: dict[str, Any]) -> None:
    record = played["record"].json()
    wa = [r["result"]["written"] for r in record["tables"][0]["record"]["rounds"]]
    wb = [r["result"]["written"] for r in record["tables"][1]["record"]["rounds"]]
    # team 0 at table 0 held the cards of team 1 at table 1, deal by deal
    expected = {(0, 0): sum(wa[k][0] - wb[k][1] for k in range(2)),
                (1, 1): sum(wb[k][1] - wa[k][0] for k in range(2)),
                (0, 1): sum(wa[k][1] - wb[k][0] for k in range(2)),
                (1, 0): sum(wb[k][0] - wa[k][1] for k in range(2))}
    rows = played["after"]["standings"]
    assert {(r["table"], r["team"]): r["score"] for r in rows} == expected
    assert [r["score"] for r in rows] == sorted(expected.values(), reverse=True)
    hans = next(r for r in rows if (r["table"], r["team"]) == (0, 0))
    assert hans["names"][0] == "Hans" and hans["deals"] == 2
    assert record["standings"] == rows
    # the live standings before the second table played compared nothing yet
    assert all(r["deals"] == 0 for r in played["middle"]["standings"])


def test_the_record_verifies_and_a_changed_record_does_not(played: dict[str, Any], tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    record = played["record"].json()
    path = tmp_path / "t.json"
    path.write_text(json.dumps(record))
    assert main(["tournament", "verify", str(path)]) == 0
    assert "holds" in capsys.readouterr().out
    changes = {
        "standings": lambda r: r["standings"][0].update(score=r["standings"][0]["score"] + 1),
        "commitment": lambda r: r["deals"][0].update(seed=str(int(r["deals"][0]["seed"]) + 1)),
        "plan": lambda r: r["tables"][1]["record"]["deal_plan"].update(turn=0),
        "table": lambda r: r["tables"][0]["record"]["rounds"][0]["result"]["written"].__setitem__(0, 1000),
    }
    for reason, change in changes.items():
        bad = copy.deepcopy(record)
        change(bad)
        path.write_text(json.dumps(bad))
        assert main(["tournament", "verify", "--json", str(path)]) == 1
        assert json.loads(capsys.readouterr().out)["reason"] == reason


def test_a_seat_is_taken_once_and_a_player_holds_one_seat(played: dict[str, Any], module_client: TestClient) -> None:
    c = module_client
    t = _create(c, played["host"], seats=[["invite", BOT, "invite", BOT], ["invite", BOT, BOT, BOT]])
    url = f"/api/v1/tournaments/{t['id']}/join"
    assert c.post(url, json={"table": 0, "seat": 0, "name": "Vreni"}, headers=played["vreni"]).status_code == 201
    again = c.post(url, json={"table": 0, "seat": 2, "name": "Vreni"}, headers=played["vreni"])
    assert again.status_code == 409 and "already" in again.json()["detail"]
    taken = c.post(url, json={"table": 0, "seat": 0, "name": "Hans"}, headers=played["host"])
    assert taken.status_code == 409
    computer = c.post(url, json={"table": 0, "seat": 1, "name": "Hans"}, headers=played["host"])
    assert computer.status_code == 409
    assert c.post(url, json={"table": 5, "seat": 0, "name": "Hans"}, headers=played["host"]).status_code == 422
    assert c.post(url, json={"table": 0, "seat": 2, "name": "Hans"}).status_code == 401
    view = c.get(f"/api/v1/tournaments/{t['id']}").json()
    assert [s["kind"] for s in view["tables"][0]["seats"]] == ["person", "computer", "invite", "computer"]


def test_the_host_sees_the_invite_links_and_nobody_else(played: dict[str, Any], module_client: TestClient) -> None:
    c = module_client
    t = _create(c, played["host"])
    url = f"/api/v1/tournaments/{t['id']}/invites"
    by_key = c.get(url, headers=played["host"])
    by_token = c.get(url, headers={"X-Puur-Host": t["host_token"]})
    assert by_key.status_code == by_token.status_code == 200 and by_key.json() == by_token.json()
    invites = by_key.json()["invites"]
    assert [(i["table"], i["seat"]) for i in invites] == [(0, 0), (1, 1)]
    assert c.get(url, headers=played["vreni"]).status_code == 403
    assert c.get(url, headers={"X-Puur-Host": "nope"}).status_code == 403
    # an invite link takes its seat at the table as any online table's
    joined = c.post(f"/api/v1/games/{invites[1]['game_id']}/join", json={"code": invites[1]["code"], "name": "Ueli"})
    assert joined.status_code == 201 and joined.json()["seat"] == 1
    view = c.get(f"/api/v1/games/{invites[1]['game_id']}", headers=auth(joined.json()["token"])).json()
    assert "deal_plan" not in json.dumps(view)  # the seeds stay secret at the table


def test_a_tournament_table_says_how_many_deals_it_plays_instead_of_a_target(played: dict[str, Any],
                                                                             module_client: TestClient) -> None:
    """A table of the tournament ends when its deals are played, whatever the target: its score sheet says how
    many (the table shows "Deal 1 of 2"); a match played to its target has none."""
    seat = played["seats"][0]
    sheet = module_client.get(f"/api/v1/games/{seat['game_id']}", headers=auth(seat["token"])).json()["sheet"]
    assert sheet["deals"] == 2 == len(sheet["rounds"])
    made = module_client.post("/api/v1/games", json={"seats": ["human", "random", "random", "random"]}).json()
    plain = module_client.get(f"/api/v1/games/{made['game_id']}", headers=auth(made["tokens"]["0"])).json()["sheet"]
    assert plain["deals"] is None and plain["target"] == 2500  # the Schieber preset's target


def test_the_list_names_the_newest(played: dict[str, Any], module_client: TestClient) -> None:
    listed = module_client.get("/api/v1/tournaments").json()["tournaments"]
    assert played["id"] in [t["id"] for t in listed]
    assert listed == sorted(listed, key=lambda t: -t["created"])


@pytest.mark.parametrize("change, status", [
    ({"tables": 1}, 422), ({"tables": 17}, 422), ({"deals": 0}, 422), ({"deals": 13}, 422),
    ({"seats": [["invite", BOT, BOT, BOT]]}, 422), ({"seats": [["invite", BOT, BOT], ["invite", BOT, BOT, BOT]]}, 422),
    ({"seats": [[BOT] * 4, ["invite", BOT, BOT, BOT]]}, 422), ({"seats": [["invite", "nobody", BOT, BOT]] * 2}, 422),
    ({"profile": {"preset": "schieber", "target": -5}}, 422), ({"form": "coiffeur"}, 422), ({"name": " "}, 422),
    ({"name": "x" * 61}, 422), ({"extra": 1}, 422),
])  # fmt: skip
def test_bad_input_is_refused_and_makes_nothing(module_client: TestClient, played: dict[str, Any],
                                                change: dict[str, Any], status: int) -> None:
    c = module_client
    before = len(c.get("/api/v1/tournaments").json()["tournaments"])
    body = {"name": "Bad", "tables": 2, "deals": 2, "seats": TABLES, **change}
    r = c.post("/api/v1/tournaments", json=body, headers=played["host"])
    assert r.status_code == status, r.text
    assert len(c.get("/api/v1/tournaments").json()["tournaments"]) == before


def test_no_player_key_no_tournament_and_unknown_ids(module_client: TestClient) -> None:
    c = module_client
    assert c.post("/api/v1/tournaments", json={"name": "x", "seats": TABLES}).status_code == 401
    assert c.get("/api/v1/tournaments/abcdef").status_code == 404
    assert c.get("/api/v1/tournaments/abcdef/record").status_code == 404
    assert c.get("/api/v1/tournaments/not-hex!").status_code == 404
    assert c.get("/api/v1/tournaments/" + "a" * 33).status_code == 422
    assert c.get("/tournaments/abcdef").status_code == 200  # the page says so itself


def test_the_live_feed_sends_the_tournament(played: dict[str, Any], module_client: TestClient) -> None:
    with module_client.stream("GET", f"/api/v1/tournaments/{played['id']}/live") as r:
        assert r.headers["content-type"].startswith("text/event-stream")
        first = next(line for line in r.iter_lines() if line.startswith("data: "))
    assert json.loads(first[6:])["standings"] == played["after"]["standings"]
