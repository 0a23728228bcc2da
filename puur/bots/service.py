"""Our players as a jass-kit player service (``puur bots serve``): FastAPI, each player at ``/<name>/...``.

Routes as ``jass/service/player_service_route.py``: ``POST /<name>/action_trump`` -> ``{"trump": n}``,
``POST /<name>/action_play_card`` -> ``{"card": "DA"}``, ``POST /<name>/game_info`` -> ``""``,
``GET /<name>`` -> ``"Player <name> here"``. Unknown player: 400 (as jass-kit) on POST, 404 on GET; a
body that is not a jass-kit observation: 400 with the reason.
"""

from __future__ import annotations

from typing import Any

from fastapi import Body, FastAPI, Request
from fastapi.responses import JSONResponse

from puur.bots import Player, make_player
from puur.bots.jasskit_protocol import observation_from_jasskit, trump_to_jasskit
from puur.core.cards import Card
from puur.core.profile import RuleProfile
from puur.info.observation import Observation


class _Refused(Exception):
    """A request the service answers with ``{"error": reason}`` (400 as jass-kit's service, unless ``status``)."""

    def __init__(self, reason: str, status: int = 400) -> None:
        super().__init__(reason)
        self.reason = reason
        self.status = status


def create_service(players: dict[str, Player] | list[str], profile: str = "schieber") -> FastAPI:
    """A FastAPI app offering ``players`` (instances by name, or specs such as ``"mcts:level=easy"``, served
    under the spec's name before the colon)."""
    if isinstance(players, list):
        players = {spec.split(":")[0]: make_player(spec) for spec in players}
    table: dict[str, Player] = dict(players)
    prof = RuleProfile.resolve(profile)
    app = FastAPI(title="Puur players (jass-kit player service)")

    @app.exception_handler(_Refused)
    def refused(_request: Request, e: _Refused) -> JSONResponse:
        return JSONResponse({"error": e.reason}, status_code=e.status)

    def player_of(name: str) -> Player:
        player = table.get(name)
        if player is None:
            raise _Refused("player not found")
        return player

    def parse(name: str, body: Any) -> tuple[Player, Observation]:
        player = player_of(name)
        try:
            return player, observation_from_jasskit(body, prof)
        except (ValueError, KeyError, TypeError, IndexError) as e:
            raise _Refused(f"not a jass-kit observation: {e}") from None

    @app.post("/{name}/action_trump")
    def action_trump(name: str, body: dict[str, Any] = Body(...)) -> Any:  # noqa: B008
        player, obs = parse(name, body)
        if obs.contract is not None:
            raise _Refused("the trump is already chosen")
        return {"trump": trump_to_jasskit(player.act(obs))}

    @app.post("/{name}/action_play_card")
    def action_play_card(name: str, body: dict[str, Any] = Body(...)) -> Any:  # noqa: B008
        player, obs = parse(name, body)
        if obs.contract is None or not obs.legal_actions:
            raise _Refused("no card to play in this observation")
        action = player.act(obs)
        if not isinstance(action, Card):
            raise _Refused(f"player answered {action}, not a card", status=500)
        return {"card": str(action)}

    @app.post("/{name}/game_info")
    def game_info(name: str, body: dict[str, Any] = Body(...)) -> Any:  # noqa: B008
        player_of(name)
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
