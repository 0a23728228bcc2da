"""The web table in Chromium (docs/forms.md): a whole Coiffeur match (8 columns) and a 4-round Differenzler,
by clicking: one human seat, three heuristic computers, the computers at full speed (``?pace=0``)."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytestmark = pytest.mark.browser

DRIVE = """async ([predict, timeout]) => {
  // what a player at the table does, in the page: close a round's breakdown, name a column, predict, play the
  // first legal card; enabled controls only (the page disables them while an action is on its way)
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const q = (sel) => document.querySelector(sel);
  const done = [];
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    const dlg = q("#dlg-round[open]");
    if (dlg) {
      if (dlg.querySelector("#result")) { dlg.querySelector("button.primary").click(); return done; }
      const next = q("#btn-next");
      if (next) { next.click(); done.push("round"); }
      await sleep(5);
      continue;
    }
    const column = q("#form-choose:not([hidden]) button.column-btn:not(.push):not([disabled])");
    if (column) { done.push(column.dataset.action); column.click(); await sleep(5); continue; }
    const go = q("#predict-btn:not([disabled])");
    if (go) { q("#predict-input").value = String(predict); go.click(); done.push("predict:" + predict); await sleep(5); continue; }
    const card = q("#hand .card.legal:not([disabled])");
    if (card) { card.click(); done.push("card"); await sleep(5); continue; }
    await sleep(5);
  }
  throw new Error("the match did not end in time: " + done.length + " actions");
}"""


def start_form(page: Any, base: str, choice: str) -> None:
    page.emulate_media(reduced_motion="reduce")  # no card flights: the page draws each view at once
    page.goto(f"{base}/?pace=0")
    page.wait_for_selector("#dlg-setup[open]")
    page.wait_for_selector("#set-form")
    page.select_option("#set-form", choice)
    for sel in ("#set-strength", "#set-strength-partner"):
        level = page.locator(f"{sel} option[data-level=heuristic]")
        if level.count():
            page.select_option(sel, level.get_attribute("value"))
    page.select_option("#seat-kind-0", "human")
    for seat in (1, 2, 3):
        page.select_option(f"#seat-kind-{seat}", "computer")
    page.click("#setup-start")
    page.wait_for_selector("#dlg-setup", state="hidden")
    page.wait_for_selector("#form-panel:not([hidden])")


def test_a_whole_coiffeur_match_by_clicking(page: Any, live_server: str) -> None:
    start_form(page, live_server, "coiffeur8")
    assert page.locator("#coiffeur-sheet th[data-col]").count() == 8
    done = page.evaluate(DRIVE, [0, 110_000])
    chosen = [a.split("=")[0] for a in done if a.startswith("column:")]
    page.wait_for_selector("#form-result")
    text = page.locator("#form-result").inner_text()
    assert re.search(r"win \d+ to \d+|tie", text), text
    # every box of both rows is filled, and our eight choices were eight different columns
    assert page.locator("#coiffeur-sheet td.empty").count() == 0
    assert len(chosen) == len(set(chosen)) and 1 <= len(chosen) <= 8
    record = page.evaluate(
        "async () => { const id = localStorage.getItem('puur.current'); const g = JSON.parse(localStorage.getItem('puur.games'))[id];"
        " const r = await fetch(`/api/v1/games/${id}/record`, {headers: {Authorization: `Bearer ${g.tokens[0]}`}});"
        " return await r.json(); }"
    )
    assert record["form"]["form"] == "coiffeur" and len(record["rounds"]) == 16
    totals = [int(x) for x in page.locator("#coiffeur-sheet td.total").all_inner_texts()]
    assert totals == record["scores"]


def test_a_four_round_differenzler_by_clicking(page: Any, live_server: str) -> None:
    start_form(page, live_server, "differenzler4")
    done = page.evaluate(DRIVE, [40, 60_000])
    assert done.count("predict:40") == 4 and done.count("card") == 36
    page.wait_for_selector("#form-result")
    rows = page.locator("#diff-sheet tr.diff-round")
    assert rows.count() == 4
    for i in range(4):
        first = rows.nth(i).locator("td").first.inner_text()
        pred, actual, diff = re.fullmatch(r"(\d+)/(\d+) \+(\d+)", first).groups()  # type: ignore[union-attr]
        assert pred == "40" and int(diff) == abs(40 - int(actual))
    assert "lowest total" in page.locator("#form-result").inner_text()
