"""Security headers and self-hosted pages (puur/server/http/headers.py, api_docs.py; SECURITY.md "Web pages and
headers"): every response carries the policy; no served page has an inline script, an inline event handler
or a URL of another origin; /api/v1/docs loads Swagger UI from Puur."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from puur.server.http.api_docs import ASSETS as DOCS_ASSETS
from puur.server.http.headers import CONTENT_SECURITY_POLICY
from puur.server.http.tools_pages import PAGES

PAGE_PATHS = ["/", "/api/v1/docs", *(f"/tools/{slug}" for slug in PAGES)]
SCRIPT_TAG = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.S | re.I)
HANDLER_ATTR = re.compile(r"<[^>]*\son[a-z]+\s*=", re.I)
STYLE_ATTR = re.compile(r"<[^>]*\sstyle\s*=", re.I)
LINKS = re.compile(r"""(?:src|href)\s*=\s*["']([^"']*)["']""", re.I)


@pytest.mark.parametrize(
    "path", [*PAGE_PATHS, "/api/v1/openapi.json", "/api/v1/index.json", "/api/v1/docs/assets/docs.js"]
)
def test_every_response_carries_the_security_headers(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code == 200
    assert r.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"
    assert r.headers["x-frame-options"] == "DENY"


def test_error_answers_carry_them_too(client: TestClient) -> None:
    r = client.post("/api/v1/games/nope/actions", json={})
    assert r.status_code >= 400
    assert r.headers["x-content-type-options"] == "nosniff"


def test_policy_allows_no_inline_script_and_no_framing() -> None:
    directives = dict(d.split(" ", 1) for d in CONTENT_SECURITY_POLICY.split("; "))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert directives["object-src"] == "'none'"
    assert "unsafe" not in CONTENT_SECURITY_POLICY


@pytest.mark.parametrize("path", PAGE_PATHS)
def test_pages_have_no_inline_script_handler_or_style(client: TestClient, path: str) -> None:
    html = client.get(path).text
    scripts = SCRIPT_TAG.findall(html)
    assert scripts, "every page loads its script from a file"
    for attrs, body in scripts:
        assert "src=" in attrs and body.strip() == "", f"inline script on {path}"
    assert not HANDLER_ATTR.search(html), f"inline event handler on {path}"
    assert not STYLE_ATTR.search(html), f"style attribute on {path}"


@pytest.mark.parametrize("path", PAGE_PATHS)
def test_pages_load_only_from_puur(client: TestClient, path: str) -> None:
    html = client.get(path).text
    assert "cdn" not in html.lower()
    for url in LINKS.findall(html):
        assert url.startswith("/") and not url.startswith("//") or url.startswith("data:"), url
        if url.startswith("/"):
            assert client.get(url).status_code == 200, url


def test_docs_assets_are_swagger_ui_from_the_pinned_package(client: TestClient) -> None:
    bundle = client.get("/api/v1/docs/assets/swagger-ui-bundle.js")
    assert bundle.status_code == 200 and bundle.headers["content-type"].startswith("text/javascript")
    assert "SwaggerUIBundle" in bundle.text
    start = client.get("/api/v1/docs/assets/docs.js").text
    assert "/api/v1/openapi.json" in start and "validatorUrl: null" in start
    assert not re.search(r"https?://", start)
    assert client.get("/api/v1/docs/assets/../app.py").status_code == 404
    assert client.get("/api/v1/docs/assets/redoc.standalone.js").status_code == 404
    assert set(DOCS_ASSETS) == {"swagger-ui-bundle.js", "swagger-ui.css", "favicon.png", "docs.js"}


@pytest.mark.parametrize(
    ("method", "path"),
    [("GET", "/api/v1/openapi.json"), ("GET", "/api/v1/profiles"), ("GET", "/llms.txt"), ("GET", "/api/v1/nosuch"),
     ("POST", "/api/v1/rules/eval"), ("GET", "/api/v1/index.json")],
)  # fmt: skip
def test_the_api_is_cors_open_on_every_response(client: TestClient, method: str, path: str) -> None:
    """PRODUCT.md §2: ``Access-Control-Allow-Origin: *`` on every response, whether or not the request names
    its origin (errors too); with an origin, once."""
    body = {"op": "chalk", "value": 20} if method == "POST" else None
    r = client.request(method, path, json=body)
    assert r.headers["access-control-allow-origin"] == "*", (path, r.status_code)
    r = client.request(method, path, json=body, headers={"Origin": "https://example.org"})
    assert r.headers.get_list("access-control-allow-origin") == ["*"]


def test_pages_are_not_cors_open(client: TestClient) -> None:
    assert "access-control-allow-origin" not in client.get("/").headers
