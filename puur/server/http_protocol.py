"""uvicorn's ``httptools`` protocol with a deadline and a size bound on each request's head (why:
``puur.server.serving``)."""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol

from puur.server.serving import HEAD_TIMEOUT, MAX_HEAD


class HeadBoundHttp(HttpToolsProtocol):
    """uvicorn's ``httptools`` protocol with a deadline (``HEAD_TIMEOUT``) and a size bound (``MAX_HEAD``) on
    each request's head: a connection that has not sent its complete request line and headers in time is
    closed, so slow or endless heads cannot hold the server's connections."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.head_deadline: asyncio.TimerHandle | None = None
        self.in_head = True
        """Between a request's start (the connection's, or the end of the previous request's body) and its
        last header: the bytes received count against ``MAX_HEAD``."""
        self.head_bytes = 0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]  # as uvicorn
        super().connection_made(transport)
        self._arm_head_deadline()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_head_deadline()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.in_head:
            self.head_bytes += len(data)
        super().data_received(data)
        if self.in_head and self.head_bytes > MAX_HEAD and not self.transport.is_closing():
            self._refuse(431, f"the request line and headers are over {MAX_HEAD} bytes")

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm_head_deadline()  # a kept-alive connection's next request: its head is timed from its first byte

    def on_headers_complete(self) -> None:
        self._disarm_head_deadline()
        self.in_head, self.head_bytes = False, 0
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self.in_head, self.head_bytes = True, 0  # what follows on this connection is the next request's head

    def _arm_head_deadline(self) -> None:
        if self.head_deadline is None:
            self.head_deadline = self.loop.call_later(HEAD_TIMEOUT, self._head_too_slow)

    def _disarm_head_deadline(self) -> None:
        if self.head_deadline is not None:
            self.head_deadline.cancel()
            self.head_deadline = None

    def _head_too_slow(self) -> None:
        self.head_deadline = None
        if not self.transport.is_closing():
            self._refuse(408, f"the request line and headers did not arrive within {HEAD_TIMEOUT:g} s")

    def _refuse(self, status: int, message: str) -> None:
        """Answer ``status`` with ``message`` (unless an answer to an earlier request is being written on this
        connection) and close the connection."""
        self._disarm_head_deadline()
        if self.cycle is None or self.cycle.response_complete:
            body = message.encode("ascii")
            self.transport.write(b"".join([
                STATUS_LINE[status], b"content-type: text/plain; charset=utf-8\r\n",
                b"content-length: ", str(len(body)).encode("ascii"), b"\r\n", b"connection: close\r\n\r\n", body,
            ]))  # fmt: skip
        self.transport.close()


__all__ = ["HeadBoundHttp"]
