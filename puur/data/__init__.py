"""Puur's open datasets (PRODUCT.md §2): generated from the rules core, served under ``/api/v1/`` and
written to a folder by ``puur data export DIR``.

>>> dataset("card-values.json")["data"]["totals"]["pack"]
152
"""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

from puur import __version__
from puur.data.datasets import BUILDERS, profiles_output
from puur.data.envelope import ENVELOPE_KEYS, LICENCE, PUBLISHER

DATASET_NAMES: tuple[str, ...] = tuple(BUILDERS)
BUILT_AT = datetime.now(UTC).replace(microsecond=0).isoformat()
"""When this process generated its datasets (they are rebuilt from the core at every start)."""


@cache
def dataset(name: str) -> dict[str, Any]:
    """One dataset by file name (``"card-values.json"``); KeyError for an unknown name."""
    return BUILDERS[name]()


def dumps(obj: Any) -> str:
    """The canonical JSON text of a dataset (what is served and exported)."""
    return json.dumps(obj, ensure_ascii=False, indent=2) + "\n"


def index() -> dict[str, Any]:
    """The entry point: every dataset with its URL and description, and the other machine surfaces."""
    return {
        "publisher": PUBLISHER,
        "licence": LICENCE,
        "datasets": [
            {
                "name": n,
                "url": f"/api/v1/{n}",
                "description": dataset(n)["description"],
                "mcp_resource": f"puur://data/{n}",
            }
            for n in DATASET_NAMES
        ],
        "openapi": "/api/v1/openapi.json",
        "status": "/api/v1/status.json",
        "rules_api": "/api/v1/rules/eval",
        "profiles": "/api/v1/profiles",
        "mcp": "/mcp",
        "llms": "/llms.txt",
        "envelope_keys": list(ENVELOPE_KEYS),
    }


def status() -> dict[str, Any]:
    """When the datasets were last built, by which version, and a digest of each."""
    return {
        "built_at": BUILT_AT,
        "version": __version__,
        "datasets": {
            n: {"sha256": hashlib.sha256(dumps(dataset(n)).encode()).hexdigest(), "url": f"/api/v1/{n}"}
            for n in DATASET_NAMES
        },
    }


def export(folder: str | Path, *, openapi: dict[str, Any] | None = None) -> list[Path]:
    """Write every dataset, ``index.json`` and ``status.json`` (and ``openapi.json`` when given) to ``folder``."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    files: dict[str, Any] = {n: dataset(n) for n in DATASET_NAMES}
    files["index.json"] = index()
    files["status.json"] = status()
    if openapi is not None:
        files["openapi.json"] = openapi
    written = []
    for name, obj in files.items():
        path = out / name
        path.write_text(dumps(obj), encoding="utf-8")
        written.append(path)
    return written


__all__ = ["BUILT_AT", "DATASET_NAMES", "dataset", "dumps", "export", "index", "profiles_output", "status"]
