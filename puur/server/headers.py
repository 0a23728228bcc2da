"""Security headers on every HTTP response of ``puur serve`` (issue 13, "Low"; SECURITY.md "Web pages and headers").

The table holds seat tokens in the page's storage, so the pages run only Puur's own files: the policy has
no inline script, no inline style attribute, no ``eval`` and no other origin. Every script of the pages is
a file (``static/table/*.js``, ``/tools/assets/*.js``, ``/api/v1/docs/assets/*``). ``img-src`` allows
``data:`` for the table's empty favicon and the icons inside Swagger UI's stylesheet. ``connect-src 'self'``
covers the game API's ``fetch`` and the live table's WebSocket on the same host. ``manifest-src`` and
``worker-src`` name the web app manifest and the service worker (``/sw.js``) of the installable table.

A plain ASGI middleware (not ``BaseHTTPMiddleware``): it only adds headers to ``http.response.start``, so
streamed answers (the MCP endpoint, server-sent events) pass through unchanged; WebSockets carry none.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)

SECURITY_HEADERS: tuple[tuple[str, str], ...] = (
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("x-frame-options", "DENY"),  # frame-ancestors for browsers without CSP level 2
)


class SecurityHeadersMiddleware:
    """Add :data:`SECURITY_HEADERS` to every HTTP response that does not already set them."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                for name, value in SECURITY_HEADERS:
                    key = name.encode("latin-1")
                    if key not in present:
                        headers.append((key, value.encode("latin-1")))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)
