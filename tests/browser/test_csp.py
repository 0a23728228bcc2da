"""The pages under their Content-Security-Policy in Chromium (puur/server/http/headers.py, SECURITY.md "Web pages
and headers"): the table, the place pages, every tool page and the API docs work with no CSP violation in the
console and load nothing from another origin."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# Each page records the violations the browser reports (the event the console message comes with).
RECORD_VIOLATIONS = """
window.__csp = [];
document.addEventListener("securitypolicyviolation",
  e => window.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`));
"""


@dataclass
class Watch:
    """What a page did that the policy or the origin rule would forbid."""

    console: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)

    def violations(self, page: Any) -> list[str]:
        events = page.evaluate("window.__csp || []")
        refused = [m for m in self.console if "Content Security Policy" in m or "Refused to" in m]
        return [*events, *refused]


@pytest.fixture
def watched(strict_page: Any, live_server: str) -> Iterator[tuple[Any, Watch]]:
    page = strict_page
    watch = Watch()
    page.add_init_script(RECORD_VIOLATIONS)
    page.on("console", lambda m: watch.console.append(m.text) if m.type in ("error", "warning") else None)
    page.on("request", lambda r: None if r.url.startswith((live_server, "data:")) else watch.foreign.append(r.url))
    yield page, watch


def assert_clean(page: Any, watch: Watch) -> None:
    assert watch.violations(page) == []
    assert watch.foreign == []


def test_csp_header_on_pages(strict_page: Any, live_server: str) -> None:
    page = strict_page
    response = page.goto(live_server + "/tools/weis")
    csp = response.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp


def test_csp_violation_is_caught(watched: tuple[Any, Watch], live_server: str) -> None:
    """The check can fail: an inline script added to a served page is refused and reported."""
    page, watch = watched
    page.goto(live_server + "/tools/")
    page.evaluate("""() => { const s = document.createElement("div");
      s.innerHTML = '<img src="x" onerror="window.ran = 1">'; document.body.append(s); }""")
    for _ in range(100):  # wait_for_function's polling evaluates a string: the policy refuses it here
        if page.evaluate("window.__csp.length") > 0:
            break
        page.wait_for_timeout(50)
    assert watch.violations(page) and page.evaluate("window.ran") is None


def test_table_plays_without_csp_violation(watched: tuple[Any, Watch], live_server: str) -> None:
    page, watch = watched
    page.goto(f"{live_server}/?pace=0")
    page.wait_for_selector("#dlg-setup[open]")
    page.click("#setup-start")
    page.wait_for_selector("#dlg-setup", state="hidden")
    played = 0
    while played < 3:  # choose or push, then cards: the hand, the trick and the chalk are drawn
        # enabled buttons only: a choice just clicked stays drawn, disabled, until the game's answer comes
        page.wait_for_selector("#choose:not([hidden]) button:not([disabled]), #hand .card.legal:not([disabled])",
                               timeout=15_000)  # fmt: skip
        choose = page.locator("#choose:not([hidden]) button:not([disabled])")
        if choose.count():
            choose.first.click()
        else:
            page.locator("#hand .card.legal:not([disabled])").first.click()
            played += 1
    page.wait_for_selector("#hand .card")
    assert_clean(page, watch)


@pytest.mark.parametrize("tool", ["", "jasstafel", "weis", "trick", "coiffeur", "differenzler"])
def test_tool_page_without_csp_violation(watched: tuple[Any, Watch], live_server: str, tool: str) -> None:
    page, watch = watched
    page.goto(f"{live_server}/tools/{tool}")
    page.wait_for_selector("nav.toolbar")  # tools.js ran
    if tool == "weis":
        page.click("button.card[data-seat='0'][data-card='HA']")
        expect(page.locator("#out0")).not_to_have_text("")
    if tool == "trick":
        page.wait_for_selector("#seats .chip span")  # the chips styled through the CSSOM
    if tool == "jasstafel":
        page.wait_for_selector("#svg-we svg")
    page.wait_for_load_state("networkidle")
    assert_clean(page, watch)


@pytest.mark.parametrize(
    ("path", "chooser", "word", "german"),
    [
        ("/lobby", "#ui-lang", "[data-t=play_title]", "Jetzt spielen"),
        ("/player", "#lang", "h1[data-w=title]", "Mein Spieler"),
        ("/tournaments", "#lang", "h1[data-i18n=tournaments]", "Turniere"),
    ],
)
def test_place_page_speaks_its_words_without_csp_violation(
    watched: tuple[Any, Watch], live_server: str, path: str, chooser: str, word: str, german: str
) -> None:
    """A place page's module imports its words as a JSON module (static/place/NAME.words.json): under the policy
    the module graph loads as a whole, and the words chosen in the page come from that file."""
    page, watch = watched
    page.goto(live_server + path)
    page.select_option(chooser, "de")
    expect(page.locator(word)).to_have_text(german)
    page.wait_for_load_state("networkidle")
    assert_clean(page, watch)


def test_api_docs_render_from_puur_alone(watched: tuple[Any, Watch], live_server: str) -> None:
    page, watch = watched
    page.goto(f"{live_server}/api/v1/docs")
    page.wait_for_selector(".opblock", timeout=20_000)  # Swagger UI read the schema and drew the operations
    assert page.locator(".opblock").count() > 10
    page.wait_for_load_state("networkidle")
    assert_clean(page, watch)
