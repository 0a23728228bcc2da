"""The table's settings in plain words (each rule profile explained in one line, the multiplier
tables named as the Jasstafel names them, the partner's and the opponents' strength apart with "medium" by
default, the computers' speed, the last settings remembered), no dead ends (Cancel on a first visit offers a
game, New game asks before leaving a running one, a game left behind can be deleted from Resume), the
keyboard (number keys play the n-th playable card, the focus stays on the hand) and who led the trick."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import NAMES, SIZES, foreign_texts, open_new_game, table_game

pytestmark = pytest.mark.browser

LEVEL = "(id) => { const s = document.getElementById(id); return s.options[s.selectedIndex].dataset.level; }"


def stored_games(page: Any) -> dict[str, Any]:
    return page.evaluate("() => JSON.parse(localStorage.getItem('puur.games') || '{}')")  # type: ignore[no-any-return]


def new_game_with_computers(page: Any) -> None:
    """Fill the open New-game dialog for one human against heuristic computers and start."""
    heuristic = page.locator("#set-strength option[data-level=heuristic]").get_attribute("value")
    page.select_option("#set-strength", heuristic)
    page.click("#setup-start")


LOCALE = {"en": "en-GB", "de": "de-CH", "fr": "fr-CH"}


@pytest.mark.parametrize(("size", "lang"), [("desktop", "en"), ("phone", "de"), ("desktop", "fr")])
def test_settings_in_plain_words_and_remembered(open_page: Any, live_server: str, size: str, lang: str) -> None:
    page = open_page(SIZES[size], locale=LOCALE[lang])
    page.goto(f"{live_server}/")  # no ?pace: the speed chosen sets the computers' pace
    page.wait_for_selector("#dlg-setup[open]")
    notes = page.evaluate("() => t('profile_notes')")
    presets = page.eval_on_selector_all("#set-profile option", "os => os.map((o) => o.value)")
    assert set(presets) == set(notes)
    for preset in presets:  # one line of plain words per profile, following the choice
        page.select_option("#set-profile", preset)
        assert page.locator("#set-profile-note").inner_text() == notes[preset]
    assert len(set(notes.values())) == len(notes)
    # the multiplier tables as the Jasstafel tool names them (its own translation table)
    mult = page.eval_on_selector_all("#set-mult option", "os => os.map((o) => [o.value, o.textContent])")
    expected = {"en": "Obenabe and Undenufe ×3", "de": "Obenabe und Undenufe ×3", "fr": "Obenabe et Undenufe ×3"}[lang]
    assert dict(mult)["both3"] == expected
    # a fair game by default: both computer strengths "medium", the speed "normal"
    assert page.evaluate(LEVEL, "set-strength") == "medium"
    assert page.evaluate(LEVEL, "set-strength-partner") == "medium"
    assert page.locator("#set-speed").input_value() == "normal"
    assert foreign_texts(page, NAMES) == []
    box = page.evaluate("() => { const d = document.getElementById('dlg-setup'); return [d.scrollWidth, d.clientWidth]; }")
    assert box[0] <= box[1], "the dialog scrolls sideways"
    # opponents heuristic (the partner follows), then the partner on its own; fast; the Online profile at 1500
    page.select_option("#set-profile", "online")
    page.select_option("#set-target", "1500")
    heuristic = page.locator("#set-strength option[data-level=heuristic]").get_attribute("value")
    easy = page.locator("#set-strength option[data-level=easy]").get_attribute("value")
    page.select_option("#set-strength", heuristic)
    assert page.locator("#set-strength-partner").input_value() == heuristic
    page.select_option("#set-strength-partner", easy)
    page.select_option("#set-speed", "fast")
    with page.expect_request(lambda r: r.url.endswith("/api/v1/games") and r.method == "POST") as req, \
            page.expect_websocket() as ws:  # fmt: skip
        page.click("#setup-start")
    body = req.value.post_data_json
    assert body["seats"] == ["human", heuristic, easy, heuristic]  # seat 2 is the partner
    assert body["profile"] == {"preset": "online", "target": 1500, "multipliers": "online"}
    assert "pace=150" in ws.value.url
    # the next New game starts from the same settings, after a reload too
    page.reload()
    page.wait_for_selector("#hand .card")
    open_new_game(page)
    assert page.locator("#set-profile").input_value() == "online"
    assert page.locator("#set-target").input_value() == "1500"
    assert page.locator("#set-strength").input_value() == heuristic
    assert page.locator("#set-strength-partner").input_value() == easy
    assert page.locator("#set-speed").input_value() == "fast"
    assert page.locator("#set-profile-note").inner_text() == notes["online"]


@pytest.mark.parametrize(("size", "lang", "cover"), [("desktop", "en", "No game on the table."),
                                                    ("phone", "fr", "Aucune partie sur la table.")])
def test_no_dead_ends(open_page: Any, live_server: str, size: str, lang: str, cover: str) -> None:
    page = open_page(SIZES[size], locale=LOCALE[lang])
    page.goto(f"{live_server}/?pace=0")
    page.wait_for_selector("#dlg-setup[open]")
    page.click("#setup-cancel")  # a first visit, cancelled: the table offers a game
    page.wait_for_selector("#cover:not([hidden])")
    assert page.locator("#cover-text").inner_text() == cover
    assert foreign_texts(page, NAMES) == []
    page.click("#cover-btn")
    page.wait_for_selector("#dlg-setup[open]")
    new_game_with_computers(page)
    page.wait_for_selector("#hand .card")
    first = page.evaluate("() => localStorage.getItem('puur.current')")
    # New game while one is running asks first; "Keep playing" goes back to the same game
    open_new_game(page)
    new_game_with_computers(page)
    page.wait_for_selector("#dlg-leave[open]")
    page.click("#leave-stay")
    page.wait_for_selector("#dlg-setup", state="hidden")
    assert page.locator("#dlg-leave[open]").count() == 0
    assert list(stored_games(page)) == [first]
    open_new_game(page)
    new_game_with_computers(page)
    page.click("#leave-go")
    page.wait_for_function("(old) => localStorage.getItem('puur.current') !== old", arg=first)
    second = page.evaluate("() => localStorage.getItem('puur.current')")
    # Resume lists both; the one left behind can be deleted, the one on the table cannot
    page.click("#btn-resume")
    page.wait_for_selector(f"#resume-body .resume-game[data-game='{first}']")
    assert page.locator(f".forget-game[data-game='{second}']").count() == 0
    page.click(f".forget-game[data-game='{first}']")
    page.wait_for_selector(f"#resume-body .resume-game[data-game='{first}']", state="detached")
    page.wait_for_selector(f"#resume-body .resume-game[data-game='{second}']")
    assert list(stored_games(page)) == [second]


def my_turn_to_play(page: Any) -> None:
    """Wait for a playable card in the hand, choosing Eicheln/clubs if the contract is asked first."""
    while True:
        page.wait_for_selector("#choose:not([hidden]) button:not([disabled]), #hand .card.legal:not([disabled])")
        if not page.locator("#choose:not([hidden]) button:not([disabled])").count():
            return
        page.locator("#choose button[data-action=C]").click()


@pytest.mark.parametrize(("size", "lang"), [("desktop", "en"), ("phone", "de")])
def test_number_keys_play_and_the_focus_stays_on_the_hand(open_page: Any, live_server: str, size: str, lang: str) -> None:
    page = open_page(SIZES[size])
    table_game(page, live_server, lang)
    for key in ("2", "1"):
        my_turn_to_play(page)
        legal = page.eval_on_selector_all("#hand .card.legal", "bs => bs.map((b) => b.dataset.card)")
        n = min(int(key), len(legal))
        page.keyboard.press(str(n))
        page.wait_for_selector(f"#hand [data-card={legal[n - 1]}]", state="detached")
        for other in legal[:n - 1]:
            assert page.locator(f"#hand [data-card={other}]").count() == 1  # not the first: the n-th
        page.wait_for_function("() => document.getElementById('hand').contains(document.activeElement)")
    page.keyboard.press("9")  # not a playable card's number (or not the player's turn): nothing happens
    assert page.locator("#dlg-round[open]").count() == 0


@pytest.mark.parametrize(("size", "lang", "led_by"), [("desktop", "en", "{} led"), ("phone", "fr", "{} a entamé")])
def test_who_led_the_trick(open_page: Any, live_server: str, size: str, lang: str, led_by: str) -> None:
    page = open_page(SIZES[size])
    table_game(page, live_server, lang)
    for _ in range(9):
        my_turn_to_play(page)
        if page.locator("#trick .played").count() and page.evaluate("() => S.view.trick.length") > 0:
            break
        page.locator("#hand .card.legal:not([disabled])").first.click()
    led = page.locator("#trick .played.led")
    assert led.count() == 1
    leader = page.evaluate("() => S.view.trick[0][0]")
    assert led.get_attribute("data-seat") == str(leader)
    assert led.locator(".lead-mark").inner_text() == {"en": "led", "fr": "entame"}[lang]
    name = page.evaluate("(s) => seatName(s)", leader)
    assert led_by.format(name) in (led.get_attribute("aria-label") or "")


def test_the_learnt_strength_is_offered_in_words_and_its_computers_play(open_page: Any, live_server: str) -> None:
    """On a phone in German: 'gelernt (Netz)' among the strengths; chosen for the opponents (the partner
    follows), the new game's three computers are the learnt player, and they play until it is our turn."""
    page = open_page(SIZES["phone"], locale=LOCALE["de"])
    page.goto(f"{live_server}/?pace=0&lang=de")
    page.wait_for_selector("#dlg-setup[open]")
    learned = page.locator("#set-strength option[data-level=learned]")
    assert learned.inner_text() == "gelernt (Netz)"
    page.select_option("#set-strength", learned.get_attribute("value"))
    assert page.evaluate(LEVEL, "set-strength-partner") == "learned"
    page.click("#setup-start")
    page.wait_for_function("() => S.view && S.view.status === 'playing' && S.view.to_act === S.view.seat")
    assert page.evaluate("() => S.view.seats") == ["human", "learned", "learned", "learned"]
