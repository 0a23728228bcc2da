"""The New-game dialog's form settings (docs/forms.md) in Chromium: Coiffeur's opponents and jokers and the
ten-column sheet's Slalom and Guschti factors (Puur's ×9 and ×10, said there), Differenzler's predictions,
contract rule, match, Weis and Stöck and threshold; the game starts with what was chosen."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

SETTINGS = """async () => { const id = localStorage.getItem('puur.current'); const g = JSON.parse(localStorage.getItem('puur.games'))[id];
  const r = await fetch(`/api/v1/games/${id}`, {headers: {Authorization: `Bearer ${g.tokens[0]}`}});
  return (await r.json()).form.settings; }"""


def open_setup(page: Any, base: str, choice: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    page.goto(f"{base}/?pace=0")
    page.wait_for_selector("#dlg-setup[open]")
    page.wait_for_selector("#set-form")
    page.select_option("#set-form", choice)
    page.select_option("#seat-kind-0", "human")
    for seat in (1, 2, 3):
        page.select_option(f"#seat-kind-{seat}", "computer")


def start(page: Any) -> dict[str, Any]:
    page.click("#setup-start")
    page.wait_for_selector("#dlg-setup", state="hidden")
    page.wait_for_selector("#form-panel:not([hidden])")
    settings: dict[str, Any] = page.evaluate(SETTINGS)
    return settings


def test_the_dialog_sets_the_coiffeur_settings(page: Any, live_server: str) -> None:
    open_setup(page, live_server, "coiffeur10")
    assert page.is_visible("#form-settings-coiffeur") and not page.is_visible("#form-settings-differenzler")
    assert "Puur's choice" in page.inner_text("#set-extra_factors-label")
    assert page.input_value("#set-slalom") == "9" and page.input_value("#set-guschti") == "10"
    assert page.is_checked("#set-opponents_count") and not page.is_checked("#set-jokers_differ")
    page.fill("#set-slalom", "12")
    page.uncheck("#set-opponents_count")
    page.check("#set-jokers_differ")
    settings = start(page)
    assert settings["factors"][-2:] == [12, 10]
    assert settings["opponents_count"] is False and settings["joker_may_repeat"] is False


def test_the_dialog_sets_the_differenzler_settings(page: Any, live_server: str) -> None:
    open_setup(page, live_server, "differenzler_t")
    assert page.is_visible("#form-settings-differenzler") and not page.is_visible("#set-extra-factors")
    assert page.input_value("#set-predictions") == "open" and page.is_checked("#set-match_bonus")
    page.select_option("#set-predictions", "covered")
    page.select_option("#set-contract", "forehand")
    page.check("#set-weis_stoeck")
    page.fill("#set-threshold", "300")
    settings = start(page)
    assert settings["predictions"] == "covered" and settings["contract"] == "forehand"
    assert settings["weis_stoeck"] is True and settings["match_bonus"] is True
    assert settings["threshold"] == 300 and settings["rounds"] is None
