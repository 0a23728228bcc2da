"""A person away at their turn at an online table (docs/api-online-tables.md "Absence"): every other screen
says whom the table waits for and counts down to the moment the server has a computer play for them (the
view's ``awaited``: the server's deadline, so no screen guesses)."""

from __future__ import annotations

from typing import Any

import pytest
from api_client import api
from helpers import LAPTOP, PHONE, leave_out_engine, open_on_the_table, step

pytestmark = pytest.mark.browser


def test_the_other_screens_show_whom_the_table_waits_for_and_a_countdown(browser: Any, live_server: str) -> None:
    created = api(live_server, "/api/v1/games", body={"seats": ["human", "invite", "invite", "heuristic"],
                                                      "names": ["Hana", None, None, None],
                                                      "profile": {"preset": "schieber", "target": 1000}})
    game_id = created["game_id"]
    # Vreni takes seat 1 and closes her browser at once: she is away when her turn comes
    api(live_server, f"/api/v1/games/{game_id}/join", body={"code": created["invites"]["1"]["code"], "name": "Vreni"})
    # the host on a phone, Ueli on a laptop: the countdown shows at both sizes
    contexts = [leave_out_engine(browser.new_context(viewport=size, bypass_csp=True)) for size in (PHONE, LAPTOP)]
    try:
        host, ueli = (ctx.new_page() for ctx in contexts)
        for p in (host, ueli):
            p.set_default_timeout(15_000)
        open_on_the_table(host, live_server, created, {"lang": "en"})
        ueli.goto(created["invites"]["2"]["url"].replace("/#join=", "/?pace=0#join="), wait_until="commit")
        ueli.wait_for_selector("#dlg-join[open]")
        ueli.fill("#join-name", "Ueli")
        ueli.click("#join-take:not([disabled])")
        pages = {0: host, 2: ueli}
        for p in pages.values():
            p.wait_for_function("S.view && S.view.status === 'playing'")
        for _ in range(12):  # Hana and Ueli play until it is Vreni's turn
            to_act, phase = host.evaluate("[S.view.to_act, S.view.phase]")
            if to_act == 1:
                break
            if to_act in pages:
                step(pages[to_act])
            # the chooser of the contract is the forehand and leads: the phase moves on, the seat stays
            host.wait_for_function("([a, p]) => S.view.to_act !== a || S.view.phase !== p", arg=[to_act, phase])
        assert api(live_server, f"/api/v1/games/{game_id}", created["tokens"]["0"])["to_act"] == 1
        for p in pages.values():
            box = p.locator("#awaited")
            box.wait_for(state="visible")
            assert "Waiting for Vreni: a computer plays for them in" in box.text_content()
            first = int(box.get_attribute("data-seconds"))
            assert 0 < first <= 60
            p.wait_for_function("n => Number(document.getElementById('awaited').dataset.seconds) < n", arg=first)
    finally:
        for ctx in contexts:
            ctx.close()
