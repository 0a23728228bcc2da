"""The table offline on a phone (docs/offline-table.md): 390×844, a touch screen, in a browser without shared
workers (Chrome on Android has none), so the engine in the page runs in the page's own dedicated worker. One
online visit, then the server stopped and the phone cut off: a new game tapped and a round played to its
breakdown, every press a tap."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import PHONE, LiveServer
from offline_steps import READY, act, go_offline, new_game
from playwright.sync_api import Browser

from puur.server.http.web import ENGINE_MANIFEST

pytestmark = [
    pytest.mark.browser,
    pytest.mark.engine_in_page,
    pytest.mark.skipif(not (ENGINE_MANIFEST.parent / "pyodide.asm.wasm").is_file(),
                       reason="the offline engine is not built (make offline; it needs npm)"),
]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    """A server of this test's own, which the test stops."""
    s = LiveServer(tmp_path / "puur.sqlite3")
    s.start()
    yield s
    if s.server is not None and not s.server.should_exit:
        s.stop()


def test_a_round_on_a_phone_offline(browser: Browser, server: LiveServer) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=3)
    context.add_init_script("delete window.SharedWorker;")  # as on Chrome for Android
    try:
        page = context.new_page()
        page.set_default_timeout(60_000)  # the engine starts in about 4 s; a machine shared by many jobs takes longer
        page.emulate_media(reduced_motion="reduce")
        page.goto(f"{server.url}/?pace=0")
        page.wait_for_selector(READY, timeout=60_000)
        go_offline(page, server)
        new_game(page, tap=True)
        assert page.evaluate("[S.gameId.startsWith('local-'), typeof SharedWorker]") == [True, "undefined"]
        done = [act(page, tap=True)]
        while done[-1] not in ("round", "over") and len(done) < 80:
            done.append(act(page, tap=True))
        assert done[-1] in ("round", "over") and done.count("card") >= 1
        assert page.evaluate("S.view.sheet.rounds.length") == 1  # the round written, in the engine on the phone
    finally:
        context.close()
