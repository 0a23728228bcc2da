"""Players across processes: our jass-kit service, our remote client, and jass-kit's own client."""

from __future__ import annotations

import logging
import socket
import threading
import time
from collections.abc import Iterator

import pytest

from puur.bots import make_player
from puur.bots.jasskit_protocol import observation_from_jasskit, observation_to_jasskit
from puur.bots.runner import play_turn
from puur.bots.service import create_service
from puur.core.profile import RuleProfile
from puur.match.game import Game


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    import uvicorn

    port = _free_port()
    app = create_service(["heuristic", "random", "mcts:iters=30"])
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    t = threading.Thread(target=srv.run, daemon=True)
    t.start()
    for _ in range(100):
        if srv.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    t.join(5)


def test_observation_round_trip_through_jasskit_json() -> None:
    game = Game("schieber", seed=5)
    h = make_player("heuristic")
    for _ in range(14):
        seat = game.current_seat
        assert seat is not None
        obs = game.observation(seat)
        back = observation_from_jasskit(observation_to_jasskit(obs), game.profile)
        assert back.seat == obs.seat and back.hand == obs.hand and back.contract == obs.contract
        assert back.trick == obs.trick and back.legal_actions == obs.legal_actions
        assert [t.cards for t in back.tricks] == [t.cards for t in obs.tricks]
        play_turn(game, h)


def test_remote_client_against_our_service(server: str) -> None:
    players = {s: make_player(f"remote:url={server}/heuristic") for s in (0, 2)}
    players.update({s: make_player("random", seed=s) for s in (1, 3)})
    game = Game("schieber", seed=11)
    while not game.rounds:
        seat = game.current_seat
        assert seat is not None
        play_turn(game, players[seat])
    assert players[0].fallbacks == 0 and players[2].fallbacks == 0  # type: ignore[attr-defined]
    # the remote heuristic plays exactly as the local one would
    local = make_player("heuristic")
    g2 = Game("schieber", seed=11)
    obs = g2.observation(g2.current_seat)  # type: ignore[arg-type]
    assert make_player(f"remote:url={server}/heuristic").act(obs) == local.act(obs)


def test_service_errors(server: str) -> None:
    import httpx

    assert httpx.get(f"{server}/heuristic").status_code == 200
    assert httpx.get(f"{server}/nobody").status_code == 404
    assert httpx.post(f"{server}/nobody/action_play_card", json={}).status_code == 400
    assert httpx.post(f"{server}/heuristic/action_play_card", json={"version": "x"}).status_code == 400


def test_jasskit_agent_by_network_plays_against_our_service(server: str, caplog: pytest.LogCaptureFixture) -> None:
    pytest.importorskip("jass")
    import sys
    import types

    import numpy as np

    if "flask" not in sys.modules:
        try:
            import flask  # noqa: F401
        except ImportError:  # jass-kit's route module needs flask only for its server; the client needs 3 names
            shim = types.ModuleType("jass.service.player_service_route")
            shim.SEND_INFO_PREFIX = "/game_info"  # type: ignore[attr-defined]
            shim.SELECT_TRUMP_PATH_PREFIX = "/action_trump"  # type: ignore[attr-defined]
            shim.PLAY_CARD_PATH_PREFIX = "/action_play_card"  # type: ignore[attr-defined]
            sys.modules.setdefault("jass.service.player_service_route", shim)
    from jass.agents.agent_by_network import AgentByNetwork
    from jass.agents.agent_random_schieber import AgentRandomSchieber
    from jass.game.const import PUSH
    from jass.game.game_sim import GameSim
    from jass.game.game_util import deal_random_hand
    from jass.game.rule_schieber import RuleSchieber

    np.random.seed(3)
    agents = [AgentByNetwork(f"{server}/heuristic"), AgentRandomSchieber(),
              AgentByNetwork(f"{server}/mcts"), AgentRandomSchieber()]  # fmt: skip
    caplog.set_level(logging.ERROR, logger="jass.agents.agent_by_network")  # where it says it played a stand-in
    sim = GameSim(rule=RuleSchieber())
    sim.init_from_cards(hands=deal_random_hand(), dealer=1)
    calls = []
    while sim.state.trump == -1:
        p = sim.state.player
        t = agents[p].action_trump(sim.get_observation())
        calls.append(t)
        sim.action_trump(t)
    while not sim.is_done():
        p = sim.state.player
        obs = sim.get_observation()
        card = agents[p].action_play_card(obs)
        valid = RuleSchieber().get_valid_cards_from_obs(obs)
        assert valid[card] == 1 or p % 2 == 1
        sim.action_play_card(card)
    assert sim.state.nr_played_cards == 36
    assert not [r for r in caplog.records if r.name.startswith("jass")]  # no silent stand-in: our service answered
    assert all(c in (0, 1, 2, 3, 4, 5, PUSH) for c in calls)
    _ = RuleProfile.preset("schieber")
