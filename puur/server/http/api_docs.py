"""The API documentation page ``/api/v1/docs`` (INTERFACES.md §4), served from Puur's own files.

Swagger UI's script and stylesheet come from the pinned ``fastapi-offline`` package (its ``static/``
folder ships Swagger UI 5's ``swagger-ui-bundle.js``, ``swagger-ui.css`` and a favicon); the page and
its start-up script are Puur's (``static/docs/``). No CDN is named anywhere: the origin that holds the
table's seat tokens runs no script from another origin (SECURITY.md "Web pages and headers").
"""

from __future__ import annotations

from pathlib import Path

import fastapi_offline
from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse

from puur.server import STATIC

router = APIRouter(prefix="/api/v1/docs", tags=["docs"], include_in_schema=False)

DOCS_DIR = STATIC / "docs"
SWAGGER_DIR = Path(fastapi_offline.__file__).parent / "static"
# name -> (folder, media type): every file the docs page loads, and nothing else.
ASSETS: dict[str, tuple[Path, str]] = {
    "swagger-ui-bundle.js": (SWAGGER_DIR, "text/javascript"),
    "swagger-ui.css": (SWAGGER_DIR, "text/css"),
    "favicon.png": (SWAGGER_DIR, "image/png"),
    "docs.js": (DOCS_DIR, "text/javascript"),
}


@router.get("")
def docs_page() -> FileResponse:
    return FileResponse(DOCS_DIR / "index.html", media_type="text/html", headers={"Cache-Control": "no-cache"})


@router.get("/assets/{name}")
def docs_asset(name: str) -> FileResponse:
    if name not in ASSETS:
        raise HTTPException(404, "no such asset")
    folder, media_type = ASSETS[name]
    return FileResponse(folder / name, media_type=media_type)
