"""Property-based fuzzing of the whole HTTP API from its own OpenAPI document (schemathesis).

Whatever the body, no answer is a 5xx, and every 4xx carries a readable message. Bounded: at most 30
examples per operation, every operation of the document (rules, data, tools, games, table).
"""

from __future__ import annotations

from typing import Any

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from puur.server.app import create_app


def _app() -> Any:
    import tempfile

    tmp = tempfile.mkdtemp(prefix="puur-fuzz-")
    return create_app(db_path=f"{tmp}/g.sqlite3")


APP = _app()
schema = schemathesis.openapi.from_asgi("/api/v1/openapi.json", APP)


def _readable(detail: Any) -> bool:
    """A message a person can read: a non-empty string, or a code + message, or FastAPI's field list."""
    if isinstance(detail, str):
        return bool(detail.strip())
    if isinstance(detail, dict):
        return isinstance(detail.get("message"), str) and bool(detail["message"].strip())
    if isinstance(detail, list):
        return bool(detail) and all(isinstance(d, dict) and d.get("msg") and "loc" in d for d in detail)
    return False


SETTINGS = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None,
)


def check_case(case: schemathesis.Case) -> None:
    response = case.call()
    case.validate_response(response, checks=[not_a_server_error])
    assert response.status_code < 500, (case.method, case.path, response.status_code, response.text[:500])
    if 400 <= response.status_code < 500:
        try:
            body = response.json()
        except ValueError:
            raise AssertionError(
                f"{case.method} {case.path}: {response.status_code} without a JSON body"
            ) from None
        assert isinstance(body, dict) and "detail" in body, response.text[:500]
        assert _readable(body["detail"]), response.text[:500]


@schema.parametrize()
@SETTINGS
def test_no_server_error_and_readable_4xx(case: schemathesis.Case) -> None:
    check_case(case)
