"""The lobby's page at ``/lobby`` (``static/place/lobby.html``): plain HTML + CSS + JS, no build step; it
reads the lobby's API (``puur.server.http.lobby``) and nothing else."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import FileResponse

from puur.server import STATIC

router = APIRouter(tags=["lobby"], include_in_schema=False)


@router.get("/lobby")
def lobby_page() -> FileResponse:
    return FileResponse(STATIC / "place" / "lobby.html", media_type="text/html", headers={"Cache-Control": "no-cache"})


__all__ = ["router"]
