"""The site's HTML pages (the table, the place pages, the scoreboards) begin with one shell: ``static/page.html``
holds what every page's head has (doctype, language, charset, viewport, icon, theme colour); each page's file
under ``static/`` holds the rest (its title, its own head lines, ``</head>`` and its body).

So a fact of every page is written once, and a family of pages names its style and scripts once (the place
pages: ``place_page``; the scoreboards: ``static/tools/head.html``). The server joins them at each
request (the files are small, and a changed file is served at once, as ``FileResponse`` did). What a page's
file holds is written out as it is: a ``$`` in it is no placeholder.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from string import Template

from fastapi.responses import HTMLResponse

from puur.server import STATIC

SHELL = STATIC / "page.html"
"""The opening every page shares (the service worker's version hashes it: ``puur.local.bundle``)."""
PLACE_DIR = STATIC / "place"
NO_CACHE = {"Cache-Control": "no-cache"}
"""Pages the browser asks again each time (the table, the place pages): a new release shows at once."""


def stylesheet(href: str) -> str:
    return f'<link rel="stylesheet" href="{href}">'


def script(src: str, *, module: bool = False) -> str:
    """A script from a file (the Content-Security-Policy refuses inline scripts)."""
    kind = ' type="module"' if module else ""
    return f'<script{kind} src="{src}"></script>'


def render(page: Path, assets: Sequence[str] = ()) -> str:
    """The shell, then the head lines ``assets`` (a family's style and scripts), then the page's file."""
    shell = Template(SHELL.read_text(encoding="utf-8"))
    return shell.substitute(assets="".join(f"{line}\n" for line in assets), page=page.read_text(encoding="utf-8"))


def html_page(page: Path, assets: Sequence[str] = (), headers: dict[str, str] | None = None) -> HTMLResponse:
    """The response for a page of the site: ``render`` of its file."""
    return HTMLResponse(render(page, assets), headers=headers)


def place_page(name: str) -> HTMLResponse:
    """A place page (lobby, player, tournament, leaderboard): ``static/place/{name}.html`` with its style and its
    script, an ES module, of the same name; asked again each time."""
    assets = [stylesheet(f"/static/place/{name}.css"), script(f"/static/place/{name}.js", module=True)]
    return html_page(PLACE_DIR / f"{name}.html", assets, NO_CACHE)


__all__ = ["NO_CACHE", "SHELL", "html_page", "place_page", "render", "script", "stylesheet"]
