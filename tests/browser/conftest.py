"""Browser test fixtures: a live Puur server and a Playwright page on Debian's Chromium.

``live_server`` (session): uvicorn serving ``create_app(db_path=<tmp file>)`` in a background thread on a
free 127.0.0.1 port (``helpers.LiveServer``); yields the base URL (no trailing slash). ``browser`` (session),
``page`` and ``strict_page`` (per test, a fresh context), ``open_page`` (pages at a size and a locale, per
test). Tests marked ``@pytest.mark.browser`` are skipped when /usr/bin/chromium is missing (``make
browser-deps`` installs it). A failed test's report carries what each open page showed (its table's state
too: ``TABLE_STATE``), so a page a test opens is closed by a fixture, after the report, not by the test. The
helpers the tests share, and how to keep the suite fast, are in tests/browser/helpers.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import DESKTOP, LiveServer, leave_out_engine

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
def _wants_engine(request: pytest.FixtureRequest) -> bool:
    return request.node.get_closest_marker("engine_in_page") is not None


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of a Puur server running in this process (stopped at the end of the session)."""
    server = LiveServer(tmp_path_factory.mktemp("live") / "puur.sqlite3")
    server.start()
    yield server.url
    server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium for the session; skips when /usr/bin/chromium is missing."""
    if not CHROMIUM.exists():
        pytest.skip("Chromium is not installed at /usr/bin/chromium (run `make browser-deps`)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


_ANSWERED: dict[int, set[Any]] = {}
"""Per browser context (by ``id``): its requests that were answered or failed (``_watch``), for ``_page_state``."""


def _watch(context: Any) -> Any:
    """``context``, its answered and failed requests noted as they end, so that a failed test can name the
    requests still open (a request's own timing says nothing of one the service worker or cache answered)."""
    ended = _ANSWERED.setdefault(id(context), set())
    context.on("requestfinished", lambda r: ended.add(r))
    context.on("requestfailed", lambda r: ended.add(r))
    context.on("close", lambda _: _ANSWERED.pop(id(context), None))
    return context


def _page(browser: Any, bypass_csp: bool, engine: bool) -> Iterator[Any]:
    context = _watch(browser.new_context(viewport=DESKTOP, bypass_csp=bypass_csp))
    if not engine:
        leave_out_engine(context)
    p = context.new_page()
    p.set_default_timeout(10_000)
    p.on("dialog", lambda d: d.accept())
    try:
        yield p
    finally:
        context.close()


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh page (own context: empty localStorage) at a 1280×900 viewport; dialogs are accepted.

    Its context bypasses the pages' Content-Security-Policy: the tests wait with Playwright's
    ``wait_for_function``, whose string predicates the policy's "no eval" refuses. The policy itself is
    tested on ``strict_page`` (tests/browser/test_csp.py), where the table and every tool page are used
    under it and any violation fails. The engine in the page is left out unless the test is marked
    ``engine_in_page`` (``leave_out_engine``)."""
    yield from _page(browser, bypass_csp=True, engine=_wants_engine(request))


@pytest.fixture
def strict_page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """As ``page``, under the pages' own Content-Security-Policy."""
    yield from _page(browser, bypass_csp=False, engine=_wants_engine(request))


@pytest.fixture
def open_page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """``open_page(size, locale="en-US", **options)``: a fresh page (own context: empty localStorage) at
    ``size``, the browser speaking ``locale``, the pages' CSP bypassed for Playwright's waits (as ``page``),
    15 s waits; ``options`` go to the context (``color_scheme``, ``reduced_motion``); the engine in the page as
    for ``page``. Closed after the test."""
    contexts: list[Any] = []
    engine = _wants_engine(request)

    def make(size: dict[str, int], locale: str = "en-US", **options: Any) -> Any:
        context = _watch(browser.new_context(viewport=size, bypass_csp=True, locale=locale, **options))
        if not engine:
            leave_out_engine(context)
        contexts.append(context)
        p = context.new_page()
        p.set_default_timeout(15_000)
        return p

    yield make
    for c in contexts:
        c.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """``test-artifacts/`` at the repository root (gitignored), for screenshots."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


TABLE_STATE = """() => { if (typeof S === "undefined" || !S.view) return null;
  const v = S.view;
  return { game: v.game_id, seat: S.seat, status: v.status, seq: v.seq, to_act: v.to_act, blocked: S.blocked,
           queued: S.queue.length, seating: v.seating && v.seating.map((s) => `${s.kind}${s.connected ? "+" : ""}`) }; }"""
"""What the table's page holds (``S``, table/core.js): which game, its status and seq, the seats, whether the page
holds its events back: a wait that timed out says whether the view never came or the page never drew it."""


def _page_state(p: Any) -> str:
    """What a failed test's page showed and did: its address, open dialogs, the toast, the console, the
    page's errors and its requests that never got an answer (to tell a slow server from a lost click)."""
    lines = [f"page {p.url}"]
    try:
        lines.append("open dialogs: " + str(p.evaluate("() => [...document.querySelectorAll('dialog[open]')].map(d => d.id)")))
        lines.append("toast: " + str(p.evaluate("() => { const t = document.getElementById('toast'); return t && t.textContent; }")))
        lines.append("table: " + str(p.evaluate(TABLE_STATE)))
    except Exception as e:  # the page may be gone or busy: say so, the rest still helps
        lines.append(f"(page not readable: {e})")
    lines += [f"console {m.type}: {m.text}" for m in p.console_messages()[-20:]]
    lines += [f"page error: {e}" for e in p.page_errors()[-10:]]
    ended = _ANSWERED.get(id(p.context))
    if ended is None:
        lines.append("(the requests of a context made without _watch are not listed)")
        return "\n".join(lines)
    for r in p.requests()[-40:]:  # read without waiting: Request.response() waits for an answer that may never come
        if r not in ended:
            lines.append(f"unanswered request: {r.method} {r.url}")
        elif r.failure:
            lines.append(f"failed request: {r.method} {r.url}: {r.failure}")
    return "\n".join(lines)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A failed browser test's report carries every open page's state (``_page_state``)."""
    outcome = yield
    report = outcome.get_result()
    b = getattr(item, "funcargs", {}).get("browser")
    if report.when != "call" or not report.failed or b is None:
        return
    try:
        states = [_page_state(p) for c in b.contexts for p in c.pages]
    except Exception as e:
        states = [f"(browser state not readable: {e})"]
    report.sections.append(("browser state", "\n\n".join(states)))
