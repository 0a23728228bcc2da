"""The lobby in Chromium (docs/lobby.md), three people on their own devices: Anna presses "Play now" and
plays with computers; Beat sees her table appear live in his lobby (no reload), sits down and watches until
the round ends, then plays at her table; Cla watches the table from the lobby, one trick behind, on a phone in
French."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import PHONE, leave_out_engine
from test_table_friends import AUTOPLAY  # a seat that plays by itself

pytestmark = pytest.mark.browser




def _person(browser: Any, size: dict[str, int] | None = None, locale: str = "en-US") -> tuple[Any, Any]:
    context = leave_out_engine(browser.new_context(viewport=size or {"width": 1100, "height": 800}, bypass_csp=True,
                                                   reduced_motion="reduce", locale=locale))
    page = context.new_page()
    page.set_default_timeout(20_000)
    return context, page


def test_play_now_sit_down_and_watch_with_three_people(browser: Any, live_server: str) -> None:
    contexts = []
    try:
        anna_ctx, anna = _person(browser)
        beat_ctx, beat = _person(browser)
        cla_ctx, cla = _person(browser, PHONE, "fr-CH")
        contexts += [anna_ctx, beat_ctx, cla_ctx]
        beat.goto(live_server + "/lobby?pace=0")
        beat.wait_for_function("() => document.getElementById('live-state').textContent === 'live'")
        cla.goto(live_server + "/lobby")
        assert cla.locator("#btn-play").inner_text() == "Jouer maintenant"  # the phone's language
        anna.goto(live_server + "/lobby?pace=0")
        anna.fill("#name", "Anna")
        anna.select_option("#f-lang", "en")
        anna.click("#btn-play")
        anna.wait_for_url(live_server + "/?pace=0")
        anna.wait_for_function("() => typeof S !== 'undefined' && S.view && S.view.status === 'playing'")
        # Beat's lobby shows Anna's new table live, with her name and three computers free for people
        row = beat.locator("#tables li", has_text="Anna")
        row.wait_for()
        assert row.locator(".seat.computer").count() == 3
        beat.fill("#name", "Beat")
        row.locator("button.sit").click()
        beat.wait_for_selector("#watch:not([hidden]) #arriving:not([hidden])")  # from the next round: he watches
        beat.wait_for_function("() => document.querySelector('#watch-board .names')?.textContent.includes('Beat')")
        # Cla watches the table from the lobby on her phone
        cla_row = cla.locator("#tables li", has_text="Anna")
        cla_row.wait_for()
        cla_row.locator("button.watch").click()
        cla.wait_for_function("() => document.querySelector('#watch-board .names')?.textContent.includes('Anna')")
        assert cla.locator("#arriving").is_hidden()  # a spectator, not a person waiting for their round
        # Anna plays the round out; then Beat is at the table, seated with her
        anna.evaluate(AUTOPLAY)
        beat.wait_for_url(live_server + "/?pace=0", timeout=90_000)
        beat.wait_for_function("() => typeof S !== 'undefined' && S.view && S.view.hand && S.view.hand.length > 0", timeout=30_000)
        names = beat.evaluate("() => S.view.names")
        assert names[0] == "Anna" and "Beat" in names
        assert beat.evaluate("() => S.view.seats[S.seat]") == "human"
        beat.evaluate(AUTOPLAY)  # Beat plays too: the match goes on, Cla sees its tricks
        cla.wait_for_function("() => document.querySelector('#watch-board .trick') !== null", timeout=60_000)
        assert anna.evaluate("() => S.view.watchers") == 1  # Anna's table shows one watching
        assert anna.locator(".badge.watchers").inner_text() == "1 watching"
    finally:
        for c in contexts:
            c.close()
