"""HTTP endpoints /api/v1/tools/* (stateless, 422 with the field and reason) and the /tools pages."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient


def loc(r) -> list:  # type: ignore[no-untyped-def]
    assert r.status_code == 422, r.text
    return r.json()["detail"][0]["loc"]


def test_jasstafel_write_and_crossing(module_client: TestClient) -> None:
    body = {"target": 1000, "multipliers": "common",
            "rounds": [{"contract": "D", "card_points": [100, 57], "weis": [50, 0], "stoeck": [20, 0]}]}
    d = module_client.post("/api/v1/tools/jasstafel", json=body).json()
    assert d["totals"] == [340, 114] and d["rounds"][0]["factor"] == 2 and not d["finished"]
    assert d["marks"][0]["value"] == 340 and d["marks"][0]["hundreds"] == 3
    d = module_client.post("/api/v1/tools/jasstafel", json={**body, "write": {"contract": "U", "card_points": [157, 0]}}).json()
    assert d["totals"] == [968, 114] and not d["finished"]
    body["rounds"].append({"contract": "U", "card_points": [157, 0]})
    d = module_client.post("/api/v1/tools/jasstafel", json={**body, "write": {"contract": "C", "card_points": [20, 137], "weis": [50, 0]}}).json()
    assert d["finished"] and d["winner_name"] == "We" and d["block"] == "weis"
    body["rounds"].append({"contract": "C", "card_points": [20, 137], "weis": [50, 0]})
    r = module_client.post("/api/v1/tools/jasstafel", json={**body, "write": {"contract": "C", "card_points": [57, 100]}})
    assert loc(r) == ["body", "write"] and "game is over" in r.json()["detail"][0]["msg"]
    body["rounds"].append({"contract": "C", "card_points": [57, 100]})
    assert loc(module_client.post("/api/v1/tools/jasstafel", json=body)) == ["body", "rounds", 3]


def test_jasstafel_check_styles_and_profile(module_client: TestClient) -> None:
    d = module_client.post("/api/v1/tools/jasstafel", json={"check": {"contract": "O", "card_points": [100, 50], "stoeck": [20, 0]}}).json()
    assert len(d["check_warnings"]) == 2 and d["rounds"] == []
    rounds = [{"contract": "C", "card_points": [157, 0]}, {"contract": "C", "card_points": [157, 0]}]
    d = module_client.post("/api/v1/tools/jasstafel", json={"style": "cumulative", "rounds": rounds}).json()
    assert d["marks"][0]["fifties"] == 2 and d["marks"][0]["value"] == 314
    d = module_client.post("/api/v1/tools/jasstafel", json={"profile": "jasvel", "multipliers": "ascending"}).json()
    assert d["block_order"] == ["weis", "stoeck", "tricks"] and d["factors"]["U"] == 6
    assert d["multipliers_label"] == "Ascending 1–6"


def test_jasstafel_tricks_tie_by_profile(module_client: TestClient) -> None:
    # 312/316 then 624/632 at target 600: both cross in the tricks block (RULES §12.3, §14)
    rounds = [{"contract": "U", "card_points": [78, 79]}] * 2
    d = module_client.post("/api/v1/tools/jasstafel", json={"target": 600, "rounds": rounds}).json()
    assert (d["profile"], d["trick_block_tie"]) == ("schieber", "trick_by_trick")
    assert d["finished"] and d["tie"] and d["winner"] is None and "got there first" in d["message"]
    first = [rounds[0], {**rounds[1], "first_in_tricks": 0}]
    d = module_client.post("/api/v1/tools/jasstafel", json={"target": 600, "rounds": first}).json()
    assert (d["winner_name"], d["block"], d["tie"]) == ("We", "tricks", False)
    assert d["rounds"][1]["first_in_tricks"] == 0
    d = module_client.post("/api/v1/tools/jasstafel", json={"profile": "jasvel", "target": 600, "rounds": rounds}).json()
    assert (d["trick_block_tie"], d["winner_name"], d["tie"]) == ("higher_total", "They", False)
    bad = {"target": 600, "rounds": [{**rounds[0], "first_in_tricks": 2}]}
    assert loc(module_client.post("/api/v1/tools/jasstafel", json=bad)) == ["body", "rounds", 0, "first_in_tricks"]


@pytest.mark.parametrize(
    "body, where",
    [
        ({"rounds": [{"contract": "Z", "card_points": [1, 2]}]}, ["body", "rounds", 0, "contract"]),
        ({"rounds": [{"contract": "C", "card_points": [1]}]}, ["body", "rounds", 0, "card_points"]),
        ({"multipliers": "weird"}, ["body", "multipliers"]),
        ({"profile": "nope"}, ["body", "profile"]),
        ({"style": "zigzag"}, ["body", "style"]),
        ({"target": 0}, ["body", "target"]),
        ({"write": {"contract": "C", "card_points": ["a", 1]}}, ["body", "write", "card_points", 0]),
    ],
)
def test_jasstafel_422(module_client: TestClient, body: dict, where: list) -> None:
    assert loc(module_client.post("/api/v1/tools/jasstafel", json=body)) == where


def test_chalk(module_client: TestClient) -> None:
    d = module_client.post("/api/v1/tools/chalk", json={"values": [2735, -40]}).json()
    assert (d[0]["x"], d[0]["v"], d[0]["hundreds"], d[0]["twenties"], d[0]["remainder"]) == (2, 1, 2, 1, 15)
    assert d[1]["remainder"] == -40


def test_weis_endpoint(module_client: TestClient) -> None:
    body = {"profile": "jasvel", "contract": "H",
            "seats": [{"hand": ["C9", "D9", "H9", "S9", "C7", "C8", "C10", "CJ"]}, None, None, None],
            "compare": {"points": 150, "cards": 4}}
    d = module_client.post("/api/v1/tools/weis", json=body).json()
    # the run C7-CJ and the four 9s share C9: only the four 9s are written (RULES.md §9.3, J17, J25)
    assert d["seats"][0]["total"] == 150 and d["seats"][0]["best"]["points"] == 150
    assert d["written"] == [150, 0] and d["compare"]["result"] == "undecided"
    d = module_client.post("/api/v1/tools/weis", json={"contract": "O", "seats": [{"melds": [["H10", "HJ", "HQ", "HK"]]}, {"melds": [["C10", "CJ", "CQ", "CK"]]}]}).json()
    assert d["winner_seat"] == 0 and d["steps"][-1]["step"] == "seat"
    r = module_client.post("/api/v1/tools/weis", json={"seats": [{"hand": ["CA", "CA"]}]})
    assert loc(r) == ["body", "seats", 0, "hand", 1]
    r = module_client.post("/api/v1/tools/weis", json={"seats": [{"melds": [["C6", "C8", "C9"]]}]})
    assert loc(r) == ["body", "seats", 0, "melds", 0]
    assert loc(module_client.post("/api/v1/tools/weis", json={"forehand": 7})) == ["body", "forehand"]


def test_weis_compare_is_the_whole_team(module_client: TestClient) -> None:
    """"Compare with the other team" holds their meld against the better of seats 1 and 3 (TOOLS.md §4.2)."""
    team = {"contract": "C", "seats": [{"hand": ["D6"]}, None, {"hand": ["S10", "SJ", "SQ", "SK", "SA"]}, None]}
    d = module_client.post("/api/v1/tools/weis", json={**team, "compare": {"points": 50, "cards": 4}}).json()
    assert d["written"] == [100, 0]
    assert d["compare"]["result"] == "yours" and d["compare"]["params"] == {"mine": 100, "theirs": 50}
    both = {"contract": "C", "seats": [{"hand": ["H6", "H7", "H8", "H9"]}, None, {"hand": ["S10", "SJ", "SQ"]}, None]}
    d = module_client.post("/api/v1/tools/weis", json={**both, "compare": {"points": 100, "cards": 5}}).json()
    assert d["compare"]["params"] == {"mine": 50, "theirs": 100}  # seat 1's 50 is the team's best, not seat 3's 20
    # the other team's seats (2 and 4) are not "yours", even with a better meld
    theirs = {"contract": "C", "seats": [{"hand": ["H6", "H7", "H8"]}, {"hand": ["CJ", "DJ", "HJ", "SJ"]}, None, None]}
    d = module_client.post("/api/v1/tools/weis", json={**theirs, "compare": {"points": 50, "cards": 4}}).json()
    assert d["compare"]["params"] == {"mine": 20, "theirs": 50}


@pytest.mark.parametrize(("points", "cards"), [(130, 2), (20, 5), (50, 3), (0, 4), (150, 5)])
def test_weis_compare_refuses_a_meld_no_one_can_hold(module_client: TestClient, points: int, cards: int) -> None:
    body = {"contract": "C", "seats": [{"hand": ["H6", "H7", "H8"]}], "compare": {"points": points, "cards": cards}}
    r = module_client.post("/api/v1/tools/weis", json=body)
    assert r.status_code == 422 and loc(r) == ["body", "compare", "points"]
    assert r.json()["detail"][0]["ctx"] == {"code": "no_such_meld", "points": points, "cards": cards}
    assert f"no meld of {cards} cards is worth {points} points" in r.json()["detail"][0]["msg"]


def test_trick_endpoint(module_client: TestClient) -> None:
    d = module_client.post("/api/v1/tools/trick", json={"contract": "schellen", "cards": ["HA", "D7", "D9", "DJ"]}).json()
    assert (d["winner_seat"], d["winner_label"], d["worth"]) == (3, "Seat 4", 45)
    d = module_client.post("/api/v1/tools/trick", json={}).json()
    assert (d["winner_label"], d["worth"]) == ("—", 0)
    d = module_client.post("/api/v1/tools/trick", json={"contract": "O", "cards": ["HA", "C7"], "hands": [["HA"], ["H6", "C7"]]}).json()
    assert d["plays"][1]["legal"] is False and "follow" in d["plays"][1]["illegal_reason"]
    assert loc(module_client.post("/api/v1/tools/trick", json={"cards": ["HA", "HA"]})) == ["body", "cards", 1]
    assert loc(module_client.post("/api/v1/tools/trick", json={"contract": "Q"})) == ["body", "contract"]


def test_coiffeur_endpoint(module_client: TestClient) -> None:
    d = module_client.post("/api/v1/tools/coiffeur", json={"boxes": [[12, 12, None, None, None, None, None, 25], []], "points": 129, "points_column": 1}).json()
    assert d["totals"] == [236, 0] and d["box_from_points"] == 12 and not d["complete"]
    d = module_client.post("/api/v1/tools/coiffeur", json={"method": "B", "points": 129, "points_column": 1}).json()
    assert d["box_from_points"] == 25
    d = module_client.post("/api/v1/tools/coiffeur", json={"sheet": "10"}).json()
    assert len(d["columns"]) == 10 and d["columns"][8]["factor"] is None
    r = module_client.post("/api/v1/tools/coiffeur", json={"sheet": "10", "boxes": [[None] * 8 + [3], []]})
    assert loc(r) == ["body", "columns", 8, "factor"]
    d = module_client.post("/api/v1/tools/coiffeur", json={"sheet": "10", "factors": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], "boxes": [[None] * 8 + [3], []]}).json()
    assert d["totals"] == [27, 0]
    assert loc(module_client.post("/api/v1/tools/coiffeur", json={"boxes": [[-2], []]})) == ["body", "boxes", 0, 0]
    assert loc(module_client.post("/api/v1/tools/coiffeur", json={"sheet": "7"})) == ["body", "sheet"]
    # a joker row longer than the sheet: refused like a box row, never a server error (found by the fuzz)
    r = module_client.post("/api/v1/tools/coiffeur", json={"columns": [{"kind": "joker"}], "jokers": [[], [None, "GUU"]]})
    assert r.status_code == 422 and loc(r) == ["body", "jokers", 1], r.text


def test_differenzler_threshold_through_the_endpoint(module_client: TestClient) -> None:
    rounds = [{"predicted": [0, 40, 40, 40], "actual": [20, 40, 40, 37]}]
    d = module_client.post("/api/v1/tools/differenzler", json={"rounds": rounds, "threshold": 20}).json()
    assert d["finished"] and d["ended_by"] == "threshold" and d["threshold"] == 20 and d["leaders"] == [1, 2]
    r = module_client.post("/api/v1/tools/differenzler", json={"rounds": rounds, "threshold": 20, "add": rounds[0]})
    assert r.status_code == 422 and r.json()["detail"][0]["ctx"] == {"code": "threshold_over", "rounds": 1, "threshold": 20}
    r = module_client.post("/api/v1/tools/differenzler", json={"rounds": rounds * 2, "threshold": 20})
    assert loc(r) == ["body", "rounds", 1] and r.json()["detail"][0]["ctx"]["code"] == "threshold_passed"
    assert loc(module_client.post("/api/v1/tools/differenzler", json={"threshold": 0})) == ["body", "threshold"]
    d = module_client.post("/api/v1/tools/differenzler", json={"rounds": rounds}).json()
    assert d["threshold"] is None and d["ended_by"] is None


def test_differenzler_weis_and_stoeck_through_the_endpoint(module_client: TestClient) -> None:
    r = {"predicted": [40, 40, 40, 37], "actual": [40, 40, 40, 37], "weis": [50, 0, 0, 0], "stoeck": [0, 20, 0, 0]}
    d = module_client.post("/api/v1/tools/differenzler", json={"rounds": [r], "weis_stoeck": True}).json()
    assert d["rounds"][0]["taken"] == [90, 60, 40, 37] and d["totals"] == [50, 20, 0, 0] and d["weis_stoeck"]
    bad = module_client.post("/api/v1/tools/differenzler", json={"rounds": [r]})
    assert loc(bad) == ["body", "rounds", 0] and bad.json()["detail"][0]["ctx"] == {"code": "weis_stoeck_off"}
    bad = module_client.post("/api/v1/tools/differenzler", json={"rounds": [{**r, "stoeck": [20, 20, 0, 0]}], "weis_stoeck": True})
    assert loc(bad) == ["body", "rounds", 0, "stoeck"]
    assert loc(module_client.post("/api/v1/tools/differenzler", json={"rounds": [{**r, "stoeck": [0, 10, 0, 0]}],
                                                              "weis_stoeck": True})) == ["body", "rounds", 0, "stoeck", 1]  # fmt: skip


def test_differenzler_endpoint(module_client: TestClient) -> None:
    body = {"rounds": [{"predicted": [40, 30, 57, 30], "actual": [45, 30, 50, 32]}],
            "add": {"predicted": [20, 60, 40, 37], "actual": [25, 40, 52, 40]}}
    d = module_client.post("/api/v1/tools/differenzler", json=body).json()
    assert d["totals"] == [10, 20, 19, 5] and d["leaders"] == [3]
    d = module_client.post("/api/v1/tools/differenzler", json={"estimate_hand": ["HJ", "H9", "CA", "C10"], "estimate_contract": "H"}).json()
    assert d["estimate"] == 89
    r = module_client.post("/api/v1/tools/differenzler", json={"add": {"predicted": [1, 2, 3, -1], "actual": [1, 2, 3, 4]}})
    assert loc(r) == ["body", "add", "predicted", 3]
    r = module_client.post("/api/v1/tools/differenzler", json={"add": {"predicted": [1, 2, 3], "actual": [1, 2, 3, 4]}})
    assert r.status_code == 422


def test_pages_served(module_client: TestClient) -> None:
    for path in ("/tools/", "/tools/jasstafel", "/tools/weis", "/tools/trick", "/tools/coiffeur", "/tools/differenzler"):
        r = module_client.get(path)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
        assert "/tools/assets/tools.js" in r.text
    for name in ("tools.css", "tools.js", "chalk.js"):
        assert module_client.get(f"/tools/assets/{name}").status_code == 200
    assert module_client.get("/tools/nope").status_code == 404
    assert module_client.get("/tools/assets/../app.py").status_code == 404


def test_pages_use_no_cdn() -> None:
    static = Path(__file__).resolve().parents[2] / "puur" / "server" / "static" / "tools"
    for f in static.iterdir():
        text = f.read_text()
        assert "http://" not in text.replace("http://www.w3.org/2000/svg", "") and "https://" not in text, f.name


def test_warnings_reasons_and_refusals_carry_codes_for_the_pages(module_client: TestClient) -> None:
    """Each English message has a code and params beside it, so a page words it in its language."""
    d = module_client.post("/api/v1/tools/jasstafel", json={"check": {"contract": "O", "card_points": [100, 50], "stoeck": [20, 0]}}).json()
    assert [(n["code"], n["params"]) for n in d["check_notices"]] == [
        ("card_sum", {"total": 150, "full": 157, "match": 257}), ("stoeck_no_trump", {"contract": "O"})
    ]
    assert [n["text"] for n in d["check_notices"]] == d["check_warnings"]
    d = module_client.post("/api/v1/tools/jasstafel", json={"rounds": [{"contract": "C", "card_points": [157, 0], "stoeck": [10, 0]}]}).json()
    assert d["rounds"][0]["notices"][0]["code"] == "stoeck_value" and d["rounds"][0]["notices"][0]["params"]["team"] == 0
    won = {"target": 100, "rounds": [{"contract": "C", "card_points": [157, 0]}]}
    r = module_client.post("/api/v1/tools/jasstafel", json={**won, "write": {"contract": "C", "card_points": [157, 0]}})
    assert r.status_code == 422 and r.json()["detail"][0]["ctx"] == {"code": "game_over"}
    d = module_client.post("/api/v1/tools/coiffeur", json={"sheet": "10", "boxes": [[90], []], "jokers": [[], []]}).json()
    codes = [(n["code"], n["params"]) for n in d["notices"]]
    assert ("factor_missing", {"col": 8}) in codes
    assert ("box_too_big", {"team": 0, "col": 0, "tens": 90, "max_points": 877, "max_tens": 87}) in codes
    assert [n["text"] for n in d["notices"]] == d["warnings"]
    r = module_client.post("/api/v1/tools/coiffeur", json={"sheet": "10", "boxes": [[None] * 8 + [3], []]})
    assert r.json()["detail"][0]["ctx"] == {"code": "factor_first", "col": 8}
    body = {"contract": "C", "seats": [{"hand": ["H10", "HJ", "HQ"]}, None, None, None]}
    d = module_client.post("/api/v1/tools/weis", json={**body, "compare": {"points": 50, "cards": 4}}).json()
    assert d["compare"]["code"] == "points" and d["compare"]["params"] == {"mine": 20, "theirs": 50}


def test_what_one_request_may_hold_is_bounded(module_client: TestClient) -> None:
    """A custom Coiffeur sheet of 20 000 columns answered 16 MB in seconds: a sheet holds at most 20 columns
    (the printed ones 8 and 10), a column name 40 characters; a Differenzler sheet 1000 rounds and names of 24."""
    many = [{"name": str(i), "kind": "joker"} for i in range(21)]
    assert loc(module_client.post("/api/v1/tools/coiffeur", json={"columns": many})) == ["body", "columns"]
    assert module_client.post("/api/v1/tools/coiffeur", json={"columns": many[:20]}).status_code == 200
    r = module_client.post("/api/v1/tools/coiffeur", json={"columns": [{"name": "x" * 41, "factor": 1}]})
    assert loc(r) == ["body", "columns", 0, "name"]
    r = module_client.post("/api/v1/tools/coiffeur", json={"boxes": [[1] * 21, []]})
    assert loc(r) == ["body", "boxes", 0]
    r = module_client.post("/api/v1/tools/differenzler", json={"players": ["Vreni" * 5, "B", "C", "D"]})
    assert loc(r) == ["body", "players", 0]
    one = {"predicted": [40, 40, 40, 37], "actual": [40, 40, 40, 37]}
    assert loc(module_client.post("/api/v1/tools/differenzler", json={"rounds": [one] * 1001})) == ["body", "rounds"]
