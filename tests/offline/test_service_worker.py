"""The service worker's cache is versioned by what it caches (``puur.server.http.web.offline_version``): a
new page or engine is a new /sw.js, hence a new worker that caches the new set whole and drops the old."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from puur.server.http import web


def served_version(client: TestClient) -> str:
    r = client.get("/sw.js")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/javascript")
    m = re.search(r'const VERSION = "([0-9a-f]{16})"', r.text)
    assert m is not None, "the server writes the version into /sw.js"
    return m.group(1)


def test_a_new_engine_is_a_new_version(module_client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    manifest = tmp_path / "manifest.json"
    monkeypatch.setattr(web, "ENGINE_MANIFEST", manifest)
    without = served_version(module_client)
    manifest.write_text('{"version": "a"}')
    first = served_version(module_client)
    manifest.write_text('{"version": "b"}')
    second = served_version(module_client)
    assert len({without, first, second}) == 3
    assert served_version(module_client) == second  # the same files, the same version


def test_the_engine_worker_alone_may_compile_webassembly(module_client: TestClient) -> None:
    worker = module_client.get("/static/table/engine-worker.js").headers["content-security-policy"]
    page = module_client.get("/").headers["content-security-policy"]
    assert "'wasm-unsafe-eval'" in worker and "'wasm-unsafe-eval'" not in page
    assert "'unsafe-eval'" not in worker.replace("'wasm-unsafe-eval'", "")
