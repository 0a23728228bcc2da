"""How ``puur serve`` holds its connections (SECURITY.md, "What a request may cost"): uvicorn's own bounds,
and one it lacks.

uvicorn bounds a kept-alive connection's idle time (``timeout_keep_alive``) and the connections and tasks
it serves at once (``limit_concurrency``: past it every request is answered 503), but the installed version
has no deadline for a request's head: a connection that sends its request line and headers a byte at a
time is held as long as the client likes, and its headers may grow without bound (``httptools`` has no
size limit; ``h11_max_incomplete_event_size`` applies to the slower pure-Python ``h11`` protocol only).
A few hundred such connections hold the server's sockets and file descriptors ("slowloris").

``puur.server.http_protocol.HeadBoundHttp`` is uvicorn's default HTTP protocol (``httptools``) with that
bound added: a request's line and headers must be complete within ``HEAD_TIMEOUT`` seconds of the
connection's start (on a kept-alive connection: of the next request's first byte) and within ``MAX_HEAD``
bytes; else the connection is closed (408, or 431 for a head too large). The body and the answer are not timed here: the
app bounds the body (``BodyLimit``) and a request whose answer takes long is not the client's doing.

This module holds the bounds only (``puur serve --help`` states them without importing uvicorn).
"""

from __future__ import annotations

HEAD_TIMEOUT = 5.0
"""Seconds a request's line and headers may take to arrive, from the connection's start (or, on a kept-alive
connection, from the next request's first byte); past it the connection is closed (408)."""
MAX_HEAD = 64 * 1024
"""Bytes a request's line and headers may take before they are complete; past it 431 and closed."""
KEEP_ALIVE = 5
"""Seconds a kept-alive connection may wait idle for its next request (uvicorn's ``timeout_keep_alive``)."""
MAX_CONNECTIONS = 1000
"""``puur serve --max-connections``'s default: connections (HTTP and WebSocket) and requests in progress at
once (uvicorn's ``limit_concurrency``); past it a request is answered 503. Needs an open-file limit above
it (``ulimit -n``)."""
HTTP_PROTOCOL = "puur.server.http_protocol:HeadBoundHttp"
"""uvicorn's ``http`` setting for ``puur serve`` (by name: every worker process imports it)."""

__all__ = ["HEAD_TIMEOUT", "HTTP_PROTOCOL", "KEEP_ALIVE", "MAX_CONNECTIONS", "MAX_HEAD"]
