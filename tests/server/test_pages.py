"""The site's pages begin with one shell (``static/page.html``, joined by ``puur.server.http.pages``): every page
has its lines once, at the start, with nothing of the template left, then its family's style and scripts; the
service worker's version hashes the shell."""

from __future__ import annotations

import json
import re

import pytest
from fastapi.testclient import TestClient

from puur.local.bundle import shell_files
from puur.server.http.pages import PLACE_DIR, SHELL
from puur.server.http.tools_pages import HEAD as TOOLS_HEAD
from puur.server.http.tools_pages import PAGES

PLACE_PAGES = {"/lobby": "lobby", "/player": "player", "/leaderboard": "leaderboard", "/tournaments": "tournament"}
PAGE_PATHS = ["/", *PLACE_PAGES, *(f"/tools/{slug}" for slug in PAGES)]
OPENING = SHELL.read_text(encoding="utf-8").split("${assets}")[0]
WORDED_PAGES = ("lobby", "player", "tournament")
"""The place pages whose words are a data file beside them (``static/place/{name}.words.json``)."""


def page_languages() -> list[str]:
    """The place pages' languages, as ``static/place/words.js`` names them (``LANGUAGES``)."""
    found = re.search(r"export const LANGUAGES = (\[.*?\]);", (PLACE_DIR / "words.js").read_text(encoding="utf-8"))
    assert found is not None
    languages: list[str] = json.loads(found.group(1))
    return languages


@pytest.mark.parametrize("path", PAGE_PATHS)
def test_every_page_begins_with_the_shell_once(module_client: TestClient, path: str) -> None:
    r = module_client.get(path)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert r.text.startswith(OPENING) and r.text.count('<meta charset="utf-8">') == 1, path
    head = re.search(r"<head>(.*?)</head>\s*<body", r.text, re.S)
    assert head is not None and re.search(r"<title\b", head.group(1)), path
    assert "${" not in r.text and r.text.rstrip().endswith("</html>"), path


@pytest.mark.parametrize("path", PLACE_PAGES)
def test_a_place_page_loads_its_style_and_module_in_its_head(module_client: TestClient, path: str) -> None:
    r = module_client.get(path)
    head = r.text.split("</head>")[0]
    name = PLACE_PAGES[path]
    assert f'<link rel="stylesheet" href="/static/place/{name}.css">' in head
    assert f'<script type="module" src="/static/place/{name}.js"></script>' in head
    assert r.headers["cache-control"] == "no-cache"


@pytest.mark.parametrize("slug", PAGES)
def test_a_tool_page_loads_the_tools_style_and_helpers_before_its_own(module_client: TestClient, slug: str) -> None:
    text = module_client.get(f"/tools/{slug}").text
    order = [text.index(f) for f in ('href="/tools/assets/tools.css"', 'src="/static/table/cards.js"',
                                      'src="/tools/assets/i18n.js"', 'src="/tools/assets/tools.js"')]
    assert order == sorted(order) and order[-1] < text.index("</head>")
    if slug:
        assert text.index(f'src="/tools/assets/{slug}.js"') > text.index("</head>")


@pytest.mark.parametrize("name", WORDED_PAGES)
def test_a_place_page_imports_its_words_served_as_json_in_every_language(module_client: TestClient, name: str) -> None:
    """The page's module imports its words as a JSON module: the browser refuses one not served as JSON, and
    a word lacking a language would show its English there (words.js)."""
    script = module_client.get(f"/static/place/{name}.js").text
    assert re.search(rf'^import WORDS from "[^"]*/{name}\.words\.json" with {{ type: "json" }};$', script, re.M)
    r = module_client.get(f"/static/place/{name}.words.json")
    assert r.status_code == 200 and r.headers["content-type"] == "application/json"
    words = r.json()
    assert words, name
    languages = page_languages()
    for key, word in words.items():
        assert sorted(word) == sorted(languages), f"{name}.words.json: {key} has {sorted(word)}"
        assert all(isinstance(text, str) and text.strip() for text in word.values()), f"{name}.words.json: {key}"


def test_the_table_page_is_asked_again_each_time(module_client: TestClient) -> None:
    assert module_client.get("/").headers["cache-control"] == "no-cache"


def test_the_shell_and_the_tools_head_are_in_the_offline_version() -> None:
    """A change to either changes cached pages: the service worker must cache them anew."""
    assert {SHELL.resolve(), TOOLS_HEAD.resolve()} <= {p.resolve() for p in shell_files()}
