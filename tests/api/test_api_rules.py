"""Contract tests for the rules API, the data endpoints and /llms.txt."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from puur.core.profile import PRESETS
from puur.data import DATASET_NAMES, dataset
from puur.oracle import evaluate
from puur.server.app import create_app


def _assumptions_ok(body: dict[str, Any]) -> None:
    a = body["assumptions"]
    assert set(a) == {"profile", "multipliers", "multiplier_table", "rule"}
    assert set(a["multiplier_table"]) == set("CDHSOU")
    assert a["rule"].startswith(("RULES.md", "TOOLS.md"))


# Each typed endpoint: (path, op, body, expected subset)
CASES: list[tuple[str, str, dict[str, Any], dict[str, Any]]] = [
    ("legal-moves", "legal_moves", {"contract": "H", "trick": ["C6"], "hand": ["CA", "H7", "S9"]},
     {"legal": ["CA", "H7"]}),
    ("trick", "trick", {"contract": "H", "trick": ["CA", "H9", "HJ", "C7"]},
     {"winner": 2, "winning_card": "HJ", "points": 45}),
    ("trick", "trick", {"contract": "U", "trick": ["D6", "DA", "D7", "C6"], "last": True}, {"winner": 0}),
    ("card-points", "card_points", {"contract": "O", "cards": ["D8", "HA"]}, {"points": 19}),
    ("melds", "melds", {"hand": ["D6", "D7", "D8", "HA"]}, {"points": 20}),
    ("weis", "weis", {"contract": "H", "hands": [["C6", "C7", "C8"], ["D9", "D10", "DJ"], ["S6"], ["H6"]]},
     {"winner_seat": 1, "team": 1, "points": [0, 20]}),
    ("score", "score", {"contract": "S", "card_points": [95, 57], "tricks": [5, 4], "last_trick": 0,
                        "weis": [50, 0], "stoeck": [20, 0], "profile": {"preset": "schieber",
                                                                         "multipliers": "ascending"}},
     {"factor": 4, "raw": [170, 57], "written": [680, 228]}),
    ("crossing", "crossing", {"target": 1000, "before": [950, 960], "profile": "jasvel",
                              "blocks": {"weis": [100, 0], "stoeck": [0, 40], "tricks": [100, 114]}},
     {"winner": 0, "block": "weis"}),
    # both cross in the tricks block (RULES §12.3): jasvel the higher total; trick_by_trick needs first_in_tricks
    ("crossing", "crossing", {"target": 1000, "before": [950, 900], "profile": "jasvel",
                              "blocks": {"tricks": [57, 100]}},
     {"winner": 0, "block": "tricks", "trick_block_tie": "higher_total"}),
    ("crossing", "crossing", {"target": 1000, "before": [950, 900], "blocks": {"tricks": [57, 100]}},
     {"winner": None, "block": "tricks", "trick_block_tie": "trick_by_trick"}),
    ("crossing", "crossing", {"target": 1000, "before": [950, 900], "blocks": {"tricks": [57, 100]},
                              "first_in_tricks": 1},
     {"winner": 1, "block": "tricks"}),
    ("chalk", "chalk", {"value": 2735},
     {"x": 2, "v": 1, "hundreds": 2, "fifties": 0, "twenties": 1, "remainder": 15}),
]  # fmt: skip


@pytest.mark.parametrize(("path", "op", "body", "expected"), CASES)
def test_typed_endpoint_equals_the_oracle(
    module_client: TestClient, path: str, op: str, body: dict[str, Any], expected: dict[str, Any]
) -> None:
    r = module_client.post(f"/api/v1/rules/{path}", json=body)
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["ok"] is True and got["op"] == op
    for k, v in expected.items():
        assert got[k] == v
    _assumptions_ok(got)
    assert got == evaluate({"op": op, **body})  # one implementation


def test_every_op_has_a_typed_endpoint(module_client: TestClient) -> None:
    from puur.oracle import OPS

    assert {c[1] for c in CASES} == set(OPS)


@pytest.mark.parametrize(
    ("path", "body", "code"),
    [
        ("trick", {"contract": "H", "trick": ["CA", "H9", "HJ", "ca"]}, "invalid_card"),
        ("legal-moves", {"contract": "H", "hand": ["CA", "CA"]}, "invalid_card"),
        ("legal-moves", {"contract": "H", "trick": ["H10"], "hand": ["HT"]}, "impossible_input"),
        ("score", {"contract": "O", "card_points": [100, 100], "tricks": [5, 4], "last_trick": 0},
         "impossible_input"),
        ("score", {"contract": "O", "card_points": [100, 52], "tricks": [5, 4], "last_trick": 0,
                   "stoeck": [20, 0]}, "impossible_input"),
        ("crossing", {"before": [2500, 0], "blocks": {}}, "impossible_input"),
    ],
)  # fmt: skip
def test_oracle_error_is_422_with_code_and_message(
    module_client: TestClient, path: str, body: dict[str, Any], code: str
) -> None:
    r = module_client.post(f"/api/v1/rules/{path}", json=body)
    assert r.status_code == 422, r.text
    detail = r.json()["detail"]
    assert detail["code"] == code and isinstance(detail["message"], str) and detail["message"]


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("trick", {"contract": "H"}, "trick"),
        ("trick", {"contract": "H", "trick": ["CA", "H9", "HJ", "C7"], "last": "yes"}, "last"),
        ("chalk", {"value": "12"}, "value"),
        ("chalk", {"value": 1.5}, "value"),
        ("score", {"contract": "O", "card_points": [100], "tricks": [5, 4], "last_trick": 0}, "card_points"),
        ("trick", {"contract": "H", "trick": ["CA"], "tirck": 1}, "tirck"),
        # what the schema states (puur.schema_types) is refused before the oracle, naming the field
        ("trick", {"contract": "H", "trick": ["CA", "H9", "HJ"]}, "trick"),
        ("trick", {"contract": "X", "trick": ["CA", "H9", "HJ", "C7"]}, "contract"),
        ("legal-moves", {"contract": "H", "hand": ["Z9"]}, "hand"),
        ("melds", {"hand": ["HA"], "profile": "nope"}, "profile"),
        ("melds", {"hand": ["HA"], "profile": {"preset": "schieber", "multipliers": "x"}}, "profile"),
        ("crossing", {"before": [-1, 0], "blocks": {}}, "before"),
    ],
)
def test_validation_error_is_422_naming_the_field(
    module_client: TestClient, path: str, body: dict[str, Any], field: str
) -> None:
    r = module_client.post(f"/api/v1/rules/{path}", json=body)
    assert r.status_code == 422
    detail = r.json()["detail"]
    assert any(field in d["loc"] and d["msg"] for d in detail)


def test_body_that_is_not_json_is_422(module_client: TestClient) -> None:
    r = module_client.post("/api/v1/rules/trick", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422
    r = module_client.post("/api/v1/rules/eval", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422


def test_eval_same_json_in_and_out(module_client: TestClient) -> None:
    one = {"op": "trick", "contract": "H", "trick": ["CA", "H9", "HJ", "C7"]}
    r = module_client.post("/api/v1/rules/eval", json=one)
    assert r.status_code == 200 and r.json() == evaluate(one)
    many = [one, {"op": "nope"}, {"op": "chalk", "value": 680}, {"op": "trick", "contract": "H"}]
    r = module_client.post("/api/v1/rules/eval", json=many)
    assert r.status_code == 200
    got = r.json()
    assert got == [evaluate(x) for x in many]
    assert [g["ok"] for g in got] == [True, False, True, False]
    assert got[1]["error"]["code"] == "unknown_op"


def test_profiles_lists_presets(module_client: TestClient) -> None:
    r = module_client.get("/api/v1/profiles")
    assert r.status_code == 200
    body = r.json()
    assert body["default"] == "schieber"
    assert [p["name"] for p in body["presets"]] == list(PRESETS)
    assert all(p["options"] == PRESETS[p["name"]].to_dict() and p["source"] for p in body["presets"])


@pytest.mark.parametrize("name", DATASET_NAMES)
def test_dataset_endpoints(module_client: TestClient, name: str) -> None:
    r = module_client.get(f"/api/v1/{name}")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("application/json")
    assert r.headers["access-control-allow-origin"] == "*"
    assert r.json() == dataset(name)


def test_index_status_and_cors(module_client: TestClient) -> None:
    idx = module_client.get("/api/v1/index.json").json()
    for d in idx["datasets"]:
        assert module_client.get(d["url"]).status_code == 200
    st = module_client.get("/api/v1/status.json").json()
    assert "built_at" in st and set(st["datasets"]) == set(DATASET_NAMES)
    r = module_client.options(
        "/api/v1/rules/trick",
        headers={"Origin": "https://example.org", "Access-Control-Request-Method": "POST",
                 "Access-Control-Request-Headers": "content-type"},
    )  # fmt: skip
    assert r.status_code == 200 and r.headers["access-control-allow-origin"] == "*"
    r = module_client.post("/api/v1/rules/chalk", json={"value": 5}, headers={"Origin": "https://example.org"})
    assert r.headers["access-control-allow-origin"] == "*"


def test_openapi_31_with_examples(module_client: TestClient) -> None:
    doc = module_client.get("/api/v1/openapi.json").json()
    assert doc["openapi"].startswith("3.1")
    paths = doc["paths"]
    for p in ("legal-moves", "trick", "card-points", "melds", "weis", "score", "crossing", "chalk", "eval"):
        assert f"/api/v1/rules/{p}" in paths
    for n in DATASET_NAMES:
        assert f"/api/v1/{n}" in paths
    schemas = doc["components"]["schemas"]
    assert schemas["RulesTrickRequest"]["examples"]
    assert schemas["RulesScoreRequest"]["examples"][0]["card_points"] == [95, 57]
    assert paths["/api/v1/rules/eval"]["post"]["requestBody"]["content"]["application/json"]["examples"]


def test_llms_txt(module_client: TestClient) -> None:
    r = module_client.get("/llms.txt")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    text = r.text
    assert text.startswith("# Puur")
    for n in DATASET_NAMES:
        assert f"/api/v1/{n}" in text
    for tool in (
        "legal_moves",
        "trick",
        "card_points",
        "melds",
        "weis",
        "score",
        "crossing",
        "chalk",
        "list_profiles",
    ):
        assert tool in text
    assert "/api/v1/openapi.json" in text and "/mcp" in text


def test_app_builds_twice(tmp_path: Path) -> None:
    # each app gets its own MCP session manager (it can run only once)
    for i in range(2):
        with TestClient(create_app(db_path=str(tmp_path / f"{i}.sqlite3"))) as c:
            assert c.get("/api/v1/index.json").status_code == 200
