"""Slalom and Guschti at the table (docs/contracts-slalom-guschti.md) as a Schieber table option. New game
offers them; the chooser gets their buttons; the banner names the contract and the order of the trick being
played, which turns after the first trick under Slalom (J30); every text in the page's language. At desktop
and 390×844."""

from __future__ import annotations

from typing import Any

import pytest
from api_client import api
from helpers import CHOOSE_SEED, DESKTOP, NAMES, SIZES, foreign_texts, open_new_game, open_on_the_table

pytestmark = pytest.mark.browser


def slalom_game(page: Any, base: str, lang: str) -> None:
    """A game with Slalom and Guschti offered, where the human chooses the contract of round 1."""
    created = api(base, "/api/v1/games", body={
        "seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": CHOOSE_SEED, "names": [None, *NAMES],
        "profile": {"preset": "schieber", "extra_contracts": "slalom_guschti"}})  # fmt: skip
    open_on_the_table(page, base, created, {"lang": lang, "deck": "swiss"})


@pytest.mark.parametrize(("size", "lang", "first", "now", "then"), [
    ("phone", "de", "Slalom, Obenabe zuerst", "Dieser Stich: Obenabe", "Dieser Stich: Undenufe"),
    ("desktop", "fr", "Slalom, Obenabe d'abord", "Ce pli : Obenabe", "Ce pli : Undenufe"),
])  # fmt: skip
def test_slalom_chosen_and_its_direction_shown_trick_by_trick(
    open_page: Any, live_server: str, size: str, lang: str, first: str, now: str, then: str
) -> None:
    page = open_page(SIZES[size])
    slalom_game(page, live_server, lang)
    page.wait_for_selector("#choose:not([hidden]) button:not([disabled])")
    offered = page.eval_on_selector_all("#choose button", "bs => bs.map((b) => b.dataset.action)")
    assert {"SLO", "SLU", "GUO", "GUU"} <= set(offered)
    assert page.locator("#choose button[data-action=SLO]").inner_text() == first
    you = {"de": "Du", "fr": "Vous"}[lang]
    assert foreign_texts(page, [*NAMES, you]) == []
    page.click("#choose button[data-action=SLO]")
    page.wait_for_selector("#banner .contract[data-contract=SLO]")
    assert page.locator("#banner .contract").inner_text() == first
    assert page.locator("#banner .direction").inner_text() == now
    # play until the first trick is over: the second trick is played Undenufe
    while page.evaluate("() => S.view.tricks.length") < 1:
        page.wait_for_selector("#hand .card.legal:not([disabled])")
        if page.evaluate("() => S.view.tricks.length") >= 1:
            break
        page.locator("#hand .card.legal:not([disabled])").first.click()
        page.wait_for_function("() => S.view.to_act !== S.seat || S.view.tricks.length >= 1")
    page.wait_for_selector("#banner .direction[data-direction=U]")
    assert page.locator("#banner .direction").inner_text() == then
    assert foreign_texts(page, [*NAMES, you]) == []


def test_new_game_offers_slalom_and_guschti_and_remembers_it(open_page: Any, live_server: str) -> None:
    page = open_page(DESKTOP)
    page.goto(f"{live_server}/?pace=0")
    page.wait_for_selector("#dlg-setup[open]")
    names = page.eval_on_selector_all("#set-extra option", "os => os.map((o) => [o.value, o.textContent])")
    assert dict(names) == {"none": "not played", "slalom": "Slalom", "guschti": "Guschti", "slalom_guschti": "Slalom and Guschti"}
    assert page.input_value("#set-extra") == "none"
    page.select_option("#set-extra", "slalom")
    with page.expect_request(lambda r: r.url.endswith("/api/v1/games") and r.method == "POST") as req:
        page.click("#setup-start")
    assert req.value.post_data_json["profile"]["extra_contracts"] == "slalom"
    page.wait_for_selector("#hand .card")
    open_new_game(page)
    assert page.input_value("#set-extra") == "slalom"
