"""Server test fixtures: ``client``, a ``TestClient`` of a fresh app on its own SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from puur.server.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db_path=str(tmp_path / "g.sqlite3"))) as c:
        yield c
