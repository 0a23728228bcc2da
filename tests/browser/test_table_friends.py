"""Online tables in Chromium (docs/api-online-tables.md): four browser contexts, each a friend on their own
device, play a whole (short) match together from the host's invite links; one reloads and is back at their
seat; one drops out, the host has a computer play their seat, and they take it back on return (the table's own
hand-over after a minute away: tests/server/test_online_tables.py); the rematch waits for each friend, one
removed by the host in the open. Once on the embedded server, and once on two ``puur serve`` workers sharing a
PostgreSQL database (friends 2 and 3 open their links on the other worker, as behind a load balancer; skipped
with the reason where no PostgreSQL can be had)."""

from __future__ import annotations

from typing import Any

import pytest
from api_client import api
from pg_cluster import (
    postgres_url,  # noqa: F401  (the fixture the workers need)
    workers,  # noqa: F401  (two puur serve processes on one PostgreSQL database)
)

pytestmark = pytest.mark.browser



FRIEND_SCREEN = {"width": 1000, "height": 800}


def friend_page(open_page: Any) -> Any:
    """A friend's own browser (``open_page``: its own context, closed after the test's report, so a failure shows
    every screen's state), no card flights."""
    return open_page(FRIEND_SCREEN, reduced_motion="reduce")


AUTOPLAY = """() => {
  // this seat plays by itself: Undenufe (x4: the short match ends in one round) or its first enabled contract
  // button, else its first legal card, once its previous action is answered; closes the round's breakdown
  if (window.autoplay) return;
  let waitingFor = null;
  window.autoplay = setInterval(() => {
    if (waitingFor !== null && S.view && S.view.seq === waitingFor && !S.blocked) return;
    waitingFor = null;
    const next = document.querySelector("#dlg-round[open] #btn-next");
    if (next) { next.click(); return; }
    const weis = document.querySelector("#dlg-weis[open] button[type=submit]");
    if (weis) { weis.click(); return; }
    const v = S.view;
    if (!v || v.status !== "playing" || v.to_act !== S.seat || S.blocked || S.covered) return;
    const el = document.querySelector("#choose:not([hidden]) button[data-action=U]:not([disabled])")
      || document.querySelector("#choose:not([hidden]) button[data-action]:not([disabled])")
      || document.querySelector("#hand .card.legal:not([disabled])");
    if (el) { waitingFor = v.seq; el.click(); }
  }, 40);
}"""


def test_four_friends_play_a_match_from_invite_links(open_page: Any, live_server: str) -> None:
    play_a_match(open_page, live_server, [live_server] * 4)


def test_four_friends_play_across_two_workers_on_postgres(open_page: Any, workers: dict[str, Any]) -> None:  # noqa: F811
    """The host and the first friend on worker A, the two others on worker B: every action reaches every
    screen across the workers, a reload and a seat handed over and back work as on one server."""
    play_a_match(open_page, workers["a"], [workers["a"], workers["a"], workers["b"], workers["b"]])


def play_a_match(open_page: Any, base: str, seat_bases: list[str]) -> None:
    """The match: the host at ``base``; seat n's friend opens their link at ``seat_bases[n]``."""
    host = friend_page(open_page)
    host.goto(f"{base}/?pace=0")
    host.wait_for_selector("#dlg-setup[open]")
    for seat in (1, 2, 3):
        host.select_option(f"#seat-kind-{seat}", "invite")
    host.fill("#seat-name-0", "Hana")
    # a short match: target 100 (the API takes any target; the page offers the profile's)
    host.evaluate("() => { const s = document.getElementById('set-target'); s.append(new Option('100', '100')); s.value = '100'; }")
    host.click("#setup-start")
    host.wait_for_selector("#waiting:not([hidden]) .invite-url")
    host.wait_for_function("document.querySelectorAll('#waiting .invite-url').length === 3")
    urls = host.eval_on_selector_all("#waiting .invite-url", "els => els.map(e => e.value)")
    assert host.eval_on_selector_all("#waiting img.qr", "els => els.map(e => e.src.slice(0, 18))") == ["data:image/svg+xml"] * 3
    game_id = host.evaluate("S.gameId")
    host_token = host.evaluate("S.tokens[0]")
    assert all(u.startswith(f"{base}/#join={game_id}.") for u in urls)
    assert api(base, f"/api/v1/games/{game_id}", host_token)["status"] == "waiting"

    pages = [host]
    for seat, url in enumerate(urls, start=1):  # three friends open their links, each in their own browser
        p = friend_page(open_page)
        p.goto(url.replace(base, seat_bases[seat]).replace("/#join=", "/?pace=0#join="), wait_until="commit")
        pages.append(p)
    for name, p in zip(("Vreni", "Ueli", "Kari"), pages[1:], strict=True):
        p.wait_for_selector("#dlg-join[open]")
        p.fill("#join-name", name)
        p.click("#join-take:not([disabled])")
    for seat, p in enumerate(pages):
        p.wait_for_function("S.view && S.view.status === 'playing' && S.view.hand.length === 9")
        assert p.evaluate("S.seat") == seat
        assert p.locator("#cover:not([hidden])").count() == 0  # own device: no hand-over cover
    hands = [set(p.evaluate("S.view.hand")) for p in pages]
    assert sum(len(h) for h in hands) == 36 and len(set().union(*hands)) == 36  # each sees its own only
    assert host.evaluate("S.view.names") == ["Hana", "Vreni", "Ueli", "Kari"]

    # a quick reaction reaches the other screens
    pages[2].click("#reactions button[data-react=bravo]")
    host.wait_for_selector(".seat[data-seat='2'] .reaction[data-reaction=bravo]")

    for p in pages[:3]:  # Kari (seat 3) waits: the table comes to her turn
        p.evaluate(AUTOPLAY)
    host.wait_for_function("S.view.to_act === 3")
    # a reload: the same seat again, from this browser's storage
    seq = api(base, f"/api/v1/games/{game_id}", host_token)["seq"]
    pages[1].reload()
    pages[1].wait_for_function(f"S.view && S.seat === 1 && S.view.seq >= {seq} && S.view.hand.length > 0")
    pages[1].evaluate(AUTOPLAY)
    # Kari drops out at her turn: she is shown away; the host has a computer play for her
    pages[3].close()
    host.click(".seat[data-seat='3'] button[data-hand-over]:not([disabled])")
    host.wait_for_selector(".seat[data-seat='3'] .badge.stand-in")
    host.wait_for_function(f"S.view.seq > {seq}")
    assert api(base, f"/api/v1/games/{game_id}", host_token)["seating"][3]["player"] is not None
    # she comes back (the same browser): the seat is hers again, and she plays on
    p3 = pages[3].context.new_page()
    p3.set_default_timeout(15_000)
    p3.goto(f"{seat_bases[3]}/?pace=0")
    p3.wait_for_function("S.view && S.seat === 3 && S.view.seating[3].player === null")
    pages[3] = p3
    host.wait_for_function("S.view.seating[3].player === null && S.view.seating[3].connected")
    p3.evaluate(AUTOPLAY)
    for p in pages:
        p.wait_for_function("S.view && S.view.status === 'over'", timeout=60_000)
    # the match is over for everyone, and each may download the record
    for p in pages:
        p.wait_for_selector("#dlg-round[open] #btn-record")
        assert p.evaluate(f"fetch('/api/v1/games/{game_id}/record', {{ headers: {{ Authorization: 'Bearer ' + S.tokens[S.seat] }} }}).then(r => r.status)") == 200
    # a rematch asked on one screen is said on the others, whichever worker they are connected to
    host.click("#btn-rematch")
    pages[3].wait_for_function("() => !document.getElementById('toast').hidden"
                               " && document.getElementById('toast').textContent.includes('Hana')")
    # the rematch keeps every friend's seat until they ask for it; the host may remove one only in the open
    host.wait_for_selector("#waiting:not([hidden]) button[data-remove='3']")
    pages[3].click("#btn-rematch")
    host.wait_for_function("S.view.seating[3].kind === 'person'")
    assert host.locator("button[data-remove='3']").count() == 0
    # Ueli does not come: he has closed his browser (a screen still open on the table is a person there, whose
    # seat a connection gives back at once), and the host has a computer play for him; the seat stays his
    pages[2].close()
    host.click("button[data-remove='2']")
    host.wait_for_function("S.view.seating[2].player !== null && S.view.seating[2].kind === 'person'")
    pages[1].click("#btn-rematch")
    host.wait_for_function("S.view.status === 'playing'")
    assert host.evaluate("S.view.names") == ["Hana", "Vreni", "Ueli", "Kari"]


def test_a_refused_name_says_why_in_the_join_dialog(open_page: Any, live_server: str) -> None:
    """The server's reason for a refused name (the one rule of names, SECURITY.md), in the page's words: the
    seat stays open and another name takes it."""
    created = api(live_server, "/api/v1/games", body={"seats": ["human", "invite", "heuristic", "heuristic"],
                                                      "names": ["Hana", None, None, None]})
    url = created["invites"]["1"]["url"]
    page = friend_page(open_page)
    page.goto(url.replace("/#join=", "/?pace=0#join="), wait_until="commit")
    page.wait_for_selector("#dlg-join[open]")
    for name, reason in (("HANA", "“HANA” is another seat's name at this table"),
                         ("Player 2", "“Player 2” is what the table calls a seat"),
                         ("Ana\u200b", "may not hold control, invisible or direction characters")):
        page.fill("#join-name", name)
        page.click("#join-take:not([disabled])")
        page.wait_for_function("t => document.getElementById('join-error').textContent.includes(t)", arg=reason)
        assert page.locator("#dlg-join[open]").count() == 1
    page.fill("#join-name", "Vreni")
    page.click("#join-take:not([disabled])")
    page.wait_for_function("S.view && S.seat === 1 && S.view.names[1] === 'Vreni'")
