"""The hint and undo buttons of a game against computers (puur/server/http/assist.py): the hint
highlights a playable card and says why in the page's language, the card played and taken back returns to
the hand; at desktop in German and at 390x844 in French."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import DESKTOP, NAMES, PHONE, foreign_texts, table_game

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("size", "lang"), [(DESKTOP, "de"), (PHONE, "fr")], ids=["desktop-de", "phone-fr"])
def test_hint_then_play_then_undo(open_page: Any, live_server: str, size: dict[str, int], lang: str) -> None:
    page = open_page(size, locale=lang)
    table_game(page, live_server, lang)
    page.wait_for_selector("#choose:not([hidden]) button:not([disabled]), #hand .card.legal:not([disabled])")
    if page.locator("#choose:not([hidden])").count():
        page.locator("#choose button[data-action=C]").click()
        page.wait_for_selector("#hand .card.legal:not([disabled])")
    assert page.locator("#btn-undo").is_disabled()  # no card of this round to take back yet
    hand = sorted(page.locator("#hand .card").evaluate_all("(els) => els.map((e) => e.dataset.card)"))
    page.locator("#btn-hint").click()
    page.wait_for_selector("#hint:not([hidden])")
    hinted = page.locator("#hand .card.hinted")
    assert hinted.count() == 1 and "legal" in (hinted.get_attribute("class") or "")
    assert page.locator("#hint").inner_text().strip()
    line = page.locator("#hint span").first.inner_text()  # "Vorschlag: <card>. <what it does>"
    assert line.count(".") >= 2 and not line.rstrip().endswith(". ."), line
    hint = page.evaluate("S.hint")
    if hint["top"]:  # the list says what its numbers are, its first is the suggestion, and a negative is explained
        top = page.locator("#hint-top").inner_text()
        listed = top.split(": ", 1)[1] if lang == "de" else top.split(" : ", 1)[1]
        assert listed.startswith(page.evaluate("a => actionName(a)", hint["action"]) + " "), top
        negative = any(c["points"] < 0 for c in hint["top"])
        assert page.locator("#hint-negative").count() == int(negative)
    you = {"de": "Du", "fr": "Toi"}[lang]
    assert foreign_texts(page, [*NAMES, you]) == []
    if size is PHONE:  # the buttons and the line fit the phone's width
        for sel in ("#btn-hint", "#btn-undo", "#hint"):
            box = page.locator(sel).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 1, sel
    card = hinted.get_attribute("data-card")
    hinted.click()
    page.wait_for_function(f"() => !document.querySelector('#hand [data-card=\"{card}\"]')")
    page.wait_for_selector("#btn-undo:not([disabled])")
    assert page.locator("#hint").is_hidden()
    page.locator("#btn-undo").click()
    page.wait_for_selector(f"#hand [data-card=\"{card}\"].legal:not([disabled])")
    assert sorted(page.locator("#hand .card").evaluate_all("(els) => els.map((e) => e.dataset.card)")) == hand
    assert page.locator("#btn-undo").is_disabled()
