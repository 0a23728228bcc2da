"""The browser table at ``/``: one page (``static/table/``), plain HTML + CSS + JS, no build step; the server
writes the head every page shares into it (``puur.server.http.pages``).

The page computes no rule: it asks the game API for its seat's view, the legal actions and the reasons.
Its scripts and style are served from ``/static/table/``; the chalk drawing is shared with the tool
pages (``/tools/assets/chalk.js``).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, Response

from puur.local.bundle import content_hash, shell_files
from puur.server import STATIC
from puur.server.http.pages import NO_CACHE, html_page

router = APIRouter(tags=["web table"], include_in_schema=False)

TABLE_DIR = STATIC / "table"


@router.get("/")
def table() -> HTMLResponse:
    return html_page(TABLE_DIR / "index.html", headers=NO_CACHE)


ENGINE_MANIFEST = TABLE_DIR / "engine" / "manifest.json"
VERSION_MARK = "__PUUR_OFFLINE_VERSION__"


def offline_version() -> str:
    """A hash of every file the service worker keeps: the page's and the tools' files and the engine's
    manifest (which holds the hash of the engine's files and wheel: ``puur.local.bundle``). A change to any
    of them makes a new service worker, which caches the new set whole and drops the old cache. The files
    are read again only when one of them changed (its size or time), not at every request for ``/sw.js``."""
    files = [*shell_files(), *([ENGINE_MANIFEST] if ENGINE_MANIFEST.is_file() else [])]
    return _version_of(tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files))


@lru_cache(maxsize=4)
def _version_of(stamps: tuple[tuple[str, int, int], ...]) -> str:
    parts = [("engine" if Path(name) == ENGINE_MANIFEST else Path(name).name, Path(name).read_bytes())
             for name, _, _ in stamps]
    return content_hash(parts)


@router.get("/sw.js")
def service_worker() -> Response:
    """The table's service worker (an installable app that plays offline), served at the root so its scope
    is the site, with the version of what it caches written in (``offline_version``)."""
    text = (TABLE_DIR / "sw.js").read_text(encoding="utf-8").replace(VERSION_MARK, offline_version())
    return Response(text, media_type="text/javascript", headers={"Cache-Control": "no-cache"})


MANIFEST_WORDS: dict[str, dict[str, str]] = {
    "de": {"lang": "de", "description": "Schweizer Jass (Schieber) am Tisch: gegen den Computer, mit Freunden oder "
           "reihum auf einem Gerät; gegen den Computer auch ohne Verbindung."},
    "fr": {"lang": "fr", "description": "Le Jass suisse (Schieber) à table : contre l'ordinateur, entre amis ou à tour "
           "de rôle sur un appareil ; contre l'ordinateur même sans connexion."},
}
"""The manifest's words in German and French (the file holds the English)."""


@router.get("/manifest.webmanifest")
def web_manifest(lang: str = "en") -> Response:
    """The web app manifest: name, start page, colours and icons for "add to home screen", in the page's
    language (``?lang=de|fr|en``: the page links the one of its language)."""
    manifest = json.loads((TABLE_DIR / "manifest.webmanifest").read_text(encoding="utf-8"))
    manifest.update(MANIFEST_WORDS.get(lang, {}))
    return Response(json.dumps(manifest, ensure_ascii=False, indent=2), media_type="application/manifest+json")
