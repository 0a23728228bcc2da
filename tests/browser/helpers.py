"""Helpers shared by the browser tests (``from helpers import ...``: pytest puts tests/browser on the path of its
modules): a Puur server in a thread, the page sizes, a game opened on the table, the human's next step at the
table, a press that opens a dialog, the check that every text of the table is in its language, and the tool
pages' entries.

They press like a person: Playwright's own clicks, fills and key presses, which wait until the element is
visible, stable, enabled and the one under the pointer; never an event sent to an element, never a forced
click.

Keeping the suite fast (it runs on two cores; a browser test costs seconds):

- One Chromium per test process (``browser``, session) and one server (``live_server``, session): take them,
  never launch another. A page is ``page``/``open_page`` (a fresh context each: empty storage); several
  people at one table are several ``open_page`` contexts, closed after the test's report so a failure shows
  each screen's state. A module that stops or restarts its server has its own (``LiveServer``).
- Bring a game to the state the test is about through the API, not by clicking there: ``game_against_computers``
  then ``play_through_api`` (the seat's actions, the computers moving in between), then open it
  (``open_on_the_table``, ``open_in_language``); or let a page that shows the game follow while the API plays
  (``finish_round_through_api``). Click what the test checks; a test about the clicks themselves (a whole
  round or match by clicking, fifty games in a row) keeps them.
- Pages run at ``?pace=0`` (the computers' moves at once); ``reduced_motion="reduce"`` where card flights are
  not what is tested.
- Wait for what the table shows next (a selector, ``S.view`` with a later ``seq`` or another ``status``), never
  for a time; a timer of the page (a fallback, a countdown) is run with Playwright's ``page.clock``."""

from __future__ import annotations

import re
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import uvicorn
from api_client import api

from puur.server.app import create_app

# ----- the server -----


def free_port() -> int:
    """A port of 127.0.0.1 that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """A Puur server (uvicorn serving ``create_app`` on the SQLite file ``db``) in a thread of this process, at
    ``url``; it can be stopped and started again on the same port and file, as a restarted server is."""

    def __init__(self, db: Path, port: int | None = None) -> None:
        self.db = db
        self.port = port or free_port()
        self.server: uvicorn.Server | None = None
        self.thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """The base URL, no trailing slash."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Serve, and return once the server listens (or fail after 20 s)."""
        config = uvicorn.Config(create_app(db_path=str(self.db)), host="127.0.0.1", port=self.port, log_level="warning")
        server = self.server = uvicorn.Server(config)
        thread = self.thread = threading.Thread(target=server.run, name="puur-live-server", daemon=True)
        thread.start()
        deadline = time.monotonic() + 20
        while not server.started:
            if time.monotonic() > deadline or not thread.is_alive():
                raise RuntimeError("the live server did not start")
            time.sleep(0.05)

    def stop(self) -> None:
        """Ask the server to stop, and wait for its thread (10 s at most)."""
        assert self.server is not None and self.thread is not None
        self.server.should_exit = True
        self.thread.join(timeout=10)


# ----- the table -----

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
SIZES = {"desktop": DESKTOP, "phone": PHONE}
NAMES = ["Ueli", "Vreni", "Kari"]
"""The computers' names in ``table_game`` (seats 1 to 3): names, not words of a language."""
WEIS_SEED = 6
"""A deal where seat 3 (left of the human) shows a Weis after trick 1, the contract is Eicheln/clubs and the
human holds cards it may not play on its first card (found by playing seeds 1..60 through the API)."""
CHOOSE_SEED = 8
"""A deal where the human chooses the contract in round 1, holding CQ CJ C10 C8."""
SETTLED = "() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)))"
"""Wait until the cards have stopped moving (for a screenshot); an animation cancelled meanwhile (a card
redrawn by the next view) has stopped too (its ``finished`` rejects with an AbortError)."""
HUMAN_TO_ACT = "#choose:not([hidden]) button:not([disabled]), #hand .card.legal:not([disabled]), #dlg-round[open]"
"""What the human at the table can do next: a contract to choose, a card to play, or the round's breakdown to
read. Enabled controls only: while an action is on its way the page disables them (a second click would land
on a chooser that is about to close)."""


def open_on_the_table(page: Any, base: str, created: dict[str, Any], prefs: dict[str, Any] | None = None) -> None:
    """Open the game ``created`` (the answer of ``POST /api/v1/games``) on the table at ``base`` (pace 0), as
    the browser that made it would: its seat tokens, and the player's ``prefs`` if given, in localStorage."""
    page.goto(f"{base}/?pace=0")
    page.evaluate(
        "([id, tokens, prefs]) => { localStorage.setItem('puur.games', JSON.stringify({[id]: {tokens, saved: 0}}));"
        " localStorage.setItem('puur.current', id);"
        " if (prefs) localStorage.setItem('puur.prefs', JSON.stringify(prefs)); }",
        [created["game_id"], created["tokens"], prefs],
    )
    page.goto(f"{base}/?pace=0")


def game_against_computers(base: str, seed: int = WEIS_SEED, names: list[str | None] | None = None,
                           target: int | None = None) -> dict[str, Any]:
    """A Schieber game of the human (seat 0) against three computers, made through the API at ``base``: the
    answer of ``POST /api/v1/games`` (its id, its tokens)."""
    body: dict[str, Any] = {"seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": seed,
                            "names": names or [None, *NAMES]}  # fmt: skip (None: the table's "You")
    if target:
        body["profile"] = {"preset": "schieber", "target": target}
    return api(base, "/api/v1/games", body=body)  # type: ignore[no-any-return]


def open_in_language(page: Any, base: str, created: dict[str, Any], lang: str, deck: str = "swiss") -> tuple[str, str]:
    """``open_on_the_table`` in ``lang`` and ``deck``, once the hand is drawn; the game's id and seat 0's token."""
    open_on_the_table(page, base, created, {"lang": lang, "deck": deck})
    page.wait_for_selector("#hand .card")
    return created["game_id"], created["tokens"]["0"]


def table_game(page: Any, base: str, lang: str, seed: int = WEIS_SEED, deck: str = "swiss",
               names: list[str | None] | None = None, target: int | None = None) -> tuple[str, str]:
    """A game against three computers made through the API and opened on the table (pace 0) in ``lang``;
    its id and the human's (seat 0's) token."""
    return open_in_language(page, base, game_against_computers(base, seed, names, target), lang, deck)


def play_through_api(base: str, game_id: str, token: str, until: Callable[[dict[str, Any]], bool],
                     contract: str = "C") -> dict[str, Any]:
    """The seat of ``token`` acts through the API (``contract`` when it may choose it, else its last legal action;
    the server's computers move in between) until ``until(view)`` holds; that view. For a test that needs a game
    in a later state than its start and does not check the clicks that lead there: a browser opening the game
    then (``open_on_the_table``), or one already showing it, follows as it would follow another device."""
    view = api(base, f"/api/v1/games/{game_id}", token)
    for _ in range(1000):
        if until(view):
            return view
        legal = view["legal_actions"]
        assert view["status"] == "playing" and legal, f"the game stopped before the state wanted: {view['status']}"
        action = contract if contract in legal else legal[-1]
        view = api(base, f"/api/v1/games/{game_id}/actions", token, {"action": action, "seq": view["seq"]})
    raise AssertionError("the state wanted never came")


def finish_round_through_api(page: Any, base: str, created: dict[str, Any]) -> None:
    """Once the page has made its seat's choice of the round (a contract, a column, a prediction) and its first
    card is to play, the round's cards through the API (``play_through_api``); returns once the page, following,
    shows the round's end (``#dlg-round``). For a test about what comes before and after the cards."""
    page.wait_for_selector("#hand .card.legal:not([disabled])")
    game_id, token = created["game_id"], created["tokens"]["0"]
    number = api(base, f"/api/v1/games/{game_id}", token)["round_number"]
    play_through_api(base, game_id, token, lambda v: v["round_number"] > number or v["status"] == "over")
    page.wait_for_selector("#dlg-round[open]")


def step(page: Any, contract: str = "C", push: bool = False) -> str:
    """The next thing the human does (``HUMAN_TO_ACT``): push if ``push`` and pushing is offered, else choose
    ``contract``; or play the first legal card; or, the round over, nothing. Says which: "push", "choose",
    "card" or "round"."""
    page.wait_for_selector(HUMAN_TO_ACT, timeout=20_000)
    if page.locator("#dlg-round[open]").count():
        return "round"
    if page.locator("#choose:not([hidden]) button:not([disabled])").count():
        pushing = page.locator("#choose button[data-action=P]:not([disabled])")
        if push and pushing.count():
            pushing.click()
            return "push"
        page.locator(f"#choose button[data-action={contract}]:not([disabled])").click()
        return "choose"
    page.locator("#hand .card.legal:not([disabled])").first.click()
    return "card"


def play_to_round_end(page: Any, contract: str = "C") -> None:
    """Take ``step``s (choosing ``contract`` when asked) until the round's breakdown is open."""
    for _ in range(200):
        if step(page, contract) == "round":
            return
    raise AssertionError("the round did not end")


def play_out(base: str, game_id: str, tokens: dict[int, str]) -> None:
    """The people play the match out (their first legal action each, through the API, ``tokens`` by seat):
    the setup of what follows, not what is tested."""
    v = api(base, f"/api/v1/games/{game_id}", tokens[0])
    while v["status"] != "over":
        token = tokens[v["to_act"]]
        action = api(base, f"/api/v1/games/{game_id}", token)["legal_actions"][0]
        v = api(base, f"/api/v1/games/{game_id}/actions", token, {"action": action})


def press_until_open(page: Any, target: Any, dialog: str) -> None:
    """Press ``target`` (a selector or a locator) once, as a person does, and wait for the dialog ``dialog`` (a
    selector) to open. One press: the table keeps each element it shows for as long as it is there and keeps
    its moving cards out of the way of presses, so a press that does not open the dialog fails the test."""
    element = page.locator(target) if isinstance(target, str) else target
    element.click()
    page.wait_for_selector(f"{dialog}[open]")


def open_new_game(page: Any) -> None:
    """Press New game and wait for its dialog (``press_until_open``)."""
    press_until_open(page, "#btn-new", "#dlg-setup")


# ----- the text check: every visible text is of the table's language -----

VISIBLE_TEXTS = """() => {
  const out = [];
  const shown = (el) => el && el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || el.closest("svg") || el.closest("select") || !shown(el)) continue;
    out.push(n.textContent.trim());
  }
  for (const sel of document.querySelectorAll("select")) if (shown(sel)) for (const o of sel.options) out.push(o.textContent.trim());
  for (const inp of document.querySelectorAll("input[placeholder]")) if (shown(inp) && inp.placeholder) out.push(inp.placeholder);
  // what a screen reader or a pointer's tooltip says: aria-labels and titles of shown elements
  for (const el of document.querySelectorAll("[aria-label], [title]")) {
    if (el.closest("svg") || el.closest("select") || !shown(el)) continue;
    for (const a of ["aria-label", "title"]) { const v = (el.getAttribute(a) || "").trim(); if (v) out.push(v); }
  }
  return out;
}"""

LANGUAGE_ENV = """(names) => {
  const values = [];
  const walk = (x) => { if (typeof x === "string") values.push(x); else if (x && typeof x === "object") Object.values(x).forEach(walk); };
  walk(I18N[prefs.lang]);
  const cards = [];
  for (const s of PuurCards.SUITS) for (const r of PuurCards.RANKS) cards.push(PuurCards.cardName(s + r, prefs.deck, prefs.lang));
  const suits = PuurCards.SUITS.map((s) => PuurCards.suitName(s, prefs.deck, prefs.lang));
  // the words a date and time in the page's language may hold (the Resume list's "1:46 PM")
  const periods = [3, 15].map((h) => new Intl.DateTimeFormat(prefs.lang, { hour: "numeric", hour12: true })
    .formatToParts(new Date(2026, 0, 1, h)).find((p) => p.type === "dayPeriod")).filter(Boolean).map((p) => p.value);
  return { lang: prefs.lang, values, atoms: [...cards, ...suits, ...PuurCards.RANK_NAMES[prefs.deck][prefs.lang], ...names, ...periods] };
}"""

NUMERIC = re.compile(r"[\d\s.,:;×\-–—+/()%…‹›!?·=#]*")
HEX = re.compile(r"[0-9a-f]{8,}…?")  # a hash (the fair deal's commitment)


class Language:
    """What may be written on a page in one language: the values of its translation table (a value with
    placeholders as a pattern whose parts must themselves be allowed), the deck's card and suit names in that
    language, the players' names, numbers. Anything else (an English word on a German table) is refused."""

    def __init__(self, env: dict[str, Any]) -> None:
        self.lang = env["lang"]
        self.atoms = {v for v in env["values"] if "{" not in v} | set(env["atoms"])
        self.templates = [
            re.compile("(.+?)".join(re.escape(piece) for piece in re.split(r"\{\w+\}", v)))
            for v in env["values"] if re.search(r"\{\w+\}", v)
        ]  # fmt: skip

    def allows(self, text: str, depth: int = 3) -> bool:
        text = text.strip()
        if not text or NUMERIC.fullmatch(text) or HEX.fullmatch(text) or text in self.atoms:
            return True
        if depth <= 0:
            return False
        for rx in self.templates:
            m = rx.fullmatch(text)
            if m and all(self.allows(g, depth - 1) for g in m.groups()):
                return True
        for sep in (", ", " · ", " = ", " "):  # lists of allowed parts: "Ueli 50, Vreni 20", "Rosen 6, Rosen 7"
            parts = text.split(sep)
            if len(parts) > 1 and all(self.allows(p, depth - 1) for p in parts):
                return True
        return False


def foreign_texts(page: Any, names: list[str]) -> list[str]:
    """The visible texts of the table that are not in its language (``names``: the players' names on it)."""
    language = Language(page.evaluate(LANGUAGE_ENV, names))
    return [x for x in page.evaluate(VISIBLE_TEXTS) if not language.allows(x)]


# ----- the tool pages -----


def pick_on_trick_tool(page: Any, group: str, value: str) -> None:
    """Press the chip of ``value`` in the trick tool's choice ``group`` (``rank0``, ``suit2``): the radio
    button itself is hidden under its chip, as a person sees it."""
    page.locator(f"input[name={group}][value='{value}'] + span").click()


def play_on_trick_tool(page: Any, seat: int, card: str) -> None:
    """Give ``seat`` (0 to 3) the ``card`` (``"HA"``, ``"D10"``) on the trick tool: its rank, then its suit."""
    pick_on_trick_tool(page, f"rank{seat}", card[1:])
    pick_on_trick_tool(page, f"suit{seat}", card[0])


def coiffeur_box(column: int, team: int = 0) -> str:
    """The selector of ``team``'s box in ``column`` (0 to 9) of the Coiffeur tool's sheet."""
    return f"input[data-team='{team}'][data-col='{column}']"


def write_coiffeur_box(page: Any, column: int, points: int, team: int = 0) -> None:
    """Write ``points`` into a box of the Coiffeur tool's sheet as a person does: type them, then leave the box
    (Tab), which is what has the page add it up."""
    page.fill(coiffeur_box(column, team), str(points))
    page.press(coiffeur_box(column, team), "Tab")


def type_differenzler_round(page: Any, predicted: list[int], made: list[int]) -> None:
    """Type one round into the Differenzler sheet: player by player, the prediction and the points made."""
    for i, (p, a) in enumerate(zip(predicted, made, strict=True)):
        page.fill(f"#pred{i}", str(p))
        page.fill(f"#act{i}", str(a))


ENGINE_WORKER = "**/static/table/engine-worker.js"


def leave_out_engine(context: Any) -> Any:
    """``context`` with the engine in the page left out, as on a server where it is not built (offline.js: the
    worker's script does not load, and the table plays online as before). Every fresh context would otherwise
    start Pyodide in a worker, compiling its 9 MB of WebAssembly again: a third of a browser test's CPU.
    The tests of the offline table, and of what it hands to the server, keep it (``engine_in_page``)."""
    context.route(ENGINE_WORKER, lambda route: route.abort())
    return context
