"""The table offers the Weis alternatives with the first card (RULES.md §9.3, S000 "a long run of 8 may
split"): under classic a hand with four Kings and H8–HK may declare the Kings and H8–HQ (200) or
the six-run alone (100, the stronger best meld); the most points is preselected, the player's pick is what
the game records."""

from __future__ import annotations

from typing import Any

import pytest
from api_client import api
from helpers import open_on_the_table, press_until_open

from puur.core.cards import Contract
from puur.core.profile import RuleProfile
from puur.core.rules.weis import alternatives
from puur.match.game import Game

SEED = 86982
"""A classic deal whose seat 0 holds CK DK HK SK and H8 H9 H10 HJ HQ (found by searching seeds)."""


# ``browser`` marks the test that drives Chromium; this one checks its deal on the engine alone.
def test_the_deal_still_offers_a_choice() -> None:
    """The fixture deal: seat 0's hand gives two declarations that differ in the best meld."""
    profile = RuleProfile.preset("classic")
    hand = Game(profile, seed=SEED).round.hands[0]
    assert [a.points for a in alternatives(hand, profile, Contract.H)] == [200, 100]


@pytest.mark.browser
@pytest.mark.parametrize("pick", ["weis:1", "weis:0"])
def test_the_player_picks_a_declaration_with_the_first_card(page: Any, live_server: str, pick: str) -> None:
    created = api(live_server, "/api/v1/games", body={
        "seats": ["human", "heuristic", "heuristic", "heuristic"], "profile": "classic", "seed": SEED,
    })  # fmt: skip
    game_id, token = created["game_id"], created["tokens"]["0"]
    open_on_the_table(page, live_server, created, {"lang": "en"})
    page.wait_for_selector("#choose:not([hidden]) button:not([disabled]), #hand .card.legal:not([disabled])")
    choose = page.locator("#choose:not([hidden]) button[data-action=H]:not([disabled])")
    if choose.count():
        choose.click()
    # the first legal card, with its Weis (held by its data-card, not by its place in a hand that redraws)
    card = page.locator("#hand .card.legal:not([disabled])").first.get_attribute("data-card")
    press_until_open(page, f"#hand .card[data-card='{card}']", "#dlg-weis")
    options = page.locator("#weis-options input[type=radio]")
    assert options.count() == 2
    assert page.is_checked("#weis-options input[value='weis:0']")  # the most points, preselected
    labels = page.locator("#weis-options label").all_inner_texts()
    assert labels[0].strip().startswith("200") and labels[1].strip().startswith("100")
    page.check(f"#weis-options input[value='{pick}']")
    page.click("#dlg-weis button[type=submit]")
    page.wait_for_selector("#dlg-weis", state="hidden")
    for _ in range(100):  # the card is played with the pick; then the others finish trick 1
        view = api(live_server, f"/api/v1/games/{game_id}", token)
        if len(view["tricks"]) >= 1:
            break
        page.wait_for_timeout(100)
    announced = dict(view["weis"]["announced"])
    assert announced[0] == 100  # the best meld either way: the six-run or the five-run, 100 in classic
    shown = {seat: melds for seat, melds in view["weis"]["shown"]}  # seat 0's 100 beats seat 1's 50
    assert sum(m["points"] for m in shown[0]) == (100 if pick == "weis:1" else 200)
