"""The table without a connection (docs/offline-table.md), in Chromium under the pages' own policy: one online
visit, the page says it is ready offline, then the server is stopped and the browser cut off
(``context.set_offline``), and a whole Schieber match, a Coiffeur round, a reload in the middle of a round and
the scoreboards all work from the engine in the page. Before going offline, the engine in the page (Pyodide)
and the server play the same seeded deals to the same cards, legal moves and scores.

The steps are the tests of this module in order, on one browser context and one server of their own (the
engine loads once per page load: about 4 s). They press like a person: Playwright's clicks and selections."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from api_client import api
from helpers import DESKTOP, LiveServer
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from puur.server.http.web import ENGINE_MANIFEST

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not ENGINE_MANIFEST.is_file(), reason="the offline engine is not built (make offline)"),
]

READY = "#offline-ready:not([hidden])"
HUMAN_NEXT = ("#dlg-round[open], #choose:not([hidden]) button:not([disabled]), "
              "#form-choose:not([hidden]) button.column-btn:not(.push):not([disabled]), #hand .card.legal:not([disabled])")
"""What the person at the table can do next: read a round's breakdown, choose a contract or a Coiffeur column,
play a card (enabled controls only: the page disables them while an action is on its way)."""
OWN = ("game_id", "fair_deal")
"""What two tables differ in by design: the game's id, the commitment's salt."""
SEEDED = [
    {"profile": {"preset": "schieber", "target": 1000}, "seats": ["human", "heuristic", "random", "heuristic"], "seed": 7},
    {"form": "coiffeur", "seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": 11},
]
PLAY_IN_ENGINE = """async ([body, steps]) => {
  // a game of the engine in the page, the person taking the last legal action each time, as the test does on
  // the server; every view after an action
  const made = await Offline.api("/games", { method: "POST", body });
  const token = made.tokens["0"], path = `/games/${made.game_id}`;
  let view = await Offline.api(path, { token });
  const views = [view];
  for (let i = 0; i < steps && view.status === "playing"; i++) {
    view = await Offline.api(path + "/actions", { method: "POST", body: { action: view.legal_actions[view.legal_actions.length - 1] }, token });
    views.push(view);
  }
  return views;
}"""


def same(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in OWN}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server of this module's own, which the steps stop."""
    s = LiveServer(tmp_path_factory.mktemp("offline") / "puur.sqlite3")
    s.start()
    yield s
    if s.server is not None and not s.server.should_exit:
        s.stop()


@pytest.fixture(scope="module")
def table(browser: Any, server: LiveServer) -> Iterator[Any]:
    """The table's page after one online visit, once it says it plays offline (its engine answers and the
    service worker holds every file)."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.emulate_media(reduced_motion="reduce")  # no card flights: each view drawn at once
    page.goto(f"{server.url}/?pace=0")
    page.wait_for_selector(READY, timeout=60_000)
    yield page
    context.close()


def test_the_engine_in_the_page_plays_seeded_deals_as_the_server_does(table: Any, server: LiveServer) -> None:
    for body in SEEDED:
        made = api(server.url, "/api/v1/games", body=body)
        token, path = made["tokens"]["0"], f"/api/v1/games/{made['game_id']}"
        served = [api(server.url, path, token)]
        while served[-1]["status"] == "playing" and len(served) <= 60:
            view = served[-1]
            served.append(api(server.url, f"{path}/actions", token, {"action": view["legal_actions"][-1]}))
        in_page = table.evaluate(PLAY_IN_ENGINE, [body, len(served) - 1])
        assert len(in_page) == len(served) > 20
        for mine, theirs in zip(in_page, served, strict=True):
            assert same(mine) == same(theirs)  # the same cards, legal moves, sheet and scores, view by view


def go_offline(page: Any, server: LiveServer) -> None:
    """The server stopped, the browser cut off, the page opened again: from the service worker's cache."""
    server.stop()
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)


def new_game(page: Any, form: str = "schieber", target: str | None = None, mult: str | None = None) -> None:
    if not page.locator("#dlg-setup[open]").count():
        page.click("#btn-new")
    page.wait_for_selector("#dlg-setup[open] #set-form")
    page.select_option("#set-form", form)
    if target:
        page.select_option("#set-target", target)
    if mult:
        page.select_option("#set-mult", mult)
    for sel in ("#set-strength", "#set-strength-partner"):  # the rule-of-thumb computers: quick
        page.select_option(sel, page.locator(f"{sel} option[data-level=heuristic]").get_attribute("value"))
    page.click("#setup-start")
    page.wait_for_selector("#dlg-setup", state="hidden")


def act(page: Any) -> str:
    """The person's next step: read the breakdown (next round, or say the match is over), choose Undenufe
    (the highest factor of the ascending table: a short match) or
    the first column offered, or play the first legal card. A control that the round's breakdown covers
    as it opens (the last trick is shown a moment first) is left: the next step reads the breakdown."""
    page.wait_for_selector(HUMAN_NEXT)
    if page.locator("#dlg-round[open]").count():
        if page.locator("#btn-next").count():
            page.click("#btn-next")
            page.wait_for_selector("#dlg-round", state="hidden")
            return "round"
        return "over"
    choices = [("column", "#form-choose:not([hidden]) button.column-btn:not(.push):not([disabled])"),
               ("contract", "#choose:not([hidden]) button[data-action=U]:not([disabled])"),
               ("card", "#hand .card.legal:not([disabled])")]
    for kind, selector in choices:
        control = page.locator(selector)
        if control.count():
            try:
                control.first.click(timeout=3000)
            except PlaywrightTimeoutError:
                if page.locator("#dlg-round[open]").count():
                    return "covered"
                raise
            return kind
    return "waited"


def test_a_whole_schieber_match_offline(table: Any, server: LiveServer) -> None:
    go_offline(table, server)
    new_game(table, target="1000", mult="ascending")
    assert table.evaluate("S.gameId").startswith("local-")  # a game of this device
    done = [act(table) for _ in range(1)]
    while done[-1] != "over" and len(done) < 400:
        done.append(act(table))
    assert done[-1] == "over" and done.count("round") >= 1 and done.count("card") >= 18
    assert table.locator("#btn-rematch").is_visible()
    totals = table.evaluate("S.view.sheet.totals")
    assert max(totals) >= 1000 and table.evaluate("S.view.status") == "over"
    table.click("#dlg-round button.primary")  # the result read
    table.wait_for_selector("#dlg-round", state="hidden")


def test_a_coiffeur_round_offline_and_a_reload_resumes_it(table: Any) -> None:
    new_game(table, form="coiffeur8")
    table.wait_for_selector("#form-panel:not([hidden])")
    done = [act(table)]
    while done[-1] != "round":
        done.append(act(table))
    filled = table.locator("#coiffeur-sheet td.filled")
    assert filled.count() >= 1  # the round written in its column
    while done.count("card") < 12:  # into the next round
        done.append(act(table))
    mine = "#hand .card.legal:not([disabled])"  # the person's turn: every computer's move shown
    while not table.locator(mine).count() or table.locator("#dlg-round[open]").count():
        done.append(act(table))
    table.wait_for_selector(mine)
    before = table.evaluate("[S.view.seq, S.view.hand, S.gameId]")
    table.reload()  # still offline: the page from the cache, the game from IndexedDB
    table.wait_for_selector(mine)
    after = table.evaluate("[S.view.seq, S.view.hand, S.gameId]")
    assert after == before
    assert act(table) == "card"  # and it plays on: the card leaves the hand
    expect(table.locator("#hand .card")).to_have_count(len(before[1]) - 1)


def test_what_needs_the_network_says_so(table: Any) -> None:
    saved = table.evaluate("localStorage.getItem('puur.current')")
    assert saved.startswith("local-")
    table.evaluate("api('/games/lookup', {method: 'POST', body: {tokens: []}}).catch((e) => e.status)")
    status = table.evaluate("api('/games/x/join', {method: 'POST', body: {}}).then(() => 'answered', (e) => e.status)")
    assert status == 0
    assert json.loads(json.dumps(table.evaluate("t('errors')[0]"))).startswith("This needs the network")
