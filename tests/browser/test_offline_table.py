"""The table without a connection (docs/offline-table.md), in Chromium under the pages' own policy: one online
visit, the page says it is ready offline, then the server is stopped and the browser cut off
(``context.set_offline``), and a whole Schieber match, a Coiffeur round, a reload in the middle of a round and
the scoreboards all work from the engine in the page. Before going offline, the engine in the page (Pyodide)
and the server play the same seeded deals to the same cards, legal moves and scores.

The steps are the tests of this module in order, on one browser context and one server of their own (the
engine loads once per page load: about 4 s). They press like a person: Playwright's clicks and selections."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest
from api_client import api
from helpers import DESKTOP, LiveServer, play_on_trick_tool, type_differenzler_round, write_coiffeur_box
from offline_steps import HUMAN_NEXT, READY, SLOW, act, go_offline, new_game
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from puur.server.http import web
from puur.server.http.web import ENGINE_MANIFEST

pytestmark = [
    pytest.mark.browser,
    pytest.mark.engine_in_page,
    pytest.mark.skipif(not (ENGINE_MANIFEST.parent / "pyodide.asm.wasm").is_file(),
                       reason="the offline engine is not built (make offline; it needs npm)"),
]

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
    page.set_default_timeout(60_000)  # the engine starts in about 4 s; a machine shared by many jobs takes longer
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


def test_a_network_that_hangs_does_not_hold_the_page(table: Any) -> None:
    """A train's network: the server's answers for the page's scripts do not come; the service worker answers
    from its cache after 1.5 s and the page is drawn."""
    held: list[Any] = []

    def hold(route: Any) -> None:  # never answered while the page loads
        held.append(route)

    table.context.route("**/static/table/*.js", hold)
    try:
        table.reload(wait_until="commit")
        table.wait_for_selector("#dlg-setup[open]", timeout=10_000)  # the scripts ran: New game opens
        assert held  # the network was asked, and did not answer
    finally:
        table.context.unroute("**/static/table/*.js")
        for route in held:
            with contextlib.suppress(PlaywrightError):  # the page they were for is gone
                route.continue_()


def test_a_whole_schieber_match_offline(table: Any, server: LiveServer) -> None:
    go_offline(table, server)
    new_game(table, target="1000", mult="ascending")
    assert table.evaluate("S.gameId").startswith("local-")  # a game of this device
    done = [act(table) for _ in range(1)]
    while done[-1] != "over" and len(done) < 400:
        done.append(act(table))
    assert done[-1] == "over" and done.count("card") >= 9  # one round or more: Undenufe ×6 may win it at once
    expect(table.locator("#btn-rematch")).to_be_visible()
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
    expect(table.locator("#hand .card")).to_have_count(len(before[1]) - 1, timeout=SLOW)


def read_the_round(page: Any) -> None:
    """Wait until the person may act; a round's breakdown open meanwhile is read (its Next pressed)."""
    while act_or_round(page) == "round":
        pass


def act_or_round(page: Any) -> str:
    page.wait_for_selector(HUMAN_NEXT)
    if page.locator("#dlg-round[open] #btn-next").count():
        page.click("#btn-next")
        page.wait_for_selector("#dlg-round", state="hidden")
        return "round"
    return "ready"


def test_pass_and_play_offline(table: Any) -> None:
    """Two people on one device, offline: the table covers the hands and hands the device over."""
    read_the_round(table)
    table.click("#btn-new")
    table.wait_for_selector("#dlg-setup[open] #set-form")
    table.select_option("#set-form", "schieber")
    table.select_option("#seat-kind-2", "human")
    table.click("#setup-start")
    table.wait_for_selector("#dlg-leave[open], #cover:not([hidden])")
    if table.locator("#dlg-leave[open]").count():  # the Coiffeur game is still played: it stays under Resume
        table.click("#leave-go")
    table.wait_for_selector("#cover:not([hidden])")
    first = table.locator("#cover-text").inner_text()
    table.click("#cover-btn")
    done: list[str] = []
    while True:  # until the other person is to act and the table covers the hands
        # the new game's view drawn (S.view is null while it loads: the last game's buttons may still stand)
        table.wait_for_function("sel => !document.getElementById('cover').hidden || (S.view && document.querySelector(sel))",
                                arg=HUMAN_NEXT)
        if table.locator("#cover:not([hidden])").count():
            break
        seq = table.evaluate("S.view.seq")
        done.append(act(table))
        if done[-1] not in ("round", "over"):  # a move taken: look again once the table has moved on from it
            table.wait_for_function("s => S.view.seq !== s || !document.getElementById('cover').hidden", arg=seq)
    assert done and table.locator("#cover-text").inner_text() != first  # handed to the other person
    seat = table.evaluate("S.seat")
    table.click("#cover-btn")
    table.wait_for_selector("#hand .card.legal:not([disabled]), #choose:not([hidden]) button:not([disabled])")
    assert table.evaluate("S.seat") == (seat + 2) % 4 and table.evaluate("S.gameId").startswith("local-")


def test_each_scoreboard_computes_offline_beside_the_table(table: Any, server: LiveServer) -> None:
    """The five scoreboards open from the cache in a second tab, beside the table, and compute in the engine
    in the page: the table's own, shared (a shared worker), so no scoreboard starts Pyodide again."""
    page = table.context.new_page()
    page.set_default_timeout(60_000)
    page.goto(f"{server.url}/tools/jasstafel")
    page.select_option("#contract", "D")
    page.fill("#we-cards", "100")
    page.fill("#they-cards", "57")
    page.click("#write")
    expect(page.locator("#rounds tbody tr")).to_have_count(1, timeout=SLOW)
    page.wait_for_function("() => Offline.engine() !== null")
    assert page.evaluate("Offline.engine()") == table.evaluate("Offline.engine()")  # one engine for both tabs
    page.goto(f"{server.url}/tools/weis")
    for c in ("H10", "HJ", "HQ", "HK", "HA"):
        page.click(f"button[data-seat='0'][data-card='{c}']")
    expect(page.locator("#out0")).to_contain_text("Total if your team writes: 100", timeout=SLOW)
    page.goto(f"{server.url}/tools/trick")
    page.select_option("#contract", "D")
    for seat, card in enumerate(["HA", "D7", "D9", "DJ"]):
        play_on_trick_tool(page, seat, card)
    expect(page.locator("#winner")).to_have_text("Seat 4", timeout=SLOW)
    expect(page.locator("#worth")).to_have_text("45", timeout=SLOW)
    page.goto(f"{server.url}/tools/coiffeur")
    write_coiffeur_box(page, 0, 12)
    expect(page.locator("[data-total='0']")).to_have_text("12", timeout=SLOW)
    page.goto(f"{server.url}/tools/differenzler")
    type_differenzler_round(page, [40, 30, 57, 30], [45, 30, 50, 32])
    page.click("#add")
    expect(page.locator("#totals tbody tr")).to_have_count(1, timeout=SLOW)
    expect(page.locator("[data-total='0']")).to_have_text("5", timeout=SLOW)
    page.close()


def test_a_table_with_friends_says_it_needs_the_network(table: Any) -> None:
    """Offline, a New game with a friend's seat (an invite: the friend plays on their own device) is refused
    in plain words; the game on the table stays."""
    current = table.evaluate("localStorage.getItem('puur.current')")
    assert current.startswith("local-")
    table.click("#btn-new")
    table.wait_for_selector("#dlg-setup[open] #set-form", timeout=SLOW)  # its options from the engine, once started
    table.select_option("#set-form", "schieber")
    table.select_option("#seat-kind-2", "invite")
    table.click("#setup-start")
    table.wait_for_selector("#dlg-leave[open], #toast:not([hidden])")
    if table.locator("#dlg-leave[open]").count():  # the Coiffeur game is still played: leave it (it stays)
        table.click("#leave-go")
    expect(table.locator("#toast")).to_have_text("This needs the network: connect and try again", timeout=SLOW)
    assert table.evaluate("localStorage.getItem('puur.current')") == current


def test_back_online_a_new_version_keeps_the_game_in_play(table: Any, server: LiveServer,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The connection back and a new version of the page and engine on the server (a new /sw.js): the page
    opened again installs it (its cache filled whole, the old one deleted) and the game in play is there,
    where it was, and plays on."""
    server.start()
    table.context.set_offline(False)
    continue_after_the_cover(table)
    old = table.evaluate("caches.keys()")
    monkeypatch.setattr(web, "offline_version", lambda: "0123456789abcdef")
    before = table.evaluate("[S.gameId, S.view.seq, S.seat]")
    table.reload()  # the browser asks for /sw.js again: a new worker installs, then takes over
    table.wait_for_function("async () => (await caches.keys()).join() === 'puur-0123456789abcdef'", timeout=SLOW)
    assert old != ["puur-0123456789abcdef"]
    table.reload()  # the page of the new version, from its cache
    continue_after_the_cover(table)
    assert table.evaluate("[S.gameId, S.view.seq, S.seat]") == before  # the game where it was
    assert act(table) in ("card", "contract")
    table.wait_for_function("s => S.view.seq > s", arg=before[1], timeout=SLOW)  # and it plays on


def continue_after_the_cover(page: Any) -> None:
    """Pass-and-play covers the hands when the page opens: the person at the device uncovers theirs."""
    page.wait_for_selector(f"#cover:not([hidden]), {HUMAN_NEXT}", timeout=SLOW)
    if page.locator("#cover:not([hidden])").count():
        page.click("#cover-btn")
    read_the_round(page)


def test_back_online_the_game_is_kept_on_the_server(table: Any, server: LiveServer) -> None:
    """Online again, the person keeps the game of this device on the server (Save online): the server replays
    its record and gives the seats its own tokens; the game goes on there, where it was, and the device
    keeps no copy."""
    local, seq, device_tokens = table.evaluate("[S.gameId, S.view.seq, Object.values(S.tokens)]")
    assert local.startswith("local-")
    table.click("#btn-keep")
    expect(table.locator("#toast")).to_have_text("Saved on the server: the game goes on online", timeout=SLOW)
    online = table.evaluate("S.gameId")
    assert not online.startswith("local-") and local not in table.evaluate("Object.keys(JSON.parse(localStorage['puur.games']))")
    on_device = table.evaluate("ts => Offline.api('/games/lookup', {method: 'POST', body: {tokens: ts}})", device_tokens)
    assert on_device["games"] == []  # the device's engine (and IndexedDB) forgot its copy
    tokens = table.evaluate("S.tokens")
    found = api(server.url, "/api/v1/games/lookup", body={"tokens": list(tokens.values())})["games"]
    assert {g["game_id"] for g in found} == {online}
    view = api(server.url, f"/api/v1/games/{online}", table.evaluate("S.tokens[S.seat]"))
    assert view["seq"] >= seq  # the device's moves all there (the computers may have moved on since)
    continue_after_the_cover(table)
    assert act(table) in ("card", "contract")
    table.wait_for_function("s => S.view.seq > s", arg=view["seq"], timeout=SLOW)  # played through the server
    assert not table.locator("#btn-keep").is_visible()
