"""The open-data endpoints (PRODUCT.md §2.1): ``/api/v1/index.json``, ``/api/v1/status.json`` and every
dataset of ``puur.data`` at ``/api/v1/<name>``. Keyless and CORS-open (the app adds the CORS header)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response

from puur.data import DATASET_NAMES, dataset, dumps, index, status

router = APIRouter(prefix="/api/v1", tags=["data"])

JSON_OBJECT: dict[int | str, dict[str, Any]] = {
    200: {"content": {"application/json": {"schema": {"type": "object"}}}, "description": "the JSON document"}
}


def _json(obj: Any) -> Response:
    # The header on every data response, Origin or not (J02: "every response sends it").
    return Response(
        content=dumps(obj), media_type="application/json", headers={"Access-Control-Allow-Origin": "*"}
    )


@router.get("/index.json", summary="Entry point: every dataset and machine surface", responses=JSON_OBJECT)
def get_index() -> Response:
    return _json(index())


@router.get(
    "/status.json", summary="When the datasets were last built, and their digests", responses=JSON_OBJECT
)
def get_status() -> Response:
    return _json(status())


def _dataset_route(name: str) -> Callable[[], Response]:
    def get() -> Response:
        return _json(dataset(name))

    get.__name__ = "get_" + name.replace("-", "_").replace(".", "_")
    return get


for _name in DATASET_NAMES:
    router.add_api_route(
        f"/{_name}",
        _dataset_route(_name),
        methods=["GET"],
        summary=dataset(_name)["description"],
        responses=JSON_OBJECT,
        response_class=Response,
    )
