"""The scoreboard pages (TOOLS.md §7): ``/tools/`` and one page per tool, plain HTML + CSS + JS.

The pages are files under ``static/tools/`` (the shared head written in: ``puur.server.http.pages``); they
compute nothing themselves and call the ``/api/v1/tools`` endpoints with ``fetch``. Their CSS and JS are served from ``/tools/assets/``.
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse

from puur.server import STATIC
from puur.server.http.pages import html_page

router = APIRouter(tags=["tool pages"], include_in_schema=False)

PAGES_DIR = STATIC / "tools"
PAGES = {
    "": "index.html",
    "jasstafel": "jasstafel.html",
    "weis": "weis.html",
    "trick": "trick.html",
    "coiffeur": "coiffeur.html",
    "differenzler": "differenzler.html",
}
HEAD = PAGES_DIR / "head.html"
"""What each tool page's head loads: the style, the card drawing and the offline note of the table, the words
and the helpers of the tools (a page's own script comes at the end of its body). A file among the pages', so
that the service worker's version hashes it with them (``puur.local.bundle.SHELL_DIRS``)."""
# Every script of the pages is a file here (no inline script: the Content-Security-Policy refuses it).
ASSETS = {
    "tools.css": "text/css",
    "tools.js": "text/javascript",
    "i18n.js": "text/javascript",
    "chalk.js": "text/javascript",
} | {
    f"{slug}.js": "text/javascript" for slug in PAGES if slug
}


FAVICON = STATIC / "favicon.svg"


@router.get("/favicon.svg")
def favicon() -> FileResponse:
    """Puur's icon (a Jass card's corner), linked from the table and every tool page."""
    return FileResponse(FAVICON, media_type="image/svg+xml")


@router.get("/favicon.ico")
def favicon_ico() -> RedirectResponse:
    """Browsers that ask for the old name get the SVG (no 404 in the console)."""
    return RedirectResponse("/favicon.svg", status_code=301)


@router.get("/tools")
def tools_root() -> RedirectResponse:
    return RedirectResponse("/tools/")


@router.get("/tools/assets/{name}")
def asset(name: str) -> FileResponse:
    if name not in ASSETS:
        raise HTTPException(404, "no such asset")
    return FileResponse(PAGES_DIR / name, media_type=ASSETS[name])


@router.get("/tools/{page}")
def page(page: str) -> HTMLResponse:
    if page not in PAGES:
        raise HTTPException(404, "no such tool")
    return tool_page(PAGES[page])


@router.get("/tools/")
def index() -> HTMLResponse:
    return tool_page(PAGES[""])


def tool_page(name: str) -> HTMLResponse:
    """A tool page: the site's shell, the tools' head, the page's file."""
    return html_page(PAGES_DIR / name, [HEAD.read_text(encoding="utf-8").rstrip("\n")])
