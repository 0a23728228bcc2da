"""The "my player" page, pressed as a person does: make a player on a desktop, carry it to a phone by the
page's link, sit at a table there as that player (its name the seat's), and see the finished match in the
statistics on both devices."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest
from helpers import DESKTOP, PHONE, leave_out_engine, play_out
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def _page(browser: Any, viewport: dict[str, int], strict: bool = False) -> tuple[Any, Any]:
    """A person's browser at ``viewport``; ``strict``: under the pages' own Content-Security-Policy (what the
    browser refuses is written to ``p.refused``)."""
    ctx = leave_out_engine(browser.new_context(viewport=viewport, bypass_csp=not strict, reduced_motion="reduce",
                                               locale="de-CH"))
    p = ctx.new_page()
    p.set_default_timeout(15_000)
    p.on("dialog", lambda d: d.accept())
    p.refused = []
    p.on("console", lambda m: p.refused.append(m.text)
         if "Content Security Policy" in m.text or "Refused to" in m.text else None)
    return ctx, p


def _post(base: str, path: str, headers: dict[str, str], body: dict[str, Any]) -> Any:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json", **headers})
    with urllib.request.urlopen(request) as resp:
        return json.load(resp)


def _get(base: str, path: str, headers: dict[str, str]) -> Any:
    with urllib.request.urlopen(urllib.request.Request(base + path, headers=headers)) as resp:
        return json.load(resp)


def test_a_player_is_made_carried_to_a_phone_and_sees_their_statistics(browser: Any, live_server: str) -> None:
    desk_ctx, desk = _page(browser, DESKTOP, strict=True)  # the player's page under its own policy
    phone_ctx, phone = _page(browser, PHONE)
    try:
        desk.goto(f"{live_server}/player")
        desk.wait_for_selector("#make:not([hidden])")
        assert desk.locator("#make h2").inner_text() == "Meinen Spieler machen"  # the browser's language
        desk.fill("#make-name", "Hana")
        desk.click("#make-form button[type=submit]")
        desk.wait_for_selector("#mine:not([hidden])")
        handle = desk.locator("#handle").inner_text()
        assert handle.startswith("Hana#") and len(handle) == len("Hana#0000")
        key = desk.evaluate("localStorage.getItem('puur.playerKey')")

        desk.click("#carry")
        desk.wait_for_selector("#carry-out:not([hidden]) img[src^='data:image/svg+xml']")
        link = desk.locator("#carry-link").get_attribute("href")
        assert link.startswith(f"{live_server}/player#carry=") and key not in link

        phone.goto(link)  # the other device opens the link (or scans the code)
        phone.wait_for_selector("#carried:not([hidden])")
        phone.click("#carried-take")
        phone.wait_for_selector("#mine:not([hidden])")
        assert phone.locator("#handle").inner_text() == handle
        assert "#carry" not in phone.url  # the spent code leaves the address
        phone_key = phone.evaluate("localStorage.getItem('puur.playerKey')")
        assert phone_key and phone_key != key
        expect(phone.locator("#devices li")).to_have_count(2)  # the list arrives after the player
        expect(phone.locator("#no-stats")).to_be_visible()  # the statistics arrive after the player too

        # at the table on the phone: New game, a short match; the seat is taken as the player, under their name
        phone.goto(f"{live_server}/?pace=0")
        phone.wait_for_selector("#dlg-setup[open]")
        phone.evaluate("() => { const s = document.getElementById('set-target'); s.append(new Option('100', '100')); s.value = '100'; }")
        phone.click("#setup-start")
        phone.wait_for_function("S.view && S.view.status === 'playing'")
        assert phone.evaluate("S.view.names[0]") == "Hana"
        play_out(live_server, phone.evaluate("S.gameId"), {0: phone.evaluate("S.tokens[0]")})

        phone.goto(f"{live_server}/player")
        phone.wait_for_selector("#stats [data-stat=matches] b")
        assert phone.locator("#stats [data-stat=matches] b").inner_text() == "1"
        assert phone.locator("#stats .charts svg").count() == 4
        desk.reload()  # the same player on the desktop: the same statistics
        desk.wait_for_selector("#stats [data-stat=matches] b")
        assert desk.locator("#stats [data-stat=matches] b").inner_text() == "1"
        expect(desk.locator("#devices li")).to_have_count(2)

        # the phone is revoked from the desktop: it is nobody there any more, and may make a new player
        desk.locator("#devices li", has_not_text="dieses Gerät").get_by_role("button").click()
        expect(desk.locator("#devices li")).to_have_count(1)
        phone.reload()
        phone.wait_for_selector("#make:not([hidden])")
        assert phone.evaluate("localStorage.getItem('puur.playerKey')") is None

        # the phone makes a player of its own and takes an invited seat at Hana's table: as that player, its name
        # already in the join dialog
        phone.fill("#make-name", "Mia")
        phone.click("#make-form button[type=submit]")
        phone.wait_for_selector("#mine:not([hidden])")
        mia_key = phone.evaluate("localStorage.getItem('puur.playerKey')")
        table = _post(live_server, "/api/v1/games", {"X-Puur-Player": key}, {
            "seats": ["human", "invite", "heuristic", "heuristic"], "profile": {"preset": "schieber", "target": 100}})
        phone.goto(table["invites"]["1"]["url"].replace("/#join=", "/?pace=0#join="))
        phone.wait_for_selector("#dlg-join[open]")
        expect(phone.locator("#join-name")).to_have_value("Mia")
        phone.click("#join-take:not([disabled])")
        phone.wait_for_function("S.view && S.view.status === 'playing' && S.seat === 1")
        play_out(live_server, table["game_id"], {0: table["tokens"]["0"], 1: phone.evaluate("S.tokens[1]")})
        mia = _get(live_server, "/api/v1/players/me/stats", {"Authorization": f"Player {mia_key}"})
        assert mia["matches"] == 1 and mia["player"]["name"] == "Mia"

        desk.click("#delete")  # the confirmation is accepted
        desk.wait_for_selector("#make:not([hidden])")
        assert desk.evaluate("localStorage.getItem('puur.playerKey')") is None
        assert desk.refused == []
    finally:
        desk_ctx.close()
        phone_ctx.close()
