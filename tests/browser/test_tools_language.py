"""The tool pages in the player's language, the language switch, the way back to the table and the
favicon, at desktop and at 390×844.

The language check reads every visible text on a page (text nodes, the chosen option of each select, the
placeholders) and accepts a text only when it is one of the page language's words (a value of its table in
static/tools/i18n.js, with each {placeholder} standing for any text), a card, suit or contract name of that
language (alone or followed by a number: "Eicheln ×1"), a name the player typed, or has no letters at all
(numbers, ×, —). An English word on a German
page matches none of these: the checker is itself tested on an English sentence put into a German page."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import SIZES, pick_on_trick_tool, play_on_trick_tool, type_differenzler_round

pytestmark = pytest.mark.browser

PAGES = ["", "jasstafel", "weis", "trick", "coiffeur", "differenzler"]

# Runs in the page: the texts that are not in the page's language (an empty list when all are).
FOREIGN_TEXTS = """(allowed) => {
  const lang = document.documentElement.lang;
  const esc = s => s.replace(/[.*+?^$()|[\\]\\\\]/g, "\\\\$&");
  const patterns = Object.values(TOOLS_TEXT[lang]).filter(v => v.replace(/\\{\\w+\\}/g, "").replace(/[^\\p{L}]/gu, "").length >= 4)
    .map(v => new RegExp("^" + v.split(/\\{\\w+\\}/).map(esc).join("[\\\\s\\\\S]+") + "$"));
  const names = new Set(allowed);
  for (const l of Object.keys(TOOLS_TEXT)) names.add(TOOLS_TEXT[l].lang_name);
  for (const v of Object.values(TOOLS_TEXT[lang])) if (!/\\{/.test(v)) names.add(v.trim());
  for (const deck of ["swiss", "french"]) for (const s of "CDHS") {
    names.add(PuurCards.suitName(s, deck, lang));
    for (const r of ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]) names.add(PuurCards.cardName(s + r, deck, lang));
  }
  const ok = text => !/\\p{L}/u.test(text) || names.has(text) || names.has(text.replace(/[^\\p{L}]+$/u, "")) || /^[UOKAJQ]$/.test(text) || patterns.some(p => p.test(text));
  const seen = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const host = n.parentElement;
    if (!host || host.closest("script, style, [hidden], template, option") || !host.checkVisibility()) continue;
    const text = n.textContent.trim(); if (text) seen.push(text);
  }
  for (const s of document.querySelectorAll("select")) if (s.checkVisibility() && s.selectedOptions[0]) seen.push(s.selectedOptions[0].textContent.trim());
  for (const i of document.querySelectorAll("input[placeholder]")) if (i.checkVisibility() && i.placeholder) seen.push(i.placeholder.trim());
  return seen.filter(t => !ok(t));
}"""


@pytest.fixture(params=list(SIZES))
def context_for(request: pytest.FixtureRequest, open_page: Any) -> Any:
    """A function giving a new page at this size whose browser speaks ``locale`` (a first visit: empty
    localStorage); 10 s waits, dialogs accepted."""

    def make(locale: str) -> Any:
        p = open_page(SIZES[request.param], locale=locale)
        p.set_default_timeout(10_000)
        p.on("dialog", lambda d: d.accept())
        return p

    return make


def foreign(page: Any, typed: tuple[str, ...] = ()) -> list[str]:
    result: list[str] = page.evaluate(FOREIGN_TEXTS, list(typed))
    return result


def use_every_tool(page: Any, base: str) -> None:
    """Fill each tool so that its answers (winner, reasons, melds, totals, messages) are on the page."""
    page.goto(base + "/tools/jasstafel")
    page.wait_for_selector("#svg-we svg")
    page.select_option("#contract", "D")
    page.fill("#we-cards", "100")
    page.click("#write")
    page.locator("#rounds tbody tr").first.wait_for()
    page.goto(base + "/tools/differenzler")
    type_differenzler_round(page, [40, 30, 57, 30], [45, 30, 50, 32])
    page.click("#add")
    page.locator("#totals tbody tr").first.wait_for()
    page.goto(base + "/tools/weis")
    for c in ("H10", "HJ", "HQ", "HK", "HA"):
        page.click(f"button[data-seat='0'][data-card='{c}']")
    page.locator("#out0 li").first.wait_for()
    page.goto(base + "/tools/trick")
    for seat, card in enumerate(["HA", "D7", "HK", "H10"]):
        play_on_trick_tool(page, seat, card)
    page.select_option("#contract", "D")
    page.wait_for_function("document.querySelector('#worth').textContent === '25'")


@pytest.mark.parametrize("locale,lang,back", [("de-CH", "de", "Zurück zum Tisch"), ("fr-CH", "fr", "Retour à la table")])
def test_first_visit_takes_the_browsers_language_and_every_text_is_in_it(
    context_for: Any, live_server: str, locale: str, lang: str, back: str
) -> None:
    page = context_for(locale)
    use_every_tool(page, live_server)
    for slug in PAGES:
        page.goto(live_server + "/tools/" + slug)
        page.wait_for_selector("nav.toolbar #tools-lang")
        page.wait_for_load_state("networkidle")
        assert page.evaluate("document.documentElement.lang") == lang
        assert back in page.inner_text("#back-to-table")
        assert foreign(page) == [], f"/tools/{slug}"


def test_the_checker_catches_an_english_text_on_a_german_page(context_for: Any, live_server: str) -> None:
    page = context_for("de-CH")
    page.goto(live_server + "/tools/differenzler")
    page.wait_for_load_state("networkidle")
    assert foreign(page) == []
    page.evaluate("document.querySelector('main').append(Object.assign(document.createElement('p'), {textContent: 'Add the round'}))")
    assert foreign(page) == ["Add the round"]
    page.evaluate("document.querySelector('#message').textContent = 'Player 4 leads with 5.'")
    assert "Player 4 leads with 5." in foreign(page)


def test_language_switch_is_shared_with_the_table_and_redraws_in_place(context_for: Any, live_server: str) -> None:
    page = context_for("en-US")
    page.goto(live_server + "/tools/trick")
    play_on_trick_tool(page, 0, "HA")
    page.wait_for_function("document.querySelector('#reason').textContent.startsWith('So far')")
    page.select_option("#tools-lang", "de")
    page.wait_for_function("document.querySelector('#reason').textContent.startsWith('Bis jetzt')")
    assert page.inner_text("#card0") == "Rosen Ass"  # the choice stays, named in German
    assert page.evaluate("JSON.parse(localStorage.getItem('puur.prefs')).lang") == "de"
    assert foreign(page) == []
    page.goto(live_server + "/tools/jasstafel")  # the next page, and the table, read it
    assert page.inner_text("h1") == "Jasstafel" and page.text_content("#h-round") == "Runde"
    page.select_option("#tools-lang", "fr")
    assert page.text_content("#h-round") == "Manche"


def test_back_to_the_table_and_favicon_on_every_page(context_for: Any, live_server: str) -> None:
    page = context_for("en-US")
    for slug in PAGES:
        page.goto(live_server + "/tools/" + slug)
        link = page.locator("#back-to-table")
        assert link.is_visible() and link.get_attribute("href") == "/"
        box = link.bounding_box()
        assert box is not None and box["y"] < 200  # at the top, on the phone too
        assert page.locator("link[rel=icon]").get_attribute("href") == "/favicon.svg"
    page.click("#back-to-table")
    page.wait_for_url(live_server + "/")
    assert page.locator("link[rel=icon]").get_attribute("href") == "/favicon.svg"
    r = page.request.get(live_server + "/favicon.svg")
    assert r.status == 200 and r.headers["content-type"].startswith("image/svg+xml") and b"<svg" in r.body()
    assert page.request.get(live_server + "/favicon.ico").status == 200  # redirected to the SVG


def test_trick_errors_in_words_and_no_stale_explanation(context_for: Any, live_server: str) -> None:
    page = context_for("en-US")
    page.goto(live_server + "/tools/trick")
    for seat, card in enumerate(["HA", "H6", "HK", "H10"]):
        play_on_trick_tool(page, seat, card)
    page.wait_for_function("document.querySelector('#reason').textContent.includes('strongest')")
    # seat 2 plays the same card as seat 1: the error names seats from 1 and the card by name
    pick_on_trick_tool(page, "rank1", "A")
    page.wait_for_function("document.querySelector('#error').textContent !== ''")
    assert page.inner_text("#error") == "Roses Ace is chosen twice: seat 1 already played it."
    assert page.inner_text("#reason") == "" and page.inner_text("#winner") == "—"
    pick_on_trick_tool(page, "rank1", "6")
    page.wait_for_function("document.querySelector('#error').textContent === ''")
    page.click("summary")
    page.fill("#hand0", "HA XY")
    page.wait_for_function("document.querySelector('#error').textContent !== ''")
    assert page.inner_text("#error").startswith("Seat 1's hand, card 2: “XY” is not a card")
    page.fill("#hand0", "H7")
    page.wait_for_function("document.querySelector('#error').textContent.includes('not in this hand')")
    assert page.inner_text("#error") == "Seat 1 hand: seat 1 played Roses Ace, which is not in this hand."
    page.fill("#hand0", "HA")
    page.fill("#hand1", "H6 HA")
    page.wait_for_function("document.querySelector('#error').textContent.includes('also in')")
    assert "HA" not in page.inner_text("#error") and "seat 0" not in page.inner_text("#error").lower()
    # a refusal of the rules core, worded on the page
    page.fill("#hand1", "H6 C7")
    page.fill("#hand2", "HK D9")
    page.select_option("#contract", "D")
    page.fill("#hand1", "C6 H6")
    pick_on_trick_tool(page, "rank1", "6")
    pick_on_trick_tool(page, "suit1", "C")
    page.wait_for_selector("#plays li.bad")
    assert "Seat 2, Acorns 6: not allowed — must follow Roses: holds Roses 6" in page.inner_text("#plays")


@pytest.mark.parametrize(
    "locale,weis_error,factor_error",
    [
        ("de-CH", "Der Server lehnt das ab: Eingabe: höchstens 300.", "Der Server lehnt das ab: Faktor 8: höchstens 100."),
        ("fr-CH", "Le serveur refuse : Saisie : au plus 300.", "Le serveur refuse : facteur 8 : au plus 100."),
    ],
)
def test_refusals_of_typed_entries_are_in_the_pages_language(
    context_for: Any, live_server: str, locale: str, weis_error: str, factor_error: str
) -> None:
    """A number out of range typed into the Weis comparison or a Coiffeur factor: the server's refusal (a
    pydantic range error, no tool code) is worded in the page's language, with where it lies."""
    from playwright.sync_api import expect

    page = context_for(locale)
    page.goto(live_server + "/tools/weis")
    page.click("button[data-seat='0'][data-card='HA']")
    page.fill("#their-cards", "3")
    page.fill("#their-points", "999")
    expect(page.locator("#error")).to_have_text(weis_error)
    assert foreign(page) == []
    page.goto(live_server + "/tools/coiffeur")
    factor = page.locator("input[data-factor='7']")
    factor.fill("800")
    factor.press("Tab")  # leaving the box: its change is sent
    expect(page.locator("#error")).to_have_text(factor_error)
    assert foreign(page) == []
