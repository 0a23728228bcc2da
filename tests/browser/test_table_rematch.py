"""The table's rematch on a shared device (SECURITY.md "Rematch tokens"): the server gives each seat only its
own new token, so the page asks once for every human seat whose token it holds and keeps them all for the new
game."""

from __future__ import annotations

from typing import Any

import pytest
from api_client import api

pytestmark = pytest.mark.browser


def test_pass_and_play_rematch_collects_every_seat_token(page: Any, live_server: str) -> None:
    page.goto(f"{live_server}/?pace=0")
    page.wait_for_selector("#dlg-setup[open]")
    for seat in range(4):
        page.select_option(f"#seat-kind-{seat}", "human" if seat in (0, 2) else "computer")
    page.click("#setup-start")
    page.wait_for_selector("#cover:not([hidden])")  # pass-and-play: two human seats on this device
    old = page.evaluate("({ id: S.gameId, tokens: { ...S.tokens } })")
    assert sorted(old["tokens"]) == ["0", "2"]
    v = api(live_server, f"/api/v1/games/{old['id']}", old["tokens"]["0"])
    while v["status"] != "over":  # a rematch follows a finished match: the two people play it out
        token = old["tokens"][str(v["to_act"])]
        action = api(live_server, f"/api/v1/games/{old['id']}", token)["legal_actions"][0]
        v = api(live_server, f"/api/v1/games/{old['id']}/actions", token, {"action": action})
    page.evaluate("rematch()")  # what the round dialog's Rematch button calls at the end of a match
    page.wait_for_function(f"S.gameId !== {old['id']!r}")
    new = page.evaluate("({ id: S.gameId, tokens: { ...S.tokens } })")
    assert sorted(new["tokens"]) == ["0", "2"]
    assert set(new["tokens"].values()).isdisjoint(old["tokens"].values())
    # each new token holds its own seat of the new game (asked through the page's origin)
    seats = page.evaluate(
        """async ({ id, tokens }) => {
          const out = {};
          for (const [seat, token] of Object.entries(tokens)) {
            const r = await fetch(`/api/v1/games/${id}`, { headers: { Authorization: `Bearer ${token}` } });
            out[seat] = (await r.json()).seat;
          }
          return out;
        }""",
        new,
    )
    assert seats == {"0": 0, "2": 2}
    stored = page.evaluate(f"JSON.parse(localStorage.getItem('puur.games'))[{new['id']!r}].tokens")
    assert stored == new["tokens"]
