"""MCP ``new_game(form=...)`` (docs/forms.md): a Differenzler and a Coiffeur game through the game tools."""

from __future__ import annotations

from typing import Any

from mcp_helpers import run_mcp


def test_mcp_new_game_takes_the_form() -> None:
    async def check(c: Any) -> None:
        r = await c.call_tool("new_game", {"seed": 3, "seat": 0, "bot": "heuristic", "form": "differenzler", "rounds": 1})
        assert not r.is_error, r.content
        gid, token, view = r.structured_content["game_id"], r.structured_content["token"], r.structured_content["view"]
        assert view["form"]["form"] == "differenzler" and view["form"]["own_prediction"] is None
        while view["status"] != "over":
            legal = view["legal_actions"]
            action = "predict:40" if legal[0].startswith("predict:") else legal[0]
            r = await c.call_tool("game_play", {"game_id": gid, "token": token, "action": action})
            assert not r.is_error, r.content
            view = r.structured_content
            form = view["form"]
            if view["status"] != "over":
                assert form["own_prediction"] == 40
        assert view["result"]["penalties"][0] == abs(40 - view["form"]["sheet"]["rounds"][0]["actual"][0])
        r = await c.call_tool("new_game", {"seed": 3, "form": "coiffeur", "columns": 8, "bot": "random"})
        assert not r.is_error and r.structured_content["view"]["form"]["sheet"]["keys"][-1] == "joker2"
        bad = await c.call_tool("new_game", {"form": "coiffeur", "rounds": 4})
        assert bad.is_error and "rounds belongs to Differenzler" in bad.content[0].text

    run_mcp(check)


def test_mcp_new_game_takes_the_form_settings() -> None:
    """``form_settings`` on MCP's ``new_game``: the settings of the New-game dialog and the API (covered
    predictions, no match bonus, the forehand's contract; Coiffeur's boxes only), and a bad one refused."""

    async def check(c: Any) -> None:
        r = await c.call_tool("new_game", {"seed": 3, "form": "differenzler", "rounds": 1, "bot": "random",
                                           "form_settings": {"predictions": "covered", "match_bonus": False,
                                                             "contract": "forehand", "weis_stoeck": True}})
        assert not r.is_error, r.content
        form = r.structured_content["view"]["form"]
        assert form["settings"]["predictions"] == "covered" and form["announced"] is None
        assert form["most"] == 157 + 350 + 20  # Weis and Stöck counted, no match bonus
        r = await c.call_tool("new_game", {"seed": 3, "form": "coiffeur", "bot": "random",
                                           "form_settings": {"opponents_count": False}})
        assert not r.is_error and r.structured_content["view"]["form"]["sheet"]["opponents_count"] is False
        bad = await c.call_tool("new_game", {"form": "differenzler", "form_settings": {"predictions": "maybe"}})
        assert bad.is_error and "predictions" in bad.content[0].text

    run_mcp(check)
