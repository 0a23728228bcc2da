"""The op registry (``puur.ops.REGISTRY``, one fact in one place): every face of the oracle's ops is generated
from it, so the HTTP endpoints, the MCP tools, the OpenAPI examples and ``puur rules eval --help`` name the
same ops with the same models, and every example is a request the oracle answers."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from mcp import Client
from mcp_helpers import run_mcp

from puur.cli import build_parser
from puur.ops import REGISTRY, SCORE_EXAMPLE
from puur.oracle import OPS, evaluate


def test_the_registry_holds_every_oracle_op_in_its_order() -> None:
    assert list(REGISTRY) == list(OPS)
    for name, op in REGISTRY.items():
        assert op.name == name and op.rule == OPS[name].rule and op.summary == OPS[name].summary
        assert op.tool_description.endswith(f" {OPS[name].rule}.")
        # the fields the oracle takes (any other is refused) are the typed request's
        assert set(op.request.model_fields) == {"profile", *OPS[name].fields}


@pytest.mark.parametrize("name", list(REGISTRY))
def test_each_example_is_answered_alike_by_the_oracle_the_endpoint_and_the_tool(
    module_client: TestClient, name: str
) -> None:
    op = REGISTRY[name]
    (example,) = op.examples
    op.request.model_validate(example)  # the example satisfies its own schema
    expected = evaluate({"op": name, **example})
    assert expected["ok"] is True and expected["assumptions"]["rule"] == op.rule
    r = module_client.post(f"/api/v1/rules/{op.path}", json=example)
    assert r.status_code == 200 and r.json() == expected
    op.result.model_validate(expected)  # the answer is what the result model says

    async def check(c: Client) -> None:
        res = await c.call_tool(name, example)
        assert not res.is_error, res.content
        assert res.structured_content == expected

    run_mcp(check)


def test_openapi_shows_the_registry(module_client: TestClient) -> None:
    doc = module_client.get("/api/v1/openapi.json").json()
    for name, op in REGISTRY.items():
        post = doc["paths"][f"/api/v1/rules/{op.path}"]["post"]
        assert post["summary"] == op.summary
        assert post["operationId"] == f"{name}_api_v1_rules_{name}_post"
        body = post["requestBody"]["content"]["application/json"]["schema"]
        assert body == {"$ref": f"#/components/schemas/{op.request.__name__}"}
        assert doc["components"]["schemas"][op.request.__name__]["examples"] == op.examples
        ok = post["responses"]["200"]["content"]["application/json"]["schema"]
        assert ok == {"$ref": f"#/components/schemas/{op.result.__name__}"}


def test_mcp_tools_publish_the_request_and_result_models() -> None:
    async def check(c: Client) -> None:
        tools = {t.name: t for t in (await c.list_tools()).tools}
        for name, op in REGISTRY.items():
            assert tools[name].input_schema == op.request.model_json_schema()
            assert tools[name].output_schema == op.result.model_json_schema()  # the client checks answers by it
            assert tools[name].description == op.tool_description

    run_mcp(check)


@pytest.mark.parametrize(
    ("tool", "args", "request_"),
    [
        # JSON Schema's integers: 1000.0 is the integer 1000, as the typed endpoint reads it
        ("crossing", {"target": 1000.0, "before": [950, 900], "blocks": {"tricks": [57, 100]}},
         {"target": 1000, "before": [950, 900], "blocks": {"tricks": [57, 100]}}),
        ("chalk", {"value": 680.0}, {"value": 680}),
        # left out is left out: the oracle's defaults
        ("legal_moves", {"contract": "O", "hand": ["ca", "HT"]}, {"contract": "O", "hand": ["ca", "HT"]}),
    ],
)  # fmt: skip
def test_mcp_tool_reads_its_arguments_as_the_endpoint_does(
    tool: str, args: dict[str, Any], request_: dict[str, Any]
) -> None:
    async def check(c: Client) -> None:
        res = await c.call_tool(tool, args)
        assert not res.is_error, res.content
        assert res.structured_content == evaluate({"op": tool, **request_})

    run_mcp(check)


@pytest.mark.parametrize(
    ("tool", "args", "text"),
    [
        ("trick", {"contract": "H", "trick": ["CA", "H9", "HJ", "C7"], "last": "yes"},
         "bad_request: last must be true or false"),
        ("score", {"contract": "O", "card_points": [100], "tricks": [5, 4], "last_trick": 0},
         "bad_request: card_points must be a list of two whole numbers"),
        ("legal_moves", {"contract": "H", "trick": ["CA", "H9", "HJ", "C7"], "hand": ["SA"]},
         "impossible_input: trick holds 4 cards; at most 3 are possible"),
    ],
)  # fmt: skip
def test_mcp_tool_outside_the_schema_is_the_oracles_error(tool: str, args: dict[str, Any], text: str) -> None:
    async def check(c: Client) -> None:
        res = await c.call_tool(tool, args)
        assert res.is_error and text in res.content[0].text  # type: ignore[union-attr]

    run_mcp(check)


def test_scoring_dataset_publishes_the_registry_score_example() -> None:
    from puur.data import dataset

    worked = dataset("scoring.json")["data"]
    found = [v for v in _walk(worked) if isinstance(v, dict) and v.get("op") == "score" and "request" in v]
    assert any(v["request"] == {"op": "score", **SCORE_EXAMPLE} for v in found)


def _walk(node: Any) -> Iterator[Any]:
    yield node
    if isinstance(node, dict):
        for v in node.values():
            yield from _walk(v)
    elif isinstance(node, list):
        for v in node:
            yield from _walk(v)


def test_rules_eval_help_lists_every_op(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()
    with pytest.raises(SystemExit):
        parser.parse_args(["rules", "eval", "--help"])
    out = capsys.readouterr().out
    for name, op in OPS.items():
        assert f"  {name:<12} {op.summary}" in out
