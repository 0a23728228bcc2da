"""The table's rematch on a shared device (SECURITY.md "Rematch tokens"): the server gives each seat only its
own new token, so the page asks once for every human seat whose token it holds and keeps them all for the new
game."""

from __future__ import annotations

from typing import Any

import pytest
from api_client import api
from helpers import DESKTOP, LAPTOP, PHONE, open_on_the_table, play_out
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_pass_and_play_rematch_collects_every_seat_token(page: Any, live_server: str) -> None:
    page.goto(f"{live_server}/?pace=0")
    page.wait_for_selector("#dlg-setup[open]")
    for seat in range(4):
        page.select_option(f"#seat-kind-{seat}", "human" if seat in (0, 2) else "computer")
    page.click("#setup-start")
    page.wait_for_selector("#cover:not([hidden])")  # pass-and-play: two human seats on this device
    old = page.evaluate("({ id: S.gameId, tokens: { ...S.tokens } })")
    assert sorted(old["tokens"]) == ["0", "2"]
    v = api(live_server, f"/api/v1/games/{old['id']}", old["tokens"]["0"])
    while v["status"] != "over":  # a rematch follows a finished match: the two people play it out
        token = old["tokens"][str(v["to_act"])]
        action = api(live_server, f"/api/v1/games/{old['id']}", token)["legal_actions"][0]
        v = api(live_server, f"/api/v1/games/{old['id']}/actions", token, {"action": action})
    page.evaluate("rematch()")  # what the round dialog's Rematch button calls at the end of a match
    page.wait_for_function(f"S.gameId !== {old['id']!r}")
    new = page.evaluate("({ id: S.gameId, tokens: { ...S.tokens } })")
    assert sorted(new["tokens"]) == ["0", "2"]
    assert set(new["tokens"].values()).isdisjoint(old["tokens"].values())
    # each new token holds its own seat of the new game (asked through the page's origin)
    seats = page.evaluate(
        """async ({ id, tokens }) => {
          const out = {};
          for (const [seat, token] of Object.entries(tokens)) {
            const r = await fetch(`/api/v1/games/${id}`, { headers: { Authorization: `Bearer ${token}` } });
            out[seat] = (await r.json()).seat;
          }
          return out;
        }""",
        new,
    )
    assert seats == {"0": 0, "2": 2}
    stored = page.evaluate(f"JSON.parse(localStorage.getItem('puur.games'))[{new['id']!r}].tokens")
    assert stored == new["tokens"]


# ----- an online table's rematch: four friends, each on their own screen -----
NEW_GAME_SHOWN = ("id => S.view && S.view.game_id === id && S.view.status === 'playing' && S.view.hand.length > 0"
                  " && document.querySelectorAll('#hand .card').length === S.view.hand.length")
"""The new game is on this screen: its view, in play, the seat's hand drawn (nine cards, or fewer where a computer
standing in for the seat has led already: the forehand's stand-in chooses and leads at once)."""


def _friends_at_a_table(open_page: Any, base: str) -> tuple[list[Any], str]:
    """An online table of four people (the host Hana at seat 0, three friends who opened their invite links,
    each in their own browser: ``open_page``), a short match (target 100); their pages and the game's id."""
    created = api(base, "/api/v1/games", body={"seats": ["human", "invite", "invite", "invite"],
                                               "names": ["Hana", None, None, None],
                                               "profile": {"preset": "schieber", "target": 100}})
    pages = []
    for seat in range(4):
        # the four screens at a laptop's, two phones' and a desktop's size: every point holds at each
        p = open_page((LAPTOP, PHONE, DESKTOP, PHONE)[seat], reduced_motion="reduce")
        pages.append(p)
        if seat == 0:
            open_on_the_table(p, base, created, {"lang": "en", "deck": "french"})
            continue
        p.goto(created["invites"][str(seat)]["url"].replace("/#join=", "/?pace=0#join="), wait_until="commit")
        p.wait_for_selector("#dlg-join[open]")
        p.fill("#join-name", ["Vreni", "Ueli", "Kari"][seat - 1])
        p.click("#join-take:not([disabled])")
    for seat, p in enumerate(pages):
        p.wait_for_function("s => S.view && S.seat === s && S.view.status === 'playing'", arg=seat)
    return pages, created["game_id"]


def _to_the_end_dialog(p: Any) -> None:
    """Read each round's breakdown (Next round) until the end's dialog offers the rematch."""
    for _ in range(20):
        p.wait_for_selector("#dlg-round[open] #btn-next, #dlg-round[open] #btn-rematch")
        if p.locator("#dlg-round[open] #btn-rematch").count():
            return
        p.locator("#dlg-round[open] #btn-next").click()
    raise AssertionError("the end's dialog did not open")


def test_every_screen_offers_the_rematch_and_shows_it_at_once(open_page: Any, live_server: str) -> None:
    """Four friends finish a match and open the table again (the computers at their slow pace). Kari closes the end's
    dialog: her table still offers the rematch. The host asks first and waits for the others; Vreni and
    Ueli join; the host removes Kari from the waiting (a computer plays for her): the new game is on every
    screen of the table within 2 s (the table's changes are not held back by the computers' pace). Kari
    presses Rematch on her table after all and has her seat back from the computer, on every screen within
    2 s."""
    pages, game_id = _friends_at_a_table(open_page, live_server)
    tokens = {seat: p.evaluate("S.tokens[S.seat]") for seat, p in enumerate(pages)}
    play_out(live_server, game_id, tokens)
    for p in pages:  # each opens the table again with the computers at their slow pace (the match was played at 0)
        p.goto(f"{live_server}/?pace=900")
        _to_the_end_dialog(p)
    kari = pages[3]
    kari.locator("#dlg-round[open] #round-buttons button.primary").click()  # she closes the end's dialog
    kari.wait_for_selector("#dlg-round", state="hidden")
    offer = kari.locator("#match-over #btn-rematch-over")
    expect(offer).to_be_visible()
    assert offer.text_content() == "Rematch"
    host = pages[0]
    host.locator("#dlg-round[open] #btn-rematch").click()
    host.wait_for_function("id => S.view && S.view.game_id !== id && S.view.status === 'waiting'", arg=game_id)
    new_id = host.evaluate("S.view.game_id")
    for p in pages[1:3]:
        p.locator("#dlg-round[open] #btn-rematch").click()
        p.wait_for_function("id => S.view && S.view.game_id === id", arg=new_id)
    host.locator("#waiting button[data-remove='3']").click()  # Kari is not back yet: a computer plays for her
    for p in pages[:3]:
        p.wait_for_function(NEW_GAME_SHOWN, arg=new_id, timeout=2_000)
    assert host.evaluate("S.view.seating[3]")["player"] is not None
    offer.click()  # Kari comes back to the table: her seat is hers again
    kari.wait_for_function(NEW_GAME_SHOWN, arg=new_id, timeout=2_000)
    assert kari.evaluate("[S.seat, S.view.seating[3].player, S.view.names[3]]") == [3, None, "Kari"]
    for p in pages[:3]:  # and every other screen hears it (not held back by the computers' pace either)
        p.wait_for_function("S.view.seating[3].player === null && S.view.seating[3].connected", timeout=5_000)
    assert kari.locator("#match-over").is_hidden()
