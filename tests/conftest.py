"""Fixtures shared by every test folder.

``client``: a ``TestClient`` of a fresh app on its own SQLite file, for one test (what a test changes, no
other sees). ``module_client``: the same, made once for a whole module, for the modules whose tests only ask
stateless endpoints (the rules, the data, the tools), so the app is not built again for each of their many
cases."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from puur.server.app import create_app


def _app_client(db: Path) -> Iterator[TestClient]:
    """A ``TestClient`` of ``create_app`` on the SQLite file ``db``, its lifespan entered (started, then shut
    down when the caller is done)."""
    with TestClient(create_app(db_path=str(db))) as c:
        yield c


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A fresh app on its own SQLite file, for this test alone."""
    yield from _app_client(tmp_path / "g.sqlite3")


@pytest.fixture(scope="module")
def module_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """A fresh app on its own SQLite file, shared by the tests of one module (they must not depend on each
    other's games)."""
    yield from _app_client(tmp_path_factory.mktemp("app") / "g.sqlite3")
