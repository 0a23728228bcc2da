"""The browser table at ``/``: one static page (``static/table/``), plain HTML + CSS + JS, no build step.

The page computes no rule: it asks the game API for its seat's view, the legal actions and the reasons.
Its scripts and style are served from ``/static/table/``; the chalk drawing is shared with the tool
pages (``/tools/assets/chalk.js``).
"""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import FileResponse

from puur.server import STATIC

router = APIRouter(tags=["web table"], include_in_schema=False)

TABLE_DIR = STATIC / "table"


@router.get("/")
def table() -> FileResponse:
    return FileResponse(TABLE_DIR / "index.html", media_type="text/html", headers={"Cache-Control": "no-cache"})


@router.get("/sw.js")
def service_worker() -> FileResponse:
    """The table's service worker (an installable app), served at the root so its scope is the site."""
    return FileResponse(TABLE_DIR / "sw.js", media_type="text/javascript", headers={"Cache-Control": "no-cache"})


@router.get("/manifest.webmanifest")
def web_manifest() -> FileResponse:
    """The web app manifest: name, start page, colours and icons for "add to home screen"."""
    return FileResponse(TABLE_DIR / "manifest.webmanifest", media_type="application/manifest+json")
