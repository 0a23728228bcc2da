"""Property-based fuzzing of the whole HTTP API from its own OpenAPI document (schemathesis, every check).

Every operation of the document (rules, solver, data, tools, games with a real game and its seat's token,
table) is run with all of schemathesis's checks: no 5xx, answers that match the documented responses,
schema-valid requests accepted, schema-invalid requests refused (INTERFACES.md §4: 422 names the field).
Reproducible and bounded: a fixed seed, derandomized Hypothesis, ``MAX_EXAMPLES`` per operation and phase
(examples and fuzzing; ``PUUR_FUZZ_EXAMPLES`` and ``PUUR_FUZZ_COVERAGE=1`` make a deeper run by hand).

The document states every rule it can: patterns, enums, one model per game form, the players the server
offers, no card twice in any spelling, ``if``/``then`` across fields. A schema-valid request may still break
a rule no JSON Schema states (points that sum to 152, a card in two hands, two seats named alike but for
case). For those operations only, ``BEYOND_SCHEMA`` lets ``positive_data_acceptance`` take 422
(schemathesis's per-operation ``expected-statuses``), and ``check_schema_valid_refusal`` then asserts that
such a 422 is one of the operation's listed rules, each of which its documented 422 answer names.
"""

from __future__ import annotations

import os
import re
import tempfile
from typing import Any

import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import CHECKS, load_all_checks

from puur.server.app import create_app
from puur.server.policy import ServerSettings, rate_rules

MAX_EXAMPLES = int(os.environ.get("PUUR_FUZZ_EXAMPLES", "8"))
SEED = 20261201

APP = create_app(db_path=f"{tempfile.mkdtemp(prefix='puur-fuzz-')}/g.sqlite3")
DOC: dict[str, Any] = TestClient(APP).get("/api/v1/openapi.json").json()
_GAME = TestClient(APP).post("/api/v1/games", json={"seats": ["human", "random", "random", "random"]}).json()
GAME_ID: str = _GAME["game_id"]
TOKEN: str = _GAME["tokens"]["0"]
PLAYER_KEY: str = TestClient(APP).post("/api/v1/players/me", json={"name": "Fuzz"}).json()["key"]

# Per operation: the rules a body the schema allows may still break, each as (what the operation's documented
# 422 says, a pattern of the refusal: "code: message" of the rules oracle, "type: ctx code: msg" of a field
# error, the text of a plain detail). Each is a sum, a rule across fields or lists, or a rule of the whole
# board or position, which no JSON Schema states; any other 422 on a schema-valid request fails the test.
BEYOND_SCHEMA: dict[str, list[tuple[str, str]]] = {
    # names are told apart without case (casefold), a rule across the four names
    "/api/v1/games": [("name_taken", r"^name_taken: ")],
    # a device's match counts only if its record replays to a finished match (Game.from_record)
    "/api/v1/players/me/matches": [("a record too long, that does not replay, or of a match not over",
                                    r"^value_error: the (record|match) ")],
    # a device's game kept: its record replays as `puur verify` checks it, a rule of the whole match
    "/api/v1/games/upload": [("name_taken", r"^name_taken: "),
                             ("the record holds", r"^the record does not hold"),
                             ("a chosen seed with several people", r"^a chosen seed is refused")],
    # a card in two lists: uniqueItems and EACH_CARD_ONCE hold one list each
    "/api/v1/rules/legal-moves": [("no card both in the trick and in the hand",
                                   r"^impossible_input: card \w+ appears twice \(in both trick and hand\)$")],
    "/api/v1/rules/weis": [("no card in two hands", r"^impossible_input: card \w+ appears twice \(in both seat \d")],
    # sums over both teams, what the tricks can hold, the profile's values
    "/api/v1/rules/score": [
        ("card_points sum to 152", r"^impossible_input: card_points (must sum to 152|under \w+ sum to one of)"),
        ("tricks sum to 9", r"^impossible_input: tricks must sum to 9"),
        ("a team without a trick has no card points and did not win the last trick",
         r"^impossible_input: team \d (took no trick but has|cannot have won the last trick)"),
        ("card points the tricks can make", r"^impossible_input: (team \d cannot have|no \d+ cards add up|"
         r"(Obenabe|Undenufe|\w+): \w+ tricks? hold)"),
        ("Weis at most what two hands declare under the profile", r"^impossible_input: a team writes at most"),
    ],
    "/api/v1/rules/crossing": [
        ("both teams below the target before the round", r"^impossible_input: a team is already at the target"),
        ("written Stöck is 20 × a trump contract's factor", r"^impossible_input: written Stöck is 20"),
        ("Weis and tricks at most what a round writes", r"^impossible_input: a round('s tricks)? writes? at most"),
    ],
    # 36 different cards over four hands, legal play from them, a whole position line
    "/api/v1/solve": [
        ("36 different cards over the four hands", r"^hands\[\d\]: \w+ is dealt twice$"),
        ("each card a legal play", r"^played\[\d+\] \(\w+\): "),
        ("a line the parser reads whole", r"^(position|\d+ cards are still in the hands|the round is over)"),
    ],
    # the tools: rules of a whole board (a round after the end, a meld that is none, counts across fields)
    "/api/v1/tools/jasstafel": [("game_over", r"^value_error: game_over: "),
                                ("style_needs_rounds", r"^value_error: style_needs_rounds: "),
                                ("card_points", r"^value_error: (card_points|not_whole|too_small|too_large): ")],
    "/api/v1/tools/weis": [("card_held", r"^value_error: card_held: "),
                           ("not_a_meld", r"^value_error: (not_a_meld|melds_share_mixed): "),
                           ("no_such_meld", r"^value_error: no_such_meld: ")],
    "/api/v1/tools/trick": [("card_in_two_hands", r"^value_error: card_in_two_hands: "),
                            ("played_not_in_hand", r"^value_error: played_not_in_hand: "),
                            ("card_twice", r"^value_error: card_twice: ")],
    "/api/v1/tools/coiffeur": [("factor_count", r"^value_error: factor_count: "),
                               ("box_count", r"^value_error: box_count: "),
                               ("not_joker", r"^value_error: not_joker: "),
                               ("joker_repeated", r"^value_error: joker_repeated: "),
                               ("factor_first", r"^value_error: factor_first: "),
                               ("no_column", r"^value_error: no_column: "),
                               ("column_name_twice", r"^value_error: (column_name_twice|column_no_name): ")],
    "/api/v1/tools/differenzler": [("rounds_agreed, rounds_over", r"^value_error: (rounds_agreed|rounds_over): "),
                                   ("threshold_passed, threshold_over",
                                    r"^value_error: (threshold_passed|threshold_over): ")],
}

load_all_checks()
ALL_CHECKS = list(CHECKS.get_all())
DEFAULT_EXPECTED = ["2xx", "3xx", "401", "403", "404", "409", "429", "5xx"]  # schemathesis's own default


def _config() -> schemathesis.Config:
    return schemathesis.Config.from_dict(
        {
            "seed": SEED,
            "generation": {"max-examples": MAX_EXAMPLES, "deterministic": True},
            # The coverage phase draws every boundary case a schema defines: hundreds per operation (minutes on
            # two cores); the examples and fuzzing phases keep the run bounded. A deeper run by hand: set
            # PUUR_FUZZ_COVERAGE=1 (and PUUR_FUZZ_EXAMPLES).
            "phases": {"coverage": {"enabled": os.environ.get("PUUR_FUZZ_COVERAGE") == "1"}},
            # The game operations run on a real game with its seat's token (404/401 are other tests' topic;
            # check_case holds every schema-valid request of a seat's route to a 2xx, 409 or 422, never 401/403).
            # The place's routes take a player's key: sent as X-Puur-Player beside the seat's Bearer token.
            "parameters": {"path.game_id": GAME_ID, "header.authorization": f"Bearer {TOKEN}",
                           "header.x-puur-player": PLAYER_KEY},
            "operations": [
                {
                    "include-path": path,
                    "checks": {"positive_data_acceptance": {"expected-statuses": [*DEFAULT_EXPECTED, "422"]}},
                }
                for path in BEYOND_SCHEMA
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


def _refusal(detail: Any) -> list[str]:
    """A 422's reasons as ``BEYOND_SCHEMA`` matches them: ``code: message`` (the rules oracle), ``type: ctx
    code: msg`` per field error (a ``value_error`` with a tool's code; ``name_taken``...), or the text."""
    if isinstance(detail, str):
        return [detail]
    if isinstance(detail, dict):
        return [f"{detail.get('code')}: {detail.get('message')}"]
    out = []
    for d in detail:
        code = (d.get("ctx") or {}).get("code")
        out.append(f"{d.get('type')}: {code}: {d.get('msg')}" if code else f"{d.get('type')}: {d.get('msg')}")
    return out


def _readable(detail: Any) -> bool:
    """A message a person can read: a non-empty string, or a code + message, or FastAPI's field list."""
    if isinstance(detail, str):
        return bool(detail.strip())
    if isinstance(detail, dict):
        return isinstance(detail.get("message"), str) and bool(detail["message"].strip())
    if isinstance(detail, list):
        return bool(detail) and all(isinstance(d, dict) and d.get("msg") and "loc" in d for d in detail)
    return False


def _positive(case: schemathesis.Case) -> bool:
    return case.meta is not None and case.meta.generation.mode.is_positive


def check_schema_valid_refusal(case: schemathesis.Case, status: int, body: Any) -> None:
    """A 422 on a request the schema calls valid is one of the operation's ``BEYOND_SCHEMA`` rules."""
    if status != 422 or not _positive(case):
        return
    rules = BEYOND_SCHEMA.get(case.operation.path)
    assert rules is not None, (case.operation.label, "schema-valid request refused", body)
    for reason in _refusal(body["detail"]):
        assert any(re.search(pattern, reason) for _, pattern in rules), (
            case.operation.label, "schema-valid request refused for a rule the document does not name", reason)


def _seat_route(case: schemathesis.Case) -> bool:
    """A route of a seat: it names a game and takes the seat's token (``Authorization``); the place's routes
    take a player's key in the same header and are not a seat's."""
    return "{game_id}" in case.operation.path and any(p.name.lower() == "authorization"
                                                      for p in case.operation.headers)


def _deletes_the_player(case: schemathesis.Case) -> bool:
    return case.method.upper() == "DELETE" and case.operation.path == "/api/v1/players/me"


def check_case(case: schemathesis.Case) -> None:
    if _deletes_the_player(case) and (case.headers or {}).get("x-puur-player") == PLAYER_KEY:
        # a player of its own to delete: the fuzz's player stays for the other operations
        case.headers = {**case.headers, "x-puur-player": TestClient(APP).post(
            "/api/v1/players/me", json={"name": "Gone"}).json()["key"]}
    response = case.call()
    case.validate_response(response, checks=ALL_CHECKS)
    assert response.status_code < 500, (case.method, case.path, response.status_code, response.text[:500])
    if _seat_route(case) and _positive(case):  # the fuzz reaches past the token check
        assert response.status_code not in (401, 403), (case.operation.label, response.text[:300])
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
    """A path in BEYOND_SCHEMA that is not in the document would allow nothing: a stale entry."""
    assert set(BEYOND_SCHEMA) <= set(DOC["paths"])


def test_422_is_an_expected_answer_only_where_a_rule_needs_it() -> None:
    """positive_data_acceptance keeps schemathesis's default everywhere else (no check dropped or widened)."""
    seen = set()
    for result in schema.get_all_operations():
        operation = result.ok()
        expected = schema.config.checks_config_for(operation=operation).positive_data_acceptance.expected_statuses
        assert ("422" in expected) == (operation.path in BEYOND_SCHEMA), operation.label
        assert set(expected) <= {*DEFAULT_EXPECTED, "422"}, operation.label
        seen.add(operation.path)
    assert len(seen) > len(BEYOND_SCHEMA)


def test_every_rule_beyond_the_schema_is_in_the_documented_422() -> None:
    """A client generated from the document learns each rule it may be refused for: the operation's 422
    answer names every rule the allowance takes."""
    for path, rules in BEYOND_SCHEMA.items():
        described = DOC["paths"][path]["post"]["responses"]["422"]["description"]
        for named, _ in rules:
            assert named in described, (path, named, described)


def test_the_game_routes_are_fuzzed_with_a_seat_s_token() -> None:
    """The token the fuzz sends is a seat of the game it names: the seat's routes answer past the check."""
    r = TestClient(APP).get(f"/api/v1/games/{GAME_ID}", headers={"Authorization": f"Bearer {TOKEN}"})
    assert r.status_code == 200 and r.json()["seat"] == 0
    seat_routes = [op for op in (r.ok() for r in schema.get_all_operations())
                   if "{game_id}" in op.path and any(p.name.lower() == "authorization" for p in op.headers)]
    assert len(seat_routes) >= 8 and all("{game_id}" in op.path for op in seat_routes)


def test_the_rate_limited_operations_document_429() -> None:
    """Every operation a rate limit of ``puur serve`` counts (``rate_rules``) documents its 429."""
    matched = set()
    for rule in rate_rules(ServerSettings.for_serve()):
        for path, operations in DOC["paths"].items():
            concrete = re.sub(r"\{[a-z_]+\}", "x", path.replace("{number}", "1"))
            operation = operations.get(rule.method.lower())
            if operation is not None and re.fullmatch(rule.path, concrete):
                assert "429" in operation["responses"], (rule.method, path)
                matched.add(rule.path)
    # every rule of the HTTP API meets an operation (the MCP endpoint is not in the document)
    assert matched == {r.path for r in rate_rules(ServerSettings.for_serve()) if r.path.startswith("/api/")}
