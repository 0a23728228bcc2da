"""The table's fair-deal line (issue 13): the commitment from the first card, the seed at the end, and a
downloaded record that ``puur verify`` accepts (the page must not round a 64-bit seed)."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from puur.fairness import seed_commitment
from puur.verify import verify_record

pytestmark = pytest.mark.browser


def _play_until_the_round_dialog(page: Any) -> None:
    for _ in range(200):
        page.wait_for_selector("#choose:not([hidden]) button:not([disabled]), #hand .card.legal:not([disabled]), #dlg-round[open]")
        if page.locator("#dlg-round[open]").count():
            return
        choose = page.locator("#choose:not([hidden]) button[data-action=H]:not([disabled])")
        if choose.count():
            choose.click()
        else:
            page.locator("#hand .card.legal:not([disabled])").first.click()
    raise AssertionError("the round did not end")


def test_the_commitment_then_the_seed_and_a_record_that_verifies(page: Any, live_server: str, tmp_path: Path) -> None:
    req = urllib.request.Request(
        f"{live_server}/api/v1/games", method="POST", headers={"Content-Type": "application/json"},
        data=json.dumps({"seats": ["human", "heuristic", "heuristic", "heuristic"],
                         "profile": {"preset": "schieber", "target": 100}}).encode(),
    )  # fmt: skip
    with urllib.request.urlopen(req) as resp:
        created = json.load(resp)
    with urllib.request.urlopen(urllib.request.Request(
        f"{live_server}/api/v1/games/{created['game_id']}", headers={"Authorization": f"Bearer {created['tokens']['0']}"},
    )) as resp:  # fmt: skip
        commitment = json.load(resp)["fair_deal"]["commitment"]
    page.goto(f"{live_server}/?pace=0")
    page.evaluate(
        "([id, tokens]) => { localStorage.setItem('puur.games', JSON.stringify({[id]: {tokens, saved: 0}}));"
        " localStorage.setItem('puur.current', id); localStorage.setItem('puur.prefs', JSON.stringify({lang: 'en'})); }",
        [created["game_id"], created["tokens"]],
    )
    page.goto(f"{live_server}/?pace=0")
    line = page.locator("#fair")
    line.wait_for(state="visible")
    assert line.inner_text() == f"Deals fixed before the first card: SHA-256 {commitment[:12]}…"
    assert commitment in (line.get_attribute("title") or "")
    for _ in range(10):  # target 100: a round or two end the match (a 1x round can leave both below it)
        _play_until_the_round_dialog(page)
        page.wait_for_selector("#btn-record, #btn-next")
        if page.locator("#btn-record").count():
            break
        page.click("#btn-next")
    with page.expect_download() as download:
        page.click("#btn-record")
    path = tmp_path / "record.json"
    download.value.save_as(path)
    record = json.loads(path.read_text())
    assert verify_record(record).ok and record["commitment"] == commitment
    assert seed_commitment(record["seed"], record["salt"]) == commitment
    assert line.inner_text() == f"Seed {record['seed']}: check the downloaded record with puur verify"
    assert record["salt"] in (line.get_attribute("title") or "")
