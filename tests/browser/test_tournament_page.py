"""The tournament pages in the browser: a host creates a tournament on /tournaments, takes a seat on its page
(with the browser's player key, to the table), and a second screen — a phone, in German — follows the standings
live to the end, with the seeds and the record shown."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import DESKTOP, PHONE
from playwright.sync_api import expect
from tournament_helpers import call, play_table

pytestmark = pytest.mark.browser


def test_a_tournament_is_created_joined_and_followed_live_to_the_end(open_page: Any, live_server: str,
                                                                    artifacts: Path) -> None:
    host = open_page(DESKTOP)
    host.goto(f"{live_server}/tournaments")
    host.fill("#c-player", "Hans")
    host.fill("#c-name", "Jassabend")
    host.fill("#c-deals", "1")
    host.select_option("#c-people", "1")
    host.click("#create button[type=submit]")
    host.wait_for_url(f"{live_server}/tournaments/*")
    tid = host.url.rsplit("/", 1)[1]
    host.wait_for_selector("#standings tbody tr")
    assert host.locator("#standings tbody tr").count() == 4
    expect(host.locator("#invites li")).to_have_count(2)  # the host's browser sees the invite links (fetched after the page)
    assert host.locator("#deals li").count() == 1 and "commitment" in host.inner_text("#deals")

    watcher = open_page(PHONE, locale="de-CH")
    watcher.goto(f"{live_server}/tournaments/{tid}")
    watcher.wait_for_selector("#standings tbody tr")
    assert watcher.locator("h2[data-i18n=standings]").inner_text() == "Rangliste"  # the phone speaks German
    width = watcher.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width  # nothing scrolls sideways on a phone

    host.click(".table-card[data-table='0'] button.take")  # the host's name is typed already
    host.wait_for_url(f"{live_server}/")
    host.wait_for_selector("#hand .card")  # the table page plays the tournament's seat as any game's
    assert host.inner_text("#target") == "Deal 1 of 1"  # its deals, not the target it does not play to
    stored = host.evaluate("() => [localStorage.getItem('puur.current'), localStorage.getItem('puur.games')]")
    game_id, games = stored[0], json.loads(stored[1])
    token = next(iter(games[game_id]["tokens"].values()))
    play_table(live_server, game_id, token)

    vreni = call(live_server, "/api/v1/players/me", {"name": "Vreni"})
    seat = call(live_server, f"/api/v1/tournaments/{tid}/join", {"table": 1, "seat": 1, "name": "Vreni"},
                 {"Authorization": f"Player {vreni['key']}"})
    play_table(live_server, seat["game_id"], seat["token"])

    # the phone, never reloaded, shows the end: the seeds, the record and the final standings
    watcher.wait_for_selector("#record:not([hidden])", timeout=20_000)
    final = call(live_server, f"/api/v1/tournaments/{tid}")
    assert final["over"]
    shown = [watcher.locator("#standings tbody td.score").nth(i).get_attribute("data-score") for i in range(4)]
    assert [float(s or "nan") for s in shown] == [r["score"] for r in final["standings"]]
    assert final["seeds"][0]["seed"] in watcher.inner_text("#deals")
    assert "Tisch 1" in watcher.inner_text("#tables")
    names = watcher.inner_text("#standings")
    assert "Hans" in names and "Vreni" in names
    watcher.screenshot(path=str(artifacts / "tournament-phone.png"), full_page=True)


def test_the_tournament_pages_keep_their_content_security_policy(strict_page: Any, live_server: str) -> None:
    """Under the pages' own policy (no bypass) both pages work: no violation, no error."""
    page = strict_page
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text or
            "Refused to" in m.text else None)
    page.goto(f"{live_server}/tournaments")
    page.wait_for_selector("#c-preset option", state="attached")
    key = call(live_server, "/api/v1/players/me", {"name": "Ueli"})["key"]
    t = call(live_server, "/api/v1/tournaments", {"name": "Streng", "deals": 1}, {"Authorization": f"Player {key}"})
    page.goto(f"{live_server}/tournaments/{t['id']}")
    page.wait_for_selector(".table-card button.take")
    assert page.locator(".table-card").count() == 2 and page.locator("#standings tbody tr").count() == 4
    assert refused == [] and page.evaluate("document.getElementById('error').hidden")
