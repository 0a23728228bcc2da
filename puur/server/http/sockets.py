"""What every live connection (WebSocket) of the server does alike: close with a code and a reason, read
what the page sends so that a closed connection is noticed, and send its messages one by one (``pump``)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import WebSocket
from starlette.websockets import WebSocketDisconnect

from puur.server.live.feeds import encoded

SEND_TIMEOUT = 20.0
"""Seconds one message to a live connection may take to go out: a reader that takes none for so long (a
connection that stopped reading) is closed, and what was queued for it is given back."""


async def close(websocket: WebSocket, code: int, reason: str) -> None:
    """Close with ``code`` and ``reason``; a connection the other side has closed already needs nothing."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        await websocket.close(code, reason)


async def drain(websocket: WebSocket) -> None:
    """Read (and ignore) what the page sends, so a closed connection is noticed."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            await websocket.receive_text()


async def send(websocket: WebSocket, message: dict[str, Any] | str) -> None:
    """Send one message: a dict as JSON (``WebSocket.send_json``'s encoding), or a ``str`` that is such JSON
    already (``encoded``: one message sent to many connections is encoded once)."""
    await websocket.send_text(message if isinstance(message, str) else encoded(message))


async def pump(websocket: WebSocket, first: dict[str, Any],
               next_message: Callable[[], Coroutine[Any, Any, dict[str, Any] | str | None]],
               behind: str = "too far behind: connect again") -> None:
    """Send ``first``, then each message ``next_message`` gives, until it gives None (it closed the connection
    itself: a last message such as an overflow) or the other side closes. ``next_message`` is where a
    connection waits for its next message, its pace included: a closed connection cancels that wait. A
    message that does not go out in ``SEND_TIMEOUT`` (a reader that stopped reading) closes the connection
    with 4008 and ``behind``."""
    receiver = asyncio.create_task(drain(websocket))
    try:
        await asyncio.wait_for(send(websocket, first), SEND_TIMEOUT)
        while not receiver.done():
            getter = asyncio.create_task(next_message())
            done, _ = await asyncio.wait({getter, receiver}, return_when=asyncio.FIRST_COMPLETED)
            if getter not in done:
                getter.cancel()
                break
            msg = getter.result()
            if msg is None:
                break
            await asyncio.wait_for(send(websocket, msg), SEND_TIMEOUT)
    except TimeoutError:
        await close(websocket, 4008, behind)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        receiver.cancel()


__all__ = ["SEND_TIMEOUT", "close", "drain", "pump", "send"]
