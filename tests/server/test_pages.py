"""The site's pages share one head (``static/head.html``, written in by ``puur.server.http.pages``): every page
has it once, inside its ``<head>``, with nothing of the template left; the service worker's version hashes it."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from puur.local.bundle import shell_files
from puur.server.http.pages import HEAD
from puur.server.http.tools_pages import PAGES

PAGE_PATHS = ["/", "/lobby", "/player", "/leaderboard", "/tournaments", *(f"/tools/{slug}" for slug in PAGES)]


@pytest.mark.parametrize("path", PAGE_PATHS)
def test_every_page_has_the_shared_head_once(module_client: TestClient, path: str) -> None:
    r = module_client.get(path)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    head = re.search(r"<head>(.*?)</head>", r.text, re.S)
    assert head is not None and r.text.startswith("<!doctype html>\n<html lang=\"en\">"), path
    shared = HEAD.read_text(encoding="utf-8").rstrip("\n")
    assert r.text.count(shared) == 1 and shared in head.group(1), path
    assert head.group(1).count('<meta charset="utf-8">') == 1 and "$" not in r.text, path
    assert re.search(r"<title\b", head.group(1)), path


def test_the_table_and_place_pages_are_asked_again_each_time(module_client: TestClient) -> None:
    for path in ("/", "/lobby", "/player", "/leaderboard", "/tournaments"):
        assert module_client.get(path).headers["cache-control"] == "no-cache", path


def test_the_shared_head_is_in_the_offline_version() -> None:
    """A change to the shared head changes every cached page: the service worker must cache them anew."""
    assert HEAD.resolve() in {p.resolve() for p in shell_files()}
