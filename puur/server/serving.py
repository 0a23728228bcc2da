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

This module holds the bounds and reads ``puur serve``'s options into the server's settings, importing
neither uvicorn nor the app (``puur serve --help`` states the bounds at once).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from puur.server.policy import ServerSettings

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

def settings_from_options(args: argparse.Namespace) -> ServerSettings:
    """The server's bounds from ``puur serve``'s parsed options (SECURITY.md), for the one process and for each
    worker of ``--workers N`` alike; ``ValueError`` names a bad one."""
    from limits import parse

    from puur.server.policy import PlayerPolicy, ServerSettings

    rates: dict[str, str | None] = {}
    for name, value in (("rate_games", args.rate_games), ("rate_calls", args.rate_calls),
                        ("rate_actions", args.rate_actions)):  # fmt: skip
        if value.lower() == "off":
            rates[name] = None
            continue
        try:
            parse(value)
        except ValueError:
            flag = "--" + name.replace("_", "-")
            raise ValueError(f"{flag} {value!r}: write a rate like 20/minute or 5/second, or off") from None
        rates[name] = value
    for flag, number in (("--max-body", args.max_body), ("--max-live-games", args.max_live_games)):
        if number < 1:
            raise ValueError(f"{flag} must be at least 1")
    if args.retention_days <= 0:
        raise ValueError("--retention-days must be more than 0")
    return ServerSettings.for_serve(
        players=PlayerPolicy.from_options(args.allow_player), body_limit=args.max_body,
        max_live_games=args.max_live_games, retention_days=args.retention_days,
        rate_games=rates["rate_games"], rate_calls=rates["rate_calls"], rate_actions=rates["rate_actions"],
    )  # fmt: skip


__all__ = ["HEAD_TIMEOUT", "HTTP_PROTOCOL", "KEEP_ALIVE", "MAX_CONNECTIONS", "MAX_HEAD", "settings_from_options"]
