"""The rules API (INTERFACES.md §1, §4): the oracle over HTTP.

``POST /api/v1/rules/eval`` takes exactly the oracle's JSON (one request or an array) and answers exactly
the oracle's JSON, errors included as ``{"ok": false, ...}`` results (like ``puur rules eval``). The typed
endpoints ``POST /api/v1/rules/<path>`` take one operation each with a described body; an oracle error there is
HTTP 422 with ``{"detail": {"code": ..., "message": ...}}``. They are generated from the op registry
(``puur.ops.REGISTRY``: path, request and result model, summary, examples). Every endpoint calls
``puur.oracle.evaluate``: one implementation. Every answer carries ``assumptions`` (profile, multiplier table,
rule section).
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Body, HTTPException, Request
from pydantic import BaseModel

from puur.core.profile import PRESET_SOURCES, PRESETS
from puur.ops import REGISTRY, Op
from puur.oracle import evaluate, evaluate_many
from puur.server.policy import settings_of

log = logging.getLogger(__name__)

router = APIRouter(prefix="/api/v1", tags=["rules"])

COSTLY: dict[int | str, dict[str, Any]] = {
    429: {"description": "too many costly calls from this address (the server's rate, `puur serve --rate-calls`): "
          "Retry-After"},
}
"""The answer of a call ``puur.server.policy.rate_rules`` counts (``/rules/eval``, ``/solve``)."""


def refusals(beyond_schema: tuple[str, ...]) -> dict[int | str, dict[str, Any]]:
    """The 422 of a typed endpoint: a body that does not parse, or one of the rules no schema states (each
    named, so that a request the schema allows is never refused without the document saying why)."""
    if not beyond_schema:
        return {422: {"description": "a body that does not parse (FastAPI's field list): the schema states every "
                      "rule of this operation"}}
    rules = "; ".join(beyond_schema)
    return {422: {"description": "a body that does not parse (FastAPI's field list), or, with a body the schema "
                  f'allows, a rule no schema states ({{"detail": {{"code": "impossible_input", "message": ...}}}}): '
                  f"{rules}"}}


def answer(op: str, body: BaseModel) -> dict[str, Any]:
    """Ask the oracle; an error result becomes HTTP 422 with its code and message."""
    request = {"op": op, **body.model_dump(exclude_none=True)}
    result = evaluate(request)
    if not result.get("ok"):
        err = result.get("error", {})
        raise HTTPException(status_code=422, detail={"code": err.get("code"), "message": err.get("message")})
    return result


def _endpoint(op: Op) -> Callable[..., dict[str, Any]]:
    """``POST /api/v1/rules/<path>``: the op's request model as the body, the oracle's answer as the result."""

    def endpoint(body: BaseModel) -> dict[str, Any]:
        return answer(op.name, body)

    body = inspect.Parameter("body", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=op.request)
    endpoint.__signature__ = inspect.Signature([body], return_annotation=dict[str, Any])  # type: ignore[attr-defined]
    endpoint.__name__ = endpoint.__qualname__ = op.name
    return endpoint


for _op in REGISTRY.values():
    router.add_api_route(
        f"/rules/{_op.path}",
        _endpoint(_op),
        methods=["POST"],
        response_model=_op.result,
        responses=refusals(_op.beyond_schema),
        summary=_op.summary,
        description="Beyond what the schema states, refused (422 impossible_input) when: "
        + "; ".join(_op.beyond_schema) if _op.beyond_schema else None,
    )


EVAL_EXAMPLES = {
    "one": {
        "summary": "one request",
        "value": {"op": "trick", "contract": "H", "trick": ["CA", "H9", "HJ", "C7"]},
    },
    "many": {
        "summary": "an array: an array of results in the same order",
        "value": [
            {"op": "card_points", "contract": "O", "cards": ["D8", "HA"]},
            {"op": "chalk", "value": 680},
            {"op": "score", "contract": "O", "card_points": [100, 100], "tricks": [5, 4], "last_trick": 0},
        ],
    },
}


@router.post(
    "/rules/eval",
    summary="The rules oracle: one request or an array, the same JSON in and out as `puur rules eval`",
    description='A request that cannot be answered gives `{"ok": false, "error": {"code", "message"}}` '
    "in its place (status 200); the others still answer. Body that is not JSON, or one request whose `op` is "
    "not a string: 422. An array of more than 1,000 requests (the server's batch limit): 413.",
    responses={200: {"description": "one result, or an array of results in the same order"},
               413: {"description": "an array over the batch limit"}, **COSTLY},
)
def rules_eval(
    payload: Annotated[dict[str, Any] | list[Any], Body(openapi_examples=EVAL_EXAMPLES)],  # type: ignore[arg-type]
    request: Request,
) -> Any:
    if isinstance(payload, list) and len(payload) > (batch := settings_of(request.app).eval_batch):
        raise HTTPException(413, {"code": "batch_too_large",
                                  "message": f"at most {batch} requests in one array; this one holds {len(payload)}"})
    if isinstance(payload, dict) and "op" in payload and not isinstance(payload["op"], str):
        raise HTTPException(422, evaluate(payload)["error"])  # a malformed request, not a rules question
    return evaluate_many(payload)


class RulesPresetInfo(BaseModel):
    name: str
    source: str
    options: dict[str, Any]


class RulesProfilesResult(BaseModel):
    default: str
    presets: list[RulesPresetInfo]


@router.get(
    "/profiles", response_model=RulesProfilesResult, summary="Every rule-profile preset with all its options"
)
def profiles() -> dict[str, Any]:
    return {
        "default": "schieber",
        "presets": [
            {"name": name, "source": PRESET_SOURCES[name], "options": p.to_dict()}
            for name, p in PRESETS.items()
        ],
    }
