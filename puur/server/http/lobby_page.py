"""The lobby's page at ``/lobby`` (``static/place/lobby.html``): plain HTML + CSS + JS, no build step; it
reads the lobby's API (``puur.server.http.lobby``) and nothing else."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from puur.server.http.pages import place_page

router = APIRouter(tags=["lobby"], include_in_schema=False)


@router.get("/lobby")
def lobby_page() -> HTMLResponse:
    return place_page("lobby")


__all__ = ["router"]
