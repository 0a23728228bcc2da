"""The table on a phone, a laptop and a desktop: no page scrolls sideways at 360 to 430 px (the table in each
form, the waiting room with its QR codes whole, the tool pages); each form shows its own board where the
Schieber's would be (the Coiffeur sheet with its open columns, the Differenzler sheet and its round's result);
"geschoben" shows on a phone; the hand above a laptop's fold; Weis cards readable; long names with a tooltip."""

from __future__ import annotations

import re
from typing import Any

import pytest
from api_client import api
from helpers import (
    CHOOSE_SEED,
    DESKTOP,
    HUMAN_TO_ACT,
    LAPTOP,
    PHONE,
    WEIS_SEED,
    finish_round_through_api,
    open_on_the_table,
    step,
    table_game,
)

pytestmark = pytest.mark.browser

TOOLS = ["", "coiffeur.html", "differenzler.html", "jasstafel.html", "trick.html", "weis.html"]
FORMS = {"schieber": {}, "coiffeur": {"form": "coiffeur", "columns": 10}, "differenzler": {"form": "differenzler", "rounds": 4}}
READY = {"schieber": "#choose:not([hidden]) button", "coiffeur": "#form-choose:not([hidden]) button.column-btn",
         "differenzler": "#predict-input"}  # fmt: skip
"""What each form's table shows once it is this seat's to act in its first round (seed ``CHOOSE_SEED``): the
widest moment, its choices spread over the table."""
WIDTH = "() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth })"


def form_game(base: str, form: str, seed: int = CHOOSE_SEED) -> dict[str, Any]:
    body: dict[str, Any] = {"seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": seed, **FORMS[form]}
    return api(base, "/api/v1/games", body=body)


def open_form_table(page: Any, base: str, form: str) -> dict[str, Any]:
    """A new table of ``form`` opened in German on ``page``, shown once it is this seat's to act (``READY``)."""
    created = form_game(base, form)
    open_on_the_table(page, base, created, {"lang": "de"})
    page.wait_for_selector(READY[form])
    return created


def assert_fits(page: Any, what: str) -> None:
    w = page.evaluate(WIDTH)
    assert w["page"] <= w["screen"], f"{what}: the page is {w['page']} px wide on a {w['screen']} px screen"


def words_once(label: str) -> bool:
    """Each word of ``label`` once ("Undenufe ×6", not "Undenufe Undenufe ×6")."""
    words = re.findall(r"[^\W\d_]+", label)
    return len(words) == len(set(words))


@pytest.mark.parametrize("size", [{"width": 360, "height": 780}, PHONE, {"width": 430, "height": 932}, LAPTOP],
                         ids=["360", "390", "430", "laptop"])  # fmt: skip
def test_no_page_is_wider_than_the_screen(open_page: Any, live_server: str, size: dict[str, int]) -> None:
    width = size["width"]
    page = open_page(size, locale="de-CH")
    for form in FORMS:
        open_form_table(page, live_server, form)
        assert_fits(page, f"the {form} table")
    # the waiting room of an online table: its invite links and QR codes whole, inside the screen
    waiting = api(live_server, "/api/v1/games", body={"seats": ["human", "invite", "invite", "heuristic"]})
    open_on_the_table(page, live_server, waiting, {"lang": "de"})
    page.wait_for_selector(".waiting-box img.qr")
    assert_fits(page, "the waiting room")
    box = page.locator(".waiting-box").bounding_box()
    for qr in page.locator(".waiting-box img.qr").all():
        q = qr.bounding_box()
        assert q["x"] >= 0 and q["x"] + q["width"] <= width, q
        assert box["y"] <= q["y"] and q["y"] + q["height"] <= box["y"] + box["height"], (q, box)  # not cut
    assert page.locator(".waiting-box").evaluate("e => e.scrollHeight <= e.clientHeight + 1")
    for tool in TOOLS:
        page.goto(f"{live_server}/tools/{tool}")
        page.wait_for_load_state("load")
        assert_fits(page, f"/tools/{tool}")


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_coiffeur_shows_its_sheet_where_the_score_would_be(open_page: Any, live_server: str, size: dict[str, int]) -> None:
    page = open_page(size, locale="de-CH", reduced_motion="reduce")
    created = open_form_table(page, live_server, "coiffeur")
    for schieber_only in ("#target", "#tafel", "#score-table"):
        assert not page.locator(schieber_only).is_visible(), schieber_only
    sheet, score = page.locator("#form-panel").bounding_box(), page.locator(".score-panel").bounding_box()
    table = page.locator("#table").bounding_box()
    assert sheet["y"] < score["y"]  # first in the side
    if size is PHONE:  # right under the table, not screens further down
        assert sheet["y"] - (table["y"] + table["height"]) < 40
    rows = page.locator("#coiffeur-sheet tr[data-col]")
    assert rows.count() == 10
    assert [rows.nth(i).locator("td.factor").inner_text() for i in range(10)] == [f"×{k}" for k in range(1, 11)]
    for team in (0, 1):
        note = page.locator(f".open-columns[data-team='{team}']").inner_text()
        assert "Eicheln ×1" in note and "Guschti ×10" in note, note
    labels = page.locator("#form-choose button.column-btn").all_inner_texts()
    assert labels and all(words_once(x) for x in labels), [x for x in labels if not words_once(x)]
    page.locator("#form-choose button[data-action='column:undenufe']").click()
    page.wait_for_selector("#banner .factor")
    banner = page.locator("#banner .contract").inner_text() + " " + page.locator("#banner .factor").inner_text()
    assert page.locator("#banner .factor").inner_text() == "×6" and words_once(banner), banner
    page.wait_for_selector("#coiffeur-sheet td.playing[data-col=undenufe]")
    # the round's breakdown says how the box was written: its tens in the column's box, times its factor
    finish_round_through_api(page, live_server, created)
    box = page.locator("#breakdown tr[data-row=box]")
    assert "Undenufe" in box.locator("th").inner_text()
    ours = int(box.locator("td[data-team='0']").inner_text())
    written = int(page.locator("#breakdown tr[data-row=written] td[data-team='0']").inner_text())
    assert written == ours * 6 and box.locator("td[data-team='1']").inner_text() == "–"


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_differenzler_shows_its_sheet_and_its_own_round_result(open_page: Any, live_server: str, size: dict[str, int]) -> None:
    page = open_page(size, locale="de-CH", reduced_motion="reduce")
    created = open_form_table(page, live_server, "differenzler")
    for schieber_only in ("#target", "#tafel", "#score-table", "#banner .factor"):
        assert not page.locator(schieber_only).is_visible(), schieber_only
    assert page.locator("#form-panel").bounding_box()["y"] < page.locator(".score-panel").bounding_box()["y"]
    assert "angesagt/gemacht +Differenz" in page.locator("#diff-legend").inner_text()
    page.fill("#predict-input", "40")
    page.locator("#predict-btn").click()
    finish_round_through_api(page, live_server, created)
    assert page.locator("#dlg-round #breakdown").count() == 0  # not the Schieber's team breakdown
    assert "×" not in page.locator("#round-title").inner_text()
    page.locator("#btn-next").click()  # the rounds stay at hand: Rounds opens the same result again
    page.locator("#btn-sheet").click()
    page.wait_for_selector("#dlg-round[open] #diff-round[data-round='1']")
    rows = page.locator("#diff-round tr[data-seat]")
    assert rows.count() == 4
    for seat in range(4):
        cells = {k: int(rows.nth(seat).locator(f"td[data-col={k}]").inner_text()) for k in ("predicted", "taken", "difference", "total")}
        assert cells["difference"] == abs(cells["predicted"] - cells["taken"]) == cells["total"], cells
    assert rows.nth(0).locator("td[data-col=predicted]").inner_text() == "40"


def test_a_phone_says_the_forehand_pushed(open_page: Any, live_server: str) -> None:
    """The banner leaves out who chose on a phone; that the forehand pushed ("geschoben") still shows (seed
    ``CHOOSE_SEED``: the partner, forehand, pushes to this seat, which chooses)."""
    page = open_page(PHONE, locale="de-CH")
    open_form_table(page, live_server, "schieber")
    assert step(page, "C") == "choose"
    page.wait_for_selector("#banner .pushed")
    assert page.locator("#banner .pushed").is_visible() and page.locator("#banner .pushed").inner_text() == "geschoben"
    assert not page.locator("#banner .who").is_visible()


@pytest.mark.parametrize("size", [LAPTOP, DESKTOP], ids=["laptop", "desktop"])
def test_the_hand_is_above_the_fold(open_page: Any, live_server: str, size: dict[str, int]) -> None:
    page = open_page(size, locale="de-CH")
    for form in FORMS:
        open_form_table(page, live_server, form)
        bottom = page.locator("#hand .card").evaluate_all("els => Math.max(...els.map((e) => e.getBoundingClientRect().bottom))")
        assert 0 < bottom <= size["height"], (form, bottom)


def test_weis_cards_are_readable_and_long_names_have_a_tooltip(open_page: Any, live_server: str) -> None:
    page = open_page(PHONE)
    long_name = "Hieronymus Bartholomäus"
    table_game(page, live_server, "en", seed=WEIS_SEED, names=[None, "Ueli", "Vreni", long_name])
    name = page.locator(".seat[data-seat='3'] .name")
    assert name.get_attribute("title") == long_name
    assert name.evaluate("e => e.scrollWidth > e.clientWidth")  # cut on the phone, said whole in its tooltip
    # the Weis of seat 3 shows from the first trick's end to the second's: at this seat's turn in the second
    page.wait_for_selector(HUMAN_TO_ACT)
    while page.evaluate("() => S.view.tricks.length") < 1:
        step(page)
        page.wait_for_selector(HUMAN_TO_ACT)
    widths = page.locator(".bubble .mini .card-svg").evaluate_all("els => els.map((e) => e.getBoundingClientRect().width)")
    assert widths and min(widths) >= 18, widths
