"""What every live connection (WebSocket) of the server does alike: close with a code and a reason, and read
what the page sends so that a closed connection is noticed."""

from __future__ import annotations

import contextlib

from fastapi import WebSocket
from starlette.websockets import WebSocketDisconnect


async def close(websocket: WebSocket, code: int, reason: str) -> None:
    """Close with ``code`` and ``reason``; a connection the other side has closed already needs nothing."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        await websocket.close(code, reason)


async def drain(websocket: WebSocket) -> None:
    """Read (and ignore) what the page sends, so a closed connection is noticed."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            await websocket.receive_text()


__all__ = ["close", "drain"]
