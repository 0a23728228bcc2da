"""Perfect play with open cards as a service: `puur.bots.analysis.solve_open_cards`, `POST /api/v1/solve`
and the MCP tool `solve_open_cards` give the solver's answer, and refuse what they cannot answer."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from mcp import Client
from mcp_helpers import run_mcp

from puur.bots.analysis import MAX_OPEN_CARDS, solve_open_cards
from puur.bots.solver import solve
from puur.core.cards import Card, Contract
from puur.core.profile import RuleProfile
from puur.core.round import RoundState
from puur.info.position import EXAMPLE as POSITION_EXAMPLE
from puur.info.position import format_position
from puur.server.http.api_solver import EXAMPLE


def _position(body: dict[str, Any]) -> RoundState:
    hands = [sum(1 << int(Card.parse(c)) for c in h) for h in body["hands"]]
    r = RoundState(RuleProfile.preset("schieber"), hands, (body["forehand"] - 1) % 4, body["forehand"])
    r.choose(Contract.parse(body["contract"]))
    for c in body["played"]:
        r.play(int(Card.parse(c)))
    return r


def test_the_example_is_the_solvers_answer(client: TestClient) -> None:
    r = _position(EXAMPLE)
    want = solve(r)
    got = solve_open_cards(EXAMPLE["hands"], EXAMPLE["contract"], EXAMPLE["played"], EXAMPLE["forehand"])
    assert got["to_act"] == r.to_act and got["points"] == list(want.points)
    assert got["cards"][got["best"]] == got["points"]
    assert set(got["cards"]) == {Card(c).name for c in range(36) if r.legal_cards() >> c & 1}
    # every card's points: the solver's value after playing it
    for name, points in got["cards"].items():
        child = r.clone()
        child.play(int(Card.parse(name)))
        assert points == list(solve(child).points)
    http = client.post("/api/v1/solve", json=EXAMPLE)
    assert http.status_code == 200 and http.json() == got

    async def mcp(c: Client) -> None:
        res = await c.call_tool("solve_open_cards", EXAMPLE)
        assert not res.is_error and res.structured_content == got

    run_mcp(mcp)


def test_a_position_line_is_the_same_request(client: TestClient) -> None:
    """``{"position": LINE}`` (docs/position-notation.md) in place of hands, contract, forehand and played."""
    line = format_position(_position(EXAMPLE))
    assert line == POSITION_EXAMPLE
    want = client.post("/api/v1/solve", json=EXAMPLE).json()
    http = client.post("/api/v1/solve", json={"position": line})
    assert http.status_code == 200 and http.json() == want
    jasvel = client.post("/api/v1/solve", json={"position": line.replace("schieber", "jasvel", 1)})
    assert jasvel.status_code == 200 and jasvel.json() == solve_open_cards(
        **_call(EXAMPLE), profile="jasvel"
    )

    async def mcp(c: Client) -> None:
        res = await c.call_tool("solve_open_cards", {"position": line})
        assert not res.is_error and res.structured_content == want

    run_mcp(mcp)


def _call(body: dict[str, Any]) -> dict[str, Any]:
    return {
        "hands": body["hands"],
        "contract": body["contract"],
        "played": body["played"],
        "forehand": body["forehand"],
    }


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ({"position": POSITION_EXAMPLE, "forehand": 3}, "give it alone, without forehand"),
        ({}, "give hands and contract"),
        ({"played": ["H9"]}, "give hands and contract"),
        ({"position": "puur1 schieber"}, "not a position line"),  # the schema's pattern
        ({"position": POSITION_EXAMPLE.replace("C6,", "")}, "position field hands: seat 0 holds 5 cards"),
        (
            {"position": "puur1 schieber d2f3 H 0:C6,C9,D8,D9,D10,SQ " + POSITION_EXAMPLE.split()[5]},
            "parse_view",
        ),
        (  # seat 0 holds clubs, yet discards D8 on the club lead
            {"position": POSITION_EXAMPLE.replace("3:CA", "3:CA,D8").replace("C9,D8,", "C9,")},
            "position field play: trick 4, D8 of seat 0",
        ),
        ({"position": "puur1 schieber d2f3 - " + POSITION_EXAMPLE.split()[4] + " -"}, "position field hands"),
    ],
)
def test_position_refusals_name_the_field(client: TestClient, body: dict[str, Any], needle: str) -> None:
    r = client.post("/api/v1/solve", json=body)
    assert r.status_code == 422 and needle in str(r.json()["detail"]), r.text


def test_a_position_before_the_contract_or_early_is_refused(client: TestClient) -> None:
    start = _position({**EXAMPLE, "played": []})
    r = client.post("/api/v1/solve", json={"position": format_position(start)})
    assert r.status_code == 422 and f"at most {MAX_OPEN_CARDS} cards" in r.json()["detail"]
    fresh = RoundState(RuleProfile.preset("schieber"), start.dealt, 2, 3)
    r = client.post("/api/v1/solve", json={"position": format_position(fresh)})
    assert r.status_code == 422 and "contract is not chosen" in r.json()["detail"]


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        ({"played": []}, f"at most {MAX_OPEN_CARDS} cards"),
        ({"contract": "Q"}, "contract"),
        ({"played": ["H9", "H9"]}, "played[1]"),
        ({"played": ["C6"]}, "played[0]"),
        ({"hands": [EXAMPLE["hands"][0]] * 4}, "twice"),
        # the schema says nine cards a hand (pydantic names the field): MCP reads the arguments the same way
        ({"hands": [h[:8] for h in EXAMPLE["hands"]]}, "at least 9 items"),
        ({"profile": "nosuchpreset"}, "nosuchpreset"),
    ],
)
def test_refusals_say_what_is_wrong(
    client: TestClient, change: dict[str, Any], needle: str | tuple[str, str]
) -> None:
    http_needle, mcp_needle = (needle, needle) if isinstance(needle, str) else needle
    body = {**EXAMPLE, **change}
    r = client.post("/api/v1/solve", json=body)
    assert r.status_code == 422 and http_needle in str(r.json()["detail"]), r.text

    async def mcp(c: Client) -> None:
        res = await c.call_tool("solve_open_cards", body)
        assert res.is_error and mcp_needle in res.content[0].text  # type: ignore[union-attr]

    run_mcp(mcp)
