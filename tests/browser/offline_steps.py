"""The steps of the table offline that the browser tests share (docs/offline-table.md): the page ready
offline, going offline (the server stopped, the browser cut off), a new game, the person's next step. They
press like a person: Playwright's clicks (``tap``: its taps, on a phone's touch screen) and selections."""

from __future__ import annotations

from typing import Any

from helpers import LiveServer
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

SLOW = 30_000
"""ms a page's first answer offline may take: it waits for its engine to start (about 4 s, more on a busy machine)."""
READY = "#offline-ready:not([hidden])"
HUMAN_NEXT = ("#dlg-round[open], #choose:not([hidden]) button:not([disabled]), "
              "#form-choose:not([hidden]) button.column-btn:not(.push):not([disabled]), #hand .card.legal:not([disabled])")
"""What the person at the table can do next: read a round's breakdown, choose a contract or a Coiffeur column,
play a card (enabled controls only: the page disables them while an action is on its way)."""


def press(page: Any, selector: str, tap: bool = False, timeout: float | None = None) -> None:
    """A person's press on ``selector``: a click, or on a touch screen (``tap``) a tap."""
    control = page.locator(selector).first
    if tap:
        control.tap(timeout=timeout)
    else:
        control.click(timeout=timeout)


def go_offline(page: Any, server: LiveServer) -> None:
    """The server stopped, the browser cut off, the page opened again: from the service worker's cache."""
    server.stop()
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)


def new_game(page: Any, form: str = "schieber", target: str | None = None, mult: str | None = None,
             tap: bool = False) -> None:
    if not page.locator("#dlg-setup[open]").count():
        press(page, "#btn-new", tap)
    page.wait_for_selector("#dlg-setup[open] #set-form")
    page.select_option("#set-form", form)
    if target:
        page.select_option("#set-target", target)
    if mult:
        page.select_option("#set-mult", mult)
    for sel in ("#set-strength", "#set-strength-partner"):  # the rule-of-thumb computers: quick
        page.select_option(sel, page.locator(f"{sel} option[data-level=heuristic]").get_attribute("value"))
    press(page, "#setup-start", tap)
    page.wait_for_selector("#dlg-setup", state="hidden")


def act(page: Any, tap: bool = False) -> str:
    """The person's next step: read the breakdown (next round, or say the match is over), choose Undenufe
    (the highest factor of the ascending table: a short match) or
    the first column offered, or play the first legal card. A control that the round's breakdown or the
    hand-over covers as it opens (the last trick is shown a moment first), or that is redrawn under the
    pointer, is left: the next step looks again."""
    page.wait_for_selector(HUMAN_NEXT)
    if page.locator("#dlg-round[open]").count():
        if page.locator("#btn-next").count():
            press(page, "#btn-next", tap)
            page.wait_for_selector("#dlg-round", state="hidden")
            return "round"
        return "over"
    choices = [("column", "#form-choose:not([hidden]) button.column-btn:not(.push):not([disabled])"),
               ("contract", "#choose:not([hidden]) button[data-action=U]:not([disabled])"),
               ("card", "#hand .card.legal:not([disabled])")]
    for kind, selector in choices:
        if page.locator(selector).count():
            try:
                press(page, selector, tap, timeout=3000)
            except PlaywrightTimeoutError:  # covered meanwhile (the breakdown, the hand-over) or redrawn: look again
                return "covered" if page.locator("#dlg-round[open]").count() else "waited"
            return kind
    return "waited"


