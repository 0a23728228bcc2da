"""Presses at the table are never lost: a card keeps its element for as long as it is in the hand (a view or the
rules table's late answer updates it in place, never draws the hand anew), cards that move take no press, and
50 games in a row start and take their first card with presses that work at the first try, as a person
presses (Playwright's own clicks with their checks, never an event sent to an element or a forced click)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from api_client import api
from helpers import CHOOSE_SEED, LAPTOP, PHONE, game_against_computers, open_on_the_table, step

pytestmark = pytest.mark.browser

MARK_HAND = "() => { for (const b of document.querySelectorAll('#hand .card')) b.puurMark = b.dataset.card; }"
"""Mark each card element of the hand (a property of the element itself, not of what it shows)."""
MARKED = "() => [...document.querySelectorAll('#hand .card')].filter((b) => b.puurMark === b.dataset.card).map((b) => b.dataset.card)"
"""The cards of the hand whose element is still the one marked."""
WATCH_HAND = """() => { window.handChanges = 0;
  new MutationObserver((ms) => { for (const m of ms) window.handChanges += m.addedNodes.length + m.removedNodes.length; })
    .observe(document.getElementById('hand'), { childList: true }); }"""
"""Count every card element put into or taken out of the hand from now on."""


HOLD_THE_DEAL = """new MutationObserver((_, observer) => {
  // the moment the dealt cards are in the hand, before a frame is drawn, their flights are held where they start
  // (a wait for them from the test could come after they have landed on a busy machine)
  if (!document.querySelector('#hand .card.deal')) return;
  for (const a of document.getAnimations()) a.pause();
  observer.disconnect();
  window.dealHeld = true;
}).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });"""
"""An init script: each page it runs in holds its first deal in flight and says so (``window.dealHeld``)."""


PLAYED = "(card) => S.view && S.view.trick.concat(...S.view.tricks.map(trickPlays)).some(([s, c]) => s === S.seat && c === card)"
"""The table's view holds ``card`` played by this seat (in the trick or a trick taken)."""


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_a_card_keeps_its_element_while_it_is_in_the_hand(open_page: Any, live_server: str, size: dict[str, int]) -> None:
    """Views come and go (the contract chosen, the computers' cards, our own card played): every card still in
    the hand is the same element as before, so a press begun on it lands on it."""
    page = open_page(size)
    open_on_the_table(page, live_server, game_against_computers(live_server, CHOOSE_SEED), {"lang": "en"})
    page.wait_for_selector("#choose:not([hidden]) button:not([disabled])")
    page.evaluate(MARK_HAND)
    before = sorted(page.evaluate(MARKED))
    assert len(before) == 9
    assert step(page, "C") == "choose"
    page.wait_for_selector("#hand .card.legal:not([disabled])")
    assert sorted(page.evaluate(MARKED)) == before  # the contract's view: the same nine elements
    played = page.locator("#hand .card.legal:not([disabled])").first.get_attribute("data-card")
    assert step(page) == "card"
    page.wait_for_function("(c) => !document.querySelector(`#hand [data-card='${c}']`)", arg=played)
    page.wait_for_selector("#hand .card.legal:not([disabled]), #dlg-round[open]")
    assert sorted(page.evaluate(MARKED)) == sorted(c for c in before if c != played)


def test_the_rules_answer_puts_no_card_out_and_in_again(open_page: Any, live_server: str) -> None:
    """The rules table (the cards' order by contract) answers late, while the hand is already drawn: the hand
    keeps its elements where they are (before the contract the order does not change: nothing moves)."""
    page = open_page(PHONE)
    held: list[Any] = []
    page.route("**/api/v1/table/rules", lambda route: held.append(route))
    open_on_the_table(page, live_server, game_against_computers(live_server, CHOOSE_SEED), {"lang": "en"})
    page.wait_for_selector("#choose:not([hidden]) button:not([disabled])")
    page.evaluate(WATCH_HAND)
    deadline = time.monotonic() + 10
    while not held and time.monotonic() < deadline:  # the request held by the route (Playwright's events)
        page.wait_for_timeout(20)
    assert held and page.evaluate("() => S.rules") is None  # the rules asked for, not answered yet
    for route in held:
        route.continue_()
    page.wait_for_function("() => S.rules !== null")
    page.evaluate("() => new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)))")  # the observer's records
    assert page.evaluate("() => window.handChanges") == 0


def test_dealt_cards_in_flight_take_no_press(open_page: Any, live_server: str) -> None:
    """On a phone the dealt cards fly in from above, over the top bar: while they fly a press goes to what lies
    under them (New game), and once they lie in the hand they take presses again."""
    page = open_page(PHONE)
    page.add_init_script(HOLD_THE_DEAL)
    open_on_the_table(page, live_server, game_against_computers(live_server, CHOOSE_SEED), {"lang": "en"})
    page.wait_for_function("() => window.dealHeld === true")
    flying = page.locator("#hand .card.deal").evaluate_all("els => els.map((e) => getComputedStyle(e).pointerEvents)")
    assert flying and set(flying) == {"none"}
    page.evaluate("() => { for (const a of document.getAnimations()) a.finish(); }")
    page.wait_for_function("() => !document.querySelector('#hand .card.deal')")
    landed = page.locator("#hand .card").evaluate_all("els => els.map((e) => getComputedStyle(e).pointerEvents)")
    assert set(landed) == {"auto"}


def start_from_new_game(page: Any, level: str, leaving: bool) -> None:
    """New game, the cheapest computers (New game keeps them once chosen), Start (and, ``leaving`` a game in
    progress, Leave and start): one press each."""
    page.locator("#btn-new").click()
    page.wait_for_selector("#dlg-setup[open]")
    for sel in ("#set-strength", "#set-strength-partner") if not leaving else ():
        page.select_option(sel, page.locator(f"{sel} option[data-level={level}]").get_attribute("value"))
    page.locator("#setup-start").click()
    if leaving:
        page.locator("#leave-go").click()
    page.wait_for_selector("#dlg-setup", state="hidden")


def test_fifty_games_start_and_take_their_first_card_at_the_first_press(open_page: Any, live_server: str) -> None:
    """On a phone, with the cards dealt in flight: New game, Start, the contract if it is ours to choose, and the
    first playable card, each pressed once; the card pressed leaves the hand and lies on the trick."""
    page = open_page(PHONE)
    page.goto(f"{live_server}/?pace=0")
    page.wait_for_selector("#dlg-setup[open]")
    levels = page.locator("#set-strength option").evaluate_all("os => os.map((o) => o.dataset.level)")
    level = "heuristic" if "heuristic" in levels else levels[0]  # the cheapest to compute
    page.locator("#setup-cancel").click()
    games: set[str] = set()
    for _ in range(50):
        start_from_new_game(page, level, leaving=bool(games))
        page.wait_for_function("(old) => S.view && !old.includes(S.view.game_id)", arg=sorted(games))
        games.add(page.evaluate("() => S.view.game_id"))
        first = page.locator("#choose:not([hidden]) button:not([disabled]), #hand .card.legal:not([disabled])").first
        first.wait_for()
        if page.locator("#choose:not([hidden]) button:not([disabled])").count():
            page.locator("#choose:not([hidden]) button[data-action=H]").click()
        card = page.locator("#hand .card.legal:not([disabled])").first
        code = card.get_attribute("data-card")
        card.click()
        page.wait_for_function(PLAYED, arg=code)
        assert not page.locator(f"#hand [data-card='{code}']").count()
    assert len(games) == 50
    assert page.evaluate("() => prefs.strength") == page.locator(f"#set-strength option[data-level={level}]").get_attribute("value")


def test_a_choice_on_offer_keeps_its_buttons_and_what_is_typed(open_page: Any, live_server: str) -> None:
    """The table drawn again with the same offer (another player's news, a reaction): the contract's buttons
    are the same elements, and a Differenzler prediction half typed stays typed, its field the same."""
    page = open_page(PHONE)
    open_on_the_table(page, live_server, game_against_computers(live_server, CHOOSE_SEED), {"lang": "en"})
    page.wait_for_selector("#choose:not([hidden]) button:not([disabled])")
    page.evaluate("() => { for (const b of document.querySelectorAll('#choose button')) b.puurMark = true; }")
    page.evaluate("() => render()")
    assert page.evaluate("() => [...document.querySelectorAll('#choose button')].every((b) => b.puurMark)")
    differenzler = api(live_server, "/api/v1/games", body={"seats": ["human", "heuristic", "heuristic", "heuristic"],
                                                           "seed": CHOOSE_SEED, "form": "differenzler", "rounds": 4})  # fmt: skip
    open_on_the_table(page, live_server, differenzler, {"lang": "en"})
    page.locator("#predict-input").fill("4")
    page.evaluate("() => { document.getElementById('predict-input').puurMark = true; render(); }")
    assert page.evaluate("() => document.getElementById('predict-input').puurMark === true")
    page.locator("#predict-input").press("2")
    assert page.locator("#predict-input").input_value() == "42"
