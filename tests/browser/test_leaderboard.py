"""The leaderboard page (/leaderboard) at desktop and phone sizes: the rated players best first, a page at a
time, a player picked shows their rating's history as a chart (static/place/rating-chart.js), in the
player's language, with nothing wider than a phone's screen."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import DESKTOP, PHONE, LiveServer

from puur.server.place.rated_matches import rate_match
from puur.server.store import Store
from puur.server.store.place import open_place
from puur.server.store.players import create_player
from puur.server.store.ratings import CoreSql
from puur.table.public import new_public
from puur.table.seats import with_seat_player

pytestmark = pytest.mark.browser

WORDS = Path(__file__).resolve().parents[2] / "puur" / "server" / "static" / "place" / "rating-words.js"
WORD_LINE = re.compile(r'(?P<key>\w+): \{ (?P<texts>.*) \},')
TEXT_IN = re.compile(r'(en|de|fr): ("(?:[^"\\]|\\.)*")')
READY = "body[data-ready='1']"
PLAYERS = 30
CHAMPION_MATCHES = 6


def seed(db: Path) -> dict[str, str]:
    """30 rated players: Meister wins six matches against computers, the others play one match each."""
    Store(db).close()
    place = open_place(db)
    ids: dict[str, str] = {}
    with place.begin() as conn:
        for i in range(PLAYERS):
            name = "Meister" if i == 0 else f"Spieler{i:02d}"
            ids[name] = create_player(conn, name)[0].id
    names = list(ids)
    with place.begin() as conn:
        sql = CoreSql(conn)
        for m in range(CHAMPION_MATCHES):
            s = with_seat_player({"seats": ["human", "random", "heuristic", "random"], "rated": True}, 0, ids["Meister"])
            rate_match(sql, f"champion{m}", s, 0, 1000.0 + m)
        for i in range(1, PLAYERS, 2):
            a, b = ids[names[i]], ids[names[i + 1]] if i + 1 < PLAYERS else ids[names[1]]
            s = {"seats": ["human", "heuristic", "human", "heuristic"], "public": new_public("de", "normal")}
            s = with_seat_player(with_seat_player(s, 0, a), 2, b) if a != b else with_seat_player(s, 0, a)
            rate_match(sql, f"pair{i}", s, (i // 2) % 2, 2000.0 + i)
    place.close()
    return ids


@pytest.fixture(scope="module")
def board_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    db = tmp_path_factory.mktemp("leaderboard") / "puur.sqlite3"
    ids = seed(db)
    server = LiveServer(db)
    server.start()
    yield server.url, ids
    server.stop()


def words(lang: str) -> dict[str, str]:
    return _tables(WORDS.read_text(encoding="utf-8"))[lang]


def _tables(text: str) -> dict[str, dict[str, str]]:
    """The word tables of rating-words.js, one per language (each line ``key: { en: "…", de: "…", fr: "…" },``)."""
    tables: dict[str, dict[str, str]] = {"en": {}, "de": {}, "fr": {}}
    for line in text.splitlines():
        entry = WORD_LINE.fullmatch(line.strip())
        if entry is not None:
            for lang, value in TEXT_IN.findall(entry["texts"]):
                tables[lang][entry["key"]] = json.loads(value)
    return tables


def no_sideways_scroll(page: Any) -> bool:
    return bool(page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"))


def test_the_leaderboard_lists_the_best_first_a_page_at_a_time_and_charts_a_picked_player(
        open_page: Any, board_server: tuple[str, dict[str, str]]) -> None:
    base, ids = board_server
    page = open_page(DESKTOP)
    page.goto(base + "/leaderboard")
    page.wait_for_selector(READY)
    rows = page.locator("#board tbody tr")
    assert rows.count() == 25
    champion = page.locator(f"#board tbody tr[data-player='{ids['Meister']}']")
    assert champion.locator("td").nth(3).inner_text() == str(CHAMPION_MATCHES)
    assert "▲" in champion.locator("td").nth(4).inner_text()  # six wins: the rating went up
    ratings = [float(t.replace("’", "").replace(",", "")) for t in page.locator("#board tbody td:nth-child(3)").all_inner_texts()]
    assert ratings == sorted(ratings, reverse=True)
    assert page.locator("#range").inner_text() == f"1–25 of {PLAYERS}"
    page.get_by_role("button", name="Next").click()
    page.wait_for_function("() => document.querySelector('#range').textContent.startsWith('26')")
    assert rows.count() == PLAYERS - 25
    page.get_by_role("button", name="Previous").click()
    page.wait_for_function("() => document.querySelector('#range').textContent.startsWith('1–')")
    champion.locator("button.pick").click()
    chart = page.locator("#chart svg")
    chart.wait_for()
    assert chart.locator("circle.won").count() == CHAMPION_MATCHES and chart.locator("circle.lost").count() == 0
    assert "Meister#" in page.locator("#detail-name").inner_text()
    assert f"?player={ids['Meister']}" in page.url
    assert no_sideways_scroll(page)


def test_on_a_phone_in_german_a_linked_player_opens_with_the_chart_and_every_word_is_german(
        open_page: Any, board_server: tuple[str, dict[str, str]]) -> None:
    base, ids = board_server
    page = open_page(PHONE, locale="de-CH")
    loser = next(pid for name, pid in ids.items() if name == "Spieler03")
    page.goto(f"{base}/leaderboard?player={loser}")
    page.wait_for_selector(READY)
    de, en = words("de"), words("en")
    assert page.locator("h1").inner_text() == de["heading"]
    assert page.locator("#detail-name").inner_text().startswith("Wertung von Spieler03#")
    chart = page.locator("#chart svg")
    assert chart.locator("circle.lost").count() == 1 and chart.locator("circle.won").count() == 0
    assert chart.get_attribute("aria-label").startswith("Die Wertung von Spieler03#")
    shown = page.locator("body").inner_text()
    english_only = [v for k, v in en.items() if k != "lang_name" and v != de.get(k) and "{" not in v and len(v) > 3]
    assert [v for v in english_only if v in shown] == []
    assert no_sideways_scroll(page)
    page.locator("#lang").select_option("fr")
    page.wait_for_function("() => document.documentElement.lang === 'fr'")
    assert page.locator("h1").inner_text() == words("fr")["heading"]
    assert page.locator("#detail-name").inner_text().startswith("Classement de Spieler03#")


def test_the_page_and_its_chart_work_under_the_pages_content_security_policy(
        strict_page: Any, board_server: tuple[str, dict[str, str]]) -> None:
    base, ids = board_server
    refused: list[str] = []
    strict_page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    strict_page.goto(f"{base}/leaderboard?player={ids['Meister']}")
    strict_page.wait_for_selector(READY)
    assert strict_page.locator("#chart svg circle").count() == CHAMPION_MATCHES
    assert refused == []
