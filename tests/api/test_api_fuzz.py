"""Property-based fuzzing of the whole HTTP API from its own OpenAPI document (schemathesis, every check).

Every operation of the document (rules, solver, data, tools, games with a real game and its token, table) is
run with all of schemathesis's checks: no 5xx, answers that match the documented responses, schema-valid
requests accepted, schema-invalid requests refused (INTERFACES.md §4: 422 names the field). Reproducible and
bounded: a fixed seed, derandomized Hypothesis, ``MAX_EXAMPLES`` per operation.

A schema-valid request may still break a rule no JSON Schema can state (a card in two hands, points that do
not sum to 152...). For those operations only, ``RULES_THE_SCHEMA_CANNOT_STATE`` lets
``positive_data_acceptance`` take 422 (schemathesis's per-operation ``expected-statuses``), and
``check_schema_valid_refusal`` then asserts that such a 422 names a rule, never the request's form (no
pydantic type, pattern, range, missing or extra-field error on a request the schema calls valid).
"""

from __future__ import annotations

import tempfile
from typing import Any

import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import CHECKS, load_all_checks

from puur.server.app import create_app

MAX_EXAMPLES = 10
SEED = 20261201

APP = create_app(db_path=f"{tempfile.mkdtemp(prefix='puur-fuzz-')}/g.sqlite3")
_GAME = TestClient(APP).post("/api/v1/games", json={"seats": ["human", "random", "random", "random"]}).json()
GAME_ID: str = _GAME["game_id"]
TOKEN: str = _GAME["tokens"]["0"]

# Per operation: the rules that a schema-valid body may break, answered 422 naming the rule. Everything else
# (types, enums, patterns, ranges, lengths) is in the schema, and a 422 for it fails the test.
RULES_THE_SCHEMA_CANNOT_STATE: dict[str, str] = {
    "/api/v1/games": "a computer seat the operator offers, with its options (PlayerPolicy, set per server); a "
    "chosen seed only with one human seat",
    "/api/v1/games/{game_id}/seats/{seat}": "a computer player the operator offers, with its options (PlayerPolicy)",
    "/api/v1/rules/legal-moves": "no card twice over the trick and the hand together (H10, h10 and HT are one card: "
    "uniqueItems cannot say so)",
    "/api/v1/rules/trick": "four different cards (H10, h10 and HT are one card)",
    "/api/v1/rules/card-points": "no card twice (H10, h10 and HT are one card)",
    "/api/v1/rules/melds": "no card twice (H10, h10 and HT are one card)",
    "/api/v1/rules/weis": "no card twice over the four hands",
    "/api/v1/rules/score": "card points summing to 152 and tricks to 9, consistent with the last trick's team; "
    "Weis and Stöck written by one team, in values melds can make; no Stöck in Obenabe or Undenufe",
    "/api/v1/rules/crossing": "both teams below the target before the round; Weis and Stöck written by one team",
    "/api/v1/solve": "36 different cards over the four hands; the cards played are legal plays from them, in order; "
    "from the fourth trick on",
    "/api/v1/tools/jasstafel": "no round written after the match is won; cumulative marks need the rounds",
    "/api/v1/tools/weis": "a seat gives its hand or its melds (one of the two); no card twice over the seats; "
    "melds that are melds; the other team's meld the points and cards of one the profile scores",
    "/api/v1/tools/trick": "four different cards; each played card in its seat's hand, no card in two hands",
    "/api/v1/tools/coiffeur": "one factor per column; boxes and jokers fit the sheet's columns; a joker only in a "
    "joker column, its contract not repeated when refused; the conversion's column exists",
    "/api/v1/tools/differenzler": "no round after the planned ones or after the one a total reached the threshold "
    "with; the estimate's hand has no card twice; Weis and Stöck only with weis_stoeck, Weis a sum of melds (not 10 "
    "or 30), Stöck for one player",
}

load_all_checks()
ALL_CHECKS = list(CHECKS.get_all())


def _config() -> schemathesis.Config:
    default_expected = ["2xx", "3xx", "401", "403", "404", "409", "429", "5xx"]  # schemathesis's own default
    return schemathesis.Config.from_dict(
        {
            "seed": SEED,
            "generation": {"max-examples": MAX_EXAMPLES, "deterministic": True},
            "phases": {"coverage": {"enabled": False}},
            # The game operations run on a real game with its seat's token (404/401 are other tests' topic).
            "parameters": {"path.game_id": GAME_ID, "header.authorization": f"Bearer {TOKEN}"},
            "operations": [
                {
                    "include-path": path,
                    "checks": {"positive_data_acceptance": {"expected-statuses": [*default_expected, "422"]}},
                }
                for path in RULES_THE_SCHEMA_CANNOT_STATE
            ],
        }
    )


schema = schemathesis.openapi.from_asgi("/api/v1/openapi.json", APP, config=_config())

SETTINGS = settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
    database=None,
)

# pydantic's error types that a schema-valid request can raise only by a rule of the route (ValueError in a
# validator, a ToolInputError): anything else is a form the schema should have refused. The rules oracle's
# codes likewise: impossible_input is a rule, and so is invalid_card for a card given twice (H10 and h10 are
# one card: no schema can say so); bad_request, missing_field and any other invalid_card are forms.
RULE_ERROR_TYPES = {"value_error"}


def _rule_code(detail: dict[str, Any]) -> bool:
    code, message = detail.get("code"), str(detail.get("message"))
    return code == "impossible_input" or (code == "invalid_card" and "appears twice" in message)


def _readable(detail: Any) -> bool:
    """A message a person can read: a non-empty string, or a code + message, or FastAPI's field list."""
    if isinstance(detail, str):
        return bool(detail.strip())
    if isinstance(detail, dict):
        return isinstance(detail.get("message"), str) and bool(detail["message"].strip())
    if isinstance(detail, list):
        return bool(detail) and all(isinstance(d, dict) and d.get("msg") and "loc" in d for d in detail)
    return False


def check_schema_valid_refusal(case: schemathesis.Case, status: int, body: Any) -> None:
    """A 422 on a request the schema calls valid names a rule of ``RULES_THE_SCHEMA_CANNOT_STATE``."""
    if status != 422 or case.meta is None or not case.meta.generation.mode.is_positive:
        return
    assert case.operation.path in RULES_THE_SCHEMA_CANNOT_STATE, (case.operation.label, body)
    detail = body["detail"]
    if isinstance(detail, list):
        form_errors = [d for d in detail if d.get("type") not in RULE_ERROR_TYPES]
        assert not form_errors, (case.operation.label, "schema-valid request refused for its form", form_errors)
    elif isinstance(detail, dict):
        assert _rule_code(detail), (case.operation.label, "schema-valid request refused for its form", detail)


def check_case(case: schemathesis.Case) -> None:
    response = case.call()
    case.validate_response(response, checks=ALL_CHECKS)
    assert response.status_code < 500, (case.method, case.path, response.status_code, response.text[:500])
    if 400 <= response.status_code < 500:
        try:
            body = response.json()
        except ValueError:
            raise AssertionError(f"{case.method} {case.path}: {response.status_code} without a JSON body") from None
        assert isinstance(body, dict) and "detail" in body, response.text[:500]
        assert _readable(body["detail"]), response.text[:500]
        check_schema_valid_refusal(case, response.status_code, body)


@schema.parametrize()
@SETTINGS
def test_every_check_passes(case: schemathesis.Case) -> None:
    check_case(case)


def test_the_allowance_names_only_operations_of_the_document() -> None:
    """A path in RULES_THE_SCHEMA_CANNOT_STATE that is not in the document would allow nothing: a stale entry."""
    spec = TestClient(APP).get("/api/v1/openapi.json").json()
    assert set(RULES_THE_SCHEMA_CANNOT_STATE) <= set(spec["paths"])


def test_422_is_an_expected_answer_only_where_a_rule_needs_it() -> None:
    """positive_data_acceptance keeps schemathesis's default everywhere else (no check dropped or widened)."""
    seen = set()
    for result in schema.get_all_operations():
        operation = result.ok()
        expected = schema.config.checks_config_for(operation=operation).positive_data_acceptance.expected_statuses
        assert ("422" in expected) == (operation.path in RULES_THE_SCHEMA_CANNOT_STATE), operation.label
        seen.add(operation.path)
    assert len(seen) > len(RULES_THE_SCHEMA_CANNOT_STATE)
