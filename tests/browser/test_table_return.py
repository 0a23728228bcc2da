"""A player who returns to the table (a reload, a connection back) sees the round's breakdown again only
while it is news to them: once their seat has played a card of the next round (from another device, or a
computer standing in for them), the breakdown is not shown as if it were new; the score panel keeps it."""

from __future__ import annotations

from typing import Any

import pytest
from api_client import api
from helpers import game_against_computers, open_in_language, play_through_api, play_to_round_end

pytestmark = pytest.mark.browser


def test_a_returning_player_sees_the_breakdown_only_while_it_is_news(page: Any, live_server: str) -> None:
    created = game_against_computers(live_server)
    play_through_api(live_server, created["game_id"], created["tokens"]["0"], lambda v: len(v["hand"]) == 1)
    game_id, token = open_in_language(page, live_server, created, "en")  # at round 1's last card
    play_to_round_end(page)  # the breakdown of round 1 is open; the player leaves without closing it
    page.reload()  # back at once: nothing has happened since, so it is still news
    page.wait_for_selector("#dlg-round[open] #btn-next")
    # the player goes on from another device: their first card of the next round is played there
    v = api(live_server, f"/api/v1/games/{game_id}", token)
    while not any(c[0] == 0 for c in v["trick"]) and not v["tricks"]:
        v = api(live_server, f"/api/v1/games/{game_id}/actions", token, {"action": v["legal_actions"][0]})
    page.reload()
    page.wait_for_function("seq => S.view && S.view.seq === seq && S.view.round_number === 2", arg=v["seq"])
    assert page.locator("#dlg-round[open]").count() == 0  # the old breakdown is not shown as new
    assert page.locator("#btn-sheet").is_enabled()  # it is still there to read, from the score panel
    page.reload()  # nor does it come back later
    page.wait_for_function("seq => S.view && S.view.seq === seq", arg=v["seq"])
    assert page.locator("#dlg-round[open]").count() == 0
