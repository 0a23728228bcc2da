"""A match played on the device (the engine in the page) counts for the browser's remembered player: its record
is kept until the server has replayed and counted it, then the player's page shows it."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest
from helpers import DESKTOP

from puur.bots import make_player
from puur.bots.runner import declarations_for
from puur.core.profile import RuleProfile
from puur.match.game import Game
from puur.server.http.web import ENGINE_MANIFEST

pytestmark = [
    pytest.mark.browser,
    pytest.mark.engine_in_page,
    pytest.mark.skipif(not (ENGINE_MANIFEST.parent / "pyodide.asm.wasm").is_file(),
                       reason="the offline engine is not built (make offline; it needs npm)"),
]

READY = "#offline-ready:not([hidden])"
PLAY_ON_DEVICE = """async () => {
  // a short match of the engine in the page, through the table's own api() (the setup, not what is tested):
  // the person's first legal action each time
  const made = await api("/games", { method: "POST", body: { seats: ["human", "heuristic", "heuristic", "heuristic"],
    profile: { preset: "schieber", target: 100 }, seed: 7 } });
  if (!made.game_id.startsWith("local-")) return made.game_id;  // (the engine answers only offline: see below)
  const token = made.tokens["0"], path = `/games/${made.game_id}`;
  let view = await api(path, { token });
  while (view.status !== "over") {
    view = await api(path + "/actions", { method: "POST", body: { action: view.legal_actions[0] }, token });
  }
  return made.game_id;
}"""


def test_a_device_match_counts_for_the_player_once_the_server_has_it(page: Any, live_server: str) -> None:
    page.goto(f"{live_server}/player")
    page.fill("#make-name", "Mia")
    page.click("#make-form button[type=submit]")
    page.wait_for_selector("#mine:not([hidden]) #no-stats")
    key = page.evaluate("localStorage.getItem('puur.playerKey')")

    page.goto(f"{live_server}/?pace=0")
    page.wait_for_selector(READY, timeout=60_000)
    page.context.set_offline(True)  # no server: New game is the engine's, on this device
    game_id = page.evaluate(PLAY_ON_DEVICE)
    assert game_id.startswith("local-")
    kept = json.loads(page.evaluate("localStorage.getItem('puur.deviceMatches')"))
    assert [m["id"] for m in kept] == [game_id]  # offline: kept for later

    page.context.set_offline(False)  # back online: the browser says so, and the match is sent
    page.wait_for_function("localStorage.getItem('puur.deviceMatches') === '[]'", timeout=20_000)
    request = urllib.request.Request(f"{live_server}/api/v1/players/me/stats", headers={"Authorization": f"Player {key}"})
    with urllib.request.urlopen(request) as resp:
        stats = json.load(resp)
    assert stats["matches"] == 1 and stats["recent"][0]["source"] == "device"

    page.goto(f"{live_server}/player")
    page.wait_for_selector("#stats [data-stat=matches] b")
    assert page.locator("#stats [data-stat=matches] b").inner_text() == "1"


def _finished_match() -> str:
    """The record of a short finished match (target 100, every seat the heuristic), as a device keeps it: JSON text."""
    game = Game(RuleProfile.preset("schieber").with_options(target=100), seed=7)
    player = make_player("heuristic")
    while not game.is_over:
        seat = game.current_seat
        assert seat is not None
        action = player.act(game.observation(seat))  # type: ignore[arg-type]
        game.apply(action, declarations_for(game, action))
    return json.dumps(game.record())


def test_a_device_match_the_server_could_not_take_is_sent_again_after_a_pause(open_page: Any, live_server: str) -> None:
    # No service worker (and so no engine: the match is one the device kept earlier): the requests a service
    # worker passes on to the network are out of reach of Playwright's routes, and the route is the busy server.
    page = open_page(DESKTOP, service_workers="block")
    page.goto(f"{live_server}/player")
    page.fill("#make-name", "Noe")
    page.click("#make-form button[type=submit]")
    page.wait_for_selector("#mine:not([hidden]) #no-stats")
    page.evaluate("""([record]) => localStorage.setItem('puur.deviceMatches',
        JSON.stringify([{ id: 'local-kept', seat: 0, record }]))""", [_finished_match()])

    answered: list[int] = []

    def busy_once(route: Any) -> None:  # the server too busy for the first send, as a 503 says
        answered.append(503 if not answered else 0)
        if answered[-1] == 503:
            route.fulfill(status=503, content_type="application/json", body='{"detail": "busy"}')
        else:
            route.continue_()

    page.route("**/api/v1/players/me/matches", busy_once)
    page.goto(f"{live_server}/?pace=0")  # the table sends what is kept at once: refused for now, kept ...
    page.wait_for_function("localStorage.getItem('puur.deviceMatches') === '[]'", timeout=30_000)
    assert answered == [503, 0]  # ... and sent again after a pause, with no online event: counted
    stats = page.evaluate("""async () => (await fetch('/api/v1/players/me/stats',
        { headers: { Authorization: `Player ${localStorage.getItem('puur.playerKey')}` } })).json()""")
    assert stats["matches"] == 1 and stats["recent"][0]["source"] == "device"
