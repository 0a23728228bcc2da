"""The MCP server through the SDK's own client: in memory, over stdio (``puur mcp``) and at /mcp."""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest
from fastapi.testclient import TestClient
from game_checks import stoeck_outcomes
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp_helpers import MCP_HEADERS, call_mcp, run_mcp

from puur.core.profile import PRESETS
from puur.data import DATASET_NAMES, dataset
from puur.oracle import evaluate
from puur.server.live import GameHub
from puur.server.mcp_server import build_server
from puur.server.store import Store

RULE_TOOLS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    # tool: (arguments, the oracle request it must equal)
    "legal_moves": ({"contract": "H", "trick": ["C6"], "hand": ["CA", "H7", "S9"]}, {}),
    "trick": ({"contract": "H", "trick": ["CA", "H9", "HJ", "C7"], "last": True}, {}),
    "card_points": ({"contract": "U", "cards": ["D6", "DA"], "profile": "classic"}, {}),
    "melds": ({"hand": ["D6", "D7", "D8", "HA", "CA", "SA", "DA"], "contract": "D"}, {}),
    "weis": ({"contract": "H", "hands": [["C6", "C7", "C8"], ["D9", "D10", "DJ"], ["S6"], ["H6"]]}, {}),
    "score": (
        {"contract": "S", "card_points": [95, 57], "tricks": [5, 4], "last_trick": 0, "weis": [50, 0],
         "stoeck": [20, 0], "profile": {"preset": "schieber", "multipliers": "ascending"}},
        {},
    ),
    "crossing": (
        {"target": 1000, "before": [950, 960], "blocks": {"weis": [100, 0], "stoeck": [0, 40]}, "profile": "jasvel"},
        {},
    ),
    "chalk": ({"value": 680}, {}),
}  # fmt: skip


run = run_mcp


def test_tools_listed() -> None:
    async def check(c: Client) -> None:
        names = {t.name for t in (await c.list_tools()).tools}
        assert set(RULE_TOOLS) | {"list_profiles"} <= names
        for t in (await c.list_tools()).tools:
            assert t.description

    run(check)


@pytest.mark.parametrize("tool", list(RULE_TOOLS))
def test_rule_tool_equals_the_oracle_and_states_assumptions(tool: str) -> None:
    args, _ = RULE_TOOLS[tool]

    async def check(c: Client) -> None:
        r = await c.call_tool(tool, args)
        assert not r.is_error, r.content
        got = r.structured_content
        assert got == evaluate({"op": tool, **args})
        a = got["assumptions"]
        assert a["multipliers"] and set(a["multiplier_table"]) == set("CDHSOU") and a["rule"]
        assert json.loads(r.content[0].text) == got  # the text twin says the same

    run(check)


@pytest.mark.parametrize(
    ("args", "winner"),
    [
        ({"target": 1000, "before": [950, 900], "blocks": {"tricks": [57, 100]}, "profile": "jasvel"}, 0),
        ({"target": 1000, "before": [950, 900], "blocks": {"tricks": [57, 100]}}, None),
        ({"target": 1000, "before": [950, 900], "blocks": {"tricks": [57, 100]}, "first_in_tricks": 1}, 1),
    ],
)
def test_crossing_tool_settles_the_tricks_tie_by_profile(args: dict[str, Any], winner: int | None) -> None:
    async def check(c: Client) -> None:
        got = (await c.call_tool("crossing", args)).structured_content
        assert got == evaluate({"op": "crossing", **args})
        assert (got["winner"], got["block"]) == (winner, "tricks")

    run(check)


def test_score_tool_names_the_table_and_gives_680() -> None:
    async def check(c: Client) -> None:
        got = (await c.call_tool("score", RULE_TOOLS["score"][0])).structured_content
        assert got["written"][0] == 680 and got["assumptions"]["multipliers"] == "ascending"

    run(check)


@pytest.mark.parametrize(
    ("tool", "args", "needle"),
    [
        ("trick", {"contract": "H", "trick": ["CA"]}, "impossible_input"),
        ("legal_moves", {"contract": "Q", "hand": ["CA"]}, "invalid_contract"),
        ("melds", {"hand": ["CA", "CA"]}, "invalid_card"),
        ("chalk", {"value": 5, "profile": "nonsense"}, "invalid_profile"),
        ("chalk", {"value": "x"}, "value"),
        ("trick", {"contract": "H"}, "trick"),
        # four tricks of zero-point cards in a trump contract (RULES §6, §11.1)
        ("score", {"contract": "H", "card_points": [152, 0], "tricks": [5, 4], "last_trick": 0}, "from 2 to 140"),
        # an argument the tool does not have is refused, not dropped (the answer would use the default)
        ("score", {"contract": "S", "card_points": [95, 57], "tricks": [5, 4], "last_trick": 0, "wies": [50, 0]},
         "wies\n  Extra inputs are not permitted"),
        ("trick", {"contract": "H", "trick": ["CA", "H9", "HJ", "C7"], "is_last": True}, "is_last"),
        ("list_profiles", {"profil": "jasvel"}, "Extra inputs are not permitted"),
        ("new_game", {"bots": "mcts"}, "Extra inputs are not permitted"),
        ("new_game", {"seat": True}, "seat"),
        ("new_game", {"seat": 4}, "seat"),
        ("new_game", {"seed": 2**64}, "seed"),
        ("chalk", {"value": 10**100}, "-1,000,000,000 to 1,000,000,000"),
        # the solver's arguments are read as POST /api/v1/solve reads them
        ("solve_open_cards", {"hands": [1, 2, 3, 4], "contract": "H"}, "bad_request: hands.0: Input should be a valid list"),
        ("solve_open_cards", {"hands": 5, "contract": "H"}, "bad_request: hands"),
        ("solve_open_cards", {"position": "puur1 x", "forehand": True}, "bad_request"),
        ("solve_open_cards", {"hands": [["CA"] * 9] * 4, "contract": "H", "profile": "nonsense"}, "invalid_profile: profile"),
    ],
)  # fmt: skip
def test_tool_errors_are_readable(tool: str, args: dict[str, Any], needle: str) -> None:
    async def check(c: Client) -> None:
        r = await c.call_tool(tool, args)
        assert r.is_error
        assert needle in r.content[0].text

    run(check)


def test_list_profiles() -> None:
    async def check(c: Client) -> None:
        got = (await c.call_tool("list_profiles", {})).structured_content
        assert [p["name"] for p in got["presets"]] == list(PRESETS)
        assert got["presets"][4]["options"] == PRESETS["jasvel"].to_dict()
        assert got["assumptions"]["rule"]

    run(check)


def test_datasets_are_resources() -> None:
    async def check(c: Client) -> None:
        listed = {str(r.uri) for r in (await c.list_resources()).resources}
        assert listed == {f"puur://data/{n}" for n in DATASET_NAMES}
        for n in DATASET_NAMES:
            rr = await c.read_resource(f"puur://data/{n}")
            assert json.loads(rr.contents[0].text) == dataset(n)  # type: ignore[union-attr]

    run(check)


def _hidden_cards(deals: list[Any], seat: int, view: dict[str, Any]) -> set[str]:
    """The cards of the other seats' hands in ``deals`` (one round's) not yet played where ``view`` shows,
    but the first forehand's 7 that the view names."""
    shown = {str(card) for _, card in view["trick"]}
    for trick in view["tricks"]:
        shown |= set(trick["cards"])
    if view["previous_trick"]:
        shown |= set(view["previous_trick"]["cards"])
    if view["forehand_holds"]:  # the 7 that made the forehand of round 1: public, who leads holds it (RULES.md §3.2)
        assert view["forehand_holds"] in {str(x) for x in _cards(deals[view["forehand"]])}
        shown.add(view["forehand_holds"])
    return {str(x) for s in range(4) if s != seat for x in _cards(deals[s])} - shown


def test_game_tools_play_a_match_and_keep_the_information_boundary() -> None:
    from puur.match.game import Game

    async def check(c: Client) -> None:
        r = await c.call_tool("new_game", {"seed": 7, "seat": 0, "bot": "random"})
        assert not r.is_error, r.content
        started = r.structured_content
        gid, token, view = started["game_id"], started["token"], started["view"]
        hands = Game("schieber", seed=7).deals[0]  # the same seeded deal, to know the hidden cards
        text = json.dumps(started)
        for card in _hidden_cards(hands, 0, view):
            assert f'"{card}"' not in text, f"hidden card {card} leaked"
        assert set(view["hand"]) == {str(x) for x in _cards(hands[0])}
        assert "hands" not in view
        # unknown game, another token, illegal action: readable errors
        assert (await c.call_tool("game_view", {"game_id": "nope", "token": token})).is_error
        assert "not_your_seat" in (await c.call_tool("game_view", {"game_id": gid, "token": "x"})).content[0].text
        bad = await c.call_tool("game_play", {"game_id": gid, "token": token, "action": "ZZ"})
        assert bad.is_error and "illegal" in bad.content[0].text
        steps = 0
        while view["status"] != "over":
            la = (await c.call_tool("game_legal_actions", {"game_id": gid, "token": token})).structured_content
            assert la["your_turn"] and la["legal_actions"]
            r = await c.call_tool("game_play", {"game_id": gid, "token": token, "action": la["legal_actions"][-1]})
            assert not r.is_error, r.content
            view = r.structured_content
            assert view["seat"] == 0 and view["game_id"] == gid
            steps += 1
            assert steps < 3000
        assert view["winner"] in (0, 1) and max(view["scores"]) >= 2500
        again = (await c.call_tool("game_view", {"game_id": gid, "token": token})).structured_content
        assert again["status"] == "over"

    run(check)


def test_a_game_started_over_mcp_is_the_http_apis_game_and_shows_one_seat_only(client: TestClient) -> None:
    """MCP plays the server's games: the game ``new_game`` starts is stored with the HTTP API's, its token is a
    seat there, an action over either is seen by the other, and every answer is the same seat view (the one
    definition: ``seat_view``), never with a card of another seat's hand."""
    started = call_mcp(client, "new_game", {"seed": 11, "seat": 2, "bot": "random"})["structuredContent"]
    gid, token = started["game_id"], started["token"]
    auth = {"Authorization": f"Bearer {token}"}
    over_http = client.get(f"/api/v1/games/{gid}", headers=auth)
    assert over_http.status_code == 200 and over_http.json() == started["view"]
    answers = [started]
    for turn in range(12):  # MCP and HTTP in turn, each sees what the other played
        view = answers[-1] if turn % 2 else client.get(f"/api/v1/games/{gid}", headers=auth).json()
        action = view["legal_actions"][0]
        if turn % 2:
            r = client.post(f"/api/v1/games/{gid}/actions", headers=auth, json={"action": action, "seq": view["seq"]})
            assert r.status_code == 200, r.text
            answers.append({"view": r.json()})
        else:
            answers.append(call_mcp(client, "game_play", {"game_id": gid, "token": token, "action": action,
                                                           "seq": view["seq"]})["structuredContent"])
        mcp_view = call_mcp(client, "game_view", {"game_id": gid, "token": token})["structuredContent"]
        assert mcp_view == client.get(f"/api/v1/games/{gid}", headers=auth).json()
        answers.append(mcp_view)
    deals = client.app.state.game_hub.get(gid).game.deals  # type: ignore[attr-defined]  # every round's, to know the hidden cards
    assert len(deals) > 1
    for answer in answers:
        view = answer.get("view", answer)
        assert view["seat"] == 2 and view["game_id"] == gid
        text = json.dumps(answer)
        for card in _hidden_cards(deals[view["round_number"] - 1], 2, view):
            assert f'"{card}"' not in text, f"another seat's card {card} in an MCP answer"
    assert client.get(f"/api/v1/games/{gid}", headers={"Authorization": "Bearer nope"}).status_code == 403


def _cards(hand: Any) -> list[Any]:
    from puur.core.cards import Card, cards_of

    if isinstance(hand, int):
        return cards_of(hand)
    return [Card(x) if isinstance(x, int) else x for x in hand]


def test_stdio_puur_mcp() -> None:
    params = StdioServerParameters(command=sys.executable, args=["-m", "puur.cli", "mcp"])

    async def check(c: Client) -> None:
        r = await c.call_tool("chalk", {"value": 2735})
        assert r.structured_content["x"] == 2 and r.structured_content["remainder"] == 15
        names = {t.name for t in (await c.list_tools()).tools}
        assert set(RULE_TOOLS) <= names

    run(check, params)


def test_slash_mcp_takes_post_only(client: TestClient) -> None:
    """Stateless: no stream to GET (it would stay open, sending nothing), no session to DELETE: 405."""
    for method in ("GET", "DELETE", "PUT"):
        r = client.request(method, "/mcp", headers={"Accept": "text/event-stream"})
        assert r.status_code == 405 and r.headers["allow"] == "POST", method


def test_mounted_at_slash_mcp(client: TestClient) -> None:
    headers = MCP_HEADERS
    r = client.post("/mcp", headers=headers, json={
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                   "clientInfo": {"name": "test", "version": "1"}},
    })  # fmt: skip
    assert r.status_code == 200, r.text
    assert r.json()["result"]["serverInfo"]["name"] == "puur"
    r = client.post("/mcp", headers=headers, json={
        "jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "trick", "arguments": {"contract": "H", "trick": ["CA", "H9", "HJ", "C7"]}},
    })  # fmt: skip
    assert r.status_code == 200, r.text
    result = r.json()["result"]
    assert result["structuredContent"]["winner"] == 2
    assert result["structuredContent"]["assumptions"]["multipliers"] == "common"


@pytest.mark.parametrize("preset", list(PRESETS))
def test_mcp_computer_seats_declare_stoeck(preset: str) -> None:
    """The MCP game tools once moved computer seats without the Stöck declaration, so under
    ``stoeck: strict`` (jasvel) they lost every Stöck. They now move through the runner's one path."""
    hub = GameHub(Store(":memory:"))
    server = build_server(hub=lambda: hub)  # its games are this hub's: the test reads their records
    profile = {"preset": preset, "stoeck": "strict", "target": 1000}
    seen: list[Any] = []

    async def check(c: Client) -> None:
        for seed in range(30):
            r = await c.call_tool("new_game", {"seed": seed, "seat": 0, "bot": "random", "profile": profile})
            assert not r.is_error, r.content
            gid, token, view = r.structured_content["game_id"], r.structured_content["token"], r.structured_content["view"]
            while view["status"] != "over":
                legal = [a for a in view["legal_actions"] if a != "claim"]
                r = await c.call_tool("game_play", {"game_id": gid, "token": token, "action": legal[0]})
                assert not r.is_error, r.content
                view = r.structured_content
            seen.extend(stoeck_outcomes(hub.get(gid).game, {1, 2, 3}))
            if seen:
                return

    run(check, server)
    assert seen and set(seen) == {"scored"}


def test_a_differenzler_over_mcp_ends_with_its_result() -> None:
    """A Differenzler's winners are players, not a team: the view at the end carries the game's result (the
    winners and the penalty totals), not only the Schieber's team winner and scores."""

    async def check(c: Client) -> None:
        started = (await c.call_tool("new_game", {"seed": 3, "bot": "random", "form": "differenzler", "rounds": 1})).structured_content
        gid, token, view = started["game_id"], started["token"], started["view"]
        assert view["result"] is None
        steps = 0
        while view["status"] != "over":
            la = (await c.call_tool("game_legal_actions", {"game_id": gid, "token": token})).structured_content
            r = await c.call_tool("game_play", {"game_id": gid, "token": token, "action": la["legal_actions"][0]})
            assert not r.is_error, r.content
            view = r.structured_content
            steps += 1
            assert steps < 50
        result = view["result"]
        assert result["reason"] == "rounds_played" and len(result["penalties"]) == 4
        assert result["winners"] == [s for s in range(4) if result["penalties"][s] == min(result["penalties"])]

    run(check)
