"""Renew the screenshots of the table: the README's (desktop and phone, 390×844, Swiss and French cards) and
the phone table in each game form (docs/forms.md: Schieber, Coiffeur, Differenzler).

    .venv/bin/python docs/screenshots.py            # writes docs/table-{swiss,french}[-phone].png, docs/screens/*.png
    .venv/bin/python docs/screenshots.py --forms    # only docs/screens/table-{schieber,coiffeur,differenzler}-phone.png

It starts ``puur serve`` on a free loopback port with a throwaway database, opens a game (you with
a computer partner against two computers) in Debian's Chromium, plays the first legal card until the
fourth trick is under way, and photographs the table in each size and deck; then, on a phone, a game of each
form (a column chosen or the points predicted), the whole page with the form's own board under the table.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from puur.server.probe import wait_serving

DOCS = Path(__file__).resolve().parent
CHROMIUM = "/usr/bin/chromium"
SIZES = {"": {"width": 1280, "height": 900}, "-phone": {"width": 390, "height": 844}}
PHONE = SIZES["-phone"]
SCREENS = DOCS / "screens"
FORMS = {"schieber": {}, "coiffeur": {"form": "coiffeur", "columns": 8}, "differenzler": {"form": "differenzler", "rounds": 4}}
NEXT = ("#choose:not([hidden]) button:not([disabled]), #form-choose:not([hidden]) button.column-btn:not([disabled]),"
        " #predict-btn:not([disabled]), #hand .card.legal:not([disabled])")
"""What the player does next in any form: a contract, a column, a prediction or a card."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _post(url: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.load(resp)


def _shoot(browser: Any, base: str, size: dict[str, int], deck: str, path: Path) -> None:
    game = _post(base + "/api/v1/games", {"seats": ["human", "heuristic", "heuristic", "heuristic"]})
    context = browser.new_context(viewport=size, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{base}/?pace=0")
    page.evaluate(
        "([id, tokens, deck]) => { localStorage.setItem('puur.games', JSON.stringify({[id]: {tokens, saved: 0}}));"
        " localStorage.setItem('puur.current', id);"
        " localStorage.setItem('puur.prefs', JSON.stringify({lang: 'en', deck})); }",
        [game["game_id"], game["tokens"], deck],
    )
    page.goto(f"{base}/?pace=0")
    played = 0
    while True:  # choose Rosen/hearts when asked; play the first legal card until three are played
        page.wait_for_selector("#choose:not([hidden]) button:not([disabled]), #hand .card.legal:not([disabled])")
        choose = page.locator("#choose:not([hidden]) button[data-action=H]:not([disabled])")
        if choose.count():
            choose.click()
            continue
        if played == 3:
            break
        page.locator("#hand .card.legal:not([disabled])").first.click()
        played += 1
    page.wait_for_timeout(500)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(path), full_page=size["width"] < 600)  # the phone's whole page, scrolled
    context.close()


def _shoot_form(browser: Any, base: str, form: str, path: Path) -> None:
    """The phone table of ``form`` (German, Swiss cards) with three cards played, the whole page: its board."""
    game = _post(base + "/api/v1/games", {"seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": 8, **FORMS[form]})
    context = browser.new_context(viewport=PHONE, locale="de-CH", reduced_motion="reduce")
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{base}/?pace=0")
    page.evaluate(
        "([id, tokens]) => { localStorage.setItem('puur.games', JSON.stringify({[id]: {tokens, saved: 0}}));"
        " localStorage.setItem('puur.current', id); localStorage.setItem('puur.prefs', JSON.stringify({lang: 'de', deck: 'swiss'})); }",
        [game["game_id"], game["tokens"]],
    )
    page.goto(f"{base}/?pace=0")
    played = 0
    while played < 3:
        page.wait_for_selector(NEXT)
        if page.locator("#predict-btn:not([disabled])").count():
            page.fill("#predict-input", "40")
            page.locator("#predict-btn").click()
        elif page.locator("#form-choose:not([hidden]) button.column-btn:not([disabled])").count():
            page.locator("#form-choose button[data-action='column:rosen']").click()
        elif page.locator("#choose:not([hidden]) button:not([disabled])").count():
            page.locator("#choose button[data-action=H]").click()
        else:
            page.locator("#hand .card.legal:not([disabled])").first.click()
            played += 1
    page.wait_for_selector("#hand .card.legal:not([disabled])")
    page.screenshot(path=str(path), full_page=True)
    context.close()


def main() -> int:
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.Popen(
            [sys.executable, "-m", "puur.cli", "serve", "--port", str(port), "--db", str(Path(tmp) / "g.sqlite"),
             "--rate-games", "off"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            wait_serving(base, proc, timeout=60)
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True)
                for suffix, size in SIZES.items() if "--forms" not in sys.argv else ():
                    for deck in ("swiss", "french"):
                        path = DOCS / f"table-{deck}{suffix}.png"
                        _shoot(browser, base, size, deck, path)
                        print(path)
                SCREENS.mkdir(exist_ok=True)
                for form in FORMS:
                    path = SCREENS / f"table-{form}-phone.png"
                    _shoot_form(browser, base, form, path)
                    print(path)
                browser.close()
        finally:
            proc.terminate()
            proc.wait(timeout=20)
    return 0


if __name__ == "__main__":
    sys.exit(main())
