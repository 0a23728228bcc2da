"""The scoreboard tools: each fix driven as a player would, at desktop and at phone width (390×844),
in German, French and English."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import SIZES, type_differenzler_round
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

@pytest.fixture(params=[("desktop", "de"), ("phone", "fr"), ("phone", "en")], ids=lambda p: "-".join(p))
def tool_page(request: pytest.FixtureRequest, page: Any, live_server: str) -> Any:
    """The ``page`` fixture at each of the two widths, the tools in German, French or English (the
    language the table stores, which every tool page reads)."""
    size, lang = request.param
    page.set_viewport_size(SIZES[size])
    page.goto(live_server + "/tools/")
    page.evaluate("(lang) => localStorage.setItem('puur.prefs', JSON.stringify({lang}))", lang)
    return page


def test_differenzler_difference_row_is_the_round_being_typed(tool_page: Any, live_server: str) -> None:
    page = tool_page
    page.goto(live_server + "/tools/differenzler")
    page.wait_for_selector("#pred0")
    type_differenzler_round(page, [40, 30, 57, 30], [45, 30, 50, 32])
    # the last player typed is answered last: wait for their difference, then read the row
    page.wait_for_function("document.querySelector('#diff3').textContent === '2'")
    assert [page.text_content(f"#diff{i}") for i in range(4)] == ["5", "0", "7", "2"]
    page.click("#add")
    page.wait_for_function("document.querySelectorAll('#totals tbody tr').length === 1")
    # the new round's row is empty: no difference of the round just added stands under it
    page.wait_for_function("document.querySelector('#diff0').textContent === '—'")
    assert [page.text_content(f"#diff{i}") for i in range(4)] == ["—"] * 4
    # one player typed: only their column shows a difference
    page.fill("#pred1", "60")
    page.fill("#act1", "40")
    page.wait_for_function("document.querySelector('#diff1').textContent === '20'")
    assert [page.text_content(f"#diff{i}") for i in (0, 2, 3)] == ["—"] * 3
    page.fill("#act1", "")
    page.wait_for_function("document.querySelector('#diff1').textContent === '—'")
    assert page.evaluate("document.documentElement.lang") == page.evaluate("JSON.parse(localStorage.getItem('puur.prefs')).lang")


TYPED_SUM = {"de": "Die eingetippten Punkte ergeben 150, nicht 157", "fr": "Les points saisis font 150, pas 157",
             "en": "The points typed add to 150, not 157"}


def test_differenzler_warns_while_the_points_typed_do_not_add_to_157(tool_page: Any, live_server: str) -> None:
    """The four points taken are typed: where they do not add to 157 the sheet says so before the round is
    added, and the warning goes once they do."""
    page = tool_page
    lang = page.evaluate("JSON.parse(localStorage.getItem('puur.prefs')).lang")
    page.goto(live_server + "/tools/differenzler")
    page.wait_for_selector("#pred0")
    type_differenzler_round(page, [40, 30, 57, 30], [45, 30, 50, 25])  # 150: a trick of 7 forgotten
    expect(page.locator("#typed-warnings li")).to_contain_text(TYPED_SUM[lang])
    page.fill("#act3", "32")  # 157
    expect(page.locator("#typed-warnings li")).to_have_count(0)


def test_jasstafel_targets_in_order_and_a_match_leaves_the_other_team_zero(tool_page: Any, live_server: str) -> None:
    page = tool_page
    page.goto(live_server + "/tools/jasstafel")
    page.wait_for_function("document.querySelectorAll('#target option').length === 4")
    assert page.eval_on_selector_all("#target option", "os => os.map(o => o.value)") == ["1000", "1500", "2500", "3000"]
    assert page.input_value("#target") == "1000"
    page.fill("#we-cards", "257")
    assert page.input_value("#they-cards") == "0"
    page.fill("#we-cards", "100")  # the proposal follows the field until the other is edited
    assert page.input_value("#they-cards") == "57"
    page.fill("#we-cards", "")
    page.fill("#they-cards", "")
    page.fill("#they-cards", "257")
    assert page.input_value("#we-cards") == "0"
    # a chosen target survives a reload and stays in the ordered list
    page.select_option("#target", "2500")
    page.reload()
    page.wait_for_function("document.querySelectorAll('#target option').length === 4")
    assert page.input_value("#target") == "2500"
