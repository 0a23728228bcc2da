"""Live games (the HTTP game API): computer seats move through the runner's one path
(``puur.bots.runner.play_computers``), so under ``stoeck: strict`` a computer seat declares its Stöck with the
second card, in every preset."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from game_checks import stoeck_outcomes

from puur.core.profile import PRESETS


@pytest.mark.parametrize("preset", list(PRESETS))
def test_live_computer_seats_declare_stoeck(client: TestClient, preset: str) -> None:
    profile = {"preset": preset, "stoeck": "strict", "target": 1000}
    seen: list[str | None] = []
    for seed in range(30):
        r = client.post("/api/v1/games", json={"seats": ["human", "random", "random", "random"], "seed": seed,
                                               "profile": profile})  # fmt: skip
        assert r.status_code == 201, r.text
        gid, token = r.json()["game_id"], r.json()["tokens"]["0"]
        url, headers = f"/api/v1/games/{gid}", {"Authorization": f"Bearer {token}"}
        view = client.get(url, headers=headers).json()
        while view["status"] != "over":
            action = [a for a in view["legal_actions"] if a != "claim"][0]
            r = client.post(f"{url}/actions", headers=headers, json={"action": action})
            assert r.status_code == 200, r.text
            view = client.get(url, headers=headers).json()
        game = client.app.state.game_hub.get(gid).game  # type: ignore[attr-defined]
        seen += stoeck_outcomes(game, {1, 2, 3})
        if seen:
            break
    assert seen and set(seen) == {"scored"}
