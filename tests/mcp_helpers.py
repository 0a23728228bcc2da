"""Helpers shared by the test folders (on the path through pytest's ``pythonpath = ["tests"]``)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from typing import Any

MCP_HEADERS = {"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18"}
"""What a client of ``/mcp`` (streamable HTTP) sends with each message."""


def call_mcp(client: Any, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """A tool call at ``/mcp`` of an app's ``TestClient``: the tool's result (``structuredContent``,
    ``isError``, ``content``)."""
    r = client.post("/mcp", headers=MCP_HEADERS, json={
        "jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": tool, "arguments": arguments},
    })  # fmt: skip
    assert r.status_code == 200, r.text
    result: dict[str, Any] = r.json()["result"]
    return result


def run_mcp(fn: Callable[[Any], Awaitable[None]], server: Any = None) -> None:
    """``fn(client)`` with an MCP client of ``server`` (default: a fresh ``build_server()``), on an event loop
    of its own in a thread of its own: a test earlier in the same worker may have left a loop running in
    this thread (Playwright's sync API does), and ``asyncio.run`` refuses to start inside one. An exception
    raised in that thread is raised again here."""
    from mcp import Client

    from puur.server.mcp_server import build_server

    async def main() -> None:
        async with Client(server if server is not None else build_server()) as client:
            await fn(client)

    failure: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(main())
        except BaseException as e:  # noqa: BLE001 - raised again in the test's thread
            failure.append(e)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if failure:
        raise failure[0]

