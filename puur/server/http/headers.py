"""Security headers on every HTTP response of ``puur serve`` (SECURITY.md "Web pages and headers").

The table holds seat tokens in the page's storage, so the pages run only Puur's own files: the policy has
no inline script, no inline style attribute, no ``eval`` and no other origin. Every script of the pages is
a file (``static/table/*.js``, ``/tools/assets/*.js``, ``/api/v1/docs/assets/*``). ``img-src`` allows
``data:`` for the table's empty favicon and the icons inside Swagger UI's stylesheet. ``connect-src 'self'``
covers the game API's ``fetch``, the live table's WebSocket on the same host and the place pages' words
(``static/place/*.words.json``, JSON modules: CSP level 3 puts their requests under ``connect-src``, not
``script-src``). ``manifest-src`` and ``worker-src`` name the web app manifest and the service worker
(``/sw.js``) of the installable table.

The API (``/api/...``) and ``/llms.txt`` also carry ``Access-Control-Allow-Origin: *`` on every response,
as PRODUCT.md §2 asks of the open data API: ``CORSMiddleware`` adds it only to a request that names its
origin, and a cache in between would keep an answer without it for a page of another origin.

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

ENGINE_WORKER = "/static/table/engine-worker.js"
"""The engine in the page (docs/offline-table.md): a module worker whose policy (a worker's own, from its
script's response) lets it compile WebAssembly, Pyodide's CPython (``'wasm-unsafe-eval'``: WebAssembly
only, never JavaScript's ``eval``). The pages keep the policy above."""
ENGINE_WORKER_POLICY = CONTENT_SECURITY_POLICY.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'")

SECURITY_HEADERS: tuple[tuple[str, str], ...] = (
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("x-frame-options", "DENY"),  # frame-ancestors for browsers without CSP level 2
)

OPEN_DATA_PATHS = ("/api/", "/llms.txt")
"""Where every response is CORS-open (PRODUCT.md §2): keyless, no cookies, the same for every origin."""
OPEN_DATA_HEADERS: tuple[tuple[str, str], ...] = (("access-control-allow-origin", "*"),)


class SecurityHeadersMiddleware:
    """Add :data:`SECURITY_HEADERS` to every HTTP response that does not already set them, and
    :data:`OPEN_DATA_HEADERS` to those under :data:`OPEN_DATA_PATHS`."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        added = SECURITY_HEADERS
        path = str(scope.get("path", ""))
        if path.startswith(OPEN_DATA_PATHS):
            added = SECURITY_HEADERS + OPEN_DATA_HEADERS
        elif path == ENGINE_WORKER:
            added = (("content-security-policy", ENGINE_WORKER_POLICY), *SECURITY_HEADERS[1:])

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                for name, value in added:
                    key = name.encode("latin-1")
                    if key not in present:
                        headers.append((key, value.encode("latin-1")))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)
