"""The scoreboards offline (``puur.local.worker.tool``, the engine in the page) answer the server's bodies with
the server's JSON, a refusal of a rule of the board included (``puur.tools.answers``, shared by both)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from puur.local.worker import tool

BODIES: list[tuple[str, dict[str, Any]]] = [
    ("jasstafel", {"target": 1000, "multipliers": "common", "write": {"contract": "O", "card_points": [257, 0]},
                   "rounds": [{"contract": "D", "card_points": [100, 57], "weis": [50, 0], "stoeck": [20, 0]}]}),
    ("jasstafel", {"style": "tally", "check": {"contract": "C", "card_points": [100, 50]}}),
    ("jasstafel", {"rounds": [{"contract": "D", "card_points": [100, 57]}], "style": "cumulative"}),
    ("chalk", {"values": [0, 237, 1385, -40]}),
    ("weis", {"contract": "H", "seats": [{"hand": ["C9", "D9", "H9", "S9", "C7", "C8", "C10", "CJ"]}, None, None, None],
              "compare": {"points": 150, "cards": 4}}),
    ("weis", {"seats": [{"hand": ["C9", "D9"]}, {"hand": ["C9"]}]}),  # a card in two hands: refused
    ("trick", {"contract": "D", "cards": ["HA", "D7", "D9", "DJ"]}),
    ("trick", {"contract": "SLO", "cards": ["HA", "H7"], "trick_index": 1, "last_trick": False}),
    ("coiffeur", {"sheet": "8", "method": "A", "boxes": [[12, 12, None, None, None, None, None, 25], []]}),
    ("coiffeur", {"sheet": "10", "boxes": [[1], [2]], "points": 87, "points_column": 2}),
    ("coiffeur", {"factors": [1, 2, 3], "boxes": [[], []]}),  # one factor per column: refused
    ("differenzler", {"rounds": [{"predicted": [40, 30, 57, 30], "actual": [45, 30, 50, 32]}],
                      "add": {"predicted": [20, 60, 40, 37], "actual": [25, 40, 52, 40]}, "estimate_hand": ["CA", "CK", "H6"]}),
    ("differenzler", {"rounds_planned": 1, "rounds": [{"predicted": [1, 2, 3, 4], "actual": [40, 40, 40, 37]}],
                      "add": {"predicted": [1, 2, 3, 4], "actual": [40, 40, 40, 37]}}),  # past the rounds agreed
]


@pytest.mark.parametrize(("name", "body"), BODIES)
def test_a_scoreboard_offline_answers_as_the_server(module_client: TestClient, name: str, body: dict[str, Any]) -> None:
    served = module_client.post(f"/api/v1/tools/{name}", json=body)
    answer = json.loads(tool(name, json.dumps(body)))
    assert answer["status"] == served.status_code
    assert json.loads(answer["body"]) == served.json()


def test_a_body_the_schema_refuses_is_a_422_not_a_crash() -> None:
    answer = json.loads(tool("jasstafel", json.dumps({"rounds": [{"contract": "D"}]})))
    assert answer["status"] == 422 and json.loads(answer["body"])["detail"][0]["loc"] == ["body"]
    assert json.loads(tool("nosuch", "{}"))["status"] == 404
