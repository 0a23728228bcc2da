"""The table's fair-deal line (SECURITY.md "Fair deals"): the commitment from the first card, the seed at the
end, and a downloaded record that ``puur verify`` accepts (the page must not round a 64-bit seed)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from api_client import api
from helpers import open_on_the_table, play_through_api

from puur.match.fairness import seed_commitment
from puur.match.verify import verify_record

pytestmark = pytest.mark.browser


def test_the_commitment_then_the_seed_and_a_record_that_verifies(page: Any, live_server: str, tmp_path: Path) -> None:
    created = api(live_server, "/api/v1/games", body={
        "seats": ["human", "heuristic", "heuristic", "heuristic"], "profile": {"preset": "schieber", "target": 100},
    })  # fmt: skip
    commitment = api(live_server, f"/api/v1/games/{created['game_id']}", created["tokens"]["0"])["fair_deal"]["commitment"]
    open_on_the_table(page, live_server, created, {"lang": "en"})
    line = page.locator("#fair")
    line.wait_for(state="visible")
    assert line.inner_text() == f"Deals fixed before the first card: SHA-256 {commitment[:12]}…"
    assert commitment in (line.get_attribute("title") or "")
    # the match played out through the API (Rosen chosen): the table follows it, each round's breakdown read
    play_through_api(live_server, created["game_id"], created["tokens"]["0"], lambda v: v["status"] == "over", "H")
    for _ in range(10):  # target 100: a round or two end the match (a 1x round can leave both below it)
        page.wait_for_selector("#dlg-round[open] #btn-record, #dlg-round[open] #btn-next")
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
