"""The site's HTML pages (the table, the place pages, the scoreboards): each page's file under ``static/`` holds
what is its own (title, style, scripts, body) and ``$head`` where the head every page shares goes.

The shared head (``static/head.html``: charset, viewport, icon, theme colour) is one file so that a new
fact about every page is written once. The server writes it in at each request (the files are small and a
changed file is served at once, as ``FileResponse`` did). ``$`` stands in no page otherwise: a stray one
fails at the first request of that page (``string.Template.substitute``), as the page tests show.
"""

from __future__ import annotations

from pathlib import Path
from string import Template

from fastapi.responses import HTMLResponse

from puur.server import STATIC

HEAD = STATIC / "head.html"
"""The lines of ``<head>`` every page has (the service worker's version hashes it: ``puur.local.bundle``)."""
NO_CACHE = {"Cache-Control": "no-cache"}
"""Pages the browser asks again each time (the table, the place pages): a new release shows at once."""


def render(page: Path) -> str:
    """The page's file with the shared head written in where it says ``$head``."""
    return Template(page.read_text(encoding="utf-8")).substitute(head=HEAD.read_text(encoding="utf-8").rstrip("\n"))


def html_page(page: Path, headers: dict[str, str] | None = None) -> HTMLResponse:
    """The response for a page of the site: ``render`` of its file."""
    return HTMLResponse(render(page), headers=headers)


__all__ = ["HEAD", "NO_CACHE", "html_page", "render"]
