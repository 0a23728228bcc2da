"""The "my player" page at ``/player`` (``static/place/player.html``): make the player, rename it, carry it to
another device, its devices and blocks, its statistics drawn as SVG, and deleting it. Plain HTML + JS, no
build step; the page reaches the player only through ``static/place/key.js``."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from puur.server.http.pages import place_page

router = APIRouter(tags=["place pages"], include_in_schema=False)

@router.get("/player")
def player_page() -> HTMLResponse:
    return place_page("player")


__all__ = ["router"]
