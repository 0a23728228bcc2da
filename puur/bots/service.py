"""Our players as a jass-kit player service (``puur bots serve``): FastAPI, each player at ``/<name>/...``.

Routes as ``jass/service/player_service_route.py``: ``POST /<name>/action_trump`` -> ``{"trump": n}``,
``POST /<name>/action_play_card`` -> ``{"card": "DA"}``, ``POST /<name>/game_info`` -> ``""``,
``GET /<name>`` -> ``"Player <name> here"``. Unknown player: 400 (as jass-kit) on POST, 404 on GET; a
body that is not a jass-kit observation: 400 with the reason.
"""

from __future__ import annotations

from typing import Any

from fastapi import Body, FastAPI
from fastapi.responses import JSONResponse

from puur.bots import Player, make_player
from puur.bots.jasskit_protocol import observation_from_jasskit, trump_to_jasskit
from puur.core.cards import Card
from puur.core.profile import RuleProfile
from puur.info.observation import Observation


def create_service(players: dict[str, Player] | list[str], profile: str = "schieber") -> FastAPI:
    """A FastAPI app offering ``players`` (instances by name, or specs such as ``"mcts:level=easy"``, served
    under the spec's name before the colon)."""
    if isinstance(players, list):
        players = {spec.split(":")[0]: make_player(spec) for spec in players}
    table: dict[str, Player] = dict(players)
    prof = RuleProfile.resolve(profile)
    app = FastAPI(title="Puur players (jass-kit player service)")

    def parse(name: str, body: Any) -> tuple[Player, Observation] | JSONResponse:
        player = table.get(name)
        if player is None:
            return JSONResponse({"error": "player not found"}, status_code=400)
        try:
            obs = observation_from_jasskit(body, prof)
        except (ValueError, KeyError, TypeError, IndexError) as e:
            return JSONResponse({"error": f"not a jass-kit observation: {e}"}, status_code=400)
        return player, obs

    @app.post("/{name}/action_trump")
    def action_trump(name: str, body: dict[str, Any] = Body(...)) -> Any:  # noqa: B008
        got = parse(name, body)
        if isinstance(got, JSONResponse):
            return got
        player, obs = got
        if obs.contract is not None:
            return JSONResponse({"error": "the trump is already chosen"}, status_code=400)
        return {"trump": trump_to_jasskit(player.act(obs))}

    @app.post("/{name}/action_play_card")
    def action_play_card(name: str, body: dict[str, Any] = Body(...)) -> Any:  # noqa: B008
        got = parse(name, body)
        if isinstance(got, JSONResponse):
            return got
        player, obs = got
        if obs.contract is None or not obs.legal_actions:
            return JSONResponse({"error": "no card to play in this observation"}, status_code=400)
        action = player.act(obs)
        if not isinstance(action, Card):
            return JSONResponse({"error": f"player answered {action}, not a card"}, status_code=500)
        return {"card": str(action)}

    @app.post("/{name}/game_info")
    def game_info(name: str, body: dict[str, Any] = Body(...)) -> Any:  # noqa: B008
        if name not in table:
            return JSONResponse({"error": "player not found"}, status_code=400)
        return ""

    @app.get("/{name}")
    def check_player(name: str) -> Any:
        if name in table:
            return f"Player {name} here"
        return JSONResponse(f"No such player {name}", status_code=404)

    return app


def serve(host: str, port: int, players: list[str], profile: str) -> int:
    import uvicorn

    app = create_service(players, profile)
    print(f"serving {', '.join(p.split(':')[0] for p in players)} at http://{host}:{port}/<name>/")
    uvicorn.run(app, host=host, port=port, log_level="warning")
    return 0


__all__ = ["create_service", "serve"]
